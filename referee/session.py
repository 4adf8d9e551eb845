"""Library side of playing a stored game: rebuild it from its log, enter events,
undo, export.  The CLI commands and the interactive session both sit on this.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .errors import BadInputError, ChoiceNeeded, RefereeError
from .games import Applied, canonical_name, new_game
from .records import format_record
from .store import LogEntry, Store, StoredGame

#: Asked when an event leaves a choice open: ``(question, options) -> chosen text or None``.
Chooser = Callable[[ChoiceNeeded], "str | None"]


@dataclass
class Loaded:
    """A stored game rebuilt: its set-up ``stored``, the ``game`` engine object and the
    events in force (``events``)."""

    stored: StoredGame
    game: object
    events: list[LogEntry]


def setup_game(game: str, tags: dict[str, str], base: str | Path | None = None):
    """A fresh engine object for ``game`` from its set-up ``tags``."""
    return new_game(canonical_name(game), tags, Path(base) if base else None)


def load(store: Store, gid: int | None = None) -> Loaded:
    """Rebuild game ``gid`` (default: the current game) by replaying its log."""
    stored = store.resolve(gid)
    game = setup_game(stored.game, stored.tags, stored.base)
    events = store.effective(stored.id)
    for entry in events:
        try:
            game.apply(entry.text)
        except RefereeError as exc:  # the log only holds accepted events; say so if not
            raise BadInputError(f"stored game {stored.id} no longer replays at event "
                                f"{entry.seq} ({entry.text!r}): {exc.message}") from None
    return Loaded(stored, game, events)


def complete(game, text: str, choose: Chooser | None) -> Applied:
    """Apply ``text`` to ``game``, asking ``choose`` for each choice left open.

    Without ``choose`` (or when it returns None) the :class:`ChoiceNeeded` is raised.
    """
    while True:
        try:
            return game.apply(text)
        except ChoiceNeeded as need:
            picked = choose(need) if choose else None
            if picked is None:
                raise
            text = picked


def enter(store: Store, loaded: Loaded, text: str, choose: Chooser | None = None) -> Applied:
    """Check ``text`` against the rules and, if legal, append it to the log.

    Nothing illegal enters the log: the engine applies it first, and only the
    canonical text of an accepted event (every choice written out) is stored.
    """
    applied = complete(loaded.game, text, choose)
    store.append(loaded.stored.id, applied.text, applied.notes)
    return applied


def export_text(store: Store, loaded: Loaded, board_path: str | None = None) -> str:
    """The stored game as a record whose replay reaches the same state.

    Automatic results are written as comments.  ``board_path`` replaces the value of
    a file-valued ``Board`` tag (the caller writes the board file there).
    """
    tags = {"Game": loaded.stored.game}
    for key, value in loaded.stored.tags.items():
        if key == "BoardText":
            continue
        tags[key] = board_path if (key == "Board" and board_path) else value
    lines = [(e.text, "; ".join(e.notes)) for e in loaded.events]
    return format_record(tags, lines)
