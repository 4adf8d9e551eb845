"""The Zombie Attack position: the players, the zombies, the cards and whose move it is,
with the set-up that stays fixed (:class:`Rules`) and the questions every part asks of a
position (who moves next, who stands where).

A stored :class:`State` is never changed.  An event works on a shallow copy
(:meth:`State.copy`) and copies each part it changes before changing it (copy on
write: :class:`.rules.Turn`), so the position it came from, and every earlier one,
stays as it was.  :meth:`State.clone` is the full copy for callers that change a
position by hand (the advisor's what-ifs, tests).  Squares are ``(file, rank)``
tuples counted from 0.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.grid import Square

from .board import Mansion
from .notation import HIDING

_new = object.__new__
_counter_new = dict.__new__

START_ZOMBIES = 6


@dataclass(frozen=True)
class Rules:
    """What a game fixes at set-up: the ``mansion``, the card ``composition`` and the
    variants (``keep`` cards a hand, Hiding Places that ``halt``, zombies that
    ``zombie_return`` at a door, ``weapon_humans`` ``None``, ``"out"`` or ``"closet"``)."""

    mansion: Mansion
    keep: int = 1
    halt: bool = False
    zombie_return: bool = False
    weapon_humans: str | None = None


@dataclass
class Player:
    """A seat: its ``name``, whether ``human`` (else a zombie player), the square ``at`` (None
    before set-up, or while sent away), the ``cards`` held, ``escaped`` and ``out``."""
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

    def copy(self) -> "Player":
        """A copy with its own hand."""
        new = _new(Player)
        d = new.__dict__
        d.update(self.__dict__)
        d["cards"] = list(self.cards)
        return new


@dataclass
class Zombie:
    """A zombie token: its square ``at`` and whether it has ``moved`` this zombie phase."""
    at: Square | None           # None while waiting to be placed at an exit
    moved: bool = False

    def copy(self) -> "Zombie":
        """A copy of the token."""
        return Zombie(self.at, self.moved)


@dataclass
class Pending:
    """A placement the player ``namer`` must name (``Cat: to back``): of zombie player
    ``seat``, of the zombie at index ``zombie`` (with ``[ZombieReturn "door"]``; zombies
    are never removed then, so the index holds), or with ``closet`` the Linen Closet
    square of human ``seat`` a Weapon sent there."""

    namer: int
    seat: int | None = None
    zombie: int | None = None
    closet: bool = False          # a human a Weapon sends to the Linen Closet names its square


@dataclass
class State:
    """The position: ``players`` in seat order, ``zombies``, the draw ``pile`` and ``discard``
    (Counters), the counts and whose move it is (``phase``, ``first``, ``order``, the
    mover's ``roll``, ``steps_left`` and ``visited`` squares, ``zmover``), the placements
    ``pending`` and the end (``winner``, ``ending``)."""
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
    visited: frozenset = frozenset()
    zmover: int | None = None
    pending: tuple = ()                  # of Pending, never changed in place
    winner: str | None = None
    ending: str | None = None
    last_roll: int | None = None

    def copy(self) -> "State":
        """A shallow copy: the parts are shared and must be copied before changing
        (:class:`.rules.Turn` does)."""
        new = _new(State)
        new.__dict__.update(self.__dict__)
        return new

    def clone(self) -> "State":
        """A copy sharing nothing mutable with this state, for changing by hand."""
        new = self.copy()
        new.players = [p.copy() for p in self.players]
        new.zombies = [z.copy() for z in self.zombies]
        new.pile, new.discard = counter(self.pile), counter(self.discard)
        new.visited = frozenset(self.visited)
        new.pending = tuple(Pending(p.namer, p.seat, p.zombie, p.closet) for p in self.pending)
        return new


def counter(src: dict) -> Counter:
    """A copy of the Counter ``src``, keeping its order (faster than ``Counter(src)``)."""
    new = _counter_new(Counter)
    dict.update(new, src)
    return new


# -- questions every part asks of a position ----------------------------------------------

def over(s: State) -> bool:
    """True once the game has ended."""
    return s.ending is not None


def mover(s: State) -> int | None:
    """The seat that acts next (None once the game is over)."""
    if s.ending is not None:
        return None
    if s.pending:
        return s.pending[0].namer
    if s.phase == "setup":
        return next(i for i, p in enumerate(s.players) if p.at is None)
    if s.phase == "humans":
        return (s.first + s.order) % len(s.players)
    return s.zmover


def next_human(s: State, seat: int, include_self: bool) -> int | None:
    """The first human clockwise from ``seat`` (``seat`` itself first when
    ``include_self``), or None when nobody is human."""
    players = s.players
    n = len(players)
    for k in range(0 if include_self else 1, n + 1):
        i = (seat + k) % n
        if players[i].human:
            return i
    return None


def zombies_at(s: State, sq: Square) -> list[Zombie]:
    """The zombies on square ``sq``."""
    return [z for z in s.zombies if z.at == sq]


def humans_at(s: State, sq: Square) -> list[int]:
    """The seats of the humans on square ``sq``."""
    return [i for i, p in enumerate(s.players) if p.human and p.at == sq]


def zplayers_at(s: State, sq: Square) -> list[int]:
    """The seats of the zombie players on square ``sq``."""
    return [i for i, p in enumerate(s.players) if not p.human and p.at == sq]


def closet_squares(m: Mansion) -> list[Square]:
    """The squares of the room named Linen closet (case aside), west to east, north first
    (kept with the mansion, which never changes)."""
    out = m.__dict__.get("_closet")
    if out is None:
        letters = {k for k, v in m.rooms.items() if v.strip().lower() == "linen closet"}
        out = m.__dict__["_closet"] = sorted((sq for sq, r in m.room.items() if r in letters),
                                             key=lambda q: (-q[1], q[0]))
    return out


def free_closet_squares(m: Mansion, s: State, leaving: Square | None = None) -> list[Square]:
    """Linen Closet squares no token stands on (``leaving`` counts as taken: the
    attacker stands there)."""
    taken = {p.at for p in s.players if p.at is not None} | {z.at for z in s.zombies if z.at is not None}
    return [sq for sq in closet_squares(m) if sq not in taken and sq != leaving]
