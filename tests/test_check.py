"""`referee check EVENT` (and `check EVENT` in `referee play`): an event tried on a copy
of the stored position, for each of the five games, through the CLI (CliRunner); a
conformance run over every registered game; a read-only store.

Each test sets its game up with real events (entered through the session, as `move`
does) and asserts the exact verdict, notes, rule ids and choices, and that nothing was
stored: the log length and the store file are unchanged.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from .conftest import CliRunner

from referee import session
from referee.check import check as try_event
from referee.cli import app
from referee.games import refereed
from referee.records import parse_record
from referee.store import Store

from .conftest import ESCAPE

runner = CliRunner()

#: The keys of `check --json`.
KEYS = {"id", "event", "legal", "canonical", "notes", "choices", "reason", "rule", "title", "log_length"}


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def check_json(event: str, code: int = 0) -> dict:
    out = json.loads(cli("check", event, "--json", code=code).stdout)
    assert set(out) == KEYS
    return out


def digest(path) -> str:
    """The store's content (a dump through a read-only connection): a checkpoint of the
    WAL when some other connection closes may rewrite the file's bytes, not its content."""
    import sqlite3

    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return hashlib.sha256("\n".join(conn.iterdump()).encode()).hexdigest()
    finally:
        conn.close()


def play(events: list[str]) -> int:
    """Enter ``events`` into the current game (as `move` does); its log length."""
    store = Store()
    loaded = session.load(store)
    for text in events:
        session.enter(store, loaded, text)
    return loaded.length


def log_length() -> int:
    return json.loads(cli("log", "--json").stdout)["log_length"]


def options(choice: dict) -> list[str]:
    return [o["event"] for o in choice["options"]]


# -- Zombies Want Fluffy ----------------------------------------------------------------


@pytest.fixture
def fluffy(yard_file, private_store):
    cli("new", "fluffy", "--board", str(yard_file), "--deck", "F=10 L=4 R=4 B=2 LR=2 FB=2",
        "--fluffy", "Ana", "--zombies", "Ben")
    return private_store


def test_fluffy_legal_event_gives_its_notes_and_stores_nothing(fluffy):
    before = digest(fluffy)
    assert cli("check", "play", "F").stdout == "LEGAL: play F\n  Fluffy moves e1-e2, facing N\n"
    got = check_json("play F")
    assert got == {"id": 1, "event": "play F", "legal": True, "canonical": "play F",
                   "notes": ["Fluffy moves e1-e2, facing N"], "choices": None, "reason": None,
                   "rule": None, "title": None, "log_length": 0}
    assert digest(fluffy) == before and log_length() == 0


def test_fluffy_illegal_event_names_the_rule_and_title_exit_1(fluffy):
    assert play(["play F"]) == 1
    res = cli("check", "snag", code=1)
    assert res.stdout.splitlines() == [
        "ILLEGAL: snag",
        "  the zombie player holds 5 cards; it snags only while holding fewer than 5",
        "  rule fluffy.snag: Snagging Fluffy's played cards"]
    got = check_json("sprint", code=1)
    assert (got["legal"], got["rule"], got["canonical"]) == (False, "fluffy.ruling.sprint-conditions", None)
    assert got["reason"] == "Fluffy may sprint only while a zombie is on the board"
    assert got["title"] == "When Fluffy may sprint" and got["log_length"] == 1
    assert log_length() == 1


def test_fluffy_missing_choices_are_legal_with_each_completion_tried(fluffy):
    res = cli("check", "play LR")  # exit 0: legal, with a choice
    assert res.stdout.splitlines()[0] == "LEGAL, WITH A CHOICE: play LR"
    got = check_json("play LR")
    assert got["legal"] is True and got["canonical"] is None and got["rule"] is None
    [choice] = got["choices"]
    assert choice["required"] is True and options(choice) == ["play LR:L", "play LR:R"]
    left, right = choice["options"]
    assert left["notes"] == ["Fluffy moves e1-d1, facing W"] and left["canonical"] == "play LR:L"
    # Move Right from e1 runs into the border: a second choice, the facing
    assert right["canonical"] is None
    [facing] = right["choices"]
    assert options(facing) == ["play LR:R >N", "play LR:R >W"]
    assert [o["notes"] for o in facing["options"]] == [["Fluffy bounces off a wall at e1, faces N"],
                                                       ["Fluffy bounces off a wall at e1, faces W"]]
    assert log_length() == 0


