"""The game store as a store of record: check and append under one write lock, stale
positions refused, foreign/newer/damaged stores refused and left byte-for-byte
untouched, old stores migrated, read-only stores readable, a busy or full store
reported in one line."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest
from .conftest import CliRunner

from referee import session
from referee.cli import app
from referee.errors import BadInputError, IllegalEventError
from referee.store import APPLICATION_ID, SCHEMA_VERSION, StaleError, Store, StoreError

DECK = "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"
TAGS = {"Deck": DECK, "Fluffy": "Ana", "Zombies": "Ben"}

OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, tags TEXT NOT NULL, base TEXT,
                    match INTEGER, created TEXT NOT NULL);
CREATE TABLE events (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                     kind TEXT NOT NULL CHECK (kind IN ('event', 'undo')), text TEXT NOT NULL,
                     notes TEXT NOT NULL DEFAULT '[]', created TEXT NOT NULL,
                     PRIMARY KEY (game_id, seq));
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def new_fluffy(store: Store, plays: int = 0) -> int:
    engine = session.setup_game("fluffy", TAGS)
    gid = store.create_game("fluffy", session.stored_tags("fluffy", engine, TAGS, None))
    loaded = session.load(store, gid)
    for _ in range(plays):
        session.enter(store, loaded, "play F")
    return gid


def cli(*args: str, db: Path | None = None):
    argv = (["--db", str(db)] if db else []) + list(args)
    return CliRunner().invoke(app, argv)


# -- check and append in one write transaction ------------------------------------------


def test_store_is_marked_and_in_wal_mode(private_store):
    store = Store()
    new_fluffy(store)
    assert store.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


def test_an_event_checked_against_a_stale_load_is_checked_again_against_the_log():
    """Two sessions loaded at the same position: Fluffy has played four cards.  Each
    enters `play F`; the second one's fifth play... would be a sixth: refused, and the
    log holds only legal events."""
    store = Store()
    gid = new_fluffy(store, plays=4)
    first, second = session.load(store, gid), session.load(Store(), gid)
    session.enter(store, first, "play F")
    with pytest.raises(IllegalEventError) as err:
        session.enter(Store(), second, "play F")
    assert "changed while the event was typed" in err.value.message
    assert [e.text for e in store.effective(gid)].count("play F") == 5
    # the stale session was brought up to date: its game is the stored one now
    assert second.length == store.log_length(gid) == 5
    assert second.game.to_json() == session.load(store, gid).game.to_json()


def test_a_stale_event_that_is_still_legal_is_appended_in_the_order_stored():
    store = Store()
    gid = new_fluffy(store, plays=1)
    a, b = session.load(store, gid), session.load(store, gid)
    session.enter(store, a, "play F")
    session.enter(store, b, "play F")  # legal after the other one too: both succeed
    assert [e.text for e in store.log(gid)] == ["play F"] * 3
    assert session.load(store, gid).game.to_json() == b.game.to_json()


def test_expect_refuses_an_event_typed_against_a_stale_position():
    store = Store()
    gid = new_fluffy(store, plays=2)
    loaded = session.load(store, gid)
    with pytest.raises(StaleError) as err:
        session.enter(store, loaded, "play F", expect=1)
    assert "log has 2 entries, not the 1 expected" in err.value.message
    assert store.log_length(gid) == 2
    session.enter(store, loaded, "play F", expect=2)
    assert store.log_length(gid) == 3
    with pytest.raises(StaleError):
        store.undo(gid, expect=2)
    assert store.undo(gid, expect=3).text == "play F"
    assert store.log_length(gid) == 4


def test_cli_expect(private_store):
    assert cli("new", "fluffy", "--fluffy", "Ana", "--zombies", "Ben").exit_code == 0
    assert cli("move", "play F", "--expect", "0").exit_code == 0
    stale = cli("move", "play F", "--expect", "0")
    assert stale.exit_code == 2
    assert "not the 0 expected" in stale.stderr and "\n" not in stale.stderr.strip()
    ok = cli("move", "play F", "--expect", "1", "--json")
    assert ok.exit_code == 0 and json.loads(ok.stdout)["log_length"] == 2
    assert cli("undo", "--expect", "1").exit_code == 2
    assert cli("undo", "--expect", "2").exit_code == 0
    assert json.loads(cli("log", "--json").stdout)["log_length"] == 3
    assert cli("move", "play F", "--expect", "-1").exit_code == 2


def test_a_refused_write_leaves_the_session_usable():
    store = Store()
    gid = new_fluffy(store, plays=4)
    loaded = session.load(store, gid)
    before = loaded.game.to_json()
    with pytest.raises(BadInputError):
        session.enter(store, loaded, "play Z")  # not a card: refused before the lock
    assert loaded.game.to_json() == before and loaded.length == 4


def test_play_session_refuses_a_stale_screen_and_redraws():
    from referee.cli.play import PlayLoop

    store = Store()
    gid = new_fluffy(store, plays=1)
    mine, theirs = PlayLoop(Store(), gid), PlayLoop(Store(), gid)
    mine.picture()
    theirs.picture()
    theirs.handle("play F")
    out = [str(x) for x in mine.handle("play F")]
    assert any("Changed in another window" in line for line in out)
    assert any("was not entered: the game changed" in line for line in out)
    assert store.log_length(gid) == 2
    assert mine.drawn == 2  # the new position was drawn: the next event goes in
    mine.handle("play F")
    assert store.log_length(gid) == 3


# -- opening: new, ours, old, foreign, newer, damaged, read-only --------------------------


def make_old_store(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    engine = session.setup_game("fluffy", TAGS)
    tags = session.stored_tags("fluffy", engine, TAGS, None)
    db.execute("INSERT INTO games VALUES (1, 'fluffy', ?, NULL, NULL, '2024-01-01')", (json.dumps(tags),))
    db.execute("INSERT INTO events VALUES (1, 1, 'event', 'play F', '[]', '2024-01-01')")
    db.execute("INSERT INTO meta VALUES ('current', '1')")
    db.commit()
    db.close()


def test_an_old_store_is_migrated_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.db"
    make_old_store(path)
    result = cli("move", "play F", db=path)
    assert result.exit_code == 0, result.stderr
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"games", "events", "matches", "meta"}
    assert [r[0] for r in db.execute("SELECT text FROM events ORDER BY seq")] == ["play F", "play F"]


def test_an_empty_file_becomes_a_store(tmp_path):
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    new_fluffy(Store(path))
    assert Store(path).games()[0].game == "fluffy"


def foreign_file(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE contacts (name TEXT)")
    db.execute("INSERT INTO contacts VALUES ('Ana')")
    db.commit()
    db.close()


def newer_store(path: Path) -> None:
    store = Store(path)
    new_fluffy(store, plays=1)
    store.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    store.close()


def damaged_store(path: Path) -> None:
    store = Store(path)
    for _ in range(3):
        new_fluffy(store, plays=4)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    with open(path, "r+b") as fh:  # scribble over the b-tree headers of pages 2 to 4
        for page in (2, 3, 4):
            fh.seek(size * (page - 1))
            fh.write(b"\x0d\xff\xff\xff\xff\xff\xff\xff")


def not_sqlite(path: Path) -> None:
    path.write_bytes(b"my shopping list\n" * 40)


@pytest.mark.parametrize("make, words", [
    (foreign_file, "another program's SQLite file"),
    (newer_store, "newer referee"),
    (damaged_store, "damaged"),
    (not_sqlite, "not an SQLite database"),
])
def test_a_store_that_is_not_ours_to_write_is_refused_and_untouched(tmp_path, make, words):
    path = tmp_path / "store.db"
    make(path)
    before = digest(path)
    for args in (["games"], ["show"], ["move", "play F"], ["new", "fluffy"], ["undo"], ["log"]):
        result = cli(*args, db=path)
        assert result.exit_code == 2, (args, result.stderr)
        assert words in result.stderr and "untouched" in result.stderr
        assert result.stderr.count("\n") == 1
    assert digest(path) == before
    with pytest.raises(StoreError):
        Store(path)
    assert digest(path) == before
    if make is foreign_file:  # the foreign file got no tables of ours
        tables = {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")}
        assert tables == {"contacts"}


def test_a_fifo_or_folder_as_store_is_refused(tmp_path):
    fifo = tmp_path / "fifo.db"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        result = cli("games", db=path)
        assert result.exit_code == 2 and "not a regular file" in result.stderr


def make_read_only(path: Path):
    """Make ``path`` unwritable even for root (chattr +i) or as a user (chmod);
    return an undo function, or None when this system cannot."""
    path.chmod(0o444)
    try:
        with open(path, "r+b"):
            pass
    except PermissionError:
        return lambda: path.chmod(0o644)
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
    if done.returncode != 0:
        path.chmod(0o644)
        return None
    return lambda: subprocess.run(["chattr", "-i", str(path)], capture_output=True)


def test_a_read_only_store_can_be_read_but_not_written(tmp_path):
    path = tmp_path / "ro.db"
    store = Store(path)
    new_fluffy(store, plays=2)
    store.close()
    undo = make_read_only(path)
    if undo is None:
        pytest.skip("cannot make a file read-only here")
    try:
        before = digest(path)
        for args in (["show"], ["show", "--json"], ["log"], ["export"], ["games"], ["legal"]):
            result = cli(*args, db=path)
            assert result.exit_code == 0, (args, result.stderr)
        for args in (["move", "play F"], ["undo"], ["new", "fluffy"], ["switch", "1"]):
            result = cli(*args, db=path)
            assert result.exit_code == 2, (args, result.output)
            assert "read-only" in result.stderr and result.stderr.count("\n") == 1
        assert digest(path) == before
    finally:
        undo()


def test_damaged_json_in_a_stored_game_is_one_line(tmp_path):
    path = tmp_path / "j.db"
    new_fluffy(Store(path), plays=1)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET tags = '{not json'")
    db.execute("UPDATE events SET notes = '[oops'")
    db.commit()
    for args in (["show"], ["log"], ["games"], ["export"]):
        result = cli(*args, db=path)
        assert result.exit_code == 2 and "damaged" in result.stderr, (args, result.stderr)


def test_a_full_disk_is_one_line_and_nothing_half_written(tmp_path, monkeypatch):
    path = tmp_path / "full.db"
    store = Store(path)
    gid = new_fluffy(store)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    loaded = session.load(store, gid)
    with pytest.raises(StoreError) as err:
        for _ in range(200):
            session.enter(store, loaded, loaded.game.legal_events()[0].text)
    assert "full" in err.value.message
    n = store.log_length(gid)
    assert len(Store(path).log(gid)) == n  # what was acknowledged is there, nothing more
    session.load(Store(path), gid)  # and it replays


# -- a busy store ------------------------------------------------------------------------


def test_a_store_locked_by_another_writer_is_one_line(tmp_path, monkeypatch):
    path = tmp_path / "busy.db"
    new_fluffy(Store(path), plays=1)
    monkeypatch.setenv("REFEREE_BUSY_TIMEOUT", "0.2")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        t0 = time.monotonic()
        for args in (["move", "play F"], ["undo"]):
            result = cli(*args, db=path)
            assert result.exit_code == 2, result.output
            assert "locked" in result.stderr and "REFEREE_BUSY_TIMEOUT" in result.stderr
            assert result.stderr.count("\n") == 1
        assert cli("show", db=path).exit_code == 0  # readers are not blocked
        assert time.monotonic() - t0 < 20
    finally:
        other.execute("ROLLBACK")
    assert cli("move", "play F", db=path).exit_code == 0


def test_a_writer_waits_for_a_short_lock(tmp_path, monkeypatch):
    path = tmp_path / "wait.db"
    new_fluffy(Store(path), plays=1)
    monkeypatch.setenv("REFEREE_BUSY_TIMEOUT", "10")
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(0.3, lambda: other.execute("COMMIT")).start()
    assert cli("move", "play F", db=path).exit_code == 0


def test_bad_ids_are_refused():
    store = Store()
    for gid in (0, -1, 2**63, 10**30):
        with pytest.raises(BadInputError):
            store.get(gid)
