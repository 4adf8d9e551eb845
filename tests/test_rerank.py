"""The learned re-ranker of the rules search (rulesdb/rerank.py, tools/train_rerank.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rulesdb import Database, rerank

ROOT = Path(__file__).resolve().parents[1]


def _cand(**kw) -> dict:
    """A candidate as the search describes it to :func:`rerank.features`, its score added
    up from its parts with the search's weights (``rulesdb.index``; the word score is not
    scaled to the best candidate's here)."""
    from rulesdb import index as ix

    c = {"bm25": 0.9, "cover": 0.7, "head": 0.6, "near": 0.3, "nearest": 0.5, "para": 0.8,
         "bank": [0.6, 0.55], "kind": "rule", "banked": 8, "chars": 400, "lex": [0.4], **kw}
    words = c["bm25"] + ix.COVERAGE * c["cover"] + ix.HEAD * c["head"] + ix.NEAR * c["near"] + ix.ASKED * c["nearest"]
    c.setdefault("score", words / 4 + ix.PARAPHRASE * c["para"]
                 + ix.ASKED_BEFORE * max(0.0, max(c["bank"], default=0) - ix.ASKED_BEFORE_FLOOR))
    return c


def test_shipped_weights_load_with_their_provenance():
    model = rerank.load()
    assert model is not None and model.names == rerank.FEATURES
    data = json.loads(rerank.MODEL_FILE.read_text(encoding="utf-8"))
    prov = data["provenance"]
    assert prov["trained_by"] == "tools/train_rerank.py" and len(prov["bank_sha256"]) == 64
    # trained on development sets only: no blind or held-out set among its sources
    assert prov["also_from"] and not any("blind" in n or "holdout" in n for n in prov["also_from"])


#: Three candidates as the search saw them (one row of ``rerank.FEATURES`` each, in the
#: search's order) for a development question, "five of us at the table, how big is
#: everybody's starting hand", searched with its cross-validation fold out of the bank:
#: fight-or-flight.players first on words, fight-or-flight.deal (the reader's entry:
#: the starting hand by player count) second, more of the question's words and the
#: banked questions nearest in words behind it.
PLAYERS = [1.0, 1.0, 1.0, 0.25, 0.25, 0.167, 0.174, 0.727, 0.0, 0.698, -0.045, 0.681, 0.682,
           1.792, 0.296, 0.0, 0.0, 3.091, 6.133, 0.595, 0.0]
DEAL = [0.994, 0.5, 0.992, 0.428, 0.428, 0.333, 0.208, 0.586, -0.142, 0.743, 0.0, 0.732, 0.723,
        1.792, 0.414, 0.0, 0.0, 2.303, 6.488, 1.0, 0.64]
THREE = [0.842, 0.333, 0.833, 0.294, 0.294, 0.167, 0.137, 0.588, -0.14, 0.667, -0.076, 0.598, 0.621,
         0.693, 0.096, 0.0, 0.0, 3.367, 6.05, 0.898, 0.197]


def test_shipped_weights_reorder_a_close_call():
    """The trained model puts the reader's entry first; and it does not just promote the
    second: with the search's order of the two swapped, it keeps the same entry first."""
    model = rerank.load()
    assert model.order([PLAYERS, DEAL, THREE]) == [1, 0, 2]
    deal_first = [1.0, 1.0, *DEAL[2:]]
    players_second = [0.994, 0.5, *PLAYERS[2:]]
    assert model.order([deal_first, players_second, THREE]) == [0, 1, 2]


def test_features_stand_each_candidate_against_the_others():
    rows = rerank.features([_cand(score=2.0, para=0.9, bank=[0.7]), _cand(score=1.0, para=0.6, bank=[], kind="ruling")])
    f = {n: [r[i] for r in rows] for i, n in enumerate(rerank.FEATURES)}
    assert f["score"] == [1.0, 0.5] and f["recip_rank"] == [1.0, 0.5]
    assert f["para_gap"] == pytest.approx([0.0, -0.3])
    assert f["bank_gap"] == pytest.approx([0.0, -0.7]) and f["bank"] == [0.7, 0.0]
    assert f["ruling"] == [0.0, 1.0]
    assert sum(f["bank_vote"]) == pytest.approx(1.0) and sum(f["lex_vote"]) == pytest.approx(1.0)


def test_search_applies_the_model_it_is_given(tmp_path):
    """A model that likes long texts only: the best ten come out longest first, their
    scores still falling; turned off, the search keeps its own order."""
    nf = len(rerank.FEATURES)
    linear = [0.0] * nf
    linear[rerank.FEATURES.index("length")] = 1.0
    longest = rerank.from_json({"features": list(rerank.FEATURES), "mean": [0.0] * nf, "std": [1.0] * nf,
                                "linear": linear})
    from .conftest import entries_of

    kw = {"entries_dir": entries_of(tmp_path / "entries", "fluffy"), "index_path": tmp_path / "index.sqlite",
          "imports_path": tmp_path / "none.db"}
    plain = Database(rerank=False, **kw).search("can the zombies share a square", game="fluffy", limit=10)
    db = Database(rerank=longest, **kw)
    db.features = []
    hits = db.search("can the zombies share a square", game="fluffy", limit=10)
    # what it records for training: the candidates in its own order, their rows, and
    # what it knew of each, from which the same rows are made again
    [(ids, rows, cands)] = db.features
    assert ids == [h.id for h in plain] and rows == rerank.features(cands)
    assert sorted(h.id for h in hits) == sorted(h.id for h in plain)
    lengths = [len(h.text) for h in hits]
    assert lengths == sorted(lengths, reverse=True) and [h.id for h in hits] != [h.id for h in plain]
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    db.close()


