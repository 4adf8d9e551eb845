"""Train the search's re-ranker (:mod:`rulesdb.rerank`) and measure it by cross-validation.

Data: the development questions only: the question bank (``rulesdb/data/questions.jsonl``,
each question with the entry a reader picked) and the ``also`` labels (entries stating
the fact just as well) of the sets the bank is made from (``qsets.banked()``: extra, the
dev and probe sets).  No blind or held-out set is read.

The bank is also part of the index, so a banked question would find itself.  So the
questions (one per game and wording, case and spacing aside) are split into ``--folds``
folds (a seeded shuffle), and each fold's questions are searched on an index whose bank
leaves that fold out (:class:`rulesdb.Database` ``bank_path``).  Each search records its
best ``rerank.DEPTH`` candidates and their features (``Database.features``).  A fold's
figures come from weights trained on the other folds; the shipped weights are trained on
all the folds' (out-of-fold) features.

The model (:class:`rulesdb.rerank.Model`: a linear term and ``--hidden`` tanh units over
standardised features) is trained with a listwise softmax loss (the reader's entry
against the other candidates) and an L2 penalty, by full-batch Adam from a seeded start;
``--members`` such nets (seeds ``--seed``, ``--seed + 1``, ...) are averaged into one.
The same data and seed give the same weights, byte for byte.

Usage (from the repository root; by hand, not in CI: a few minutes)::

    .venv/bin/python tools/train_rerank.py                 # CV figures, write the weights
    .venv/bin/python tools/train_rerank.py --ask           # also `rules ask`'s figures per fold
    .venv/bin/python tools/train_rerank.py --cache F.json  # keep (or reuse) the features
    .venv/bin/python tools/train_rerank.py --dry-run       # figures only, write nothing
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import qsets  # noqa: E402

from rulesdb import bank as _bank  # noqa: E402
from rulesdb import rerank  # noqa: E402

SEED = 21
FOLDS = 5
HIDDEN = 8
L2 = 1e-3
STEPS = 1000
RATE = 0.05
#: Nets averaged into the shipped model (each from its own seed): the average of three
#: varies less with the seed than one net, and ranked better under cross-validation.
MEMBERS = 3
#: How many candidates each search records for training (the model's depth is at most this).
EXTRACT_DEPTH = 15


def questions() -> list[dict]:
    """The training questions: one per (game, wording) of the bank, in bank order, as
    ``{"game", "q", "entry", "also": [ids], "key"}`` (``also`` from the banked sets)."""
    also: dict[tuple, set] = defaultdict(set)
    for name in qsets.banked():
        assert not qsets.unseen(name)
        for r in qsets.load(name):
            if r["entry"]:
                also[qsets.key(r["game"], r["q"])].update(r["also"])
    out, seen = [], set()
    for b in _bank.load():
        k = qsets.key(b.game, b.q)
        if k in seen:
            continue
        seen.add(k)
        out.append({"game": b.game, "q": b.q, "entry": b.entry, "key": k,
                    "also": sorted(also.get(k, set()) - {b.entry})})
    return out


def folds(qs: list[dict], k: int, seed: int) -> dict[tuple, int]:
    """Question key -> its fold (0..k-1): the sorted keys, shuffled with ``seed``."""
    keys = sorted({q["key"] for q in qs})
    random.Random(seed).shuffle(keys)
    return {key: i % k for i, key in enumerate(keys)}


def _db(tmp: Path, fold: int, fold_of: dict, model=False):
    """A database whose bank leaves out fold ``fold``'s questions (its index file kept in
    ``tmp`` so a second pass does not rebuild it)."""
    from rulesdb import Database

    bank_file = tmp / f"bank{fold}.jsonl"
    if not bank_file.exists():
        lines = []
        for line in _bank.BANK_FILE.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if fold_of.get(qsets.key(row["game"], row["q"])) != fold:
                    lines.append(line)
        bank_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Database(index_path=tmp / f"index{fold}.sqlite", imports_path=tmp / "none.db",
                    bank_path=bank_file, rerank=model)


def shown(db, q: dict) -> list[str]:
    """The three entries `rules ask` shows for ``q``, its answer's entry first."""
    from rulesdb import answer as A

    ans = A.ask(db, q["q"], game=q["game"], limit=3)
    ids = ([ans.entry.id] if ans.entry is not None else []) + [h.id for h in ans.hits]
    return list(dict.fromkeys(ids))[:3]


