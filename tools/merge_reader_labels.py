"""Merge a reader's labels into the development and probe question sets.

A reader labels questions from the rulebooks, never from the search's hits: one JSON
object a line, ``{"game", "q", "entry", "also", "verdict", "because", "section"}``
(``entry`` null: no entry answers it; other fields, such as ``was``, the label the
question had before, are ignored).  Each label is written into every row of the banked
sets (``qsets.banked()``: extra, dev*, probe*) with the same game and exactly the same
question; a label is never written into a blind or held-out set.  A row that gains a
``verdict`` gains ``kind: "yesno"``.  Every banked set file is rewritten in the one row
schema (``qsets.FIELDS``).

Usage (from the repository root)::

    .venv/bin/python tools/merge_reader_labels.py LABELS.jsonl [...]   # merge, report
    .venv/bin/python tools/merge_reader_labels.py --check LABELS.jsonl # exit 1 if a set differs

Then rebuild the bank: ``.venv/bin/python tools/build_question_bank.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import qsets  # noqa: E402

#: The label fields copied into a set row.
LABEL_FIELDS = ("entry", "also", "verdict", "because", "section")


def merge(labels: list[dict]) -> tuple[dict[str, str], dict]:
    """The banked sets' new file texts by name, and a report: ``labels`` (read),
    ``matched`` (labels that found a row), ``unmatched`` (their questions), ``rows`` (set
    rows written).  Raises ``ValueError`` for a label without ``game`` and ``q``, or two
    labels of one question that disagree."""
    by_q: dict[tuple[str, str], dict] = {}
    for lab in labels:
        if not isinstance(lab.get("game"), str) or not isinstance(lab.get("q"), str):
            raise ValueError(f"a label needs game and q: {lab!r}")
        k = (lab["game"], lab["q"])
        new = {f: lab.get(f) for f in LABEL_FIELDS}
        if k in by_q and by_q[k] != new:
            raise ValueError(f"two labels disagree on {k}")
        by_q[k] = new
    used: set[tuple[str, str]] = set()
    texts: dict[str, str] = {}
    written = 0
    for name in qsets.banked():
        rows = [qsets.normalise(r) for r in qsets.read(qsets.path(name))]
        for r in rows:
            lab = by_q.get((r["game"], r["q"]))
            if lab is None:
                continue
            used.add((r["game"], r["q"]))
            r.update({f: lab[f] for f in LABEL_FIELDS})
            r["also"] = list(r["also"] or [])
            if r["verdict"] is not None:
                r["kind"] = "yesno"
            written += 1
        texts[name] = qsets.dump(rows)
    unmatched = [k for k in by_q if k not in used]
    return texts, {"labels": len(by_q), "matched": len(used), "unmatched": unmatched,
                   "rows": written}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("labels", type=Path, nargs="+", help="reader label files (jsonl)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a set file would change")
    args = ap.parse_args()
    labels = [lab for path in args.labels for lab in qsets.read(path)]
    texts, report = merge(labels)
    changed = [n for n, t in texts.items() if qsets.path(n).read_text(encoding="utf-8") != t]
    if args.check:
        print(f"{len(changed)} set files would change" if changed else "up to date")
        return 1 if changed else 0
    for name in changed:
        qsets.path(name).write_text(texts[name], encoding="utf-8")
    print(json.dumps({**report, "unmatched": report["unmatched"][:20],
                      "files_changed": len(changed)}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
