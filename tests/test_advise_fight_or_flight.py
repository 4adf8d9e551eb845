"""The Fight or Flight advisor (referee.games.fight_or_flight.advise): certain outcomes
stated exactly, random deals that respect what the referee knows, and Monte Carlo
intervals checked against an exact enumeration of every deal of an endgame."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from referee.errors import BadInputError
from referee.games.fight_or_flight import advise as advise_module
from referee.games.fight_or_flight.advise import (
    MIN_DEALS, PRECISION, Dealer, advise, all_deals, deal, deal_count, draw, options,
    paired_interval, play_on, play_out, policy, unseen,
)
from referee.games.fight_or_flight.engine import Game
from referee.games.fight_or_flight.simulate import choose_play, choose_show


def position(players: str, events: list[str], variant: str = "casual") -> Game:
    game = Game.from_tags({"Players": players, "Variant": variant})
    for event in events:
        game.apply(event)
    return game


def lines(advice) -> dict:
    return {line.plan: line for line in advice.options}


# Two players, casual, day 54: the deck is empty, each hand holds four hidden cards, and
# the eight cards nobody has seen are The End, four Combats, a Provision, an Evade and a
# Flee.  The count of fight-free days is 13, and week 8 (days 50-56) has no Provision.
ENDGAME_2P = (
    "Ann: Skirmish, Ben: Skirmish, Ann: Heal, Ben: Rest, Ann: Skirmish, Ben: Skirmish, "
    "Ann: Provision, Ben: Heal, Ann: Rest, Ben: Skirmish, Ann: Skirmish, Ben: Heal, "
    "Ann: Rest, Ben: Provision, Ann: Skirmish, Ben: Skirmish, Ann: Heal, Ben: Rest, "
    "Ann: Skirmish, Ben: Skirmish, Ann: Provision, Ben: Heal, Ann: Rest, Ben: Skirmish, "
    "Ann: Skirmish, Ben: Heal, Ann: Rest, Ben: Provision, Ann: Skirmish, Ben: Rest, "
    "Ann: Rest, Ben: Combat, Ann: Heal, Ben: Heal, Ann: Provision, Ben: Combat, Ann: Heal, "
    "Ben: Heal, Ann: Combat, Ben: Heal, Ann: Heal, Ben: Provision, Ann: Backtrack, "
    "Ben: Backtrack, Ann: Backtrack, Ben: Backtrack, Ann: Backtrack, Ben: Evade, "
    "Ben: Provision, Ann: Evade, Ann: Evade, Ann: Evade, Ann: Flee, Ben: Flee"
).split(", ")

# Four players, casual, day 50: Ben, Ann and Cat show a Combat face up; nine cards are
# unseen (two of them Skirmishes), the deck is empty.
ENDGAME_4P = (
    "Ann: Skirmish, Ben: Skirmish, Cat: Heal, Dan: Rest, Ann: Skirmish, Ben: Skirmish, "
    "Cat: Provision, Dan: Heal, Ann: Rest, Ben: Skirmish, Cat: Skirmish, Dan: Heal, "
    "Ann: Rest, Ben: Provision, Cat: Skirmish, Dan: Skirmish, Ann: Heal, Ben: Rest, "
    "Cat: Skirmish, Dan: Skirmish, Ann: Provision, Ben: Heal, Cat: Rest, Dan: Skirmish, "
    "Ann: Rest, Ben: Rest, Cat: Combat, Dan: Provision, Ann: Heal, Ben: Rest, Cat: Combat, "
    "Dan: Heal, Ann: Heal, Ben: Combat, Cat: Provision, Dan: Heal, Ann: Heal, Ben: Backtrack, "
    "Ann: Backtrack, Ben: Backtrack, Ben: show Combat, Ann: Backtrack, Ann: show Combat, "
    "Ben: Provision, Cat: Evade, Cat: show Combat, Ann: Evade, Cat: Evade, Ann: Evade, "
    "Cat: Flee, Ben: Flee, Ann: Provision, Ben: Heal"
).split(", ")


# -- the exact enumerator: every deal of the unseen cards, played through Game.apply ------

def _play_out(game: Game, hands: list[list[str]], deck: list[str], first: str) -> bool:
    """The cooperative policy from the deal, every event through the engine's apply."""
    names = game.players
    face = [game.shown(s) for s in range(len(names))]
    card = first
    while not game.over:
        seat, hand = game.turn, hands[game.turn]
        if card is None:
            card = choose_play(hand, game)
            if card is None:
                game.apply(f"{names[seat]}: stuck")
                break
        hand.remove(card)
        if face[seat] == card:
            face[seat] = None
        if deck:
            hand.append(deck.pop())
        game.apply(f"{names[seat]}: {card}")
        card = None
        if not game.over and game.may_show[seat] and face[seat] is None and hand:
            face[seat] = choose_show(hand)
            game.apply(f"{names[seat]}: show {face[seat]}")
    return game.result == "win"