def test_fluffy_bad_input_and_game_over(fluffy):
    res = cli("check", "bogus", code=2)
    assert res.stderr.count("\n") == 1 and "unknown verb 'bogus'" in res.stderr
    assert json.loads(cli("check", "bogus", "--json", code=2).stdout)["error"]["rule"] is None
    events = [line.text for line in parse_record(ESCAPE.read_text(encoding="utf-8")).events]
    n = play(events)
    got = check_json("play F", code=1)
    assert got["rule"] == "fluffy.game-over" and got["log_length"] == n == log_length()


def test_fluffy_a_bare_play_asks_whether_a_card_may_be_played(fluffy):
    """`play` with no card is the blocked event `legal` lists: refused with its rule
    when no card may be played, bad input (name the card) when one may."""
    assert "play names a card" in cli("check", "play", code=2).stderr
    events = [line.text for line in parse_record(ESCAPE.read_text(encoding="utf-8")).events]
    play(events[:5])  # five cards played: Fluffy may only end
    got = check_json("play", code=1)
    assert (got["rule"], got["reason"]) == ("fluffy.fluffy-turn", "Fluffy has played 5 cards this turn, the most he may")
    play(events[5:12])  # ...end: the zombies' turn, not shambled yet
    got = check_json("play", code=1)
    assert got["rule"] == "fluffy.shamble" and got["reason"] == "the zombies shamble first, at the start of their turn"


def test_the_trial_budget_lists_options_untried(fluffy, monkeypatch):
    import referee.check

    monkeypatch.setattr(referee.check, "MAX_TRIALS", 2)  # the event itself and one option
    got = check_json("play LR")
    left, right = got["choices"][0]["options"]
    assert left["legal"] is True and right["legal"] is None and right["choices"] is None
    assert got["legal"] is True  # one completion is legal


def test_check_reads_another_game_with_game_option(fluffy, yard_file):
    cli("new", "fluffy", "--board", str(yard_file))
    play(["play F"])  # game 2 is current: Fluffy on e2
    got = json.loads(cli("check", "play F", "--game", "1", "--json").stdout)
    assert got["id"] == 1 and got["notes"] == ["Fluffy moves e1-e2, facing N"]
    assert check_json("play F")["notes"] == ["Fluffy moves e2-e3, facing N"]


def test_check_without_a_store_creates_none(private_store):
    res = cli("check", "play F", code=2)
    assert "no game yet" in res.stderr and not private_store.exists()


def test_a_read_only_store_can_be_checked(fluffy):
    from .test_store import make_read_only

    play(["play F"])
    undo = make_read_only(fluffy)
    if undo is None:
        pytest.skip("cannot make a file read-only here")
    try:
        before = digest(fluffy)
        assert check_json("play F")["notes"] == ["Fluffy moves e2-e3, facing N"]
        assert check_json("snag", code=1)["rule"] == "fluffy.snag"
        assert digest(fluffy) == before
    finally:
        undo()


# -- Zombie Fight or Flight -----------------------------------------------------------------

FOF_WEEK_ONE = ["Ann: Skirmish", "Ben: Heal", "Cat: Provision", "Dan: Heal", "Ann: Skirmish", "Ben: Rest",
                "Cat: Provision", "Dan: Rest", "Dan: show Combat", "Ann: Heal", "Ann: show Combat",
                "Ben: Evade"]


