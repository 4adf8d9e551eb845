"""Zombie Attack through the CLI: new (with the variants as named options), move, legal,
show, undo, log, export, replay and board check (typer's CliRunner on a private store)."""

from __future__ import annotations

import json
import re

from .conftest import CliRunner

from referee.cli import app

from .conftest import FIXTURES

runner = CliRunner()
HOUSE = FIXTURES / "zombie-attack" / "house.toml"
HOUSE_TEXT = HOUSE.read_text(encoding="utf-8")


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def start(*extra: str) -> dict:
    return json.loads(cli("new", "zombie-attack", "--players", "Ann,Ben", "--board", str(HOUSE),
                          *extra, "--json").stdout)


def test_new_writes_each_variant_as_its_tag():
    started = start("--empty-out", "--zombies", "3", "--hiding-halt", "--zombie-return",
                    "--tag", "Keep=2")
    state = started["state"]
    assert (state["game"], state["phase"], state["next"], state["pile"]) == ("zombie-attack", "setup", "Ann", 67)
    assert state["zombies"] == ["d1", "d1", "d4"]
    assert state["variants"] == ["no Empty cards", "3 zombies", "keep two cards", "Hiding Places halt",
                                 "zombies return at a door"]
    exported = cli("export").stdout
    for tag in ('[Game "zombie-attack"]', '[Players "Ann, Ben"]', '[Empty "out"]', '[Zombies "3"]',
                '[Keep "2"]', '[Hiding "halt"]', '[ZombieReturn "door"]'):
        assert tag in exported


def test_new_offers_weapons_against_humans_as_its_tag():
    state = start("--weapons-vs-humans", "closet")["state"]
    assert state["variants"] == ["Weapons send humans to the Linen Closet"]
    assert state["players"]["Ann"] == {"human": True, "at": None, "cards": [], "hiding": False, "out": False}
    assert '[WeaponHumans "closet"]' in cli("export").stdout
    bad = cli("new", "za", "--players", "Ann,Ben", "--weapons-vs-humans", "maybe", code=2)
    assert "[WeaponHumans]" in bad.stderr


def test_new_refuses_bad_set_ups_with_exit_2():
    bad = cli("new", "za", "--players", "Ann", code=2)
    assert "2 to 6 players" in bad.stderr
    bad = cli("new", "za", "--players", "Ann,Ben", "--zombies", "9", code=2)
    assert "[Zombies]" in bad.stderr
    assert cli("games", "--json").stdout.strip() == '{"games": []}'


def test_a_game_from_the_shell_move_legal_show_undo_log_export_replay(tmp_path):
    start("--zombies", "2")
    for event in ["Ann: start a4", "ben: start e4"]:
        cli("move", event)
    rolled = json.loads(cli("move", "Ann:", "roll", "--json").stdout)
    assert re.fullmatch(r"Ann: roll [1-6]", rolled["event"])
    cli("undo")
    cli("move", "Ann: roll 3")
    legal = json.loads(cli("legal", "--json").stdout)
    events = {e["event"]: e["does"] for e in legal["legal"]}
    assert events["Ann: S Weapon keep"] == "Ann draws a Weapon on a3 and keeps it"
    assert {b["event"]: b["rule"] for b in legal["blocked"]}["Ann: N"] == "zombie-attack.move.walls-table"
    need = json.loads(cli("move", "Ann: S Weapon", "--json", code=1).stdout)["error"]
    assert need["options"] == ["Ann: S Weapon keep", "Ann: S Weapon discard"]
    cli("move", "Ann: S Weapon keep")
    wall = cli("move", "Ann: S Empty", code=1)
    assert wall.stderr.strip().endswith("[zombie-attack.move.walls-table]")
    for event in ["Ann: E Empty", "Ann: stop", "Ben: roll 1", "Ben: S Empty",
                  "Ann: zombie d1 roll 2 W N", "Ben: zombie d1 roll 1 W"]:
        cli("move", event)
    shown = json.loads(cli("show", "--json").stdout)
    assert (shown["round"], shown["first_mover"], shown["next"], shown["zombies"]) == (2, "Ben", "Ben", ["c1", "c2"])
    picture = cli("show").stdout
    assert "First Mover: Ben" in picture and max(len(line) for line in picture.splitlines()) <= 80
    log = json.loads(cli("log", "--json").stdout)["log"]
    assert [e["kind"] for e in log].count("undo") == 1
    out = tmp_path / "game.zat"
    cli("export", "--output", str(out))
    assert (tmp_path / "game.board.toml").read_text(encoding="utf-8") == HOUSE_TEXT
    text = out.read_text(encoding="utf-8")
    assert re.search(r"(?m)^Ann: S Weapon keep +; Ann draws a Weapon on a3 and keeps it$", text)
    replayed = json.loads(cli("replay", str(out), "--json").stdout)
    shown.pop("id")
    assert replayed == shown


