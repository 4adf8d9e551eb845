"""Issue 24, round three: nothing lost, nothing illegal, no traceback, in all five games.

One test (or a few) per case the issue found, each failing before its fix: what is
stored must replay, bounded typo correction and question length, an old store known
by its full schema, read-only stores read, board limits, long integers, control
characters escaped, the escape through the gate, and `legal` without a [Deck]."""

from __future__ import annotations

import copy
import json

import pytest
from .conftest import CliRunner

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


# -- 4. read-only stores, full disks, hot journals ----------------------------------------

def _digest(path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _freeze_folder(folder):
    """Make ``folder`` unwritable (chmod, or chattr +i for root); an undo, or None."""
    import subprocess

    folder.chmod(0o555)
    try:
        (folder / "probe").touch()
    except PermissionError:
        return lambda: folder.chmod(0o755)
    (folder / "probe").unlink()
    folder.chmod(0o755)
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
        return None
    return lambda: subprocess.run(["chattr", "-i", str(folder)], capture_output=True)


def test_a_store_in_a_folder_nobody_can_write_is_read(tmp_path):
    """WAL needs a -shm file the folder cannot hold: the store is opened read-only and
    immutable, every reading command works, and writes say why they cannot."""
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "s.db"
    assert cli("--db", str(path), "new", "fluffy").exit_code == 0
    assert cli("--db", str(path), "move", "play F").exit_code == 0
    import gc

    gc.collect()  # the commands' connections closed: no -wal, no -shm left beside the file
    assert sorted(p.name for p in folder.iterdir()) == ["s.db"]
    path.chmod(0o444)
    undo = _freeze_folder(folder)
    if undo is None:
        pytest.skip("cannot make a folder read-only here")
    try:
        before = _digest(path)
        for args in (["show"], ["log"], ["games"], ["export"], ["legal"], ["show", "--json"]):
            result = cli("--db", str(path), *args)
            assert result.exit_code == 0, (args, result.output)
        assert "play F" in cli("--db", str(path), "export").stdout
        result = cli("--db", str(path), "move", "play F")
        assert result.exit_code == 2 and "read-only" in result.stderr and result.stderr.count("\n") == 1
        assert _digest(path) == before and sorted(p.name for p in folder.iterdir()) == ["s.db"]
    finally:
        undo()


def test_a_full_disk_still_lets_a_game_be_exported(tmp_path):
    """On a full disk even reads failed (WAL could not make its index): the store is
    read read-only, so the game can be exported to rescue it; a write names the disk."""
    import subprocess

    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small file system here")
    try:
        path = mnt / "s.db"
        assert cli("--db", str(path), "new", "fluffy").exit_code == 0
        assert cli("--db", str(path), "move", "play F").exit_code == 0
        import gc
        import os

        gc.collect()  # the commands' connections closed: the WAL index is gone
        fd = os.open(mnt / "fill", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        result = cli("--db", str(path), "export")
        assert result.exit_code == 0, result.output
        assert "play F" in result.stdout
        for args in (["show"], ["log"], ["games"], ["legal"]):
            assert cli("--db", str(path), *args).exit_code == 0, args
        result = cli("--db", str(path), "move", "play F")
        assert result.exit_code == 2 and "is full" in result.stderr, result.output
    finally:
        import gc

        gc.collect()
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_a_foreign_file_with_a_hot_journal_is_not_called_read_only(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "hot.db"
    subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
db = sqlite3.connect({str(path)!r})
db.execute('CREATE TABLE t (x)')
db.executemany('INSERT INTO t VALUES (?)', [(i,) for i in range(2000)])
db.commit()
db.execute('PRAGMA cache_size = 1')
db.execute('BEGIN')
db.execute('UPDATE t SET x = x + 1')
db.execute('INSERT INTO t SELECT * FROM t')
os._exit(0)
"""], check=True)
    journal = tmp_path / "hot.db-journal"
    assert journal.exists()
    before = (_digest(path), _digest(journal))
    result = cli("--db", str(path), "games")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "unfinished transaction" in result.stderr and "read-only" not in result.stderr
    assert (_digest(path), _digest(journal)) == before


# -- 5. boards past z, and games whose set-up does not load ---------------------------------

def _yard(width: int, height: int = 1) -> str:
    rows = ["+" + "-+" * width]
    for r in range(height):
        cells = ["."] * width
        if r == 0:
            cells[0] = "T"
        if r == height - 1:
            cells[-1] = "F"
        rows.append("|" + " ".join(cells) + "|")
        rows.append("+" + "-+" * (width - 1) + ("=+" if r == height - 1 else "-+"))
    graves = 'George = "b1"\nRomero = "c1"\nCampbell = "d1"\nRaimi = "e1"\n'
    return 'name = "big"\nmap = """\n' + "\n".join(rows) + '\n"""\n[graves]\n' + graves


@pytest.mark.parametrize("width, height, words", [(27, 1, "at most 26 wide"), (6, 100, "at most 99 high")])
def test_a_board_whose_squares_have_no_names_is_refused_by_board_check_and_new(tmp_path, monkeypatch,
                                                                             width, height, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.toml").write_text(_yard(width, height))
    result = cli("board", "check", "big.toml")
    assert result.exit_code == 2 and words in result.stderr and "line 3" in result.stderr, result.output
    result = cli("new", "fluffy", "--board", "big.toml")
    assert result.exit_code == 2 and words in result.stderr
    assert json.loads(cli("games", "--json").stdout)["games"] == []
    (tmp_path / "ok.toml").write_text(_yard(26))
    assert cli("board", "check", "ok.toml").exit_code == 0
    assert cli("new", "fluffy", "--board", "ok.toml").exit_code == 0
    assert cli("show").exit_code == 0


def test_the_shared_grid_parser_has_the_same_limits():
    from referee.errors import BadInputError
    from referee.gridmap import parse_grid

    parse_grid("+" + "-+" * 26 + "\n|" + " ".join("." * 26) + "|\n+" + "-+" * 26)
    with pytest.raises(BadInputError, match="at most 26 wide"):
        parse_grid("+" + "-+" * 27 + "\n|" + " ".join("." * 27) + "|\n+" + "-+" * 27)


def test_a_game_whose_set_up_does_not_load_is_never_stored(monkeypatch):
    """The set-up is rebuilt from what would be stored, and its state, legal events and
    picture worked out, before the game is stored: a failure there stores nothing."""
    from referee.games.fluffy import render

    def broken(game, **kw):
        raise KeyError((26, 0))

    with monkeypatch.context() as patched:
        patched.setattr(render, "render", broken)
        result = cli("new", "fluffy")
    assert result.exit_code == 3 and result.stderr.count("\n") == 1
    assert json.loads(cli("games", "--json").stdout)["games"] == []


def test_square_names_off_the_board_never_fail():
    from referee.games.fluffy.rules import square_name
    from referee.grid import square_name as grid_name

    assert (square_name((4, -1)), grid_name((26, 3)), square_name((25, 98))) == (
        "off the board", "off the board", "z99")


# -- 8. a facing named on the way out through the gate ------------------------------------

ESCAPE_TURN = """
shamble
play B Raimi
play R Raimi
play F Raimi
end
draw ? ? ?
play B
play R
play F
play F
play L
sprint
end
shamble
end
draw George Romero ? ? ? ? ?
play F
"""


def test_a_facing_named_on_the_move_out_through_the_gate_is_refused_not_a_crash():
    """Was a KeyError (exit 3): the "does not bounce" message named the square below the
    gate.  Now refused with its rule, the state unchanged, and the bare move escapes."""
    from referee.errors import IllegalEventError

    from .test_fluffy_engine import OPENING, run

    game = run(OPENING + ESCAPE_TURN)
    before = game.to_json()
    for text in ("play R >E", "play R >W", "play R >S"):
        with pytest.raises(IllegalEventError) as exc:
            game.apply(text)
        assert exc.value.rule == "fluffy.ruling.bounce-facing-needed" and "gate" in exc.value.message
        assert game.to_json() == before
    game.apply("play R")
    assert (game.to_json()["winner"], game.to_json()["ending"]) == ("fluffy", "escape")


# -- 9. legal without a [Deck] ------------------------------------------------------------

def test_without_a_deck_tag_legal_lists_every_card_that_may_be_played():
    """Without [Deck] any movement card may be played (LB and RB are not in the default
    mix): legal listed only the default mix's cards, though `play LB:L` was accepted."""
    from referee.games.fluffy.engine import Game

    from .conftest import YARD_TEXT

    game = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT})
    listed = {o.text.split()[1].split(":")[0] for o in game.legal_events() if o.text.startswith("play ")}
    assert {"LB", "RB", "FL", "FR"} <= listed, listed
    for option in game.legal_events():  # every listed event is accepted
        trial = copy.deepcopy(game)
        trial.apply(option.text)
    game.apply("play LB:L")
    with_deck = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": "F=30 L=5"})
    assert {o.text.split()[1].split(":")[0] for o in with_deck.legal_events()
            if o.text.startswith("play ")} == {"F", "L"}


# -- 6. integers of more than 4,300 digits ----------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize("args", [
    ["show", "-g", HUGE], ["show", "-g", "0" + HUGE], ["switch", HUGE], ["play", HUGE],
    ["advise", "--samples", HUGE], ["new", "fluffy", "--hand-size", HUGE], ["move", "--expect", HUGE, "end"],
    ["new", "zombie-attack", "--players", "Ann,Ben", "--tag", f"Deck=Weapon={HUGE}"],
    ["new", "zombies", "--players", "Ann,Ben", "--tiles", HUGE],
    ["move", f"draw {HUGE}"],
])
def test_a_number_of_thousands_of_digits_is_bad_input_everywhere(args):
    """Python refuses to convert more than 4,300 digits: these ended in exit 3."""
    cli("new", "fluffy")
    result = cli(*args)
    assert result.exit_code == 2, (args[:2], result.output[-300:])
    assert result.stderr.count("\n") == 1 and "19 digits" in result.stderr, result.stderr[:300]


