"""Benchmark of the Zombies!!! advisor (run on demand, not part of the suite).

    .venv/bin/python tests/benchmarks/advise_zombies.py

Times ``advise(game)`` at every position of the built-in sample game (before each
event) and reports p50, p95 and the worst in wall time, and the user CPU time of the
pass (the machine may be shared: the CPU time is the steadier figure).  The odds are
exact and cached by (kill number, ammo, life, policy, dog), so the first position pays
for most of the work.
"""

from __future__ import annotations

import resource
import statistics
import time


def main() -> None:
    from referee.games.zombies.advise import advise
    from referee.games.zombies.odds import _odds
    from referee.replay import sample_record, setup

    _odds.cache_clear()
    record = sample_record("sample-zombies")
    game = setup(record)
    rows = []
    cpu0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    for line in record.events:
        if game.over:
            break
        t0 = time.perf_counter()
        advice = advise(game)
        rows.append((time.perf_counter() - t0, line.text, len(advice.options), advice.method))
        game.apply(line.text)
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu0
    times = sorted(r[0] for r in rows)
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"advise: {len(rows)} positions of the sample game: p50 {p(.5):.2f} ms, p95 {p(.95):.2f} ms, "
          f"mean {statistics.mean(times) * 1000:.2f} ms, worst {times[-1] * 1000:.2f} ms; "
          f"user CPU {cpu:.2f} s")
    worst = max(rows)
    print(f"  worst before {worst[1]!r} ({worst[2]} options): {worst[3][:120]}")


if __name__ == "__main__":
    main()
