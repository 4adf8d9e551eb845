"""Zombies!!! quick play from the shell: `referee new zombies` and the shared commands
(CliRunner), a whole three-player game typed one event at a time, exported and
replayed, the picture on an 80x24 console, and `referee play` in a pseudo-terminal."""

from __future__ import annotations

import json
import os
import re

import pexpect
import pytest
from rich.console import Console
from .conftest import CliRunner

from referee.cli import app
from referee.games.zombies import render
from referee.games.zombies.engine import Game
from referee.replay import sample_record

from .conftest import run_in_process, spawn_referee, terminal_env

runner = CliRunner()


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def start(*extra: str) -> dict:
    return json.loads(cli("new", "zombies", "--players", "Ann,Ben,Cat", "--tiles", "14", "--json",
                          *extra).stdout)


def test_new_sets_up_and_stores_the_tags():
    started = start("--events", "40", "--expansions", "the-end", "--tag", "Site=club")
    state = started["state"]
    assert started["game"] == "zombies"
    assert (state["tiles_left"], state["events_left"], state["next"], state["step"]) == (8, 31, "Ann", "tile")
    assert state["expansions"] == ["the-end"]


@pytest.mark.parametrize("args, part", [
    (["--players", "Ann"], "2 to 6"), (["--players", "Ann,Ben", "--expansions", "moon"], "unknown expansion"),
    (["--players", "Ann,Ben", "--tile-data", "missing.toml"], "tiledata"),
])
def test_new_refuses_a_bad_setup_with_exit_2(args, part):
    result = cli("new", "zombies", *args, code=2)
    assert part in result.stderr.lower() and "Traceback" not in result.stderr


def test_tile_data_file_is_read_kept_and_exported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "box.toml").write_text('"Toy Store" = {z = 4, ammo = 1, life = 1}\n')
    cli("new", "zombies", "--players", "Ann,Ben", "--tile-data", "box.toml")
    moved = json.loads(cli("move", 'Ann: tile "Toy Store"', "--json").stdout)
    assert moved["event"] == 'Ann: tile "Toy Store" z=4 ammo=1 life=1'
    (tmp_path / "box.toml").unlink()                     # the stored game keeps the text
    cli("export", "-o", str(tmp_path / "game.zqp"))
    replayed = json.loads(cli("replay", str(tmp_path / "game.zqp"), "--json").stdout)
    assert replayed["zombies_in_play"] == 4 and replayed["tokens"] == {"ammo": 1, "life": 1}


def test_bad_tile_data_names_tile_and_field(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "box.toml").write_text('"Toy Store" = {z = 4, ammo = "one"}\n')
    result = cli("new", "zombies", "--players", "Ann,Ben", "--tile-data", "box.toml", code=2)
    assert "'Toy Store'" in result.stderr and "'ammo'" in result.stderr


def test_move_legal_show_undo_log_and_dice():
    start()
    cli("move", "Ann:", "tile", "road", "2")
    rolled = json.loads(cli("move", "Ann: roll", "--json").stdout)   # the referee rolls
    r = int(rolled["event"].split()[-1])
    assert 1 <= r <= 6 and rolled["state"]["players"]["Ann"]["allowance"] == max(r, 3)
    legal = json.loads(cli("legal", "--json").stdout)
    texts = [e["event"] for e in legal["legal"]]
    assert "Ann: move 1" in texts and "Ann: zombies 4: 2 1" in texts
    assert any(b["rule"] == "zombies.turn-sequence" for b in legal["blocked"])
    cli("move", "Ann: move 1")
    legal = json.loads(cli("legal", "--json").stdout)
    assert any("to win" in e["does"] for e in legal["legal"] if e["event"].startswith("Ann: fight"))
    shown = cli("show").stdout
    assert "to win" in shown and "allowance" in shown
    bad = cli("move", "Ann: fight 3 ammo", "--json", code=0)  # three ammo: legal
    assert json.loads(bad.stdout)["state"]["players"]["Ann"]["ammo"] == 2
    refused = cli("move", "Ann: move 9", code=1)
    assert "[zombies.move.allowance]" in refused.stderr
    cli("move", "Ann: pick gold", code=2)
    undone = json.loads(cli("undo", "--json").stdout)
    assert undone["undone"] == "Ann: fight 3 ammo"
    log = json.loads(cli("log", "--json").stdout)["log"]
    assert [e["kind"] for e in log][-1] == "undo"


