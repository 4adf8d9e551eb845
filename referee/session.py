"""Library side of playing a stored game: rebuild it from its log, enter events,
undo, export.  The CLI commands and the interactive session both sit on this.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
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
    #: When Fluffy's zombie-free opening ended (the log time of the event), if it has.
    opening_ended: str | None = None


def setup_game(game: str, tags: dict[str, str], base: str | Path | None = None):
    """A fresh engine object for ``game`` from its set-up ``tags``."""
    return new_game(canonical_name(game), tags, Path(base) if base else None)


def load(store: Store, gid: int | None = None) -> Loaded:
    """Rebuild game ``gid`` (default: the current game) by replaying its log."""
    stored = store.resolve(gid)
    game = setup_game(stored.game, stored.tags, stored.base)
    events = store.effective(stored.id)
    opening_ended = None
    for entry in events:
        try:
            game.apply(entry.text)
        except RefereeError as exc:  # the log only holds accepted events; say so if not
            raise BadInputError(f"stored game {stored.id} no longer replays at event "
                                f"{entry.seq} ({entry.text!r}): {exc.message}") from None
        if opening_ended is None and getattr(game, "opening", True) is False:
            opening_ended = entry.created
    return Loaded(stored, game, events, opening_ended)


@dataclass(frozen=True)
class Clock:
    """Fluffy's opening clock (NOTES ON GAME PLAY): seconds ``used`` of the agreed
    ``limit`` for his zombie-free opening; ``running`` until the first zombie card."""

    used: int
    limit: int
    running: bool

    @property
    def out(self) -> bool:
        return self.used >= self.limit

    def text(self) -> str:
        def mmss(t: int) -> str:
            return f"{t // 60}m{t % 60:02d}s"
        state = "running" if self.running else "stopped"
        warn = ": time is up" if self.out else ""
        return f"{mmss(self.used)} of {mmss(self.limit)} ({state}){warn}"


def opening_clock(loaded: Loaded, now: datetime | None = None) -> Clock | None:
    """The opening clock of a stored Zombies Want Fluffy game with ``[OpeningClock]``,
    timed from the game's creation to the first zombie card (or to ``now``)."""
    rules = getattr(loaded.game, "rules", None)
    limit = getattr(rules, "opening_clock", None)
    if not limit:
        return None
    start = datetime.fromisoformat(loaded.stored.created)
    running = loaded.opening_ended is None and not loaded.game.over
    if loaded.opening_ended is not None:
        end = datetime.fromisoformat(loaded.opening_ended)
    elif running:
        end = now or datetime.now(timezone.utc)
    else:
        end = datetime.fromisoformat(loaded.events[-1].created) if loaded.events else start
    return Clock(max(0, int((end - start).total_seconds())), limit, running)


def render_extras(loaded: Loaded) -> dict:
    """Keyword arguments for the game's ``render`` beyond the game itself."""
    clock = opening_clock(loaded)
    return {"clock": clock} if clock else {}


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
                raise need.at(event=text)
            text = picked
        except RefereeError as exc:  # name the event refused, whatever the engine said
            raise exc.at(event=text)


def enter(store: Store, loaded: Loaded, text: str, choose: Chooser | None = None) -> Applied:
    """Check ``text`` against the rules and, if legal, append it to the log.

    Nothing illegal enters the log: the engine applies it first, and only the
    canonical text of an accepted event (every choice written out) is stored.
    """
    applied = complete(loaded.game, text, choose)
    seq = store.append(loaded.stored.id, applied.text, applied.notes)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    loaded.events.append(LogEntry(seq, "event", applied.text, applied.notes, now))
    if loaded.opening_ended is None and getattr(loaded.game, "opening", True) is False:
        loaded.opening_ended = now
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