def test_replay_sample_and_an_illegal_record(tmp_path):
    state = json.loads(cli("replay", "sample-zombie-attack", "--json").stdout)
    assert (state["winner"], state["ending"]) == ("Ann", "escape")
    (tmp_path / "house.toml").write_text(HOUSE_TEXT, encoding="utf-8")
    rec = tmp_path / "bad.zat"
    rec.write_text('[Game "zombie-attack"]\n[Board "house.toml"]\n[Players "Ann, Ben"]\n'
                   "Ann: start a4\nBen: start a3\n", encoding="utf-8")
    err = json.loads(cli("replay", str(rec), "--json", code=1).stdout)["error"]
    assert (err["line"], err["event"], err["rule"]) == (5, "Ben: start a3", "zombie-attack.setup.humans")


def test_board_check_draws_and_refuses_mansions(tmp_path):
    out = cli("board", "check", str(HOUSE)).stdout
    assert "Test house (6x4)" in out and "ok:" in out and " 1|d  ##| .=fr|l  l |" in out
    data = json.loads(cli("board", "check", "--game", "zombie-attack", "default", "--json").stdout)
    assert (data["game"], data["width"], data["height"], data["exits"]) == (
        "zombie-attack", 14, 10, {"front": "f1", "back": "f10", "fire": "n5"})
    bad = tmp_path / "bad.toml"
    bad.write_text(HOUSE_TEXT.replace("|A A . . . B|", "|A A . ! . B|"), encoding="utf-8")
    err = cli("board", "check", str(bad), code=2)
    assert "bad board: line 9, column 8: '!' is not a square" in err.stderr
    # a Fluffy yard is still told apart by its [graves]
    assert json.loads(cli("board", "check", str(FIXTURES / "fluffy" / "yard.toml"), "--json").stdout)["game"] == "fluffy"


def test_new_with_a_bad_board_names_line_and_column(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(HOUSE_TEXT.replace("|D #|.=X|L L|", "|D #|. X|L L|"), encoding="utf-8")
    err = cli("new", "zombie-attack", "--players", "Ann,Ben", "--board", str(bad), code=2)
    assert "bad.toml: bad board: line 13" in err.stderr


def test_legal_in_the_zombie_phase_is_grouped_and_pages_on_a_terminal(monkeypatch):
    """Issue 25: ``referee legal`` in the zombie phase prints a line per zombie and roll
    (``--json`` still lists every event), and on a terminal a listing taller than the
    screen goes through the pager."""
    start("--zombies", "2")
    for event in ["Ann: start a4", "Ben: start e4", "Ann: stop", "Ben: stop"]:
        cli("move", event)
    out = cli("legal").stdout
    assert out.startswith("Ann moves a zombie: 'Ann: zombie SQUARE roll N PATH'.")
    assert "\nzombie d1\n  roll 1: W c1\n  roll 2: W N c2\n  roll 3: W N E d2 · W N S c1\n" in out
    assert "W N E N E N e4 (turns Ben)" in out
    listed = json.loads(cli("legal", "--json").stdout)["legal"]
    assert {"event": "Ann: zombie d1 roll 1 W", "does": "to c1"} in listed
    assert len(out.splitlines()) < len(listed)

    from rich.console import Console
    from rich.text import Text

    from referee.cli.output import Paged, print_paged

    paged = []
    monkeypatch.setattr("pydoc.pager", lambda text: paged.append(text))
    screen = Console(width=80, height=24, force_terminal=True, file=open("/dev/null", "w"))
    print_paged(screen, Paged(Text("\n".join(f"line {i}" for i in range(40)))))
    assert len(paged) == 1 and "line 39" in paged[0]
    print_paged(screen, Paged(Text("\n".join(f"line {i}" for i in range(10)))))
    assert len(paged) == 1                                         # a short listing is printed as it is
