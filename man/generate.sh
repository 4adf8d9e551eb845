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
    printf '\n# EXIT STATUS\n\n0 ok; 1 an illegal event (the message names the rule id); 2 bad input.\n'
    printf '\n# ENVIRONMENT\n\nREFEREE_DB (the game store), NO_COLOR (no colour).\n'
} | pandoc --standalone --from markdown --to man -o man/referee.1
echo "wrote man/referee.1"
