"""The Zombies!!! quick-play position: the set-up, each player's books, the board's
books and the step of the turn.

A :class:`State` is frozen and holds immutable values only (tuples, frozen seats and
bidding, the shared set-up), so it is never changed once stored.  An event is worked
out on a :class:`Work` copy of it (a shallow copy of its attributes: a change rebinds
an attribute, and a seat is replaced, never changed), which :meth:`Work.freeze` turns
into the next :class:`State` (copy on write).  Both read the position through
:class:`Books`, the derived values the rules and the pictures use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .tiles import TileData

# -- numbers the rules fix ----------------------------------------------------------------

KILLS_TO_WIN = {2: 21, 3: 19, 4: 17, 5: 15, 6: 13}
DEFAULT_TILES = 29          #: base game map tiles besides the Town Square
DEFAULT_EVENTS = 41         #: base game's 50 event cards less the 9 quick play removes
QUICK_PLAY_TILES = 10       #: the Helipad group put at the bottom of the deck
REMOVED_PER_PLAYER = 2      #: tiles removed unseen from the bottom per player
HAND = 3
START_LIFE = START_AMMO = START_GUTS = 3
LIFE_CAP = 5
GUTS_CAP = 5
REFILL = 3                  #: the Town Square refill level
REPOPULATE = 10             #: zombies placed when a turn ends with none in play
KILL = 4                    #: a plain zombie dies on 4..6
HARD_KILL = 5               #: enhanced zombies and zombie dogs die on 5..6
SPELL = 6
START_SEWER = 2             #: Six Feet Under: sewer tokens each

_new = object.__new__


def _set_dict(obj: Any, d: dict[str, Any]) -> None:
    """Give a new frozen object its attributes at once (it is not shared yet)."""
    object.__setattr__(obj, "__dict__", d)


def kill_number(kind: str | None) -> int:
    """The lowest roll that kills: 4, or 5 for an enhanced zombie or a zombie dog."""
    return KILL if kind is None else HARD_KILL


@dataclass(frozen=True)
class Seat:
    """One player's books (immutable: :meth:`but` gives a changed copy).  ``bonus`` is
    the bonus last written for each weapon in play (ruling 22), as ``(lower-case name,
    bonus)`` pairs in the order first written."""

    name: str
    life: int = START_LIFE
    ammo: int = START_AMMO
    kills: int = 0
    hand: int = HAND
    event_round: bool = False
    in_play: tuple[str, ...] = ()
    guts: int = START_GUTS
    sewer: int = START_SEWER
    bonus: tuple[tuple[str, int], ...] = ()

    def but(self, **changes: Any) -> "Seat":
        """A copy with ``changes`` (field names to values); ``self`` is not changed."""
        new = _new(Seat)
        _set_dict(new, {**self.__dict__, **changes})
        return new

    def bonus_of(self, card: str) -> int | None:
        """The bonus written for ``card`` (lower-case name), or None."""
        for key, value in self.bonus:
            if key == card:
                return value
        return None


def with_bonus(bonus: tuple[tuple[str, int], ...], key: str, value: int) -> tuple[tuple[str, int], ...]:
    """``bonus`` with ``key`` set to ``value`` (in its place if written before, else last).

    >>> with_bonus((("axe", 1), ("saw", 2)), "axe", 3)
    (('axe', 3), ('saw', 2))
    """
    if any(k == key for k, _ in bonus):
        return tuple((k, value if k == key else v) for k, v in bonus)
    return bonus + ((key, value),)


class Tokens(NamedTuple):
    """The ammo and life tokens on the board."""

    ammo: int = 0
    life: int = 0


@dataclass(frozen=True)
class Bidding:
    """Helipad bidding: the ``order`` of seats, who ``passed``, the ``high`` bid and
    its ``leader``, and the index ``at`` of the seat due to bid."""

    order: tuple[int, ...]
    passed: frozenset[int] = frozenset()
    high: int | None = None
    leader: int | None = None
    at: int = 0


@dataclass(frozen=True, eq=False)
class Setup:
    """What no event changes: the seats' ``names`` (and their lookup ``index``), the
    tile and event counts the set-up gave, the expansions and the tile data; with
    the numbers they fix (``kills_to_win``, ``helipad_window``).  ``key`` names the
    set-up for the parse cache: equal keys parse every text alike."""

    names: tuple[str, ...]
    tiles_total: int
    events_total: int
    expansions: tuple[str, ...]
    data: TileData
    tile_data_tag: str | None
    index: dict[str, int]
    key: int

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def kills_to_win(self) -> int:
        return KILLS_TO_WIN[len(self.names)]

    @property
    def helipad_window(self) -> int:
        return QUICK_PLAY_TILES - REMOVED_PER_PLAYER * len(self.names)


class Books:
    """The derived values of a position, shared by :class:`State` and :class:`Work`."""

    setup: Setup
    players: tuple[Seat, ...]

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def n(self) -> int:
        return len(self.players)

    def has(self, expansion: str) -> bool:
        return expansion in self.setup.expansions

    def hand_limit(self, seat: int) -> int:
        """Three, or with School's Out Forever the guts held (at least one)."""
        if "schools-out" in self.setup.expansions:
            return max(1, self.players[seat].guts)
        return HAND

    def draw_count(self) -> int:
        """Cards the player to move must draw now: back up to the hand limit, or what the
        event deck and the discard pile hold together (rulings 10 and 15: an empty deck
        is refilled from the discards during the draw)."""
        p = self.seat
        need = max(0, self.hand_limit(p) - self.players[p].hand)
        return min(need, self.events_left + self.discards)

    @property
    def to_move(self) -> int | None:
        """The seat due to act: the bidder during bidding, else the turn's player."""
        if self.winner is not None:
            return None
        if self.phase == "bid":
            return self.bidding.order[self.bidding.at]
        return self.seat

    @property
    def turn_step(self) -> str | None:
        """The spec's ``step``: the next step of the turn."""
        if self.winner is not None:
            return None
        if self.phase in ("tile", "bid", "discard"):
            return self.phase
        if self.fight_open:
            return "fight"
        if self.phase == "start":
            if self.start_fights == 0 and not self.drawn:
                return "fight"
            if not self.drawn and self.draw_count() > 0:
                return "draw"
            return "roll"
        # ruling 16: `move` until the zombie roll, also with nothing left to move (a
        # fight right after the last move, a pick or the Town Square may still come)
        return "move"

    def start_fight_cap(self) -> int:
        """Start-of-turn fights allowed: one, or three with The End (two dogs and a
        zombie may share a space)."""
        return 3 if "the-end" in self.setup.expansions else 1

    def left_to_move(self) -> int:
        """Spaces of the allowance not yet moved (0 when stopped or before the roll)."""
        if self.allowance is None or self.stopped or self.move_over:
            return 0
        return self.allowance - self.moved

    def pages(self, seat: int | None = None) -> int:
        """Page cards in play (The End): in front of anyone, or of ``seat``."""
        seats = self.players if seat is None else (self.players[seat],)
        return sum(1 for p in seats for c in p.in_play if c.lower().startswith("page"))

    def in_play(self, seat: int, card: str) -> str | None:
        """The card as spelled in front of ``seat``, or None when it is not in play."""
        key = card.lower()
        return next((c for c in self.players[seat].in_play if c.lower() == key), None)

    def known_weapons(self, seat: int) -> list[tuple[str, int]]:
        """The cards in ``seat``'s play whose weapon bonus has been written in a fight,
        with that bonus, sorted by name (ruling 22: the referee knows no printed bonus)."""
        p = self.players[seat]
        bonus = dict(p.bonus)
        return sorted(((c, bonus[c.lower()]) for c in p.in_play if c.lower() in bonus),
                      key=lambda cb: cb[0].lower())

    def life_cost(self, seat: int, kind: str | None) -> int:
        """Life a lost roll costs: 1, or half the life held (rounded up) against a dog."""
        life = self.players[seat].life
        return max(1, -(-life // 2)) if kind == "dog" else 1

    def fight_options(self, seat: int, roll: int, kind: str | None, bonus: int = 0) -> list[str]:
        """The ways to pay a losing roll (the weapon bonus counted, ruling 22): ``ammo``
        and/or ``life`` (none: a kill is lost)."""
        k = kill_number(kind)
        total = roll + bonus
        if total >= k:
            return []
        p = self.players[seat]
        out = []
        if p.ammo >= k - total:
            out.append("ammo")
        if p.life > 0:
            out.append("life")
        return out


@dataclass(frozen=True)
class State(Books):
    """The position: every value immutable (see the module docstring)."""

    setup: Setup = field(compare=False)
    players: tuple[Seat, ...]
    tiles_left: int
    helipad: str                          # unseen, placed, gone
    events_left: int
    discards: int = 0
    zombies: int = 0
    tokens: Tokens = Tokens()
    placed: tuple[str, ...] = ()          # named tiles placed, lower case
    turns: int = 0
    seat: int = 0
    phase: str = "tile"                   # tile, bid, start, move, discard, over
    bidding: Bidding | None = None
    winner: int | None = None
    ending: str | None = None
    # the turn's progress (set again at each new turn: TURN_START)
    start_life: int = START_LIFE
    start_fights: int = 0
    start_kills: int = 0
    drawn: bool = False
    allowance: int | None = None
    moved: int = 0
    picks: int = 0
    stopped: bool = False
    move_over: bool = False
    fight_open: str | None = None         # "zombie", "dog", "enhanced" while a fight goes on
    fight_weapon: tuple[str, int] | None = None  # the weapon of the open fight's last roll
    fights_here: int | None = None        # fights since the last move (None: no move yet)
    spelled: bool = False
    last_zombie_roll: tuple[int, tuple[int, ...] | None] | None = None

    def but(self, **changes: Any) -> "State":
        """A copy with ``changes``; ``self`` is not changed."""
        new = _new(State)
        _set_dict(new, {**self.__dict__, **changes})
        return new

    def with_seat(self, seat: int, **changes: Any) -> "State":
        """A copy with player ``seat``'s books changed; ``self`` is not changed."""
        players = list(self.players)
        players[seat] = players[seat].but(**changes)
        return self.but(players=tuple(players))

    def work(self) -> "Work":
        """A working copy to apply one event to (this state is not changed)."""
        w = _new(Work)
        w.__dict__ = self.__dict__.copy()
        return w


#: The turn's progress at the start of a turn, but ``start_life`` (the life then held).
TURN_START = {"start_fights": 0, "start_kills": 0, "drawn": False, "allowance": None,
              "moved": 0, "picks": 0, "stopped": False, "move_over": False, "fight_open": None,
              "fight_weapon": None, "fights_here": None, "spelled": False, "last_zombie_roll": None}


class Work(Books):
    """A :class:`State` being changed by one event: the same attributes, rebound, never
    changed in place (seats are replaced with :meth:`edit`).  :meth:`freeze` gives the
    new state."""

    def edit(self, seat: int, **changes: Any) -> Seat:
        """Replace player ``seat``'s books by a copy with ``changes``; returns it."""
        players = list(self.players)
        p = players[seat] = players[seat].but(**changes)
        self.players = tuple(players)
        return p

    def freeze(self) -> State:
        """The new state: it takes this copy's attributes (the work copy is done with)."""
        s = _new(State)
        _set_dict(s, self.__dict__)
        self.__dict__ = {}   # detached: changing it now cannot reach the state
        return s


def initial_state(setup: Setup) -> State:
    """The position before the first event: each player with 3 life, 3 ammo, 3 event
    cards; the tiles and event cards the set-up leaves (rulebook: Game Setup)."""
    n = setup.n
    window = setup.helipad_window
    return State(setup=setup, players=tuple(Seat(p) for p in setup.names),
                 tiles_left=setup.tiles_total - REMOVED_PER_PLAYER * n,
                 helipad="unseen" if window > 0 else "gone",
                 events_left=setup.events_total - HAND * n, start_life=START_LIFE)
