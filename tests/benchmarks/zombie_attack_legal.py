"""Benchmark of Zombie Attack's legal_events() (run on demand, not part of the suite).

    python tests/benchmarks/zombie_attack_legal.py [GAMES]

Plays GAMES random games (default 40) with six players and six zombies on the default
mansion, choosing among legal_events() at every step, and reports per phase the number
of calls, the median and the worst time of one legal_events() call and the longest
listing.  The garbage collector is paused during each timed call, so the worst times
are the engine's own, not a collection that happened to fall inside one; each position
is timed three times and the best kept.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time


def main(games: int = 40) -> None:
    from referee.games.zombie_attack.engine import Game

    times: dict[str, list[tuple[float, int]]] = {"setup": [], "humans": [], "zombies": []}
    rng = random.Random(1)
    for _ in range(games):
        game = Game.from_tags({"Players": "Ann, Ben, Cat, Dan, Eve, Finn", "Board": "default"})
        for _ in range(400):
            phase = game.s.phase
            gc.disable()
            best = float("inf")
            for _ in range(3):  # the best of three: the engine's time, not the machine's load
                t0 = time.perf_counter()
                legal = game.legal_events()
                best = min(best, (time.perf_counter() - t0) * 1000)
            ms = best
            gc.enable()
            if not legal:
                break
            times[phase].append((ms, len(legal)))
            game.apply(rng.choice(legal).text)
    for phase, rows in times.items():
        if rows:
            worst = max(rows)
            print(f"{phase:8} calls {len(rows):6}  median {statistics.median(r[0] for r in rows):6.2f} ms  "
                  f"worst {worst[0]:6.2f} ms ({worst[1]} events)  longest listing {max(r[1] for r in rows)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
