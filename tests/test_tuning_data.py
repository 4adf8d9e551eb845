"""The search's tuning tables as data (rulesdb/data/tuning/): each row says why it is
there, each word has one role, and a changed table rebuilds the index."""

from __future__ import annotations

import collections
import shutil

import pytest

import rulesdb.index as ix
import rulesdb.synonyms as syn


def _rows() -> dict[str, list[dict]]:
    return {t: syn.load_rows(t) for t in syn.TABLES}


def _key(table: str, row: dict) -> str:
    return row["phrase"] if table == "rewrites" else row["word"]


def role_conflicts(rows: dict[str, list[dict]]) -> list[tuple[str, str, str]]:
    """``(word, table, table)`` for each word in two tables with roles that contradict:
    a stop word is dropped before its synonyms are looked up and whatever else it does,
    so a stop word may be neither a synonym, a claimant nor a one-word rewrite; a
    one-word rewrite replaces the word before its synonyms are looked up, so it may not
    be a synonym either.  A claimant may be a synonym: it is dropped only right before a
    claim verb ("my son says ..."), and means a player anywhere else ("can my son play")."""
    words = {t: {_key(t, r) for r in rs} for t, rs in rows.items()}
    one_word_rewrites = {w for w in words.get("rewrites", ()) if " " not in w}
    refused = [("stop_words", "synonyms", words.get("synonyms", set())),
               ("stop_words", "claimants", words.get("claimants", set())),
               ("stop_words", "rewrites", one_word_rewrites),
               ("rewrites", "synonyms", one_word_rewrites & words.get("synonyms", set()))]
    out = []
    for a, b, other in refused:
        mine = one_word_rewrites if a == "rewrites" else words.get(a, set())
        out += [(w, a, b) for w in sorted(mine & other)]
    return out


def test_no_word_has_two_roles():
    assert role_conflicts(_rows()) == []


def test_a_word_in_two_roles_is_refused():
    """The check itself: "sister" once was a stop word, a synonym and a claimant at once."""
    rows = {"synonyms": [{"word": "sister", "also": ["player"], "why": "q"}],
            "stop_words": [{"word": "sister", "why": "q"}, {"word": "the", "why": "q"}],
            "claimants": [{"word": "sister", "why": "q"}, {"word": "son", "why": "q"}],
            "rewrites": [{"phrase": "the", "to": "a", "why": "q"}]}
    assert role_conflicts(rows) == [("sister", "stop_words", "synonyms"),
                                    ("sister", "stop_words", "claimants"),
                                    ("the", "stop_words", "rewrites")]
    rows["synonyms"].append({"word": "son", "also": ["player"], "why": "q"})
    assert ("son", "stop_words", "synonyms") not in role_conflicts(rows)  # a claimant may be a synonym


@pytest.mark.parametrize("table", syn.TABLES)
def test_every_row_says_why(table):
    """Each row carries the question that motivated it (or what else keeps it)."""
    missing = [_key(table, r) for r in syn.load_rows(table)
               if not isinstance(r.get("why"), str) or not r["why"].strip()]
    assert missing == []


@pytest.mark.parametrize("table", syn.TABLES)
def test_each_table_lists_each_word_once(table):
    """A word listed twice would silently keep only its last meaning."""
    keys = [_key(table, r) for r in syn.load_rows(table)]
    assert [k for k, n in collections.Counter(keys).items() if n > 1] == []


def test_rows_are_lower_case_words_the_parser_can_meet():
    """Queries are normalised and split before the tables are read: a row with capitals
    or punctuation would never match."""
    for table, rows in _rows().items():
        for r in rows:
            key = _key(table, r)
            assert " ".join(ix.words(key)) == key, (table, key)
            if table == "synonyms":
                assert r["also"] and all(a == a.lower() for a in r["also"]), key


def test_the_tables_are_what_the_parser_reads():
    rows = _rows()
    assert list(syn.PHRASES) == [r["phrase"] for r in rows["rewrites"]]  # order matters
    assert syn.STOP_WORDS == {r["word"] for r in rows["stop_words"]}
    assert syn.CLAIMANTS == tuple(r["word"] for r in rows["claimants"])
    for r in rows["synonyms"]:
        assert syn.SYNONYMS[r["word"]][: len(r["also"])] == tuple(r["also"])
    assert ix.rewrite("my son says the dog can leave") == "the dog can leave"


def test_a_changed_table_changes_the_index_key(tmp_path, monkeypatch):
    folder = tmp_path / "tuning"
    shutil.copytree(syn.TUNING_DIR, folder)
    before = syn.digest(folder)
    assert before == syn.digest()
    with (folder / "stop_words.jsonl").open("a", encoding="utf-8") as f:
        f.write('{"word": "zzz", "why": "q"}\n')
    assert syn.digest(folder) != before
    db = ix.Database(index_path=tmp_path / "i.sqlite", imports_path=tmp_path / "none.db")
    key = db._key([], [])
    monkeypatch.setattr(ix, "_tuning_digest", lambda: syn.digest(folder))
    assert db._key([], []) != key


