"""Append time of 1,000 events to the game store, before and after the store-of-record
settings (not run by the suite).

"before": the first store's settings (rollback journal, ``synchronous=FULL``, each
append its own transaction).  "after": WAL with ``synchronous=NORMAL`` (this version).
Each append is a full ``BEGIN IMMEDIATE`` ... ``COMMIT`` as ``referee move`` does it.
Also timed: ``session.enter`` (check against the rules under the write lock, then
append) for legal Fluffy events.

    .venv/bin/python tests/benchmarks/store_append.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee import session  # noqa: E402
from referee.store import Store  # noqa: E402

N = 1000


def appends(folder: Path, mode: str) -> float:
    path = folder / f"{mode}.db"
    store = Store(path)
    if mode == "before":
        store.db.execute("PRAGMA journal_mode = DELETE")
        store.db.execute("PRAGMA synchronous = FULL")
    gid = store.create_game("fluffy", {})
    t0 = time.perf_counter()
    for i in range(N):
        store.append(gid, f"play F {i}", ["Fluffy moves"])
    dt = time.perf_counter() - t0
    store.close()
    return dt


def enters(folder: Path, mode: str) -> tuple[int, float]:
    path = folder / f"enter-{mode}.db"
    store = Store(path)
    if mode == "before":
        store.db.execute("PRAGMA journal_mode = DELETE")
        store.db.execute("PRAGMA synchronous = FULL")
    tags = {"Deck": "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3", "Fluffy": "Ana", "Zombies": "Ben"}
    engine = session.setup_game("fluffy", tags)
    store.create_game("fluffy", session.stored_tags("fluffy", engine, tags, None))
    loaded = session.load(store)
    n = 0
    t0 = time.perf_counter()
    while n < 300 and not loaded.game.over:
        options = loaded.game.legal_events()
        if not options:
            break
        session.enter(store, loaded, options[0].text)
        n += 1
    dt = time.perf_counter() - t0
    store.close()
    return n, dt


def main() -> None:
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        folder = Path(tmp)
        for mode in ("before", "after"):
            runs = [appends(folder / f"{mode}{i}", mode) if (folder / f"{mode}{i}").mkdir() is None else 0
                    for i in range(3)]
            med = statistics.median(runs)
            print(f"{mode:6}: {N} appends in {med * 1000:.0f} ms median of 3 "
                  f"({med / N * 1e6:.0f} us an append)")
        for mode in ("before", "after"):
            n, dt = enters(folder, mode)
            print(f"{mode:6}: session.enter of {n} legal Fluffy events in {dt * 1000:.0f} ms "
                  f"({dt / max(n, 1) * 1e3:.2f} ms an event, rules check included)")


if __name__ == "__main__":
    main()
