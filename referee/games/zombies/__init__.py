"""The Zombies!!! quick-play variant (rules lookup only so far)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="zombies",
    title="Zombies!!! quick play",
    extension=".zqp",
    rules_game="zombies",
    state_keys=("game", "over", "winner", "ending", "turn", "next", "step", "kills_to_win", "players", "zombies_in_play", "tokens", "tiles_left", "helipad", "events_left"),
    rulebook="zombies-quick-play.txt",
    aliases=("zombies!!!", "zombies-quick-play", "zombies quick play", "zqp"),
)
