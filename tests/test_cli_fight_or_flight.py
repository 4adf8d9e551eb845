"""The generic game commands on Zombie Fight or Flight (typer's CliRunner; the store is
the private one conftest points REFEREE_DB at)."""

from __future__ import annotations

import json

from .conftest import CliRunner

from referee.cli import app

from .conftest import EXAMPLES, needs_shared

runner = CliRunner()


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def start(variant: str | None = None) -> dict:
    args = ["new", "fof", "--players", "Ann,Ben,Cat,Dan", "--json"]
    if variant:
        args[4:4] = ["--variant", variant]
    return json.loads(cli(*args).stdout)


def test_new_stores_the_tags_and_prints_the_state():
    started = start("experienced")
    assert started["id"] == 1 and started["game"] == "fight-or-flight"
    state = started["state"]
    assert (state["next"], state["deck"], state["hands"]) == (
        "Ann", 42, {"Ann": 4, "Ben": 4, "Cat": 4, "Dan": 4})
    assert state["variant"] == "experienced"


def test_new_rejects_a_bad_variant_with_exit_2():
    result = cli("new", "fight-or-flight", "--players", "Ann,Ben", "--variant", "hard", code=2)
    assert result.stderr.startswith("referee: unknown variant 'hard'")
    assert cli("games", "--json").stdout.strip() == '{"games": []}'


def test_move_show_legal_undo_log():
    start()
    moved = json.loads(cli("move", "ann:", "skirmish", "--json").stdout)
    assert moved["event"] == "Ann: Skirmish"
    assert moved["notes"] == ["Skirmish: the group must recover with two Recovery cards"]
    assert moved["state"]["recovering"] == "skirmish"

    bad = cli("move", "Ben: Evade", code=1)
    assert bad.stderr.strip() == ("referee: 'Ben: Evade': the group is still recovering from a "
                                  "Skirmish: no Flight card until the group has recovered "
                                  "[fight-or-flight.flight]")
    err = json.loads(cli("move", "Ben: Combat", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fight-or-flight.recovery"
    assert json.loads(cli("move", "Ben: Banana", "--json", code=2).stdout)["error"]["rule"] is None

    text = cli("move", "Ben: Rest").stdout
    assert "Ben: Rest" in text and "recovering from a Skirmish (1 more needed)" in text

    shown = json.loads(cli("show", "--json").stdout)
    assert (shown["id"], shown["day"], shown["next"], shown["recovery"]["needed"]) == (1, 2, "Cat", 1)
    picture = cli("show").stdout
    assert "Skirm" in picture and "recovering from a Skirmish: 1 more Recovery card" in picture
    assert "Next: Cat" in picture

    legal = json.loads(cli("legal", "--json").stdout)
    assert [e["event"] for e in legal["legal"]] == [
        "Cat: Skirmish", "Cat: Heal", "Cat: Rest", "Cat: Provision", "Cat: stuck"]
    assert {b["event"]: b["rule"] for b in legal["blocked"]}["Cat: Flee"] == "fight-or-flight.flight"
    assert "not now" in cli("legal").stdout

    undone = json.loads(cli("undo", "--json").stdout)
    assert undone["undone"] == "Ben: Rest" and undone["state"]["day"] == 1
    log = json.loads(cli("log", "--json").stdout)["log"]
    assert [(e["kind"], e["event"]) for e in log] == [
        ("event", "Ann: Skirmish"), ("event", "Ben: Rest"), ("undo", "")]


def test_export_then_replay_reaches_the_same_state(tmp_path):
    start("challenge heal=3 rest=1")
    for event in ("Ann: Provision", "Ben: Evade", "Dan: Backtrack", "Cat: Skirmish",
                  "Ben: Heal", "Ann: Rest"):
        cli("move", event)
    state = json.loads(cli("show", "--json").stdout)
    out = tmp_path / "game.fof"
    cli("export", "--output", str(out))
    text = out.read_text()
    assert text.startswith('[Game "fight-or-flight"]\n[Players "Ann, Ben, Cat, Dan"]\n'
                           '[Variant "challenge heal=3 rest=1"]\n')
    assert "; skipped: Cat" in text
    replayed = json.loads(cli("replay", str(out), "--json").stdout)
    del state["id"]
    assert replayed == state
    assert replayed["recovering"] is None and replayed["next"] == "Dan"


@needs_shared
def test_replay_the_shared_example_as_a_picture():
    out = cli("replay", str(EXAMPLES / "fight-or-flight" / "survive.fof")).stdout
    assert "Next: Eve" in out and "counter-clockwise" in out and "deck: 24 cards" in out


def test_replay_stops_at_the_first_illegal_event(tmp_path):
    record = tmp_path / "bad.fof"
    record.write_text('[Game "fight-or-flight"]\n[Players "Ann, Ben"]\n'
                      "Ann: Combat\nBen: Rest\nAnn: Rest   ; no Heal yet\nBen: Flee\n")
    err = json.loads(cli("replay", str(record), "--json", code=1).stdout)["error"]
    assert err == {"line": 6, "event": "Ben: Flee", "rule": "fight-or-flight.recovery.combat",
                   "message": "the group is still recovering from a Combat: two Recovery cards "
                              "were played but a Combat needs a Heal among them"}


def test_replay_of_a_bad_players_tag_is_bad_input(tmp_path):
    record = tmp_path / "bad.fof"
    record.write_text('[Game "fight-or-flight"]\n[Players "Ann"]\nAnn: Heal\n')
    err = json.loads(cli("replay", str(record), "--json", code=2).stdout)["error"]
    assert err["line"] == 2 and "2 to 8 players" in err["message"]  # the [Players] tag's line


def test_game_over_is_shown_and_refuses_more_events():
    start()
    for card in ("Heal", "Rest", "Heal", "Rest", "Heal", "Rest", "Heal"):
        state = json.loads(cli("show", "--json").stdout)
        cli("move", f"{state['next']}: {card}")
    assert "The group loses (hunger): week 1 ended without a Provision." in cli("show").stdout
    assert "No event is legal: the game is over." in cli("legal").stdout
    err = json.loads(cli("move", "Ann: Provision", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fight-or-flight.game-over"


def test_annotation_tags_are_kept_but_not_given_to_the_engine(tmp_path):
    cli("new", "fof", "--players", "Ann,Ben", "--tag", "Site=club", "--tag", "Date=2026.11.22")
    out = tmp_path / "g.fof"
    cli("export", "-o", str(out))
    text = out.read_text()
    assert '[Site "club"]' in text and '[Date "2026.11.22"]' in text
    assert json.loads(cli("replay", str(out), "--json").stdout)["day"] == 0
