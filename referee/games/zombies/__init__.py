"""The Zombies!!! quick-play variant (rules lookup only so far)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="zombies",
    title="Zombies!!! quick play",
    extension=".zqp",
    rules_game="zombies",
    rulebook="zombies-quick-play.txt",
    aliases=("zombies!!!", "zombies-quick-play", "zombies quick play", "zqp"),
)
