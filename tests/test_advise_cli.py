"""`referee advise` (CliRunner) and `advise` inside `referee play` (the PlayLoop in
process), on Fight or Flight games; the errors: no advisor, a broken advisor, bad
--samples."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest
from rich.console import Console
from .conftest import CliRunner

from referee import session
from referee.advice import Advice, Line
from referee.cli import app
from referee.cli.advise import advice_renderables
from referee.cli.play import HELP, PlayLoop
from referee.games.fight_or_flight.advise import advise as fof_advise

from .test_advise_fight_or_flight import ENDGAME_2P, position

from .conftest import run_in_process, spawn_referee, terminal_env

runner = CliRunner()


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def new_fof(players: str = "Ann,Ben", events: list[str] = ()) -> None:
    """A stored game made by `referee new`, its events entered in process (as `referee
    move` does, without one process start and replay per event)."""
    from referee.store import Store

    gid = json.loads(cli("new", "fof", "--players", players, "--json").stdout)["id"]
    store = Store(None)
    loaded = session.load(store, gid)
    for event in events:
        session.enter(store, loaded, event)


def text_of(items: list, width: int = 80) -> str:
    out = io.StringIO()
    con = Console(file=out, width=width, no_color=True, highlight=False)
    for item in items:
        con.print(item)
    return out.getvalue()


def without_advisor(monkeypatch, game: str) -> None:
    """Make ``game``'s spec (as the session loads it) have no advisor."""
    real = session.game_spec

    def patched(name):
        spec = real(name)
        return dataclasses.replace(spec, advise=None) if spec.name == game else spec

    monkeypatch.setattr(session, "game_spec", patched)


def test_advise_prints_the_question_method_and_a_ranked_table_in_80_columns():
    new_fof(events=ENDGAME_2P)
    out = cli("advise", "--samples", "50", "--seed", "2").stdout  # 56 deals: sampled
    lines = out.splitlines()
    # the first line: the question, and how the figures were computed
    assert lines[0].startswith("Ann to play: the group's chance of reaching The End (Monte Carlo")
    assert "(Monte Carlo on common random numbers: 50 deals" in " ".join(" ".join(lines[:2]).split())
    assert "(seed 2)" in out and "95% Wilson" in out
    assert max(len(line) for line in lines) <= 80
    header = next(i for i, line in enumerate(lines) if "plan" in line and "chance" in line)
    assert "95% interval" in lines[header] and "detail" in lines[header]
    first, last = lines[header + 1].split(), lines[header + 5].split()
    assert first[:6] == ["1", "Ann:", "The", "End", "100%", "exact"]
    assert last[:5] == ["5", "Ann:", "Combat", "0%", "exact"]
    assert "Ranked best first (higher is better)." in out


def test_advise_json_is_the_advisors_own_advice_as_one_object():
    new_fof(events=ENDGAME_2P)
    got = json.loads(cli("advise", "--json", "--samples", "40", "--seed", "9").stdout)
    direct = fof_advise(position("Ann, Ben", ENDGAME_2P), seed=9, samples=40).to_json()
    assert got == direct
    assert got["best"] == "high" and got["game"] == "fight-or-flight"
    assert got["options"][0] == {"plan": "Ann: The End", "probability": 1.0, "low": 1.0,
                                 "high": 1.0, "detail": "certain: wins at once"}
    sampled = [o for o in got["options"] if "samples" in o]
    assert sampled and all(o["samples"] == 40 and o["low"] <= o["probability"] <= o["high"]
                           for o in sampled)


def test_advise_on_a_chosen_game_and_with_the_default_samples():
    new_fof(events=["Ann: Provision", "Ben: Skirmish"])
    new_fof("Ann,Ben,Cat")
    got = json.loads(cli("advise", "--game", "1", "--json").stdout)
    assert got["question"].startswith("Ann to play")
    assert got["method"].startswith("Monte Carlo on common random numbers: ")
    assert "(seed 0)" in got["method"] and "stopped " in got["method"]
    assert {o["plan"] for o in got["options"]} == {"Ann: Heal", "Ann: Rest", "Ann: Provision", "Ann: Skirmish"}


