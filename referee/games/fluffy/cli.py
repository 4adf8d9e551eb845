"""``referee new fluffy``: the options of a Zombies Want Fluffy game, each written into
the game record as a tag (the board, the deck, the players, the designer's variants)."""

from __future__ import annotations

from typing import List, Optional

import typer


def variant_tags(hand_size: Optional[int], some_zombies: bool, zombie_hand_hidden: bool,
                 fluffy_hand_open: bool, opening_clock: Optional[str]) -> dict[str, str]:
    """Record tags for the designer's variants chosen by name."""
    tags: dict[str, str] = {}
    if hand_size is not None:
        tags["HandSize"] = str(hand_size)
    if some_zombies:
        tags["ZombieMoves"] = "some"
    if zombie_hand_hidden:
        tags["ZombieHand"] = "hidden"
    if fluffy_hand_open:
        tags["FluffyHand"] = "open"
    if opening_clock is not None:
        tags["OpeningClock"] = opening_clock
    return tags


def new(
    ctx: typer.Context,
    board: Optional[str] = typer.Option(None, "--board", metavar="FILE", help="A board file (TOML), or `default` for the built-in yard."),
    deck: Optional[str] = typer.Option(None, "--deck", help='The movement cards, e.g. "F=10 L=4 R=4 B=2 LR=2 FB=2".'),
    fluffy: Optional[str] = typer.Option(None, "--fluffy", help="Who plays Fluffy."),
    zombies: Optional[str] = typer.Option(None, "--zombies", help="Who plays the zombies."),
    hand_size: Optional[int] = typer.Option(None, "--hand-size", metavar="N", help="Handicap: Fluffy's hand size (tag HandSize)."),
    some_zombies: bool = typer.Option(False, "--some-zombies", help="Handicap: a zombie card moves any one or more zombies (tag ZombieMoves \"some\")."),
    zombie_hand_hidden: bool = typer.Option(False, "--zombie-hand-hidden", help="Handicap: the zombie player keeps every card face down (tag ZombieHand \"hidden\")."),
    fluffy_hand_open: bool = typer.Option(False, "--fluffy-hand-open", help="Handicap: Fluffy plays with his hand face up (tag FluffyHand \"open\")."),
    opening_clock: Optional[str] = typer.Option(None, "--opening-clock", metavar="TIME", help="Cap Fluffy's zombie-free opening, e.g. 5m (tag OpeningClock)."),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE", help="Any other record tag, e.g. --tag 'Site=club'."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Start a game of Zombies Want Fluffy and make it the current game."""
    from referee.cli.game import start_game

    tags = {k: v for k, v in (("Board", board), ("Deck", deck), ("Fluffy", fluffy), ("Zombies", zombies)) if v is not None}
    tags.update(variant_tags(hand_size, some_zombies, zombie_hand_hidden, fluffy_hand_open, opening_clock))
    start_game(ctx, "fluffy", tags, tag, json_out)
