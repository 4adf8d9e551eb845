"""Yes/No verdicts of `rules ask` on a calibration set: how many questions get the
rulebook's verdict, how many the opposite, and the curve over the thresholds.

Usage (from the repository root)::

    .venv/bin/python tests/benchmarks/verdict_eval.py            # the chosen thresholds
    .venv/bin/python tests/benchmarks/verdict_eval.py --curve    # coverage / wrong rate grid
    .venv/bin/python tests/benchmarks/verdict_eval.py --misses   # the wrong verdicts
    .venv/bin/python tests/benchmarks/verdict_eval.py --set FILE # another set file (read by qsets.load)

The calibration set ``questions/verdicts-dev.jsonl`` (rows of the one question-set schema,
``qsets.FIELDS``, with ``game``, ``q``, ``verdict`` and ``entry`` filled; worded unlike the
canonical questions) is where the thresholds of
:mod:`rulesdb.answer` are chosen.  A blind set is measured once with the chosen
thresholds (no ``--curve``).  Rates are over all the set's yes/no questions: "right" is
the share stated with the rulebook's verdict, "wrong" the share stated with the opposite.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import qsets  # noqa: E402

DEV = qsets.path("verdicts-dev")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", type=Path, default=DEV)
    parser.add_argument("--curve", action="store_true")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--overlap", type=float, help="try another weight of the word overlap")
    a = parser.parse_args()
    from rulesdb import Database
    from rulesdb import answer as A

    if a.overlap is not None:
        A.OVERLAP = a.overlap

    rows = qsets.load(a.set)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(index_path=Path(tmp) / "i.sqlite", imports_path=Path(tmp) / "r.db")
        feats = []
        for r in rows:
            q = A.read(r["q"])
            ex: list = []
            found = [h.id for h in db.search(r["q"], game=r["game"], limit=8)]  # as rules ask does
            A.match(db, q, r["game"], floor=-9, extra=99, missing=99, explain=ex, entries=found)
            feats.append((r, q, ex[0] if ex else None))

        def run(floor, extra, missing):
            right = wrong = 0
            bad = []
            for r, q, f in feats:
                if f is None or not q.yes_no or not (f["polarity"] and f["numbers"]) or f["rival"]:
                    continue
                if f["score"] < floor or f["extra"] > extra or f["missing"] > missing or f["extra_keys"]:
                    continue
                if f["verdict"] == r["verdict"]:
                    right += 1
                else:
                    wrong += 1
                    bad.append((r, f))
            return right, wrong, bad

        n = len(rows)
        print(f"{n} questions ({sum(1 for _, q, _ in feats if q.yes_no)} read as yes/no)")
        if a.curve:
            print(f"{'floor':>6} {'extra':>5} {'miss':>4} {'right':>7} {'wrong':>7}")
            for floor, extra, missing in itertools.product(
                    (1.2, 1.3, 1.4, 1.5, 1.6, 1.7), (0, 1, 2, 9), (0, 1, 2)):
                right, wrong, _ = run(floor, extra, missing)
                print(f"{floor:6.2f} {extra:5} {missing:4} {right / n:7.1%} {wrong / n:7.1%}")
        right, wrong, bad = run(A.VERDICT_FLOOR, A.EXTRA_WORDS, A.MISSING_WORDS)
        print(f"chosen (floor {A.VERDICT_FLOOR}, extra {A.EXTRA_WORDS}, missing {A.MISSING_WORDS}): "
              f"right {right}/{n} = {right / n:.1%}, wrong {wrong}/{n} = {wrong / n:.1%}, "
              f"no verdict {n - right - wrong}")
        if a.misses:
            for r, f in bad:
                print(f"  WRONG {r['game']}: {r['q']!r} (rulebook {r['verdict']}) <- {f['q']!r} "
                      f"{f['verdict']} score {f['score']:.2f}")
            for r, q, f in feats:
                if f and not any(r is b[0] for b in bad):
                    print(f"  {'yn' if q.yes_no else '--'} {r['verdict']:>3} {r['q']!r} <- {f['q']!r} "
                          f"{f['verdict']} {f['score']:.2f} pol={f['polarity']} num={f['numbers']} "
                          f"extra={f['extra']} {f['extra_keys']} miss={f['missing']} rival={bool(f['rival'])}")


if __name__ == "__main__":
    main()
