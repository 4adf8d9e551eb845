"""Zombies Want Fluffy: the board (:mod:`.board`), the notation and rules engine
(:mod:`.engine`), the picture (:mod:`.render`), the ``new`` options (:mod:`.cli`),
the opening clock (:mod:`.clock`) and match play (:mod:`.match`, :mod:`.match_cli`)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="fluffy",
    title="Zombies Want Fluffy",
    extension=".zwf",
    rules_game="fluffy",
    state_keys=("game", "over", "winner", "ending", "turn", "deck", "fluffy", "zombies", "destroyed", "aside", "score"),
    rulebook="zombies-want-fluffy.txt",
    aliases=("zwf", "zombies-want-fluffy", "zombies want fluffy", "fluffy"),
    engine="referee.games.fluffy.engine:Game",
    renderer="referee.games.fluffy.render",
    new_command="referee.games.fluffy.cli:new",
    sample="fluffy.zwf",
    file_tags=("Board",),
    extras="referee.games.fluffy.clock:extras",
    commands=(("match", "referee.games.fluffy.match_cli:app",
               "Zombies Want Fluffy match play: pairs of games with sides swapped, and the score table."),),
    board="referee.games.fluffy.board:check_board",
    board_marker="graves",
    player_tags=("Fluffy", "Zombies"),
    match="referee.games.fluffy.match_cli",
)
