"""The Zombie Attack rules engine: pure, no I/O (rulebook ``zombie-attack.txt``, notation
and rulings in ``docs/zombie-attack.md``).

Players at a real table roll a real die and draw real cards; they type each roll, step
and card.  A :class:`Game` is set up from record tags (``Players``, ``Board``, ``Deck``
and the variants ``Empty``, ``Zombies``, ``Keep``, ``Hiding``, ``ZombieReturn``), then
takes events:

- set-up: ``Ann: start d4``;
- the human phase: ``Ann: roll 4``, ``Ann: N Weapon keep`` (a step and the card drawn
  there), ``Ann: stop``; a zombie player ``Cat: roll 3``, ``Cat: N``, ``Cat: stop``;
- the zombie phase: ``Ann: zombie e1 roll 3 N N W``;
- a placement at an exit: ``Cat: to back``.

Automatic results (players turned, zombies destroyed, escapes, the First Mover card
passing, the zombie-phase rotation) are resolved at once and reported as notes.

>>> g = Game.from_tags({"Players": "Ann, Ben", "Board": "default"})
>>> [g.apply(e).text for e in ("Ann: start b9", "ben: start i9", "Ann: roll 2")]
['Ann: start b9', 'Ben: start i9', 'Ann: roll 2']
>>> g.apply("Ann: e weapon keep").notes
['Ann draws a Weapon on c9 and keeps it']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, NamedTuple

from referee import records
from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.words import unknown
from referee.cards import parse_counts
from referee.numbers import die_roll
from referee.seats import seat_index, seat_of, split_player
from referee.games.base import Applied, Blocked, EngineBase, Problem, refuse, rule_ids
from referee.grid import FACINGS, Square, facing_word, parse_square, square_name, step

from .board import EXIT_NAMES, EXIT_TITLES, Mansion, mansion_from_tags

# -- cards -------------------------------------------------------------------------------

EMPTY, HIDING, WEAPON = "Empty", "Hiding", "Weapon"
KEYS = tuple(f"Key:{e}" for e in EXIT_NAMES)
CARDS: tuple[str, ...] = (EMPTY, HIDING, WEAPON, *KEYS)
_CARD_NAMES = {c.lower(): c for c in CARDS} | {"hidingplace": HIDING, "hiding-place": HIDING}
#: The project's default composition (the printed mix is not published): 107 cards.
DEFAULT_DECK = "Empty=40 Hiding=24 Weapon=22 Key:front=7 Key:back=7 Key:fire=7"
CARD_TITLES = {EMPTY: "an Empty card", HIDING: "a Hiding Place", WEAPON: "a Weapon",
               "Key:front": "the front-door Key", "Key:back": "the back-door Key",
               "Key:fire": "the fire-escape Key"}

MIN_PLAYERS, MAX_PLAYERS = 2, 6
START_ZOMBIES = 6

# -- rule ids ----------------------------------------------------------------------------

R_GAME_OVER = "zombie-attack.game-over"
R_DECK = "zombie-attack.deck"
R_SETUP = "zombie-attack.setup.humans"
R_ORDER = "zombie-attack.turn.order"
R_ROLL = "zombie-attack.turn.roll-move"
R_DRAW = "zombie-attack.turn.draw-per-space"
R_WALLS = "zombie-attack.move.walls-table"
R_LOCKED = "zombie-attack.move.locked-doors"
R_HUMAN_SPACING = "zombie-attack.move.human-spacing"
R_ZOMBIE_SPACING = "zombie-attack.move.zombie-spacing"
R_EMPTY = "zombie-attack.cards.empty"
R_HAND = "zombie-attack.cards.hand-limit"
R_KEEP_TWO = "zombie-attack.variant.two-cards"
R_ZP_MOVING = "zombie-attack.zombie-players.moving"
R_ZMOVE = "zombie-attack.zombies.move"
R_ROTATION = "zombie-attack.zombies.rotation"
R_NEW_SQUARES = "zombie-attack.ruling.new-squares"
R_ZOMBIE_EXACT = "zombie-attack.ruling.zombie-exact-roll"
R_HIDING = "zombie-attack.ruling.hiding"
R_ZOMBIE_BLOCKED = "zombie-attack.ruling.zombie-blocked"
R_SENT = "zombie-attack.ruling.sent-to-exit"
R_PASS = "zombie-attack.ruling.pass-and-reshuffle"
R_DROP = "zombie-attack.ruling.keep-drop"
R_DESTROYED_PATH = "zombie-attack.ruling.destroyed-path-complete"
R_WEAPON_HUMANS = "zombie-attack.ruling.weapon-vs-human"

#: Every rule id this engine can raise (each is an entry in the rules database).
RULE_IDS: frozenset[str] = rule_ids(globals())



def parse_card(text: str) -> str:
    """The card named by ``text`` (case-insensitive): ``Empty``, ``Hiding``, ``Weapon``,
    ``Key:front``, ``Key:back``, ``Key:fire``; :class:`BadInputError` otherwise.

    >>> parse_card("key:FIRE"), parse_card("hiding")
    ('Key:fire', 'Hiding')
    """
    key = text.strip().lower().replace(" ", "")
    if key not in _CARD_NAMES:
        raise unknown("card", text, CARDS)
    return _CARD_NAMES[key]


def parse_deck(text: str) -> dict[str, int]:
    """``"Empty=40 Hiding=24 ..."`` -> card counts (kinds left out count 0)."""
    return {c: 0 for c in CARDS} | parse_counts(
        text, parse_card, "bad deck entry {!r}: write CARD=COUNT, e.g. Weapon=22", "the deck names {} twice",
        width=30, last=True, name_required=True)


def deck_text(deck: dict[str, int]) -> str:
    return " ".join(f"{c}={n}" for c, n in deck.items() if n)


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Zombie Attack", MIN_PLAYERS, MAX_PLAYERS)


# -- state -------------------------------------------------------------------------------

@dataclass
class Player:
    name: str
    human: bool = True
    at: Square | None = None
    cards: list[str] = field(default_factory=list)
    escaped: bool = False
    out: bool = False            # put out of the game by a Weapon (``[WeaponHumans "out"]``)

    @property
    def hiding(self) -> bool:
        """A human holding a kept Hiding Place, on the board (one on the way to the
        Linen Closet hides again once placed there)."""
        return self.human and self.at is not None and HIDING in self.cards


@dataclass
class Zombie:
    at: Square | None           # None while waiting to be placed at an exit
    moved: bool = False


@dataclass
class Pending:
    """A placement at an exit the player ``namer`` must name (``Cat: to back``): of
    zombie player ``seat`` or of ``zombie`` (with ``[ZombieReturn "door"]``)."""

    namer: int
    seat: int | None = None
    zombie: Zombie | None = None
    closet: bool = False          # a human a Weapon sends to the Linen Closet names its square


@dataclass
class State:
    players: list[Player]
    zombies: list[Zombie]
    pile: Counter
    discard: Counter
    destroyed: int = 0
    round: int = 1
    phase: str = "setup"
    first: int = 0
    order: int = 0                       # k-th mover of the human phase
    roll: int | None = None               # the current mover's roll
    steps_left: int = 0
    visited: set = field(default_factory=set)
    zmover: int | None = None
    pending: list[Pending] = field(default_factory=list)
    winner: str | None = None
    ending: str | None = None
    last_roll: int | None = None

    def clone(self) -> "State":
        """A copy sharing nothing mutable with this state (faster than deepcopy)."""
        zmap = {id(z): Zombie(z.at, z.moved) for z in self.zombies}
        pending = [Pending(p.namer, p.seat, None if p.zombie is None else zmap[id(p.zombie)], p.closet)
                   for p in self.pending]
        return replace(self, players=[replace(p, cards=list(p.cards)) for p in self.players],
                       zombies=[zmap[id(z)] for z in self.zombies], pile=Counter(self.pile),
                       discard=Counter(self.discard), visited=set(self.visited), pending=pending)


@dataclass(frozen=True)
class Event:
    seat: int
    verb: str                             # start, roll, stop, step, to, zombie
    square: Square | None = None
    number: int | None = None
    facing: str | None = None
    card: str | None = None
    decision: str | None = None           # keep, discard or None
    drop: str | None = None
    exit: str | None = None
    path: tuple[str, ...] | None = None
    to_square: Square | None = None       # ``Ben: to f7``: a Linen Closet square


@dataclass(frozen=True)
class Walk:
    """One zombie walk's result: ``end`` square (where it was destroyed, if so),
    ``turned`` seats, ``destroyed_by`` seat or None, and whether it is ``complete``."""

    end: Square
    turned: frozenset
    destroyed_by: int | None


class Walks(NamedTuple):
    """The legal walks of one zombie for one roll (ruling 17): ``longest``, the length a
    walk that meets no Weapon must have (the roll, or the longest any path reaches; 0
    when the zombie cannot step); ``paths``, one canonical path per result (walks into
    a Weapon at any length up to the roll included); ``counts``, how many paths lead to
    each result; and ``example``, one path of exactly ``longest`` steps, with its
    ``example_walk`` (it may be a walk into a Weapon)."""

    longest: int
    paths: dict
    counts: dict
    example_walk: Walk
    example: tuple[str, ...]


class Game(EngineBase):
    """A game of Zombie Attack as the referee sees it (``s`` is the whole state)."""

    name = "zombie-attack"

    def __init__(self, players: list[str], mansion: Mansion, deck: dict[str, int], *,
                 board_tag: str = "default", deck_tag: str | None = None, empty_out: bool = False,
                 zombies: int = START_ZOMBIES, keep: int = 1, halt: bool = False,
                 zombie_return: bool = False, weapon_humans: str | None = None) -> None:
        self.mansion = mansion
        self.weapon_humans = weapon_humans
        if weapon_humans == "closet" and not self.closet_squares():
            raise BadInputError('[WeaponHumans "closet"] needs a room named "Linen closet" on the board')
        self.board_tag, self.deck_tag = board_tag, deck_tag
        self.empty_out, self.start_zombies, self.keep = empty_out, zombies, keep
        self.halt, self.zombie_return = halt, zombie_return
        self.composition = dict(deck)
        if empty_out:
            self.composition[EMPTY] = 0
        need = len(players) * keep + 1
        if sum(self.composition.values()) < need:
            raise BadInputError(f"the deck holds {sum(self.composition.values())} cards; with "
                                f"{len(players)} players keeping {keep} each it needs at least {need}")
        exits = [mansion.exits[e] for e in EXIT_NAMES]
        self.s = State([Player(p) for p in players],
                       [Zombie(exits[i // 2]) for i in range(zombies)],
                       Counter({c: n for c, n in self.composition.items() if n}), Counter())
        self._index = seat_index(players)

    # -- set-up ------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from record tags, declared in :data:`referee.games.zombie_attack.TAGS`
        and checked there first (:func:`referee.setup.read_tags`); the board and the
        deck are read here, and the constructor checks what joins tags (a Linen Closet
        for ``[WeaponHumans "closet"]``, a deck big enough for the hands).
        :class:`BadInputError` for an unknown or bad tag."""
        from referee.setup import read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        players = parse_players(values.get("Players"))
        mansion = mansion_from_tags({k: v for k, v in values.items() if k in ("Board", "BoardText")})
        deck = parse_deck(values.get("Deck", DEFAULT_DECK))
        weapon_humans = values.get("WeaponHumans", "off")
        return cls(players, mansion, deck, board_tag=values.get("Board", "default"),
                   deck_tag=values.get("Deck"), empty_out=values.get("Empty") == "out",
                   zombies=int(values.get("Zombies", START_ZOMBIES)), keep=int(values.get("Keep", "1")),
                   halt=values.get("Hiding") == "halt", zombie_return=values.get("ZombieReturn") == "door",
                   weapon_humans=None if weapon_humans == "off" else weapon_humans)

    def tags(self) -> dict[str, str]:
        """The tags that set this game up again, in declared order; a variant only when
        it is not the rule."""
        from referee.setup import written

        from . import TAGS

        state = {"Empty": "out" if self.empty_out else "in", "Zombies": str(self.start_zombies),
                 "Keep": str(self.keep), "Hiding": "halt" if self.halt else "keep",
                 "ZombieReturn": "door" if self.zombie_return else "out",
                 "WeaponHumans": self.weapon_humans or "off"}
        return written(TAGS, state, Players=", ".join(p.name for p in self.s.players), Board=self.board_tag,
                       Deck=None if self.deck_tag is None else deck_text(parse_deck(self.deck_tag)))

    def variants(self) -> list[str]:
        """The variants in force, in words."""
        out = []
        if self.empty_out:
            out.append("no Empty cards")
        if self.start_zombies != START_ZOMBIES:
            out.append(f"{self.start_zombies} zombies")
        if self.keep != 1:
            out.append("keep two cards")
        if self.halt:
            out.append("Hiding Places halt")
        if self.zombie_return:
            out.append("zombies return at a door")
        if self.weapon_humans == "out":
            out.append("Weapons put humans out")
        if self.weapon_humans == "closet":
            out.append("Weapons send humans to the Linen Closet")
        return out

    def closet_squares(self) -> list[Square]:
        """The squares of the room named Linen closet (case aside), west to east, north first."""
        m = self.mansion
        letters = {k for k, v in m.rooms.items() if v.strip().lower() == "linen closet"}
        return sorted((sq for sq, r in m.room.items() if r in letters), key=lambda q: (-q[1], q[0]))

    def free_closet_squares(self, leaving: Square | None = None) -> list[Square]:
        """Linen Closet squares no token stands on (``leaving`` counts as taken: the
        attacker stands there)."""
        s = self.s
        taken = {p.at for p in s.players if p.at is not None} | {z.at for z in s.zombies if z.at is not None}
        return [sq for sq in self.closet_squares() if sq not in taken and sq != leaving]

    # -- derived state -----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.s.ending is not None

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.s.players]

    def sq(self, sq: Square | None) -> str | None:
        return None if sq is None else square_name(sq)

    def mover(self) -> int | None:
        """The seat that acts next (None once the game is over)."""
        s = self.s
        if self.over:
            return None
        if s.pending:
            return s.pending[0].namer
        if s.phase == "setup":
            return next(i for i, p in enumerate(s.players) if p.at is None)
        if s.phase == "humans":
            return (s.first + s.order) % len(s.players)
        return s.zmover

    def _next_human(self, seat: int, include_self: bool) -> int | None:
        n = len(self.s.players)
        for k in range(0 if include_self else 1, n + 1):
            i = (seat + k) % n
            if self.s.players[i].human:
                return i
        return None

    def zombies_at(self, sq: Square) -> list[Zombie]:
        return [z for z in self.s.zombies if z.at == sq]

    def humans_at(self, sq: Square, st: State | None = None) -> list[int]:
        st = st or self.s
        return [i for i, p in enumerate(st.players) if p.human and p.at == sq]

    def zplayers_at(self, sq: Square, st: State | None = None) -> list[int]:
        st = st or self.s
        return [i for i, p in enumerate(st.players) if not p.human and p.at == sq]

    def phase_text(self) -> str:
        """What happens next, in words."""
        s = self.s
        if self.over:
            return "game over"
        who = self.s.players[self.mover()].name
        if s.pending:
            p = s.pending[0]
            if p.closet:
                return f"{who} names a Linen Closet square ({who}: to SQUARE)"
            what = f"{s.players[p.seat].name}'s exit" if p.seat is not None else "the exit the zombie returns at"
            return f"{who} names {what} ({who}: to front|back|fire)"
        if s.phase == "setup":
            return f"set-up: {who} places a human in an empty room"
        if s.phase == "humans":
            if s.roll is None:
                return f"{who} rolls ({who}: roll N) or passes ({who}: stop)"
            return f"{who} moves: rolled {s.roll}, {s.steps_left} step{'s' if s.steps_left != 1 else ''} left"
        left = sum(1 for z in s.zombies if not z.moved)
        return f"{who} moves a zombie ({left} still to move)"

    # -- parsing -----------------------------------------------------------------------

    def seat_of(self, name: str) -> int:
        return seat_of(self._index, (p.name for p in self.s.players), name, 30)

    def parse(self, text: str) -> Event:
        who, what = split_player(text, f"expected 'Player: event' (start, roll, a step N/E/S/W, stop, to, zombie), "
                                       f"not {text.strip()[:60]!r}")
        words = what.split()
        seat = self.seat_of(who)
        verb = words[0].lower()
        rest = words[1:]
        if verb == "start":
            if len(rest) != 1:
                raise BadInputError("start takes one square: 'Ann: start d4'")
            return Event(seat, "start", square=parse_square(rest[0]))
        if verb == "roll":
            if len(rest) > 1:
                raise BadInputError("roll takes one number: 'Ann: roll 4'")
            return Event(seat, "roll", number=_die(rest[0]) if rest else None)
        if verb == "stop":
            if rest:
                raise BadInputError("stop takes nothing more: 'Ann: stop'")
            return Event(seat, "stop")
        if verb == "to":
            if len(rest) > 1:
                raise BadInputError("to takes one exit: 'Cat: to back'")
            if rest and rest[0].lower() not in EXIT_NAMES:
                if self.weapon_humans == "closet" and rest[0][:1].isalpha() and rest[0][1:].isdigit():
                    return Event(seat, "to", to_square=parse_square(rest[0]))
                raise BadInputError(f"unknown exit {rest[0][:20]!r} (front, back or fire)")
            return Event(seat, "to", exit=rest[0].lower() if rest else None)
        if verb == "zombie":
            if not rest:
                raise BadInputError("name the zombie's square: 'Ann: zombie e1 roll 3 N N W'")
            sq = parse_square(rest[0])
            if len(rest) < 2 or rest[1].lower() != "roll":
                raise BadInputError("a zombie move is 'Ann: zombie e1 roll 3 N N W'")
            number = _die(rest[2]) if len(rest) > 2 else None
            path = tuple(_direction(w) for w in rest[3:])
            return Event(seat, "zombie", square=sq, number=number, path=path)
        facing = facing_word(verb)
        if facing is not None:
            card = decision = drop = None
            if rest:
                card = parse_card(rest[0])
                tail = [w.lower() for w in rest[1:]]
                if tail:
                    decision = tail[0]
                    if decision not in ("keep", "discard"):
                        raise BadInputError(f"after the card comes keep or discard, not {rest[1][:20]!r}")
                    if decision == "discard" and len(tail) > 1:
                        raise BadInputError("discard takes nothing more")
                    if decision == "keep" and len(tail) > 1:
                        if tail[1] != "drop" or len(tail) != 3:
                            raise BadInputError("keep the card and drop one held: 'keep drop Key:front'")
                        drop = parse_card(rest[3])
            return Event(seat, "step", facing=facing, card=card, decision=decision, drop=drop)
        raise unknown("event", verb, ("start", "roll", "N", "E", "S", "W", "stop", "to", "zombie"),
                      listed="start, roll, N/E/S/W, stop, to, zombie")

    # -- the cards ---------------------------------------------------------------------

    @staticmethod
    def _refill(st: State) -> None:
        """Ruling 11: when the draw pile is empty the discard pile becomes the pile at once."""
        if not sum(st.pile.values()) and sum(st.discard.values()):
            st.pile, st.discard = st.discard, Counter()

    def _discard(self, st: State, cards: list[str]) -> None:
        for c in cards:
            st.discard[c] += 1
        self._refill(st)

    # -- checks ------------------------------------------------------------------------

    def _turn_check(self, seat: int, verb: str) -> Problem | None:
        s = self.s
        if self.over:
            who = s.winner if s.winner != "zombies" else "the zombies"
            return f"the game is over ({who} won)", R_GAME_OVER
        mover = self.mover()
        name = s.players[seat].name
        if s.pending and verb != "to":
            return None  # asked as a choice by the caller
        if seat != mover:
            m = s.players[mover].name
            if s.pending:
                return f"{m} names the exit of this placement, not {name}", R_SENT
            if s.phase == "zombies":
                return f"{m} moves the next zombie, not {name}", R_ROTATION
            if s.phase == "setup":
                return f"{m} places a human next (set-up goes in seat order)", R_SETUP
            return f"it is {m}'s move, not {name}'s", R_ORDER
        return None

    def step_problem(self, seat: int, facing: str) -> Problem | None:
        """Why the mover ``seat`` may not step ``facing`` now (rolled, steps left), or None."""
        s = self.s
        p = s.players[seat]
        m = self.mansion
        to = step(p.at, facing)
        if m.wall(p.at, facing):
            what = "the edge of the mansion" if not m.on_board(to) else "a wall"
            return f"{p.name} cannot step {facing} from {square_name(p.at)}: {what}", R_WALLS
        if m.kind[to] == "table":
            return f"{square_name(to)} is the dining-room table: nobody may stand on it", R_WALLS
        door = m.open[(p.at, facing)]
        if door and p.human and f"Key:{door}" not in p.cards:
            return (f"the {EXIT_TITLES[door]} between {square_name(p.at)} and {square_name(to)} is "
                    f"locked: a human needs Key:{door}", R_LOCKED)
        if to in s.visited:
            return (f"{p.name} has already stood on {square_name(to)} this move: each step goes to a "
                    "new square", R_NEW_SQUARES)
        if p.human:
            if self.humans_at(to):
                other = s.players[self.humans_at(to)[0]].name
                if not self.weapon_humans or WEAPON not in p.cards:
                    return f"{other} stands on {square_name(to)}", R_HUMAN_SPACING
                if self.weapon_humans == "closet" and not self.free_closet_squares(leaving=to):
                    return (f"no Linen Closet square is free for {other}: {p.name}'s Weapon cannot send "
                            "anyone there now", R_WEAPON_HUMANS)
        else:
            if self.zombies_at(to) or [i for i in self.zplayers_at(to) if i != seat]:
                return (f"{square_name(to)} holds a zombie{' player' if not self.zombies_at(to) else ''}: "
                        "zombies never share a square", R_ZOMBIE_SPACING)
        return None

    # -- apply -------------------------------------------------------------------------

    def apply(self, text: str) -> Applied:
        """Check and apply one event; atomic (the work is done on a copy of the state)."""
        ev = self.parse(text)
        s = self.s
        if ev.verb == "start" and s.phase != "setup" and not self.over:
            refuse((f"set-up is over: {s.players[ev.seat].name} is already on the board", R_SETUP))
        refuse(self._turn_check(ev.seat, ev.verb))
        if s.pending and ev.verb != "to":
            raise self._placement_choice("first the placement at an exit must be named")
        if s.phase == "setup" and ev.verb != "start":
            refuse((f"set-up first: each player places a human ('{s.players[ev.seat].name}: start d4')", R_SETUP))
        work = s.clone()
        saved = self.s
        self.s = work
        try:
            handler = getattr(self, f"_do_{ev.verb}")
            out = handler(ev)
            self._check_end()
        except BaseException:
            self.s = saved
            raise
        return out

    def choice_after(self) -> ChoiceNeeded | None:
        """The exit a player must name now (ruling 13: a zombie player hit by a Weapon,
        or with ``[ZombieReturn "door"]`` the zombie a Weapon destroyed), as the choice
        ``referee play`` offers right after the hit; None when nothing is awaited."""
        if self.over or not self.s.pending:
            return None
        return self._placement_choice("a Weapon hit")

    def _placement_choice(self, why: str) -> ChoiceNeeded:
        p = self.s.pending[0]
        namer = self.s.players[p.namer].name
        if p.closet:
            options = [Option(f"{namer}: to {square_name(q)}", f"{namer} is placed in the Linen Closet on "
                                                                 f"{square_name(q)}") for q in self.free_closet_squares()]
            return ChoiceNeeded(f"{why}: {namer} names the Linen Closet square", R_WEAPON_HUMANS,
                                f"{namer}: on which Linen Closet square?", options)
        subject = f"{self.s.players[p.seat].name}" if p.seat is not None else "the destroyed zombie"
        options = [Option(f"{namer}: to {e}", f"{subject} is placed at the {EXIT_TITLES[e]} "
                                              f"({square_name(self.mansion.exits[e])})") for e in EXIT_NAMES]
        return ChoiceNeeded(f"{why}: {namer} names the exit {subject} goes to", R_SENT,
                            f"{namer}: at which exit is {subject} placed?", options)

    def _check_end(self) -> None:
        s = self.s
        if s.ending is None and not any(p.human for p in s.players):
            s.winner, s.ending = "zombies", "all-turned"

    # set-up
    def _do_start(self, ev: Event) -> Applied:
        s, m = self.s, self.mansion
        p = s.players[ev.seat]
        if s.phase != "setup":
            refuse((f"{p.name} is already on the board: set-up is over", R_SETUP))
        sq = ev.square
        if not m.on_board(sq):
            raise BadInputError(f"{square_name(sq)} is off the {m.width}x{m.height} mansion")
        refuse(self._start_problem(sq))
        p.at = sq
        notes = [f"{p.name} starts in the {m.room_name(m.room_of(sq))}"]
        if all(q.at is not None for q in s.players):
            s.phase = "humans"
            notes.append(f"round 1: {s.players[s.first].name} holds the First Mover card and moves first")
        return Applied(f"{p.name}: start {square_name(sq)}", notes)

    def _start_problem(self, sq: Square) -> Problem | None:
        m = self.mansion
        room = m.room_of(sq)
        if room is None:
            return f"{square_name(sq)} is not a room square: a human starts in a room", R_SETUP
        for q in self.s.players:
            if q.at is not None and m.room_of(q.at) == room:
                return (f"{q.name} already starts in the {m.room_name(room)}: no two tokens start "
                        "in one room", R_SETUP)
        return None

    # human phase
    def _do_roll(self, ev: Event) -> Applied:
        s = self.s
        p = s.players[ev.seat]
        if s.phase != "humans":
            refuse((f"{p.name} rolls for a zombie in the zombie phase: 'zombie SQ roll N PATH'", R_ROTATION))
        if s.roll is not None:
            refuse((f"{p.name} has already rolled {s.roll} this move", R_ROLL))
        if ev.number is None:
            raise BadInputError(f"roll needs the number rolled: '{p.name}: roll 4'")
        notes = []
        if p.hiding:
            p.cards.remove(HIDING)
            self._discard(s, [HIDING])
            notes.append(f"{p.name} moves again and discards the Hiding Place")
        s.roll = s.last_roll = ev.number
        s.steps_left = ev.number
        s.visited = {p.at}
        notes.append(f"{p.name} may move up to {ev.number} step{'s' if ev.number != 1 else ''}")
        return Applied(f"{p.name}: roll {ev.number}", notes)

    def _do_stop(self, ev: Event) -> Applied:
        s = self.s
        p = s.players[ev.seat]
        if s.phase != "humans":
            refuse((f"the zombie phase: {p.name} moves a zombie, there is no stop", R_ROTATION))
        notes = [f"{p.name} passes" + (" and stays hidden" if p.hiding else "")] if s.roll is None else \
            [f"{p.name} stops with {s.steps_left} step{'s' if s.steps_left != 1 else ''} unused"]
        notes += self._end_move()
        return Applied(f"{p.name}: stop", notes)

    def _end_move(self) -> list[str]:
        s = self.s
        s.roll, s.steps_left, s.visited = None, 0, set()
        s.order += 1
        while s.order < len(s.players) and s.players[(s.first + s.order) % len(s.players)].out:
            s.order += 1                  # a player out of the game moves no more
        if s.order >= len(s.players):
            return self._start_zombie_phase()
        return []

    def _start_zombie_phase(self) -> list[str]:
        s = self.s
        if self.over or not any(p.human for p in s.players):
            return []
        for z in s.zombies:
            z.moved = False
        s.phase = "zombies"
        if not s.zombies:
            return ["no zombie is on the board: the zombie phase is skipped"] + self._end_zombie_phase()
        s.zmover = self._next_human(s.first, include_self=True)
        note = f"the zombie phase: {s.players[s.zmover].name} moves the first zombie"
        if s.zmover != s.first:
            what = "out of the game" if s.players[s.first].out else "a zombie player"
            note += f" ({s.players[s.first].name}, the First Mover, is {what})"
        return [note]

    def _end_zombie_phase(self) -> list[str]:
        s = self.s
        nxt = self._next_human(s.first, include_self=False)
        if nxt is None:
            return []
        s.first = nxt
        s.round += 1
        s.phase, s.order, s.zmover = "humans", 0, None
        return [f"round {s.round}: the First Mover card passes to {s.players[nxt].name}"]

    def _do_step(self, ev: Event) -> Applied:
        s, m = self.s, self.mansion
        p = s.players[ev.seat]
        if s.phase != "humans":
            refuse((f"the zombie phase: {p.name} moves a zombie ('zombie SQ roll N PATH')", R_ROTATION))
        if s.roll is None:
            refuse((f"{p.name} rolls before moving ('{p.name}: roll N')", R_ROLL))
        refuse(self.step_problem(ev.seat, ev.facing))
        frm = p.at
        to = step(frm, ev.facing)
        head = f"{p.name}: {ev.facing}"
        if not p.human:
            if ev.card is not None:
                refuse((f"{p.name} is a zombie player and draws no card", R_ZP_MOVING))
            return self._zombie_player_step(ev, p, to, head)
        notes: list[str] = []
        turned = False
        victims = [i for i in self.humans_at(to) if i != ev.seat]
        p.at = to
        s.visited.add(to)
        s.steps_left -= 1
        for victim in victims:            # only with [WeaponHumans] and a Weapon (step_problem)
            notes += self._weapon_on_human(ev.seat, victim)
        for target in self._tokens_at(to, ev.seat):
            if WEAPON in p.cards:
                notes += self._use_weapon(ev.seat, target)
            else:
                turned = True
                notes += self._turn(ev.seat, f"walks into {self._token_name(target)} on {square_name(to)}")
                break
        door = m.exit_at(to)
        if turned:
            if ev.card is not None:
                refuse((f"{p.name} is turned on {square_name(to)} and draws no card", R_DRAW))
            notes += self._end_move()
            return Applied(head, notes)
        if door is not None and f"Key:{door}" in p.cards:
            if ev.card is not None:
                refuse((f"the step onto the {EXIT_TITLES[door]} with its Key wins at once: no card is drawn",
                        R_NEW_SQUARES))
            s.winner, s.ending = p.name, "escape"
            p.escaped = True
            notes.append(f"{p.name} unlocks the {EXIT_TITLES[door]} with Key:{door}, escapes and wins")
            return Applied(head, notes)
        card = ev.card
        if card is None:
            raise self._card_choice(ev, p, to)
        if s.pile[card] <= 0:
            refuse((f"no {card} card is left in the draw pile ({self._pile_text()})", R_DECK))
        s.pile[card] -= 1
        if s.pile[card] == 0:
            del s.pile[card]
        self._refill(s)
        text, more, ends = self._resolve_card(ev, p, to, card)
        notes = notes + more
        if ends or s.steps_left == 0:
            notes += self._end_move()
        return Applied(text, notes)

    def _pile_text(self) -> str:
        return ", ".join(f"{c} {n}" for c, n in self.s.pile.items() if n) or "empty"

    def _card_choice(self, ev: Event, p: Player, to: Square) -> ChoiceNeeded:
        options = [Option(f"{p.name}: {ev.facing} {c}", f"{p.name} draws {CARD_TITLES[c]} on {square_name(to)}")
                   for c in CARDS if self.s.pile[c] > 0 or (not sum(self.s.pile.values()) and self.s.discard[c] > 0)]
        return ChoiceNeeded(f"{p.name} draws a card on {square_name(to)}: name it", R_DRAW,
                            f"Which card did {p.name} draw on {square_name(to)}?", options)

    def _resolve_card(self, ev: Event, p: Player, to: Square, card: str) -> tuple[str, list[str], bool]:
        """Keep or discard ``card`` (already drawn); ``(canonical text, notes, move ends)``."""
        s, m = self.s, self.mansion
        head = f"{p.name}: {ev.facing} {card}"
        where = square_name(to)
        in_room = m.room_of(to) is not None
        decision = ev.decision
        if card == EMPTY:
            if decision == "keep":
                refuse(("an Empty card is always discarded", R_EMPTY))
            self._discard(s, [card])
            return head, [f"{p.name} draws an Empty card on {where}"], False
        if card == HIDING and not in_room:
            if decision == "keep":
                refuse((f"{where} is not in a room: a Hiding Place may be kept only when drawn in a room",
                        R_HIDING))
            decision = "discard"
        halt = card == HIDING and self.halt
        if decision is None:
            raise self._keep_choice(ev, p, to, card)
        if decision == "discard":
            if ev.drop is not None:
                raise BadInputError("drop goes with keep: 'keep drop Key:front'")
            self._discard(s, [card])
            note = f"{p.name} draws {CARD_TITLES[card]} on {where} and discards it"
            if halt:
                note += "; a Hiding Place halts the move"
            return f"{head} discard", [note], halt
        # keep
        dropped: list[str] = []
        text = f"{head} keep"
        full = len(p.cards) >= self.keep
        if ev.drop is not None and ev.drop not in p.cards:
            held = ", ".join(p.cards) or "no card"
            refuse((f"{p.name} holds {held}, not {ev.drop}: 'keep drop' names a card held",
                    R_KEEP_TWO if self.keep > 1 and full else R_DROP))
        if self.keep == 1:
            # ruling 18: 'keep drop K' naming the card held says what 'keep' does
            dropped = list(p.cards)
        elif full and ev.drop is None:
            raise self._keep_choice(ev, p, to, card)
        elif ev.drop is not None:
            # a full hand must name its drop; with room (ruling 18) the player may still give one up
            dropped = [ev.drop]
            text += f" drop {ev.drop}"
        for c in dropped:
            p.cards.remove(c)
        self._discard(s, dropped)
        p.cards.append(card)
        note = f"{p.name} draws {CARD_TITLES[card]} on {where} and keeps it"
        if dropped:
            note += f" (discarding {', '.join(dropped)})"
        ends = card == HIDING
        if ends:
            note += f": {p.name} hides in the {m.room_name(m.room_of(to))} and the move ends"
        return text, [note], ends

    def _keep_choice(self, ev: Event, p: Player, to: Square, card: str) -> ChoiceNeeded:
        base = f"{p.name}: {ev.facing} {card}"
        opts = []
        if self.keep == 1 or len(p.cards) < self.keep:
            opts.append(Option(f"{base} keep", f"keep {CARD_TITLES[card]}"
                               + (f" (discarding {', '.join(p.cards)})" if p.cards and self.keep == 1 else "")))
        if self.keep > 1:       # a full hand names its drop; a hand with room may give one up (ruling 18)
            for held in dict.fromkeys(p.cards):
                opts.append(Option(f"{base} keep drop {held}", f"keep {CARD_TITLES[card]}, discard {held}"))
        opts.append(Option(f"{base} discard", f"discard {CARD_TITLES[card]}"))
        return ChoiceNeeded(f"{p.name} keeps or discards {CARD_TITLES[card]}", R_HAND,
                            f"{p.name} drew {CARD_TITLES[card]} on {square_name(to)}: keep it?", opts)

    def _tokens_at(self, sq: Square, seat: int) -> list:
        """Zombie tokens on ``sq`` a human meets, in the order met: zombies, then zombie
        players (seats).  A Weapon acts once, on the first (ruling 16): an armed human
        who walks onto a zombie and a zombie player destroys the zombie and is then
        turned by the zombie player."""
        return [("zombie", z) for z in self.zombies_at(sq)] + \
            [("player", i) for i in self.zplayers_at(sq) if i != seat]

    def _token_name(self, target) -> str:
        kind, who = target
        return f"{self.s.players[who].name} (a zombie player)" if kind == "player" else "a zombie"

    def _use_weapon(self, holder: int, target) -> list[str]:
        """Ruling 6: the Weapon destroys a zombie or sends a zombie player to an exit."""
        s = self.s
        h = s.players[holder]
        h.cards.remove(WEAPON)
        self._discard(s, [WEAPON])
        kind, who = target
        where = square_name(h.at)
        if kind == "player":
            s.pending.append(Pending(who, seat=who))
            name = s.players[who].name
            return [f"{h.name}'s Weapon sends {name} to an exit (the Weapon is discarded); "
                    f"{name} names it ({name}: to front|back|fire)"]
        return self._destroy(who, holder, where)

    def _weapon_on_human(self, holder: int, seat: int) -> list[str]:
        """The harder variant (b): an armed human who steps onto another human's square
        uses the Weapon on them (ruling ``weapon-vs-human``): the Weapon is discarded and
        the other human is put out of the game (their cards discarded) or sent to a
        Linen Closet square they name on the next line."""
        s = self.s
        h, v = s.players[holder], s.players[seat]
        h.cards.remove(WEAPON)
        self._discard(s, [WEAPON])
        where = square_name(v.at)
        v.at = None
        if self.weapon_humans == "out":
            v.human, v.out = False, True
            cards, v.cards = v.cards, []
            self._discard(s, cards)
            return [f"{h.name}'s Weapon puts {v.name} out of the game on {where}"
                    + (f" (discarding {', '.join(cards)})" if cards else "") + "; the Weapon is discarded"]
        s.pending.append(Pending(seat, seat=seat, closet=True))
        return [f"{h.name}'s Weapon sends {v.name} from {where} to the Linen Closet (the Weapon is discarded); "
                f"{v.name} names the square ({v.name}: to SQUARE)"]

    def _destroy(self, z: Zombie, holder: int, where: str) -> list[str]:
        s = self.s
        h = s.players[holder].name
        s.destroyed += 1
        if self.zombie_return:
            z.at = None
            s.pending.append(Pending(holder, zombie=z))
            return [f"{h}'s Weapon destroys the zombie on {where} (the Weapon is discarded); it comes "
                    f"back at an exit {h} names ({h}: to front|back|fire)"]
        s.zombies.remove(z)
        return [f"{h}'s Weapon destroys the zombie on {where}; the Weapon is discarded"]

    def _turn(self, seat: int, how: str) -> list[str]:
        """Ruling 9: a human turned becomes a zombie player and discards every card."""
        s = self.s
        p = s.players[seat]
        p.human = False
        cards, p.cards = p.cards, []
        self._discard(s, cards)
        note = f"{p.name} {how} and becomes a zombie player"
        if cards:
            note += f" (discarding {', '.join(cards)})"
        if not any(q.human for q in s.players):
            note += "; every player is a zombie player: the zombies win"
        return [note]

    def _zombie_player_step(self, ev: Event, p: Player, to: Square, head: str) -> Applied:
        s = self.s
        seat = ev.seat
        p.at = to
        s.visited.add(to)
        s.steps_left -= 1
        notes = []
        ends = False
        for h in self.humans_at(to):
            victim = s.players[h]
            if WEAPON in victim.cards:
                victim.cards.remove(WEAPON)
                self._discard(s, [WEAPON])
                s.pending.append(Pending(seat, seat=seat))
                notes.append(f"{victim.name}'s Weapon sends {p.name} to an exit (the Weapon is discarded); "
                             f"{p.name}'s move ends and {p.name} names the exit ({p.name}: to front|back|fire)")
                ends = True
            else:
                notes += self._turn(h, f"is caught by {p.name} on {square_name(to)}")
        if not notes:
            notes.append(f"{p.name} moves to {square_name(to)}")
        if (ends or s.steps_left == 0) and s.ending is None and any(q.human for q in s.players):
            notes += self._end_move()
        return Applied(head, notes)

    def _do_to(self, ev: Event) -> Applied:
        s, m = self.s, self.mansion
        name = s.players[ev.seat].name
        if not s.pending:
            refuse(("nobody is waiting to be placed at an exit", R_SENT))
        if s.pending[0].closet:
            if ev.exit is not None:
                refuse((f"{name} names a Linen Closet square here, not an exit", R_WEAPON_HUMANS))
            if ev.to_square is None:
                raise self._placement_choice("name the Linen Closet square")
            if ev.to_square not in self.free_closet_squares():
                free = ", ".join(square_name(q) for q in self.free_closet_squares())
                refuse((f"{square_name(ev.to_square)} is not a free Linen Closet square ({free})", R_WEAPON_HUMANS))
            p = s.pending.pop(0)
            s.players[p.seat].at = ev.to_square
            return Applied(f"{name}: to {square_name(ev.to_square)}",
                           [f"{name} is placed in the Linen Closet on {square_name(ev.to_square)}"])
        if ev.to_square is not None:
            refuse((f"{name} names an exit here (front, back or fire), not a square", R_SENT))
        if ev.exit is None:
            raise self._placement_choice("name the exit")
        p = s.pending.pop(0)
        at = m.exits[ev.exit]
        if p.seat is not None:
            s.players[p.seat].at = at
            what = f"{s.players[p.seat].name} is placed at the {EXIT_TITLES[ev.exit]} ({square_name(at)})"
        else:
            p.zombie.at = at
            what = f"the zombie comes back at the {EXIT_TITLES[ev.exit]} ({square_name(at)})"
        return Applied(f"{name}: to {ev.exit}", [what])

    # zombie phase
    def _do_zombie(self, ev: Event) -> Applied:
        s = self.s
        name = s.players[ev.seat].name
        if s.phase != "zombies":
            refuse(("zombies move in the zombie phase, after every player's move", R_ORDER))
        if ev.number is None:
            raise BadInputError(f"the zombie move needs its roll: '{name}: zombie {square_name(ev.square)} roll 3 N N W'")
        z = next((z for z in s.zombies if z.at == ev.square and not z.moved), None)
        if z is None:
            if any(z.at == ev.square for z in s.zombies):
                refuse((f"the zombie on {square_name(ev.square)} has already moved this phase", R_ROTATION))
            refuse((f"no zombie stands on {square_name(ev.square)}", R_ZMOVE))
        found = self._walk_searcher(z)(ev.number)
        path = ev.path or ()
        where = square_name(ev.square)
        head = f"{name}: zombie {where} roll {ev.number}"
        if not path and found.longest != 0:
            opts = [Option(f"{head} {' '.join(p)}", self._walk_text(w)) for w, p in found.paths.items()]
            raise ChoiceNeeded(f"the zombie on {where} rolled {ev.number}: name its path",
                               R_ZMOVE, f"Which way does the zombie on {where} go?", opts)
        walk = self._walk(z, path, ev.number)
        if not isinstance(walk, Walk):
            refuse(walk)
        if walk.destroyed_by is None and len(path) != found.longest:
            # ruling 17: the example has exactly the length claimed, and exists
            eg = " ".join(found.example)
            if found.example_walk.destroyed_by is not None:
                eg += f", into {s.players[found.example_walk.destroyed_by].name}'s Weapon"
            if found.longest == ev.number:
                refuse((f"a path of exactly {ev.number} steps exists for the zombie on {where} "
                        f"(e.g. {eg}): it moves its whole roll", R_ZOMBIE_EXACT))
            refuse((f"no path of {ev.number} steps exists for the zombie on {where}; the longest is "
                    f"{found.longest} (e.g. {eg}): the zombie walks a longest path", R_ZOMBIE_EXACT))
        notes = self._apply_walk(z, walk, path, ev.seat)
        text = f"{head} {' '.join(path)}".rstrip()
        return Applied(text, notes)

    def _walk_text(self, w: Walk) -> str:
        s = self.s
        bits = [f"to {square_name(w.end)}"]
        if w.turned:
            bits.append("turns " + ", ".join(s.players[i].name for i in sorted(w.turned)))
        if w.destroyed_by is not None:
            bits.append(f"destroyed by {s.players[w.destroyed_by].name}'s Weapon")
        return ", ".join(bits)

    def _walk_context(self, z: Zombie):
        """What stays fixed during one zombie walk: squares blocked by other zombie tokens,
        humans by square, and the rooms closed by a hider (ruling 12)."""
        s, m = self.s, self.mansion
        blocked = {o.at for o in s.zombies if o is not z and o.at is not None}
        blocked |= {p.at for p in s.players if not p.human and p.at is not None}
        humans = {p.at: i for i, p in enumerate(s.players) if p.human and p.at is not None}
        closed = set()
        for i, p in enumerate(s.players):
            if p.hiding and p.at is not None:
                room = m.room_of(p.at)
                if room is None:
                    continue
                others = [q for q in s.players if q is not p and q.at is not None and m.room_of(q.at) == room
                          and not q.hiding]
                zs = [o for o in s.zombies if o is not z and o.at is not None and m.room_of(o.at) == room]
                if not others and not zs:
                    closed.add(room)
        return blocked, humans, closed

    def _zstep(self, ctx, sq: Square, facing: str, turned: frozenset) -> tuple[Square | None, Problem | None]:
        blocked, humans, closed = ctx
        m = self.mansion
        if m.wall(sq, facing):
            return None, (f"the zombie cannot step {facing} from {square_name(sq)}: a wall", R_WALLS)
        to = step(sq, facing)
        if m.kind[to] == "table":
            return None, (f"{square_name(to)} is the dining-room table", R_WALLS)
        if to in blocked or (to in humans and humans[to] in turned):
            return None, (f"{square_name(to)} holds a zombie or zombie player: zombies never share a square",
                          R_ZOMBIE_SPACING)
        room = m.room_of(to)
        if room in closed:
            return None, (f"someone hides in the {m.room_name(room)} and no other token is there: "
                          "no zombie may enter it", R_ZOMBIE_BLOCKED)
        return to, None

    def zombie_walks(self, z: Zombie, roll: int, searcher=None) -> tuple[int, dict[Walk, tuple[str, ...]]]:
        """The legal walks of zombie ``z`` with ``roll``: ``(longest, {walk: canonical path})``
        (ruling 17, which makes rulings 3 and 12 exact).

        ``longest`` is the length every walk that meets no Weapon must have: ``roll`` when
        some path (a walk into a Weapon counted up to that square) reaches the roll, else
        the longest length any path reaches, 0 when the zombie cannot step at all.  A walk
        into a Weapon is legal at any length up to ``roll``.  One canonical path (the
        shortest, then the first in N, E, S, W order) stands for each result.
        """
        found = (searcher or self._walk_searcher(z))(roll)
        return found.longest, found.paths

    def _walk_searcher(self, z: Zombie):
        """A search of zombie ``z``'s walks, done once for the six rolls: breadth first,
        layer ``k`` holding each ``(square, turned)`` reachable in exactly ``k`` steps with
        the first path (N, E, S, W order) that reaches it and how many paths do; a step
        onto an armed human ends its path there (ruling 12).  The search returns a
        :class:`Walks` for a roll (ruling 17)."""
        ctx = self._walk_context(z)
        humans = ctx[1]
        armed = {sq for sq, i in humans.items() if WEAPON in self.s.players[i].cards}
        layers: list[dict] = [{(z.at, frozenset()): [(), 1]}]
        destroyed: dict[tuple[Walk, int], tuple[str, ...]] = {}   # (walk, length) -> first path
        destroyed_counts: Counter = Counter()                      # (walk, length) -> paths

        def grow() -> None:
            nxt: dict = {}
            for (sq, turned), (path, count) in layers[-1].items():
                for f in FACINGS:
                    to, problem = self._zstep(ctx, sq, f, turned)
                    if to is None:
                        continue
                    victim = humans.get(to)
                    if victim is not None and victim not in turned:
                        if to in armed:
                            walk = Walk(to, turned, victim)
                            destroyed.setdefault((walk, len(path) + 1), (*path, f))
                            destroyed_counts[(walk, len(path) + 1)] += count
                            continue
                        key = (to, turned | {victim})
                    else:
                        key = (to, turned)
                    if key in nxt:
                        nxt[key][1] += count
                    else:
                        nxt[key] = [(*path, f), count]
            layers.append(nxt)

        def search(roll: int) -> Walks:
            while len(layers) <= roll:
                grow()
            reach = max(i for i in range(roll + 1) if layers[i])
            cut = [(w, k) for (w, k) in destroyed if k <= roll]      # shortest first (breadth first)
            longest = max([reach] + [k for _w, k in cut])
            paths: dict[Walk, tuple[str, ...]] = {}
            counts: Counter = Counter()
            example = None
            if longest == reach:
                for (sq, t), (p, c) in layers[reach].items():
                    paths[Walk(sq, t, None)] = p
                    counts[Walk(sq, t, None)] = c
                    if example is None:
                        example = (Walk(sq, t, None), p)
            for w, k in cut:
                paths.setdefault(w, destroyed[(w, k)])
                counts[w] += destroyed_counts[(w, k)]
                if example is None and k == longest:
                    example = (w, destroyed[(w, k)])
            return Walks(longest, paths, dict(counts), *example)

        return search

    def _walk(self, z: Zombie, path: tuple[str, ...], roll: int):
        """Follow ``path``: a :class:`Walk` or the Problem of its first bad step."""
        ctx = self._walk_context(z)
        humans = ctx[1]
        if len(path) > roll:
            return (f"the zombie rolled {roll} and moves at most {roll} steps, not {len(path)}", R_ZOMBIE_EXACT)
        sq, turned = z.at, frozenset()
        for k, f in enumerate(path):
            to, problem = self._zstep(ctx, sq, f, turned)
            if problem:
                return problem[0] + f" (step {k + 1} of the path)", problem[1]
            sq = to
            if to in humans and humans[to] not in turned:
                seat = humans[to]
                if WEAPON in self.s.players[seat].cards:
                    if k != len(path) - 1:
                        return (f"the zombie walks into {self.s.players[seat].name}'s Weapon on "
                                f"{square_name(to)} and is destroyed: its path ends there", R_DESTROYED_PATH)
                    return Walk(to, turned, seat)
                turned = turned | {seat}
        return Walk(sq, turned, None)

    def _apply_walk(self, z: Zombie, walk: Walk, path: tuple[str, ...], mover: int) -> list[str]:
        s = self.s
        start = square_name(z.at)
        route = start
        sq = z.at
        for f in path:
            sq = step(sq, f)
            route += "-" + square_name(sq)
        notes = [f"the zombie moves {route}" if path else f"the zombie on {start} cannot move"]
        z.moved = True
        for seat in sorted(walk.turned, key=lambda i: path_index(z.at, path, s.players[i].at)):
            notes += self._turn(seat, f"is caught by the zombie on {square_name(s.players[seat].at)}")
        z.at = walk.end
        if walk.destroyed_by is not None:
            holder = s.players[walk.destroyed_by]
            holder.cards.remove(WEAPON)
            self._discard(s, [WEAPON])
            notes += self._destroy(z, walk.destroyed_by, square_name(walk.end))
        self._check_end()
        if self.over:
            return notes
        if all(o.moved for o in s.zombies):
            notes += self._end_zombie_phase()
        else:
            nxt = self._next_human(mover, include_self=False)
            s.zmover = nxt
            notes.append(f"{s.players[nxt].name} moves the next zombie")
        return notes

    # -- dice --------------------------------------------------------------------------

    def fill_dice(self, text: str, roll: Callable[[], int]) -> str:
        """``Ann: roll`` and ``Ann: zombie e1 roll [PATH]`` get the number from ``roll()``."""
        who, sep, what = text.partition(":")
        words = what.split()
        if not sep or not words:
            return text
        if [w.lower() for w in words] == ["roll"]:
            return f"{who.strip()}: roll {roll()}"
        if len(words) >= 3 and words[0].lower() == "zombie" and words[2].lower() == "roll" and \
                (len(words) == 3 or not words[3].isdigit()):
            return f"{who.strip()}: {' '.join(words[:3])} {roll()} {' '.join(words[3:])}".rstrip()
        return text

    # -- listings ----------------------------------------------------------------------

    def legal_events(self) -> list[Option]:
        """Every event legal now, complete, with what it would do."""
        if self.over:
            return []
        s, m = self.s, self.mansion
        seat = self.mover()
        p = s.players[seat]
        if s.pending:
            return list(self._placement_choice("").options)
        out: list[Option] = []
        if s.phase == "setup":
            for sq in sorted(m.room, key=lambda q: (q[0], q[1])):
                if self._start_problem(sq) is None:
                    out.append(Option(f"{p.name}: start {square_name(sq)}",
                                      f"{p.name} starts in the {m.room_name(m.room_of(sq))}"))
            return out
        if s.phase == "humans":
            if s.roll is None:
                for n in range(1, 7):
                    out.append(Option(f"{p.name}: roll {n}", f"{p.name} may move up to {n} step{'s' if n > 1 else ''}"
                                      + (" (discarding the Hiding Place)" if p.hiding else "")))
                out.append(Option(f"{p.name}: stop", f"{p.name} passes" + (" and stays hidden" if p.hiding else "")))
                return out
            for f in FACINGS:
                if self.step_problem(seat, f) is None:
                    out += self._step_options(seat, f)
            out.append(Option(f"{p.name}: stop", f"{p.name} ends the move"))
            return out
        for z, n, found in self._zombie_walks():
            longest = found.longest
            head = f"{p.name}: zombie {square_name(z.at)} roll {n}"
            for w, path in found.paths.items():
                desc = self._walk_text(w)
                if found.counts[w] > 1:
                    desc += f" (one of {found.counts[w]} paths to this result)"
                if longest != n:
                    desc += f" (no {n}-step path: {'it cannot move' if longest == 0 else f'a longest path of {longest}'})"
                out.append(Option(f"{head} {' '.join(path)}".rstrip(), desc))
        return out

    def _zombie_walks(self):
        """``(zombie, roll, found)`` for each zombie still to move (one per square) and
        each roll 1..6: the walks its searcher finds, as ``legal_events`` and
        ``legal_lines`` both list them."""
        seen: set[Square] = set()
        for z in self.s.zombies:
            if z.moved or z.at is None or z.at in seen:
                continue
            seen.add(z.at)
            searcher = self._walk_searcher(z)
            for n in range(1, 7):
                yield z, n, searcher(n)

    def legal_lines(self) -> list[str] | None:
        """The zombie phase's legal moves grouped for reading (issue 25): a line per
        zombie, then a line per roll listing each result as its path and the square it
        ends on, with whom it turns, a Weapon that destroys it and how many paths lead
        there; None outside the zombie phase (the listing is short there).  Every event
        it shows is one :meth:`legal_events` lists."""
        s = self.s
        if self.over or s.pending or s.phase != "zombies":
            return None
        name = s.players[self.mover()].name
        out = [f"{name} moves a zombie: '{name}: zombie SQUARE roll N PATH'. For each zombie and roll, "
               "each result with one path to it (any other path with the same result is legal too):"]
        for z, n, found in self._zombie_walks():
            if n == 1:
                out.append(f"zombie {square_name(z.at)}")
            items = []
            for w, path in found.paths.items():
                item = f"{' '.join(path)} {square_name(w.end)}" if path else "no step"
                extra = []
                if w.turned:
                    extra.append("turns " + ", ".join(s.players[i].name for i in sorted(w.turned)))
                if w.destroyed_by is not None:
                    extra.append(f"{s.players[w.destroyed_by].name}'s Weapon")
                if found.counts[w] > 1:
                    extra.append(f"{found.counts[w]} paths")
                items.append(item + (f" ({'; '.join(extra)})" if extra else ""))
            short = "" if found.longest == n else \
                f" (no {n}-step path: {'it cannot move' if found.longest == 0 else f'longest {found.longest}'})"
            out.append(f"  roll {n}{short}: " + " · ".join(items))
        return out

    def _step_options(self, seat: int, facing: str) -> list[Option]:
        """The complete step events ``facing`` for the mover, found by trying each
        completion on the engine itself (each option applies)."""
        p = self.s.players[seat]
        out: list[Option] = []

        def expand(text: str) -> None:
            try:
                applied = self._try(text)
            except ChoiceNeeded as need:
                for o in need.options:
                    expand(o.text)
                return
            out.append(Option(applied.text, "; ".join(applied.notes)))

        expand(f"{p.name}: {facing}")
        return out

    def _try(self, text: str) -> Applied:
        saved = self.s
        try:
            return self.apply(text)
        finally:
            self.s = saved

    def blocked_events(self) -> list[Blocked]:
        """For the mover in the middle of a move: each step not legal now, and why."""
        s = self.s
        if self.over or s.pending or s.phase != "humans" or s.roll is None:
            return []
        seat = self.mover()
        out = []
        for f in FACINGS:
            problem = self.step_problem(seat, f)
            if problem:
                out.append(Blocked(f"{s.players[seat].name}: {f}", *problem))
        return out

    # -- state -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        s = self.s
        nxt = self.mover()
        return {
            "game": self.name, "over": self.over, "winner": s.winner, "ending": s.ending,
            "round": s.round, "phase": s.phase,
            "next": None if nxt is None else s.players[nxt].name,
            "first_mover": s.players[s.first].name,
            "players": {p.name: {"human": p.human, "at": self.sq(p.at), "cards": list(p.cards),
                                 "hiding": p.hiding} | ({"out": p.out} if self.weapon_humans else {})
                        for p in s.players},
            "zombies": sorted(square_name(z.at) for z in s.zombies if z.at is not None),
            "destroyed": s.destroyed,
            "pile": sum(s.pile.values()), "discard": sum(s.discard.values()),
            "roll": s.roll, "steps_left": s.steps_left if s.roll is not None else None,
            "zombies_to_move": sorted(square_name(z.at) for z in s.zombies
                                      if s.phase == "zombies" and not z.moved and z.at is not None),
            "awaiting_exit": [s.players[p.seat].name if p.seat is not None else "zombie" for p in s.pending],
            "board": self.mansion.name, "variants": self.variants(),
        }


def path_index(start: Square, path: tuple[str, ...], sq: Square | None) -> int:
    cur = start
    for k, f in enumerate(path):
        cur = step(cur, f)
        if cur == sq:
            return k
    return len(path)


def _die(word: str) -> int:
    return die_roll(word, "a die roll is a number 1 to 6, not {!r}", 10)


def _direction(word: str) -> str:
    d = facing_word(word)
    if d is None:
        raise BadInputError(f"{word[:10]!r} is not a step: N, E, S or W")
    return d
