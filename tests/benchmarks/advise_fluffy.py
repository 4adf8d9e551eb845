"""Benchmark of the Zombies Want Fluffy advisor on the positions of its sample record
(run on demand, not collected by pytest).

    python tests/benchmarks/advise_fluffy.py [--record sample] [--repeat 1]

Times ``advise(game)`` (in process, wall and CPU time of this process) before every
event of ``referee replay sample`` (the built-in sample game on the default yard), and
prints p50, p95 and the worst for the whole record and for each side's turn, with the
method and the options at the worst.  On a shared, loaded machine the wall times run
above the CPU times; the CPU times are what one free core would take.  Issue 23 asks
for 1 s at p95.
"""

from __future__ import annotations

import argparse
import statistics
import time


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    from referee.games.fluffy.advise import advise
    from referee.replay import sample_record, setup

    ap = argparse.ArgumentParser()
    ap.add_argument("--record", default="sample")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    record = sample_record(args.record)
    game = setup(record)
    rows = []
    for line in record.events:
        for _ in range(args.repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            advice = advise(game, seed=1)
            rows.append((time.perf_counter() - w0, time.process_time() - c0, line.text, game.turn,
                         advice.method, len(advice.options)))
        game.apply(line.text)
    for label, keep in (("all", None), ("fluffy", "fluffy"), ("zombies", "zombies")):
        sel = [r for r in rows if keep is None or r[3] == keep]
        if not sel:
            continue
        wall = [r[0] * 1000 for r in sel]
        cpu = [r[1] * 1000 for r in sel]
        print(f"{label:8} {len(sel):4} positions  wall p50 {pct(wall, .5):7.1f} ms  p95 {pct(wall, .95):7.1f} ms  "
              f"max {max(wall):7.1f} ms  mean {statistics.mean(wall):6.1f} ms | "
              f"cpu p50 {pct(cpu, .5):7.1f} ms  p95 {pct(cpu, .95):7.1f} ms  max {max(cpu):7.1f} ms")
    worst = max(rows)
    print(f"worst: before {worst[2]!r} ({worst[3]}'s turn, {worst[5]} options): {worst[4]}")
    methods = {}
    for r in rows:
        methods[r[4].split(":")[0]] = methods.get(r[4].split(":")[0], 0) + 1
    print("methods:", ", ".join(f"{k} {v}" for k, v in sorted(methods.items())))


if __name__ == "__main__":
    main()
