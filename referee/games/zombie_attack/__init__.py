"""Zombie Attack (rules lookup only so far)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="zombie-attack",
    title="Zombie Attack",
    extension=".zat",
    rules_game="zombie-attack",
    state_keys=("game", "over", "winner", "ending", "round", "phase", "next", "first_mover", "players", "zombies", "destroyed", "pile", "discard"),
    rulebook="zombie-attack.txt",
    aliases=("zombie attack", "za"),
)
