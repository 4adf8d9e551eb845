"""``referee board check``: check and draw a board file of any grid game."""

from __future__ import annotations

import typer

from .app import app
from .output import console, emit_json, guard

board_app = typer.Typer(no_args_is_help=True, help="Check and draw board files of the grid games.")
app.add_typer(board_app, name="board")


def _board_game(file: str, game: str | None):
    """The spec whose board format ``file`` is in: ``--game`` if given, else the game
    whose marker key the file holds (a built-in name is Zombies Want Fluffy's first)."""
    from referee import files
    from referee.errors import BadInputError
    from referee.games import refereed, spec

    grid = [s for s in refereed() if s.board]
    if game is not None:
        chosen = spec(game)
        if not chosen.board:
            raise BadInputError(f"{chosen.title} has no board files")
        return chosen
    if files.names_a_file(file):
        import re

        text = files.read_text(files.resolve(file, None), what="board")
        for s in grid:
            if s.board_marker and re.search(rf"(?m)^\s*\[\s*{re.escape(s.board_marker)}\s*\]", text):
                return s
    return grid[0]


@board_app.command("check")
def check(
    file: str = typer.Argument(..., metavar="FILE", help="A board file (TOML), or a built-in board's name such as `default`."),
    game: str = typer.Option(None, "--game", "-g", help="The game whose board this is (default: told by the file's tables)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Validate a board file and draw it; a bad board is refused with its line and column."""
    with guard(json_out):
        s = _board_game(file, game)
        board, picture, summary, data = s.load(s.board)(file)
        if json_out:
            emit_json({"ok": True, "game": s.name, **data})
            return
        out = console()
        out.print(picture)
        out.print(f"[green]ok[/green]: {summary}")
