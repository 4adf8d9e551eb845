"""``referee match`` through the CLI: a two-game match on the shared test yard played
event by event, the refusal of `match next` while a game runs, scoring records, the
JSON shapes, a tied match and the export for score-keeping apps."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from .conftest import CliRunner

from referee.cli import app
from referee.records import read_record

from .conftest import ESCAPE, YARD

runner = CliRunner()

DECK = "F=10 L=4 R=4 B=2 LR=2 FB=2"

#: Game 2 of the pair: Ben runs Fluffy, Ana the zombies; Raimi rises above Fluffy and
#: shambles onto him.
CAPTURE = f"""[Game "fluffy"]
[Board "yard.toml"]
[Deck "{DECK}"]
[Fluffy "Ben"]
[Zombies "Ana"]
play F             ; e2
end
draw Raimi ?       ; Raimi rises at e4 facing S
play F             ; e3, right under Raimi
end
shamble            ; Raimi shambles south onto Fluffy
"""

GAME1 = {"game": 1, "fluffy": "Ana", "zombies": "Ben", "over": True, "winner": "Ana",
         "winner_side": "fluffy", "ending": "escape",
         "score": {"tree": 1, "zombies": 2, "dawn": 0, "escape": 3, "total": 6}}
GAME2 = {"game": 2, "fluffy": "Ben", "zombies": "Ana", "over": True, "winner": "Ana",
         "winner_side": "zombies", "ending": "capture",
         "score": {"tree": 0, "zombies": 1, "dawn": 0, "escape": 0, "total": 1}}
TABLE = {"players": {"Ana": {"points": 6, "wins": 2, "games": 2},
                     "Ben": {"points": 1, "wins": 0, "games": 2}},
         "leader": "Ana", "decided_by": "wins", "games": [GAME1, GAME2]}


def cli(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


@pytest.fixture
def records(tmp_path) -> dict[str, Path]:
    """The yard, our escape game (Ana runs Fluffy) and the capture game (Ben does)."""
    shutil.copy(YARD, tmp_path / "yard.toml")
    shutil.copy(ESCAPE, tmp_path / "escape.zwf")
    (tmp_path / "capture.zwf").write_text(CAPTURE, encoding="utf-8")
    return {"escape": tmp_path / "escape.zwf", "capture": tmp_path / "capture.zwf",
            "yard": tmp_path / "yard.toml"}


def play(record: Path) -> None:
    """Enter every event of ``record`` into the current game with `referee move`."""
    for line in read_record(record).events:
        cli("move", *line.text.split())


def test_the_records_replay_legally(records):
    for name, ending in (("escape", "escape"), ("capture", "capture")):
        done = runner.invoke(app, ["replay", str(records[name]), "--json"])
        assert done.exit_code == 0, done.stderr
        state = json.loads(done.stdout)
        assert state["over"] and state["ending"] == ending


def test_a_two_game_match_played_through_the_cli(records):
    started = json.loads(cli("match", "new", "--players", "Ana,Ben", "--board", str(records["yard"]),
                             "--deck", DECK, "--json").stdout)
    assert {k: started[k] for k in ("match", "game", "id", "fluffy", "zombies")} == {
        "match": 1, "game": 1, "id": 1, "fluffy": "Ana", "zombies": "Ben"}
    assert started["state"]["fluffy"]["at"] == "e1" and started["state"]["deck"] == 18

    play(records["escape"])
    second = json.loads(cli("match", "next", "--json").stdout)
    assert {k: second[k] for k in ("match", "game", "id", "fluffy", "zombies")} == {
        "match": 1, "game": 2, "id": 2, "fluffy": "Ben", "zombies": "Ana"}
    # The new game is the current one: `move` goes to it.
    assert json.loads(cli("show", "--json").stdout)["id"] == 2

    play(records["capture"])
    assert json.loads(cli("match", "score", "--json").stdout) == TABLE

    games = json.loads(cli("games", "--json").stdout)["games"]
    assert [(g["id"], g["players"], g["over"]) for g in games] == [(1, "Ana, Ben", True), (2, "Ben, Ana", True)]

    out = cli("match", "score").stdout
    assert "Match 1: Ana v Ben" in out
    assert "escape, Ana wins" in out and "capture, Ana wins" in out
    assert "Leader: Ana, 2 wins to 0 (6 points to 1) (pair complete)." in out
    assert "Next game: Ana plays Fluffy, Ben the zombies." in out


def test_match_next_refused_while_the_game_runs(records):
    cli("match", "new", "--players", "Ana,Ben", "--board", str(records["yard"]), "--deck", DECK)
    cli("move", "play", "F")
    res = cli("match", "next", code=1)
    assert res.stderr == ("referee: game 1 of match 1 (stored game 1) is not over yet: finish it "
                          "before starting the next [fluffy.ruling.match-unfinished-game]\n")
    err = json.loads(cli("match", "next", "--json", code=1).stdout)["error"]
    assert err["rule"] == "fluffy.ruling.match-unfinished-game"
    # Nothing was started: still one game, and it is current.
    assert [g["id"] for g in json.loads(cli("games", "--json").stdout)["games"]] == [1]
    # The running game shows its points so far but counts for nobody.
    table = json.loads(cli("match", "score", "--json").stdout)
    assert table["leader"] is None and table["games"][0]["over"] is False
    assert table["players"]["Ana"] == {"points": 0, "wins": 0, "games": 0}
    assert "Game 1 is still in play." in cli("match", "score").stdout


@pytest.mark.parametrize("command", [["match", "next"], ["match", "score"], ["match", "export"]])
def test_no_match_is_exit_2(command):
    res = cli(*command, code=2)
    assert res.stderr == "referee: no match yet: start one with `referee match new`\n"


def test_match_tags_are_shared_by_every_game(records):
    cli("match", "new", "--players", "Ana,Ben", "--board", str(records["yard"]), "--deck", DECK,
        "--tag", "HandSize=6")
    play(records["capture"])  # a capture is quick whichever side runs Fluffy
    cli("match", "next")
    state = json.loads(cli("show", "--json").stdout)
    assert state["id"] == 2 and state["fluffy"]["hand"] == 6 and state["deck"] == 24 - 11 + 4


@pytest.mark.parametrize("args, message", [
    (["--players", "Ana"], "--players takes two different names, e.g. Ana,Ben, not 'Ana'"),
    (["--players", "Ana,ana"], "--players takes two different names"),
    (["--players", "Ana,Ben", "--tag", "Fluffy=Cat"], "--tag Fluffy: the match assigns the sides itself"),
    (["--players", "Ana,Ben", "--tag", "Colour=red"], "unknown tag [Colour] for fluffy"),
])
def test_match_new_bad_input(args, message):
    res = cli("match", "new", *args, code=2)
    assert message in res.stderr and res.stderr.count("\n") == 1
    assert cli("match", "score", code=2)  # no match was stored


def test_score_records_gives_the_same_table(records):
    out = cli("match", "score", str(records["escape"]), str(records["capture"]), "--json").stdout
    assert json.loads(out) == TABLE
    human = cli("match", "score", str(records["escape"]), str(records["capture"])).stdout
    assert "Match from escape.zwf, capture.zwf" in human and "Leader: Ana, 2 wins to 0 (6 points to 1)" in human


def test_score_records_tie_has_no_leader(records, tmp_path):
    # Ana runs Fluffy in the same quick capture: each scores 1 point.
    swapped = CAPTURE.replace('[Fluffy "Ben"]', '[Fluffy "Ana"]').replace('[Zombies "Ana"]', '[Zombies "Ben"]')
    (tmp_path / "capture-ana.zwf").write_text(swapped, encoding="utf-8")
    paths = [str(tmp_path / "capture-ana.zwf"), str(records["capture"])]
    table = json.loads(cli("match", "score", *paths, "--json").stdout)
    assert table["leader"] is None
    assert table["players"] == {"Ana": {"points": 1, "wins": 1, "games": 2},
                                "Ben": {"points": 1, "wins": 1, "games": 2}}
    assert "Tie: play another pair (1 win and 1 point each)." in cli("match", "score", *paths).stdout


def test_score_record_without_player_tags_is_exit_2(records, tmp_path):
    bare = tmp_path / "bare.zwf"
    bare.write_text(CAPTURE.replace('[Zombies "Ana"]\n', ""), encoding="utf-8")
    res = cli("match", "score", str(records["escape"]), str(bare), code=2)
    assert res.stderr == f'referee: {bare}: needs [Fluffy "..."] and [Zombies "..."] tags naming the players\n'
    assert res.stdout == ""


def test_score_record_with_an_illegal_event_is_exit_1(records, tmp_path):
    bad = tmp_path / "bad.zwf"
    bad.write_text(CAPTURE.replace("play F             ; e3, right under Raimi", "sprint"), encoding="utf-8")
    res = cli("match", "score", str(records["escape"]), str(bad), code=1)
    assert res.stderr == (f"referee: {bad}: line 9: 'sprint': Fluffy sprints only after playing his "
                          "whole hand (5 cards left) [fluffy.ruling.sprint-conditions]\n")
    err = json.loads(cli("match", "score", str(bad), "--json", code=1).stdout)["error"]
    assert err == {"line": 9, "event": "sprint", "rule": "fluffy.ruling.sprint-conditions",
                   "message": "Fluffy sprints only after playing his whole hand (5 cards left)",
                   "file": str(bad)}


def test_score_records_of_another_game_or_missing_file_is_exit_2(tmp_path):
    fof = tmp_path / "round.fof"
    fof.write_text('[Game "fight-or-flight"]\n[Players "Ann, Ben"]\n', encoding="utf-8")
    res = cli("match", "score", str(fof), code=2)
    assert "round.fof: a fight-or-flight record: match play is for Zombies Want Fluffy" in res.stderr
    res = cli("match", "score", str(tmp_path / "none.zwf"), code=2)
    assert res.stderr.startswith(f"referee: {tmp_path / 'none.zwf'}: cannot read record")


def test_export_for_a_score_keeping_app(records, tmp_path):
    cli("match", "new", "--players", "Ana,Ben", "--board", str(records["yard"]), "--deck", DECK)
    play(records["escape"])
    cli("match", "next")
    cli("move", "play", "F")  # game 2 still in play: left out of the export
    expected = {"match": 1, "players": ["Ana", "Ben"], "games": [
        {"game": 1, "players": [{"name": "Ana", "side": "fluffy", "score": 6, "winner": True},
                                {"name": "Ben", "side": "zombies", "score": 0, "winner": False}]}]}
    assert json.loads(cli("match", "export").stdout) == expected
    out = tmp_path / "match.json"
    res = cli("match", "export", "-o", str(out))
    assert res.stdout == "" and json.loads(out.read_text(encoding="utf-8")) == expected
    help_text = cli("match", "export", "--help").stdout
    assert '"side"' in help_text and '"winner"' in help_text
