#!/bin/sh
# Regenerate man/referee.1 from the CLI itself: typer writes the commands' docs as
# Markdown (with each command's whole summary, not click's 45-character cut), this
# script adds examples and a summary of the record notation, and pandoc turns it all
# into a man page.  Needs pandoc (Debian: apt-get install pandoc).
set -eu
cd "$(dirname "$0")/.."
py=${PYTHON:-.venv/bin/python}
{
    printf -- '---\ntitle: REFEREE\nsection: 1\nheader: User Commands\nfooter: referee %s\n---\n\n' \
        "$($py -c 'import referee; print(referee.__version__)')"
    printf '# NAME\n\nreferee - a referee and rules lookup for zombie tabletop games\n\n'
    cat <<'MD'
# SYNOPSIS

**referee** [*OPTIONS*] *COMMAND* [*ARGS*]...

# EXAMPLES

```
# start a stored game, then play it in one window at the table
referee new fluffy --board default --fluffy Ana --zombies Ben
referee play
# or one event at a time from the shell
referee move play F              # Fluffy plays Move Forward
referee move "play LR:L"         # a choice card: its movement
referee move draw Raimi x x      # a refill; x: a card nobody saw
referee legal                    # what is legal now, and why not
referee check "play LR"          # ask without entering: legal? what would it do?
referee undo                     # take back the last event
referee export -o game.zwf       # the game as a record
referee replay game.zwf --json   # check a record: one JSON object
# Fight or Flight: which Heal, when Ann shows one face up
referee new fight-or-flight --players "Ann, Ben, Cat"
referee move "Ann: Heal hidden"
# a match: wins decide, match-play points break a tie
referee match new --players Ana,Ben --board default
referee match score
referee rules search "can two zombies share a square"
referee --install-completion     # Tab completion in your shell
```

# NOTATION

Records are UTF-8 text: header tags `[Key "value"]`, then one event a line; `;` starts a
comment.  Verbs, cards and names are case-insensitive.

**Zombies Want Fluffy** (`.zwf`).  Cards: `F` `L` `R` `B` (forward, left, right, back) and
choice cards of two letters (`LR`, `FB`, `FL`, `FR`); zombies George, Romero, Campbell,
Raimi.  Fluffy's turn: `deal C C C C C` (first line, optional), `discard [C]`,
`draw X ...` (`?`, `x` or `_` a card nobody saw; a zombie name; a card), `play C[:D] [>H]`
(`:D` the movement of a choice card; `>H` the facing N, E, S or W after a bounce with two
open facings), `snag`, `sprint [>H]`, `end`.  The zombies' turn: `shamble [Z[>H] ...]`,
`play C [Z[:D][>H] ...]`, `discard C`, `end`.

**Zombie Fight or Flight** (`.fof`).  `Ann: Provision` (a card: Skirmish, Combat,
Backtrack, Evade, Flee, Heal, Rest, Provision, The End); `Ann: Heal shown` or
`Ann: Heal hidden` when Ann shows a Heal face up and may hold another (plain `Ann: Heal`
means the face-up one); `Ann: show Heal` (the card shown face up from week two);
`Ann: stuck`.

# COMMANDS

MD
    $py - <<'PY' | sed -e 's/^# /## /'
import sys

import typer._click.core as core

_short = core.Command.get_short_help_str
core.Command.get_short_help_str = lambda self, limit=45: _short(self, limit=10_000)
from typer.cli import main

sys.argv = ["typer", "referee.cli", "utils", "docs", "--name", "referee"]
main()
PY
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
