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


_registered = False


def register_games() -> None:
    """What the games add to the command line: a ``referee new <game>`` sub-command
    each, their own command groups (``match``, ``cards``) and ``referee simulate
    <game>``.  Importing ``referee.cli`` does it, except under ``python -m referee``
    or the ``referee`` script (:data:`referee.LEAN_START`), where :func:`main` does it
    only when the command line needs it: each game's CLI module costs start-up time.
    Done once; later calls do nothing."""
    global _registered
    if _registered:
        return
    _registered = True
    import typer

    from referee.games import refereed

    _game.register_new_commands()
    simulate = typer.Typer(no_args_is_help=True)
    for s in refereed():
        for name, path, help_text in s.commands:
            app.add_typer(s.load(path), name=name, help=help_text)
        if s.simulate:
            simulate.command(s.name, help=s.load(s.simulate).__doc__)(s.load(s.simulate))
    app.add_typer(simulate, name="simulate", help="Play many games with a simple policy and report the results.")


import referee as _referee  # noqa: E402

if not _referee.LEAN_START:
    register_games()


def _named(args: list[str]) -> str | None:
    """The command word of a command line: the first argument after the root's own
    ``--db PATH`` (or ``--db=PATH``); None when another root option comes first
    (``--help``, ``--version``, completion), or there is no command word.

    >>> _named(["--db", "x.db", "show", "--json"]), _named(["--db=x", "move", "end"])
    ('show', 'move')
    >>> _named(["--help"]), _named([]), _named(["--db"])
    (None, None, None)
    """
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--db":
            i += 2
        elif word.startswith("--db="):
            i += 1
        elif word.startswith("-"):
            return None
        else:
            return word
    return None


def lean_app(args: list[str]):
    """The application with only the command (or command group) ``args`` invokes, so
    that typer builds one command, not all of them (start-up time, issue 26).

    Returns None (use the whole ``app``) whenever that could change what the user sees:
    no command word, a root option other than ``--db``, a word that names no command
    exactly (typer then suggests the near ones), shell completion, or a typer whose
    ``Typer`` object lacks the public ``registered_commands``/``registered_groups``."""
    import copy
    import os

    name = _named(args)
    if name is None or any(key.endswith("_COMPLETE") for key in os.environ):
        return None
    try:
        from typer.main import get_command_name

        commands = [c for c in app.registered_commands
                    if (c.name or get_command_name(c.callback.__name__)) == name]
        groups = [g for g in app.registered_groups if (g.name or g.typer_instance.info.name) == name]
    except Exception:  # noqa: BLE001 - another typer: build everything, as shipped
        return None
    if len(commands) + len(groups) != 1:
        return None
    lean = copy.copy(app)
    lean.registered_commands, lean.registered_groups = commands, groups
    return lean


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``referee`` console script and ``python -m referee``.

    Exit codes: 0 ok, 1 illegal event, 2 bad input or usage, 3 internal error (one
    line on stderr asking for a bug report; never a traceback)."""
    import sys

    from .output import internal_error, run_command

    try:
        args = list(sys.argv[1:] if argv is None else argv)
        chosen = lean_app(args)
        if chosen is None or _named(args) == "new":  # the whole app, or a game's own command
            register_games()
            chosen = lean_app(args) or app
        if _referee.LEAN_START:  # referee.__main__ turned collection off while the modules loaded
            import gc

            gc.freeze()
            gc.enable()
        # argv stays None for the console script: click then reads (and on Windows expands) sys.argv itself
        code = run_command(lambda: chosen(args=argv, prog_name="referee", standalone_mode=False))
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - even the guard's own failure is one line
        sys.stderr.write(internal_error(exc) + "\n")
        code = 3
    sys.exit(code)
