"""Zombie Attack: the mansion (:mod:`.board`), the notation and rules engine
(:mod:`.engine`), the picture (:mod:`.render`) and the ``new`` options (:mod:`.cli`)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="zombie-attack",
    title="Zombie Attack",
    extension=".zat",
    rules_game="zombie-attack",
    state_keys=("game", "over", "winner", "ending", "round", "phase", "next", "first_mover", "players", "zombies", "destroyed", "pile", "discard"),
    rulebook="zombie-attack.txt",
    aliases=("zombie attack", "za", "zat"),
    engine="referee.games.zombie_attack.engine:Game",
    renderer="referee.games.zombie_attack.render",
    new_command="referee.games.zombie_attack.cli:new",
    sample="zombie-attack.zat",
    file_tags=("Board",),
    board="referee.games.zombie_attack.board:check_board",
    board_marker="exits",
    advise="referee.games.zombie_attack.advise:advise",
)
