"""Benchmarks for Zombies Want Fluffy (run on demand, not part of the test suite).

    python tests/benchmarks/fluffy_engine.py

Reports:
- events applied per second in process (replaying the built-in sample game, 138 events);
- legal_events() calls per second over the same game;
- wall time of `referee replay sample`, `referee show` and `python -c "import typer"`
  as separate processes (median of several runs), to compare start-up cost.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time


def in_process(repeats: int = 50) -> None:
    from referee.replay import sample_record, setup

    record = sample_record("sample")
    events = [line.text for line in record.events]
    t0 = time.perf_counter()
    for _ in range(repeats):
        game = setup(record)
        for text in events:
            game.apply(text)
    dt = time.perf_counter() - t0
    n = repeats * len(events)
    print(f"apply: {n} events in {dt:.2f} s = {n / dt:,.0f} events/s "
          f"({dt / repeats * 1000:.1f} ms a {len(events)}-event game)")
    game = setup(record)
    calls, t0 = 0, time.perf_counter()
    legal = 0
    for text in events:
        legal += len(game.legal_events())
        calls += 1
        game.apply(text)
    dt = time.perf_counter() - t0
    print(f"legal_events: {calls} calls in {dt:.2f} s = {dt / calls * 1000:.2f} ms a call "
          f"({legal / calls:.1f} legal events on average)")


def timed(cmd: list[str], env: dict, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def processes() -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "REFEREE_DB": os.path.join(tmp, "bench.db")}
        subprocess.run([py, "-m", "referee", "new", "fluffy"], env=env, stdout=subprocess.DEVNULL, check=True)
        for event in ["play F", "play F", "play F"]:
            subprocess.run([py, "-m", "referee", "move", *event.split()], env=env,
                           stdout=subprocess.DEVNULL, check=True)
        rows = [
            ("python -c 'import typer'", [py, "-c", "import typer"]),
            ("referee --help", [py, "-m", "referee", "--help"]),
            ("referee replay sample (138 events)", [py, "-m", "referee", "replay", "sample"]),
            ("referee replay sample --json", [py, "-m", "referee", "replay", "sample", "--json"]),
            ("referee show", [py, "-m", "referee", "show"]),
            ("referee move play F (then undo)", [py, "-m", "referee", "move", "play", "F"]),
        ]
        for label, cmd in rows:
            t = timed(cmd, env)
            if "move" in label:
                subprocess.run([py, "-m", "referee", "undo"], env=env, stdout=subprocess.DEVNULL)
            print(f"{label:<40} {t * 1000:7.0f} ms")


if __name__ == "__main__":
    in_process()
    processes()