def extract(qs: list[dict], fold_of: dict, k: int, tmp: Path, log=print,
            depth: int = EXTRACT_DEPTH) -> list[dict]:
    """Each question searched with its fold left out of the bank: ``{"i", "all", "cands",
    "ask"}`` (the search's best ``depth`` candidates in its own order, what the search
    knows of each (:func:`rulesdb.rerank.features` reads it), and the entries `rules ask`
    shows without the re-ranker).  Feature
    rows are made from them (:func:`prepare`), so a feature can be changed, or the depth
    lowered, without searching again."""
    out = []
    keep = rerank.DEPTH
    rerank.DEPTH = max(depth, keep)
    try:
        for f in range(k):
            db = _db(tmp, f, fold_of)
            db.features = []
            mine = [i for i, q in enumerate(qs) if fold_of[q["key"]] == f]
            for i in mine:
                q = qs[i]
                db.features.clear()
                hits = db.search(q["q"], game=q["game"], limit=rerank.DEPTH)
                ids, _, cands = db.features[0] if db.features else ([h.id for h in hits], [], [])
                out.append({"i": i, "all": ids, "cands": cands, "ask": shown(db, q)})
            db.close()
            log(f"  fold {f}: {len(mine)} questions searched", file=sys.stderr)
    finally:
        rerank.DEPTH = keep
    out.sort(key=lambda r: r["i"])
    return out


def prepare(data: list[dict], depth: int | None = None) -> list[dict]:
    """``data`` (:func:`extract` rows) with ``ids`` (the best ``depth``, default
    :data:`rulesdb.rerank.DEPTH`) and their feature ``rows`` (:data:`rulesdb.rerank.FEATURES`)."""
    depth = depth or rerank.DEPTH
    for d in data:
        d["ids"] = d["all"][:depth]
        d["rows"] = rerank.features(d["cands"][:depth]) if d["cands"] else []
    return data


def _arrays(data: list[dict], qs: list[dict]):
    """Padded ``X`` (questions x DEPTH x features), ``mask`` and the target index of each
    question whose reader's entry is among its candidates."""
    import numpy as np

    keep = [d for d in data if d["rows"] and qs[d["i"]]["entry"] in d["ids"]]
    nf = len(rerank.FEATURES)
    X = np.zeros((len(keep), rerank.DEPTH, nf))
    mask = np.zeros((len(keep), rerank.DEPTH), dtype=bool)
    target = np.zeros(len(keep), dtype=int)
    for n, d in enumerate(keep):
        rows = np.asarray(d["rows"], dtype=float)
        X[n, :len(rows)] = rows
        mask[n, :len(rows)] = True
        target[n] = d["ids"].index(qs[d["i"]]["entry"])
    return X, mask, target


def train(data: list[dict], qs: list[dict], l2: float = L2, steps: int = STEPS,
          hidden: int = HIDDEN, seed: int = SEED, members: int = MEMBERS) -> dict:
    """The weights object (``features``, ``mean``, ``std``, ``linear``, ``hidden``, ``bias``,
    ``out``: :func:`rulesdb.rerank.from_json`) trained on ``data`` (:func:`extract` rows of
    ``qs``): ``members`` nets (:func:`train_one`, seeds ``seed``, ``seed + 1``, ...)
    averaged, which is one net with their hidden units side by side, each out weight and
    the linear term divided by ``members``.  Deterministic: the same data and seed give
    the same object."""
    nets = [train_one(data, qs, l2=l2, steps=steps, hidden=hidden, seed=seed + k) for k in range(max(1, members))]
    if len(nets) == 1:
        return nets[0]
    n = len(nets)
    r = lambda x: round(x, 6)  # noqa: E731
    return {**nets[0], "linear": [r(sum(w["linear"][i] for w in nets) / n) for i in range(len(nets[0]["linear"]))],
            "hidden": [h for w in nets for h in w["hidden"]], "bias": [b for w in nets for b in w["bias"]],
            "out": [r(o / n) for w in nets for o in w["out"]]}


