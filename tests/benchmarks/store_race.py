"""Race and kill the store from many processes (not run by the suite).

Races: a Fluffy game where Fluffy has played four cards; N ``referee move "play F"``
processes start at once.  Exactly one may succeed (a sixth play is illegal), the log
must replay, and every acknowledged event must be in it.

Kills: a writer process entering events in a loop is killed with SIGKILL at a random
moment; every event it acknowledged (printed) must be in the log, and the log replays.

    .venv/bin/python tests/benchmarks/store_race.py --races 200 --kills 50
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
SETUP = ["--fluffy", "Ana", "--zombies", "Ben", "--deck", "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"]


def referee(db: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    env = {**os.environ, "REFEREE_DB": str(db), "NO_COLOR": "1"}
    return subprocess.run([PY, "-m", "referee", *args], env=env, capture_output=True, text=True, **kw)


def start(db: Path, env: dict) -> list[subprocess.Popen]:
    return []


def one_race(folder: Path, n: int) -> dict:
    db = folder / "race.db"
    for p in folder.glob("race.db*"):
        p.unlink()
    assert referee(db, "new", "fluffy", *SETUP).returncode == 0
    for _ in range(4):
        assert referee(db, "move", "play F").returncode == 0
    env = {**os.environ, "REFEREE_DB": str(db), "NO_COLOR": "1"}
    procs = [subprocess.Popen([PY, "-m", "referee", "move", "play F", "--json"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(n)]
    codes = []
    for p in procs:
        out, err = p.communicate()
        codes.append(p.returncode)
    log = json.loads(referee(db, "log", "--json").stdout)["log"]
    show = referee(db, "show", "--json")
    return {"ok": codes.count(0), "illegal": codes.count(1), "other": [c for c in codes if c not in (0, 1)],
            "plays": sum(1 for e in log if e["event"].startswith("play")), "replays": show.returncode == 0}


def one_kill(folder: Path, rng: random.Random) -> dict:
    db = folder / "kill.db"
    for p in folder.glob("kill.db*"):
        p.unlink()
    assert referee(db, "new", "fluffy", *SETUP).returncode == 0
    script = (
        "import sys\n"
        "from referee.store import Store\n"
        "from referee import session\n"
        "s = Store(sys.argv[1])\n"
        "l = session.load(s)\n"
        "i = 0\n"
        "while True:\n"
        "    ev = 'play F' if i % 6 < 5 else 'end'\n"
        "    if i % 6 == 5 and False: pass\n"
        "    try:\n"
        "        a = session.enter(s, l, ev)\n"
        "    except Exception as e:\n"
        "        a = session.enter(s, l, 'undo') if False else None\n"
        "        s.undo(l.stored.id); l = session.load(s)\n"
        "        print('undo', flush=True)\n"
        "        i += 1\n"
        "        continue\n"
        "    print(l.length, a.text, flush=True)\n"
        "    i += 1\n"
    )
    p = subprocess.Popen([PY, "-c", script, str(db)], stdout=subprocess.PIPE, text=True,
                         env={**os.environ, "NO_COLOR": "1"})
    time.sleep(rng.uniform(0.4, 1.2))
    p.send_signal(signal.SIGKILL)
    out, _ = p.communicate()
    acked = [int(line.split()[0]) for line in out.splitlines() if line and line[0].isdigit()]
    log = json.loads(referee(db, "log", "--json").stdout)
    seqs = {e["seq"] for e in log["log"]}
    return {"acked": len(acked), "lost": [a for a in acked if a not in seqs], "rows": len(seqs),
            "replays": referee(db, "show", "--json").returncode == 0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=20)
    ap.add_argument("--procs", type=int, default=3)
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bad = 0
        t0 = time.perf_counter()
        for i in range(a.races):
            r = one_race(folder, a.procs)
            if r["ok"] != 1 or r["plays"] != 5 or not r["replays"] or r["other"]:
                bad += 1
                print("race", i, r)
        print(f"races: {a.races} x {a.procs} processes, {bad} bad, {time.perf_counter() - t0:.1f} s")
        bad = acked = 0
        for i in range(a.kills):
            r = one_kill(folder, rng)
            acked += r["acked"]
            if r["lost"] or not r["replays"]:
                bad += 1
                print("kill", i, r)
        print(f"kills: {a.kills} SIGKILLs, {acked} acknowledged events, {bad} with a lost event or a log that does not replay")


if __name__ == "__main__":
    main()
