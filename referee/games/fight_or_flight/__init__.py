"""Zombie Fight or Flight: the engine (:mod:`.engine`), its picture (:mod:`.render`),
the set-up (:data:`TAGS`), the cooperative simulation (:mod:`.simulate`) and
the advisor (:mod:`.advise`)."""

from referee.games.base import GameSpec
from referee.setup import TagSpec

#: The set-up: each tag, its `referee new fight-or-flight` option and its docs row.
TAGS = (
    TagSpec("Players", "players", "the seats clockwise, starting with the first to play (the dealer's left): "
            '`"Ann, Ben, Cat, Dan"`; 2 to 8 players', required=True, write="always", option="--players",
            help="The seats clockwise, first player first: Ann,Ben,Cat,Dan."),
    TagSpec("Variant", "text", "`casual`, `experienced` (four Heal cards taken out) or `challenge` (four Heal "
            'and two Rest out); counts may be given: `"experienced heal=2"`', default="casual",
            write="always", option="--variant",
            help='casual, experienced or challenge, optionally with counts: "experienced heal=2".'),
)

SPEC = GameSpec(
    name="fight-or-flight",
    title="Zombie Fight or Flight",
    extension=".fof",
    rules_game="fight-or-flight",
    state_keys=("game", "over", "result", "reason", "day", "week", "recovering", "fight_free_days", "direction", "next", "deck", "hands"),
    rulebook="zombie-fight-or-flight.txt",
    aliases=("fof", "zombie-fight-or-flight", "fight or flight", "zombie fight or flight"),
    engine="referee.games.fight_or_flight.engine:Game",
    renderer="referee.games.fight_or_flight.render",
    tags=TAGS,
    sample="fight-or-flight.fof",
    simulate="referee.games.fight_or_flight.simulate_cli:fight_or_flight",
    advise="referee.games.fight_or_flight.advise:advise",
)
