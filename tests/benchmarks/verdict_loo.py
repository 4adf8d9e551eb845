"""K-fold evaluation of the Yes/No verdicts of `rules ask` on the labelled yes/no
questions the project already holds: thousands of questions to measure on, beside the
250 of ``verdicts-dev``.

The labelled yes/no questions are

- the **bank's** (``rulesdb/data/questions.jsonl``, rows a reader gave a verdict), players'
  wordings from the development and probe sets: a fold holds out whole *sets* (every
  banked row of a set, with or without a verdict, leaves the bank and the canonical
  questions), as a new set written by a fresh helper would meet the rest;
- the **canonical** questions (``rulesdb/data/verdicts/*.jsonl``): a fold holds out whole
  *facts* (the rows of one entry sharing one ``because``: the several wordings and both
  polarities of a fact go out together), so a held-out wording is never answered by its
  own twin.

Any remaining row worded exactly as a held-out one (case and spacing aside) goes out too.
For each fold the index is built again without the held-out rows (so the search's
"asked before" signal does not see them either), each held-out question is searched as
``rules ask`` does, and the canonical questions of the entries found are read with
:func:`rulesdb.answer.candidates`.  The candidates are cached (``--cache``), so the
decision (:func:`rulesdb.answer.decide`) is measured again in a second, with other
settings, without searching again; the cache is searched again by itself when anything
under ``rulesdb/`` but ``answer.py`` and ``same_sense.jsonl`` changed (code, entries,
bank, canonical questions, tuning data: the cached candidates are scored again with the
word pairing of the moment, :func:`again`), and with ``--fresh`` after a change to :func:`rulesdb.answer.candidates`.

Usage (from the repository root)::

    .venv/bin/python tests/benchmarks/verdict_loo.py               # collect (minutes) and report
    .venv/bin/python tests/benchmarks/verdict_loo.py --curve       # the curve over the thresholds
    .venv/bin/python tests/benchmarks/verdict_loo.py --misses wrong  # the wrong verdicts
    .venv/bin/python tests/benchmarks/verdict_loo.py --misses none   # why no verdict (classified)

Only development data: never a blind or held-out set (nor ``verdicts-dev``, the separate
calibration set of ``verdict_eval.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import pickle
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import qsets  # noqa: E402

K = 8
CACHE = Path(tempfile.gettempdir()) / "referee-verdict-loo.pickle"


def _state() -> str:
    """A digest of what the cached searches depend on: the rules database's code (but
    ``answer.py`` and the learned gate, ``gate.py`` and ``gate.json``, the decision the
    cache is for), entries, bank, canonical
    questions and tuning data (but ``same_sense.jsonl``, read by the verdict matcher
    only: :func:`measure` scores the cached candidates again)."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "rulesdb").rglob("*")):
        if (path.is_file() and "__pycache__" not in path.parts
                and path.name not in ("answer.py", "same_sense.jsonl", "gate.py", "gate.json")):
            h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _fold(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest(), 16) % K


def items():
    """The labelled yes/no questions, each as a dict: ``kind`` ("bank"/"canon"), ``game``,
    ``q``, ``verdict``, ``entry``, ``fold``; and the bank and canonical rows to hold out
    with each fold."""
    from rulesdb import bank as B
    from rulesdb import verdicts as V

    source: dict[tuple[str, str], str] = {}
    for name in qsets.banked():  # development and probe sets only
        for r in qsets.load(name):
            source.setdefault(qsets.key(r["game"], r["q"]), name)
    bank = B.load()
    canon = V.load()
    out = []
    for b in bank:
        name = source.get(qsets.key(b.game, b.q), "?")
        b_fold = _fold("set:" + name)
        if b.verdict in ("yes", "no"):
            out.append({"kind": "bank", "game": b.game, "q": b.q, "verdict": b.verdict,
                        "entry": b.entry, "fold": b_fold, "set": name})
    for c in canon:
        out.append({"kind": "canon", "game": c.game, "q": c.q, "verdict": c.verdict,
                    "entry": c.entry, "fold": _fold(f"fact:{c.game}:{c.entry}:{c.because}"),
                    "set": "canon"})
    return out, bank, canon, source


def collect(limit: int | None = None) -> dict:
    from rulesdb import Database
    from rulesdb import answer as A

    rows, bank, canon, source = items()
    done: list = []
    t0 = time.time()
    for k in range(K):
        held = [r for r in rows if r["fold"] == k][: limit]
        out_keys = {qsets.key(r["game"], r["q"]) for r in held}
        bank_k = [b for b in bank if _fold("set:" + source.get(qsets.key(b.game, b.q), "?")) != k
                  and qsets.key(b.game, b.q) not in out_keys]
        canon_k = [c for c in canon if _fold(f"fact:{c.game}:{c.entry}:{c.because}") != k
                   and qsets.key(c.game, c.q) not in out_keys]
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            (tmp / "bank.jsonl").write_text("".join(json.dumps(
                {"game": b.game, "q": b.q, "entry": b.entry, "verdict": b.verdict,
                 "because": b.because, "section": b.section}) + "\n" for b in bank_k))
            vdir = tmp / "verdicts"
            vdir.mkdir()
            by_game = defaultdict(list)
            for c in canon_k:
                by_game[c.game].append(c)
            for g, cs in by_game.items():
                (vdir / f"{g}.jsonl").write_text("".join(json.dumps(
                    {"q": c.q, "verdict": c.verdict, "entry": c.entry, "because": c.because,
                     "section": c.section}) + "\n" for c in cs))
            db = Database(index_path=tmp / "i.sqlite", imports_path=tmp / "r.db",
                          bank_path=tmp / "bank.jsonl", verdicts_dir=vdir)
            for r in held:
                found = [h.id for h in db.search(r["q"], game=r["game"], limit=8)]
                q = A.read(r["q"])
                cands = A.candidates(db, q, r["game"], entries=found) if found else []
                done.append((r, q, found, cands))
            db.close()
        print(f"fold {k}: {len(held)} questions, {time.time() - t0:.0f} s", file=sys.stderr)
    return {"items": done, "state": _state()}