def test_fight_or_flight_check():
    cli("new", "fight-or-flight", "--players", "Ann,Ben,Cat,Dan", "--variant", "casual")
    got = check_json("Ann: Skirmish")
    assert got["notes"] == ["Skirmish: the group must recover with two Recovery cards"]
    assert play(FOF_WEEK_ONE) == 12
    bad = check_json("Ann: Combat", code=1)
    assert (bad["rule"], bad["reason"]) == ("fight-or-flight.turn-order", "it is Dan's turn, not Ann's")
    # Dan shows a Combat and may hold another: a script enters the face-up one, a
    # terminal asks which; both are tried
    got = check_json("Dan: Combat")
    assert got["legal"] is True and got["canonical"] == "Dan: Combat shown"
    assert got["notes"] == ["Combat: the group must recover with two Recovery cards, one a Heal",
                            "Dan played the face-up card and must show a new one"]
    [choice] = got["choices"]
    assert choice["required"] is False and options(choice) == ["Dan: Combat shown", "Dan: Combat hidden"]
    assert choice["options"][1]["notes"] == ["Combat: the group must recover with two Recovery cards, one a Heal"]
    assert "asked at a terminal" in cli("check", "Dan: Combat").stdout
    assert "unknown card 'Frob'" in cli("check", "Dan: Frob", code=2).stderr
    assert log_length() == 12


# -- Zombie Attack ------------------------------------------------------------------------------


def test_zombie_attack_check_dice_and_the_card_drawn():
    cli("new", "zombie-attack", "--players", "Ann,Ben,Cat", "--zombies", "2")
    assert check_json("Ann: start d9")["notes"] == ["Ann starts in the Kitchen"]
    play(["Ann: start d9", "Ben: start i9", "Cat: start e4"])
    bad = check_json("Ann: E", code=1)
    assert bad["rule"] == "zombie-attack.turn.roll-move" and bad["reason"] == "Ann rolls before moving ('Ann: roll N')"
    assert check_json("Ben: roll", code=1)["rule"] == "zombie-attack.turn.order"  # whatever the roll
    # the die left out: `move` rolls it; the check tries every roll
    got = check_json("Ann: roll")
    [dice] = got["choices"]
    assert got["legal"] is True and dice["dice"] is True
    assert [(o["event"], o["notes"]) for o in dice["options"]] == [
        (f"Ann: roll {n}", [f"Ann may move up to {n} step{'s' if n > 1 else ''}"]) for n in range(1, 7)]
    play(["Ann: roll 2"])
    got = check_json("Ann: E")  # a step onto a draw square: name the card drawn
    [card] = got["choices"]
    assert card["required"] and options(card) == ["Ann: E Empty", "Ann: E Hiding", "Ann: E Weapon",
                                                  "Ann: E Key:front", "Ann: E Key:back", "Ann: E Key:fire"]
    hiding, weapon = card["options"][1], card["options"][2]
    assert hiding["canonical"] == "Ann: E Hiding discard"  # a hallway: it cannot be kept
    assert options(weapon["choices"][0]) == ["Ann: E Weapon keep", "Ann: E Weapon discard"]
    assert "unknown event 'fly'" in cli("check", "Ann: fly", code=2).stderr
    assert log_length() == 4
    play(["Ann: E Key:back keep", "Ann: E Empty", "Ben: roll 3", "Ben: S Weapon keep", "Ben: S Empty",
          "Ben: W Hiding discard", "Cat: roll 4", "Cat: N Empty", "Cat: E Empty", "Cat: stop"])
    # the zombie phase: a path written without its roll fits only a roll of 3
    res = cli("check", "Ann: zombie f1 roll N N N", code=1)
    assert res.stdout.splitlines()[:2] == [
        "DEPENDS ON THE ROLL: Ann: zombie f1 roll N N N",
        "  legal only if the roll is 3; otherwise: the zombie rolled 1 and moves at most 1 steps, not 3"]
    got = check_json("Ann: zombie f1 roll N N N", code=1)
    assert got["legal"] is None and got["rule"] == "zombie-attack.ruling.zombie-exact-roll"
    assert [o["legal"] for o in got["choices"][0]["options"]] == [False, False, True, False, False, False]
    assert got["choices"][0]["options"][2]["notes"] == ["the zombie moves f1-f2-f3-f4", "Ben moves the next zombie"]
    # refused whatever the roll: one reason, one rule; bad input whatever the roll: exit 2
    got = check_json("Ben: zombie f1 roll", code=1)
    assert (got["legal"], got["rule"]) == (False, "zombie-attack.zombies.rotation")
    assert got["reason"] == "Ann moves the next zombie, not Ben"
    assert "'zz99' is not a square" in cli("check", "Ann: zombie zz99 roll N", code=2).stderr
    assert log_length() == 14


