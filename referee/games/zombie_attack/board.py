"""Zombie Attack mansions: the board as data (``docs/zombie-attack.md``, "Board file").

A mansion is a TOML file with ``name``, a ``map`` in the grid syntax shared by the grid
games (:mod:`referee.gridmap`), a ``[rooms]`` table and an ``[exits]`` table.

- Cells: ``.`` hallway, ``A``..``Z`` a square of that room (``X`` excepted), ``#`` the
  dining-room table (nobody enters it), ``X`` an exit square.
- Edges: space open, ``|`` or ``-`` wall, ``=`` a locked door.  Each exit square has
  exactly one locked door, to an inside square, and no other open side.  The border
  is a wall.
- ``[rooms]``: letter -> room name.  ``[exits]``: ``front``, ``back``, ``fire`` -> square.

>>> m = load_mansion("default")
>>> m.width, m.height, len(m.rooms), m.room_name(m.dining)
(14, 10, 10, 'Dining room')
>>> m.sq(m.exits["front"]), m.passage(m.exits["front"], "N")
('f1', ('f2', 'front'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from referee.errors import BadInputError
from referee.paths import data_text
from referee.grid import FACINGS, Square, parse_square, square_name, step
from referee.gridmap import board_error, key_line, load_toml, map_first_line, parse_grid

EXIT_NAMES = ("front", "back", "fire")
EXIT_TITLES = {"front": "front door", "back": "back door", "fire": "fire escape"}
_WALLS = {"|", "-"}
_KNOWN_KEYS = ("name", "map", "rooms", "exits")


@dataclass
class Mansion:
    """A mansion ``width`` x ``height``.

    ``kind`` maps each square to ``hall``, ``room``, ``table`` or ``exit``; ``room`` maps
    room squares to their letter; ``rooms`` maps letters to names; ``exits`` maps exit
    names to squares; ``open`` maps ``(square, facing)`` to None for an open side or the
    exit name for a locked door (walls and the border are absent).
    """

    name: str
    width: int
    height: int
    kind: dict[Square, str]
    room: dict[Square, str]
    rooms: dict[str, str]
    exits: dict[str, Square]
    open: dict[tuple[Square, str], str | None] = field(default_factory=dict)
    dining: str | None = None
    source: str = ""

    def __deepcopy__(self, memo: dict) -> "Mansion":
        """The mansion itself: it never changes once read, so a deep copy of a game (a
        trial in ``referee check`` or ``move``) shares it with its step tables."""
        return self

    def sq(self, sq: Square) -> str:
        return square_name(sq)

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def exit_at(self, sq: Square) -> str | None:
        """The name of the exit on ``sq``, or None."""
        for name, at in self.exits.items():
            if at == sq:
                return name
        return None

    def room_name(self, letter: str | None) -> str:
        return self.rooms.get(letter or "", "hallway")

    def room_of(self, sq: Square) -> str | None:
        """The letter of the room ``sq`` belongs to (None for a hallway, exit or table)."""
        return self.room.get(sq)

    def passage(self, sq: Square, facing: str) -> tuple[str, str | None] | None:
        """``(square name, door)`` beyond side ``facing`` of ``sq`` when that side is not a
        wall (``door`` names the exit of a locked door, else None); None for a wall."""
        if (sq, facing) not in self.open:
            return None
        return square_name(step(sq, facing)), self.open[(sq, facing)]

    def wall(self, sq: Square, facing: str) -> bool:
        return (sq, facing) not in self.open

    def to_json(self) -> dict:
        rooms = {}
        for letter, name in self.rooms.items():
            squares = sorted((s for s, r in self.room.items() if r == letter), key=lambda s: (s[0], s[1]))
            rooms[letter] = {"name": name, "squares": [square_name(s) for s in squares]}
        doors = {e: f"{square_name(at)}-{square_name(next(step(at, f) for f in FACINGS if (at, f) in self.open))}"
                 for e, at in self.exits.items()}
        return {"name": self.name, "width": self.width, "height": self.height, "rooms": rooms,
                "dining_room": self.rooms.get(self.dining or ""),
                "table": sorted(square_name(s) for s, k in self.kind.items() if k == "table"),
                "exits": {e: square_name(s) for e, s in self.exits.items()}, "doors": doors,
                "hallway": sum(1 for k in self.kind.values() if k == "hall")}


def parse_mansion(text: str, origin: str = "mansion") -> Mansion:
    """Parse a mansion file's ``text``; :class:`BadInputError` naming the file line and
    column of the first problem (``bad board: line 4, column 7: ...``)."""
    data = load_toml(text)
    for key in data:
        if key not in _KNOWN_KEYS:
            raise board_error(f"unknown key {key!r} (a mansion has name, map, [rooms] and [exits])",
                              key_line(text, key) or key_line(text, f"[{key}]"))
    name = data.get("name", origin)
    if not isinstance(name, str):
        raise board_error("name must be a string", key_line(text, "name"))
    raw = data.get("map")
    if not isinstance(raw, str) or not raw.strip():
        raise board_error("the mansion has no map (a multi-line string)", key_line(text, "map"))
    grid = parse_grid(raw, map_first_line(text))
    kind: dict[Square, str] = {}
    room: dict[Square, str] = {}
    for sq, mark in grid.cells.items():
        ch = mark.char
        if ch == ".":
            kind[sq] = "hall"
        elif ch == "#":
            kind[sq] = "table"
        elif ch == "X":
            kind[sq] = "exit"
        elif "A" <= ch <= "Z":
            kind[sq] = "room"
            room[sq] = ch
        else:
            raise board_error(f"{ch!r} is not a square: use '.' hallway, a room letter A-Z, "
                              "'#' the table or 'X' an exit", mark.line, mark.col)
    opened: dict[tuple[Square, str], str | None] = {}
    for (sq, facing), mark in grid.border.items():
        if mark.char == "=":
            raise board_error("a locked door '=' on the border leads off the map: an exit is a "
                              "square 'X' inside the map, joined by its door", mark.line, mark.col)
        if mark.char not in _WALLS | {" ", "+"}:
            raise board_error(f"{mark.char!r} cannot stand on the border: use '|' or '-'",
                              mark.line, mark.col)
    doors: dict[Square, list] = {}
    for (sq, facing), mark in grid.edges.items():
        ch = mark.char
        other = step(sq, facing)
        if ch not in _WALLS | {" ", "="}:
            raise board_error(f"{ch!r} cannot stand between two squares: use ' ' open, '|' or '-' "
                              "wall, '=' locked door", mark.line, mark.col)
        if ch in _WALLS:
            continue
        a, b = kind[sq], kind[other]
        if ch == "=":
            if (a == "exit") == (b == "exit"):
                raise board_error("a locked door '=' must join an exit square 'X' to a square "
                                  "inside the mansion", mark.line, mark.col)
            if "table" in (a, b):
                raise board_error("a locked door '=' cannot open onto the table '#'", mark.line, mark.col)
            if a == "exit":
                doors.setdefault(sq, []).append(mark)
            opened[(sq, facing)] = "door"
        else:
            if "exit" in (a, b):
                raise board_error("an exit square 'X' has no open side: its only way in is its "
                                  "locked door '='", mark.line, mark.col)
            opened[(sq, facing)] = None
    for sq, k in kind.items():
        if k == "exit":
            mark = grid.cells[sq]
            n = len(doors.get(sq, []))
            if n != 1:
                raise board_error(f"the exit square at {square_name(sq)} has {n} locked doors; "
                                  "it needs exactly one '='", mark.line, mark.col)
    # the table stands inside one room: the dining room
    dining: str | None = None
    for sq, k in kind.items():
        if k != "table":
            continue
        mark = grid.cells[sq]
        around: set[str] = set()
        for f in FACINGS:
            n = step(sq, f)
            if grid.on_board(n) and kind[n] != "table" and (sq, f) in opened:
                around.add(room[n] if kind[n] == "room" else kind[n])
        letters = {x for x in around if len(x) == 1}
        if len(letters) != 1 or len(around) != 1:
            raise board_error("the table '#' must stand inside one room (the dining room): "
                              "every square beside it is that room's or the table's", mark.line, mark.col)
        letter = letters.pop()
        if dining is not None and letter != dining:
            raise board_error("every table square '#' must stand in the same room", mark.line, mark.col)
        dining = letter
    rooms_raw = data.get("rooms")
    rline = key_line(text, "[rooms]")
    if not isinstance(rooms_raw, dict):
        raise board_error("the mansion has no [rooms] table (letter = \"Room name\")", rline)
    rooms: dict[str, str] = {}
    for letter, title in rooms_raw.items():
        line = key_line(text, letter, rline or 0)
        if len(letter) != 1 or not "A" <= letter <= "Z" or letter == "X":
            raise board_error(f"room key {letter!r} is not a room letter (A-Z, X is the exit)", line)
        if not isinstance(title, str) or not title.strip():
            raise board_error(f"room {letter} needs a name", line)
        if letter not in room.values():
            raise board_error(f"room {letter} ({title}) has no square on the map", line)
        rooms[letter] = title.strip()
    for sq, letter in sorted(room.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
        if letter not in rooms:
            mark = grid.cells[sq]
            raise board_error(f"room letter {letter!r} is not named in [rooms]", mark.line, mark.col)
    exits_raw = data.get("exits")
    eline = key_line(text, "[exits]")
    if not isinstance(exits_raw, dict):
        raise board_error("the mansion has no [exits] table (front, back and fire)", eline)
    exits: dict[str, Square] = {}
    for key, value in exits_raw.items():
        line = key_line(text, key, eline or 0)
        if key not in EXIT_NAMES:
            raise board_error(f"unknown exit {key!r}: the exits are front, back and fire", line)
        try:
            sq = parse_square(str(value))
        except BadInputError:
            raise board_error(f"exit {key}: {value!r} is not a square such as d1", line) from None
        if not grid.on_board(sq):
            raise board_error(f"exit {key} at {value} lies off the {grid.width}x{grid.height} map", line)
        if kind[sq] != "exit":
            raise board_error(f"exit {key} at {value} is not an exit square 'X' on the map", line)
        if sq in exits.values():
            raise board_error(f"exit {key} at {value} is already another exit", line)
        exits[key] = sq
    missing = [e for e in EXIT_NAMES if e not in exits]
    if missing:
        raise board_error(f"no square for exit {', '.join(missing)} (front, back and fire are all needed)", eline)
    for sq, k in kind.items():
        if k == "exit" and sq not in exits.values():
            mark = grid.cells[sq]
            raise board_error(f"the exit square at {square_name(sq)} is not named in [exits]", mark.line, mark.col)
    # a locked door belongs to the exit it leads to
    exit_by_sq = {sq: e for e, sq in exits.items()}
    for (sq, facing), what in list(opened.items()):
        if what == "door":
            other = step(sq, facing)
            opened[(sq, facing)] = exit_by_sq.get(sq) or exit_by_sq[other]
    ordered = {e: exits[e] for e in EXIT_NAMES}
    return Mansion(name, grid.width, grid.height, kind, room, rooms, ordered, opened, dining, text)


BUILT_IN = {"default": "mansion.toml", "mansion": "mansion.toml"}


def builtin_text(name: str) -> str:
    """The text of a built-in mansion (``default``)."""
    key = name.strip().lower()
    if key not in BUILT_IN:
        raise BadInputError(f"no built-in mansion {name[:40]!r} (built-in: default); "
                            "a board file must end in .toml or exist")
    return data_text("boards", BUILT_IN[key])


def mansion_from_tags(tags: dict[str, str]) -> Mansion:
    """The mansion of a record's ``[Board]`` tag: its file's text (``BoardText``, read by
    the shared layer) or a built-in name.  :class:`BadInputError` when invalid."""
    value = tags.get("Board", "default")
    if "BoardText" not in tags:
        return parse_mansion(builtin_text(value), value)
    name = Path(value).name or "board"
    try:
        return parse_mansion(tags["BoardText"], Path(value).stem or "board")
    except BadInputError as exc:
        exc.message = f"{name}: {exc.message}"
        exc.args = (exc.message,)
        raise


#: The name every grid game's board module offers (the shared fuzz tests call it).
board_from_tags = mansion_from_tags


def load_mansion(value: str, base: Path | None = None) -> Mansion:
    """The mansion ``value`` names: a built-in (``default``) or a file relative to ``base``."""
    from referee import files

    if not files.names_a_file(value):
        return parse_mansion(builtin_text(value), value)
    text = files.read_text(files.resolve(value, base), what="board")
    return mansion_from_tags({"Board": value, "BoardText": text})


def check_board(value: str):
    """``referee board check``: ``(mansion, picture, summary, json)`` for a mansion file or
    built-in name; :class:`BadInputError` naming the line and column of the first mistake."""
    from .render import render_board

    m = load_mansion(value, Path.cwd())
    summary = (f"{m.name!r}, {m.width}x{m.height}, {len(m.rooms)} rooms"
               + (f" (dining room: {m.rooms[m.dining]})" if m.dining else " (no table)")
               + ", exits " + ", ".join(f"{e} {m.sq(s)}" for e, s in m.exits.items()))
    return m, render_board(m), summary, m.to_json()


__all__ = ["EXIT_NAMES", "EXIT_TITLES", "Mansion", "board_from_tags", "builtin_text", "check_board", "load_mansion",
           "mansion_from_tags", "parse_mansion"]