@pytest.mark.parametrize("kind, text", [
    ("cards", f'["Foo"]\ntype = "keeper"\ncount = {HUGE}\n'),
    ("cards", '["Foo"]\ntype = "keeper"\ncount = 99999999999999999999\n'),
    ("tiles", f'["Toy Store"]\nz = {HUGE}\n'),
    ("board", f'name = "x"\nmap = """\n+-+\n|T|\n+=+\n"""\n[graves]\nGeorge = {HUGE}\n'),
])
def test_a_number_of_thousands_of_digits_in_a_file_is_bad_input(tmp_path, monkeypatch, kind, text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.toml").write_text(text)
    args = {"cards": ["cards", "check", "f.toml"], "board": ["board", "check", "f.toml"],
            "tiles": ["new", "zombies", "--players", "Ann,Ben", "--tag", "TileData=f.toml"]}[kind]
    result = cli(*args)
    assert result.exit_code == 2, result.output[-300:]
    assert result.stderr.count("\n") == 1 and "19 digits" in result.stderr


def test_a_record_with_a_number_of_thousands_of_digits_names_its_line(tmp_path):
    (tmp_path / "r.zwf").write_text(f'[Game "fluffy"]\nplay F\ndraw {HUGE}\n')
    result = cli("replay", str(tmp_path / "r.zwf"))
    assert result.exit_code == 2 and result.stderr.startswith("referee: line 3: ")


# -- 7. control characters from files and records ---------------------------------------------

def _clean_one_line(stderr: str) -> None:
    assert stderr.count("\n") == 1 and stderr.endswith("\n"), repr(stderr)
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in stderr[:-1]), repr(stderr)


