"""Benchmark: Fight or Flight simulated games per second (not collected by pytest).

Usage: python tests/benchmarks/fof_simulate.py [GAMES] [PLAYERS]
Prints, per variant, the games per second and the win rate with its 95% interval.
"""

from __future__ import annotations

import sys
import time

from referee.games.fight_or_flight.simulate import simulate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for variant in ("casual", "experienced", "challenge"):
        start = time.perf_counter()
        result = simulate(players, variant, games, seed=2024).to_json()
        elapsed = time.perf_counter() - start
        lo, hi = result["ci95"]
        print(f"{variant:12} {games} games, {players} players: {games / elapsed:7.0f} games/s; "
              f"win rate {result['win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}); "
              f"losses {result['losses']}")


if __name__ == "__main__":
    main()
