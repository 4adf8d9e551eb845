"""``referee new zombie-attack``: the seats, the mansion, the deck and the designer's
variants of a Zombie Attack game, each written into the game record as a tag."""

from __future__ import annotations

from typing import List, Optional

import typer


def variant_tags(empty_out: bool, zombies: Optional[int], keep_two: bool, hiding_halt: bool,
                 zombie_return: bool, weapons_vs_humans: Optional[str] = None) -> dict[str, str]:
    """Record tags for the variants chosen by name (``[Empty "out"]``, ...)."""
    tags: dict[str, str] = {}
    if empty_out:
        tags["Empty"] = "out"
    if zombies is not None:
        tags["Zombies"] = str(zombies)
    if keep_two:
        tags["Keep"] = "2"
    if hiding_halt:
        tags["Hiding"] = "halt"
    if zombie_return:
        tags["ZombieReturn"] = "door"
    if weapons_vs_humans is not None:
        tags["WeaponHumans"] = weapons_vs_humans
    return tags


def new(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", help="The seats clockwise, the First Mover first: Ann,Ben,Cat (2 to 6)."),
    board: Optional[str] = typer.Option(None, "--board", metavar="FILE", help="A mansion file (TOML), or `default` for the built-in mansion."),
    deck: Optional[str] = typer.Option(None, "--deck", help='The 107 cards, e.g. "Empty=40 Hiding=24 Weapon=22 Key:front=7 Key:back=7 Key:fire=7".'),
    empty_out: bool = typer.Option(False, "--empty-out", help='Easier: no Empty cards (tag Empty "out").'),
    zombies: Optional[int] = typer.Option(None, "--zombies", metavar="N", help="Easier: fewer zombies at the start, 1 to 6 (tag Zombies)."),
    keep_two: bool = typer.Option(False, "--keep-two", help='Easier: keep up to two cards (tag Keep "2").'),
    hiding_halt: bool = typer.Option(False, "--hiding-halt", help='Harder: every Hiding Place drawn ends the move (tag Hiding "halt").'),
    zombie_return: bool = typer.Option(False, "--zombie-return", help='Harder: a destroyed zombie comes back at an exit (tag ZombieReturn "door").'),
    weapons_vs_humans: Optional[str] = typer.Option(
        None, "--weapons-vs-humans", metavar="out|closet",
        help='Harder: an armed human may step onto another human, who is put out of the game (out) or sent to '
             'the Linen Closet (closet) (tag WeaponHumans).'),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE", help="Any other record tag of the game, e.g. --tag 'Keep=2'."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    """Start a game of Zombie Attack and make it the current game."""
    from referee.cli.game import start_game

    tags = {"Players": players}
    tags.update({k: v for k, v in (("Board", board), ("Deck", deck)) if v is not None})
    tags.update(variant_tags(empty_out, zombies, keep_two, hiding_halt, zombie_return, weapons_vs_humans))
    start_game(ctx, "zombie-attack", tags, tag, json_out)
