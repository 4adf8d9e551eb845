"""``referee rules``: search, show, list and import rule entries (filled in by issue 3)."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True)
