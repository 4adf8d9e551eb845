"""The Fight or Flight simulation: the policy, seeded repeatability, the Wilson interval,
and the ``referee simulate fight-or-flight`` command."""

from __future__ import annotations

import json
import random

import pytest
from .conftest import CliRunner

from referee.cli import app
from referee.games.fight_or_flight.engine import Game
from referee.errors import BadInputError
from referee.games.fight_or_flight.simulate import choose_play, choose_show, play_game, simulate, wilson

runner = CliRunner()


def table(cards: str, players: str = "Ann, Ben, Cat, Dan") -> Game:
    game = Game.from_tags({"Players": players})
    for card in cards.split():
        game.apply(f"{game.players[game.turn]}: {card}")
    return game


def test_wilson_interval():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("cards, hand, pick", [
    ("", ["Heal", "Combat", "Evade", "Provision"], "Evade"),                  # a Flight first
    ("", ["Heal", "Combat", "Skirmish", "Rest"], "Skirmish"),                 # fights out early
    ("Heal Heal Heal", ["Heal", "Provision", "Rest"], "Provision"),           # day 4, none yet
    ("Provision Heal Heal", ["Heal", "Provision", "Rest"], "Rest"),           # the week is fed
    ("Combat", ["Rest", "Heal", "Skirmish"], "Heal"),                         # a Combat needs one
    ("Skirmish", ["Rest", "Heal", "Evade"], "Rest"),                          # Heals kept back
    ("Skirmish", ["Combat", "Skirmish", "Flee"], "Skirmish"),                 # better than stuck
    ("Combat", ["Combat", "Skirmish", "Flee", "End"], None),                  # stuck
])
def test_policy_choices(cards, hand, pick):
    hand = ["The End" if c == "End" else c for c in hand]
    assert choose_play(hand, table(cards)) == pick


def test_policy_plays_the_end_as_soon_as_it_may():
    calm = ("Provision Heal Rest Evade Heal Rest Evade Provision Heal Rest Evade Heal Rest Evade "
            "Provision Heal Rest Flee Heal Rest Flee Provision Heal Heal Heal Heal")
    game = table(calm)
    assert choose_play(["Provision", "The End", "Evade"], game) == "The End"
    assert choose_show(["Rest", "Combat", "The End"]) == "Combat"


def test_a_simulated_game_is_a_valid_record_that_replays_to_the_same_state():
    for seed in range(40):
        game, events = play_game(3, "experienced", random.Random(seed))
        assert game.over
        again = Game.from_tags(game.tags())
        for text in events:
            again.apply(text)
        assert again.to_json() == game.to_json()


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("variant", ["casual", "experienced", "challenge"])
def test_the_policy_never_breaks_a_rule(players, variant):
    summary = simulate(players, variant, 30, seed=players)
    assert summary.wins + sum(summary.losses.values()) == 30


def test_simulation_is_repeatable_and_adds_up():
    a = simulate(4, "casual", 200, seed=11).to_json()
    assert a == simulate(4, "casual", 200, seed=11).to_json()
    assert a["wins"] + sum(a["losses"].values()) == 200
    assert a["win_rate"] == round(a["wins"] / 200, 4)
    assert a["most_common_loss"] == max(a["losses"], key=a["losses"].get)
    lo, hi = a["ci95"]
    assert lo < a["win_rate"] < hi
    assert set(a["losses"]) <= {"hunger", "stuck", "out-of-cards"}


def test_bad_variant_is_bad_input_before_any_game():
    with pytest.raises(BadInputError):
        simulate(4, "impossible", 10, seed=1)


def test_simulate_command_json_matches_the_library():
    result = runner.invoke(app, ["simulate", "fight-or-flight", "--players", "4", "--variant",
                                 "experienced", "--games", "60", "--seed", "5", "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == simulate(4, "experienced", 60, seed=5).to_json()


def test_simulate_command_text_and_errors():
    out = runner.invoke(app, ["simulate", "fight-or-flight", "--games", "40", "--seed", "2"])
    assert out.exit_code == 0
    data = simulate(4, "casual", 40, seed=2).to_json()
    lo, hi = data["ci95"]
    assert f"wins: {data['wins']} ({data['win_rate']:.1%}; 95% CI {lo:.1%} to {hi:.1%})" in out.stdout
    assert f"most common loss: {data['most_common_loss']}" in out.stdout
    bad = runner.invoke(app, ["simulate", "fight-or-flight", "--variant", "nope", "--json"])
    assert bad.exit_code == 2
    assert json.loads(bad.stdout)["error"]["message"].startswith("unknown variant 'nope'")
    assert runner.invoke(app, ["simulate", "fight-or-flight", "--players", "9"]).exit_code == 2