def _deals(game: Game):
    """Every deal of the unseen cards (each copy distinct, so all equally likely):
    ``(hidden part of each hand, deck in drawing order)``, grouped with their counts."""
    pool = unseen(game)
    sizes = [h.unknown for h in game.hands]
    out: Counter = Counter()

    def split(left: tuple[int, ...], k: int, taken: list[tuple[str, ...]]):
        if k == len(sizes):
            for order in itertools.permutations(left):
                out[(tuple(taken), tuple(pool[i] for i in order))] += 1
            return
        for pick in itertools.combinations(left, sizes[k]):
            rest = tuple(i for i in left if i not in pick)
            split(rest, k + 1, taken + [tuple(sorted(pool[i] for i in pick))])

    split(tuple(range(len(pool))), 0, [])
    return out


def exact_win(game: Game, card: str) -> float:
    """The exact chance of winning when the player to play holds ``card``, plays it and
    everyone then follows the policy, over all deals consistent with what is seen."""
    seat = game.turn
    won = total = 0
    for (hidden, deck), weight in _deals(game).items():
        hands = [list(game.hands[s].known.elements()) + list(h) for s, h in enumerate(hidden)]
        if card not in hands[seat]:
            continue
        total += weight
        won += weight * _play_out(game.copy(), hands, list(deck), card)
    return won / total


# -- certain outcomes -----------------------------------------------------------------

def test_the_end_in_hand_is_a_certain_win_and_a_fight_without_recovery_cards_a_certain_loss():
    game = position("Ann, Ben", ENDGAME_2P)
    advice = advise(game, samples=50)
    by_plan = lines(advice)
    end = by_plan["Ann: The End"]
    assert (end.probability, end.low, end.high) == (1.0, 1.0, 1.0)
    assert end.detail == "certain: wins at once"
    assert advice.options[0] is end and advice.best == "high"
    combat = by_plan["Ann: Combat"]
    assert (combat.probability, combat.low, combat.high) == (0.0, 0.0, 0.0)
    assert combat.detail.startswith("certain: The End out of reach: 2 more Recovery cards needed")
    assert advice.options[-1] is combat
    assert [line.plan for line in advice.options[1:-1]] and all(
        0 < line.probability < 1 and line.low < line.probability < line.high
        for line in advice.options[1:-1])


def test_a_card_that_ends_a_week_without_provision_loses_at_once():
    game = position("Ann, Ben, Cat, Dan", ["Ann: Rest", "Ben: Rest", "Cat: Rest", "Dan: Rest",
                                           "Ann: Heal", "Ben: Heal"])
    by_plan = lines(advise(game, samples=40))
    assert set(by_plan) == {f"Cat: {c}" for c in options(game)}
    for plan, line in by_plan.items():
        if plan == "Cat: Provision":
            assert 0 < line.probability < 1 and line.extra["samples"] == 40
        else:
            assert line.probability == line.low == line.high == 0.0
            assert line.detail == "certain: loses at once: week 1 ended without a Provision"


def test_a_lost_position_is_lost_whatever_is_played_and_said_exactly():
    # challenge with 4 Heal out: 8 Heals, all played by day 9; the Combat on day 11
    # needs a Heal that no longer exists.
    events = ["Ann: Provision"] + [f"{p}: Heal" for p in ["Ben", "Ann"] * 4] + ["Ben: Provision"]
    game = position("Ann, Ben", events, "challenge heal=4 rest=2")
    assert game.end_unreachable() is None
    game.apply("Ann: Combat")
    advice = advise(game)
    assert advice.options and all(line.probability == line.high == 0.0 for line in advice.options)
    assert advice.method == "exact: each card decides the game by itself"
    assert all("every Heal has been played" in line.detail for line in advice.options)


