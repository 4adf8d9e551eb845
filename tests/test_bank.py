"""The question bank (rulesdb/bank.py) and the "asked before" signal of the rules search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesdb import Database
from rulesdb import bank as bank_mod
from rulesdb import index as index_mod
from rulesdb.model import GAMES

BENCH = Path(__file__).parent / "benchmarks"


def _db(tmp_path: Path, bank_path: Path | None = None, **kw) -> Database:
    """A database of Fluffy's entries only (conftest.entries_of: what these tests show is
    how a bank enters one game's search, and one game's index builds in about half the
    time of all five's) with the bank ``bank_path``."""
    from .conftest import entries_of

    return Database(entries_of(tmp_path / "entries", "fluffy"), tmp_path / "index.sqlite",
                    tmp_path / "none.db", bank_path=bank_path, **kw)


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def shipped(tmp_path_factory, session_rules_index):
    """The shipped entries and bank, on the session's rules index (tests/conftest.py)."""
    tmp = tmp_path_factory.mktemp("bank")
    d = Database(index_path=session_rules_index, imports_path=tmp / "none.db")
    yield d
    d.close()


def test_the_shipped_bank_names_only_entries_and_games_that_exist(shipped):
    banked = bank_mod.load()
    assert len(banked) > 1000
    ids = set(shipped.ids())
    assert {b.entry for b in banked} <= ids
    assert {b.game for b in banked} <= set(GAMES)
    assert all(b.entry.startswith(b.game + ".") for b in banked)
    # every banked question has its vector, on the row of its entry
    assert shipped.conn.execute("SELECT count(*) FROM bank").fetchone()[0] == len(banked)


def test_no_blind_question_is_in_the_bank():
    """The blind sets are a measure of questions the search has never seen: a question of
    theirs in the bank would make the measure a lookup."""
    import sys

    sys.path.insert(0, str(BENCH))
    import qsets

    asked = {qsets.key(b.game, b.q) for b in bank_mod.load()}
    seen = 0
    for name in qsets.names():
        if qsets.unseen(name):
            for q in qsets.load(name):
                seen += 1
                assert qsets.key(q["game"], q["q"]) not in asked, (name, q["q"])
    assert seen >= 1300


