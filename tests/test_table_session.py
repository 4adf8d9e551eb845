"""The play session at the table (issue 14): Tab completes a refill card by card, a
typed choice picks its option or is refused, and `referee play` fits 80x24."""

from __future__ import annotations

import json

import pexpect
import pytest

from referee import session
from referee.cli.play import PlayLoop, Refused, match_option
from referee.errors import ChoiceNeeded, Option
from referee.store import Store

from .conftest import run_in_process, spawn_referee, terminal_env


def loop_for(tmp_path, events=(), choose=lambda need: None) -> PlayLoop:
    store = Store(tmp_path / "s.db")
    engine = session.setup_game("fluffy", {"Board": "default"})
    gid = store.create_game("fluffy", session.stored_tags("fluffy", engine, {"Board": "default"}, None),
                            str(tmp_path))
    loop = PlayLoop(store, gid, choose)
    for text in events:
        session.enter(store, loop.loaded(), text)
    return loop


def test_tab_completes_every_card_of_a_refill(tmp_path):
    loop = loop_for(tmp_path, ["play FR:F", "play FL:F", "play FB:F", "end"])
    assert loop.loaded().game.to_json()["fluffy"]["hand"] == 2
    first = [line for line, _ in loop.complete("draw ")]
    assert "draw ?" in first and "draw George" in first
    second = dict(loop.complete("draw ? "))
    assert "draw ? ?" in second and "draw ? George" in second and second["draw ? ?"] == "?"
    third = [line for line, _ in loop.complete("draw ? ? ")]
    assert "draw ? ? ?" in third
    # a fourth card does not fit in a hand of five
    assert not [line for line, _ in loop.complete("draw ? ? ? ") if line.count("?") == 4]
    # a partial token narrows the choice
    assert [line for line, _ in loop.complete("draw ? Geo")] == ["draw ? George"]


def test_every_completed_refill_is_accepted(tmp_path):
    loop = loop_for(tmp_path, ["play FR:F", "play FL:F", "play FB:F", "end"])
    line = "draw"
    for _ in range(3):  # three cards played (two and the end's): three to draw
        options = [l for l, _ in loop.complete(line + " ") if l.endswith(" ?")]
        assert options, line
        line = options[0]
    assert loop.handle(line) and loop.loaded().game.to_json()["fluffy"]["hand"] == 5


def test_match_option():
    opts = [Option("play LR:L"), Option("play LR:R")]
    assert match_option(opts, "R") == "play LR:R"
    assert match_option(opts, "play lr:l") == "play LR:L"
    assert match_option(opts, "1") == "play LR:L"
    assert match_option(opts, "snag") is None
    assert match_option(opts, "3") is None
    assert match_option([Option("play F >S"), Option("sprint >S")], "S") is None  # fits both: refused


def test_typed_text_at_a_choice_that_matches_nothing_is_refused(tmp_path):
    def refuse_snag(need):
        picked = match_option(need.options, "snag")
        if picked is None:
            raise Refused("snag", need)
        return picked

    loop = loop_for(tmp_path, choose=refuse_snag)
    out = loop.handle("play LR")
    assert "'snag' is not one of the choices: nothing was entered" in str(out[0])
    assert loop.store.log_length(loop.game_id) == 0


def test_typed_text_at_a_choice_picks_the_option(tmp_path):
    loop = loop_for(tmp_path, choose=lambda need: match_option(need.options, "L"))
    loop.handle("play LR")
    assert [e.text for e in loop.loaded().events] == ["play LR:L"]


# -- the real session at 80x24 ------------------------------------------------------------

@pytest.fixture
def env(tmp_path):
    return terminal_env(tmp_path)


