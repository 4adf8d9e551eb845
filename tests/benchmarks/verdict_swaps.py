"""The pool of yes/no questions that get no verdict only because a word of the question
is not paired with the canonical question's word it stands for ("throw" for "discard"):
how many, and which word pairs, by game.

A question is in the pool when ``rules ask`` states no verdict and the nearest canonical
question it reads (same polarity and numbers, of either verdict) is refused for a key word
swapped (``"swapped"``) or too many words unpaired (``"words"``) alone: no rival of the
other verdict within the conflict margin, its entry the search's first, its score over
the floor.  For each, the content words left unpaired on each side are listed as pairs
``question word -> canonical word`` (every pair when several are left), with whether the
canonical verdict is the question's (a pair that would give the opposite verdict is a
real difference, or another question).

Usage (from the repository root)::

    .venv/bin/python tests/benchmarks/verdict_swaps.py               # K-fold cache and verdicts-dev2
    .venv/bin/python tests/benchmarks/verdict_swaps.py --examples 3  # with example questions

The K-fold searches are ``verdict_loo.py``'s cache (run it first); ``verdicts-dev2`` is
searched once and cached beside it.  Development data only: never a blind set, nor
``verdicts-dev`` (measured at the end with ``verdict_eval.py``).
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import qsets  # noqa: E402
import verdict_loo  # noqa: E402

DEV2 = Path(tempfile.gettempdir()) / "referee-verdict-dev2.pickle"


def collect_set(name: str) -> dict:
    """Search set ``name`` as ``rules ask`` does (the shipped index, bank in) and read the
    candidates: ``{"items": [(row, question, found, candidates)], "state"}``."""
    from rulesdb import Database
    from rulesdb import answer as A

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(index_path=Path(tmp) / "i.sqlite", imports_path=Path(tmp) / "r.db")
        for r in qsets.load(qsets.path(name)):
            if r["verdict"] not in ("yes", "no"):
                continue
            q = A.read(r["q"])
            found = [h.id for h in db.search(r["q"], game=r["game"], limit=8)]
            cands = A.candidates(db, q, r["game"], entries=found) if found and q.yes_no else []
            out.append((dict(r, kind=name), q, found, cands))
        db.close()
    return {"items": out, "state": verdict_loo._state()}


def unpaired(q, c) -> tuple[list[str], list[str]]:
    """The content words of ``q`` the candidate ``c`` leaves unpaired, and those of ``c``'s
    canonical question ``q`` leaves unpaired (the words, with their forms as paired)."""
    from rulesdb import answer as A

    content, qforms, qpool = c._context[0], c._context[1], c._context[2]
    pool = frozenset().union(*c._cw) if c._cw else frozenset()
    mine = [w for w, f in zip(content, qforms) if f.isdisjoint(pool)]
    theirs = [w for w, f in zip(A.content_words(c.canon.q), c._cw) if f.isdisjoint(qpool)]
    return mine, theirs


def pool(data) -> list[dict]:
    """The questions of ``data`` in the pool (see the module docstring)."""
    from rulesdb import answer as A

    out = []
    for r, q, top, cands in verdict_loo.questions(data):
        if not cands or A.decide(q, cands, top=top) is not None:
            continue
        ex: list = []
        A.decide(q, cands, top=top, explain=ex)
        if not ex or ex[0]["refused"] not in ("swapped", "words"):
            continue
        f = ex[0]
        if f["rival"] is not None or not f["top"] or f["score"] < A.VERDICT_FLOOR:
            continue
        best = next(c for c in cands if c.canon.q == f["q"])
        mine, theirs = unpaired(q, best)
        out.append({"game": r["game"], "q": r["q"], "kind": r["kind"], "canon": f["q"],
                    "agree": f["verdict"] == r["verdict"], "refused": f["refused"],
                    "extra_keys": f["extra_keys"], "missing_keys": f["missing_keys"],
                    "mine": mine, "theirs": theirs})
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=0)
    parser.add_argument("--min", type=int, default=2, help="list pairs seen at least this often")
    parser.add_argument("--cache", type=Path, default=verdict_loo.CACHE, help="verdict_loo.py's cache")
    parser.add_argument("--dev2-cache", type=Path, default=DEV2)
    a = parser.parse_args()
    loo = pickle.loads(a.cache.read_bytes()) if a.cache.exists() else None
    if loo is None or loo.get("state") != verdict_loo._state():
        sys.exit(f"run verdict_loo.py first: {a.cache} is missing or stale")
    dev2 = verdict_loo.cached(a.dev2_cache, lambda: collect_set("verdicts-dev2"))
    rows = pool(loo) + pool(dev2)
    n_loo = sum(1 for r, q, _, _ in loo["items"])
    print(f"pool: {len(rows)} questions (K-fold {n_loo} questions, verdicts-dev2 "
          f"{len(dev2['items'])}); canonical verdict agrees in "
          f"{sum(r['agree'] for r in rows)}")
    by_kind = Counter(r["kind"] for r in rows)
    print("by set:", dict(by_kind))
    pairs: dict[tuple, list] = defaultdict(list)
    for r in rows:
        for m in r["mine"] or ["-"]:
            for t in r["theirs"] or ["-"]:
                pairs[(r["game"], m, t)].append(r)
    for (game, m, t), rs in sorted(pairs.items(), key=lambda kv: -len(kv[1])):
        if len(rs) < a.min:
            continue
        agree = sum(x["agree"] for x in rs)
        print(f"{len(rs):4} {game:16} {m:>14} -> {t:<14} agree {agree}/{len(rs)}")
        for x in rs[: a.examples]:
            print(f"        {'ok ' if x['agree'] else 'OPP'} {x['q']!r} <- {x['canon']!r}")


if __name__ == "__main__":
    main()
