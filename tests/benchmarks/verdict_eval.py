"""Yes/No verdicts of `rules ask` on a calibration set: how many questions get the
rulebook's verdict, how many the opposite, and the curve over the thresholds.

Usage (from the repository root)::

    .venv/bin/python tests/benchmarks/verdict_eval.py            # the chosen thresholds
    .venv/bin/python tests/benchmarks/verdict_eval.py --curve    # the grid: floor x conflict margin x missing words
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
            found = [h.id for h in db.search(r["q"], game=r["game"], limit=8)]  # as rules ask does
            cands = A.candidates(db, q, r["game"], entries=found) if found and q.yes_no else []
            feats.append((r, q, found, cands))

        def run(floor, conflict, missing):
            right = wrong = 0
            bad = []
            for r, q, found, cands in feats:
                v = A.decide(q, cands, floor=floor, conflict=conflict, missing=missing,
                             top=found[0] if found else None)
                if v is None:
                    continue
                if v.verdict == r["verdict"]:
                    right += 1
                else:
                    wrong += 1
                    bad.append((r, v))
            return right, wrong, bad

        n = len(rows)
        print(f"{n} questions ({sum(1 for _, q, _, _ in feats if q.yes_no)} read as yes/no)")
        if a.curve:
            print(f"{'floor':>6} {'confl':>5} {'miss':>4} {'right':>7} {'wrong':>7}")
            for floor, conflict, missing in itertools.product(
                    (1.2, 1.3, 1.4, 1.5), (0.05, 0.15, 0.3, 0.4), (2, 3, 99)):
                right, wrong, _ = run(floor, conflict, missing)
                print(f"{floor:6.2f} {conflict:5.2f} {missing:4} {right / n:7.1%} {wrong / n:7.1%}")
        right, wrong, bad = run(A.VERDICT_FLOOR, A.CONFLICT, A.MISSING_WORDS)
        print(f"chosen (floor {A.VERDICT_FLOOR}, conflict {A.CONFLICT}, missing {A.MISSING_WORDS}): "
              f"right {right}/{n} = {right / n:.1%}, wrong {wrong}/{n} = {wrong / n:.1%}, "
              f"no verdict {n - right - wrong}")
        if a.misses:
            for r, v in bad:
                print(f"  WRONG {r['game']}: {r['q']!r} (rulebook {r['verdict']}) <- {v.canonical.q!r} "
                      f"{v.canonical.verdict} score {v.similarity:.2f}")
            for r, q, found, cands in feats:
                if any(r is b[0] for b in bad):
                    continue
                ex: list = []
                v = A.decide(q, cands, floor=-9, missing=99, conflict=-1, explain=ex)
                if ex:
                    f = ex[0]
                    print(f"  {'yn' if q.yes_no else '--'} {r['verdict']:>3} {r['q']!r} <- {f['q']!r} "
                          f"{f['verdict']} {f['score']:.2f} extra={f['extra']} miss={f['missing']} "
                          f"swapped={f['swapped']} top={f['top']} refused={f['refused']}"
                          + "".join(f" {k}={f[k]}" for k in ("contrast", "roles", "condition", "assumes")
                                    if f[k]))


if __name__ == "__main__":
    main()
