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
def db(tmp_path_factory, session_rules_index):
    """The shipped entries, on the session's rules index (tests/conftest.py)."""
    tmp = tmp_path_factory.mktemp("para")
    d = Database(index_path=session_rules_index, imports_path=tmp / "none.db")
    yield d
    d.close()


def test_the_index_holds_a_vector_for_every_entry(db):
    docs = {r[0] for r in db.conn.execute("SELECT DISTINCT doc FROM vecs")}
    assert docs == {r[0] for r in db.conn.execute("SELECT rowid FROM docs")}
    blob = db.conn.execute("SELECT vec FROM vecs LIMIT 1").fetchone()[0]
    assert len(blob) == DIMS * 4  # float32 (holding float16-rounded values), read without numpy


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
    from .conftest import entries_of

    monkeypatch.setattr(paraphrase, "available", lambda: False)
    d = Database(entries_of(tmp_path / "entries", "fluffy"), tmp_path / "index.sqlite", tmp_path / "none.db")
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
    from .conftest import entries_of

    # the cache to start from: an index of one game's entries (the mechanics: a rebuild
    # of all five games' took twice as long), current
    entries = entries_of(tmp_path / "entries", "fluffy")
    first = Database(entries, tmp_path / "index.sqlite", tmp_path / "none.db")
    first.conn
    assert first.rebuilt
    first.close()
    again = Database(entries, tmp_path / "index.sqlite", tmp_path / "none.db")
    again.conn
    assert not again.rebuilt
    again.close()
    assert len(paraphrase.table_digest()) == 64
    monkeypatch.setattr(paraphrase, "table_digest", lambda: "another table")
    third = Database(entries, tmp_path / "index.sqlite", tmp_path / "none.db")
    try:
        third.conn
        assert third.rebuilt
    finally:
        third.close()


# -- the query path without numpy -----------------------------------------------------------

def _texts() -> list[str]:
    import sys
    from pathlib import Path

    from rulesdb.model import load_entries

    sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))
    import qsets

    out = ["Can't the Dog go, café?", "naïve 東京 x\u200by", "a" * 120, "zombie\x00s", "½ ² ﬁ",
           "e\u0301te\u0301", "", "  ", "<script>?</script>", "don't—won't…"]
    for name in qsets.names():
        if name.startswith("dev"):
            out += [row["q"] for row in qsets.load(name)]
    for e in load_entries():
        out += [e.title, e.text, *e.asked]
    return out


def test_the_pure_python_split_gives_the_tokenizers_token_ids(db):
    # the query is embedded without the tokenizers library: same ids on every dev
    # question and every entry text, accents, CJK, control characters and long words
    t = paraphrase._table()
    pieces = db._pieces()
    texts = _texts()
    assert len(texts) > 3000
    for text in texts:
        want = t.tokenizer.encode(text, add_special_tokens=False).ids
        got = [i for w in paraphrase.pre_tokens(text) for i in (pieces.ids(w) or [t.unk])]
        assert got == want, text


def test_the_query_vector_is_the_vector_embed_gives(db):
    texts = _texts()[:300]
    want = embed(texts)
    for text, w in zip(texts, want):
        got = db.query_vector(text)
        if not w.any():
            assert got is None
        else:
            assert np.abs(np.asarray(got) - w).max() < 1e-6, text


@pytest.mark.parametrize("argv", [
    ["rules", "ask", "can two zombies share a square"],
    ["rules", "ask", "--json", "can the dog leave by the gate", "--game", "fluffy"],
    ["rules", "search", "sprint", "--game", "fluffy"],
    ["rules", "show", "fluffy.bounce"],
    ["rules", "list", "--game", "fluffy"],
    ["--version"],
])
def test_numpy_and_the_table_stay_off_the_path_of_a_command(db, argv, tmp_path):
    db.conn  # the index exists (built with numpy by the fixture): the command itself, searching
    # or not, loads neither numpy nor tokenizers nor the 7.5 MB table
    import os
    import subprocess
    import sys

    code = ("import sys\nfrom referee.cli import main\nsys.argv = ['referee', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "bad = sorted(m for m in ('numpy', 'tokenizers') if m in sys.modules)\n"
            "print('LOADED', bad, file=sys.stderr)")
    env = {**os.environ, "REFEREE_RULES_INDEX": str(db.index_path), "REFEREE_DB": str(tmp_path / "g.db"),
           "REFEREE_RULES_DB": str(tmp_path / "r.db")}
    done = subprocess.run([sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True,
                          timeout=120)
    assert "LOADED []" in done.stderr, done.stderr[-500:]