def train_one(data: list[dict], qs: list[dict], l2: float = L2, steps: int = STEPS,
              hidden: int = HIDDEN, seed: int = SEED) -> dict:
    """One net's weights object (as :func:`train`) trained on ``data``: listwise softmax
    with an L2 penalty, full-batch Adam, the hidden weights started from ``seed``."""
    import numpy as np

    X, mask, target = _arrays(data, qs)
    flat = X[mask]
    mean = flat.mean(axis=0)
    std = flat.std(axis=0)
    std[std < 1e-9] = 1.0
    Z = (X - mean) / std
    Z[~mask] = 0.0
    n, _, nf = Z.shape
    rng = np.random.default_rng(seed)
    W1 = rng.normal(0.0, 0.3, (nf, hidden))
    b1 = np.zeros(hidden)
    w2 = rng.normal(0.0, 0.3, hidden)
    wl = np.zeros(nf)
    params = [W1, b1, w2, wl]
    onehot = np.zeros(mask.shape)
    onehot[np.arange(n), target] = 1.0
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    for t in range(1, steps + 1):
        H = np.tanh(Z @ W1 + b1)
        s = H @ w2 + Z @ wl
        s[~mask] = -np.inf
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        gH = g[:, :, None] * w2 * (1 - H ** 2)
        grads = [np.einsum("qdh,qdf->fh", gH, Z) + 2 * l2 * W1, gH.sum(axis=(0, 1)),
                 np.einsum("qd,qdh->h", g, H) + 2 * l2 * w2, np.einsum("qd,qdf->f", g, Z) + 2 * l2 * wl]
        for i, (param, grad) in enumerate(zip(params, grads)):
            m1[i] = 0.9 * m1[i] + 0.1 * grad
            m2[i] = 0.999 * m2[i] + 0.001 * grad * grad
            param -= RATE * (m1[i] / (1 - 0.9 ** t)) / (np.sqrt(m2[i] / (1 - 0.999 ** t)) + 1e-8)
    r = lambda v: [round(float(x), 6) for x in v]  # noqa: E731
    return {"features": list(rerank.FEATURES), "mean": r(mean), "std": r(std), "linear": r(wl),
            "hidden": [r(col) for col in W1.T], "bias": r(b1), "out": r(w2)}


def order(model, d: dict) -> list[str]:
    """``d``'s candidate ids in the model's order (the search's when it has no rows)."""
    if model is None or not d["rows"]:
        return d["ids"]
    return [d["ids"][i] for i in model.order(d["rows"])]


def figures(ranked: list[tuple[dict, list[str]]]) -> dict:
    """Per game and "all": n, strict and lenient hit@1 and hit@3 of ``(question, ids)``."""
    per: dict[str, dict] = defaultdict(lambda: defaultdict(int))
    for q, ids in ranked:
        ok = {q["entry"], *q["also"]}
        for g in (q["game"], "all"):
            c = per[g]
            c["n"] += 1
            c["s1"] += ids[:1] == [q["entry"]]
            c["s3"] += q["entry"] in ids[:3]
            c["l1"] += bool(ids) and ids[0] in ok
            c["l3"] += any(i in ok for i in ids[:3])
    return {g: {"n": c["n"], **{k: round(c[k] / c["n"], 4) for k in ("s1", "s3", "l1", "l3")}}
            for g, c in sorted(per.items(), key=lambda kv: (kv[0] == "all", kv[0]))}


def table(title: str, before: dict, after: dict) -> str:
    lines = [f"## {title}", "| game | n | strict@1 | strict@3 | lenient@1 | lenient@3 |", "|---|---|---|---|---|---|"]
    for g, b in before.items():
        a = after[g]
        cells = " | ".join(f"{b[k]:.3f} -> {a[k]:.3f}" for k in ("s1", "s3", "l1", "l3"))
        lines.append(f"| {g} | {b['n']} | {cells} |")
    return "\n".join(lines)


def cross_validate(data: list[dict], qs: list[dict], fold_of: dict, k: int,
                   **kw) -> tuple[dict, dict, list, dict]:
    """Search-order figures before and after, each fold ranked by weights trained on the
    others; the per-fold weights objects; the questions gained and lost (:func:`moved`)."""
    fold_w = []
    before, after = [], []
    for f in range(k):
        train_rows = [d for d in data if fold_of[qs[d["i"]]["key"]] != f]
        w = train(train_rows, qs, **kw)
        fold_w.append(w)
        model = rerank.from_json(w)
        for d in data:
            if fold_of[qs[d["i"]]["key"]] == f:
                before.append((qs[d["i"]], d["ids"]))
                after.append((qs[d["i"]], order(model, d)))
    return figures(before), figures(after), fold_w, moved(before, after)


