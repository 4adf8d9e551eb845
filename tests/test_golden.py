"""Golden playthroughs (issue 26): every refereed game replays its seeded random games
(``tests/golden/<game>.jsonl``, written by ``tools/golden.py``) to the same canonical
texts, notes, legal and blocked events, stale-event refusals and states.

A deliberate change of behaviour regenerates the files (``python tools/golden.py``) and
the diff is reviewed with the change; an engine rewrite must leave them unchanged.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from referee.games import refereed

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("golden_tool", ROOT / "tools" / "golden.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("spec", refereed(), ids=lambda s: s.name)
def test_golden_playthrough_replays_unchanged(spec):
    path = golden.GOLDEN / f"{spec.name}.jsonl"
    assert path.is_file(), f"no golden file for {spec.name}: run tools/golden.py"
    old = golden.read(path)
    assert len(old) >= 300 and len({x["seed"] for x in old}) >= 3
    assert golden.first_difference(old, golden.replayed(spec, old)) is None


def test_golden_diff_names_the_first_changed_step():
    spec = next(s for s in refereed() if s.name == "fluffy")
    old = golden.read(golden.GOLDEN / "fluffy.jsonl")
    changed = [dict(x) for x in old if x["seed"] == old[0]["seed"]][:10]
    changed[5]["notes"] = changed[5]["notes"] + ["something else"]
    diff = golden.first_difference(changed, golden.replayed(spec, changed))
    assert diff is not None and diff.startswith(f"seed {old[5]['seed']} step {old[5]['step']}") and "notes" in diff
