#!/bin/sh
# Regenerate man/referee.1 from the CLI itself: typer writes the commands' docs as
# Markdown, pandoc turns them into a man page.  Needs pandoc (Debian: apt-get install pandoc).
set -eu
cd "$(dirname "$0")/.."
py=${PYTHON:-.venv/bin/python}
{
    printf -- '---\ntitle: REFEREE\nsection: 1\nheader: User Commands\nfooter: referee %s\n---\n\n' \
        "$($py -c 'import referee; print(referee.__version__)')"
    printf '# NAME\n\nreferee - a referee and rules lookup for zombie tabletop games\n\n# COMMANDS\n\n'
    $py -m typer referee.cli utils docs --name referee | sed -e 's/^# /## /' -e 's/^## `/## `/'
    printf '\n# FILES\n\nGames are stored in referee.db in the user data directory; `--db` or `REFEREE_DB` overrides it.\n'
    printf '\n# EXIT STATUS\n\n'
    printf '**0**\n:   success.\n\n'
    printf '**1**\n:   an illegal event: the rules forbid it, or it leaves a choice open; the message names the rule id. Nothing was stored.\n\n'
    printf '**2**\n:   bad input: malformed text or file, a usage error (unknown option, missing argument, bad number), a stale **\\-\\-expect**, or a game store that cannot be used (foreign, newer, damaged, read-only, locked, disk full). Nothing was stored.\n\n'
    printf '**3**\n:   an internal error: a bug in referee, reported in one line; please report it.\n'
    printf '\n# ENVIRONMENT\n\nREFEREE_DB (the game store), REFEREE_BUSY_TIMEOUT (seconds to wait for another writer, default 30), NO_COLOR (no colour).\n'
    printf '\n# LIMITS\n\nRecords up to 8 MiB with lines up to 10,000 characters; boards up to 256 KiB; numbers are ASCII digits; see docs/limits.md.\n'
} | pandoc --standalone --from markdown --to man -o man/referee.1
echo "wrote man/referee.1"
