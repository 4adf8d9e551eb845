"""Zombie Fluxx: the card catalogue (:mod:`.catalogue`), the engine (:mod:`.engine`),
its picture (:mod:`.render`), the ``new`` options (:mod:`.cli`), ``referee cards``
(:mod:`.cards_cli`) and the terminal questions for a card the game does not know
(:mod:`.define`) and the advisor (:mod:`.advise`)."""

from referee.games.base import GameSpec

SPEC = GameSpec(
    name="fluxx",
    title="Zombie Fluxx",
    extension=".flx",
    rules_game="fluxx",
    state_keys=("game", "over", "winner", "ending", "turn", "next", "drawn", "played", "rules", "goal", "players", "pile", "discard"),
    rulebook="zombie-fluxx.txt",
    aliases=("zombie-fluxx", "zombie fluxx", "flx"),
    engine="referee.games.fluxx.engine:Game",
    renderer="referee.games.fluxx.render",
    new_command="referee.games.fluxx.cli:new",
    sample="fluxx.flx",
    file_tags=("Cards",),
    commands=(("cards", "referee.games.fluxx.cards_cli:app",
               "Zombie Fluxx card catalogues: check a catalogue file, show a card."),),
    define="referee.games.fluxx.define:ask",
    advise="referee.games.fluxx.advise:advise",
)
