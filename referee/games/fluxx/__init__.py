"""Zombie Fluxx: the card catalogue (:mod:`.catalogue`), the engine (:mod:`.engine`),
its picture (:mod:`.render`), the set-up (:data:`TAGS`) and its step in ``referee new`` (:mod:`.cli`), ``referee cards``
(:mod:`.cards_cli`) and the terminal questions for a card the game does not know
(:mod:`.define`) and the advisor (:mod:`.advise`)."""

from referee.games.base import GameSpec
from referee.setup import TagSpec

#: The set-up: each tag, its `referee new fluxx` option and its docs row.
TAGS = (
    TagSpec("Players", "players", '2 to 6 names, clockwise, first player first: `"Ann, Ben, Cat"`',
            required=True, write="always", option="--players",
            help="2 to 6 players clockwise, first player first: Ann,Ben,Cat."),
    TagSpec("Cards", "file", 'a catalogue file laid over the built-in one: `"my-deck.toml"` (relative to the '
            "record); `default` names the built-in catalogue alone",
            shown="the built-in catalogue (`referee new`: with the cards you saved)", option="--cards",
            metavar="FILE", help="A card catalogue (TOML) added to the built-in one; default: your own "
                                 "catalogue file if you saved cards to it ($REFEREE_FLUXX_CARDS), "
                                 "`default` for the built-in one alone."),
    TagSpec("Zombies", "choice", "`out`: play without the Zombie cards (the rulebook's set-aside list and every "
            "Creeper); Goals then ignore their zombie conditions", default="in", choices=("out", "in"),
            write="changed", option="--no-zombies", switch="out",
            help="Play without the Zombie cards (the rulebook's set-aside list)."),
)

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
    tags=TAGS,
    new_hook="referee.games.fluxx.cli:new_tags",
    sample="fluxx.flx",
    file_tags=("Cards",),
    commands=(("cards", "referee.games.fluxx.cards_cli:app",
               "Zombie Fluxx card catalogues: check a catalogue file, show a card."),),
    define="referee.games.fluxx.define:ask",
    advise="referee.games.fluxx.advise:advise",
)
