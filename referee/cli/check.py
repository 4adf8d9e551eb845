"""``referee check EVENT``: ask the engine whether an event is legal now and what it
would do, without entering it (nothing is stored; the store is opened read-only).

The work is in :mod:`referee.check`; ``check EVENT`` inside ``referee play`` prints the
same report."""

from __future__ import annotations

from typing import List, Optional

import typer

from .app import app
from . import complete
from .game import GAME_OPT, JSON_OPT
from .output import console, emit_json, guard


def check_json(loaded, typed: str, trial) -> dict:
    """The ``--json`` object: the trial's fields, the rule's title, the game id and
    the log length the position belongs to."""
    from referee.check import rule_title

    body = trial.to_json()
    del body["does"]  # an option's description: the event asked about has none
    return {"id": loaded.stored.id, **body, "event": " ".join(typed.split()),
            "title": rule_title(trial.rule) if trial.legal is not True else None,
            "log_length": loaded.length}


@app.command()
def check(
    ctx: typer.Context,
    event: List[str] = typer.Argument(..., metavar="EVENT", autocompletion=complete.events,
                                      help='The event in record notation, as `referee move` takes it '
                                           '(quote > in a shell).'),
    game_id: Optional[int] = GAME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Ask whether EVENT is legal now and what it would do, without entering it.

    Prints LEGAL or ILLEGAL first, then the event as it would be stored and its
    automatic results, or the reason and the rule id; a choice left open (a bounce
    facing, a choice card's movement) lists each completion and what it would do;
    dice left out are tried for every roll.  Nothing is stored and nothing is asked.
    Exit 0 when legal, 1 when not (or when it depends on a roll), 2 for bad input."""
    with guard(json_out):
        from referee import session
        from referee.check import check as try_event, report_lines, rule_title
        from referee.store import Store

        store = Store((ctx.obj or {}).get("db"), read_only=True)
        loaded = session.load(store, game_id)
        text = " ".join(event)
        trial = try_event(loaded.game, text)
        if json_out:
            emit_json(check_json(loaded, text, trial))
        else:
            title = rule_title(trial.rule) if trial.legal is not True else None
            out = console()
            for line in report_lines(trial, title):
                out.print(line, markup=False, soft_wrap=True)  # one line each, also in a pipe
        if trial.legal is not True:
            raise typer.Exit(1)
