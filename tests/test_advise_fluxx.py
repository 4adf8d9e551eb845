"""The Zombie Fluxx advisor: a win this turn from the known cards (exact, by the engine),
a play that hands another player the win, and the next player's chance from the unseen
cards (every deal enumerated when few, else Monte Carlo within its interval), on
positions whose answers are known."""

from __future__ import annotations

import json
from math import comb

import pytest
from .conftest import CliRunner

from referee.cli import app
from referee.errors import BadInputError
from referee.games.fluxx import advise as A
from referee.games.fluxx.advise import advise
from referee.games.fluxx.engine import Game

runner = CliRunner()

#: Layered on the built-in catalogue: two Donuts, and a second Goal that shares Donuts
#: with Donuts with Coffee.
CARDS = """
["Donuts"]
type = "keeper"
count = 2

["Brains"]
type = "keeper"

["Brain Food"]
type = "goal"
needs = ["Brains", "Donuts"]
"""


def new(players: str = "Ann, Ben, Cat", **tags) -> Game:
    """Without the zombie cards: 25 cards (the catalogue's 22 non-zombie ones, a second
    Donuts, Brains and Brain Food)."""
    return Game.from_tags({"Players": players, "Zombies": "out", "Cards": "t.toml",
                           "CardsText": CARDS, **tags})


def play(game: Game, *events: str) -> Game:
    for event in events:
        game.apply(event)
    return game


#: Ann keeps Coffee, Ben plays Donuts with Coffee, Cat keeps Brains; Ann draws a Donuts.
COFFEE_THEN_DONUTS = ["Ann: draw Coffee", "Ann: play Coffee", "Ann: end",
                      'Ben: draw "Donuts with Coffee"', 'Ben: play "Donuts with Coffee"', "Ben: end",
                      "Cat: draw Brains", "Cat: play Brains", "Cat: end", "Ann: draw Donuts"]


def test_a_goal_met_by_one_play_is_a_win_now_and_ranks_first():
    game = play(new(), *COFFEE_THEN_DONUTS)
    advice = advise(game, seed=1)
    best = advice.options[0]
    assert best.plan == "play Donuts" and best.probability == 0.0
    assert best.extra["outcome"] == "wins" and best.extra["winner"] == "Ann"
    assert "Ann wins now (Donuts with Coffee)" in best.detail
    assert advice.method.startswith("this turn: exact over every order of Ann's known cards")
    # the three dealt cards are unseen: said, not guessed
    assert any("Ann holds 3 card(s) the referee has not seen" in n for n in advice.notes)
    # the advisor worked on a copy: the game is untouched
    assert not game.over and game.hands[0].known["Donuts"] == 1


def test_a_goal_the_next_player_already_meets_hands_him_the_win():
    # Ben keeps Brains and Donuts; Ann holds Brain Food: playing it makes Ben win at once
    game = play(new("Ann, Ben"), "Ann: draw Coffee", "Ann: play Coffee", "Ann: end",
                "Ben: draw Brains", "Ben: play Brains", "Ben: end",
                'Ann: draw "Brain Food"', "Ann: play Lumber", "Ann: end",
                "Ben: draw Donuts", "Ben: play Donuts", "Ben: end", "Ann: draw Shovel")
    advice = advise(game, seed=1)
    by_plan = {o.plan: o for o in advice.options}
    bad = by_plan['play "Brain Food"']
    assert bad.probability == 1.0 and bad.extra["outcome"] == "hands-win"
    assert bad.extra["winner"] == "Ben" and "hands Ben the win at once" in bad.detail
    assert advice.options[-1].plan == 'play "Brain Food"'        # ranked last
    # Shovel: nothing unseen lets Ben meet Donuts with Coffee (Ann's Coffee is the only one)
    assert by_plan["play Shovel"].probability == 0.0


def test_an_ungoal_met_by_a_play_is_everybody_losing():
    cards = CARDS + '\n["Too Much Coffee"]\ntype = "ungoal"\nneeds = ["Coffee", "Brains"]\n'
    game = play(new("Ann, Ben", CardsText=cards), "Ann: draw Coffee", "Ann: play Coffee", "Ann: end",
                'Ben: draw "Too Much Coffee"', 'Ben: play "Too Much Coffee"', "Ben: end",
                "Ann: draw Brains")
    line = {o.plan: o for o in advise(game).options}["play Brains"]
    assert line.probability == 1.0 and line.extra["outcome"] == "ungoal"


