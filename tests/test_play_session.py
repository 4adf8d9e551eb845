"""`referee play` driven for real in a pseudo-terminal (pexpect), not through mocked prompts.

Each test starts the session as a separate process on its own store, types events,
answers questionary's menus with keys, interrupts or kills the process, and checks the
stored game with `referee show --json`.
"""

from __future__ import annotations

import json
import os
import signal

import pexpect
import pytest

from .conftest import YARD, run_in_process, run_referee, spawn_referee, terminal_env

PROMPT = r"(fluffy|zombies|over)>"


@pytest.fixture
def env(tmp_path):
    return terminal_env(tmp_path, 120, 60)


referee = run_in_process


def state(env) -> dict:
    return json.loads(referee(env, "show", "--json").stdout)


def spawn(env, *args) -> pexpect.spawn:
    child = spawn_referee(env, "play", *args, rows=60, columns=120, timeout=20)
    child.logfile_read = open(os.environ.get("PLAY_LOG", os.devnull), "a")
    child.expect(PROMPT)
    return child


def enter(child, line: str, expect: str = r"score \d+\.") -> None:
    """Type a line, wait for what it prints (by default the position's summary line,
    which every accepted event prints), then for the next prompt."""
    child.sendline(line)
    child.expect(expect)
    child.expect(PROMPT)


def new_yard_game(env) -> None:
    res = referee(env, "new", "fluffy", "--board", str(YARD), "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2",
                  "--fluffy", "Ana", "--zombies", "Ben")
    assert res.returncode == 0, res.stderr


def test_session_plays_asks_undoes_looks_up_and_resumes(env):
    new_yard_game(env)
    child = spawn(env)
    enter(child, "play F", "Fluffy moves e1-e2")
    # a choice card without its movement: questionary asks; Down then Enter picks "R"
    child.sendline("play LR")
    child.expect("which movement")
    child.send("\x1b[B")
    child.send("\r")
    # Move Right from e2 facing N runs into the east border: a second menu, the facing
    child.expect("face which way")
    child.send("\r")
    child.expect("faces N")
    child.expect(PROMPT)
    enter(child, "rules can two zombies share a square", "zombie")
    enter(child, "legal", "what it does")
    enter(child, "undo", "Undid play LR:R >N")
    # the undo reopened the snag window of `play F`, but the zombie player holds five
    enter(child, "snag", r"\[fluffy\.snag\]")
    enter(child, "play L", "Fluffy moves e2-d2")
    child.sendcontrol("c")
    child.expect("every event is stored|Every event is stored")
    child.expect(pexpect.EOF)
    got = state(env)
    assert (got["fluffy"]["at"], got["fluffy"]["facing"], got["fluffy"]["hand"]) == ("d2", "W", 3)
    # resume, then kill the process outright in the middle of the game
    child = spawn(env)
    enter(child, "play F", "Fluffy moves d2-c2")
    child.kill(signal.SIGKILL)
    child.wait()
    got = state(env)
    assert got["fluffy"]["at"] == "c2" and got["fluffy"]["hand"] == 2
    child = spawn(env)
    enter(child, "show", "c2 facing W")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    log = json.loads(referee(env, "log", "--json").stdout)["log"]
    assert [e["event"] for e in log if e["kind"] == "event"] == ["play F", "play LR:R >N", "play L", "play F"]
    assert [e["kind"] for e in log].count("undo") == 1


def test_session_asks_for_a_bounce_facing_and_the_shamble_order(env):
    new_yard_game(env)
    child = spawn(env)
    for line in ["play F", "play F", "play L"]:
        enter(child, line)
    child.sendline("play F")   # the wall west of d3: S or N
    child.expect("face which way")
    child.send("\x1b[B")       # the second option: N
    child.send("\r")
    child.expect("faces N")
    child.expect(PROMPT)
    for line in ["play F", "end", "draw Raimi ? ? ? ? ?", "play L", "play F", "play F", "end"]:
        enter(child, line)
    enter(child, "shamble", "Raimi moves e4-d4")   # one zombie: no order to ask
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    got = state(env)
    assert got["turn"] == "zombies" and got["zombies"] == [{"name": "Raimi", "at": "d4", "facing": "W"}]


def test_play_refuses_without_a_terminal(env):
    new_yard_game(env)
    res = run_referee(env, "play")
    assert res.returncode == 2 and "needs a terminal" in res.stderr


def test_a_whole_match_of_two_games_in_the_session(env):
    """Game 1: the shared escape record (Ana runs Fluffy). Game 2, sides swapped: Ben runs
    Fluffy and Raimi catches him. The session ends on the match table."""
    from .conftest import ESCAPE

    res = referee(env, "match", "new", "--players", "Ana,Ben", "--board", str(YARD),
                  "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2")
    assert res.returncode == 0, res.stderr
    game1 = [line.split(";")[0].strip() for line in ESCAPE.read_text().splitlines()]
    game1 = [line for line in game1 if line and not line.startswith("[")]
    child = spawn(env)
    for line in game1[:-1]:
        enter(child, line)
    enter(child, game1[-1], r"Leader: Ana, 1 win to 0 \(6 points to 0\) \(pair not complete yet\)")
    enter(child, "play F", r"\[fluffy\.game-over\]")
    enter(child, "next", "Ben plays Fluffy|sides swapped")
    for line in ["play F", "end", "draw Raimi ?", "play F", "end"]:
        enter(child, line)
    enter(child, "shamble", r"Leader: Ana, 2 wins to 0 \(6 points to 1\) \(pair complete\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    table = json.loads(referee(env, "match", "score", "--json").stdout)
    assert table["leader"] == "Ana"
    assert table["players"] == {"Ana": {"points": 6, "wins": 2, "games": 2},
                                "Ben": {"points": 1, "wins": 0, "games": 2}}


def test_a_second_terminal_writing_redraws_the_window(env):
    """Issue 25: a play window did not notice events entered from another terminal;
    it drew the old position and refused the next event with no word of the change.
    The window now redraws within a second or two and says what changed, and an event
    typed against the old picture is not entered."""
    new_yard_game(env)
    child = spawn(env)
    child.send("pla")  # half a line typed when the other terminal writes
    assert referee(env, "move", "play F").returncode == 0
    child.expect(r"Changed in another window:\S* 1 new log entry: play F", timeout=10)
    child.expect(r"Fluffy e2N")  # the new position's summary
    child.expect(PROMPT)
    child.sendline("y L")  # the kept "pla" + "y L": play L from e2
    child.expect("Fluffy moves e2-d2")
    child.expect(PROMPT)
    # an undo from the other terminal is noticed too
    assert referee(env, "undo").returncode == 0
    child.expect(r"Changed in another window:\S* 1 new log entry: undo", timeout=10)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    log = json.loads(referee(env, "log", "--json").stdout)["log"]
    assert [(e["kind"], e["event"]) for e in log] == [("event", "play F"), ("event", "play L"),
                                                      ("undo", "")]


def test_an_event_typed_against_an_old_picture_is_not_entered(env):
    """The check in the loop itself, without waiting for the watcher."""
    from referee.cli.play import PlayLoop
    from referee.store import Store

    new_yard_game(env)
    store = Store(env["REFEREE_DB"])
    loop = PlayLoop(store, 1)
    loop.picture()
    assert referee(env, "move", "play F").returncode == 0
    out = [str(x) for x in loop.handle("play F")]
    assert any("Changed in another window" in x for x in out)
    assert any("was not entered" in x for x in out)
    assert store.log_length(1) == 1
