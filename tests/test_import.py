"""``referee import RECORD`` (issue 25): carry on from a record a friend sent.  Every
event is checked as ``replay`` checks it; the game is stored whole or not at all."""

from __future__ import annotations

import json

import pytest
from .conftest import CliRunner

from referee.cli import app
from referee.games import refereed
from referee.replay import replay_record, sample_record

runner = CliRunner()


@pytest.mark.parametrize("name", [s.name for s in refereed() if s.sample])
def test_import_stores_every_game_and_makes_it_current(tmp_path, name):
    record = sample_record(f"sample-{name}")
    path = tmp_path / f"friend{refereed()[0].extension}"
    path.write_text(spec_text(name), encoding="utf-8")
    assert runner.invoke(app, ["new", "fluffy", "--fluffy", "A", "--zombies", "B"]).exit_code == 0
    res = runner.invoke(app, ["import", str(path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["id"] == 2 and out["game"] == name and out["events"] == len(record.events)
    assert out["state"] == replay_record(record).game.to_json()
    games = json.loads(runner.invoke(app, ["games", "--json"]).stdout)["games"]
    assert [g["current"] for g in games] == [False, True]
    # the imported game exports to a record that replays to the same state
    exported = json.loads(runner.invoke(app, ["export", "--json"]).stdout)["record"]
    again = tmp_path / "again.txt"
    again.write_text(exported, encoding="utf-8")
    assert json.loads(runner.invoke(app, ["replay", str(again), "--json"]).stdout) == out["state"]


def spec_text(name: str) -> str:
    from referee.games import spec

    return spec(name).sample_text()


def test_an_illegal_record_is_refused_at_its_line_and_nothing_is_stored(tmp_path):
    text = spec_text("fluffy").rstrip("\n").split("\n")
    first_event = next(i for i, line in enumerate(text) if line and line[0] not in "[;")
    text.insert(first_event, "snag")  # nothing to snag before Fluffy plays
    path = tmp_path / "bad.zwf"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["import", str(path)])
    assert res.exit_code == 1
    assert f"line {first_event + 1}: 'snag'" in res.stderr and "[fluffy." in res.stderr
    assert json.loads(runner.invoke(app, ["games", "--json"]).stdout)["games"] == []


def test_a_malformed_record_is_bad_input(tmp_path):
    path = tmp_path / "bad.zwf"
    path.write_text('[Game "nope"]\nplay F\n', encoding="utf-8")
    res = runner.invoke(app, ["import", str(path)])
    assert res.exit_code == 2 and res.stderr.count("\n") == 1
    res = runner.invoke(app, ["import", str(tmp_path / "missing.zwf")])
    assert res.exit_code == 2


def test_games_shows_the_match_a_game_belongs_to():
    assert runner.invoke(app, ["new", "fluffy", "--fluffy", "A", "--zombies", "B"]).exit_code == 0
    assert runner.invoke(app, ["match", "new", "--players", "Ana,Ben"]).exit_code == 0
    games = json.loads(runner.invoke(app, ["games", "--json"]).stdout)["games"]
    assert [g["match"] for g in games] == [None, 1]
    table = runner.invoke(app, ["games"]).stdout
    assert "match" in table.splitlines()[0]
