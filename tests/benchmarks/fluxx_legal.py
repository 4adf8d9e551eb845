"""How long Zombie Fluxx's legal_events() and apply() take over random legal play
(not run by the suite): python tests/benchmarks/fluxx_legal.py [games]."""

from __future__ import annotations

import random
import sys
import time

from referee.games.fluxx.engine import Game


def main(games: int = 200) -> None:
    rng = random.Random(7)
    worst_legal = worst_apply = 0.0
    total = calls = 0
    for n in range(games):
        g = Game.from_tags({"Players": ", ".join(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][: 2 + n % 5])})
        for _ in range(400):
            t = time.perf_counter()
            legal = g.legal_events()
            dt = time.perf_counter() - t
            worst_legal = max(worst_legal, dt)
            total += dt
            calls += 1
            if not legal:
                break
            pick = rng.choice(legal)
            t = time.perf_counter()
            g.apply(pick.text)
            worst_apply = max(worst_apply, time.perf_counter() - t)
    print(f"legal_events: mean {1000 * total / calls:.2f} ms, worst {1000 * worst_legal:.2f} ms "
          f"over {calls} positions; apply worst {1000 * worst_apply:.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