def moved(before: list[tuple[dict, list[str]]], after: list[tuple[dict, list[str]]]) -> dict:
    """How many questions the re-ranker brought to strict hit@1 / hit@3 (``gained``) and
    took out of it (``lost``)."""
    out = {}
    for k in (1, 3):
        hit = lambda q, ids: q["entry"] in ids[:k]  # noqa: E731
        pairs = [(hit(q, b), hit(q, a)) for (q, b), (_, a) in zip(before, after)]
        out[f"s{k}"] = {"gained": sum(1 for b, a in pairs if a and not b),
                        "lost": sum(1 for b, a in pairs if b and not a)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folds", type=int, default=FOLDS)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--l2", type=float, default=L2)
    ap.add_argument("--hidden", type=int, default=HIDDEN, help="tanh units (0: a linear model)")
    ap.add_argument("--members", type=int, default=MEMBERS, help="nets averaged, each from its own seed")
    ap.add_argument("--cache", type=Path, help="features file: written after extraction, read when present")
    ap.add_argument("--ask", action="store_true", help="also measure `rules ask` per fold with that fold's weights")
    ap.add_argument("--dry-run", action="store_true", help="print the figures, write no weights")
    ap.add_argument("--out", type=Path, default=rerank.MODEL_FILE)
    args = ap.parse_args()

    qs = questions()
    fold_of = folds(qs, args.folds, args.seed)
    bank_sha = hashlib.sha256(_bank.BANK_FILE.read_bytes()).hexdigest()
    with tempfile.TemporaryDirectory() as tmpd:
        tmp = Path(tmpd)
        stamp = {"bank_sha256": bank_sha, "folds": args.folds, "seed": args.seed,
                 "raw": 1, "depth": EXTRACT_DEPTH}
        data = None
        if args.cache and args.cache.exists():
            cached = json.loads(args.cache.read_text())
            if cached.get("stamp") == stamp:
                data = cached["data"]
            else:
                print("(cache is for other data: extracting again)", file=sys.stderr)
        if data is None:
            data = extract(qs, fold_of, args.folds, tmp)
            if args.cache:
                args.cache.write_text(json.dumps({"stamp": stamp, "data": data}))
        prepare(data)
        before, after, fold_w, changes = cross_validate(data, qs, fold_of, args.folds, l2=args.l2,
                                           hidden=args.hidden, seed=args.seed, members=args.members)
        print(table(f"search order, {args.folds}-fold CV ({len(qs)} questions): before -> after", before, after))
        print(f"strict hit@1: {changes['s1']['gained']} questions gained, {changes['s1']['lost']} lost; "
              f"hit@3: {changes['s3']['gained']} gained, {changes['s3']['lost']} lost")
        report = {"search_before": before, "search_after": after, "search_moved": changes}
        if args.ask:
            ask_before = figures([(qs[d["i"]], d["ask"]) for d in data])
            ranked = []
            for f in range(args.folds):
                db = _db(tmp, f, fold_of, rerank.from_json(fold_w[f]))
                ranked += [(q, shown(db, q)) for q in qs if fold_of[q["key"]] == f]
                db.close()
            ask_after = figures(ranked)
            print(table("`rules ask` (entry shown first, three shown), CV: before -> after", ask_before, ask_after))
            report.update(ask_before=ask_before, ask_after=ask_after)
    if args.dry_run:
        return 0
    out = train(data, qs, l2=args.l2, hidden=args.hidden, seed=args.seed, members=args.members)
    out["provenance"] = {
        "trained_by": "tools/train_rerank.py", "bank": "rulesdb/data/questions.jsonl",
        "bank_sha256": bank_sha, "also_from": qsets.banked(), "questions": len(qs),
        "folds": args.folds, "seed": args.seed, "l2": args.l2, "hidden": args.hidden, "members": args.members, "steps": STEPS,
        "rate": RATE,
        "cv": report,
    }
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
