"""``referee new fight-or-flight``: the seats and the variant of a game."""

from __future__ import annotations

from typing import List, Optional

import typer


def new(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", help="The seats clockwise, first player first: Ann,Ben,Cat,Dan."),
    variant: Optional[str] = typer.Option(None, "--variant", help="casual, experienced or challenge, optionally with counts: \"experienced heal=2\"."),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE", help="Any other record tag, e.g. --tag 'Site=club'."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Start a game of Zombie Fight or Flight and make it the current game."""
    from referee.cli.game import start_game

    tags = {"Players": players}
    if variant is not None:
        tags["Variant"] = variant
    start_game(ctx, "fight-or-flight", tags, tag, json_out)