def test_a_finished_game_gets_no_options():
    new_fof(events=ENDGAME_2P + ["Ann: The End"])
    out = cli("advise").stdout
    assert out.startswith("The game is over: win") and "No option to advise on." in out


def test_no_advisor_is_bad_input_with_one_line(monkeypatch, yard_file):
    cli("new", "fluffy", "--board", str(yard_file), "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2",
        "--fluffy", "Ana", "--zombies", "Ben")
    without_advisor(monkeypatch, "fluffy")
    res = cli("advise", code=2)
    assert res.stderr == "referee: no advisor for Zombies Want Fluffy\n" and res.stdout == ""
    err = json.loads(cli("advise", "--json", code=2).stdout)["error"]
    assert err["message"] == "no advisor for Zombies Want Fluffy"


def test_a_broken_advisor_is_an_internal_error_not_a_traceback(monkeypatch):
    new_fof()
    real = session.game_spec
    monkeypatch.setattr(session, "game_spec", lambda name: dataclasses.replace(
        real(name), advise="json:loads"))  # called with a Game: TypeError
    res = cli("advise", code=3)
    assert res.stderr.startswith("referee: the Zombie Fight or Flight advisor failed: TypeError")
    assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr


@pytest.mark.parametrize("args", [["--samples", "0"], ["--samples", "-5"], ["--samples", "many"],
                                  ["--seed", "x"], ["--samples", "1000000"]])
def test_bad_options_exit_2(args):
    new_fof()
    cli("advise", *args, code=2)


def test_no_stored_game_is_bad_input():
    res = cli("advise", code=2)
    assert res.stderr.startswith("referee: ") and len(res.stderr.splitlines()) == 1


# -- the play session -------------------------------------------------------------------

def test_play_session_advise_prints_the_same_table():
    from referee.store import Store

    new_fof(events=ENDGAME_2P)
    loop = PlayLoop(Store(None), 1)
    got = text_of(loop.handle("advise"), width=80)
    expected = text_of(advice_renderables(fof_advise(position("Ann, Ben", ENDGAME_2P))), width=80)
    assert got == expected
    assert "Ann: The End" in got and "exact" in got
    assert "advise" in HELP and "advise" in loop.completions()
    # the session goes on: an event after the advice
    assert "Ann: The End" in text_of(loop.handle("Ann: The End"), width=120)
    assert "No option to advise on." in text_of(loop.handle("advise"))


def test_play_session_advise_without_advisor_is_one_red_line(monkeypatch):
    from referee.store import Store

    new_fof()
    without_advisor(monkeypatch, "fight-or-flight")
    out = PlayLoop(Store(None), 1).handle("advise")
    assert out == ["[red]no advisor for Zombie Fight or Flight[/red]"]


def test_renderables_fit_80_columns_for_long_plans():
    advice = Advice("x", "A long question " * 3, "some method " * 10,
                    [Line("Ann: " + "very long plan " * 5, 0.123456, 0.1, 0.15, "detail " * 15),
                     Line("Ben: short", 1.0)], best="low", notes=["a note " * 20])
    text = text_of(advice_renderables(advice))
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "12.3%" in text and "10.0%–15.0%" in text and "100%" in text and "exact" in text
    assert "lower is better" in text


def test_advise_in_a_real_play_session(tmp_path):
    import pexpect

    env = terminal_env(tmp_path, 100, 40)
    made = run_in_process(env, "new", "fof", "--players", "Ann,Ben")
    assert made.returncode == 0, made.stderr
    child = spawn_referee(env, "play", rows=40, columns=100)
    child.expect(r"game 1 [a-z ]*>")
    child.sendline("Ann: Provision")
    child.expect("Ann: Provision")
    child.expect(r"game 1 [a-z ]*>")
    child.sendline("advise")
    child.expect("Ben to play: the group's chance of reaching The End")
    child.expect("Monte Carlo on common")
    child.expect(r"Ranked best first \(higher is better\)")
    child.expect(r"game 1 [a-z ]*>")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_an_option_the_advisor_does_not_take_is_bad_input():
    """--plan and --hand go to advisors that name them; any other says so (exit 2)."""
    from .conftest import CliRunner

    from referee.cli import app

    runner = CliRunner()
    assert runner.invoke(app, ["new", "zombies", "--players", "Ann,Ben"]).exit_code == 0
    res = runner.invoke(app, ["advise", "--plan", "Ann: roll"])
    assert res.exit_code == 2 and "advisor takes no --plan" in res.stderr


