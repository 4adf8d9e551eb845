"""Rules-search speed: index build time and time per search, in process.

Usage: ``.venv/bin/python tests/benchmarks/rules_speed.py [--rounds N]``.
Targets: a search under 5 ms.  The index is built in a temporary folder, so the user's
cache is untouched.  Also reports opening a cached index in a fresh Database (what each
``referee rules`` command pays) and the in-memory fallback build.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import qsets  # noqa: E402

QUESTIONS = [ROOT.parent / "shared" / "eval" / "rules-questions.jsonl", qsets.path("extra")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="passes over the question sets")
    args = ap.parse_args()

    from rulesdb import Database

    qs = [q for p in QUESTIONS if p.exists() for q in qsets.load(p)]
    with tempfile.TemporaryDirectory() as tmp:
        idx, imp = Path(tmp) / "index.sqlite", Path(tmp) / "none.db"
        t0 = time.perf_counter()
        db = Database(index_path=idx, imports_path=imp)
        db.conn
        build = time.perf_counter() - t0
        db.close()

        t0 = time.perf_counter()
        fresh = Database(index_path=idx, imports_path=imp)
        fresh.conn
        reopen = time.perf_counter() - t0
        assert not fresh.rebuilt

        per: list[float] = []
        for q in qs:  # warm-up: first-use caches (vocabulary, known words)
            fresh.search(q["q"], game=q["game"])
        for _ in range(args.rounds):
            for q in qs:
                t = time.perf_counter()
                fresh.search(q["q"], game=q["game"])
                per.append(time.perf_counter() - t)
        cold = []
        for q in qs[:30]:
            d = Database(index_path=idx, imports_path=imp)
            t = time.perf_counter()
            d.search(q["q"], game=q["game"])
            cold.append(time.perf_counter() - t)
            d.close()
        fresh.close()

    per.sort()
    ms = lambda s: f"{s * 1000:.2f} ms"  # noqa: E731
    print(f"entries + index build: {ms(build)}")
    print(f"open cached index (fresh Database, hash check): {ms(reopen)}")
    print(f"search, warm ({len(per)} searches): mean {ms(statistics.mean(per))}, "
          f"median {ms(per[len(per) // 2])}, p95 {ms(per[int(len(per) * 0.95)])}, max {ms(per[-1])}")
    print(f"search, first in a fresh Database: mean {ms(statistics.mean(cold))}, max {ms(max(cold))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
