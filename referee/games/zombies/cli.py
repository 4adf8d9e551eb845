"""``referee new zombies``: the seats, the deck counts, the expansions and tile data."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer


def new(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", help="The seats clockwise, first player first: Ann,Ben,Cat (2 to 6)."),
    tiles: Optional[int] = typer.Option(None, "--tiles", help="Map tiles besides the Town Square before the set-up (default 29)."),
    events: Optional[int] = typer.Option(None, "--events", help="Event cards after the quick-play removals (default 41)."),
    expansions: Optional[str] = typer.Option(None, "--expansions", help="Any of zombie-corps, mall-walkers, the-end, schools-out, six-feet-under (comma separated)."),
    tile_data: Optional[Path] = typer.Option(None, "--tile-data", metavar="FILE", help="A TOML file of named tiles and what they bring."),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE", help="Any other record tag, e.g. --tag 'Site=club'."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Start a game of Zombies!!! quick play and make it the current game."""
    from referee.cli.game import start_game

    tags = {"Players": players}
    if tiles is not None:
        tags["Tiles"] = str(tiles)
    if events is not None:
        tags["Events"] = str(events)
    if expansions:
        tags["Expansions"] = expansions
    if tile_data is not None:
        tags["TileData"] = str(tile_data)
    start_game(ctx, "zombies", tags, tag, json_out)
