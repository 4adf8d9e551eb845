"""Replay speed of every registered game (issue 26; not run by the suite).

For each game: at least ``--games`` random legal games from its sample record's set-up
(events chosen by ``legal_events()``, up to ``--cut`` events a game; more games until
``--events`` events), then the same events replayed on a fresh game with ``apply``
alone (best of three).  Prints events/s replayed, the ratio to Fluffy's in the same
run, and the worst ``legal_events()`` time met during the random games and where.

The target of issue 26 is half of python-chess's perft rate, measured in the same run:
``--perft PYTHON`` names the interpreter of a separate environment with python-chess
installed (``python3 -m venv /tmp/chess && /tmp/chess/bin/pip install chess``), which
runs perft(4) from the start position with push/pop (197,281 leaf nodes) three times; the
best rate is the reference and each game's ratio to it is printed.  Without it, Fluffy
is the reference (on the issue's machine Fluffy replayed at about perft's rate, so the
target is about 0.5x Fluffy there).  All times are CPU time of the process
(``time.process_time``), so another job on the machine slows neither side.

    .venv/bin/python tests/benchmarks/replay_speed.py [--games N] [--events N] [--cut N] [--only GAME] [--perft PYTHON]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time

from referee.games import refereed
from referee.records import parse_record
from referee.replay import setup


_clock = time.process_time

#: perft(4) with push/pop, run by the other environment's interpreter: prints leaves and
#: CPU seconds.
PERFT = """
import chess, time
def perft(b, d):
    if d == 0:
        return 1
    n = 0
    for m in b.legal_moves:
        b.push(m)
        n += perft(b, d - 1)
        b.pop()
    return n
b = chess.Board()
t = time.process_time()
n = perft(b, 4)
print(n, time.process_time() - t)
"""


def perft_rate(python: str, runs: int = 3) -> float:
    """python-chess's perft(4) leaves per CPU second, best of ``runs``, run by ``python``."""
    best = 0.0
    for _ in range(runs):
        out = subprocess.run([python, "-c", PERFT], capture_output=True, text=True, check=True).stdout
        n, s = out.split()
        best = max(best, int(n) / float(s))
    return best


def _timed(call):
    t = _clock()
    out = call()
    return _clock() - t, out


def _play(spec, seed: int, cut: int):
    """One random legal game: (its record, events, worst legal_events seconds, where)."""
    rng = random.Random(seed)
    record = parse_record(spec.sample_text())
    game = setup(record)
    texts: list[str] = []
    worst, where = 0.0, None
    for step in range(cut):
        dt, legal = _timed(game.legal_events)
        if dt > worst:  # a new worst: timed again, the fastest kept (a pause is not the engine)
            dt = min(dt, _timed(game.legal_events)[0], _timed(game.legal_events)[0])
        if dt > worst:
            worst, where = dt, (seed, step, len(legal))
        if not legal:
            break
        texts.append(game.apply(rng.choice(legal).text).text)
    return record, texts, worst, where


def _replay(record, texts: list[str]) -> float:
    """Seconds to apply ``texts`` to a fresh game (the set-up not counted)."""
    game = setup(record)
    apply = game.apply
    t = _clock()
    for text in texts:
        apply(text)
    return _clock() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="random games per game (20)")
    ap.add_argument("--cut", type=int, default=4000, help="events at most per game (4000)")
    ap.add_argument("--events", type=int, default=5000,
                    help="more games until this many events are replayed (5000)")
    ap.add_argument("--only", action="append", help="only this game (and fluffy, the reference)")
    ap.add_argument("--perft", metavar="PYTHON",
                    help="the interpreter of an environment with python-chess: perft(4) is the reference")
    args = ap.parse_args()
    perft = perft_rate(args.perft) if args.perft else None
    specs = [s for s in refereed() if not args.only or s.name in args.only or s.name == "fluffy"]
    rates: dict[str, float] = {}
    rows = []
    for spec in specs:
        events, seconds, worst, where = 0, 0.0, 0.0, None
        seed = 0
        while seed < args.games or events < args.events:
            record, texts, w, at = _play(spec, seed, args.cut)
            if w > worst:
                worst, where = w, at
            best = min(_replay(record, texts) for _ in range(3))
            events, seconds = events + len(texts), seconds + best
            seed += 1
        rates[spec.name] = events / seconds if seconds else 0.0
        rows.append((spec.name, events, rates[spec.name], worst, where))
    ref = rates.get("fluffy") or 1.0
    if perft:
        perft2 = perft_rate(args.perft)  # again after the games: the best of both runs
        perft = max(perft, perft2)
        print(f"python-chess perft(4): {perft:,.0f} leaves per CPU second (best of 6, before and after)")
    print(f"{'game':<18}{'events':>8}{'events/s':>11}{'vs fluffy':>11}"
          + (f"{'vs perft':>10}" if perft else "") + f"{'worst legal':>13}  where (seed, step, options)")
    for name, events, rate, worst, where in rows:
        print(f"{name:<18}{events:>8}{rate:>11,.0f}{rate / ref:>10.2f}x"
              + (f"{rate / perft:>9.2f}x" if perft else "") + f"{worst * 1000:>10.2f} ms  {where}")


if __name__ == "__main__":
    main()
