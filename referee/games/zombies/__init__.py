"""The Zombies!!! quick-play variant: the engine (:mod:`.engine`, the ``Game`` on the
kernel, with :mod:`.notation`, :mod:`.state`, :mod:`.rules`, :mod:`.steps` and
:mod:`.listing`), its picture (:mod:`.render`), the set-up (:data:`TAGS`), tile data
(:mod:`.tiles`) and the exact odds of a fight (:mod:`.odds`)."""

from referee.games.base import GameSpec
from referee.setup import TagSpec

#: The set-up: each tag, its `referee new zombies` option and its docs row.
TAGS = (
    TagSpec("Players", "players", "2 to 6 seats clockwise; the first plays first", required=True,
            write="always", option="--players",
            help="The seats clockwise, first player first: Ann,Ben,Cat (2 to 6)."),
    TagSpec("Tiles", "int", "the map tiles (besides the Town Square) the deck was built from, expansion "
            "entrances included, 10 to 200; two a player are removed at the set-up", default="29",
            shown="`29`, the base game's count", low=10, high=200, write="always", option="--tiles",
            help="Map tiles besides the Town Square before the set-up (default 29)."),
    TagSpec("Events", "int", "event cards after the quick-play removals, 6 to 500 (at least three a player)",
            default="41", shown="`41` (50 less the 9 taken out)", low=6, high=500, write="always",
            option="--events", help="Event cards after the quick-play removals (default 41)."),
    TagSpec("Expansions", "text", "any of `zombie-corps`, `mall-walkers`, `the-end`, `schools-out`, "
            "`six-feet-under`, comma separated", option="--expansions",
            help="Any of zombie-corps, mall-walkers, the-end, schools-out, six-feet-under (comma separated)."),
    TagSpec("TileData", "file", "a file of named tiles and what they bring (relative to the record), or "
            "`default`", shown="the built-in tiles", option="--tile-data", metavar="FILE",
            help="A TOML file of named tiles and what they bring."),
)

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
    tags=TAGS,
    sample="zombies.zqp",
    file_tags=("TileData",),
    advise="referee.games.zombies.advise:advise",
)
