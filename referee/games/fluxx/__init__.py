"""Zombie Fluxx (rules lookup only so far)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="fluxx",
    title="Zombie Fluxx",
    extension=".flx",
    rules_game="fluxx",
    rulebook="zombie-fluxx.txt",
    aliases=("zombie-fluxx", "zombie fluxx", "flx"),
)