def cached(path: Path, make, fresh: bool = False) -> dict:
    """The searches pickled at ``path`` (``{"items", "state"}``), or, when the file is
    missing, stale (its ``state`` is not :func:`_state`) or ``fresh``, ``make()``'s,
    written there first."""
    if not fresh and path.exists():
        data = pickle.loads(path.read_bytes())
        if data.get("state") == _state():
            return data
        print(f"{path}: the rules database changed since the cached searches: searching again",
              file=sys.stderr)
    data = make()
    path.write_bytes(pickle.dumps(data))
    return data


def questions(data):
    """For each yes/no question of ``data``'s items: ``(row, question read again, the
    search's first entry or None, its candidates scored again)`` (:func:`again`)."""
    from rulesdb import answer as A

    for r, _, found, cands in data["items"]:
        q = A.read(r["q"])
        if q.yes_no:
            yield r, q, (found[0] if found else None), again(q, r["game"], cands)


def again(q, game: str, cands: list) -> list:
    """The cached candidates ``cands`` scored again for ``q`` (:func:`rulesdb.answer.scored`:
    the cosines kept, the words paired as :mod:`rulesdb.answer` pairs them now, with the
    same-sense table), so that a change of the pairing needs no new search."""
    from rulesdb import answer as A

    if not cands:
        return cands
    return A.scored(q, game, [(c.canon, c._cw, c.cosine) for c in cands], cands[0]._context[3])


def measure(data, **settings):
    """``[(row, question, verdict or None)]``: :func:`rulesdb.answer.decide` over the
    cached candidates (the question read again and the candidates scored again,
    :func:`again`, so a change of :func:`rulesdb.answer.read` or of the word pairing
    needs no new search)."""
    from rulesdb import answer as A

    res = []
    for r, _, found, cands in data["items"]:
        q = A.read(r["q"])
        res.append((r, q, A.decide(q, again(q, r["game"], cands), top=found[0] if found else None,
                                   **settings)))
    return res


def rates(res, kind: str) -> tuple[int, float, float]:
    """(questions, right share, wrong share) of ``kind``'s rows of ``res``."""
    sub = [x for x in res if x[0]["kind"] == kind]
    n = len(sub) or 1
    right = sum(1 for r, q, v in sub if v is not None and v.verdict == r["verdict"])
    wrong = sum(1 for r, q, v in sub if v is not None and v.verdict != r["verdict"])
    return len(sub), right / n, wrong / n


def report(res, label="") -> None:
    parts = []
    for kind in ("bank", "canon"):
        n, right, wrong = rates(res, kind)
        parts.append(f"{kind} ({n}) right {right:6.1%} wrong {wrong:5.2%}")
    print(label + "   ".join(parts))


def why_not(r, q, found, cands) -> str:
    """Why ``q`` got no verdict: the first gate its best candidate fails."""
    from rulesdb import answer as A

    if not q.yes_no:
        return "not read as yes/no"
    if not cands:
        return "no canonical question about the entries found"
    ex: list = []
    A.decide(q, cands, floor=-9, extra=99, missing=99, conflict=-1, explain=ex)
    if not ex:
        return "no canonical question of the same polarity and numbers"
    f = ex[0]
    out = []
    if f["score"] < A.VERDICT_FLOOR:
        out.append("below the floor")
    if f["missing"] > A.MISSING_WORDS or f["extra"] > A.EXTRA_WORDS:
        out.append("words unpaired")
    if f["swapped"]:
        out.append("a key word swapped")
    if found and f["entry"] != found[0]:
        out.append("not the search's first entry")
    ex2: list = []
    A.decide(q, cands, floor=-9, extra=99, missing=99, explain=ex2)
    if ex2 and ex2[0]["rival"]:
        out.append("conflict")
    return " + ".join(out) or "?"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--fresh", action="store_true",
                        help="search again (done anyway when the rules database changed)")
    parser.add_argument("--limit", type=int, help="at most this many questions a fold (a quick look)")
    parser.add_argument("--curve", action="store_true")
    parser.add_argument("--misses", choices=("wrong", "none"))
    a = parser.parse_args()
    data = cached(a.cache, lambda: collect(a.limit), fresh=a.fresh)
    res = measure(data)
    report(res, "chosen ")
    if a.curve:
        for floor, conflict, missing in itertools.product((1.2, 1.3, 1.4, 1.5), (0.05, 0.15, 0.3, 0.4),
                                                          (2, 3, 99)):
            report(measure(data, floor=floor, conflict=conflict, missing=missing),
                   f"floor {floor:4.2f} conflict {conflict:4.2f} missing {missing:2}: ")
    if a.misses == "wrong":
        for r, q, v in res:
            if v is not None and v.verdict != r["verdict"]:
                print(f"WRONG {r['kind']} {r['game']}: {r['q']!r} ({r['verdict']}) <- "
                      f"{v.canonical.q!r} {v.canonical.verdict} {v.similarity:.2f}")
    if a.misses == "none":
        why = Counter()
        for (r, _, found, cands), (_, q, v) in zip(data["items"], res):
            if v is None and r["kind"] == "bank":
                why[why_not(r, q, found, again(q, r["game"], cands))] += 1
        for k, n in why.most_common():
            print(f"{n:6} {k}")


if __name__ == "__main__":
    main()
