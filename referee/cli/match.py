"""``referee match``: Zombies Want Fluffy match play (pairs of games, sides swapped)."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True)
