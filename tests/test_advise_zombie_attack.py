"""The Zombie Attack advisor: exact reach of each zombie with each roll, checked on
positions whose answer is known, and through `referee advise`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from referee.cli import app
from referee.games.zombie_attack.advise import advise, reach
from referee.games.zombie_attack.engine import Game
from referee.grid import parse_square

runner = CliRunner()


def placed(**squares) -> Game:
    """Two zombies on the front exit (f1) of the default mansion, humans put by hand."""
    game = Game.from_tags({"Players": ", ".join(squares), "Zombies": "2"})
    for player in game.s.players:
        player.at = parse_square(squares[player.name])
    return game


def test_a_human_next_to_the_zombies_is_reached_on_every_roll_and_a_far_one_never():
    game = placed(Ann="f2", Ben="a10")
    lines = {o.extra["human"]: o for o in advise(game).options}
    assert lines["Ann"].probability == 1.0
    assert lines["Ben"].probability == 0.0 and lines["Ben"].detail == "no zombie can reach"
    assert [o.extra["human"] for o in advise(game).options] == ["Ben", "Ann"]  # safest first


def test_each_zombie_rolls_its_own_die():
    game = placed(Ann="f2", Ben="a10")
    rolls = reach(game)
    assert rolls[(0, "f1", "Ann")] == [1, 2, 3, 4, 5, 6] == rolls[(1, "f1", "Ann")]
    # a human exactly six steps away is reached only on a 6: by either of two zombies
    game = placed(Ann="a2", Ben="a10")  # f1-f2-e2-d2-c2-b2-a2
    ann = next(o for o in advise(game).options if o.extra["human"] == "Ann")
    assert [z["rolls"] for z in ann.extra["zombies"]] == [[6], [6]]
    assert abs(ann.probability - (1 - (5 / 6) ** 2)) < 1e-9


def test_referee_advise_for_a_stored_game():
    assert runner.invoke(app, ["new", "zombie-attack", "--players", "Ann,Ben"]).exit_code == 0
    result = runner.invoke(app, ["advise", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "zombie-attack" and data["method"].startswith("exact")