# -- Zombies Want Fluffy: --plan and --hand (issue 23) ----------------------------------

def new_fluffy(yard_file) -> None:
    cli("new", "fluffy", "--board", str(yard_file), "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2",
        "--fluffy", "Ana", "--zombies", "Ben")


def test_fluffy_plan_is_evaluated_and_an_illegal_one_refused_with_its_rule(yard_file):
    new_fluffy(yard_file)
    got = json.loads(cli("advise", "--plan", "play F; end", "--json").stdout)
    assert [o["plan"] for o in got["options"]] == ["play F; end"]
    assert got["options"][0]["probability"] == 0.0 and got["method"].startswith("exact: ")
    res = cli("advise", "--plan", "play F; sprint", code=1)   # no zombie on the board: no sprint
    assert "fluffy.ruling.sprint-conditions" in res.stderr and len(res.stderr.splitlines()) == 1
    err = json.loads(cli("advise", "--plan", "play F; sprint", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fluffy.ruling.sprint-conditions"
    cli("advise", "--plan", "shamble", code=2)


def test_fluffy_hand_is_for_this_question_only(yard_file):
    new_fluffy(yard_file)
    got = json.loads(cli("advise", "--hand", "F F L R B", "--json").stdout)
    assert got["options"] and all(o["unseen_cards_needed"] == [] for o in got["options"])
    assert "Fluffy's hand as given: F F L R B (this question only)" in got["notes"]
    again = json.loads(cli("advise", "--json").stdout)       # nothing was stored
    assert any(o["unseen_cards_needed"] for o in again["options"])
    res = cli("advise", "--hand", "F F", code=2)
    assert res.stderr.startswith("referee: --hand names 2 cards") and len(res.stderr.splitlines()) == 1
    cli("advise", "--hand", "B B B F F", code=2)   # the deck has two B


def test_fluffy_advise_first_line_says_how_it_was_computed(yard_file):
    new_fluffy(yard_file)
    out = cli("advise").stdout
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if "plan" in line and "chance" in line)
    first = " ".join(line.strip() for line in lines[:header])   # the question, wrapped at 80 columns
    assert first.startswith("Fluffy: chance the zombies catch him next turn, each way to end this turn (exact: ")
    assert max(len(line) for line in lines) <= 80


def test_a_line_computed_without_sampling_but_simplified_is_not_called_exact():
    advice = Advice("fluffy", "q", "simplified: zombies that may meet moved as if alone. Otherwise ...",
                    [Line("play F; end", 0.0, extra={"exact": False}), Line("play L; end", 0.0, extra={"exact": True})])
    rows = [line for line in text_of(advice_renderables(advice)).splitlines() if "play" in line]
    assert "simplified" in rows[0] and "exact" not in rows[0]
    assert "exact" in rows[1]


def test_advise_in_the_session_takes_a_plan_and_a_hand():
    from .conftest import CliRunner

    from referee.cli import app
    from referee.cli.play import PlayLoop
    from referee.store import Store

    runner = CliRunner()
    assert runner.invoke(app, ["new", "fluffy", "--fluffy", "Ana", "--zombies", "Ben"]).exit_code == 0
    loop = PlayLoop(Store(), 1)
    out = " ".join(str(x) for x in loop.handle('advise --plan "play F; play F; end" --hand F F L R B'))
    assert "after the plan given" in out and "hand as given: F F L R B (this question only)" in out
    bad = " ".join(str(x) for x in loop.handle("advise now please"))
    assert "advise takes --plan EVENTS and --hand CARDS" in bad
