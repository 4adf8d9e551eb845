"""Zombies Want Fluffy boards: the yard as data (``docs/fluffy.md``, "Board files").

A board is a TOML file with ``name``, a ``map`` drawn in characters and a ``[graves]``
table.  Cells sit at odd lines and odd columns of the map (``.`` plain, ``T`` the tree,
``F`` the pink flower, Fluffy's start); edges between them are ``-`` wall, ``~`` bug,
``=`` the gate (only on the south border, under ``F``) and ``|`` wall.  The border is a
wall everywhere but the gate.  Rulebook: SETUP, BOUNCING, MAGICAL PINK FLOWER.

>>> b = load_board("default")
>>> b.width, b.height, b.sq(b.tree), b.sq(b.flower)
(12, 12, 'a12', 'l1')
>>> b.edge(b.flower, "S")
'gate'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from referee.errors import BadInputError
from referee.paths import data_text
from referee.gridmap import board_error, check_size, key_line, load_toml, map_first_line
from referee.grid import FACINGS, Square, parse_square, square_name, step

ZOMBIE_NAMES = ("George", "Romero", "Campbell", "Raimi")

_CELL = {".", "T", "F"}
_HEDGE = {" ": None, "-": "wall", "~": "bug", "=": "gate"}   # between ranks (even line)
_VEDGE = {" ": None, "|": "wall"}                            # between files (odd line)


@dataclass
class Board:
    """A yard ``width`` x ``height`` squares.

    ``edges`` maps ``(square, facing)`` to the obstacle met when leaving ``square``
    towards ``facing``: ``"wall"``, ``"bug"`` or ``"gate"`` (both directions are
    stored).  Leaving the map is a wall except through the gate.
    """

    name: str
    width: int
    height: int
    tree: Square
    flower: Square
    graves: dict[str, Square]
    edges: dict[tuple[Square, str], str] = field(default_factory=dict)
    source: str = ""

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def sq(self, sq: Square) -> str:
        """Square name, e.g. ``b3``."""
        return square_name(sq)

    def edge(self, sq: Square, facing: str) -> str | None:
        """The obstacle on the side ``facing`` of ``sq``: ``wall``, ``bug``, ``gate`` or None."""
        kind = self.edges.get((sq, facing))
        if kind:
            return kind
        return None if self.on_board(step(sq, facing)) else "wall"

    def bug_between(self, a: Square, b: Square) -> bool:
        """Whether a bug lies on an edge between two squares of the same file."""
        if a[0] != b[0]:
            return False
        lo, hi = sorted((a[1], b[1]))
        return any(self.edges.get(((a[0], r), "N")) == "bug" for r in range(lo, hi))

    @cached_property
    def exits(self) -> dict[tuple[Square, str], tuple[str | None, Square]]:
        """``(square, facing) -> (obstacle, next square)`` for every square of the yard:
        the table the rules read on every step (boards are not changed once built)."""
        return {((f, r), d): (self.edge((f, r), d), step((f, r), d))
                for f in range(self.width) for r in range(self.height) for d in FACINGS}

    def to_json(self) -> dict:
        walls = sorted({(square_name(s), f) for (s, f), k in self.edges.items()
                        if k == "wall" and f in ("N", "E")})
        bugs = sorted({square_name(s) for (s, f), k in self.edges.items() if k == "bug" and f == "N"})
        return {"name": self.name, "width": self.width, "height": self.height,
                "tree": square_name(self.tree), "flower": square_name(self.flower),
                "gate": square_name(self.flower) + " S",
                "graves": {n: square_name(s) for n, s in self.graves.items()},
                "walls": [f"{s} {f}" for s, f in walls], "bugs_north_of": bugs}


@lru_cache(maxsize=32)
def parse_board(text: str, origin: str = "board") -> Board:
    """Parse a board file's ``text``; :class:`BadInputError` naming the file line and
    column of the first problem (``bad board: line 4, column 7: ...``)."""
    data = load_toml(text)
    unknown = set(data) - {"name", "map", "graves"}
    if unknown:
        raise board_error(f"unknown key {sorted(unknown)[0]!r} (a board has name, map and [graves])",
                   key_line(text, sorted(unknown)[0]))
    name = data.get("name", origin)
    if not isinstance(name, str):
        raise board_error("name must be a string", key_line(text, "name"))
    raw_map = data.get("map")
    if not isinstance(raw_map, str) or not raw_map.strip():
        raise board_error("the board has no map (a multi-line string)", key_line(text, "map"))
    first = map_first_line(text)
    lines = raw_map.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise board_error(f"the map has {len(lines)} lines; a board H high needs 2H+1", first)
    height = (len(lines) - 1) // 2
    longest = max(len(line.rstrip()) for line in lines)
    if longest < 3 or longest % 2 == 0:
        raise board_error(f"the map is {longest} characters wide; a board W wide needs 2W+1", first)
    width = (longest - 1) // 2
    check_size(width, height, first)
    grid = [line.ljust(longest) for line in lines]

    def at(r: int, c: int) -> tuple[int, int]:  # file line and column (1-based) of map (r, c)
        return first + r, c + 1

    def cell(r: int, c: int) -> Square:  # map position of a cell -> square
        return ((c - 1) // 2, height - 1 - (r - 1) // 2)

    edges: dict[tuple[Square, str], str] = {}
    tree = flower = None
    gate: tuple[int, int] | None = None
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if r % 2 == 0 and c % 2 == 0:
                continue  # corners are ignored
            border = r in (0, len(grid) - 1) or c in (0, len(row) - 1)
            if r % 2 == 1 and c % 2 == 1:
                if ch not in _CELL:
                    raise board_error(f"{ch!r} is not a cell: use '.', 'T' (tree) or 'F' (flower)", *at(r, c))
                sq = cell(r, c)
                if ch == "T":
                    if tree is not None:
                        raise board_error("a second tree 'T': a board has exactly one", *at(r, c))
                    tree = sq
                elif ch == "F":
                    if flower is not None:
                        raise board_error("a second flower 'F': a board has exactly one", *at(r, c))
                    flower = sq
                continue
            if r % 2 == 0:  # an edge between two ranks
                if ch not in _HEDGE:
                    raise board_error(f"{ch!r} cannot stand between two rows: use ' ', '-' wall, '~' bug or '=' gate", *at(r, c))
                kind = _HEDGE[ch]
                if kind == "gate":
                    if r != len(grid) - 1:
                        raise board_error("the gate '=' must lie on the south border", *at(r, c))
                    if gate is not None:
                        raise board_error("a second gate '=': a board has exactly one", *at(r, c))
                    gate = (r, c)
                    continue
                if border:
                    if kind == "bug":
                        raise board_error("a bug '~' on the border (the border is a wall)", *at(r, c))
                    continue
                if kind:
                    north = cell(r - 1, c)
                    south = cell(r + 1, c)
                    edges[(north, "S")] = kind
                    edges[(south, "N")] = kind
            else:  # an edge between two files
                if ch not in _VEDGE:
                    raise board_error(f"{ch!r} cannot stand between two cells of a row: use ' ' or '|' wall", *at(r, c))
                if border:
                    continue
                if _VEDGE[ch]:
                    west = cell(r, c - 1)
                    east = cell(r, c + 1)
                    edges[(west, "E")] = "wall"
                    edges[(east, "W")] = "wall"
    if tree is None:
        raise board_error("the map has no tree 'T'", first)
    if flower is None:
        raise board_error("the map has no flower 'F'", first)
    if gate is None:
        raise board_error("the map has no gate '=' on the south border under 'F'", first + len(grid) - 1)
    if cell(gate[0] - 1, gate[1]) != flower:
        raise board_error(f"the gate must lie under the flower 'F' (at {square_name(flower)})", *at(*gate))
    edges[(flower, "S")] = "gate"

    raw_graves = data.get("graves")
    gline = key_line(text, "[graves]") or key_line(text, "graves")
    if not isinstance(raw_graves, dict):
        raise board_error("the board has no [graves] table", gline)
    graves: dict[str, Square] = {}
    for key, value in raw_graves.items():
        line = key_line(text, key)
        proper = next((z for z in ZOMBIE_NAMES if z.lower() == str(key).lower()), None)
        if proper is None:
            raise board_error(f"unknown grave {key!r}: the graves are {', '.join(ZOMBIE_NAMES)}", line)
        if proper in graves:
            raise board_error(f"grave {proper} given twice", line)
        try:
            sq = parse_square(str(value))
        except BadInputError:
            raise board_error(f"grave {proper}: {value!r} is not a square such as b3", line) from None
        if not (0 <= sq[0] < width and 0 <= sq[1] < height):
            raise board_error(f"grave {proper} at {value} lies off the {width}x{height} board", line)
        if sq in graves.values():
            raise board_error(f"grave {proper} at {value} shares its square with another grave", line)
        if sq == flower:
            raise board_error(f"grave {proper} at {value} lies on the flower", line)
        graves[proper] = sq
    missing = [z for z in ZOMBIE_NAMES if z not in graves]
    if missing:
        raise board_error(f"no grave for {', '.join(missing)} (all four are needed)", gline)
    return Board(name, width, height, tree, flower, {z: graves[z] for z in ZOMBIE_NAMES}, edges, text)


BUILT_IN = ("default",)


def builtin_text(name: str) -> str:
    """The text of a built-in board (``default``)."""
    return data_text("boards", f"{name}.toml")


def builtin_board(name: str) -> Board:
    """The built-in board called ``name`` (``default``); :class:`BadInputError` if none.
    Read once: boards are never changed, so every game shares the one object."""
    key = name.strip().lower()
    if key not in BUILT_IN:
        raise BadInputError(f"no built-in board {name[:40]!r} (built-in: {', '.join(BUILT_IN)}); "
                            "a board file must end in .toml or exist")
    return _builtin_board(key)


@lru_cache(maxsize=8)
def _builtin_board(key: str) -> Board:
    return parse_board(builtin_text(key), key)


def board_from_tags(tags: dict[str, str]) -> Board:
    """The board of a record's ``[Board]`` tag: its file's text (``BoardText``, read
    by the shared layer) or a built-in name.  :class:`BadInputError` when invalid."""
    value = tags.get("Board", "default")
    if "BoardText" not in tags:
        return builtin_board(value)
    name = Path(value).name or "board"
    try:
        return parse_board(tags["BoardText"], Path(value).stem or "board")
    except BadInputError as exc:
        exc.message = f"{name}: {exc.message}"
        raise


def load_board(value: str, base: Path | None = None) -> Board:
    """The board ``value`` names: a built-in (``default``) or a board file (relative to
    ``base``).  :class:`BadInputError` when the file can't be read or is invalid."""
    from referee import files

    if not files.names_a_file(value):
        return builtin_board(value)
    text = files.read_text(files.resolve(value, base), what="board")
    return board_from_tags({"Board": value, "BoardText": text})


def check_board(value: str):
    """``referee board check``: ``(board, picture, json)`` for a board file or built-in
    name; :class:`BadInputError` naming the line and column of the first mistake."""
    from .render import render_board

    board = load_board(value, Path.cwd())
    summary = (f"{board.name!r}, {board.width}x{board.height}, tree {board.sq(board.tree)}, "
               f"flower {board.sq(board.flower)}, "
               + ", ".join(f"{n} {board.sq(s)}" for n, s in board.graves.items()))
    return board, render_board(board), summary, board.to_json()


__all__ = ["Board", "ZOMBIE_NAMES", "FACINGS", "board_from_tags", "builtin_board", "check_board", "load_board", "parse_board", "builtin_text"]
