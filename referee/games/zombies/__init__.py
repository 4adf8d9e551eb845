"""The Zombies!!! quick-play variant: the engine (:mod:`.engine`, the ``Game`` on the
kernel, with :mod:`.notation`, :mod:`.state`, :mod:`.rules`, :mod:`.steps` and
:mod:`.listing`), its picture (:mod:`.render`), the ``new`` options (:mod:`.cli`),
tile data (:mod:`.tiles`) and the exact odds of a fight (:mod:`.odds`)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="zombies",
    title="Zombies!!! quick play",
    extension=".zqp",
    rules_game="zombies",
    state_keys=("game", "over", "winner", "ending", "turn", "next", "step", "kills_to_win", "players", "zombies_in_play", "tokens", "tiles_left", "helipad", "events_left"),
    rulebook="zombies-quick-play.txt",
    aliases=("zombies!!!", "zombies-quick-play", "zombies quick play", "zqp"),
    engine="referee.games.zombies.engine:Game",
    renderer="referee.games.zombies.render",
    new_command="referee.games.zombies.cli:new",
    sample="zombies.zqp",
    file_tags=("TileData",),
    advise="referee.games.zombies.advise:advise",
)
