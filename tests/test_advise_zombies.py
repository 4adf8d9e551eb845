"""The Zombies!!! advisor: exact fight odds for the player to move, checked on
positions whose answer is known, and through `referee advise`."""

from __future__ import annotations

import json
from fractions import Fraction

from typer.testing import CliRunner

from referee.cli import app
from referee.games.zombies.advise import advise
from referee.games.zombies.engine import Game
from referee.games.zombies.odds import fight_odds

runner = CliRunner()


def new(**tags) -> Game:
    return Game.from_tags({"Players": "Ann, Ben, Cat", **tags})


def test_three_ammo_makes_a_plain_fight_certain():
    game = new()
    seat = game.players[game.seat]
    seat.ammo, seat.life = 3, 0
    best = advise(game).options[0]
    assert best.probability == 1.0 and best.extra["policy"] == "ammo"
    # a roll of 1..3 costs 3, 2 or 1 ammo: 6/6 win, (3+2+1)/6 = 1 ammo on average
    assert best.extra["ammo_spent"] == 1.0 and best.extra["life_lost"] == 0.0


def test_no_ammo_no_life_is_one_roll():
    game = new()
    seat = game.players[game.seat]
    seat.ammo, seat.life = 0, 0
    assert {o.probability for o in advise(game).options} == {0.5}


def test_one_life_is_three_quarters_and_matches_the_odds_table():
    game = new()
    seat = game.players[game.seat]
    seat.ammo, seat.life = 0, 1
    assert advise(game).options[0].probability == 0.75
    assert fight_odds(4, 0, 1).win == Fraction(3, 4)


def test_expansions_add_the_harder_zombies():
    game = new(Expansions="zombie-corps, the-end")
    kinds = {o.extra["kind"] for o in advise(game).options}
    assert kinds == {"zombie", "enhanced", "dog"}
    plain = [o for o in advise(game).options if o.extra["kind"] == "zombie"]
    hard = [o for o in advise(game).options if o.extra["kind"] == "enhanced"]
    assert max(o.probability for o in hard) <= max(o.probability for o in plain)


def test_referee_advise_for_a_stored_game():
    assert runner.invoke(app, ["new", "zombies", "--players", "Ann,Ben,Cat"]).exit_code == 0
    result = runner.invoke(app, ["advise", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "zombies" and data["best"] == "high" and data["method"].startswith("exact")
    assert data["options"][0]["probability"] >= data["options"][-1]["probability"]