def test_a_lost_roll_needs_its_payment_without_a_terminal():
    start()
    for e in ("Ann: tile road 2", "Ann: roll 3", "Ann: move 1"):
        cli("move", e)
    result = cli("move", "Ann: fight 2", code=1)
    assert "Ann: fight 2 ammo" in result.stderr and "Ann: fight 2 life" in result.stderr


def test_whole_sample_game_from_the_shell_exported_and_replayed(tmp_path):
    record = sample_record("sample-zombies")
    cli("new", "zombies", "--players", record.tags["Players"].replace(" ", ""),
        "--tiles", record.tags["Tiles"], "--events", record.tags["Events"])
    for line in record.events:
        result = runner.invoke(app, ["move", line.text])
        assert result.exit_code == 0, (line, result.stderr)
    state = json.loads(cli("show", "--json").stdout)
    assert state["over"] and state["winner"] == "Ann" and state["ending"] == "helipad"
    out = tmp_path / "played.zqp"
    cli("export", "-o", str(out))
    replayed = json.loads(cli("replay", str(out), "--json").stdout)
    assert replayed == {k: v for k, v in state.items() if k != "id"}
    assert json.loads(cli("replay", "sample-zombies", "--json").stdout) == replayed
    assert "Ann wins" in cli("replay", "sample-zombies").stdout


def test_replay_names_the_illegal_line(tmp_path):
    rec = tmp_path / "bad.zqp"
    rec.write_text('[Game "zombies"]\n[Players "Ann, Ben"]\nAnn: tile road 2\nAnn: roll 4\n'
                   "Ann: zombies 4: 3 1\n")
    result = cli("replay", str(rec), "--json", code=1)
    err = json.loads(result.stdout)["error"]
    assert err["line"] == 5 and err["rule"] == "zombies.zombie-move.half-limit"


def positions():
    """Positions along the sample, plus a crowded one with expansions."""
    record = sample_record("sample-zombies")
    game = Game.from_tags({k: v for k, v in record.tags.items() if k in ("Players", "Tiles", "Events")})
    yield game
    for line in record.events:
        game.apply(line.text)
        yield game
    big = Game.from_tags({"Players": "Annabelle, Bartholomew, Cat, Dan, Eve, Fitzgerald",
                          "Expansions": "the-end, zombie-corps, schools-out, mall-walkers"})
    for e in ('Annabelle: item "Chainsaw of Doom and Gloom"', "Annabelle: tile road 4 dogs=6",
              "Annabelle: draw 1", "Annabelle: roll 2", "Annabelle: move 1"):
        big.apply(e)
    yield big
    big.apply('Annabelle: fight 1 +2 "Chainsaw of Doom and Gloom" life')   # its odds line
    yield big


def test_picture_fits_80_by_24():
    for game in positions():
        console = Console(width=80, record=True, file=open(os.devnull, "w"), color_system=None)
        console.print(render.render(game))
        lines = console.export_text().rstrip("\n").split("\n")
        assert max(len(x) for x in lines) <= 80
        assert len(lines) <= 20, lines
        assert len(render.summary(game)) <= 80


PROMPT = r"game \d+ (\d+|over)>"


@pytest.fixture
def env(tmp_path):
    return terminal_env(tmp_path, 100, 60)


