"""Benchmark: how long the Fight or Flight advisor takes on every position of the
built-in sample game (not collected by pytest).

Usage: python tests/benchmarks/advise_fight_or_flight.py [SAMPLES] [--cli]

For each position before an event of the sample record (referee/data/samples/
fight-or-flight.fof; when the package has no such sample, the first won 4-player game
of ``simulate.play_game`` from seed 0 stands in, and the script says so), times
``advise(game)`` (the default stopping rule; ``samples=SAMPLES`` deals when given) in
process (wall and CPU) and prints p50 / p95 / max, the options per position, and how
many deals each answer took and which stopping rule it met.  With ``--cli``, also the wall time of
``referee advise`` as a separate process (start-up and replay of the stored log
included; wall and CPU) on every fifth position.  On a busy machine the
wall times run above the CPU times; the CPU times are what one free core would take.
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
import re
from collections import Counter

from referee.games.fight_or_flight.advise import advise
from referee.games.fight_or_flight.engine import Game


def sample_events() -> tuple[dict[str, str], list[str], str]:
    """``(tags, events, where from)`` of the sample game."""
    text = spec("fight-or-flight").sample_text()
    if text:
        from referee.records import parse_record

        record = parse_record(text)
        tags = record.game_tags()
        return tags, [e.text for e in record.events], "built-in sample fight-or-flight.fof"
    from referee.games.fight_or_flight.simulate import play_game

    for seed in range(1000):
        game, events = play_game(4, "casual", random.Random(seed))
        if game.result == "win" and len(events) >= 30:
            return game.tags(), events, f"no built-in sample: simulate.play_game(4, casual, seed {seed})"
    raise SystemExit("no won game found")


#: The words of each stopping rule in an answer's method.
STOPS = ("time limit", "ranking settled", "every card's 95% interval", "placed against every other",
         "asked for", "exact for the policy", "exact: each card")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    samples = int(args[0]) if args else None
    tags, events, origin = sample_events()
    print(f"{origin}: {len(events)} events; " + (f"{samples} deals" if samples else "default stopping rule"))
    walls, cpus, counts, deals, stops = [], [], [], [], Counter()
    game = Game.from_tags(tags)
    for event in [None, *events]:
        if event is not None:
            game.apply(event)
        if game.over:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        advice = advise(game, samples=samples)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        counts.append(len(advice.options))
        m = re.search(r"(\d+) deals", advice.method)
        deals.append(int(m.group(1)) if m else 0)
        stops[next((k for k in STOPS if k in advice.method), advice.method[:30])] += 1
    print(f"positions {len(walls)}; options per position: mean {statistics.mean(counts):.1f}, max {max(counts)}")
    print(f"deals per answer: p50 {pct(deals, .5)}, max {max(deals)}; methods: {dict(stops)}")
    for name, xs in (("wall", walls), ("cpu", cpus)):
        print(f"advise in process ({name}): p50 {pct(xs, .5) * 1000:.0f} ms, "
              f"p95 {pct(xs, .95) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms")
    if "--cli" in sys.argv:
        cli(tags, events)


def cli(tags: dict[str, str], events: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "REFEREE_DB": os.path.join(tmp, "bench.db"), "NO_COLOR": "1"}
        run = [sys.executable, "-m", "referee"]
        subprocess.run(run + ["new", "fof", "--players", tags["Players"].replace(" ", ""),
                              "--variant", tags.get("Variant", "casual")], env=env, check=True,
                       capture_output=True)
        times, cpus = [], []
        for i, event in enumerate(events):
            if i % 5 == 0:
                t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run(run + ["advise"], env=env, check=True, capture_output=True)
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                times.append(time.perf_counter() - t0)
                cpus.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
            if i == len(events) - 1:
                break
            subprocess.run(run + ["move", event], env=env, check=True, capture_output=True)
        for name, xs in (("wall", times), ("cpu", cpus)):
            print(f"referee advise as a process ({name}, {len(xs)} positions): p50 {pct(xs, .5) * 1000:.0f} ms, "
                  f"p95 {pct(xs, .95) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
