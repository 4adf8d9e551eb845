"""The ``referee`` command line: a thin layer over the engines, the store and rulesdb.

One module a group of commands; heavy imports happen inside the commands so that
``referee --help`` and each command start fast.
"""

from __future__ import annotations

from .app import app
from . import game as _game  # noqa: F401  (registers new, move, show, ...)
from . import board as _board  # noqa: F401
from . import play as _play  # noqa: F401
from .rules import app as _rules_app
from .simulate import app as _simulate_app
from .match import app as _match_app

app.add_typer(_rules_app, name="rules", help="Look rules up: search, show, list, import.")
app.add_typer(_simulate_app, name="simulate", help="Play many games with a simple policy and report the results.")
app.add_typer(_match_app, name="match", help="Zombies Want Fluffy match play: pairs of games with sides swapped, and the score table.")


def main() -> None:
    """Entry point of the ``referee`` console script and ``python -m referee``."""
    app()
