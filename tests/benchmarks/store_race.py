"""Race and kill the game store from many processes (not run by the suite).

Races: a Fluffy game where Fluffy has played four cards; ``--procs`` processes run
``referee move "play F"`` at once.  Exactly one may succeed (a sixth play in a turn is
illegal); the log must replay and hold exactly five plays.  Half the races instead start
from Fluffy's first play, where every process's ``play F`` is legal in any order up to
five: min(procs, 5) must succeed and all must be stored.

Kills: a writer entering legal events in a loop (printing each once committed) is
killed with SIGKILL at a random moment; every acknowledged event must be in the log,
with no gap and nothing half-written, and the log must replay.

    .venv/bin/python tests/benchmarks/store_race.py --races 100 --procs 4 --kills 100
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee import session  # noqa: E402
from referee.store import Store  # noqa: E402

TAGS = {"Deck": "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3", "Fluffy": "Ana", "Zombies": "Ben"}
WRITER = """
import sys
from referee import session
from referee.store import Store
store = Store(sys.argv[1])
loaded = session.load(store)
while not loaded.game.over:
    applied = session.enter(store, loaded, loaded.game.legal_events()[0].text)
    print(loaded.length, applied.text, flush=True)
"""


def new_game(db: Path, plays: int) -> int:
    for p in db.parent.glob(db.name + "*"):
        p.unlink()
    store = Store(db)
    engine = session.setup_game("fluffy", TAGS)
    gid = store.create_game("fluffy", session.stored_tags("fluffy", engine, TAGS, None))
    loaded = session.load(store, gid)
    for _ in range(plays):
        session.enter(store, loaded, "play F")
    store.close()
    return gid


def one_race(db: Path, procs: int, plays: int) -> tuple[bool, str]:
    gid = new_game(db, plays)
    env = {**os.environ, "REFEREE_DB": str(db), "NO_COLOR": "1"}
    ps = [subprocess.Popen([sys.executable, "-m", "referee", "move", "play F"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(procs)]
    results = [(p.wait(), p.communicate()[1]) for p in ps]
    codes = [c for c, _ in results]
    store = Store(db)
    log = store.log(gid)
    session.load(store, gid)  # raises if the log no longer replays
    want = min(procs, 5 - plays)
    ok = (codes.count(0) == want and codes.count(1) == procs - want
          and len(log) == plays + want and all(e.text == "play F" for e in log)
          and not any("Traceback" in err for _, err in results))
    return ok, f"codes {codes}, log {len(log)}"


def one_kill(db: Path, rng: random.Random) -> tuple[bool, int, str]:
    gid = new_game(db, 0)
    p = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True)
    time.sleep(rng.uniform(0.15, 0.8))
    p.send_signal(signal.SIGKILL)
    out, _ = p.communicate()
    acked = [line.split(" ", 1) for line in out.splitlines() if line.strip()]
    store = Store(db)
    log = store.log(gid)
    by_seq = {e.seq: e.text for e in log}
    lost = [s for s, t in acked if by_seq.get(int(s)) != t.strip()]
    try:
        session.load(store, gid)
        replays = True
    except Exception:  # noqa: BLE001
        replays = False
    ok = not lost and replays and [e.seq for e in log] == list(range(1, len(log) + 1))
    return ok, len(acked), f"acked {len(acked)}, rows {len(log)}, lost {lost}, replays {replays}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=20)
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "race.db"
        bad, t0 = 0, time.perf_counter()
        for i in range(a.races):
            ok, what = one_race(db, a.procs, 4 if i % 2 == 0 else 0)
            if not ok:
                bad += 1
                print(f"race {i}: {what}")
        print(f"races: {a.races} races of {a.procs} processes ({a.races * a.procs} racing moves), "
              f"{bad} with an illegal, lost or extra event; {time.perf_counter() - t0:.0f} s")
        bad = acked = 0
        for i in range(a.kills):
            ok, n, what = one_kill(Path(tmp) / "kill.db", rng)
            acked += n
            if not ok:
                bad += 1
                print(f"kill {i}: {what}")
        print(f"kills: {a.kills} writers killed with SIGKILL after {acked} acknowledged events in all; "
              f"{bad} lost an acknowledged event or left a log that does not replay")


if __name__ == "__main__":
    main()
