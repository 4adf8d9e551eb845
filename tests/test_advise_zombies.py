"""The Zombies!!! advisor: exact fight odds for the player to move, checked on
positions whose answer is known, and through `referee advise`."""

from __future__ import annotations

import json
from fractions import Fraction

from .conftest import CliRunner

from referee.cli import app
from referee.games.zombies.advise import advise
from referee.games.zombies.engine import Game
from referee.games.zombies.odds import fight_odds

runner = CliRunner()


def new(**tags) -> Game:
    return Game.from_tags({"Players": "Ann, Ben, Cat", **tags})


def test_three_ammo_makes_a_plain_fight_certain():
    game = new()
    game.state = game.state.with_seat(game.seat, ammo=3, life=0)  # frozen: replaced, not changed
    best = advise(game).options[0]
    assert best.probability == 1.0 and best.extra["policy"] == "ammo"
    # a roll of 1..3 costs 3, 2 or 1 ammo: 6/6 win, (3+2+1)/6 = 1 ammo on average
    assert best.extra["ammo_spent"] == 1.0 and best.extra["life_lost"] == 0.0


def test_no_ammo_no_life_is_one_roll():
    game = new()
    game.state = game.state.with_seat(game.seat, ammo=0, life=0)  # frozen: replaced, not changed
    assert {o.probability for o in advise(game).options} == {0.5}


def test_one_life_is_three_quarters_and_matches_the_odds_table():
    game = new()
    game.state = game.state.with_seat(game.seat, ammo=0, life=1)  # frozen: replaced, not changed
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


# -- weapons (ruling 22, issue 23) ---------------------------------------------------------

#: Ann kills twice with Chainsaw +2, plays Shotgun a round later and loses a roll with it
#: (+1): a fight against a plain zombie is open, life 2, ammo 3, two weapons known.
TWO_WEAPONS = ['Ann: item "Chainsaw"', "Ann: tile road 3", "Ann: draw 1", "Ann: roll 4",
               "Ann: move 1", 'Ann: fight 2 +2 "Chainsaw"', "Ann: move 1",
               'Ann: fight 2 +2 "Chainsaw"', "Ann: zombies 2: 1", "Ann: end",
               "Ben: tile road 1", "Ben: roll 2", "Ben: zombies 2: 1", "Ben: end",
               'Ann: item "Shotgun"', "Ann: tile road 2", "Ann: draw 1", "Ann: roll 3",
               "Ann: move 1", 'Ann: fight 1 +1 "Shotgun" life']


def played(*events: str, **tags) -> Game:
    game = Game.from_tags({"Players": "Ann, Ben", "Tiles": "20", **tags})
    for event in events:
        game.apply(event)
    return game


def test_each_weapon_is_counted_alone_never_two_bonuses_on_one_roll():
    game = played(*TWO_WEAPONS)
    ann = game.players[0]
    assert (ann.life, ann.ammo, game.fight_open) == (2, 3, "zombie")
    advice = advise(game)
    assert {(o.extra["weapon"], o.extra["bonus"]) for o in advice.options} == {
        (None, 0), ("Chainsaw", 2), ("Shotgun", 1)}          # no +3 line: one weapon a roll
    for o in advice.options:
        assert o.probability == float(fight_odds(4, 3, 2, o.extra["policy"], bonus=o.extra["bonus"]).win)
    # three ammo make every way certain; the cost tells the weapons apart.  Life first,
    # a lost roll (a 1 with +2; 1..2 with +1; 1..3 bare) costs a life, twice at most:
    # 1/6 + 1/36, 2/6 + 4/36, 3/6 + 9/36 life on average
    life_lost = {o.extra["bonus"]: o.extra["life_lost"] for o in advice.options
                 if o.extra["policy"] == "life"}
    assert life_lost == {2: round(7 / 36, 6), 1: round(4 / 9, 6), 0: 0.75}
    assert advice.options[0].extra["weapon"] == "Chainsaw"      # certain and cheapest
    assert any("One weapon a roll" in n for n in advice.notes)
    assert any("last roll used Shotgun +1" in n for n in advice.notes)


def test_an_open_fight_is_advised_on_alone_and_says_so():
    game = played(*TWO_WEAPONS, Expansions="zombie-corps, the-end")
    advice = advise(game)
    assert {o.extra["kind"] for o in advice.options} == {"zombie"}   # the zombie being fought
    assert "the fight at hand (zombie, kills on 4+)" in advice.question


def test_a_weapon_with_no_written_bonus_is_named_but_not_counted():
    game = played('Ann: item "Chainsaw"')
    advice = advise(game)
    assert {o.extra["weapon"] for o in advice.options} == {None}
    assert any("no bonus written yet: Chainsaw" in n for n in advice.notes)


def test_the_first_line_says_what_was_enumerated_and_left_out():
    method = advise(played(*TWO_WEAPONS)).method
    assert method.startswith("exact: every face of the die on every roll")
    assert "ammo first, life first" in method and "one a roll" in method
    assert "event cards played during the fight are not counted" in method


def test_a_bonus_that_reaches_the_kill_number_on_a_one_is_certain():
    # Chainsaw written +3: 1 + 3 = 4 kills a plain zombie on every face, with nothing held
    game = played('Ann: item "Chainsaw"', "Ann: tile road 3", "Ann: draw 1", "Ann: roll 4",
                  "Ann: move 1", 'Ann: fight 1 +3 "Chainsaw"')
    game.state = game.state.with_seat(0, ammo=0, life=0)
    armed = [o for o in advise(game).options if o.extra["weapon"] == "Chainsaw"]
    assert armed and all(o.probability == 1.0 and o.extra["ammo_spent"] == 0 for o in armed)
    plain = [o for o in advise(game).options if o.extra["weapon"] is None]
    assert all(o.probability == 0.5 for o in plain)


def test_show_counts_the_best_weapon_on_the_next_roll_of_an_open_fight():
    from referee.games.zombies import render

    game = played(*TWO_WEAPONS)                  # the last roll used Shotgun +1
    best = fight_odds(4, 3, 2, "ammo", bonus=2)
    line = render.odds_line(game)
    assert "Chainsaw +2" in line and "Shotgun" not in line
    assert f"{best.percent()} to win" in line and f"{float(best.ammo_spent):.1f} ammo" in line
