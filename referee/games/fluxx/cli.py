"""``referee new fluxx``: the players, the card catalogue and whether the Zombies play."""

from __future__ import annotations

from typing import List, Optional

import typer


def new(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", help="2 to 6 players clockwise, first player first: Ann,Ben,Cat."),
    cards: Optional[str] = typer.Option(None, "--cards", metavar="FILE",
                                        help="A card catalogue (TOML) added to the built-in one; default: your own "
                                             "catalogue file if you saved cards to it ($REFEREE_FLUXX_CARDS), "
                                             "`default` for the built-in one alone."),
    no_zombies: bool = typer.Option(False, "--no-zombies", help="Play without the Zombie cards (the rulebook's set-aside list)."),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE", help="Any other record tag, e.g. --tag 'Site=club'."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Start a game of Zombie Fluxx and make it the current game."""
    from referee.cli.game import start_game

    from .define import user_catalogue

    tags = {"Players": players}
    if cards is None and user_catalogue().is_file():
        cards = str(user_catalogue())   # the cards saved at a terminal in earlier games
    if cards is not None:
        tags["Cards"] = cards
    if no_zombies:
        tags["Zombies"] = "out"
    start_game(ctx, "fluxx", tags, tag, json_out)
