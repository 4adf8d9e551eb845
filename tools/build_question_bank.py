"""Rebuild the question bank (``rulesdb/data/questions.jsonl``) from the labelled question sets.

The bank is a merge, with no search: every row of the banked sets (``qsets.banked()``:
extra, the dev sets and the probes, in ``tests/benchmarks/questions/``) whose ``entry``
a reader wrote from the rulebooks becomes one bank line, ``{"game", "q", "entry"}``,
plus ``verdict``, ``because`` and ``section`` where the reader wrote them.  A row without
an entry (not labelled, or no entry answers it) is left out.  Labels go into the sets
with ``tools/merge_reader_labels.py``.

Blind and held-out sets (``qsets.unseen``) are never banked, nor any development question
worded exactly as one of theirs (case and spacing aside: short questions recur, "who
goes first"), so that a blind figure is never a lookup.  A question in two sets is
banked once; two different labels of one question are an error.

Usage (from the repository root; run it after labels change)::

    .venv/bin/python tools/build_question_bank.py          # rewrite the bank
    .venv/bin/python tools/build_question_bank.py --check  # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import qsets  # noqa: E402

#: The reader's fields a bank line carries besides game, q and entry (when not null).
CARRIED = ("verdict", "because", "section")


def banked_sets() -> list[Path]:
    """The files the bank is made from (``qsets.banked()``)."""
    return [qsets.path(name) for name in qsets.banked()]


def build(leave_out: tuple[str, ...] = ()) -> tuple[list[dict], dict]:
    """The bank's lines (sorted by game, entry and question) and counts: ``rows`` read,
    ``unlabelled`` (no entry), ``unseen`` (worded as a blind or held-out question, left
    out).  Sets whose name holds one of ``leave_out`` are skipped.  Raises ``ValueError``
    when one question has two different labels."""
    unseen = qsets.unseen_questions()
    lines: dict[tuple[str, str], dict] = {}
    counts = {"rows": 0, "unlabelled": 0, "unseen": 0}
    for name in qsets.banked():
        if any(part in name for part in leave_out):
            continue
        for r in qsets.load(name):
            counts["rows"] += 1
            if not r["entry"]:
                counts["unlabelled"] += 1
                continue
            if qsets.key(r["game"], r["q"]) in unseen:
                counts["unseen"] += 1
                continue
            line = {"game": r["game"], "q": r["q"], "entry": r["entry"]}
            line.update({k: r[k] for k in CARRIED if r.get(k) is not None})
            old = lines.setdefault((r["game"], r["q"]), line)
            if old != line:
                raise ValueError(f"{name}: {r['q']!r} is labelled twice, differently")
    return sorted(lines.values(), key=lambda d: (d["game"], d["entry"], d["q"])), counts


def text(lines: list[dict]) -> str:
    """The bank file's text for ``lines``."""
    import json

    return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in lines)


def main() -> int:
    from rulesdb.bank import BANK_FILE

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the bank is stale")
    ap.add_argument("--leave-out", action="append", default=[], metavar="PART",
                    help="skip the sets whose name holds PART (to measure on them)")
    ap.add_argument("--out", type=Path, help="write here instead of the shipped bank")
    args = ap.parse_args()
    lines, counts = build(tuple(args.leave_out))
    new = text(lines)
    if args.check:
        stale = not BANK_FILE.exists() or BANK_FILE.read_text(encoding="utf-8") != new
        print("stale" if stale else "up to date")
        return 1 if stale else 0
    out = args.out or BANK_FILE
    out.write_text(new, encoding="utf-8")
    print(f"{len(lines)} questions banked in {out} from {counts['rows']} rows; "
          f"{counts['unlabelled']} without an entry, {counts['unseen']} worded as a blind "
          f"question, left out")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
