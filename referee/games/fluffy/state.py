"""The Zombies Want Fluffy position: pieces, cards, whose turn and its progress.

Every value a :class:`Position` holds is immutable (tuples, frozen zombies, frozen
hands and tallies), so :meth:`Position.copy` is a shallow copy: a move works on the
copy and replaces the attributes it changes (copy on write), and the position it came
from is never touched.  Squares are ``(file, rank)`` tuples counted from 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from referee.cards import Held, Tally
from referee.grid import Square

from .board import Board
from .scoring import points

_new = object.__new__

HAND_LIMIT = 5          #: both players (SETUP, DRAWING AND DISCARDING CARDS)
ZOMBIE_PLAYS = 3        #: cards the zombie player may play in a turn
FLUFFY_PLAYS = 5        #: cards Fluffy may play in a turn


class Zombie(NamedTuple):
    """A zombie on the board: ``name``, square ``at`` and ``facing`` (immutable)."""

    name: str
    at: Square
    facing: str = "S"


@dataclass
class Position:
    """Everything the rules need: the pieces, the cards, whose turn and its progress.
    Attributes hold immutable values only (see the module docstring)."""

    fluffy: Square | None            # None once Fluffy has escaped (he is at the exit)
    facing: str
    tree: bool
    zombies: tuple[Zombie, ...]      # in the order they came onto the board
    destroyed: tuple[str, ...]
    aside: tuple[str, ...]
    drawn: tuple[str, ...]           # zombie cards drawn so far
    pile: int                        # draw pile, zombie cards included
    fluffy_hand: Held
    zombie_hand: Held
    count: Tally
    discards: int = 0
    turn: str = "fluffy"
    turn_no: int = 1
    events: int = 0
    # Fluffy's turn
    discarded: bool = False
    drew: bool = False
    plays: int = 0
    sprinted: bool = False
    snag: str | None = None          # the card Fluffy just played, while it may be snagged
    # zombies' turn
    shambled: bool = False
    zplays: int = 0
    entered_flower: tuple[str, ...] = ()
    # the end
    winner: str | None = None
    ending: str | None = None

    def copy(self) -> "Position":
        """A shallow copy (the values are immutable: changing the copy means replacing
        its attributes)."""
        new = _new(Position)
        new.__dict__ = self.__dict__.copy()
        return new

    def zombie_index(self, name: str) -> int:
        for i, z in enumerate(self.zombies):
            if z.name == name:
                return i
        return -1


def score_of(s: Position) -> dict[str, int]:
    """Fluffy's match-play score in a position (MATCH PLAY): ``tree`` 1, ``zombies`` 1
    for each zombie on the board or destroyed by the flower, ``dawn`` 1 for Dawn's Early
    Light, ``escape`` 3, and their ``total``."""
    return points(s.tree, len(s.zombies) + len(s.destroyed), s.ending)


@dataclass(frozen=True)
class Rules:
    """Set-up choices: the board, the deck and the designer's variants (DESIGNER'S NOTES).
    ``deck_given`` is False when no ``[Deck]`` tag named the deck: the project's own
    mix then stands in for the pile size only, and card counts are not checked."""

    board: Board
    deck: dict[str, int]
    hand_size: int = HAND_LIMIT       #: Fluffy's hand size (a handicap)
    some_zombies: bool = False        #: zombie cards move any one or more zombies, not all
    zombie_hand_hidden: bool = False  #: the zombie player keeps every card face down
    fluffy_hand_open: bool = False    #: Fluffy plays with his hand face up
    opening_clock: int | None = None  #: seconds Fluffy may take for his zombie-free opening
    deck_given: bool = True           #: a [Deck] tag named the deck (counts are checked)

    @property
    def plays_per_turn(self) -> int:
        """The most cards Fluffy may play in one turn: "one to five" (MOVING WITH
        MOVEMENT CARDS), and as many as his hand holds when the hand-size handicap
        changes it (DESIGNER'S NOTES): 6 with ``HandSize 6``, 4 with ``HandSize 4``."""
        return self.hand_size
