"""Issue 24's figures, for all five games (not run by the suite; small by default).

- ``--fuzz N``: N fuzzed event lists per game through ``move`` (``session.enter``) and
  ``replay``; each time the store is replayed, its export replayed, and an internal
  error (an accepted event whose stored text does not replay) counted.
- ``--races N``: N rounds per game of three processes entering the sample's first
  event with ``--expect 0`` (one must win, two be stale), then ``undo`` against
  ``move`` with ``--expect 1`` (one must win).
- ``--kills N``: N writers per game entering legal events, SIGKILLed at a random
  moment: every acknowledged event must be in the log, which must replay.
- always: the peak memory of the largest inputs (a 60,000-letter word to the typo
  corrector, a question at the length cap, a refused 60,000-letter question, as
  tracemalloc peaks) and the cost of the replay-on-append check on a long game.

    .venv/bin/python tests/benchmarks/robust.py --fuzz 200 --races 5 --kills 5
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee import session  # noqa: E402
from referee.errors import InternalError, RefereeError  # noqa: E402
from referee.games import refereed  # noqa: E402
from referee.records import format_record, parse_record  # noqa: E402
from referee.replay import replay_record  # noqa: E402
from referee.store import Store  # noqa: E402

NOISE = ["²", "9" * 30, "9" * 5000, "\x00", '"', "[", ";", ":", ">", "=", "?", "\x1b[2J", "x" * 300, " "]


def sample(spec):
    record = parse_record(spec.sample_text())
    tags = {k: v for k, v in record.tags.items() if k != "Game"}
    return tags, [line.text for line in record.events]


def new_stored(store: Store, spec, tags) -> int:
    engine = session.setup_game(spec.name, tags)
    return store.create_game(spec.name, session.stored_tags(spec.name, engine, tags, None))


def fuzz(spec, n: int, rng: random.Random, folder: Path) -> tuple[int, int, int]:
    """(events tried, internal errors, stores that did not replay)."""
    tags, events = sample(spec)
    words = sorted({w for e in events for w in e.split()}) + NOISE
    store = Store(folder / f"fuzz-{spec.name}.db")
    tried = internal = broken = 0
    for _ in range(n):
        gid = new_stored(store, spec, tags)
        loaded = session.load(store, gid)
        upto = rng.randint(0, len(events))
        for e in events[:upto]:
            session.enter(store, loaded, e)
        texts = []
        for _ in range(rng.randint(1, 4)):
            if rng.random() < 0.3:
                texts.append(rng.choice(events))
            else:
                texts.append(" ".join(rng.choice(words) for _ in range(rng.randint(0, 5))))
        for text in texts:
            tried += 1
            try:
                session.enter(store, loaded, text)
            except InternalError:
                internal += 1
            except RefereeError:
                pass
        try:
            again = session.load(store, gid)
            done = replay_record(parse_record(session.export_text(store, again)))
            if done.error is not None or done.game.to_json() != loaded.game.to_json():
                broken += 1
        except RefereeError:
            broken += 1
        record = format_record({"Game": spec.name, **tags},
                               [(e, "") for e in events[:upto] + texts if e.strip() and "\n" not in e])
        try:
            replay_record(parse_record(record))
        except RefereeError:
            pass
    return tried, internal, broken


def referee(db: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "REFEREE_DB": str(db), "NO_COLOR": "1"}
    return subprocess.Popen([sys.executable, "-m", "referee", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def race(spec, db: Path) -> bool:
    for p in db.parent.glob(db.name + "*"):
        p.unlink()
    tags, events = sample(spec)
    gid = new_stored(Store(db), spec, tags)
    codes = sorted(p.wait() for p in [referee(db, "move", events[0], "--expect", "0") for _ in range(3)])
    codes2 = sorted(p.wait() for p in [referee(db, "undo", "--expect", "1"),
                                       referee(db, "move", events[1], "--expect", "1")])
    log = Store(db).log(gid)
    session.load(Store(db), gid)
    return codes == [0, 2, 2] and codes2 == [0, 2] and len(log) == 2


WRITER = """
import sys
from referee import session
from referee.store import Store
store = Store(sys.argv[1])
loaded = session.load(store)
for _ in range(400):
    options = loaded.game.legal_events()
    if loaded.game.over or not options:
        break
    applied = session.enter(store, loaded, options[len(options) // 2].text)
    print(loaded.length, applied.text, flush=True)
"""


def kill(spec, db: Path, rng: random.Random) -> tuple[bool, int]:
    for p in db.parent.glob(db.name + "*"):
        p.unlink()
    tags, _ = sample(spec)
    gid = new_stored(Store(db), spec, tags)
    p = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True)
    first = p.stdout.readline()  # started: kill it at a random moment of its writing
    time.sleep(rng.uniform(0.0, 0.5))
    p.send_signal(signal.SIGKILL)
    out, _ = p.communicate()
    out = first + out
    *lines, _cut = out.split("\n")  # a line the kill cut short (no newline) acknowledges nothing
    acked = [line.split(" ", 1) for line in lines if line.strip()]
    log = Store(db).log(gid)
    by_seq = {e.seq: e.text for e in log}
    lost = [s for s, t in acked if by_seq.get(int(s)) != t.strip()]
    try:
        session.load(Store(db), gid)
        replays = True
    except RefereeError:
        replays = False
    return not lost and replays and [e.seq for e in log] == list(range(1, len(log) + 1)), len(acked)


def peak(fn) -> tuple[float, float]:
    """(peak MiB traced, seconds) of ``fn()``."""
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        fn()
    except Exception:  # noqa: BLE001 - a refusal is the point
        pass
    took = time.perf_counter() - t0
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return top / 2**20, took


def memory() -> None:
    import rulesdb
    from rulesdb import MAX_QUESTION

    db = rulesdb.database()
    db.search("warm up", game="fluffy")
    for label, fn in [
        ("typo corrector, one 60,000-letter word", lambda: db._closest("ab" * 30000)),
        (f"search, a question at the cap ({MAX_QUESTION:,} characters)",
         lambda: db.search(("can two zombies share a square " * 100)[:MAX_QUESTION], game="fluffy")),
        (f"search, one {MAX_QUESTION:,}-letter word", lambda: db.search("z" * MAX_QUESTION, game="fluffy")),
        ("search, a 60,000-letter question (refused)", lambda: db.search("ab" * 30000)),
    ]:
        mib, took = peak(fn)
        print(f"memory: {label}: peak {mib:.1f} MiB traced, {took * 1000:.0f} ms")


def append_cost(folder: Path) -> None:
    """The replay-on-append check on the longest sample game: per event, one apply to
    the position it was accepted in and two to_json (no copy, no replay of the log)."""
    best = None
    for spec in refereed():
        if spec.sample_text():
            tags, events = sample(spec)
            if best is None or len(events) > len(best[2]):
                best = (spec, tags, events)
    spec, tags, events = best
    game = session.setup_game(spec.name, tags)
    checks = []
    for e in events:
        before = copy.deepcopy(game)
        applied = game.apply(e)
        t0 = time.perf_counter()
        session.check_replays(before, applied, game)
        checks.append(time.perf_counter() - t0)
    store = Store(folder / "cost.db")
    loaded = session.load(store, new_stored(store, spec, tags))
    t0 = time.perf_counter()
    for e in events:
        session.enter(store, loaded, e)
    enter = (time.perf_counter() - t0) / len(events)
    print(f"append check: {spec.name} sample ({len(events)} events): the check takes {sum(checks) / len(checks) * 1000:.2f} ms "
          f"an event on average (at most {max(checks) * 1000:.2f} ms), of {enter * 1000:.1f} ms for the whole enter "
          f"(load excluded); no replay of the log")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fuzz", type=int, default=50)
    ap.add_argument("--races", type=int, default=2)
    ap.add_argument("--kills", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    games = [s for s in refereed() if s.sample_text()]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for spec in games:
            t0 = time.perf_counter()
            tried, internal, broken = fuzz(spec, a.fuzz, rng, folder)
            print(f"fuzz: {spec.name}: {a.fuzz} lists, {tried} fuzzed events through move and replay; "
                  f"{internal} internal errors, {broken} stores or exports that do not replay; "
                  f"{time.perf_counter() - t0:.0f} s")
        for spec in games:
            bad = sum(not race(spec, folder / "race.db") for _ in range(a.races))
            print(f"races: {spec.name}: {a.races} rounds (3 racing moves with --expect, undo against move); "
                  f"{bad} with an illegal, lost or extra event or a wrong exit code")
        for spec in games:
            results = [kill(spec, folder / "kill.db", rng) for _ in range(a.kills)]
            print(f"kills: {spec.name}: {a.kills} writers killed with SIGKILL after "
                  f"{sum(n for _, n in results)} acknowledged events; {sum(not ok for ok, _ in results)} lost one "
                  f"or left a log that does not replay")
        append_cost(folder)
    memory()


if __name__ == "__main__":
    main()
