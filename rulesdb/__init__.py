"""The rules database: rule and ruling entries for the five games, indexed for search.

Library API (the CLI ``referee rules`` is a thin layer over it)::

    import rulesdb
    rulesdb.search("can two zombies share a square", game="fluffy")  # -> list[Hit]
    rulesdb.get("fluffy.bounce")            # -> Rule | Ruling | Imported
    rulesdb.entries(game="fluffy")          # -> list[Entry], file order
    rulesdb.rulings_for("fluffy.bounce")    # -> list[Ruling]
    rulesdb.import_file("rules.txt", "zombies")  # -> list[Imported]

The module-level functions use one :class:`Database` opened on first use with the
default locations (``$REFEREE_RULES_INDEX``, ``$REFEREE_RULES_DB``); :func:`reset`
drops it so that changed environment variables take effect.
"""

from __future__ import annotations

from pathlib import Path

from .model import (GAMES, MAX_QUESTION, RULEBOOKS, Entry, EntryError, Hit, Imported,
                    QuestionTooLongError, Rule, RulesError, Ruling, UnknownGameError,
                    UnknownIdError, canonical_game, load_entries)
from .index import Database

__all__ = [
    "GAMES", "MAX_QUESTION", "RULEBOOKS", "Database", "Entry", "EntryError", "Hit", "Imported",
    "QuestionTooLongError", "Rule", "RulesError", "Ruling", "UnknownGameError", "UnknownIdError", "canonical_game",
    "closest_ids", "database", "entries", "get", "import_file", "import_text",
    "load_entries", "remove_imports", "reset", "resolve", "rulings_for", "search",
]

_default: Database | None = None


def database() -> Database:
    """The shared :class:`Database` with the default locations (opened lazily)."""
    global _default
    if _default is None:
        _default = Database()
    return _default


def reset() -> None:
    """Close and forget the shared database (the next call opens it again)."""
    global _default
    if _default is not None:
        _default.close()
    _default = None


def search(query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
    """Best-first hits for ``query`` (see :meth:`Database.search`)."""
    return database().search(query, game=game, limit=limit)


def get(entry_id: str) -> Entry:
    """The entry with this id; :class:`UnknownIdError` (with a suggestion) otherwise."""
    return database().get(entry_id)


def resolve(entry_id: str) -> Entry:
    """Like :func:`get`, also accepting an id without its game when unambiguous."""
    return database().resolve(entry_id)


def entries(game: str | None = None, kind: str | None = None) -> list[Entry]:
    """Every entry, optionally of one game and/or kind (``rule``, ``ruling``, ``imported``)."""
    return database().entries(game=game, kind=kind)


def rulings_for(entry_id: str) -> list[Ruling]:
    """The rulings reading the rule ``entry_id``."""
    return database().rulings_for(entry_id)


def closest_ids(entry_id: str, limit: int = 3) -> list[str]:
    """Ids that look like ``entry_id``, best first."""
    return database().closest_ids(entry_id, limit)


def import_file(file: str | Path, game: str) -> list[Imported]:
    """Import a rulebook text file for ``game``; re-importing a file replaces it."""
    return database().import_file(Path(file), game)


def import_text(text: str, game: str, name: str) -> list[Imported]:
    """Import rulebook ``text`` for ``game`` under the source name ``name``."""
    return database().import_text(text, game, name)


def remove_imports(game: str) -> int:
    """Forget the rulebooks imported for ``game``."""
    return database().remove_imports(game)
