"""Replay speed of every registered game (issue 26; not run by the suite).

For each game: at least ``--games`` random legal games from its sample record's set-up
(events chosen by ``legal_events()``, up to ``--cut`` events a game; more games until
``--events`` events), then the same events replayed on a fresh game with ``apply``
alone (best of three).  Prints events/s replayed, the ratio to Fluffy's in the same
run, and the worst ``legal_events()`` time met during the random games and where.

Fluffy is the reference: the target of issue 26, half of python-chess's perft push/pop
rate (about 237k events/s on the issue's machine), is about Fluffy's own rate there
(241k/s), so a game near 1.0x here meets it.  Timings are noisy on a shared machine.

    .venv/bin/python tests/benchmarks/replay_speed.py [--games N] [--events N] [--cut N] [--only GAME]
"""

from __future__ import annotations

import argparse
import random
import time

from referee.games import refereed
from referee.records import parse_record
from referee.replay import setup


def _timed(call):
    t = time.perf_counter()
    out = call()
    return time.perf_counter() - t, out


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
    t = time.perf_counter()
    for text in texts:
        apply(text)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="random games per game (20)")
    ap.add_argument("--cut", type=int, default=4000, help="events at most per game (4000)")
    ap.add_argument("--events", type=int, default=5000,
                    help="more games until this many events are replayed (5000)")
    ap.add_argument("--only", action="append", help="only this game (and fluffy, the reference)")
    args = ap.parse_args()
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
    print(f"{'game':<18}{'events':>8}{'events/s':>11}{'vs fluffy':>11}{'worst legal':>13}  where (seed, step, options)")
    for name, events, rate, worst, where in rows:
        print(f"{name:<18}{events:>8}{rate:>11,.0f}{rate / ref:>10.2f}x{worst * 1000:>10.2f} ms  {where}")


if __name__ == "__main__":
    main()
