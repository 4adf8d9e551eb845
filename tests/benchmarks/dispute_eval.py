"""Blind dispute sets, measured as issue 21 asks: for each question the entry a reader
picked (``<set>-labels.jsonl``: ``entry``, and ``also``, entries stating the fact just as
well), and for yes/no questions the rulebook's verdict (``<set>.jsonl``).

Usage (from the repository root)::

    .venv/bin/python tests/benchmarks/dispute_eval.py blind8 blind8b   # the figures
    .venv/bin/python tests/benchmarks/dispute_eval.py blind8 --misses  # after measuring

Reported per set and game:

- hit@1 / hit@3 *strict*: the reader's ``entry`` is the entry `rules ask` shows first /
  among the three it shows (the answer's entry, then the other hits);
- hit@1 / hit@3 *lenient*: the same with any of ``entry`` and ``also``;
- verdicts over the yes/no questions: the share answered with the rulebook's verdict,
  the share answered with the opposite, the share with no verdict.  Questions whose
  verdict a second reader disputed (``verdict_check`` not "agree") are counted apart.

A blind set is measured once, with the shipped settings; nothing is tuned on it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import qsets  # noqa: E402


def load(name: str) -> list[dict]:
    """The set's rows with their reader labels (:func:`qsets.load` merges ``-labels.jsonl``)."""
    rows = qsets.load(name)
    for r in rows:
        r.setdefault("check", "agree")
    return rows


def shown(db, row) -> tuple[list[str], str | None]:
    """The entries `rules ask` shows for ``row`` (its answer first), and its verdict."""
    from rulesdb import answer as A

    ans = A.ask(db, row["q"], game=row["game"], limit=3)
    ids = ([ans.entry.id] if ans.entry is not None else []) + [h.id for h in ans.hits]
    ids = list(dict.fromkeys(ids))[:3]
    verdict = ans.verdict.verdict if ans.verdict is not None else None
    return ids, verdict


def measure(name: str, misses: bool) -> None:
    from rulesdb import Database

    rows = load(name)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(index_path=Path(tmp) / "i.sqlite", imports_path=Path(tmp) / "r.db")
        per: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        bad = []
        for r in rows:
            ids, verdict = shown(db, r)
            ok = {r["entry"], *r["also"]}
            for g in (r["game"], "all"):
                c = per[g]
                c["n"] += 1
                c["s1"] += ids[:1] == [r["entry"]]
                c["s3"] += r["entry"] in ids
                c["l1"] += bool(ids) and ids[0] in ok
                c["l3"] += any(i in ok for i in ids)
                if r["kind"] == "yesno":
                    key = "yn" if r["check"] == "agree" else "ynd"
                    c[key] += 1
                    if verdict is None:
                        c[key + "_none"] += 1
                    elif verdict == r["verdict"]:
                        c[key + "_right"] += 1
                    else:
                        c[key + "_wrong"] += 1
            if misses and (ids[:1] != [r["entry"]] or (verdict and verdict != r["verdict"])):
                bad.append((r["id"], r["q"], r["entry"], ids, r.get("verdict"), verdict))
    print(f"## {name}")
    print("| game | n | hit@1 strict | hit@3 strict | hit@1 lenient | hit@3 lenient | yes/no | verdict right | opposite | none |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for g in sorted(per, key=lambda k: (k == "all", k)):
        c = per[g]
        n, yn = c["n"], c["yn"] or 1
        print(f"| {g} | {n} | {c['s1']/n:.3f} | {c['s3']/n:.3f} | {c['l1']/n:.3f} | {c['l3']/n:.3f} | "
              f"{c['yn']} | {c['yn_right']/yn:.3f} | {c['yn_wrong']/yn:.3f} | {c['yn_none']/yn:.3f} |")
    c = per["all"]
    if c["ynd"]:
        print(f"disputed verdicts (scored apart): {c['ynd']}: right {c['ynd_right']}, "
              f"opposite {c['ynd_wrong']}, none {c['ynd_none']}")
    for b in bad:
        print("MISS", *b, sep=" | ")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("sets", nargs="+")
    p.add_argument("--misses", action="store_true")
    a = p.parse_args()
    for name in a.sets:
        measure(name, a.misses)


if __name__ == "__main__":
    main()
