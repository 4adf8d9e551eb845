"""Shell completion (``referee --install-completion``): stored game ids and, for
``move``, the events legal now, token by token.

Every callback reads the store only if it already exists (completion never creates
one), answers quickly, and never raises: a failure completes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import List


def _store(ctx):
    """The game store the command line names (``--db``, ``$REFEREE_DB`` or the default),
    or None when there is none yet."""
    from referee.store import Store, default_path

    db = None
    try:
        db = ctx.find_root().params.get("db")
    except Exception:  # noqa: BLE001 - completion never fails
        pass
    path = Path(db) if db else default_path()
    return Store(path) if path.exists() else None


def game_ids(ctx, incomplete: str) -> list[tuple[str, str]]:
    """Stored game ids, each with its game and players."""
    try:
        store = _store(ctx)
        if store is None:
            return []
        out = []
        for g in store.games():
            if str(g.id).startswith(incomplete):
                people = ", ".join(v for k, v in g.tags.items() if k in ("Players", "Fluffy", "Zombies"))
                out.append((str(g.id), f"{g.game} {people}".strip()))
        return out
    except Exception:  # noqa: BLE001
        return []


#: A shell leaves these alone, unlike ``?`` (the engine reads them as an unseen card).
SHELL_SAFE = {"?": "x"}


def events(ctx, args: List[str], incomplete: str) -> list[tuple[str, str]]:
    """The next token of ``move``: from the legal events of the game ``--game`` names
    (default: the current one), continuing a refill card by card."""
    try:
        store = _store(ctx)
        if store is None:
            return []
        typed = list(ctx.params.get("event") or [])
        gid = ctx.params.get("game_id")
        from referee.cli.play import PlayLoop

        loop = PlayLoop(store, store.resolve(gid).id)
        unsafe = {v: k for k, v in SHELL_SAFE.items()}
        words = [unsafe.get(w, w) for w in typed]
        line = " ".join(words + [unsafe.get(incomplete, incomplete)]) if words else incomplete
        out: dict[str, str] = {}
        for full, _shown in loop.complete(line):
            parts = full.split()
            if len(parts) > len(words) and [p.lower() for p in parts[:len(words)]] == [w.lower() for w in words]:
                token = SHELL_SAFE.get(parts[len(words)], parts[len(words)])
                out.setdefault(token, "")
        return [(t, help_) for t, help_ in out.items() if t.lower().startswith(incomplete.lower())]
    except Exception:  # noqa: BLE001
        return []