def next_needs_donuts() -> Game:
    """Ben (next) keeps Coffee under Donuts with Coffee and needs one of the 2 Donuts;
    Ann holds nothing known, Cat keeps Lumber.  Ben's 3 dealt cards and his 1 draw are
    unseen: 4 cards from the unseen non-Creepers."""
    return play(new(), "Ann: draw ?", 'Ann: play "Donuts with Coffee"', "Ann: end",
                "Ben: draw Coffee", "Ben: play Coffee", "Ben: end",
                "Cat: draw Lumber", "Cat: play Lumber", "Cat: end", "Ann: draw Shovel")


def exact_chance(game: Game) -> float:
    seen = game.visible()
    unseen = sum(k - seen[n] for n, k in game.composition.items())
    donuts = game.composition["Donuts"] - seen["Donuts"]
    return 1 - comb(unseen - donuts, 4) / comb(unseen, 4)


def test_the_next_players_chance_is_every_deal_of_the_unseen_cards():
    game = next_needs_donuts()
    want = exact_chance(game)                  # 1 - C(17, 4)/C(19, 4) with 19 unseen, 2 Donuts
    advice = advise(game)
    line = {o.plan: o for o in advice.options}["play Shovel"]
    assert line.probability == pytest.approx(want, abs=1e-12)
    assert line.extra["enumerated"] is True and line.low == line.high == line.probability
    assert "every deal of the unseen cards that matter enumerated" in advice.method
    assert "lower bound" in advice.method


def test_monte_carlo_lands_within_its_interval_of_the_exact_value(monkeypatch):
    game = next_needs_donuts()
    want = exact_chance(game)
    monkeypatch.setattr(A, "EXACT_BUDGET", 0)    # force sampling
    advice = advise(game, seed=3, samples=4000)
    line = {o.plan: o for o in advice.options}["play Shovel"]
    assert line.extra["enumerated"] is False
    assert line.low <= want <= line.high and line.high - line.low < 0.04
    assert advice.method.count("Monte Carlo, 4000 deals") == 1 and "95% interval" in advice.method


def test_no_unseen_card_that_matters_gives_a_certain_answer():
    # both Donuts are seen (one kept by Cat, one in Ann's hand): Ben can never meet the Goal
    game = play(new(), "Ann: draw ?", 'Ann: play "Donuts with Coffee"', "Ann: end",
                "Ben: draw Coffee", "Ben: play Coffee", "Ben: end",
                "Cat: draw Donuts", "Cat: play Donuts", "Cat: end", "Ann: draw Donuts")
    advice = advise(game)
    assert "next turn: no unseen card can change it" in advice.method
    assert all(o.probability == 0.0 for o in advice.options)
    assert advice.notes[0] == "As the table stands, Ben's chance to win on their turn: 0.0% (every deal)."


def test_hand_names_the_hidden_cards_for_this_question_only():
    game = play(new(), *COFFEE_THEN_DONUTS)
    advice = advise(game, hand='Donuts "Brain Food" Lumber Shovel')
    assert {o.plan for o in advice.options} == {"play Donuts", 'play "Brain Food"', "play Lumber",
                                                "play Shovel"}
    assert game.hands[0].unknown == 3                    # nothing stored
    with pytest.raises(BadInputError, match="holds 4 card"):
        advise(game, hand="Donuts Lumber")
    with pytest.raises(BadInputError, match="leaves it out"):
        advise(game, hand="Lumber Shovel Brains Zombie")


def test_an_action_the_catalogue_does_not_model_is_named_in_the_notes():
    game = play(new(), *COFFEE_THEN_DONUTS)
    advice = advise(game, hand='Donuts "Exchange Keepers" Lumber Shovel')
    assert any("Exchange Keepers" in n and "does not model" in n for n in advice.notes)


def test_a_free_kill_that_meets_the_goal_is_a_win_now():
    # the built-in sample, turn 7: Ann's Pair of Zombies stops Donuts with Coffee until she
    # kills it with bare hands (Zombie Season)
    from referee.replay import sample_record

    record = sample_record("sample-fluxx")
    game = Game.from_tags({k: v for k, v in record.tags.items() if k != "Game"})
    for event in record.events[:-1]:
        game.apply(event.text)
    best = advise(game, seed=1).options[0]
    assert best.plan == 'kill "Pair of Zombies" with bare-hands' and best.extra["outcome"] == "wins"