def test_a_finished_game_has_nothing_to_advise():
    game = position("Ann, Ben", ENDGAME_2P + ["Ann: The End"])
    advice = advise(game)
    assert advice.options == [] and advice.question.startswith("The game is over: win")


# -- deals and play-outs --------------------------------------------------------------

@pytest.mark.parametrize("holding", [None, "The End", "Skirmish", "Evade"])
def test_deals_respect_face_up_cards_hand_sizes_and_the_card_held(holding):
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P)
    assert [game.shown(s) for s in range(4)] == ["Combat", "Combat", "Combat", None]
    rng = random.Random(7)
    pool = Counter(unseen(game))
    for _ in range(200):
        hands, deck = deal(game, rng, holding)
        assert [len(h) for h in hands] == [h.size for h in game.hands] and len(deck) == game.deck
        for s in range(3):
            assert "Combat" in hands[s]
        hidden = Counter(deck)
        for s, h in enumerate(hands):
            hidden += Counter(h) - game.hands[s].known
        assert hidden == pool
        if holding:
            assert holding in hands[game.turn]


def test_the_deal_given_a_card_is_uniform_among_deals_where_the_player_holds_it():
    # Cat holds two hidden cards out of nine unseen, two of them Skirmishes: given that
    # Cat holds a Skirmish, both are Cat's with chance 1 / (1 + 2*7) = 1/15.
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P)
    assert game.players[game.turn] == "Cat" and game.hands[game.turn].unknown == 2
    rng = random.Random(3)
    n = 6000
    both = sum(deal(game, rng, "Skirmish")[0][game.turn].count("Skirmish") == 2 for _ in range(n))
    assert abs(both / n - 1 / 15) < 0.015


def test_fast_play_outs_replay_through_the_engine_with_the_same_result():
    for events, players in ((ENDGAME_2P, "Ann, Ben"), (ENDGAME_4P, "Ann, Ben, Cat, Dan"),
                            (ENDGAME_4P[:20], "Ann, Ben, Cat, Dan"), ([], "Ann, Ben, Cat")):
        game = position(players, events)
        rng = random.Random(11)
        for card in options(game):
            for _ in range(5):
                hands, deck = deal(game, rng, card)
                log: list[str] = []
                won = play_on(game.copy(), hands, deck, card, events=log)
                replay = game.copy()
                for event in log:
                    replay.apply(event)
                doomed = replay.end_unreachable() is not None
                assert won == (replay.result == "win")
                assert replay.over or doomed or log[-1].endswith("stuck")


# -- Monte Carlo against the exact values -------------------------------------------------

def test_monte_carlo_intervals_cover_the_exact_chances_of_an_endgame():
    game = position("Ann, Ben", ENDGAME_2P)
    sampled = [line.plan for line in advise(game, samples=10, exact=False).options if line.extra]
    assert sampled == ["Ann: Flee", "Ann: Provision", "Ann: Evade"] or set(sampled) == {
        "Ann: Flee", "Ann: Provision", "Ann: Evade"}
    truth = {plan: exact_win(game, plan.split(": ")[1]) for plan in sampled}
    # the enumeration itself: a Flee or a Provision leaves Ben to play with The End
    # probably in hand; an Evade makes Ann play again, from a weaker hand
    assert truth["Ann: Evade"] < truth["Ann: Flee"] and 0 < truth["Ann: Evade"] < 1
    covered = total = 0
    means = Counter()
    seeds = range(20)
    for seed in seeds:
        for line in advise(game, seed=seed, samples=200, exact=False).options:
            if line.plan in truth:
                total += 1
                covered += line.low <= truth[line.plan] <= line.high
                means[line.plan] += line.probability / len(seeds)
    assert covered / total >= 0.85, (covered, total)  # 95% intervals: about 57 of 60
    for plan, exact in truth.items():
        assert abs(means[plan] - exact) < 0.025, (plan, means[plan], exact)


