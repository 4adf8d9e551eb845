"""Benchmark: legal_events() of the Zombies!!! referee over random legal play
(not run by the suite).  Prints the mean and the worst position found.

    .venv/bin/python tests/benchmarks/zombies_legal.py
"""

from __future__ import annotations

import random
import time

from referee.games.zombies.engine import Game


def main(games: int = 150) -> None:
    worst, where, total, calls = 0.0, None, 0.0, 0
    for seed in range(games):
        rng = random.Random(seed)
        n = rng.randint(2, 6)
        exps = rng.choice(["", "the-end", "zombie-corps, the-end, schools-out"])
        g = Game.from_tags({"Players": ", ".join("ABCDEF"[:n]), "Tiles": str(max(10, 2 * n) + 10),
                            "Expansions": exps})
        for step in range(400):
            t = time.perf_counter()
            opts = g.legal_events()
            dt = time.perf_counter() - t
            total, calls = total + dt, calls + 1
            if dt > worst:
                worst, where = dt, (seed, step, len(opts), g.to_json()["step"], exps)
            if not opts:
                break
            turn = [o for o in opts if ' event "' not in o.text and ' item "' not in o.text]
            g.apply(rng.choice(turn or opts).text)
    print(f"{calls} calls, mean {total / calls * 1000:.2f} ms, worst {worst * 1000:.2f} ms at {where}")


if __name__ == "__main__":
    main()
