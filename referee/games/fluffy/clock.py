"""Fluffy's opening clock (NOTES ON GAME PLAY, tag ``[OpeningClock]``): the time
Fluffy takes for his zombie-free opening, from the game's creation to the first zombie
card, read from the store's log times.  Shown in the picture; warns once time is up."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from .board import ZOMBIE_NAMES

_ZOMBIES = {z.lower() for z in ZOMBIE_NAMES}


@dataclass(frozen=True)
class Clock:
    """Seconds ``used`` of the agreed ``limit``; ``running`` until the first zombie card."""

    used: int
    limit: int
    running: bool

    @property
    def out(self) -> bool:
        return self.used >= self.limit

    def text(self) -> str:
        """``1m05s of 5m00s (running)``, with ``: time is up`` once it has run out."""
        def mmss(t: int) -> str:
            return f"{t // 60}m{t % 60:02d}s"
        state = "running" if self.running else "stopped"
        warn = ": time is up" if self.out else ""
        return f"{mmss(self.used)} of {mmss(self.limit)} ({state}){warn}"


def opening_ended(events) -> str | None:
    """The log time of the first event that brought a zombie card up (a ``draw`` or
    ``deal`` naming a zombie), or None while the opening lasts."""
    for entry in events:
        words = entry.text.lower().split()
        if words and words[0] in ("draw", "deal") and _ZOMBIES.intersection(words[1:]):
            return entry.created
    return None


def opening_clock(loaded, now: datetime | None = None) -> Clock | None:
    """The clock of a stored game with ``[OpeningClock]``, or None without one."""
    limit = loaded.game.rules.opening_clock
    if not limit:
        return None
    start = datetime.fromisoformat(loaded.stored.created)
    ended = opening_ended(loaded.events)
    running = ended is None and not loaded.game.over
    if ended is not None:
        end = datetime.fromisoformat(ended)
    elif running:
        end = now or datetime.now(timezone.utc)
    else:
        end = datetime.fromisoformat(loaded.events[-1].created) if loaded.events else start
    return Clock(max(0, int((end - start).total_seconds())), limit, running)


def extras(loaded) -> dict[str, Any]:
    """The picture's ``clock`` and, once time is up while it runs, a warning."""
    clock = opening_clock(loaded)
    if clock is None:
        return {}
    warn = [f"opening clock: {clock.text()}"] if clock.running and clock.out else []
    return {"clock": clock, "warnings": warn}
