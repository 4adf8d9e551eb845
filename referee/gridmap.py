"""A generic parser for the grid maps of the grid games (Zombie Attack's mansion and any
later board drawn the same way).

A map is 2H+1 lines of 2W+1 characters for a board W wide and H high (a short line is
padded with spaces).  Cells sit at odd lines and odd columns; the character between
two cells of a line (odd line, even column) is the edge between them; the character
between two cells of a column (even line, odd column) is the edge between those;
corners (even line, even column) are ignored.  The outermost lines and columns are the
border.  What each character means is the game's business: this module only reads the
grid and remembers where in the file every character came from, so that a game can
refuse a bad board naming its line and column.

Squares are named as in chess (:mod:`referee.grid`): files ``a``.. from the west,
ranks ``1``.. from the south; north is the top of the map.

>>> m = parse_grid("+-+-+\\n|a b|\\n+-+=+", first_line=3)
>>> m.width, m.height, m.cells[(0, 0)].char, m.cells[(1, 0)].line, m.cells[(1, 0)].col
(2, 1, 'a', 4, 4)
>>> m.edges[((0, 0), "E")].char, m.border[((1, 0), "S")].char
(' ', '=')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import BadInputError
from .grid import MAX_FILES, MAX_RANKS, Square, step


@dataclass(frozen=True)
class Mark:
    """One character of the map and where it stands in the file (1-based)."""

    char: str
    line: int
    col: int


@dataclass
class GridMap:
    """A map read cell by cell.

    ``cells`` maps each square to its :class:`Mark`; ``edges`` maps ``(square, facing)``
    to the mark between that square and its neighbour (stored for both squares, spaces
    included); ``border`` maps ``(square, facing)`` to the mark on the map's border on
    that side of the square.
    """

    width: int
    height: int
    first_line: int
    cells: dict[Square, Mark] = field(default_factory=dict)
    edges: dict[tuple[Square, str], Mark] = field(default_factory=dict)
    border: dict[tuple[Square, str], Mark] = field(default_factory=dict)

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def side(self, sq: Square, facing: str) -> Mark:
        """The mark on side ``facing`` of ``sq``: an edge, or the border."""
        return self.edges.get((sq, facing)) or self.border[(sq, facing)]

    def neighbour(self, sq: Square, facing: str) -> Square | None:
        """The square beyond side ``facing`` of ``sq``, or None off the map."""
        nxt = step(sq, facing)
        return nxt if self.on_board(nxt) else None


def board_error(msg: str, line: int | None = None, col: int | None = None) -> BadInputError:
    """``bad board: line L, column C: msg`` as a :class:`BadInputError`."""
    where = ""
    if line is not None:
        where = f"line {line}" + (f", column {col}" if col is not None else "") + ": "
    return BadInputError(f"bad board: {where}{msg}")


def check_size(width: int, height: int, line: int | None = None) -> None:
    """:class:`BadInputError` (naming ``line``) when a board ``width`` x ``height`` has
    squares without a name: files run ``a`` to ``z`` (:data:`~referee.grid.MAX_FILES`)
    and ranks 1 to 99 (:data:`~referee.grid.MAX_RANKS`)."""
    if width > MAX_FILES:
        raise board_error(f"the map is {width} squares wide; files run from a to z, so a board is at most "
                          f"{MAX_FILES} wide", line)
    if height > MAX_RANKS:
        raise board_error(f"the map is {height} squares high; ranks run from 1 to {MAX_RANKS}, so a board "
                          f"is at most {MAX_RANKS} high", line)


def key_line(text: str, key: str, after: int = 0) -> int | None:
    """File line (1-based) where ``key = ...`` (or a ``[key]`` table) is written, at or
    after line ``after``; None when not found."""
    want = key.strip().lower()
    for i, raw in enumerate(text.splitlines(), start=1):
        if i < after:
            continue
        s = raw.strip()
        if s.lower() == want:
            return i
        if "=" in s and s.split("=", 1)[0].strip().strip("\"'").lower() == want:
            return i
    return None


def map_first_line(text: str, key: str = "map") -> int:
    """File line (1-based) of the first row of the multi-line string ``key`` (1 when it
    cannot be found)."""
    for i, raw in enumerate(text.splitlines(), start=1):
        s = raw.strip()
        if s.split("=", 1)[0].strip() == key and "=" in s:
            after = s.split("=", 1)[1].strip()
            for quote in ('"""', "'''"):
                if after.startswith(quote):
                    return i if after[3:].strip() else i + 1
            return i
    return 1


def load_toml(text: str) -> dict:
    """The TOML document ``text``; :class:`BadInputError` naming its line when invalid."""
    from .files import load_toml as bounded

    try:
        return bounded(text, "bad board")
    except BadInputError as exc:  # "bad board: not valid TOML (...)"
        raise BadInputError(exc.message) from None


def parse_grid(raw_map: str, first_line: int = 1) -> GridMap:
    """Read the map string ``raw_map`` whose first row is file line ``first_line``.

    Checks only the shape (odd line count, odd width, at least one cell);
    :class:`BadInputError` with the line otherwise.
    """
    lines = raw_map.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise board_error(f"the map has {len(lines)} lines; a board H squares high needs 2H+1",
                          first_line)
    longest = max(len(line.rstrip()) for line in lines)
    if longest < 3 or longest % 2 == 0:
        row = next(i for i, line in enumerate(lines) if len(line.rstrip()) == longest)
        raise board_error(f"the map is {longest} characters wide; a board W squares wide needs 2W+1",
                          first_line + row, longest)
    height, width = (len(lines) - 1) // 2, (longest - 1) // 2
    check_size(width, height, first_line)
    grid = [line.ljust(longest) for line in lines]
    out = GridMap(width, height, first_line)

    def square(r: int, c: int) -> Square:
        return ((c - 1) // 2, height - 1 - (r - 1) // 2)

    last_r, last_c = len(grid) - 1, longest - 1
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if r % 2 == 0 and c % 2 == 0:
                continue
            mark = Mark(ch, first_line + r, c + 1)
            if r % 2 == 1 and c % 2 == 1:
                out.cells[square(r, c)] = mark
            elif r % 2 == 0:  # between two ranks
                if r == 0:
                    out.border[(square(1, c), "N")] = mark
                elif r == last_r:
                    out.border[(square(r - 1, c), "S")] = mark
                else:
                    out.edges[(square(r - 1, c), "S")] = mark
                    out.edges[(square(r + 1, c), "N")] = mark
            else:  # between two files
                if c == 0:
                    out.border[(square(r, 1), "W")] = mark
                elif c == last_c:
                    out.border[(square(r, c - 1), "E")] = mark
                else:
                    out.edges[(square(r, c - 1), "E")] = mark
                    out.edges[(square(r, c + 1), "W")] = mark
    return out


__all__ = ["GridMap", "Mark", "board_error", "check_size", "key_line", "load_toml", "map_first_line", "parse_grid"]
