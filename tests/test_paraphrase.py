"""The paraphrase signal (rulesdb/paraphrase.py) and its part in the rules search."""

from __future__ import annotations

import numpy as np
import pytest

from rulesdb import Database
from rulesdb import index as index_mod
from rulesdb import paraphrase
from rulesdb.paraphrase import DIMS, embed, sentences


def test_vectors_have_unit_length_and_the_documented_shape():
    v = embed(["Fluffy tags the tree", "a zombie eats the dog", "How many cards?"])
    assert v.shape == (3, DIMS) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)


def test_a_text_with_no_token_gives_zeros():
    v = embed(["", "   ", "\u200b"])
    assert not v.any()
    assert embed([]).shape == (0, DIMS)


def test_the_same_text_gives_the_same_vector():
    a, b = embed(["The dog already peed on the tree"] * 2)
    assert np.array_equal(a, b)


@pytest.mark.parametrize("text, same, other", [
    ("the pooch already peed on the tree", "Fluffy has tagged the tree",
     "each player is dealt four cards"),
    ("my guy got bitten", "a zombie turns the human into a zombie",
     "the first mover card passes to the left"),
    ("we ran out of food", "the team has no provision left", "Fluffy bounces off the wall"),
])
def test_paraphrases_are_nearer_than_unrelated_rules(text, same, other):
    q, s, o = embed([text, same, other])
    assert q @ s > q @ o


def test_sentences_split_an_entry_text_and_drop_fragments():
    assert sentences("Short. This sentence is long enough! And this one too?") == [
        "This sentence is long enough!", "And this one too?"]


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("para")
    d = Database(index_path=tmp / "index.sqlite", imports_path=tmp / "none.db")
    yield d
    d.close()


def test_the_index_holds_a_vector_for_every_entry(db):
    docs = {r[0] for r in db.conn.execute("SELECT DISTINCT doc FROM vecs")}
    assert docs == {r[0] for r in db.conn.execute("SELECT rowid FROM docs")}
    blob = db.conn.execute("SELECT vec FROM vecs LIMIT 1").fetchone()[0]
    assert len(blob) == DIMS * 2  # float16


def test_nearest_in_meaning_covers_one_game_and_ranks_the_paraphrased_entry_high(db):
    found = db.nearest_in_meaning("the pooch already peed on the tree", "fluffy")
    games = {r[0] for r in db.conn.execute(
        f"SELECT DISTINCT game FROM docs WHERE rowid IN ({','.join(map(str, found))})")}
    assert games == {"fluffy"}
    ids = dict(db.conn.execute("SELECT rowid, id FROM docs"))
    top = [ids[r] for r in sorted(found, key=lambda r: -found[r])[:5]]
    assert any("tree" in i or "goal" in i or "escape" in i for i in top), top
    assert all(-1.0 <= v <= 1.0 + 1e-6 for v in found.values())


def test_the_signal_is_added_to_word_matching(db):
    db.explain = {}
    hits = db.search("can the mutt sneak out before he tagged the tree", game="fluffy", limit=5)
    assert hits and all(0.0 <= db.explain[h.id]["paraphrase"] <= 1.0 for h in hits)
    assert any(db.explain[h.id]["paraphrase"] > 0.3 for h in hits)
    db.explain = None
    # the weight is the documented constant and a zero weight is word matching alone
    assert db.paraphrase == index_mod.PARAPHRASE
    db.paraphrase = 0.0
    try:
        plain = db.search("can the mutt sneak out before he tagged the tree", game="fluffy", limit=5)
    finally:
        db.paraphrase = index_mod.PARAPHRASE
    assert [h.score for h in plain] != [h.score for h in hits]


def test_search_falls_back_to_word_matching_without_the_table(tmp_path, monkeypatch):
    monkeypatch.setattr(paraphrase, "available", lambda: False)
    d = Database(index_path=tmp_path / "index.sqlite", imports_path=tmp_path / "none.db")
    try:
        assert d.conn.execute("SELECT count(*) FROM vecs").fetchone()[0] == 0
        hits = d.search("can fluffy leave through the gate", game="fluffy")
        assert hits and hits[0].game == "fluffy"
        assert d.nearest_in_meaning("gate", "fluffy") == {}
    finally:
        d.close()


def test_the_signal_reads_a_typo_as_its_correction_but_keeps_real_words(db):
    db.parse("can the dog sprnt when the zombies are resolved")
    text = db._corrected("can the dog sprnt when the zombies are resolved")
    assert "sprint" in text.split() and "sprnt" not in text.split()
    assert "resolved" in text.split()
    assert paraphrase.knows("resolved") and not paraphrase.knows("sprnt")


def test_a_rebuilt_table_makes_the_cached_index_stale(tmp_path, monkeypatch):
    d = Database(index_path=tmp_path / "index.sqlite", imports_path=tmp_path / "none.db")
    d.conn
    d.close()
    again = Database(index_path=tmp_path / "index.sqlite", imports_path=tmp_path / "none.db")
    again.conn
    assert not again.rebuilt
    again.close()
    assert len(paraphrase.table_digest()) == 64
    monkeypatch.setattr(paraphrase, "table_digest", lambda: "another table")
    third = Database(index_path=tmp_path / "index.sqlite", imports_path=tmp_path / "none.db")
    try:
        third.conn
        assert third.rebuilt
    finally:
        third.close()