def test_play_session_runs_a_whole_game(env):
    record = sample_record("sample-zombies")
    res = run_in_process(env, "new", "zombies", "--players", "Ann,Ben,Cat", "--tiles", "14")
    assert res.returncode == 0, res.stderr
    child = spawn_referee(env, "play", rows=60, columns=100)
    child.logfile_read = open(os.environ.get("PLAY_LOG", os.devnull), "a")
    child.expect(PROMPT)
    # the zombie roll without a split: the session asks for it (Enter: the first, unwritten)
    for text in record.events[:7]:
        child.sendline(text.text)
        child.expect(PROMPT)
    child.sendline("Ann: zombies 4")
    child.expect("how are the zombie moves split")
    child.send("\x1b[B")          # the second answer: 2
    child.send("\r")
    child.expect(r"Ann: zombies 4: 2")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Undid Ann: zombies 4: 2")
    child.expect(PROMPT)
    for text in record.events[7:]:
        child.sendline(text.text)
        child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state = json.loads(run_in_process(env, "show", "--json").stdout)
    assert state["over"] and state["winner"] == "Ann" and state["ending"] == "helipad"


def test_the_docs_game_from_the_shell_runs():
    import re
    import shlex

    from .conftest import ROOT

    doc = (ROOT / "docs" / "zombies.md").read_text()
    block = doc.split("## A game from the shell", 1)[1]
    commands = re.search(r"```sh\n(.*?)\n```", block, re.S).group(1).splitlines()
    assert 8 <= len(commands) <= 12
    for line in commands:
        args = shlex.split(line, comments=True)
        assert args[0] == "referee"
        cli(*args[1:])
    state = json.loads(cli("show", "--json").stdout)
    assert state["next"] == "Ben" and state["players"]["Ann"]["kills"] == 1


# -- issue 22: the ruling records from the shell ----------------------------------------------

def test_ruling_records_replay_with_their_exit_codes():
    from .conftest import FIXTURES

    folder = FIXTURES / "zombies"
    won = cli("replay", str(folder / "r18-helipad-start-kill.zqp"))
    assert "Ann wins" in won.stdout
    bare = cli("replay", str(folder / "r19-bare-helipad.zqp"), code=2)
    assert "line 4" in bare.stderr and "Helipad" in bare.stderr
    assert len(bare.stderr.strip().splitlines()) == 1 and "Traceback" not in bare.stderr
    removed = cli("replay", str(folder / "r21-removed-card.zqp"), code=1)
    assert "line 4" in removed.stderr and "[zombies.setup.removed-events]" in removed.stderr
    data = cli("replay", str(folder / "r24-tile-data-expansion.zqp"), code=2)
    assert "'Army Surplus'" in data.stderr and "line 3" in data.stderr
    shown = cli("rules", "show", "zombies.setup.removed-events")
    assert "Brain Cramp" in shown.stdout


def test_a_weapon_fight_from_the_shell_and_its_odds():
    start()
    for e in ('Ann: item "Chainsaw"', "Ann: tile road 3", "Ann: draw 1", "Ann: roll 4", "Ann: move 1"):
        cli("move", e)
    cli("move", 'Ann: fight 1 +2 "Chainsaw" +1 "Chainsaw"', code=1)          # one weapon a roll
    moved = json.loads(cli("move", 'Ann: fight 1 +2 "chainsaw" ammo', "--json").stdout)
    assert moved["event"] == 'Ann: fight 1 +2 "Chainsaw" ammo'
    assert moved["state"]["players"]["Ann"]["ammo"] == 2
    cli("move", "Ann: move 1")
    legal = json.loads(cli("legal", "--json").stdout)
    armed = [e for e in legal["legal"] if '+2 "Chainsaw"' in e["event"]]
    assert armed and any("with Chainsaw +2 each roll" in e["does"] for e in armed)
    assert "with Chainsaw +2" in cli("show").stdout
    advice = json.loads(cli("advise", "--json").stdout)
    assert advice["options"][0]["probability"] == 1.0            # +2 and 2 ammo: certain
    rolled = runner.invoke(app, ["move", 'Ann: fight +2 "Chainsaw"', "--json"])  # the referee rolls
    if rolled.exit_code == 0:      # 2..6, plus 2: a kill
        assert re.fullmatch(r'Ann: fight [2-6] \+2 "Chainsaw"', json.loads(rolled.stdout)["event"])
    else:                          # a 1, plus 2: ammo or life, asked of the table
        assert rolled.exit_code == 1 and 'Ann: fight 1 +2 "Chainsaw" ammo' in rolled.stderr
