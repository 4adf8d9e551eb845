"""Tile data for the Zombies!!! quick-play referee: named tiles and what they bring.

A tile-data file is TOML, one key a named tile::

    "Toy Store" = {z = 4, ammo = 1, life = 1}
    [Warehouse]
    z = 6

Fields: ``z`` (zombies), ``ammo`` and ``life`` (tokens), and for the expansions
``dogs`` and ``enhanced`` (zombies of those kinds, counted among the zombies).  A tile
may leave a field out; the event then gives it.  The built-in file
(``referee/data/tiles/zombies-quick-play.toml``) lists the tile names the quick-play
rules name, with no counts: the printed counts are not published.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.errors import BadInputError
from referee.files import load_toml

FIELDS = ("z", "ammo", "life", "dogs", "enhanced")
#: The counts a named tile must have (in its data or in the event).
REQUIRED = ("z", "ammo", "life")
BUILTIN = "default"
MAX_COUNT = 60
#: The expansion each expansion-only field needs (``[Expansions]`` names).
FIELD_EXPANSION = {"dogs": ("the-end", "zombie dogs come only with The End"),
                   "enhanced": ("zombie-corps", "enhanced zombies come only with Zombie Corps(e)")}


@dataclass(frozen=True)
class TileData:
    """Named tiles -> ``{field: count}`` (only the fields the file gives), keyed by
    lower-case name; ``names`` keeps the spelling of the file."""

    tiles: dict[str, dict[str, int]]
    names: dict[str, str]
    source: str = BUILTIN
    #: the 1-based line of the file where each tile's key stands (0: not found)
    lines: dict[str, int] = field(default_factory=dict)

    def lookup(self, name: str) -> tuple[str, dict[str, int]] | None:
        """``(printed name, counts)`` for a tile (case-insensitive), or None."""
        key = " ".join(name.split()).lower()
        if key not in self.tiles:
            return None
        return self.names[key], self.tiles[key]


def parse_tile_data(text: str, source: str = "tile data") -> TileData:
    """Parse and validate tile-data TOML; :class:`BadInputError` naming the tile and
    field at fault."""
    doc = load_toml(text, source)  # bounded numbers, one-line errors
    tiles: dict[str, dict[str, int]] = {}
    names: dict[str, str] = {}
    for name, table in doc.items():
        clean = " ".join(str(name).split())
        if not clean or '"' in clean:
            raise BadInputError(f"{source}: bad tile name {name!r}")
        if not isinstance(table, dict):
            raise BadInputError(f"{source}: tile {clean!r} must be a table such as "
                                f"{{z = 4, ammo = 1, life = 1}}, not {table!r}")
        counts: dict[str, int] = {}
        for key, value in table.items():
            if key not in FIELDS:
                raise BadInputError(f"{source}: tile {clean!r}: unknown field {key!r} "
                                    f"(fields: {', '.join(FIELDS)})")
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadInputError(f"{source}: tile {clean!r}: field {key!r} must be a whole "
                                    f"number, not {value!r}")
            if not 0 <= value <= MAX_COUNT:
                raise BadInputError(f"{source}: tile {clean!r}: field {key!r} must be 0..{MAX_COUNT}, "
                                    f"not {value}")
            counts[key] = value
        key = clean.lower()
        if key in tiles:
            raise BadInputError(f"{source}: tile {clean!r} is listed twice")
        tiles[key] = counts
        names[key] = clean
    lines = {key: _line_of(text, names[key]) for key in tiles}
    return TileData(tiles, names, source, lines)


def _line_of(text: str, name: str) -> int:
    """The first line (1-based) whose TOML key, bare, quoted or a table header, is the
    tile ``name`` (spaces as in ``name``); 0 when none is.

    >>> _line_of(chr(10).join(['# box', '"Toy Store" = {z = 4}', '[Warehouse]', 'z = 6']), 'Warehouse')
    3
    """
    keys = (re.escape(f'"{name}"'), re.escape(f"'{name}'"), re.escape(name))
    pattern = re.compile(r"\s*\[?\s*(?:%s)\s*(?:[=\].]|$)" % "|".join(keys))
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(" ".join(line.split())):
            return number
    return 0


def check_expansions(data: TileData, expansions: tuple[str, ...]) -> None:
    """Refuse tile data that brings a kind of zombie the game's expansions do not have
    (``dogs`` without The End, ``enhanced`` without Zombie Corps(e)): the tile would be
    accepted, and its stored event refused when the game is replayed.
    :class:`BadInputError` naming the tile, the field and the file's line."""
    for key, counts in data.tiles.items():
        for fld, (expansion, why) in FIELD_EXPANSION.items():
            if counts.get(fld) and expansion not in expansions:
                line = data.lines.get(key, 0)
                where = f"{data.source}, line {line}" if line else data.source
                raise BadInputError(f"{where}: tile {data.names[key]!r} has {fld} = {counts[fld]}, "
                                    f"but {why} (add `{expansion}` to [Expansions])")


def builtin_tile_data() -> TileData:
    """The built-in (incomplete) list of named tiles."""
    from referee.paths import data_text

    text = data_text("tiles", "zombies-quick-play.toml")
    return parse_tile_data(text, "built-in tile data")