def test_load_names_the_bad_line(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text('{"game": "fluffy", "q": "x", "entry": "fluffy.tree"}\n\n{"game": "fluffy"}\n')
    with pytest.raises(ValueError, match=r"q\.jsonl:3"):
        bank_mod.load(path)
    path.write_text('{"game": "fluffy", "q": "", "entry": "fluffy.tree"}\n')
    with pytest.raises(ValueError, match=r"q\.jsonl:1"):
        bank_mod.load(path)
    assert bank_mod.load(tmp_path / "missing.jsonl") == []
    assert bank_mod.digest(tmp_path / "missing.jsonl") == ""


def test_a_banked_question_pulls_a_near_question_to_its_entry(tmp_path):
    query = "my dog is in a corner and the zombie is coming what now"
    plain = _db(tmp_path, bank_path=tmp_path / "none.jsonl", rerank=False)
    try:
        before = [h.id for h in plain.search(query, game="fluffy", limit=5)]
    finally:
        plain.close()
    target = before[3]
    bank = _write(tmp_path / "bank.jsonl", [
        {"game": "fluffy", "q": "the dog is cornered and a zombie is coming, what now", "entry": target}])
    d = _db(tmp_path, bank_path=bank)
    try:
        d.explain = {}
        after = [h.id for h in d.search(query, game="fluffy", limit=5)]
        assert d.rebuilt  # the bank is part of the index key
        assert after[0] == target
        assert d.explain[target]["asked_before"] > index_mod.ASKED_BEFORE_FLOOR
        # a zero weight leaves word matching and the paraphrase signal alone (the
        # re-ranker, which reads the bank too, off)
        d.asked_before = 0.0
        d.rerank = False
        assert [h.id for h in d.search(query, game="fluffy", limit=5)] == before
        # the bank of one game does not reach another
        near = d.nearest_asked("the dog is cornered and a zombie is coming", "fluffy")
        assert max(near.values()) > 0.9 and len(near) == 1
        assert d.nearest_asked("the dog is cornered and a zombie is coming", "zombies") == {}
    finally:
        d.close()


@pytest.mark.parametrize("text, vectors, query", [
    # a question naming a missing entry is left out, the other kept
    ('{"game": "fluffy", "q": "where does the dog start", "entry": "fluffy.no-such-entry"}\n'
     '{"game": "fluffy", "q": "where does the dog start", "entry": "fluffy.setup"}\n', 1,
     "where does the pup start"),
    # a broken bank is ignored by search
    ("not json\n", 0, "where does the dog start"),
])
def test_a_bank_line_search_cannot_use_is_left_out(tmp_path, text, vectors, query):
    bank = tmp_path / "bank.jsonl"
    bank.write_text(text)
    d = _db(tmp_path, bank_path=bank)
    try:
        assert d.conn.execute("SELECT count(*) FROM bank").fetchone()[0] == vectors
        assert d.search(query, game="fluffy")
    finally:
        d.close()


def _builder():
    import sys

    tools = Path(__file__).resolve().parents[1] / "tools"
    sys.path.insert(0, str(tools))
    try:
        import build_question_bank
    finally:
        sys.path.remove(str(tools))
    return build_question_bank


def test_the_shipped_bank_is_the_merge_of_the_labelled_sets():
    """The bank is rebuilt by tools/build_question_bank.py from the readers' labels in the
    question sets, never edited, and the merge runs no search: byte for byte the same."""
    tool = _builder()
    fresh, counts = tool.build()
    assert bank_mod.BANK_FILE.read_text(encoding="utf-8") == tool.text(fresh), "rerun the tool"
    assert counts["rows"] > len(fresh) > 3000
    # the readers' verdicts travel with their questions
    assert sum(1 for b in bank_mod.load() if b.verdict) > 1000


def test_the_bank_merge_keeps_labelled_dev_rows_only(tmp_path, monkeypatch):
    import sys

    sys.path.insert(0, str(BENCH))
    import qsets

    tool = _builder()
    monkeypatch.setattr(qsets, "FOLDER", tmp_path)
    row = {"game": "fluffy", "facts": []}
    _write(tmp_path / "dev9.jsonl", [
        {**row, "id": "a", "q": "can the dog go twice", "entry": "fluffy.turn", "verdict": "no",
         "because": "one turn each", "section": "TURNS"},
        {**row, "id": "b", "q": "what is a zombie", "entry": None},  # no entry: left out
        {**row, "id": "c", "q": "Who goes  FIRST", "entry": "fluffy.first"},  # a blind question
    ])
    _write(tmp_path / "probe9-fluffy.jsonl", [
        {**row, "id": "p", "q": "can the dog go twice", "entry": "fluffy.turn", "verdict": "no",
         "because": "one turn each", "section": "TURNS"},  # the same question, banked once
        {**row, "id": "q", "q": "where is the tree", "entry": "fluffy.tree"}])
    _write(tmp_path / "blind9.jsonl", [{**row, "id": "x", "q": "who goes first", "entry": "fluffy.first"}])
    _write(tmp_path / "verdicts-dev.jsonl", [{**row, "q": "is it a game", "entry": "fluffy.game"}])
    _write(tmp_path / "verdicts-dev2.jsonl", [{**row, "q": "is it a dog", "entry": "fluffy.dog"}])
    lines, counts = tool.build()
    assert lines == [
        {"game": "fluffy", "q": "where is the tree", "entry": "fluffy.tree"},
        {"game": "fluffy", "q": "can the dog go twice", "entry": "fluffy.turn", "verdict": "no",
         "because": "one turn each", "section": "TURNS"},
    ]
    assert counts == {"rows": 5, "unlabelled": 1, "unseen": 1}
    # one question labelled two ways is an error, not a coin toss
    _write(tmp_path / "probe9-fluffy.jsonl", [{**row, "q": "where is the tree", "entry": "fluffy.yard"},
                                              {**row, "q": "where is the tree", "entry": "fluffy.tree"}])
    with pytest.raises(ValueError, match="labelled twice"):
        tool.build()


def test_load_reads_the_readers_fields(tmp_path):
    path = _write(tmp_path / "b.jsonl", [
        {"game": "fluffy", "q": "x", "entry": "fluffy.tree", "verdict": "no", "because": "b",
         "section": "GOAL"}, {"game": "fluffy", "q": "y", "entry": "fluffy.tree"}])
    a, b = bank_mod.load(path)
    assert (a.verdict, a.because, a.section) == ("no", "b", "GOAL")
    assert (b.verdict, b.because, b.section) == (None, None, None)
    _write(path, [{"game": "fluffy", "q": "x", "entry": "fluffy.tree", "verdict": "maybe"}])
    with pytest.raises(ValueError, match=r"b\.jsonl:1"):
        bank_mod.load(path)
