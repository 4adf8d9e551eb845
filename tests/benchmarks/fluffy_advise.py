"""Benchmark of the Zombies Want Fluffy advisor (run on demand, not part of the suite).

    python tests/benchmarks/fluffy_advise.py

Times ``advise(game)`` at every position of the built-in sample game (before each
event) and reports p50, p95 and the worst, with the method used at the worst.
"""

from __future__ import annotations

import statistics
import time


def main() -> None:
    from referee.games.fluffy.advise import advise
    from referee.replay import sample_record, setup

    record = sample_record("sample")
    game = setup(record)
    rows = []
    for line in record.events:
        t0 = time.perf_counter()
        advice = advise(game, seed=1)
        rows.append((time.perf_counter() - t0, line.text, game.turn, advice.method))
        game.apply(line.text)
    times = sorted(r[0] for r in rows)
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"advise: {len(rows)} positions of the sample game: p50 {p(.5):.1f} ms, p95 {p(.95):.1f} ms, "
          f"mean {statistics.mean(times) * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms")
    worst = max(rows)
    print(f"  worst before {worst[1]!r} ({worst[2]}'s turn): {worst[3]}")


if __name__ == "__main__":
    main()
