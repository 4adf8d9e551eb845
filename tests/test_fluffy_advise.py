"""The Zombies Want Fluffy advisor: honest by construction.

Certain captures come out as 1.0, impossible ones as 0.0, exact enumeration is used
where the hands are few, and a forced Monte Carlo estimate lands within its own 95%
interval of the exact value.  Every plan the advisor lists is a legal record line."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from referee.cards import Held
from referee.games.fluffy.advise import advise, distances
from referee.games.fluffy.engine import Game, Zombie
from referee.grid import parse_square
from referee.replay import sample_record, setup

from .conftest import YARD_TEXT

DECK = "F=10 L=4 R=4 B=2 LR=2 FB=2"


def zombies_to_play(fluffy: str, zombie: str, facing: str, hand: Held, shambled: bool = True) -> Game:
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK})
    s = g.s
    s.zombies = (Zombie("Raimi", parse_square(zombie), facing),)
    s.drawn = ("Raimi",)
    s.fluffy, s.turn, s.shambled, s.zombie_hand = parse_square(fluffy), "zombies", shambled, hand
    return g


def test_registered_in_the_spec():
    from referee.games import spec

    assert spec("fluffy").advise == "referee.games.fluffy.advise:advise"
    assert spec("fluffy").load(spec("fluffy").advise) is advise


def test_zombie_next_to_fluffy_with_a_forward_card_captures_for_certain():
    g = zombies_to_play("c3", "c2", "N", Held(("F",), 0))
    a = advise(g)
    top = a.options[0]
    assert (top.probability, top.low, top.high) == (1.0, 1.0, 1.0)
    assert a.best == "high" and a.method.startswith("exact")
    assert top.plan == "play F Raimi" and top.extra["checked"]
    trial = copy.copy(g)
    for event in top.plan.split("; "):
        trial.apply(event)
    assert trial.s.ending == "capture"


def test_a_zombie_too_far_to_reach_catches_nothing_and_the_replies_limit_fluffy():
    g = zombies_to_play("e4", "a1", "S", Held(("F", "F", "R"), 0))
    a = advise(g)
    assert a.question.startswith("zombies: no reply catches Fluffy this turn")
    assert a.method.startswith("exact: every reply of up to 3 cards, with the cards known to be held")
    assert a.notes[0] == "no play of up to 3 cards catches Fluffy; the nearest zombie is 7 steps away"
    assert a.options and not any(o.extra["catches"] for o in a.options)
    # the known hand: every reply uses its cards only, and holding them is certain
    assert all(Counter(o.extra["cards"]) <= Counter({"F": 2, "R": 1}) for o in a.options)
    assert all(o.probability == 1.0 for o in a.options)
    # ranked most limiting first: Raimi walked up (R then F F: a1-b1-c1-... or north)
    # ends nearer Fluffy than standing still
    top, still = a.options[0], next(o for o in a.options if not o.extra["cards"])
    assert top.extra["nearest_zombie"] < still.extra["nearest_zombie"] == 7
    trial = copy.copy(g)
    for event in top.plan.split("; "):
        trial.apply(event)
    assert trial.turn == "fluffy" and not trial.over


def test_the_chance_is_the_chance_the_hand_holds_the_card():
    # Raimi beside Fluffy but facing away: only a Backward movement (B or FB) catches
    # him with one card; with two cards other ways open.  One unknown card: the chance
    # is exactly (B + FB unseen) / (all unseen).
    g = zombies_to_play("c3", "c2", "S", Held((), 1))
    a = advise(g)
    unseen = 24  # the deck's 24 cards, none seen yet
    assert a.method.startswith("exact: every reply of up to 1 card, against every face-down hand")
    overall = next(n for n in a.notes if n.startswith("chance"))
    assert overall.endswith(f"{4 / unseen:.3f}")
    assert {tuple(o.extra["cards"]) for o in a.options} >= {("B",), ("FB",)}


def test_monte_carlo_lands_within_its_interval_of_the_exact_value():
    """Sampling forced (exact_limit=0) on a position small enough to enumerate: the
    exact chances fall inside the 95% intervals about 95% of the time (ten seeds, nine
    lines each), and the estimates are close."""
    g = zombies_to_play("c3", "c2", "S", Held((), 3))
    exact = advise(g)
    assert exact.method.startswith("exact")
    by_cards = {tuple(o.extra["cards"]): o.probability for o in exact.options}
    assert any(0 < p < 1 for p in by_cards.values())
    inside = total = 0
    for seed in range(10):
        sampled = advise(g, seed=seed, samples=2000, exact_limit=0)
        assert sampled.method.startswith("Monte Carlo: 2000 random face-down hands")
        assert {tuple(o.extra["cards"]) for o in sampled.options} == set(by_cards)
        for o in sampled.options:
            p = by_cards[tuple(o.extra["cards"])]
            inside += o.low <= p <= o.high
            total += 1
            assert abs(o.probability - p) < 0.05
    assert inside / total >= 0.88, (inside, total)


def test_fluffy_options_are_ranked_and_each_plan_is_legal():
    record = sample_record("sample")
    g = setup(record)
    events = [line.text for line in record.events]
    for text in events[:events.index("draw ? ? ? ? ?", 30) + 1]:
        g.apply(text)
    assert g.turn == "fluffy" and g.s.zombies
    a = advise(g, seed=1)
    assert a.best == "low" and a.options
    keys = [(o.probability, o.extra["distance"]) for o in a.options]
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)
    for o in a.options:
        trial = copy.copy(g)
        for event in o.plan.split("; "):
            trial.apply(event)        # legal, complete notation: no choice left open
        assert o.extra["goal"] in ("tree", "gate", "escaped")


def test_fluffy_ending_on_a_zombie_is_a_certain_capture():
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK})
    g.s.zombies = (Zombie("Raimi", parse_square("e2"), "S"),)
    g.s.drawn = ("Raimi",)
    g.s.fluffy_hand = Held(("F",), 0)
    g.s.fluffy, g.s.facing, g.s.pile = parse_square("e1"), "N", 0
    a = advise(g)
    # onto Raimi's square (caught as his turn ends), or sprinting on to e3 (Raimi turns
    # and steps onto him in the shamble): both certain
    assert sorted((o.plan, o.probability) for o in a.options) == [("play F; end", 1.0),
                                                                    ("play F; sprint; end", 1.0)]


def test_distances_by_breadth_first_search():
    g = Game.from_tags({"Board": "default"})
    board = g.board
    to_tree = distances(board, board.tree)
    assert to_tree[board.tree] == 0 and to_tree[board.flower] >= 11 + 11
    to_gate = distances(board, None, through_gate=True)
    assert to_gate[board.flower] == 1


@pytest.mark.parametrize("n", [0, 60, 118])
def test_advice_on_sample_positions_is_well_formed(n):
    record = sample_record("sample")
    g = setup(record)
    for line in record.events[:n]:
        g.apply(line.text)
    a = advise(g, seed=2)
    data = a.to_json()
    assert data["game"] == "fluffy" and data["method"]
    for o in data["options"]:
        assert 0 <= o["low"] <= o["probability"] <= o["high"] <= 1


def test_chance_fluffy_holds_the_unseen_cards_a_plan_needs():
    from math import comb

    from referee.games.fluffy.advise import _holds_chance

    pool = {"F": 10, "L": 4, "R": 4, "B": 2, "LR": 2, "FB": 2}
    assert _holds_chance(pool, 3, ("B",)) == pytest.approx(1 - comb(22, 3) / comb(24, 3))
    assert _holds_chance(pool, 2, ("B", "F")) == pytest.approx(2 * 10 / comb(24, 2))
    assert _holds_chance(pool, 1, ("B", "F")) == 0.0
    assert _holds_chance(pool, 2, ()) == 1.0
