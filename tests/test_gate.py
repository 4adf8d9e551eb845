"""The learned verdict gate's model file (rulesdb/data/gate.json) and its reader."""

import json

import pytest

from rulesdb import gate as G


def test_the_shipped_gate_reads_and_gives_the_probabilities_it_was_trained_to():
    """The trees, applied in plain Python, give the probabilities scikit-learn gave the
    rows recorded at training (tools/train_gate.py checks every row; these five are kept)."""
    data = json.loads(G.GATE_FILE.read_text(encoding="utf-8"))
    gate = G.shipped()
    assert gate is not None and gate.features == G.FEATURES
    assert 0.5 < gate.threshold <= 1.0 and len(gate.trees) >= 10
    assert data["examples"] and data["provenance"].startswith("tools/train_gate.py")
    for ex in data["examples"]:
        assert gate.probability(ex["features"]) == pytest.approx(ex["probability"], abs=1e-6)


@pytest.mark.parametrize("bad", [
    {},
    {"features": ["score"], "init": 0, "rate": 1, "threshold": 0.9, "trees": [[[0, 1.0, 1, 5, 0.0]]]},
    {"features": ["score"], "init": 0, "rate": 1, "threshold": 0.9, "trees": [[[3, 1.0, 1, 2, 0.0]]]},
    {"features": ["score"], "init": "x", "rate": 1, "threshold": 0.9, "trees": []},
])
def test_a_file_that_is_not_a_gate_is_refused(bad):
    with pytest.raises(ValueError, match="not a verdict gate model"):
        G.Gate(bad)


def test_a_row_goes_left_at_the_threshold_itself():
    g = G.Gate({"features": ["score"], "init": 0.0, "rate": 1.0, "threshold": 0.5,
                "trees": [[[0, 1.5, 1, 2, 0.0], [-1, 0, 0, 0, -1.0], [-1, 0, 0, 0, 1.0]]]})
    assert g.probability({"score": 1.5}) < 0.5 < g.probability({"score": 1.5000001})
    assert g.lifts({"score": 2}) and not g.lifts({"score": 1})


def test_no_gate_file_lifts_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(G, "GATE_FILE", tmp_path / "none.json")
    G.shipped.cache_clear()
    try:
        assert G.shipped() is None
    finally:
        G.shipped.cache_clear()