def test_play_at_80x24_shows_the_whole_yard_and_refuses_typed_ahead_text(env):
    res = run_in_process(env, "new", "fluffy", "--board", "default")
    assert res.returncode == 0, res.stderr
    child = spawn_referee(env, "play", rows=24, columns=80, timeout=20)
    child.expect(r"fluffy>")
    import re

    screen = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", child.before)
    for rank in ("12│", "11│", " 7│", " 1│"):  # the tree's rank and every other one is drawn
        assert rank in screen
    assert "♣" in screen and "legend" not in screen and "══" in screen
    widest = max(len(line.rstrip("\r")) for line in screen.split("\n"))
    assert widest <= 80
    # typed ahead: "snag" at the bounce/choice menu is refused, not turned into an option
    child.send("play LR\r")
    child.expect("which movement")
    child.send("snag\r")
    child.expect("not one of the choices: nothing was entered")
    child.expect(r"fluffy>")
    child.send("play LR\r")
    child.expect("which movement")
    child.send("L\r")
    child.expect("Fluffy moves l1-k1|faces|l1")
    child.expect(r"fluffy>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    log = json.loads(run_in_process(env, "log", "--json").stdout)["log"]
    assert [e["event"] for e in log] and log[0]["event"].startswith("play LR:L")


@pytest.mark.parametrize("keys, picked", [("snag\r", None), ("R\r", "play LR:R"), ("2\r", "play LR:R"),
                                          ("\x1b[B\r", "play LR:R"), ("\r", "play LR:L")])
def test_the_choice_menu_takes_typed_text_or_refuses_it(keys, picked):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from referee.cli.play import choose_at_terminal

    need = ChoiceNeeded("m", "fluffy.choice-card", "which movement?", [Option("play LR:L"), Option("play LR:R")])
    with create_pipe_input() as inp:
        inp.send_text(keys)
        with create_app_session(input=inp, output=DummyOutput()):
            if picked is None:
                with pytest.raises(Refused):
                    choose_at_terminal(need)
            else:
                assert choose_at_terminal(need) == picked


def test_fight_or_flight_session_asks_which_copy(tmp_path):
    from .test_fight_or_flight import FACE_UP_SETUP

    store = Store(tmp_path / "f.db")
    tags = {"Players": "Ann, Ben"}
    engine = session.setup_game("fight-or-flight", tags)
    gid = store.create_game("fight-or-flight", session.stored_tags("fight-or-flight", engine, tags, None),
                            str(tmp_path))
    asked = []

    def choose(need):
        asked.append([o.text for o in need.options])
        return match_option(need.options, "hidden")

    loop = PlayLoop(store, gid, choose)
    for text in FACE_UP_SETUP:
        loop.handle(text)
    loop.handle("Ben: Heal")
    assert asked == [["Ben: Heal shown", "Ben: Heal hidden"]]
    assert [e.text for e in loop.loaded().events][-1] == "Ben: Heal hidden"
    assert loop.loaded().game.to_json()["shown"]["Ben"] == "Heal"


# -- reminders the rules need (issue 25): what is due now ------------------------------------

def test_open_hand_fluffy_is_reminded_to_deal_and_tab_offers_it():
    """Before the deal, an open-hand game's `legal` was empty (and said the game was
    over) and Tab offered nothing: the deal is due and named as such."""
    from .conftest import CliRunner

    from referee.cli import app
    from referee.cli.play import PlayLoop
    from referee.store import Store, default_path

    runner = CliRunner()
    assert runner.invoke(app, ["new", "fluffy", "--fluffy", "A", "--zombies", "B",
                               "--fluffy-hand-open"]).exit_code == 0
    res = runner.invoke(app, ["legal"])
    assert "due now" in res.stdout and "deal C C C C C" in res.stdout
    assert "game is over" not in res.stdout
    import json

    out = json.loads(runner.invoke(app, ["legal", "--json"]).stdout)
    assert [d["event"] for d in out["due"]] == ["deal C C C C C"] and out["legal"] == []
    loop = PlayLoop(Store(default_path()), 1)
    assert ("deal ", "deal ") in loop.complete("de")
    assert any("Due now" in str(p) for p in loop.picture())
    assert runner.invoke(app, ["move", "deal F F L R B"]).exit_code == 0
    assert json.loads(runner.invoke(app, ["legal", "--json"]).stdout)["due"] == []


def test_fight_or_flight_from_week_two_the_show_is_due():
    """From week two, the player who has just played places a card face up."""
    from referee.games import spec

    game = spec("fight-or-flight").new_game({"Players": "Ann, Ben, Cat"})
    assert game.due() == []
    rng_cards = ["Provision", "Rest", "Heal", "Rest", "Heal", "Rest", "Provision"]
    for i, card in enumerate(rng_cards):
        game.apply(f"{game.players[game.turn]}: {card}")
    assert game.due() == []  # week one: nothing to show
    who = game.players[game.turn]
    game.apply(f"{who}: Provision")
    assert [d.text for d in game.due()] == [f"{who}: show CARD"]
    game.apply(f"{who}: show Rest")
    assert game.due() == []