# -- the entries' asked phrasings (rulesdb/data/tuning/asked.jsonl) ---------------------------

def _asked_rows() -> list[tuple[int, dict]]:
    import json

    text = (syn.TUNING_DIR / f"{syn.ASKED}.jsonl").read_text(encoding="utf-8")
    return [(n, json.loads(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def _norm(q: str) -> str:
    import re

    return " ".join(re.sub(r"[^\w\s]", " ", q.lower()).split())


def test_every_asked_phrasing_names_an_entry_and_says_why():
    from rulesdb.model import load_entries

    entries = {e.id: e for e in load_entries()}
    rows = _asked_rows()
    assert len(rows) > 1500  # each entry keeps two and tools/asked_ablation.py keeps what moves a figure
    for n, row in rows:
        assert set(row) == {"entry", "q", "why"}, n
        assert row["entry"] in entries, (n, row["entry"])
        assert row["q"].strip() and row["why"].strip(), n
    # the entries carry exactly these phrasings, in file order (the same Entry.asked)
    by_entry: dict[str, list[str]] = collections.defaultdict(list)
    for _, row in rows:
        by_entry[row["entry"]].append(" ".join(row["q"].split()))
    assert {i: list(e.asked) for i, e in entries.items() if e.asked} == dict(by_entry)


def test_the_entry_files_hold_no_phrasings():
    import tomllib

    from rulesdb.model import entry_files

    for path in entry_files():
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        tables = [*doc.get("rule", []), *doc.get("ruling", [])]
        assert not [t["id"] for t in tables if "asked" in t], path.name


def test_no_phrasing_is_asked_twice_in_a_game():
    from rulesdb.model import load_entries

    game = {e.id: e.game for e in load_entries()}
    seen: dict[tuple[str, str], int] = {}
    for n, row in _asked_rows():
        key = (game[row["entry"]], _norm(row["q"]))
        assert key not in seen, f"asked.jsonl:{n} repeats line {seen[key]}: {row['q']!r}"
        seen[key] = n


def test_no_phrasing_copies_a_blind_or_held_out_question():
    """A blind question is a measure of questions never seen: as an entry's phrasing it
    would be a lookup.  Near-exact counts (a changed article or a typo: 90% alike)."""
    import difflib
    import sys
    from pathlib import Path

    from rulesdb.model import load_entries

    sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))
    import qsets

    game = {e.id: e.game for e in load_entries()}
    blind: dict[str, list[tuple[str, str]]] = collections.defaultdict(list)
    for name in qsets.names():
        if qsets.unseen(name):
            for r in qsets.load(name):
                blind[r["game"]].append((_norm(r["q"]), name))
    assert sum(map(len, blind.values())) > 1000
    copies = []
    for n, row in _asked_rows():
        q = _norm(row["q"])
        m = difflib.SequenceMatcher(None, autojunk=False)
        m.set_seq2(q)
        for b, name in blind[game[row["entry"]]]:
            m.set_seq1(b)
            if b == q or (m.real_quick_ratio() >= 0.9 and m.quick_ratio() >= 0.9
                          and m.ratio() >= 0.9):
                copies.append((n, row["q"], name))
    assert copies == []


def test_a_changed_phrasing_changes_the_index_key(tmp_path):
    folder = tmp_path / "tuning"
    shutil.copytree(syn.TUNING_DIR, folder)
    before = syn.digest(folder)
    with (folder / f"{syn.ASKED}.jsonl").open("a", encoding="utf-8") as f:
        f.write('{"entry": "fluffy.tree", "q": "zzz", "why": "q"}\n')
    assert syn.digest(folder) != before


def test_the_asked_ablation_patches_the_index_as_a_rebuild_would(tmp_path, monkeypatch):
    """tools/asked_ablation.py takes phrasings out of a built index in place (their asks
    rows, their entry's asked column, the vocabulary, their vectors) instead of rebuilding
    it: every search must then score as on an index built without them, and putting them
    back must give the first index's scores again."""
    import sys
    from pathlib import Path

    import rulesdb.model as model
    from rulesdb import Database

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import asked_ablation as aa

    def make(name):
        return Database(index_path=tmp_path / name, imports_path=tmp_path / "none.db",
                        bank_path=tmp_path / "no-bank.jsonl", asked_before=0.0)

    rows = aa.load_rows()
    game = {e.id: e.game for e in model.load_entries()}
    counts = collections.Counter(r["entry"] for r in rows)
    eids = [e for e in dict.fromkeys(r["entry"] for r in rows) if counts[e] >= 5][:2]
    queries = [(r["q"], game[r["entry"]]) for e in eids for r in [r for r in rows if r["entry"] == e][:6]]
    queries += [("can the zombie come in while I hide", "zombie-attack"), ("who goes first", "fluffy")]
    qs = [{"q": q, "game": g, "facts": [], "id": str(k)} for k, (q, g) in enumerate(queries)]
    db = make("patched.sqlite")
    ab = aa.AskedAblation(tmp_path, rows, verdicts=False, db=db, sets={"t": qs})

    def results(d):
        return [[(h.id, h.score) for h in d.search(q, game=g, limit=10)] for q, g in queries]

    before = results(db)
    gone = set()
    for eid in eids:
        gone |= set(ab.live[eid][2:])
        ab.set_live(eid, ab.live[eid][:2])
    patched = results(db)
    assert patched != before  # the phrasings out move something: the check has teeth
    reduced = tmp_path / "asked.jsonl"
    aa.write_rows([r for i, r in enumerate(rows) if i not in gone], reduced)
    monkeypatch.setattr(model, "ASKED_FILE", reduced)
    fresh = results(make("fresh.sqlite"))  # pure Python cosines; the tool's are numpy's
    assert [[i for i, _ in r] for r in patched] == [[i for i, _ in r] for r in fresh]
    assert [s for r in patched for _, s in r] == pytest.approx([s for r in fresh for _, s in r], abs=2e-4)
    for eid in eids:
        ab.set_live(eid, ab.by_entry[eid])
    assert results(db) == before


# -- words of the same sense in a game (rulesdb/data/tuning/same_sense.jsonl) ----------------

def same_sense_conflicts(rows: list[dict], stop_words: frozenset | set) -> list[tuple]:
    """``(game, word, why)`` for each word of the same-sense table in a role it cannot
    hold: a stop word or a filler (never a content word, so never paired), a word in two
    rows of one game (two senses), two words of one row that are a contrast pair
    (``answer.CONTRASTS``: "keep" and "discard" are opposites, not one sense)."""
    from rulesdb import answer as A

    contrast = {frozenset((A._term(a), A._term(b))) for a, b, _ in A.CONTRASTS}
    out, seen = [], {}
    for r in rows:
        for w in r["words"]:
            if w in stop_words:
                out.append((r["game"], w, "stop word"))
            elif A.content_words(w) != (w,):
                out.append((r["game"], w, "not a content word"))
            if (r["game"], w) in seen:
                out.append((r["game"], w, "in two rows"))
            seen[(r["game"], w)] = r
        terms = [A._term(w) for w in r["words"]]
        out += [(r["game"], f"{a}/{b}", "contrast") for i, a in enumerate(terms) for b in terms[i + 1:]
                if frozenset((a, b)) in contrast]
    return out


def test_same_sense_rows_say_why_and_name_a_game():
    from rulesdb import answer as A
    from rulesdb import verdicts as V

    games = {p.stem for p in V.VERDICTS_DIR.glob("*.jsonl")}
    rows = A.load_same_sense()
    assert rows
    for r in rows:
        assert set(r) == {"game", "words", "why"}, r
        assert r["game"] in games, r
        assert isinstance(r["why"], str) and " <- " in r["why"], r  # the question and its canonical twin
        assert len(r["words"]) >= 2 and all(" ".join(ix.words(w)) == w for w in r["words"]), r


def test_no_same_sense_word_has_two_roles():
    from rulesdb import answer as A

    assert same_sense_conflicts(A.load_same_sense(), syn.STOP_WORDS) == []


def test_a_same_sense_word_in_two_roles_is_refused():
    """The check itself."""
    rows = [{"game": "fluffy", "words": ["keep", "discard"], "why": "q"},
            {"game": "fluffy", "words": ["the", "tree"], "why": "q"},
            {"game": "fluffy", "words": ["tree", "bush"], "why": "q"},
            {"game": "zombies", "words": ["tree", "bush"], "why": "q"}]
    assert same_sense_conflicts(rows, {"the"}) == [
        ("fluffy", "keep/discard", "contrast"), ("fluffy", "the", "stop word"),
        ("fluffy", "tree", "in two rows")]


def test_every_same_sense_word_is_a_word_of_its_game():
    """A row is about words players and readers use for that game: each word (by its stem)
    is in one of the game's entries or canonical questions (the verdict files and the
    banked questions a reader gave a verdict)."""
    from rulesdb import answer as A
    from rulesdb import verdicts as V
    from rulesdb.bank import load as load_bank
    from rulesdb.model import load_entries

    text: dict[str, list[str]] = collections.defaultdict(list)
    for e in load_entries():
        text[e.game] += [e.title, e.text, *e.keywords, *e.asked]
    for c in [*V.load(), *V.from_bank(load_bank())]:
        text[c.game].append(c.q)
    stems = {g: {A._stem(w) for t in ts for w in ix.words(A._plain(t))} for g, ts in text.items()}
    missing = [(r["game"], w) for r in A.load_same_sense() for w in r["words"]
               if A._stem(w) not in stems[r["game"]]]
    assert missing == []


def test_the_same_sense_table_is_what_the_verdict_matcher_reads_and_not_the_search():
    from rulesdb import answer as A

    for r in A.load_same_sense():
        table = A.same_sense()[r["game"]]
        for w in r["words"]:
            assert {A._stem(x) for x in r["words"]} <= table[A._stem(w)], (r["game"], w)
    # the search's tables and the index key do not hold it: the ranking and the re-ranker stay
    assert "same_sense" not in syn.TABLES and A.SAME_SENSE_FILE.parent == syn.TUNING_DIR