def test_a_model_for_other_features_is_not_loaded(tmp_path):
    bad = tmp_path / "w.json"
    bad.write_text(json.dumps({"features": ["score"], "mean": [0], "std": [1], "linear": [1]}))
    assert rerank.load(bad) is None
    assert rerank.load(tmp_path / "missing.json") is None


def test_training_is_reproducible_from_its_seed():
    """The same rows and seed give the same weights, byte for byte, and the folds are the
    same shuffle each time (another seed, another shuffle)."""
    pytest.importorskip("numpy")
    sys.path.insert(0, str(ROOT / "tools"))
    import train_rerank as T

    qs = [{"game": "fluffy", "q": f"question {i}", "entry": f"e{i % 3}", "also": [], "key": ("fluffy", f"q{i}")}
          for i in range(30)]
    data = []
    for i, q in enumerate(qs):
        ids = ["e0", "e1", "e2"]
        cands = [_cand(score=1.0 - 0.1 * k, bank=[0.5 + 0.1 * (k == i % 3)], lex=[0.2 * ((i + k) % 4)])
                 for k in range(3)]
        data.append({"i": i, "ids": ids, "rows": rerank.features(cands), "ask": ids})
    one = json.dumps(T.train(data, qs, steps=50, hidden=3, seed=5))
    assert one == json.dumps(T.train(data, qs, steps=50, hidden=3, seed=5))
    assert one != json.dumps(T.train(data, qs, steps=50, hidden=3, seed=6))
    rerank.from_json(json.loads(one))  # the script's output is a model the search loads
    assert T.folds(qs, 5, 21) == T.folds(qs, 5, 21) != T.folds(qs, 5, 22)
    assert sorted(set(T.folds(qs, 5, 21).values())) == [0, 1, 2, 3, 4]


def test_the_shipped_model_is_the_average_of_its_nets():
    """``train`` with several members gives one model whose score is the mean of its nets'
    scores (their hidden units side by side), so it ranks as the average of the nets; and
    one member is the single net of ``train_one``."""
    pytest.importorskip("numpy")
    sys.path.insert(0, str(ROOT / "tools"))
    import train_rerank as T

    qs = [{"game": "fluffy", "q": f"question {i}", "entry": f"e{i % 3}", "also": [], "key": ("fluffy", f"q{i}")}
          for i in range(30)]
    data = []
    for i in range(30):
        cands = [_cand(score=1.0 - 0.1 * k, bank=[0.5 + 0.1 * (k == i % 3)], lex=[0.2 * ((i + k) % 4)],
                       para=0.5 + 0.05 * ((i * (k + 1)) % 5)) for k in range(3)]
        data.append({"i": i, "ids": ["e0", "e1", "e2"], "rows": rerank.features(cands), "ask": []})
    nets = [rerank.from_json(T.train_one(data, qs, steps=60, hidden=3, seed=s)) for s in (7, 8, 9)]
    merged = T.train(data, qs, steps=60, hidden=3, seed=7, members=3)
    model = rerank.from_json(merged)
    assert len(merged["hidden"]) == 9 and len(merged["out"]) == 9
    assert model.mean == nets[0].mean and model.std == nets[0].std
    for d in data:
        for row in d["rows"]:
            assert model.score(row) == pytest.approx(sum(n.score(row) for n in nets) / 3, abs=1e-4)
    # one member is a single net, as before
    assert T.train(data, qs, steps=60, hidden=3, seed=7, members=1) == T.train_one(data, qs, steps=60, hidden=3, seed=7)


def test_training_rows_are_made_from_the_recorded_candidates():
    """The trainer records what the search knew of its best candidates (more than the
    model's depth), and makes the feature rows from it at any depth: the rows at depth
    ``DEPTH`` are the very rows the search computes for its first ``DEPTH`` candidates."""
    sys.path.insert(0, str(ROOT / "tools"))
    import train_rerank as T

    cands = [_cand(score=2.0 - 0.1 * k, para=0.9 - 0.03 * k, bank=[0.7 - 0.02 * k], lex=[0.1 * (k % 3)])
             for k in range(T.EXTRACT_DEPTH)]
    ids = [f"e{k}" for k in range(T.EXTRACT_DEPTH)]
    [d] = T.prepare([{"i": 0, "all": ids, "cands": cands, "ask": []}])
    assert d["ids"] == ids[:rerank.DEPTH] and d["rows"] == rerank.features(cands[:rerank.DEPTH])
    [d5] = T.prepare([{"i": 0, "all": ids, "cands": cands, "ask": []}], depth=5)
    assert d5["ids"] == ids[:5] and d5["rows"] == rerank.features(cands[:5]) != d["rows"][:5]