@pytest.mark.parametrize("header, line", [
    ('[Game "fluxx"]\n[Players "Ann, Ben"]\n[Cards "my\\x1b]0;pwned\\x07\\nx.toml"]\n', 3),
    ('[Game "zombies"]\n[Players "Ann, Ben"]\n[TileData "t\\x1b[2J.toml"]\n', 3),
    ('[Game "fluffy"]\n[Board "y\\x1b[2J\\r.toml"]\n', 2),
    ('[Game "fluffy"]\n[Deck "F=3\\x1b[2J"]\n', 2),
])
def test_control_characters_in_a_record_are_escaped_and_the_tag_line_named(tmp_path, header, line):
    (tmp_path / "r.rec").write_text(header + "play F\n")
    result = cli("replay", str(tmp_path / "r.rec"))
    assert result.exit_code == 2
    _clean_one_line(result.stderr)
    assert result.stderr.startswith(f"referee: line {line}: ") and "\\x1b" in result.stderr


@pytest.mark.parametrize("kind, text, line", [
    ("cards", '["Zom\\u001bbie"]\ntype = "keeper"\n', 1),
    ("cards", '["Zombie Boss"]\ntype = "keeper"\nnote = "a\\u001b]0;pwned\\u0007\\nb"\n', 3),
    ("tiles", '["Toy Store"]\nz = 4\n["Gun\\u001b[2J Shop"]\nammo = 1\n', 3),
    ("board", 'name = "x\\u001b[2J"\nmap = """\n+-+-+\n|T F|\n+-+=+\n"""\n', 1),
    ("board", 'name = "x"\nmap = """\n+-+-+\n|T F|\n+-+=+\n"""\n[graves]\n"Geo\\u001b[2Jrge" = "a1"\n', 8),
])
def test_control_characters_in_a_file_are_refused_escaped_with_their_line(tmp_path, monkeypatch, kind, text, line):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.toml").write_text(text)
    args = {"cards": ["cards", "check", "f.toml"], "board": ["board", "check", "f.toml"],
            "tiles": ["new", "zombies", "--players", "Ann,Ben", "--tag", "TileData=f.toml"]}[kind]
    result = cli(*args)
    assert result.exit_code == 2, result.output
    _clean_one_line(result.stderr)
    assert f"line {line}" in result.stderr and "control character" in result.stderr



