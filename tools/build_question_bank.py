"""Rebuild the question bank (``rulesdb/data/questions.jsonl``) from the question sets.

Each question of the development and probe sets in ``tests/benchmarks`` is labelled
with the entry that answers it: among the search's first 60 hits (made WITHOUT the bank,
so a label comes from the entries alone), the best-ranked one whose title and text hold
every fact regex of the question.  A question no hit answers is left out and counted.

Blind sets (``rules_eval.OPTIONAL_SETS`` marks them) and the held-out set are never
banked: they measure questions the search has not seen.  A development question worded
exactly as one of theirs (case and outer spaces aside: short questions recur, "how many
flee cards r there") is left out too, so that a blind figure is never a lookup.

Usage (from the repository root; run it after the entries change)::

    .venv/bin/python tools/build_question_bank.py          # rewrite the bank
    .venv/bin/python tools/build_question_bank.py --check  # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))


def banked_sets() -> list[Path]:
    """The question sets the bank is made from: every non-blind optional set, the extra
    set and the probe sets."""
    import qsets

    return [qsets.path(name) for name in qsets.banked()]


def _key(game: str, q: str) -> tuple[str, str]:
    return game, " ".join(q.lower().split())


def unseen_sets() -> list[Path]:
    """The sets that stand for questions the search has never seen: blind and held out."""
    import qsets

    return [qsets.path(name) for name in qsets.names() if qsets.unseen(name)]


def build(leave_out: tuple[str, ...] = ()) -> tuple[list[dict], int]:
    """The bank's lines (sorted by game, entry and question) and how many questions no
    hit answered; sets whose file name holds one of ``leave_out`` are skipped."""
    import rules_eval as RE
    from rulesdb import Database

    tmp = Path(tempfile.mkdtemp())
    db = Database(index_path=tmp / "index.sqlite", imports_path=tmp / "none.db",
                  bank_path=tmp / "no-bank.jsonl", asked_before=0.0)
    texts = {e.id: f"{e.title}\n{e.text}" for e in db.entries()}
    lines: dict[tuple[str, str], dict] = {}
    unanswered = 0
    unseen = {_key(q["game"], q["q"]) for path in unseen_sets() if path.exists()
              for q in RE.load(path)}
    for path in banked_sets():
        if any(part in path.name for part in leave_out):
            continue
        for q in RE.load(path):
            if _key(q["game"], q["q"]) in unseen:
                continue
            facts = [re.compile(f, re.I) for f in q["facts"]]
            for hit in db.search(q["q"], game=q["game"], limit=60):
                blob = texts.get(hit.id)
                if blob is not None and all(f.search(blob) for f in facts):
                    lines[q["game"], q["q"]] = {"game": q["game"], "q": q["q"], "entry": hit.id}
                    break
            else:
                unanswered += 1
    db.close()
    return sorted(lines.values(), key=lambda d: (d["game"], d["entry"], d["q"])), unanswered


def main() -> int:
    from rulesdb.bank import BANK_FILE

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the bank is stale")
    ap.add_argument("--leave-out", action="append", default=[], metavar="PART",
                    help="skip the sets whose file name holds PART (to measure on them)")
    ap.add_argument("--out", type=Path, help="write here instead of the shipped bank")
    args = ap.parse_args()
    lines, unanswered = build(tuple(args.leave_out))
    text = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in lines)
    if args.check:
        stale = not BANK_FILE.exists() or BANK_FILE.read_text(encoding="utf-8") != text
        print("stale" if stale else "up to date")
        return 1 if stale else 0
    out = args.out or BANK_FILE
    out.write_text(text, encoding="utf-8")
    print(f"{len(lines)} questions banked in {out}; "
          f"{unanswered} answered by no hit, left out")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
