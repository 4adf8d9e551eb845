"""``referee board``: check and draw a Zombies Want Fluffy board file."""

from __future__ import annotations

from pathlib import Path

import typer

from .app import app
from .output import console, emit_json, guard

board_app = typer.Typer(no_args_is_help=True, help="Check and draw Zombies Want Fluffy boards.")
app.add_typer(board_app, name="board")


@board_app.command("check")
def check(
    file: str = typer.Argument(..., metavar="FILE", help="A board file (TOML), or `default` for the built-in board."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Validate a board file and draw it; a bad board is refused with its line and column."""
    with guard(json_out):
        from referee.engines.fluffy.board import load_board

        board = load_board(file, Path.cwd())
        if json_out:
            emit_json({"ok": True, **board.to_json()})
            return
        from referee.render.fluffy import render_board

        out = console()
        out.print(render_board(board))
        out.print(f"[green]ok[/green]: {board.name!r}, {board.width}x{board.height}, "
                  f"tree {board.sq(board.tree)}, flower {board.sq(board.flower)}, "
                  + ", ".join(f"{n} {board.sq(s)}" for n, s in board.graves.items()))
