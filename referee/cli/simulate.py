"""``referee simulate``: many games played by a simple policy (issue 4)."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True)