def test_referee_advise_for_a_stored_fluxx_game():
    assert runner.invoke(app, ["new", "fluxx", "--players", "Ann,Ben,Cat"]).exit_code == 0
    result = runner.invoke(app, ["advise", "--json", "--seed", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "fluxx" and data["best"] == "low"
    # a new game: Ann's three dealt cards and her draw are unseen, nobody keeps anything
    assert data["method"].startswith("this turn: exact over every order of Ann's known cards")
    assert data["options"] == []
    assert data["notes"][0] == "As the table stands, Ben's chance to win on their turn: 0.0% (every deal)."
    assert any("Ann holds 4 card(s) the referee has not seen" in n for n in data["notes"])


RECORD = """[Game "fluxx"]
[Players "Ann, Ben, Cat"]
[Zombies "out"]
Ann: draw Coffee
Ann: play Coffee
Ann: end
Ben: draw "Donuts with Coffee"
Ben: play "Donuts with Coffee"
Ben: end
Cat: draw Lumber
Cat: play Lumber
Cat: end
Ann: draw Donuts
"""


def test_referee_advise_with_a_hand_prints_the_win_first_and_never_calls_a_bound_exact(tmp_path):
    path = tmp_path / "g.flx"
    path.write_text(RECORD)
    assert runner.invoke(app, ["import", str(path)]).exit_code == 0
    result = runner.invoke(app, ["advise", "--hand", 'Donuts Shovel "Draw 2" Brains'])
    assert result.exit_code == 2 and "--hand names 'Brains'" in result.stderr
    result = runner.invoke(app, ["advise", "--hand", 'Donuts Shovel "Draw 2" "Play 2"', "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    plans = [(o["plan"], o["outcome"]) for o in data["options"]]
    # Play 2 first leaves a play for Donuts: a second win, one play longer, ranked next
    assert plans[:2] == [("play Donuts", "wins"), ('play "Play 2"; play Donuts', "wins")]
    assert {p for p, _ in plans[2:]} == {"play Shovel", 'play "Draw 2"; draw ?'}
    assert all(o["lower_bound"] for o in data["options"][2:])
    text = runner.invoke(app, ["advise", "--hand", 'Donuts Shovel "Draw 2" "Play 2"']).stdout
    assert text.startswith("Ann to play: a win this turn")
    rows = [line for line in text.splitlines() if "play Shovel" in line]
    assert rows and "lower bound" in rows[0] and "exact" not in rows[0]
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_new_draw_rule_draws_unseen_cards_and_the_known_win_still_follows():
    # Ann holds Draw 3 and Play 2 besides Donuts: Play 2 then Donuts wins; Draw 3 first
    # makes her draw 2 unseen cards, and the Basic Rules' one play is then spent
    game = play(new(), *COFFEE_THEN_DONUTS)
    advice = advise(game, hand='Donuts "Draw 3" "Play 2" Shovel')
    plans = {o.plan: o for o in advice.options}
    assert plans['play "Play 2"; play Donuts'].extra["outcome"] == "wins"
    assert plans['play "Draw 3"; draw ? ?'].extra["outcome"] == "open"
    assert "Ann still owes" not in plans['play "Draw 3"; draw ? ?'].detail


def test_sampling_and_enumeration_agree_when_creepers_are_drawn_past(monkeypatch):
    # the sample game before Cat's last `end`: Ann (next) keeps Coffee and Donuts under
    # Donuts with Coffee, with a Pair of Zombies that bare hands (Zombie Season) can kill;
    # the zombie Creepers she may draw on the way decide it.  The two deal generators are
    # written independently (merged states vs shuffled card names).
    from referee.replay import sample_record, setup

    record = sample_record("sample-fluxx")
    game = setup(record)
    texts = [line.text for line in record.events]
    for text in texts[:max(i for i, t in enumerate(texts) if t == "Cat: end")]:
        game.apply(text)
    enumerated = A._next_turn(game, 0, 0, None)
    assert enumerated.exact and enumerated.matters and 0.9 < enumerated.p < 1
    monkeypatch.setattr(A, "EXACT_BUDGET", 0)
    sampled = A._next_turn(game, 0, 20000, 11)
    assert not sampled.exact and sampled.low <= enumerated.p <= sampled.high
