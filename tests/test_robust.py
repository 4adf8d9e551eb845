"""Issue 24, round three: nothing lost, nothing illegal, no traceback, in all five games.

One test (or a few) per case the issue found, each failing before its fix: what is
stored must replay, bounded typo correction and question length, an old store known
by its full schema, read-only stores read, board limits, long integers, control
characters escaped, the escape through the gate, and `legal` without a [Deck]."""

from __future__ import annotations

import copy
import json

import pytest
from typer.testing import CliRunner

from referee import session
from referee.cli import app
from referee.errors import InternalError
from referee.games import Applied, refereed
from referee.records import parse_record
from referee.store import Store


def cli(*args: str, **kw):
    return CliRunner().invoke(app, list(args), **kw)


def sample_games():
    return [pytest.param(s, id=s.name) for s in refereed() if s.sample_text()]


def stored_sample(spec, store: Store):
    """Game of ``spec`` stored from its sample's header: ``(loaded, first events)``."""
    record = parse_record(spec.sample_text())
    tags = {k: v for k, v in record.tags.items() if k != "Game"}
    engine = session.setup_game(spec.name, tags)
    gid = store.create_game(spec.name, session.stored_tags(spec.name, engine, tags, None))
    return session.load(store, gid), [line.text for line in record.events]


# -- 1. whatever is appended must replay -------------------------------------------------

@pytest.mark.parametrize("spec", sample_games())
def test_an_event_whose_canonical_text_does_not_replay_is_not_stored(spec, private_store, monkeypatch):
    """An engine bug injected: ``apply`` accepts the sample's first event but returns a
    canonical text that does not re-apply.  ``enter`` refuses it (InternalError, exit 3)
    and the log is untouched; the real text is stored once the engine is right."""
    store = Store(private_store)
    loaded, events = stored_sample(spec, store)
    cls = type(loaded.game)
    real = cls.apply

    def broken(self, text):
        done = real(self, text)
        return Applied("no such event ###", done.notes)

    monkeypatch.setattr(cls, "apply", broken)
    before = loaded.game.to_json()
    with pytest.raises(InternalError) as exc:
        session.enter(store, loaded, events[0])
    assert exc.value.exit_code == 3 and "nothing was stored" in exc.value.message
    assert store.log(loaded.stored.id) == [] and loaded.length == 0
    assert loaded.game.to_json() == before
    monkeypatch.setattr(cls, "apply", real)
    session.enter(store, loaded, events[0])
    assert [e.text for e in store.log(loaded.stored.id)] == [loaded.events[0].text]
    assert session.load(store).game.to_json() == loaded.game.to_json()


def test_an_event_that_replays_elsewhere_is_not_stored(private_store, monkeypatch):
    """The canonical text re-applies but to another position (the engine's text lost a
    choice): refused too, nothing stored, through the CLI as one line and exit 3."""
    from referee.games.fluffy.engine import Game

    real = Game.apply
    cli("new", "fluffy")
    monkeypatch.setattr(Game, "apply", lambda self, text: Applied("play L", real(self, text).notes)
                        if text == "play F" else real(self, text))
    result = cli("move", "play F")
    assert result.exit_code == 3, result.output
    assert result.stderr.count("\n") == 1 and "replays to another position" in result.stderr
    assert json.loads(cli("log", "--json").stdout)["log"] == []


# -- 2. one long word, one long question -----------------------------------------------

def test_typo_correction_of_a_long_word_takes_no_memory():
    """The corrector built every adjacent-letter swap of a word: memory grew with its
    length squared (8,000 letters: 64 MB).  A word longer than any index word is no
    typo of one and is left alone."""
    import tracemalloc

    import rulesdb

    db = rulesdb.database()
    assert db._closest("trun") == "turn"  # the swap still corrects real typos
    tracemalloc.start()
    try:
        assert db._closest("ab" * 4000) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, peak


def test_a_question_longer_than_the_cap_is_refused_everywhere_it_enters(yard_file):
    import rulesdb
    from rulesdb import MAX_QUESTION, QuestionTooLongError

    long = "can zombies share a square " * (MAX_QUESTION // 20)
    assert len(long) > MAX_QUESTION
    with pytest.raises(QuestionTooLongError):
        rulesdb.search(long)
    assert rulesdb.search(long[:MAX_QUESTION], game="fluffy")  # at the cap: answered
    for command in ("ask", "search"):
        result = cli("rules", command, long)
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and f"{MAX_QUESTION:,} characters" in result.stderr
    from referee.cli.play import PlayLoop

    cli("new", "fluffy", "--board", str(yard_file))
    store = Store()
    loop = PlayLoop(store, store.resolve(None).id, lambda need: None)
    said = " ".join(str(x) for x in loop.handle("? " + long))
    assert f"{MAX_QUESTION:,} characters" in said


# -- 3. another program's file with our table names -------------------------------------

def _foreign_games_events(path):
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT, score INTEGER)")
    db.execute("CREATE TABLE events (at TEXT, what TEXT)")
    db.execute("INSERT INTO games VALUES (1, 'chess', 3)")
    db.execute("INSERT INTO events VALUES ('today', 'won')")
    db.commit()
    db.close()


@pytest.mark.parametrize("args", [("games",), ("new", "fluffy"), ("show",)])
def test_a_file_with_our_table_names_but_not_our_columns_is_left_untouched(tmp_path, args):
    """Tables named ``games`` and ``events`` do not make a store: the file was taken for
    the first schema and "migrated" in place, then the command ended in exit 3."""
    import hashlib

    path = tmp_path / "scores.db"
    _foreign_games_events(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    for _ in range(2):
        result = cli("--db", str(path), *args)
        assert result.exit_code == 2, result.output
        assert "another program's SQLite file" in result.stderr and result.stderr.count("\n") == 1
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    assert not (tmp_path / "scores.db-wal").exists()
