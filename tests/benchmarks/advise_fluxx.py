"""Benchmark of the Zombie Fluxx advisor (run on demand, not part of the suite).

    .venv/bin/python tests/benchmarks/advise_fluxx.py [--samples N]

Times ``advise(game)`` at every position of the built-in sample game (before each
event), as the table plays it (hidden hands), then again with the hand of the player to
move named (``hand=``, as ``--hand`` does) by random unseen cards consistent with the
counts, so the search of this turn and the deals of the next one both run; and once
more with the enumeration turned off (Monte Carlo at every option).  Prints p50, p95
and the worst in wall time, and the user CPU time of each pass (the machine may be
shared: the CPU time is the steadier figure).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time


def _hand(game, rng: random.Random) -> str | None:
    """A hand for the player to move: their known cards and unseen non-Creepers."""
    from referee.games.fluxx.engine import fmt

    p = game.current
    hand = game.hands[p]
    seen = game.visible()
    pool = [n for n, k in game.composition.items() for _ in range(max(0, k - seen[n]))
            if game.card(n).type != "creeper"]
    if len(pool) < hand.unknown:
        return None
    names = list(hand.known.elements()) + rng.sample(pool, hand.unknown)
    return " ".join(fmt(n) for n in names) if names else None


def _pass(label: str, positions, samples: int | None, with_hand: bool) -> None:
    from referee.games.fluxx.advise import advise

    rng = random.Random(7)
    rows = []
    cpu0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    for game, text in positions:
        hand = _hand(game, rng) if with_hand else None
        t0 = time.perf_counter()
        advice = advise(game, seed=1, samples=samples, hand=hand)
        rows.append((time.perf_counter() - t0, text, len(advice.options), advice.method))
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu0
    times = sorted(r[0] for r in rows)
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
    print(f"{label}: {len(rows)} positions: p50 {p(.5):.1f} ms, p95 {p(.95):.1f} ms, "
          f"mean {statistics.mean(times) * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms; "
          f"user CPU {cpu:.2f} s")
    worst = max(rows)
    print(f"  worst before {worst[1]!r} ({worst[2]} options): {worst[3][:150]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=None)
    args = parser.parse_args()
    import copy

    from referee.games.fluxx import advise as A
    from referee.replay import sample_record, setup

    record = sample_record("sample-fluxx")
    game = setup(record)
    positions = []
    for line in record.events:
        if not game.over:
            positions.append((copy.deepcopy(game), line.text))
        game.apply(line.text)
    _pass("hidden hands", positions, args.samples, with_hand=False)
    _pass("hand named", positions, args.samples, with_hand=True)
    budget = A.EXACT_BUDGET
    A.EXACT_BUDGET = 0
    try:
        _pass("hand named, Monte Carlo only", positions, args.samples, with_hand=True)
    finally:
        A.EXACT_BUDGET = budget


if __name__ == "__main__":
    main()
