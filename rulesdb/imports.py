"""Rulebooks the user imported: their sections, kept in a SQLite file.

The file is ``rules.db`` in the user data dir (platformdirs), or ``$REFEREE_RULES_DB``.
Each section is an :class:`~rulesdb.model.Imported` entry with id ``import.<game>.<n>``.
Importing the same file (same resolved path) for the same game again replaces it.
"""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path

from .headings import chunk, split_sections
from .model import Imported, RulesError, canonical_game

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sections (
    game TEXT NOT NULL,
    n INTEGER NOT NULL,
    file TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""


def default_path() -> Path:
    """``$REFEREE_RULES_DB`` or ``<user data dir>/referee/rules.db``."""
    from referee.paths import user_file

    return user_file("REFEREE_RULES_DB", "rules.db")


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=10)
    conn.executescript(_SCHEMA)
    return conn


def _row_entry(game: str, n: int, file: str, title: str, text: str) -> Imported:
    return Imported(id=f"import.{game}.{n}", game=game, title=title, section=title, text=text,
                    source_file=file, n=n, file=Path(file).name)


def load(path: Path | None = None) -> list[Imported]:
    """Every imported section, by game then number (none if the file does not exist)."""
    path = path or default_path()
    if not path.exists():
        return []
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)) as conn:
            rows = conn.execute("SELECT game, n, file, title, text FROM sections "
                                "ORDER BY game, n").fetchall()
    except sqlite3.Error:
        return []
    return [_row_entry(*row) for row in rows]


def digest(sections: list[Imported]) -> str:
    """A sha256 over the imported sections (part of the search index's freshness key)."""
    h = hashlib.sha256()
    for s in sections:
        h.update(f"{s.id}\0{s.title}\0{s.text}\0".encode())
    return h.hexdigest()


def import_text(text: str, game: str, file: str, path: Path | None = None) -> list[Imported]:
    """Split ``text`` at its headings and store the sections for ``game`` under ``file``.

    Sections already imported from the same ``file`` for ``game`` are replaced.  Long
    sections are cut at paragraph boundaries (about 900 characters a piece).  Returns the
    new entries.  :class:`~rulesdb.model.UnknownGameError` for an unknown game,
    :class:`~rulesdb.model.RulesError` when no text is found.
    """
    game = canonical_game(game)
    pieces: list[tuple[str, str]] = []
    for section in split_sections(text, first_title=Path(file).stem or "Introduction"):
        for piece in chunk(section.text):
            pieces.append((section.heading, piece))
    if not pieces:
        raise RulesError(f"no rule text found in {file}")
    path = path or default_path()
    with closing(_connect(path)) as conn, conn:
        conn.execute("DELETE FROM sections WHERE game = ? AND file = ?", (game, file))
        (top,) = conn.execute("SELECT COALESCE(MAX(n), 0) FROM sections WHERE game = ?",
                              (game,)).fetchone()
        rows = [(game, top + i, file, title, body) for i, (title, body) in enumerate(pieces, 1)]
        conn.executemany("INSERT INTO sections (game, n, file, title, text) VALUES (?, ?, ?, ?, ?)",
                         rows)
    return [_row_entry(*row) for row in rows]


def import_file(file: Path, game: str, path: Path | None = None) -> list[Imported]:
    """Read a rulebook text file (UTF-8, undecodable bytes replaced) and :func:`import_text` it.

    :class:`~rulesdb.model.RulesError` if the file cannot be read.
    """
    file = Path(file)
    from referee.errors import BadInputError
    from referee.files import read_text

    try:  # a regular file within the rulebook size cap (a FIFO is refused, not waited on)
        text = read_text(file, "rulebook", errors="replace")
    except BadInputError as exc:
        raise RulesError(exc.message) from None
    return import_text(text, game, str(file.resolve()), path)


def remove(game: str, path: Path | None = None) -> int:
    """Forget every section imported for ``game``; return how many were removed."""
    game = canonical_game(game)
    path = path or default_path()
    if not path.exists():
        return 0
    with closing(_connect(path)) as conn, conn:
        return conn.execute("DELETE FROM sections WHERE game = ?", (game,)).rowcount
