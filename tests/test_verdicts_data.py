"""The reader-written verdicts (rulesdb/data/verdicts/<game>.jsonl) and their calibration
sets (tests/benchmarks/questions/verdicts-dev.jsonl and verdicts-dev2.jsonl): every row is
well formed, names an
entry the rules database holds, and no question is asked twice in a game or copies a
question of a blind or held-out set (those measure questions never seen)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesdb.model import GAMES, load_entries

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "rulesdb" / "data" / "verdicts"
DEV = ROOT / "tests" / "benchmarks" / "questions" / "verdicts-dev.jsonl"
DEV2 = ROOT / "tests" / "benchmarks" / "questions" / "verdicts-dev2.jsonl"
#: Each calibration set and its questions a game.
DEV_SETS = [(DEV, 50), (DEV2, 100)]
BENCH = ROOT / "tests" / "benchmarks"

ENTRIES = {e.id: e for e in load_entries()}
CANONICAL_KEYS = {"q", "verdict", "entry", "because", "section"}
DEV_KEYS = {"id", "game", "q", "kind", "entry", "also", "verdict", "because", "section", "facts"}


def _norm(q: str) -> str:
    return " ".join(q.lower().split())


def _rows(path: Path) -> list[tuple[int, dict]]:
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            row = json.loads(line)  # a broken line fails here, naming nothing else
            assert isinstance(row, dict), f"{path.name}:{n} is not an object"
            rows.append((n, row))
    return rows


def _protected() -> set[str]:
    """Questions of the blind and held-out sets, normalised."""
    out: set[str] = set()
    for path in sorted(BENCH.rglob("*.jsonl")):
        if "blind" in path.name or "holdout" in path.name:
            for _, row in _rows(path):
                if isinstance(row.get("q"), str):
                    out.add(_norm(row["q"]))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_verdicts(game):
    path = VERDICTS / f"{game}.jsonl"
    assert path.is_file(), path
    assert len(_rows(path)) >= 200


@pytest.mark.parametrize("game", GAMES)
def test_verdict_rows_are_well_formed(game):
    seen: dict[str, int] = {}
    verdicts = set()
    for n, row in _rows(VERDICTS / f"{game}.jsonl"):
        where = f"{game}.jsonl:{n}"
        assert set(row) == CANONICAL_KEYS, where
        assert all(isinstance(row[k], str) and row[k].strip() for k in CANONICAL_KEYS), where
        assert row["verdict"] in {"yes", "no"}, where
        assert row["entry"] in ENTRIES, (where, row["entry"])
        assert ENTRIES[row["entry"]].game == game, (where, row["entry"])
        key = _norm(row["q"])
        assert key not in seen, f"{where} repeats line {seen.get(key)}: {row['q']!r}"
        seen[key] = n
        verdicts.add(row["verdict"])
    # both polarities are written: a set of only yeses would teach the matcher nothing
    assert verdicts == {"yes", "no"}


@pytest.mark.parametrize(("dev", "per_set"), DEV_SETS, ids=lambda v: getattr(v, "stem", v))
def test_dev_rows_are_well_formed_and_not_canonical(dev, per_set):
    canonical = {
        game: {_norm(r["q"]) for _, r in _rows(VERDICTS / f"{game}.jsonl")} for game in GAMES
    }
    per_game: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    for n, row in _rows(dev):
        where = f"{dev.name}:{n}"
        assert set(row) == DEV_KEYS, where
        assert row["kind"] == "yesno", where
        assert row["game"] in GAMES, where
        assert row["verdict"] in {"yes", "no"}, where
        assert row["entry"] in ENTRIES and ENTRIES[row["entry"]].game == row["game"], where
        key = (row["game"], _norm(row["q"]))
        assert key not in seen, where
        seen.add(key)
        # worded independently: never a copy of a canonical question
        assert key[1] not in canonical[row["game"]], (where, row["q"])
        per_game[row["game"]] = per_game.get(row["game"], 0) + 1
    assert per_game == {game: per_set for game in GAMES}


def test_no_question_copies_a_blind_or_held_out_one():
    protected = _protected()
    assert protected, "no blind set found"
    files = [VERDICTS / f"{game}.jsonl" for game in GAMES] + [DEV, DEV2]
    copied = [
        (path.name, n) for path in files for n, row in _rows(path) if _norm(row["q"]) in protected
    ]
    assert copied == []
