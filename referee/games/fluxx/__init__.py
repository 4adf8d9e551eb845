"""Zombie Fluxx (rules lookup only so far)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="fluxx",
    title="Zombie Fluxx",
    extension=".flx",
    rules_game="fluxx",
    state_keys=("game", "over", "winner", "ending", "turn", "next", "drawn", "played", "rules", "goal", "players", "pile", "discard"),
    rulebook="zombie-fluxx.txt",
    aliases=("zombie-fluxx", "zombie fluxx", "flx"),
)