# -- Zombies!!! quick play ------------------------------------------------------------------------


def test_zombies_check_a_fight_for_every_roll():
    cli("new", "zombies", "--players", "Ann,Ben,Cat", "--tiles", "14")
    assert check_json('Ann: tile "Toy Store" z=4 ammo=1 life=1')["notes"] == [
        "Toy Store: 4 zombies, 1 ammo and 1 life placed"]
    bad = check_json("Ann: roll", code=1)
    assert bad["rule"] == "zombies.turn-sequence" and bad["reason"] == "no movement roll now: the step is tile"
    play(['Ann: tile "Toy Store" z=4 ammo=1 life=1', "Ann: roll 2", "Ann: move 2"])
    got = check_json("Ann: fight")
    [dice] = got["choices"]
    by_roll = {o["event"]: o for o in dice["options"]}
    assert by_roll["Ann: fight 5"]["notes"] == ["Ann kills the zombie: 1 kill"]
    lost = by_roll["Ann: fight 2"]  # a lost roll: pay with ammo or life
    assert lost["legal"] is True and options(lost["choices"][0]) == ["Ann: fight 2 ammo", "Ann: fight 2 life"]
    assert lost["choices"][0]["options"][1]["notes"] == ["Ann loses 1 life (2 left) and fights on"]
    assert "unknown event 'jump'" in cli("check", "Ann: jump", code=2).stderr
    assert log_length() == 3


# -- Zombie Fluxx ------------------------------------------------------------------------------

#: A random game (seed 0 of the conformance walk) up to Ben killing the Zombie Trio.
FLUXX_TO_TRIO = [
    'Ann: draw ?', 'Ann: play "Keeper Limit 3"', 'Ann: end', 'Ben: draw Zombie', 'Ben: draw "Zombie Trio"',
    'Ben: draw "Pair of Zombies"', 'Ben: draw "Zombie Quartet"', 'Ben: draw ?', 'Ben: play "I Alone Survived"',
    'Ben: end', 'Cat: draw ?', 'Cat: play "Hand Limit 0"', 'Ann: discard ?', 'Ann: discard ?', 'Ben: discard ?',
    'Ann: discard ?', 'Ben: discard ?', 'Ben: discard ?', 'Cat: discard ?', 'Cat: discard ?', 'Cat: discard ?',
    'Cat: end', 'Ann: draw ?', 'Ann: play Lumber', 'Ann: end', 'Ben: draw ?', 'Ben: play Shovel', 'Ben: end',
    'Cat: draw ?', 'Cat: play "Return of the Dead"', 'Cat: end', 'Ann: draw ?', 'Ann: play "Weapon Bonus"',
    'Ann: end', 'Ben: draw ?', 'Ben: play "Let\'s Shamble!"', 'Ben: end', 'Cat: draw ?',
    'Cat: play "I\'ll Hold \'em Off!"', 'Cat: end', 'Ann: draw ?', 'Ann: play Donuts', 'Ann: end',
    'Ben: kill "Zombie Trio" with Shovel']


def test_fluxx_check_plays_refusals_and_the_trio_direction():
    cli("new", "fluxx", "--players", "Ann,Ben,Cat")
    got = check_json("Ann: draw ?")
    assert got["legal"] is True and got["canonical"] == "Ann: draw ?"
    # the refusal `legal` lists, `Ann: play ...`, explains itself through check
    bad = check_json("Ann: play ...", code=1)
    assert bad["rule"] == "fluxx.ruling.draws-before-plays" and bad["reason"] == "Ann must first draw 1 more"
    assert check_json("Ann: end", code=1)["rule"] == "fluxx.ruling.draws-before-plays"
    assert play(FLUXX_TO_TRIO) == len(FLUXX_TO_TRIO)
    got = check_json("Ben: trio")
    [way] = got["choices"]
    assert got["legal"] is True and options(way) == ["Ben: trio left", "Ben: trio right"]
    assert all(o["legal"] and o["notes"] for o in way["options"])
    assert "unknown card" in cli("check", "Ben: play Banana", code=2).stderr
    assert log_length() == len(FLUXX_TO_TRIO)


