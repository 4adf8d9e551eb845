"""No traceback, ever: usage errors are one line (exit 2), bugs are one line (exit 3),
the files users hand the referee are bounded and checked, player names are checked at
`new` and escaped on export so that every export replays."""

from __future__ import annotations

import json
import os

import pytest
from .conftest import CliRunner

from referee import session
from referee.cli import app, main
from referee.records import MAX_LINE, escape, format_record, parse_record, unescape
from referee.store import Store

from .test_store import TAGS


def cli(*args: str):
    return CliRunner().invoke(app, list(args))


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return done.value.code, out, err


@pytest.mark.parametrize("args, words", [
    (["move", "--bogus"], "No such option: --bogus"),
    (["move"], "Missing argument"),
    (["show", "-g", "abc"], "'--game'"),
    (["show", "-g", "9223372036854775808"], "'--game'"),
    (["show", "-g", "0"], "'--game'"),
    (["show", "-g", "1²"], "'--game'"),
    (["switch", "99999999999999999999999"], "ID"),
    (["nosuchcommand"], "No such command"),
])
def test_usage_errors_are_one_line_and_exit_2(capsys, args, words):
    code, out, err = run_main(capsys, *args)
    assert code == 2
    assert err.startswith("referee: ") and err.count("\n") == 1 and words in err
    assert "╭" not in err and "Traceback" not in err
    result = cli(*args)  # the same through the app object (CliRunner)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1


def test_help_still_works(capsys):
    code, out, _ = run_main(capsys, "--help")
    assert code == 0 and "Usage" in out and "move" in out
    code, out, _ = run_main(capsys, "move", "--help")
    assert code == 0 and "--expect" in out


def test_an_unexpected_exception_is_one_line_and_exit_3(capsys, monkeypatch):
    cli("new", "fluffy")

    def boom(*args, **kwargs):
        raise ZeroDivisionError("the bug")

    monkeypatch.setattr(session, "load", boom)
    code, out, err = run_main(capsys, "show")
    assert code == 3
    assert err == ("referee: internal error: ZeroDivisionError: the bug (please report this "
                   "bug with the command that caused it)\n")
    result = cli("show", "--json")
    assert result.exit_code == 3 and "internal error" in json.loads(result.stdout)["error"]["message"]


def test_an_exception_outside_any_command_guard_is_exit_3(capsys, monkeypatch):
    import referee.cli.game as game

    monkeypatch.setattr(game, "open_store", lambda ctx: (_ for _ in ()).throw(KeyError("x")))
    code, _, err = run_main(capsys, "log")
    assert code == 3 and err.startswith("referee: internal error: KeyError")


# -- player names ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Ana; Bob", 'Ana "the" Bob', "Ana\nBob", "[Ana]", "Ana\x07", "", "x" * 61])
def test_new_refuses_a_name_a_record_cannot_hold(name):
    result = cli("new", "fluffy", "--fluffy", name, "--zombies", "Ben")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert cli("games", "--json").stdout.count('"id"') == 0


def test_new_accepts_ordinary_names():
    assert cli("new", "fluffy", "--fluffy", "Ana-María O'Neil", "--zombies", "Ben 2").exit_code == 0


def test_match_new_refuses_a_bad_name():
    result = cli("match", "new", "--players", "Ana;x,Ben")
    assert result.exit_code == 2 and "cannot hold" in result.stderr


@pytest.mark.parametrize("name", ['Ana; Bob', 'Ana "B"', "Ana\nBob", "C:\\new\\x41", "tab\there\x01", "[x]"])
def test_every_export_replays_whatever_names_the_store_holds(tmp_path, name):
    """Names stored by an older version (or another tool) are escaped on export."""
    tags = {**TAGS, "Fluffy": name}
    engine = session.setup_game("fluffy", tags)
    store = Store()
    gid = store.create_game("fluffy", session.stored_tags("fluffy", engine, tags, None))
    loaded = session.load(store, gid)
    session.enter(store, loaded, "play F")
    out = tmp_path / "game.zwf"
    assert cli("export", "-o", str(out)).exit_code == 0
    record = parse_record(out.read_text(encoding="utf-8"))
    assert record.tags["Fluffy"] == name
    replayed = cli("replay", str(out), "--json")
    assert replayed.exit_code == 0, replayed.output
    shown = json.loads(cli("show", "--json").stdout)
    del shown["id"]
    assert json.loads(replayed.stdout) == shown


