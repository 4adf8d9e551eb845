"""`referee play` on a short Zombie Attack game, driven for real in a pseudo-terminal:
dice rolled for the table when left out, the keep-or-discard choice and a zombie's path
asked in menus, then the escape that ends the game; checked with `referee show --json`."""

from __future__ import annotations

import json
import os
import re

import pexpect
import pytest

from .conftest import FIXTURES, run_in_process, spawn_referee, terminal_env

HOUSE = FIXTURES / "zombie-attack" / "house.toml"
PROMPT = r"game \d+ (over)?>"


@pytest.fixture
def env(tmp_path):
    return terminal_env(tmp_path, 120, 60)


referee = run_in_process


def state(env) -> dict:
    return json.loads(referee(env, "show", "--json").stdout)


def enter(child, line: str, expect: str = r"pile \d+\.") -> None:
    child.sendline(line)
    child.expect(expect)
    child.expect(PROMPT)


def test_play_a_short_game_with_dice_menus_and_an_escape(env):
    res = referee(env, "new", "zombie-attack", "--players", "Ann,Ben", "--board", str(HOUSE), "--zombies", "2")
    assert res.returncode == 0, res.stderr
    child = spawn_referee(env, "play", rows=60, columns=120, timeout=20)
    child.logfile_read = open(os.environ.get("PLAY_LOG", os.devnull), "a")
    child.expect(PROMPT)
    enter(child, "Ann: start a4")
    enter(child, "Ben: start e4")
    enter(child, "Ann: roll", r"Ann may move up to \d step")      # the die is rolled for the table
    rolled = state(env)["roll"]
    assert 1 <= rolled <= 6
    enter(child, "undo", r"Undid Ann: roll \d")
    enter(child, "Ann: roll 4")
    child.sendline("Ann: S Key:back")                              # keep or discard: a menu
    child.expect("keep it\\?")
    child.send("\r")                                               # the first option: keep
    child.expect("keeps it")
    child.expect(PROMPT)
    enter(child, "Ann: E Empty")
    enter(child, "Ann: E Empty")
    enter(child, "Ann: E Empty")                                   # d3, the roll used up
    enter(child, "Ben: stop")
    child.sendline("Ann: zombie d1 roll 1")                        # one way only: still asked
    child.expect("Which way does the zombie on d1 go")
    child.send("\r")
    child.expect("the zombie moves d1-c1")
    child.expect(PROMPT)
    enter(child, "Ben: zombie d1 roll 1")                          # no step at all: an empty path
    enter(child, "legal", "what it does")
    enter(child, "Ben: stop")
    enter(child, "Ann: roll 1")
    enter(child, "Ann: N", "escapes and wins")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    got = state(env)
    assert (got["over"], got["winner"], got["ending"], got["players"]["Ann"]["at"]) == (True, "Ann", "escape", "d4")
    log = [e["event"] for e in json.loads(referee(env, "log", "--json").stdout)["log"] if e["kind"] == "event"]
    assert log[:3] == ["Ann: start a4", "Ben: start e4", log[2]] and re.fullmatch(r"Ann: roll [1-6]", log[2])
    assert "Ann: S Key:back keep" in log and "Ann: zombie d1 roll 1 W" in log and "Ben: zombie d1 roll 1" in log


def test_play_offers_the_exit_at_once_after_a_weapon_hit(tmp_path):
    """Issue 25: when a Weapon sends a zombie player to an exit, the session asks the
    exit right away as a menu (the game's ``choice_after``), instead of waiting for a
    ``Cat: to back`` line; declining the menu leaves it to be typed."""
    from rich.text import Text
    from .conftest import CliRunner

    from referee.cli import app
    from referee.cli.play import PlayLoop
    from referee.store import Store

    res = CliRunner().invoke(app, ["new", "zombie-attack", "--players", "Ann,Ben", "--board", str(HOUSE),
                                   "--zombies", "1"])
    assert res.exit_code == 0, res.stderr
    asked = []

    def choose(need):
        asked.append((need.rule, [o.text for o in need.options]))
        return "Ben: to back" if need.rule == "zombie-attack.ruling.sent-to-exit" else None

    store = Store()
    loop = PlayLoop(store, store.resolve(None).id, choose)
    for event in ["Ann: start a1", "Ben: start e4", "Ann: roll 2", "Ann: N Weapon keep", "Ann: E Empty",
                  "Ben: roll 2", "Ben: S Empty", "Ben: W Empty",                  # Ben d3
                  "Ann: zombie d1 roll 4 W N E N",                                # Ben is turned
                  "Ann: roll 1", "Ann: N Empty",                                  # Ann b3, armed
                  "Ben: roll 2", "Ben: W"]:                                       # Ben c3
        loop.handle(event)
    assert asked == []
    out = " ".join(Text.from_markup(str(line)).plain for line in loop.handle("Ben: W") if isinstance(line, str))
    assert asked == [("zombie-attack.ruling.sent-to-exit", ["Ben: to front", "Ben: to back", "Ben: to fire"])]
    assert "Ann's Weapon sends Ben to an exit" in out and "Ben: to back" in out
    assert "Ben is placed at the back door (d4)" in out
    log = [e.text for e in store.log(loop.game_id) if e.kind == "event"]
    assert log[-2:] == ["Ben: W", "Ben: to back"]
    assert loop.loaded().game.to_json()["players"]["Ben"]["at"] == "d4"
    # without a choice made, nothing more is entered: the exit can still be typed
    loop.handle("undo")
    loop.choose = lambda need: None
    loop.handle("undo")
    loop.handle("Ben: W")
    assert loop.loaded().game.to_json()["awaiting_exit"] == ["Ben"]
    loop.handle("Ben: to fire")
    assert loop.loaded().game.to_json()["players"]["Ben"]["at"] == "f2"


def test_play_legal_in_the_zombie_phase_is_the_grouped_listing_to_page():
    from .conftest import CliRunner

    from referee.cli import app
    from referee.cli.output import Paged
    from referee.cli.play import PlayLoop
    from referee.store import Store

    res = CliRunner().invoke(app, ["new", "zombie-attack", "--players", "Ann,Ben", "--board", str(HOUSE)])
    assert res.exit_code == 0, res.stderr
    store = Store()
    loop = PlayLoop(store, store.resolve(None).id)
    for event in ["Ann: start a4", "Ben: start e4", "Ann: roll 1"]:
        loop.handle(event)
    assert not isinstance(loop.handle("legal")[0], Paged)          # the human phase: the table
    loop.handle("Ann: stop")
    loop.handle("Ben: stop")
    [listing] = loop.handle("legal")
    assert isinstance(listing, Paged)
    text = listing.renderable.plain
    assert text.startswith("Ann moves a zombie") and "\nzombie d1\n  roll 1: W c1\n" in text