# -- every registered game ---------------------------------------------------------------------


@pytest.mark.parametrize("spec", list(refereed()), ids=[s.name for s in refereed()])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_listed_explains_itself_through_check(spec, seed, private_store):
    """Random legal play from the game's set-up, stored; at several positions every
    blocked event checks as illegal with the rule `legal` gives, a sample of the legal
    events checks as legal (entered as listed), the CLI agrees, and checking stored
    nothing and left the position alone; each event entered does exactly what checking
    it said (text and notes)."""
    rng = random.Random(seed)
    record = parse_record(spec.sample_text())
    store = Store()
    engine = session.setup_game(spec.name, record.tags)
    store.create_game(spec.name, session.stored_tags(spec.name, engine, record.tags, None))
    loaded = session.load(store)
    blocked_seen = 0
    for step in range(60):
        legal = loaded.game.legal_events()
        if not legal:
            break
        if step % 6 == 0:
            before, length = loaded.game.to_json(), store.log_length(loaded.stored.id)
            blocked = loaded.game.blocked_events()
            for b in blocked:
                trial = try_event(loaded.game, b.event)
                assert (trial.legal, trial.rule) == (False, b.rule), (b, trial)
            blocked_seen += len(blocked)
            for option in rng.sample(legal, min(5, len(legal))):
                trial = try_event(loaded.game, option.text)
                assert trial.legal is True and trial.canonical == option.text, (option, trial)
            if blocked:
                got = check_json(blocked[0].event, code=1)
                assert got["rule"] == blocked[0].rule and got["log_length"] == length
            assert check_json(legal[0].text)["canonical"] == legal[0].text
            assert loaded.game.to_json() == before and store.log_length(loaded.stored.id) == length
        pick = rng.choice(legal).text
        trial = try_event(loaded.game, pick)
        applied = session.enter(store, loaded, pick)  # what check said is what move does
        assert (trial.canonical, trial.notes) == (applied.text, applied.notes)
    assert blocked_seen or spec.name == "zombie-attack"  # zombie-attack lists no blocked events


# -- in `referee play` ---------------------------------------------------------------------------


def test_check_in_the_session_and_its_completion(fluffy):
    from referee.cli.play import HELP, PlayLoop

    store = Store()
    loop = PlayLoop(store, 1)
    out = loop.handle("check play F")
    assert out == ["[bold green]LEGAL: play F[/bold green]", "  Fluffy moves e1-e2, facing N"]
    out = loop.handle("check snag")
    assert out[0] == "[bold red]ILLEGAL: snag[/bold red]" and out[-1].startswith("  rule fluffy.")
    assert "unknown verb" in loop.handle("check bogus")[0]
    assert "check EVENT" in loop.handle("check")[0] and "check EVENT" in HELP
    assert ("check play LR:L", "play LR:L") in loop.complete("check play L")
    assert "check " in [line for line, _ in loop.complete("ch")]
    assert store.log_length(1) == 0


def test_check_inside_play_in_a_terminal(tmp_path):
    """`check` typed in a real `referee play` (pseudo-terminal): the same report, Tab
    completes the event after `check `, no menu is opened for a missing choice, and
    nothing is entered."""
    import pexpect

    from .conftest import terminal_env
    from .test_play_session import PROMPT, new_yard_game, referee, spawn

    env = terminal_env(tmp_path, 120, 60)
    new_yard_game(env)
    child = spawn(env)
    child.sendline("check play F")
    child.expect("LEGAL: play F")
    child.expect("Fluffy moves e1-e2, facing N")
    child.expect(PROMPT)
    child.sendline("check snag")
    child.expect("ILLEGAL: snag")
    child.expect(r"rule fluffy\.ruling\.snag-window")
    child.expect(PROMPT)
    child.send("check play LR:")  # Tab completes the legal events after `check `
    child.send("\t")
    child.expect("play LR:L")
    child.send("\x15")  # Ctrl-U: clear the line
    child.sendline("check play LR")  # a choice left open is listed, not asked
    child.expect("LEGAL, WITH A CHOICE: play LR")
    child.expect(r"2\. play LR:R")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    log = json.loads(referee(env, "log", "--json").stdout)
    assert log["log_length"] == 0
