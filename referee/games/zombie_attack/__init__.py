"""Zombie Attack: the mansion (:mod:`.board`), the notation and rules engine
(:mod:`.engine`), the picture (:mod:`.render`) and the set-up (:data:`TAGS`)."""

from referee.games.base import GameSpec
from referee.setup import TagSpec

#: The set-up: each tag, its `referee new zombie-attack` option and its docs row.
TAGS = (
    TagSpec("Players", "players", "2 to 6 names, clockwise; the first holds the First Mover card",
            required=True, write="always", option="--players",
            help="The seats clockwise, the First Mover first: Ann,Ben,Cat (2 to 6)."),
    TagSpec("Board", "file", "a mansion file (relative to the record) or a built-in mansion's name",
            default="default", write="always", option="--board", metavar="FILE",
            help="A mansion file (TOML), or `default` for the built-in mansion."),
    TagSpec("Deck", "deck", "how many of each card, e.g. "
            '`"Empty=40 Hiding=24 Weapon=22 Key:front=7 Key:back=7 Key:fire=7"`', shown="that same mix",
            option="--deck",
            help='The 107 cards, e.g. "Empty=40 Hiding=24 Weapon=22 Key:front=7 Key:back=7 Key:fire=7".'),
    TagSpec("Empty", "choice", "`out` (easier): no Empty cards in the deck", default="in",
            choices=("out", "in"), write="changed", option="--empty-out", switch="out",
            help='Easier: no Empty cards (tag Empty "out").'),
    TagSpec("Zombies", "int", "easier: fewer zombies (1 to 6), placed two at `front`, then `back`, then `fire`",
            default="6", low=1, high=6, write="changed", option="--zombies", metavar="N",
            help="Easier: fewer zombies at the start, 1 to 6 (tag Zombies)."),
    TagSpec("Keep", "choice", "`2` (easier): a player may hold two cards", default="1", choices=("1", "2"),
            write="changed", option="--keep-two", switch="2", help='Easier: keep up to two cards (tag Keep "2").'),
    TagSpec("Hiding", "choice", "`halt` (harder): every Hiding Place drawn ends the move, kept or not",
            default="keep", choices=("halt", "keep"), write="changed", option="--hiding-halt", switch="halt",
            help='Harder: every Hiding Place drawn ends the move (tag Hiding "halt").'),
    TagSpec("ZombieReturn", "choice", "`door` (harder): a zombie destroyed by a Weapon comes back at an exit "
            "the destroyer names", default="out", choices=("door", "out"), write="changed",
            option="--zombie-return", switch="door",
            help='Harder: a destroyed zombie comes back at an exit (tag ZombieReturn "door").'),
    TagSpec("WeaponHumans", "choice", "harder: Weapons work on other humans, who are put out of the game "
            "(`out`) or sent to the Linen Closet (`closet`)", default="off", choices=("out", "closet", "off"),
            write="changed", option="--weapons-vs-humans", metavar="out|closet",
            help="Harder: an armed human may step onto another human, who is put out of the game (out) or "
                 "sent to the Linen Closet (closet) (tag WeaponHumans)."),
)

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
    tags=TAGS,
    sample="zombie-attack.zat",
    file_tags=("Board",),
    board="referee.games.zombie_attack.board:check_board",
    board_marker="exits",
    advise="referee.games.zombie_attack.advise:advise",
)
