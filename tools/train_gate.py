"""Train the learned verdict gate (:mod:`rulesdb.gate`) and choose its threshold.

Data: development questions only, the K-fold questions of
``tests/benchmarks/verdict_loo.py`` (the bank's questions a reader gave a verdict, each
searched with its question set held out, and the canonical questions, each with its
fact held out), read from that benchmark's cache (collected first when missing or
stale).  No blind or held-out set, nor the calibration sets ``verdicts-dev`` and
``verdicts-dev2``, is read: those measure the result (``verdict_eval.py``).

Each question whose best candidate agrees with it in polarity and numbers is one row:
:func:`rulesdb.answer.gate_features` of the decision, labelled 1 when the verdict read
from that candidate is the reader's.  Rows are weighted 2 for players' wordings (the
bank) and 1 for canonical ones.  A scikit-learn ``GradientBoostingClassifier`` is
trained fold by fold (the folds of the benchmark: whole question sets and whole facts)
for the figures and the threshold, then on every row for the shipped trees.

The threshold is the least of a grid (0.80 ... 0.99) at which the refusals the gate
would lift on the bank's rows, out of fold, give the reader's verdict at least
``--precision`` of the time (default 0.99: the calibration sets, ``verdict_eval.py``,
lost fewer verdicts to the opposite there than at 0.95 or 0.98), and lift at least 20 rows.

Usage (from the repository root; by hand, not in CI; needs ``pip install -e '.[train]'``)::

    .venv/bin/python tools/train_gate.py            # figures, write rulesdb/data/gate.json
    .venv/bin/python tools/train_gate.py --dry-run  # figures only
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import verdict_loo as L  # noqa: E402

from rulesdb import answer as A  # noqa: E402
from rulesdb import gate as G  # noqa: E402

SEED = 0
TREES = 200
DEPTH = 3
RATE = 0.05
SUBSAMPLE = 0.8
BANK_WEIGHT = 2.0
GRID = [round(0.80 + 0.01 * i, 2) for i in range(20)]


def rows(data: dict) -> list[dict]:
    """One row a question of the cache with a candidate to read: ``kind``, ``fold``,
    ``x`` (the feature values, in :data:`rulesdb.gate.FEATURES` order), ``y`` (1 when
    the verdict read is the reader's), ``liftable`` (the hand-set checks refused it for a
    reason of :data:`rulesdb.gate.LIFTABLE` only), ``hand`` (they accepted it)."""
    out = []
    for r, q, top, cands in L.questions(data):
        ex: list = []
        hand = A.decide(q, cands, top=top, explain=ex, lift=False) is not None
        read_as = A._read_as(q, cands)
        if not read_as or not ex:
            continue
        f = A.gate_features(q, cands, top, hand)
        out.append({"kind": r["kind"], "fold": r["fold"], "x": [f[n] for n in G.FEATURES],
                    "y": int(read_as[0][1] == r["verdict"]), "hand": hand,
                    "liftable": ex[0]["refused"] in G.LIFTABLE and ex[0]["hard"] is None})
    return out


def model():
    from sklearn.ensemble import GradientBoostingClassifier

    return GradientBoostingClassifier(n_estimators=TREES, max_depth=DEPTH, learning_rate=RATE,
                                      subsample=SUBSAMPLE, random_state=SEED)


def export(m, threshold: float) -> dict:
    """The trees of ``m`` as :class:`rulesdb.gate.Gate` reads them."""
    import numpy as np

    trees = []
    for est in m.estimators_[:, 0]:
        t = est.tree_
        trees.append([[int(t.feature[i]) if t.children_left[i] != -1 else -1,
                       float(t.threshold[i]), int(max(t.children_left[i], 0)),
                       int(max(t.children_right[i], 0)), float(t.value[i][0][0])]
                      for i in range(t.node_count)])
    init = float(m._raw_predict_init(np.zeros((1, len(G.FEATURES))))[0][0])
    return {"features": list(G.FEATURES), "init": init, "rate": RATE, "threshold": threshold,
            "trees": trees}


def main() -> None:
    import numpy as np

    p = argparse.ArgumentParser()
    p.add_argument("--precision", type=float, default=0.99)
    p.add_argument("--dry-run", action="store_true")
    a = p.parse_args()
    data = L.cached(L.CACHE, L.collect)
    rs = rows(data)
    X = np.array([r["x"] for r in rs], float)
    y = np.array([r["y"] for r in rs])
    w = np.array([BANK_WEIGHT if r["kind"] == "bank" else 1.0 for r in rs])
    folds = np.array([r["fold"] for r in rs])
    prob = np.zeros(len(rs))
    for k in sorted(set(folds.tolist())):
        m = model().fit(X[folds != k], y[folds != k], sample_weight=w[folds != k])
        prob[folds == k] = m.predict_proba(X[folds == k])[:, 1]
    counts = {kind: sum(1 for r in data["items"] if r[0]["kind"] == kind) for kind in ("bank", "canon")}
    print(f"{len(rs)} rows ({sum(y)} right reads); questions: {counts}")
    print("| threshold | bank lifted | of them right | bank right / wrong | canonical right / wrong |")
    print("|---|---|---|---|---|")
    chosen = None
    for t in GRID:
        line, ok = [], False
        for kind in ("bank", "canon"):
            sel = [(r, pr) for r, pr in zip(rs, prob) if r["kind"] == kind]
            lifted = [r for r, pr in sel if r["liftable"] and pr >= t]
            said = [r for r, pr in sel if r["hand"]] + lifted
            right = sum(r["y"] for r in said)
            if kind == "bank":
                lr = sum(r["y"] for r in lifted)
                share = lr / len(lifted) if lifted else 0.0
                line += [str(len(lifted)), f"{share:.3f}"]
                ok = len(lifted) >= 20 and share >= a.precision
            line.append(f"{right / counts[kind]:.3f} / {(len(said) - right) / counts[kind]:.4f}")
        print(f"| {t:.2f} | " + " | ".join(line) + " |")
        if ok and chosen is None:
            chosen = t
    if chosen is None:
        chosen = 1.01  # lifts nothing
    print(f"threshold: {chosen}")
    if a.dry_run:
        return
    m = model().fit(X, y, sample_weight=w)
    out = export(m, chosen)
    gate = G.Gate(out)
    mine = np.array([gate.probability(dict(zip(G.FEATURES, row))) for row in X])
    theirs = m.predict_proba(X)[:, 1]
    worst = float(np.max(np.abs(mine - theirs)))
    if worst > 1e-6:
        sys.exit(f"the exported trees disagree with scikit-learn by {worst}")
    out["provenance"] = (
        f"tools/train_gate.py: {len(rs)} K-fold development rows (tests/benchmarks/verdict_loo.py), "
        f"bank rows weighted {BANK_WEIGHT}; {TREES} trees of depth {DEPTH}, rate {RATE}, subsample "
        f"{SUBSAMPLE}, seed {SEED}; threshold: least of 0.80-0.99 lifting bank refusals out of fold "
        f"with precision >= {a.precision}")
    out["examples"] = [{"features": dict(zip(G.FEATURES, X[i].tolist())), "probability": round(float(theirs[i]), 6)}
                       for i in range(0, len(rs), max(1, len(rs) // 5))][:5]
    G.GATE_FILE.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {G.GATE_FILE} ({G.GATE_FILE.stat().st_size} bytes); exported trees agree to {worst:.1e}")


if __name__ == "__main__":
    main()
