"""Zombie Fluxx through the CLI: new (players, catalogue, no zombies), move, legal, show,
undo, log, export and replay; `referee cards check/show`; a whole three-player game from
the shell; the picture within 80x24; and `referee play` driven in a pseudo-terminal."""

from __future__ import annotations

import json
import os

import pexpect
import pytest
from rich.console import Console
from .conftest import CliRunner

from referee.cli import app
from referee.replay import sample_record

from .test_fluxx_engine import TEST_CARDS, new

from .conftest import run_in_process, spawn_referee, terminal_env

runner = CliRunner()


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


@pytest.fixture
def cards_file(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(TEST_CARDS, encoding="utf-8")
    return path


def test_new_move_legal_show_undo_log():
    started = json.loads(cli("new", "fluxx", "--players", "Ann,Ben,Cat", "--json").stdout)
    assert started["game"] == "fluxx" and started["state"]["next"] == "Ann"
    assert started["state"]["players"]["Ben"] == {"hand": 3, "keepers": [], "creepers": []}
    moved = json.loads(cli("move", "ann:", "draw", "?", "--json").stdout)
    assert moved["event"] == "Ann: draw ?" and moved["state"]["drawn"] == 1
    legal = json.loads(cli("legal", "--json").stdout)
    does = {e["event"]: e["does"] for e in legal["legal"]}
    assert does['Ann: play "Draw 4"'] == "Ann must draw 3 more"
    assert does['Ann: play "Hand Limit 1"'] == "Ben and Cat must discard down to 1 at once"
    moved = json.loads(cli("move", 'Ann: play "draw 4"', "--json").stdout)
    assert moved["event"] == 'Ann: play "Draw 4"' and moved["notes"] == ["Ann must draw 3 more"]
    err = json.loads(cli("move", "Ann: end", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fluxx.ruling.draws-before-plays" and "draw 3 more" in err["message"]
    bad = cli("move", "Ann: play Banana", code=2)
    assert "unknown card 'Banana'" in bad.stderr and "[Cards" in bad.stderr
    shown = cli("show").stdout
    assert "Draw 4" in shown and "Ann owes: draw 3" in shown
    cli("undo")
    state = json.loads(cli("show", "--json").stdout)
    assert state["rules"]["draw"] == 1 and state["played"] == 0
    log = json.loads(cli("log", "--json").stdout)["log"]
    assert [e["event"] for e in log if e["kind"] == "event"] == ["Ann: draw ?", 'Ann: play "Draw 4"']


def test_new_with_a_catalogue_and_without_zombies(cards_file, tmp_path):
    s = json.loads(cli("new", "fluxx", "--players", "Ann,Ben", "--cards", str(cards_file), "--json").stdout)
    assert s["state"]["goal"] is None
    cli("move", "Ann: creeper Zombie")
    cli("move", "Ann: creeper Zombie")            # the test catalogue holds four
    out = tmp_path / "game.flx"
    cli("export", "-o", str(out))
    assert (tmp_path / "game.cards.toml").read_text() == TEST_CARDS
    assert '[Cards "game.cards.toml"]' in out.read_text()
    replayed = json.loads(cli("replay", str(out), "--json").stdout)
    assert replayed["players"]["Ann"]["creepers"] == ["Zombie", "Zombie"]
    s = json.loads(cli("new", "fluxx", "--players", "Ann,Ben", "--no-zombies", "--tag", "Site=club",
                       "--json").stdout)
    assert '[Site "club"]' in cli("export").stdout
    err = json.loads(cli("move", "Ann: creeper Zombie", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fluxx.set-aside"
    assert cli("new", "fluxx", "--players", "Ann,Ben", "--cards", str(tmp_path / "nope.toml"), code=2)
    bad = tmp_path / "bad.toml"
    bad.write_text('["Axe"]\ntype = "keeper"\nkills = "lots"\n')
    res = cli("new", "fluxx", "--players", "Ann,Ben", "--cards", str(bad), code=2)
    assert "card 'Axe': field kills" in res.stderr
    assert cli("new", "fluxx", "--players", "Ann", code=2)


def test_cards_check_and_show(cards_file, tmp_path):
    text = cli("cards", "check", str(cards_file)).stdout
    assert "valid" in text and "Hunting Knife" in text and "overrides built-in" in text
    data = json.loads(cli("cards", "check", str(cards_file), "--json").stdout)
    assert data["ok"] and {c["name"] for c in data["cards"]} >= {"Zombie", "Zombie Takeover"}
    knife = next(c for c in data["cards"] if c["name"] == "Hunting Knife")
    assert knife == {"name": "Hunting Knife", "type": "keeper", "count": 1, "weapon": True, "kills": 1,
                     "text": "", "source": str(cards_file), "overrides": False}
    bad = tmp_path / "bad.toml"
    bad.write_text('["Road Trip"]\ntype = "goal"\nneeds = ["Map"]\n')
    err = json.loads(cli("cards", "check", str(bad), "--json", code=2).stdout)["error"]
    assert "card 'Road Trip': field needs" in err["message"]
    shown = json.loads(cli("cards", "show", "draw 2 and use em", "--json").stdout)
    assert shown["name"] == "Draw 2 and Use 'em" and shown["plays"] == 2 and shown["type"] == "action"
    assert "Weapon Bonus" in cli("cards", "show", "weapon bonus").stdout
    assert "Zombie Takeover" in cli("cards", "show", "zombie takeover", "--cards", str(cards_file)).stdout
    res = cli("cards", "show", "Banana", code=2)
    assert "unknown card 'Banana'" in res.stderr


def test_a_whole_three_player_game_from_the_shell_exported_and_replayed(tmp_path):
    record = sample_record("sample-fluxx")
    assert record is not None and record.tags["Players"] == "Ann, Ben, Cat"
    cli("new", "fluxx", "--players", "Ann,Ben,Cat")
    for line in record.events:
        result = runner.invoke(app, ["move", *line.text.split()])
        assert result.exit_code == 0, (line, result.stderr)
    state = json.loads(cli("show", "--json").stdout)
    assert state["over"] and state["winner"] == "Ann" and state["ending"] == "goal"
    out = tmp_path / "played.flx"
    cli("export", "-o", str(out))
    replayed = json.loads(cli("replay", str(out), "--json").stdout)
    assert replayed == {k: v for k, v in state.items() if k != "id"}
    assert json.loads(cli("replay", "sample-fluxx", "--json").stdout) == replayed
    err = json.loads(cli("move", "Ben: draw ?", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fluxx.game-over"


def test_replay_names_the_illegal_line(tmp_path):
    path = tmp_path / "bad.flx"
    path.write_text('[Game "fluxx"]\n[Players "Ann, Ben"]\nAnn: draw ?\nAnn: play Coffee\nAnn: play Donuts\n')
    err = json.loads(cli("replay", str(path), "--json", code=1).stdout)["error"]
    assert (err["line"], err["rule"]) == (5, "fluxx.play")


def test_picture_fits_80_by_24_with_six_players():
    g = new("Annabelle, Benedict, Catherine, Dominic, Eleanor, Francesca")
    g.first_round = False
    g.edit(rules={"hand-limit": "Hand Limit 2"})
    g.others = ["Weapon Bonus", "Zombie Season", "Eradication Bonus", "Adrenaline Bonus", "Dead Friends"]
    g.goal = "Zombie Takeover"
    from collections import Counter

    for q in range(6):
        g.edit(keepers={q: Counter({"Coffee": 1, "Shotgun": 1, "Sonic Tranquilizer": 1, "Zombie Repellent": 1})})
        g.edit(creepers={q: Counter({"Pair of Zombies": 1, "Zombie Quartet": 1, "Zombie": 1})})
    g.edit(hands={0: (Counter({"Lumber": 1, "Donuts": 1, "Shovel": 1}), g.hands[0].unknown)})
    g.top = ["Zombie Quartet"]
    g.pile += 1
    from referee.games.fluxx.render import render, summary

    console = Console(width=80, record=True, file=open(os.devnull, "w"), color_system=None)
    console.print(render(g))
    lines = console.export_text().rstrip("\n").split("\n")
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 20, "\n".join(lines)
    assert any("Hand Limit 2" in line for line in lines) and any("Ungoal: Zombie Takeover" in line for line in lines)
    assert "owes" in summary(g)


# -- ruling 23: a card the game does not know -----------------------------------------------------

def test_an_unknown_card_in_a_script_is_bad_input_naming_its_card_line(tmp_path):
    cli("new", "fluxx", "--players", "Ann,Ben")
    cli("move", "Ann: draw ?")
    bad = cli("move", 'Ann: play "The Car"', code=2)
    assert 'write the line card "The Car" type=TYPE before this event' in bad.stderr
    assert len(json.loads(cli("log", "--json").stdout)["log"]) == 1      # nothing was stored
    cli("move", 'card "The Car" type=keeper')
    cli("move", 'Ann: play "The Car"')
    record = tmp_path / "car.flx"
    cli("export", "-o", str(record))
    assert 'card "The Car" type=keeper' in record.read_text()
    replayed = json.loads(cli("replay", str(record), "--json").stdout)
    shown = json.loads(cli("show", "--json").stdout)
    assert replayed == {k: v for k, v in shown.items() if k != "id"}
    assert replayed["players"]["Ann"]["keepers"] == ["The Car"] and replayed["pile"] == 46 + 1 - 1


def scripted(answers: list[str]):
    """A terminal player who gives ``answers`` in order, and the questions asked."""
    asked: list[str] = []

    def ask(question: str, default: str) -> str:
        asked.append(question)
        return answers.pop(0) if answers else default
    return ask, asked


def test_at_a_terminal_an_unknown_card_is_asked_logged_first_and_saved(monkeypatch, tmp_path):
    from referee.cli import game as game_cli
    from referee.games.fluxx import define

    said: list[str] = []
    ask, asked = scripted(["keeper", "1", "y", "2", "y"])     # type, kills, weapon, count, save
    monkeypatch.setattr(game_cli, "interactive", lambda: True)
    monkeypatch.setattr(define, "_terminal_ask", ask)
    monkeypatch.setattr(define, "_say", said.append)
    cli("new", "fluxx", "--players", "Ann,Ben")
    cli("move", "Ann: draw ?")
    moved = cli("move", 'Ann: play "Tin Whistle"').stdout
    assert 'logged first: card "Tin Whistle" type=keeper count=2 weapon=true kills=1' in moved
    assert asked[0].startswith("Type of Tin Whistle")
    log = [e["event"] for e in json.loads(cli("log", "--json").stdout)["log"]]
    assert log == ["Ann: draw ?", 'card "Tin Whistle" type=keeper count=2 weapon=true kills=1',
                   'Ann: play "Tin Whistle"']
    mine = tmp_path / "fluxx-cards.toml"                       # REFEREE_FLUXX_CARDS (conftest)
    assert mine.read_text() == '["Tin Whistle"]\ntype = "keeper"\ncount = 2\nweapon = true\nkills = 1\n'
    assert any("saved to" in line for line in said)
    # the next game reads the player's own catalogue: no question, no card line
    monkeypatch.setattr(define, "_terminal_ask", lambda q, d: pytest.fail(f"asked {q!r}"))
    started = json.loads(cli("new", "fluxx", "--players", "Cat,Dan", "--json").stdout)
    assert started["state"]["pile"] == 46 + 2
    cli("move", "Cat: draw ?")
    cli("move", 'Cat: play "Tin Whistle"')
    # --cards default leaves it out; without a terminal the event is bad input again
    monkeypatch.setattr(game_cli, "interactive", lambda: False)
    cli("new", "fluxx", "--players", "Cat,Dan", "--cards", "default")
    cli("move", "Cat: draw ?")
    assert "unknown card 'Tin Whistle'" in cli("move", 'Cat: play "Tin Whistle"', code=2).stderr


def test_the_terminal_questions_refuse_a_bad_card_and_ask_again(tmp_path):
    from referee.errors import DefinitionNeeded
    from referee.games.fluxx import define

    g = new("Ann, Ben")
    need = DefinitionNeeded("unknown", "Night Walk")
    said: list[str] = []
    # a Goal that needs a card nobody defined: refused and asked again; then a good one
    ask, asked = scripted(["goal", "Nowhere", "", "", "", "", "gizmo",
                           "goal", "Coffee, Donuts", "none", "0", "0", "1", "n"])
    lines = define.ask(g, need, asker=ask, say=said.append, path=tmp_path / "mine.toml")
    assert lines == ['card "Night Walk" type=goal needs=["Coffee", "Donuts"] zombies=none']
    assert any("not a Keeper or Creeper" in line for line in said)
    assert any("'gizmo' is not a card type" in line for line in said)
    assert not (tmp_path / "mine.toml").exists()                # the player said no
    ask, _ = scripted([""])                                     # no type: nothing is defined
    typo = DefinitionNeeded("unknown", "Cofee", near="Coffee")
    assert define.ask(g, typo, asker=ask, say=said.append, path=tmp_path / "mine.toml") is None
    assert "did you mean 'Coffee'?" in said[-2]


def test_the_play_session_logs_the_card_line_its_define_hook_gives():
    from referee.cli.play import PlayLoop
    from referee.store import Store

    cli("new", "fluxx", "--players", "Ann,Ben")
    store = Store(None)
    gid = store.resolve(None).id
    quiet = PlayLoop(store, gid)                               # not at a terminal: bad input
    assert any("unknown card 'Lucky Coin'" in str(item) for item in quiet.handle('Ann: play "Lucky Coin"'))
    loop = PlayLoop(store, gid, define=lambda game, need: [f'card "{need.name}" type=keeper'])
    loop.handle("Ann: draw ?")
    out = loop.handle('Ann: play "Lucky Coin"')
    assert any('logged first: card "Lucky Coin" type=keeper' in str(item) for item in out)
    assert [e.text for e in store.effective(gid)][-2:] == ['card "Lucky Coin" type=keeper',
                                                           'Ann: play "Lucky Coin"']


def test_an_unknown_card_is_asked_in_a_real_terminal(env):
    res = referee(env, "new", "fluxx", "--players", "Ann,Ben")
    assert res.returncode == 0, res.stderr
    assert referee(env, "move", "Ann: draw ?").returncode == 0
    child = spawn_referee(env, "move", 'Ann: play "Lucky Coin"', rows=50, columns=100)
    for question, answer in [("Type of Lucky Coin", "keeper"), ("kills a turn", ""), ("weapon icon", "n"),
                             ("Copies in the deck", "1"), ("Save it to your own catalogue", "n")]:
        child.expect(question)
        child.sendline(answer)
    child.expect('Ann: play "Lucky Coin"')
    child.expect(pexpect.EOF)
    log = json.loads(referee(env, "log", "--json").stdout)["log"]
    assert [e["event"] for e in log][-2:] == ['card "Lucky Coin" type=keeper', 'Ann: play "Lucky Coin"']


# -- referee play in a pseudo-terminal ----------------------------------------------------------

PROMPT = r"game \d+ (\d+|over)>"


@pytest.fixture
def env(tmp_path):
    return terminal_env(tmp_path, 100, 50)


referee = run_in_process


def test_play_session_plays_a_whole_game(env):
    res = referee(env, "new", "fluxx", "--players", "Ann,Ben,Cat")
    assert res.returncode == 0, res.stderr
    child = spawn_referee(env, "play", rows=50, columns=100)
    child.logfile_read = open(os.environ.get("PLAY_LOG", os.devnull), "a")
    child.expect(PROMPT)
    record = sample_record("sample-fluxx")
    lines = [line.text for line in record.events]
    half = len(lines) // 2
    for text in lines[:half]:
        child.sendline(text)
        child.expect("turn \\d+;")
        child.expect(PROMPT)
    child.sendline("Ann: discard ?")
    child.expect(r"\[fluxx\.")
    child.expect(PROMPT)
    child.sendline("legal")
    child.expect("what it does")
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    # resume where it stopped and finish the game
    child = spawn_referee(env, "play", rows=50, columns=100)
    child.expect(PROMPT)
    for text in lines[half:-1]:
        child.sendline(text)
        child.expect("turn \\d+;")
        child.expect(PROMPT)
    child.sendline(lines[-1])
    child.expect("Ann wins: Donuts with Coffee")
    child.expect("game \\d+ over>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state = json.loads(referee(env, "show", "--json").stdout)
    assert state["winner"] == "Ann" and state["turn"] == 7


def test_the_owes_line_counts_the_plays_still_owed_before_the_hand_limit():
    """Issue 25: "owes: play 3, discard 3 at the end" with 5 cards in hand, when after
    the 3 plays 2 remain, the limit.  The discard shown is what the end will ask."""
    from referee.games.fluxx.render import owes_line

    from .test_fluxx_engine import new

    g = new()
    g.first_round = False
    g.edit(rules={"play": "Play 3"})
    g.apply("Ann: draw ?")
    g.edit(rules={"hand-limit": "Hand Limit 2"})
    g.edit(hands={0: (g.hands[0].known, g.hands[0].unknown + (5 - g.hands[0].size))})
    assert g.hands[0].size == 5 and g.owes()["plays"] == 3
    line = owes_line(g).split("\n")[0]  # Ann's line (Ben and Cat are over the new limit too)
    assert "play 3" in line and "at the end" not in line
    g.edit(hands={0: (g.hands[0].known, g.hands[0].unknown + 2)})  # 7 cards: after 3 plays 4 remain, 2 over the limit
    assert "discard 2 at the end" in owes_line(g)


def test_creepers_and_keepers_are_never_cut():
    """Issue 25: the Creepers column showed "Pair of Zombies, Zomb…" even at 120
    columns and hid the plain Zombie that decided two endings."""
    from collections import Counter

    from rich.console import Console

    from referee.games.fluxx.render import render

    from .test_fluxx_engine import new

    g = new()
    g.first_round = False
    g.edit(creepers={1: Counter({"Pair of Zombies": 1, "Zombie": 2, "Zombie Trio": 1})})
    g.edit(keepers={1: Counter({"Coffee": 1, "Donuts": 1, "Hunting Knife": 1})})
    for width in (80, 120):
        console = Console(width=width, record=True, file=open("/dev/null", "w"))
        console.print(render(g))
        text = console.export_text()
        assert "…" not in text
        flat = " ".join(text.split())
        for name in ("Pair of", "Zombie ×2", "Trio", "Hunting", "Donuts"):
            assert name in flat, (name, text)
        assert max(len(line) for line in text.splitlines()) <= width
