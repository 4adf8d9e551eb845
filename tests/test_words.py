"""Typos get a suggestion (issue 25): every game's unknown verb, event or card names the
closest valid word, through one shared helper (referee.words)."""

from __future__ import annotations

import pytest
from .conftest import CliRunner

from referee.cli import app
from referee.words import closest, plural, unknown

runner = CliRunner()


@pytest.mark.parametrize("new, events, typo, meant", [
    (["fluffy", "--fluffy", "Ana", "--zombies", "Ben"], [], "paly F", "play"),
    (["fight-or-flight", "--players", "Ann,Ben,Cat"], [], "Ann: Skirmsh", "Skirmish"),
    (["zombie-attack", "--players", "Ann,Ben"], [], "Ann: strat d9", "start"),
    (["zombie-attack", "--players", "Ann,Ben"], [], "Ann: W Emtpy keep", "Empty"),
    (["zombies", "--players", "Ann,Ben"], [], "Ann: tlie", "tile"),
    (["fluxx", "--players", "Ann,Ben"], [], "Ann: daw ?", "draw"),
])
def test_a_typo_is_refused_with_the_closest_word(new, events, typo, meant):
    assert runner.invoke(app, ["new", *new]).exit_code == 0
    for e in events:
        res = runner.invoke(app, ["move", e])
        assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["move", typo])
    assert res.exit_code == 2
    assert f"did you mean {meant!r}?" in res.stderr
    assert runner.invoke(app, ["log", "--json"]).stdout.count('"text"') == len(events)


def test_no_suggestion_for_a_word_like_none_of_them():
    assert closest("xyzzy", ["play", "end", "draw"]) is None
    assert "did you mean" not in str(unknown("verb", "xyzzy", ["play", "end"]))


def test_a_pasted_essay_is_cut_before_it_is_compared():
    msg = str(unknown("verb", "p" * 100_000, ["play"]))
    assert len(msg) < 200


def test_plural_counts():
    assert [plural(n, "zombie") for n in (0, 1, 2)] == ["0 zombies", "1 zombie", "2 zombies"]


def test_choose_one_lists_only_complete_events():
    """Issue 25: ``play LR`` on l4 listed ``play LR:R``, itself refused (the right turn
    bounces off the east wall and a facing must be named)."""
    assert runner.invoke(app, ["new", "fluffy", "--fluffy", "Ana", "--zombies", "Ben"]).exit_code == 0
    for e in ("play F", "play F", "play F"):
        assert runner.invoke(app, ["move", e]).exit_code == 0
    res = runner.invoke(app, ["move", "play LR"])
    assert res.exit_code == 1
    assert "(choose one: play LR:L | play LR:R >N | play LR:R >S)" in res.stderr
    res = runner.invoke(app, ["move", "play LR", "--json"])
    import json

    assert json.loads(res.stdout)["error"]["options"] == ["play LR:L", "play LR:R >N", "play LR:R >S"]
