"""Squares and facings on a rectangular grid, shared by the grid games.

Squares are named as in chess: files ``a``.. from the west, ranks ``1``.. from the
south; internally a square is ``(file, rank)`` counted from 0.  Facings are the
compass points ``N``, ``E``, ``S``, ``W``; north is the top of the map.

>>> square_name((1, 2))
'b3'
>>> parse_square("b3")
(1, 2)
>>> turn_left("N"), turn_right("N"), turn_back("E")
('W', 'E', 'W')
>>> step((1, 2), "S")
(1, 1)
"""

from __future__ import annotations

from .errors import BadInputError
from .numbers import is_number

Square = tuple[int, int]

FACINGS = ("N", "E", "S", "W")
#: Square names run from file ``a`` to ``z`` and rank 1 to 99: no board is larger.
MAX_FILES = 26
MAX_RANKS = 99
_DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
#: The words a player may type for a facing (any case), by facing.
FACING_WORDS = {"n": "N", "e": "E", "s": "S", "w": "W", "north": "N", "east": "E", "south": "S", "west": "W"}


_NAMES: dict[Square, str] = {}  # square_name's answers so far (at most 26 x 99)


def square_name(sq: Square) -> str:
    """``(file, rank)`` from 0 -> ``b3``; a square off every board (past ``z`` or below
    rank 1, e.g. the one beyond the gate) is named ``off the board``, so that a message
    naming it never fails.  Names are remembered: the engines name a square in the
    notes of every move.

    >>> square_name((4, -1)), square_name((26, 0)), square_name((25, 98))
    ('off the board', 'off the board', 'z99')
    """
    try:
        return _NAMES[sq]
    except (KeyError, TypeError):
        pass
    f, r = sq
    if not (0 <= f < MAX_FILES and 0 <= r < MAX_RANKS):
        return "off the board"
    name = f"{chr(ord('a') + f)}{r + 1}"
    if type(sq) is tuple and type(f) is int and type(r) is int:
        _NAMES[sq] = name
    return name


def parse_square(text: str) -> Square:
    """``b3`` -> ``(1, 2)``; :class:`BadInputError` if it is not a square name."""
    t = text.strip().lower()
    if len(t) < 2 or not ("a" <= t[0] <= "z") or not is_number(t[1:]) or int(t[1:]) < 1:
        raise BadInputError(f"{text!r} is not a square (files a.., ranks 1..: e.g. b3)")
    return (ord(t[0]) - ord("a"), int(t[1:]) - 1)


def facing_word(text: str) -> str | None:
    """``n``/``N``/``North`` (spaces around allowed) -> ``N``; None for any other word.

    >>> facing_word(" west"), facing_word("up")
    ('W', None)
    """
    return FACING_WORDS.get(text.strip().lower())


def parse_facing(text: str) -> str:
    """``n``/``N``/``north`` -> ``N``; :class:`BadInputError` otherwise."""
    facing = facing_word(text)
    if facing is None:
        raise BadInputError(f"{text!r} is not a facing (N, E, S or W)")
    return facing


def turn_left(facing: str) -> str:
    """The facing 90 degrees to the left (counter-clockwise)."""
    return FACINGS[(FACINGS.index(facing) - 1) % 4]


def turn_right(facing: str) -> str:
    """The facing 90 degrees to the right (clockwise)."""
    return FACINGS[(FACINGS.index(facing) + 1) % 4]


def turn_back(facing: str) -> str:
    """The opposite facing."""
    return FACINGS[(FACINGS.index(facing) + 2) % 4]


def step(sq: Square, facing: str) -> Square:
    """The square one step from ``sq`` towards ``facing`` (may lie off the map)."""
    dx, dy = _DELTA[facing]
    return (sq[0] + dx, sq[1] + dy)


def facing_towards(frm: Square, to: Square) -> str | None:
    """The facing that points from ``frm`` straight at ``to`` along a row or column, else None."""
    if frm == to:
        return None
    if frm[1] == to[1]:
        return "E" if to[0] > frm[0] else "W"
    if frm[0] == to[0]:
        return "N" if to[1] > frm[1] else "S"
    return None


#: The mark of an edge south of a square in a one-line-a-rank picture, in plain text:
#: the square's free second character, else a combining mark under both characters.
SOUTH_MARKS = {"wall": ("_", "\u0332"), "bug": ("≈", "\u0330"), "door": ("=", "\u0333")}


def mark_south(text: str, edge: str | None) -> str:
    """The two characters of a square in a compact (one line a rank) picture with the
    edge south of it written in, so that the mark survives plain text (no colour, a
    pipe, a copied screen: issue 25): a free (blank) character, the second or else the
    first, becomes ``_`` (wall), ``≈`` (bug) or ``=`` (door); a square whose two
    characters are taken (a piece, a grave) gets a combining low line, tilde below or
    double low line under each.
    ``edge`` None (open ground) leaves the text as it is.

    >>> mark_south("· ", "wall"), mark_south("k ", "door"), mark_south(" .", "wall")
    ('·_', 'k=', '_.')
    >>> mark_south("G↑", None)
    'G↑'
    >>> mark_south("G↑", "wall") == "G\u0332↑\u0332"
    True
    """
    if edge not in SOUTH_MARKS:
        return text
    free, combining = SOUTH_MARKS[edge]
    if text[1:] == " ":
        return text[0] + free
    if text[:1] == " " and len(text) == 2:
        return free + text[1]
    return "".join(ch + combining for ch in text)
