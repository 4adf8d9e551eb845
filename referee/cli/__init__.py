"""The ``referee`` command line: a thin layer over the engines, the store and rulesdb.

One module a group of commands; the game commands come from the registry (each game's
``new`` options, its own command groups, its simulation).  Heavy imports happen inside
the commands so that ``referee --help`` and each command start fast.
"""

from __future__ import annotations

from .app import app
from . import game as _game  # noqa: F401  (registers new, move, show, ...)
from . import board as _board  # noqa: F401
from . import play as _play  # noqa: F401
from . import check as _check  # noqa: F401
from . import advise as _advise  # noqa: F401
from .rules import app as _rules_app

app.add_typer(_rules_app, name="rules", help="Look rules up: search, show, list, import.")


def _register_games() -> None:
    """The command groups games add (``match``) and ``referee simulate <game>``."""
    import typer

    from referee.games import refereed

    simulate = typer.Typer(no_args_is_help=True)
    for s in refereed():
        for name, path, help_text in s.commands:
            app.add_typer(s.load(path), name=name, help=help_text)
        if s.simulate:
            simulate.command(s.name, help=s.load(s.simulate).__doc__)(s.load(s.simulate))
    app.add_typer(simulate, name="simulate", help="Play many games with a simple policy and report the results.")


_register_games()


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``referee`` console script and ``python -m referee``.

    Exit codes: 0 ok, 1 illegal event, 2 bad input or usage, 3 internal error (one
    line on stderr asking for a bug report; never a traceback)."""
    import sys

    from .output import internal_error, run_command

    try:
        code = run_command(lambda: app(args=argv, prog_name="referee", standalone_mode=False))
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - even the guard's own failure is one line
        sys.stderr.write(internal_error(exc) + "\n")
        code = 3
    sys.exit(code)
