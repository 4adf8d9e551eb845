"""Benchmark: how long the Zombie Attack advisor takes on every position of the built-in
sample game (``referee replay sample-zombie-attack``); not collected by pytest.

Usage: python tests/benchmarks/advise_zombie_attack.py [--cli] [--random N]

Times ``advise(game)`` in process (wall and CPU) before every event of the sample
record (referee/data/samples/zombie-attack.zat) and prints p50 / p95 / max, with how
many answers were exact.  ``--cli`` also times ``referee advise`` as a separate process
(start-up and replay of the stored log included; wall and CPU of the child) on every
position.  ``--random N`` also times N positions of random legal play from a fresh
six-zombie game (seed 1), where the advisor takes the zombies as independent.  On a
busy machine the wall times run above the CPU times; the CPU times are what one free
core would take.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from referee.games import spec
from referee.games.zombie_attack.advise import advise
from referee.games.zombie_attack.engine import Game
from referee.records import parse_record


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def report(label: str, walls: list[float], cpus: list[float]) -> None:
    for name, xs in (("wall", walls), ("cpu", cpus)):
        print(f"{label} ({name}, {len(xs)} positions): p50 {pct(xs, .5) * 1000:.0f} ms, "
              f"p95 {pct(xs, .95) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms")


def time_positions(game: Game, events: list[str]) -> tuple[list[float], list[float], list[str]]:
    walls, cpus, methods = [], [], []
    for event in [None, *events]:
        if event is not None:
            game.apply(event)
        if game.over:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        advice = advise(game)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        methods.append(advice.method)
    return walls, cpus, methods


def random_events(n: int, seed: int = 1) -> tuple[dict[str, str], list[str]]:
    """``n`` events of random legal play (completed by the engine's own listing)."""
    rng = random.Random(seed)
    tags = {"Players": "Ann, Ben, Cat", "Board": "default"}
    game = Game.from_tags(tags)
    events: list[str] = []
    while len(events) < n and not game.over:
        options = game.legal_events()
        if not options:
            break
        text = rng.choice(options).text
        game.apply(text)
        events.append(text)
    return tags, events


def main() -> None:
    record = parse_record(spec("zombie-attack").sample_text())
    tags, events = record.game_tags(), [e.text for e in record.events]
    walls, cpus, methods = time_positions(Game.from_tags(tags), events)
    exact = sum(m.startswith("exact") for m in methods)
    print(f"sample-zombie-attack: {len(events)} events, {len(walls)} positions, {exact} answered exactly; "
          f"mean {statistics.mean(walls) * 1000:.0f} ms")
    report("advise in process", walls, cpus)
    if "--random" in sys.argv:
        n = int(sys.argv[sys.argv.index("--random") + 1])
        rtags, revents = random_events(n)
        walls, cpus, methods = time_positions(Game.from_tags(rtags), revents)
        exact = sum(m.startswith("exact") for m in methods)
        print(f"random play, 6 zombies: {len(walls)} positions, {exact} answered exactly")
        report("advise in process, random play", walls, cpus)
    if "--cli" in sys.argv:
        cli(tags, events)


def cli(tags: dict[str, str], events: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "REFEREE_DB": os.path.join(tmp, "bench.db"), "NO_COLOR": "1"}
        run = [sys.executable, "-m", "referee"]
        new = ["new", "zombie-attack", "--players", tags["Players"].replace(" ", "")]
        if "Zombies" in tags:
            new += ["--zombies", tags["Zombies"]]
        subprocess.run(run + new, env=env, check=True, capture_output=True)
        times, cpus = [], []
        for i, event in enumerate([None, *events]):
            if event is not None:
                if i == len(events):
                    break                      # the last event ends the game
                subprocess.run(run + ["move", event], env=env, check=True, capture_output=True)
            t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(run + ["advise"], env=env, check=True, capture_output=True)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            times.append(time.perf_counter() - t0)
            cpus.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
        report("referee advise as a process", times, cpus)


if __name__ == "__main__":
    main()
