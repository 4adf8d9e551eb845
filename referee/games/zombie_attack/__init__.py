"""Zombie Attack (rules lookup only so far)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="zombie-attack",
    title="Zombie Attack",
    extension=".zat",
    rules_game="zombie-attack",
    rulebook="zombie-attack.txt",
    aliases=("zombie attack", "za"),
)
