"""Every game command through the CLI (typer's CliRunner), on Zombies Want Fluffy."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from .conftest import CliRunner

from referee.cli import app

from .conftest import ESCAPE, EXAMPLES, FIXTURES, needs_shared

runner = CliRunner()


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def test_help_lists_every_command():
    out = cli("--help").stdout
    for name in ("new", "move", "show", "legal", "undo", "log", "games", "switch", "export",
                 "replay", "board", "rules", "simulate"):
        assert name in out


def test_new_move_show_and_json(yard_file):
    out = cli("new", "fluffy", "--board", str(yard_file), "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2",
              "--fluffy", "Ana", "--zombies", "Ben", "--json").stdout
    started = json.loads(out)
    assert started["id"] == 1 and started["state"]["fluffy"]["at"] == "e1"
    res = json.loads(cli("move", "play", "F", "--json").stdout)
    assert res["event"] == "play F" and res["notes"] == ["Fluffy moves e1-e2, facing N"]
    assert res["state"]["fluffy"]["at"] == "e2"
    shown = cli("show").stdout
    assert "Fluffy" in shown and "e2 facing N" in shown and "[Ana]" in shown
    state = json.loads(cli("show", "--json").stdout)
    assert state["id"] == 1 and state["fluffy"]["hand"] == 4


def test_illegal_move_exit_1_and_nothing_logged(yard_file):
    cli("new", "fluffy", "--board", str(yard_file))
    bad = cli("move", "snag", code=1)
    assert "fluffy.ruling.snag-window" in bad.stderr and bad.stderr.count("\n") == 1
    err = json.loads(cli("move", "snag", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fluffy.ruling.snag-window" and err["event"] == "snag"
    assert json.loads(cli("log", "--json").stdout)["log"] == []


def test_missing_choice_without_terminal_lists_options(yard_file):
    cli("new", "fluffy", "--board", str(yard_file))
    res = cli("move", "play", "LR", code=1)
    assert "play LR:L | play LR:R" in res.stderr
    assert "Traceback" not in res.stderr


def test_bad_input_exit_2(yard_file):
    cli("new", "fluffy", "--board", str(yard_file))
    res = cli("move", "jump", code=2)
    assert "unknown verb" in res.stderr
    cli("move", "play", "Q", code=2)
    cli("new", "chess", code=2)
    cli("new", "fluffy", "--deck", "F=3", code=2)
    cli("new", "fluffy", "--board", "missing.toml", code=2)


def test_legal_undo_log_games_switch(yard_file):
    cli("new", "fluffy", "--board", str(yard_file))
    legal = json.loads(cli("legal", "--json").stdout)["legal"]
    events = {e["event"]: e["does"] for e in legal}
    assert events["play F"] == "Fluffy moves e1-e2, facing N"
    assert "play B >W" in events and "play B >N" in events  # the gate bounces him before the tree
    assert "end" not in events
    cli("move", "play", "F")
    cli("move", "play", "F")
    undone = json.loads(cli("undo", "--json").stdout)
    assert undone["undone"] == "play F" and undone["state"]["fluffy"]["at"] == "e2"
    log = json.loads(cli("log", "--json").stdout)["log"]
    assert [(e["kind"], e["event"]) for e in log] == [("event", "play F"), ("event", "play F"), ("undo", "")]
    assert "undo" in cli("log").stdout
    cli("new", "fluffy")
    games = json.loads(cli("games", "--json").stdout)["games"]
    assert [(g["id"], g["current"], g["events"]) for g in games] == [(1, False, 1), (2, True, 0)]
    assert "now the current game" in cli("switch", "1").stdout
    assert json.loads(cli("show", "--json").stdout)["fluffy"]["at"] == "e2"
    assert json.loads(cli("show", "--game", "2", "--json").stdout)["fluffy"]["at"] == "l1"
    cli("switch", "9", code=2)
    cli("undo")
    cli("undo", code=2)  # nothing left to undo


def test_export_with_custom_board_replays_same_state(yard_file, tmp_path):
    cli("new", "fluffy", "--board", str(yard_file), "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2",
        "--fluffy", "Ana", "--zombies", "Ben")
    for event in ["play F", "play F", "play L", "play F >N", "play F", "end", "draw Raimi ? ? ? ? ?",
                  "play L", "play F", "play F", "end", "shamble", "play F Raimi"]:
        cli("move", *event.split())
    out = tmp_path / "out" / "game.zwf"
    out.parent.mkdir()
    cli("export", "-o", str(out))
    text = out.read_text()
    assert '[Board "game.board.toml"]' in text and (out.parent / "game.board.toml").exists()
    assert "play F >N" in text and "; Raimi rises at e4 facing S" in text
    replayed = json.loads(cli("replay", str(out), "--json").stdout)
    assert replayed == {k: v for k, v in json.loads(cli("show", "--json").stdout).items() if k != "id"}
    assert cli("export").stdout.startswith('[Game "fluffy"]')


@needs_shared
@pytest.mark.parametrize("name", ["escape", "illegal-bounce", "known-hand"])
def test_shared_examples_through_cli(name):
    record = EXAMPLES / "fluffy" / f"{name}.zwf"
    want = json.loads((EXAMPLES / "fluffy" / f"{name}.expected.json").read_text())
    result = runner.invoke(app, ["replay", str(record), "--json"])
    got = json.loads(result.stdout)
    if "error" in want:
        assert result.exit_code == 1
        assert got["error"]["line"] == want["error"]["line"]
        assert got["error"]["rule"].startswith("fluffy.") and got["error"]["message"]
    else:
        assert result.exit_code == 0
        for key, value in want.items():
            assert (got[key] if not isinstance(value, dict) else {k: got[key][k] for k in value}) == value


def test_replay_errors(tmp_path, yard_file):
    cli("replay", str(tmp_path / "none.zwf"), code=2)
    bad_tag = tmp_path / "t.zwf"
    bad_tag.write_text('[Game "fluffy"]\n[Colour "red"]\nplay F\n')
    assert "unknown tag" in cli("replay", str(bad_tag), code=2).stderr
    bad_board = tmp_path / "b.zwf"
    (tmp_path / "bad.toml").write_text(yard_file.read_text().replace("|T", "|X"))
    bad_board.write_text('[Game "fluffy"]\n[Board "bad.toml"]\nplay F\n')
    err = json.loads(cli("replay", str(bad_board), "--json", code=2).stdout)["error"]
    assert "line 4, column 2" in err["message"]
    verb = tmp_path / "v.zwf"
    verb.write_text('[Game "fluffy"]\n\nplay F\nfly away\n')
    err = json.loads(cli("replay", str(verb), "--json", code=2).stdout)["error"]
    assert err["line"] == 4 and "unknown verb" in err["message"]
    nogame = tmp_path / "n.zwf"
    nogame.write_text("play F\n")
    cli("replay", str(nogame), code=2)
    human = cli("replay", str(ESCAPE)).stdout
    assert "Fluffy wins by escape" in human


def test_board_check(tmp_path, yard_file):
    out = cli("board", "check", "default").stdout
    assert "ok" in out and "12x12" in out
    data = json.loads(cli("board", "check", str(yard_file), "--json").stdout)
    assert data["graves"]["Raimi"] == "e4" and data["bugs_north_of"] == ["c3"]
    bad = tmp_path / "bad.toml"
    bad.write_text(yard_file.read_text().replace("+-+-+-+-+=+", "+-+-+-+-+-+"))
    res = cli("board", "check", str(bad), code=2)
    assert "no gate" in res.stderr


def test_show_svg(tmp_path):
    cli("new", "fluffy")
    svg = tmp_path / "pos.svg"
    cli("show", "--svg", str(svg))
    assert svg.read_text().startswith("<svg")


def test_python_dash_m_entry_point(tmp_path):
    run = subprocess.run([sys.executable, "-m", "referee", "replay",
                          str(FIXTURES / "fluffy" / "illegal-snag.zwf"), "--json"],
                         capture_output=True, text=True)
    assert run.returncode == 1 and json.loads(run.stdout)["error"]["line"] == 7
    assert run.stderr.startswith("referee: line 7:")


def test_new_with_named_variants_writes_tags(tmp_path):
    cli("new", "fluffy", "--hand-size", "6", "--some-zombies", "--zombie-hand-hidden",
        "--fluffy-hand-open", "--opening-clock", "5m")
    state = json.loads(cli("show", "--json").stdout)
    assert state["fluffy"]["hand"] == 6
    shown = cli("show").stdout
    assert "clock" in shown and "of 5m00s (running)" in shown
    assert "hand size 6" in shown and "zombie hand hidden" in shown  # the 80-column panel
    res = cli("move", "play", "F", code=1)   # the open hand needs its cards named first
    assert "fluffy.variant.fluffy-hand-open" in res.stderr
    cli("move", "deal", "F", "F", "F", "L", "L", "R")
    cli("move", "play", "F")
    text = cli("export").stdout
    for tag in ('[HandSize "6"]', '[ZombieMoves "some"]', '[ZombieHand "hidden"]',
                '[FluffyHand "open"]', '[OpeningClock "5m"]'):
        assert tag in text
    out = tmp_path / "v.zwf"
    out.write_text(text)
    assert json.loads(cli("replay", str(out), "--json").stdout)["fluffy"]["hand"] == 5
    cli("new", "fluffy", "--opening-clock", "never", code=2)