def test_monte_carlo_matches_the_exact_chance_with_face_up_cards():
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P)
    line = lines(advise(game, seed=5, samples=600, exact=False))["Cat: Evade"]
    exact = exact_win(game, "Evade")
    assert line.low <= exact <= line.high and line.high - line.low < 0.09


def test_with_no_more_deals_than_samples_the_advisor_enumerates_them_all():
    game = position("Ann, Ben", ENDGAME_2P)
    assert sorted(h.unknown for h in game.hands) == [3, 5] and deal_count(game) == 56
    assert sum(all_deals(game).values()) == 56
    advice = advise(game, samples=56)
    assert advice.method == ("exact: every deal of the 8 unseen cards (56 deals), equally likely; "
                             "simplified: after the card everyone plays the cooperative policy of "
                             "`referee simulate` (not the best play)")
    for line in advice.options:
        assert line.low == line.probability == line.high
        if "deals" in line.extra:
            assert line.probability == pytest.approx(exact_win(game, line.plan.split(": ")[1]), abs=1e-12)
    assert advise(game, samples=55).method.startswith("Monte Carlo on common random numbers: 55 deals")
    assert advise(game, samples=100, exact=False).method.startswith(
        "Monte Carlo on common random numbers: 100 deals")
    assert advise(game).method.startswith("exact: every deal")  # 56 deals: fewer than MAX_DEALS


# -- the advice object ----------------------------------------------------------------

def test_advice_is_repeatable_leaves_the_game_alone_and_is_ranked():
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P[:20])
    before = game.to_json()
    first = advise(game, seed=4, samples=30).to_json()
    assert game.to_json() == before
    assert advise(game, seed=4, samples=30).to_json() == first
    assert advise(game, seed=5, samples=30).to_json() != first
    probs = [o["probability"] for o in first["options"]]
    assert probs == sorted(probs, reverse=True)
    assert first["method"].startswith("Monte Carlo on common random numbers: 30 deals of the 42 "
                                      "unseen cards (seed 4), each card played on the same deals")
    assert first["question"] == "Ann to play: the group's chance of reaching The End"
    assert {o["plan"] for o in first["options"]} == {f"Ann: {c}" for c in options(game)}


def test_a_pending_show_is_made_before_the_card_is_played():
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P[:40])  # day 40, Ann to play
    game.apply("Ann: show Evade")
    game.apply("Ann: Evade")  # Ann's face-up card: Ann must show another before play goes on
    assert (game.must_show, game.players[game.turn]) == (0, "Cat")
    assert all(o.text.startswith("Ann: show") for o in game.legal_events())
    advice = advise(game, samples=20)
    assert advice.notes[0] == "Ann must first show a face-up card (taken as the policy's choice)"
    plans = {line.plan for line in advice.options}
    assert "Cat: Evade" in plans and plans == {f"Cat: {c}" for c in options(game)}


def test_samples_out_of_range_are_bad_input():
    game = position("Ann, Ben", [])
    for bad in (0, -3, 10**6):
        with pytest.raises(BadInputError):
            advise(game, samples=bad)


def test_every_position_of_the_built_in_sample_gets_one_line_per_legal_card():
    from referee.games import spec
    from referee.records import parse_record

    record = parse_record(spec("fight-or-flight").sample_text())
    game = Game.from_tags(record.game_tags())
    seen = 0
    for line in [None, *record.events]:
        if line is not None:
            game.apply(line.text)
        if game.over:
            break
        advice = advise(game, samples=4, seed=seen)
        plans = [line.plan for line in advice.options]
        if game.must_show is None:
            # one line per card: "Dan: Heal shown" / "Dan: Heal hidden" (which copy, when Dan
            # shows a Heal and may hold another) are one card for the advice
            legal = {o.text.removesuffix(" shown").removesuffix(" hidden") for o in game.legal_events()
                     if ": show " not in o.text and not o.text.endswith(": stuck")}
            assert sorted(plans) == sorted(legal)
        assert all(0 <= l.low <= l.probability <= l.high <= 1 for l in advice.options)
        seen += 1
    assert game.result == "win" and seen >= 30
