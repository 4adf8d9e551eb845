"""Zombies Want Fluffy: the board (:mod:`.board`), the notation (:mod:`.notation`),
the position (:mod:`.state`), the rules (:mod:`.rules`), the game (:mod:`.engine`),
the advisor (:mod:`.advise`), the picture (:mod:`.render`), the set-up (:data:`TAGS`),
the opening clock (:mod:`.clock`) and match play (:mod:`.match`, :mod:`.match_cli`)."""

from referee.games.base import GameSpec
from referee.setup import TagSpec

#: The set-up: each tag, its `referee new fluffy` option and its docs row.
TAGS = (
    TagSpec("Board", "file", "a board file (relative to the record) or a built-in board's name",
            default="default", write="always", option="--board", metavar="FILE",
            help="A board file (TOML), or `default` for the built-in yard."),
    TagSpec("Deck", "deck", 'the movement cards of your deck, e.g. `"F=10 L=4 R=4 B=2 LR=2 FB=2"`',
            shown="the project's own mix", option="--deck",
            help='The movement cards, e.g. "F=10 L=4 R=4 B=2 LR=2 FB=2".'),
    TagSpec("Fluffy", "text", "who plays Fluffy (match play needs it)", option="--fluffy",
            help="Who plays Fluffy."),
    TagSpec("Zombies", "text", "who plays the zombies (match play needs it)", option="--zombies",
            help="Who plays the zombies."),
    TagSpec("HandSize", "int", "handicap: Fluffy's hand, 1 to 10 cards", default="5", low=1, high=10,
            option="--hand-size", metavar="N", help="Handicap: Fluffy's hand size (tag HandSize)."),
    TagSpec("ZombieMoves", "choice", "`some` (handicap): a zombie card moves the zombies it lists, at "
            "least one; `all`: the rule", default="all", choices=("all", "some"),
            option="--some-zombies", switch="some",
            help='Handicap: a zombie card moves any one or more zombies (tag ZombieMoves "some").'),
    TagSpec("ZombieHand", "choice", "`hidden` (handicap): snagged cards stay face down",
            default="open", shown="shown", choices=("open", "hidden", ""),
            option="--zombie-hand-hidden", switch="hidden",
            help='Handicap: the zombie player keeps every card face down (tag ZombieHand "hidden").'),
    TagSpec("FluffyHand", "choice", "`open` (handicap): Fluffy's hand is face up, every card he gets "
            "must be named", default="hidden", choices=("hidden", "open", ""),
            option="--fluffy-hand-open", switch="open",
            help='Handicap: Fluffy plays with his hand face up (tag FluffyHand "open").'),
    TagSpec("OpeningClock", "duration", "a time such as `5m` or `2m30s` for Fluffy's zombie-free opening",
            option="--opening-clock", metavar="TIME",
            help="Cap Fluffy's zombie-free opening, e.g. 5m (tag OpeningClock)."),
)

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
    tags=TAGS,
    sample="fluffy.zwf",
    file_tags=("Board",),
    extras="referee.games.fluffy.clock:extras",
    commands=(("match", "referee.games.fluffy.match_cli:app",
               "Zombies Want Fluffy match play: pairs of games with sides swapped, and the score table."),),
    board="referee.games.fluffy.board:check_board",
    board_marker="graves",
    player_tags=("Fluffy", "Zombies"),
    match="referee.games.fluffy.match_cli",
    advise="referee.games.fluffy.advise:advise",
)