# -- 10. messages that mislead ----------------------------------------------------------------

@pytest.mark.parametrize("value", [" ", "--help", "-g"])
def test_a_db_path_that_is_a_slip_creates_no_store(tmp_path, monkeypatch, value):
    monkeypatch.chdir(tmp_path)
    result = cli("--db", value, "games")
    assert result.exit_code == 2 and "'--db'" in result.stderr and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_rules_import_of_a_fifo_a_device_or_a_folder_says_what_it_is(tmp_path):
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", tmp_path):
        result = cli("rules", "import", str(path), "--game", "fluffy")
        assert result.exit_code == 2 and "not a regular file" in result.stderr, result.stderr
    result = cli("rules", "import", str(tmp_path / "absent.txt"), "--game", "fluffy")
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_the_zombies_tile_data_case_stores_nothing_that_does_not_replay(tmp_path, monkeypatch):
    """The issue's case: tile data giving `enhanced = 1` without Zombie Corps(e).  The
    tile was stored as `... enhanced=1` and from then on show, legal, move and export
    exited 2.  Whether the set-up or the event is refused, nothing that does not replay
    is stored and the game still shows."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "td.toml").write_text('["Toy Store"]\nz = 4\nenhanced = 1\n')
    created = cli("new", "zombies", "--players", "Ann,Ben", "--tag", "TileData=td.toml")
    if created.exit_code != 0:
        assert created.exit_code == 2 and json.loads(cli("games", "--json").stdout)["games"] == []
        return
    result = cli("move", 'Ann: tile "Toy Store" ammo=1 life=1')
    assert result.exit_code in (2, 3) and result.stderr.count("\n") == 1, result.output
    assert json.loads(cli("log", "--json").stdout)["log"] == []
    for args in (["show"], ["legal"], ["export"]):
        assert cli(*args).exit_code == 0, args