def test_escape_round_trips():
    for text in ['a"b', "a\\b", "a\nb\r\tc", "\x00\x1f\x7f", "plain; text", "C:\\x", "é ☃"]:
        assert unescape(escape(text)) == text
        assert parse_record(format_record({"Game": "fluffy", "Note": text}, [])).tags["Note"] == text


# -- files ------------------------------------------------------------------------------


def test_a_bom_is_accepted_in_records_and_boards(tmp_path, yard_file):
    board = tmp_path / "bom.toml"
    board.write_bytes(b"\xef\xbb\xbf" + yard_file.read_bytes())
    rec = tmp_path / "bom.zwf"
    rec.write_bytes(b'\xef\xbb\xbf[Game "fluffy"]\n[Board "bom.toml"]\nplay F\n')
    result = cli("replay", str(rec), "--json")
    assert result.exit_code == 0, result.output
    assert cli("board", "check", str(board)).exit_code == 0


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_only_regular_files_are_read(tmp_path, kind):
    path = tmp_path / "thing.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path = "/dev/zero"
    rec = tmp_path / "r.zwf"
    rec.write_text(f'[Game "fluffy"]\n[Board "{path}"]\n', encoding="utf-8")
    for args in (["replay", str(path)], ["replay", str(rec)], ["board", "check", str(path)],
                 ["new", "fluffy", "--board", str(path)], ["rules", "import", str(path), "-g", "fluffy"]):
        result = cli(*args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.count("\n") == 1


def test_an_oversized_record_is_refused_by_size(tmp_path):
    rec = tmp_path / "big.zwf"
    with open(rec, "wb") as fh:
        fh.write(b'[Game "fluffy"]\n')
        fh.seek(9 * 1024 * 1024)
        fh.write(b"\n")
    result = cli("replay", str(rec))
    assert result.exit_code == 2 and "limit" in result.stderr


def test_a_long_line_is_refused_quickly_and_not_echoed(tmp_path):
    rec = tmp_path / "long.zwf"
    rec.write_text('[Game "fluffy"]\nplay ' + "F" * 5_000_000 + "\n", encoding="utf-8")
    result = cli("replay", str(rec), "--json")
    assert result.exit_code == 2
    assert len(result.stderr) < 400 and len(result.stdout) < 400
    assert f"at most {MAX_LINE:,}" in result.stderr
    assert json.loads(result.stdout)["error"]["line"] == 2


@pytest.mark.parametrize("header, words", [
    ('[Deck "F=1\u00b2"]', "deck"),
    ('[HandSize "\u00b2"]', "HandSize"),
    ('[OpeningClock "\u00b2"]', "OpeningClock"),
    ('[HandSize "' + "9" * 5000 + '"]', "HandSize"),
    ('[OpeningClock "' + "9" * 5000 + 'm"]', "OpeningClock"),
    ('[Board "a\\x00b.toml"]', "NUL"),
])
def test_numbers_in_tags_are_ascii_and_bounded(tmp_path, header, words):
    rec = tmp_path / "n.zwf"
    rec.write_text(f'[Game "fluffy"]\n{header}\n', encoding="utf-8")
    result = cli("replay", str(rec))
    assert result.exit_code == 2 and words in result.stderr, result.output
    assert len(result.stderr) < 420


def test_a_grave_with_a_unicode_digit_and_a_deep_board(tmp_path, yard_file):
    board = tmp_path / "b.toml"
    board.write_text(yard_file.read_text().replace('"b3"', '"e\u00b2"'), encoding="utf-8")
    assert cli("board", "check", str(board)).exit_code == 2
    board.write_text('name = "x"\nmap = ' + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
    result = cli("board", "check", str(board))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1


def test_a_fof_variant_count_with_5000_digits(tmp_path):
    rec = tmp_path / "v.fof"
    rec.write_text('[Game "fight-or-flight"]\n[Players "Ann, Ben"]\n[Variant "experienced heal='
                   + "9" * 5000 + '"]\n', encoding="utf-8")
    result = cli("replay", str(rec))
    assert result.exit_code == 2 and len(result.stderr) < 400
