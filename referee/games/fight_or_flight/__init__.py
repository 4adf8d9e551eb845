"""Zombie Fight or Flight: the engine (:mod:`.engine`), its picture (:mod:`.render`),
the ``new`` options (:mod:`.cli`), the cooperative simulation (:mod:`.simulate`) and
the advisor (:mod:`.advise`)."""

from referee.games.base import GameSpec

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
    new_command="referee.games.fight_or_flight.cli:new",
    sample="fight-or-flight.fof",
    simulate="referee.games.fight_or_flight.simulate_cli:fight_or_flight",
    advise="referee.games.fight_or_flight.advise:advise",
)
