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
    assert advice.method == ("exact for the policy: every deal of the 8 unseen cards (56 deals) "
                             "played out; simplified: after the card everyone plays the cooperative "
                             "policy of `referee simulate` (not the best play); every deal taken as "
                             "equally likely (what past plays hint about the hands is not used)")
    for line in advice.options:
        assert line.low == line.probability == line.high
        if "deals" in line.extra:
            assert line.probability == pytest.approx(exact_win(game, line.plan.split(": ")[1]), abs=1e-12)
    assert advise(game, samples=55).method.startswith("Monte Carlo on common random numbers: 55 deals")
    assert advise(game, samples=100, exact=False).method.startswith(
        "Monte Carlo on common random numbers: 100 deals")
    assert advise(game).method.startswith("exact for the policy: every deal")  # 56 deals: fewer than MAX_DEALS


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


# -- issue 23: the lean play-out, common random numbers, the stopping rule, --hand -------

def _positions():
    """Positions along simulated games (3 and 4 players, casual and challenge)."""
    from referee.games.fight_or_flight.simulate import play_game

    for gseed in range(12):
        players, variant = (4, "casual") if gseed % 2 else (3, "challenge")
        done, events = play_game(players, variant, random.Random(gseed))
        game = Game.from_tags(done.tags())
        for k, event in enumerate(events):
            if game.over:
                break
            if k % 4 == 0:
                yield game.copy()
            game.apply(event)


def test_the_lean_play_out_gives_the_engines_result_deal_by_deal():
    checked = 0
    for game in _positions():
        rng = random.Random(game.day)
        for card in options(game):
            for _ in range(2):
                hands, deck = deal(game, rng, card)
                by_engine = play_on(game.copy(), [list(h) for h in hands], list(deck), card)
                won, plays = play_out(game, hands, deck, card)
                assert won == by_engine, (game.played, card)
                assert plays >= 1
                checked += 1
    assert checked > 500


def test_the_policy_on_numbers_picks_the_simulations_card():
    rng = random.Random(5)
    checked = 0
    for game in _positions():
        for _ in range(5):
            hand = rng.sample(list(CARDS_DECK), rng.randint(0, 6))
            assert policy(hand, game.day, game.recovering, game.recovery_cards,
                          game.recovery_heals, game.fight_free_days,
                          game.provisioned[-1]) == choose_play(hand, game)
            checked += 1
    assert checked > 200


CARDS_DECK = [c for c, n in Game.from_tags({"Players": "A, B"}).composition.items() for _ in range(n)]


_REAL_PLAY_OUT = advise_module.play_out


def _record_deals(monkeypatch):
    """Instrument the advisor: every play-out's card and deal (copied before play)."""
    seen: list[tuple[str, list[list[str]], list[str]]] = []
    real = _REAL_PLAY_OUT

    def recording(game, hands, deck, first):
        seen.append((first, [sorted(h) for h in hands], list(deck)))
        return real(game, hands, deck, first)

    monkeypatch.setattr(advise_module, "play_out", recording)
    return seen


def _by_deal(seen, cards):
    """The recorded play-outs grouped by deal: ``[{card: (hands, deck)}, ...]``."""
    out: list[dict] = []
    for card, hands, deck in seen:
        if not out or card in out[-1]:
            out.append({})
        out[-1][card] = (hands, deck)
    assert all(set(d) <= set(cards) for d in out)
    return out


def test_with_a_seed_every_card_is_played_on_the_same_deals(monkeypatch):
    # Ann, opening a four-player game, says her whole hand: every card she may play is
    # played on literally the same deals of the 58 cards she does not hold.
    game = position("Ann, Ben, Cat, Dan", [])
    seen = _record_deals(monkeypatch)
    advice = advise(game, seed=3, samples=60, hand="Heal Rest Provision Skirmish")
    cards = [line.plan.split(": ")[1] for line in advice.options]
    assert sorted(cards) == ["Heal", "Provision", "Rest", "Skirmish"]
    deals = _by_deal(seen, cards)
    assert len(deals) == 60 and len({str(d["Heal"]) for d in deals}) == 60  # 60 distinct deals
    for d in deals:
        assert set(d) == set(cards)
        first = d[cards[0]]
        assert all(d[c] == first for c in cards)  # the same deal for every card
        assert sorted(first[0][0]) == ["Heal", "Provision", "Rest", "Skirmish"]
    assert "the same deals for every card" in advice.method
    # the same seed gives the same deals; another seed others
    again = _record_deals(monkeypatch)
    advise(game, seed=3, samples=60, hand="Heal Rest Provision Skirmish")
    assert again == seen
    other = _record_deals(monkeypatch)
    advise(game, seed=4, samples=60, hand="Heal Rest Provision Skirmish")
    assert _by_deal(other, cards)[0] != deals[0]


def test_without_a_hand_a_card_the_dealt_hand_holds_is_played_on_that_very_deal(monkeypatch):
    game = position("Ann, Ben, Cat, Dan", [])
    seen = _record_deals(monkeypatch)
    advice = advise(game, seed=1, samples=200)
    cards = [line.plan.split(": ")[1] for line in advice.options]
    dealer = Dealer(game)
    rng = random.Random("fight-or-flight/1")
    shared = 0
    for d in _by_deal(seen, cards):
        numbers = draw(rng, len(dealer.pool))
        base = dealer.deal(numbers)
        held = set(base[0][game.turn])
        for card, (hands, deck) in d.items():
            assert card in hands[game.turn]
            if card in held:  # the dealt hand holds it: the very same deal
                assert (hands, deck) == ([sorted(h) for h in base[0]], base[1])
                shared += 1
            else:  # m cards swapped for m copies: the rest keeps the deal's order
                mine = set(dealer.mine(numbers, card))
                rest = [dealer.pool[j] for j in numbers.order if j not in mine]
                m = hands[game.turn].count(card)
                kept = Counter(hands[game.turn]) & Counter(base[0][game.turn])
                assert m >= 1 and sum(kept.values()) == len(hands[game.turn]) - m
                assert deck == rest[len(rest) - len(deck):] and len(deck) == len(base[1])
        # two cards the dealt hand holds share the deal
        both = [c for c in d if c in held]
        assert all(d[c] == d[both[0]] for c in both)
    assert shared > 200  # most cards, most deals


def test_the_deal_for_a_card_is_uniform_among_deals_where_the_player_holds_it():
    # Cat holds two hidden cards of nine unseen, two of them Skirmishes: given that Cat
    # holds a Skirmish (15 pairs of 36), both are Cat's with chance 1/15 and the Evade (one
    # copy) is her other card with chance 2/15; the rest goes to Ann, Ben and Dan.
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P)
    dealer = Dealer(game)
    rng = random.Random(8)
    n = 6000
    both = evade = dan_skirmish = 0
    for _ in range(n):
        hands, deck = dealer.deal(draw(rng, len(dealer.pool)), "Skirmish")
        cat = hands[game.turn]
        both += cat.count("Skirmish") == 2
        evade += "Evade" in cat
        dan_skirmish += "Skirmish" in hands[3]
    assert abs(both / n - 1 / 15) < 0.015
    assert abs(evade / n - 2 / 15) < 0.02
    # Dan holds 4 of the 7 cards Cat does not: P(Dan has the other Skirmish) =
    # (14/15) * 4/7 = 8/15
    assert abs(dan_skirmish / n - 8 / 15) < 0.03


def test_a_known_exact_answer_with_part_of_the_hand_given():
    # ENDGAME_2P, day 54, week 8 unprovisioned.  Ann says she holds an Evade; her two
    # other cards are two of the seven unseen (The End, 4 Combat, Provision, Flee), Ben
    # holds the other five.  Evade skips Ben, so Ann plays day 55... no: Evade is day 55
    # and Ann plays day 56, the week's last: with The End she wins (6 pairs of 21); with
    # a Provision and no End she feeds the week and Ben plays The End (5 pairs); with
    # {Combat, Combat} or {Combat, Flee} the week starves (10 pairs).  11/21 exactly.
    game = position("Ann, Ben", ENDGAME_2P)
    advice = advise(game, hand="Evade")
    assert advice.method.startswith("exact for the policy: every deal of the 7 unseen cards (21 deals)")
    evade = lines(advice)["Ann: Evade"]
    assert evade.probability == evade.low == evade.high == 11 / 21
    assert evade.extra == {"wins": 11, "deals": 21}
    assert advice.question == ("Ann to play: the group's chance of reaching The End "
                               "(holding Evade, and more)")
    # Monte Carlo on the same question covers it
    sampled = lines(advise(game, hand="Evade", exact=False, seed=2))["Ann: Evade"]
    assert sampled.low <= 11 / 21 <= sampled.high and sampled.extra["samples"] >= MIN_DEALS
    # with the whole hand given there is one deal left, and Evade then Provision wins
    whole = advise(game, hand="Evade Provision Combat")
    assert whole.method.startswith("exact for the policy: every deal of the 5 unseen cards (1 deal)")
    assert lines(whole)["Ann: Evade"].probability == 1.0
    assert set(lines(whole)) == {"Ann: Evade", "Ann: Provision", "Ann: Combat"}


def test_the_hand_given_excludes_the_cards_it_lacks():
    game = position("Ann, Ben, Cat, Dan", [])
    full = {line.plan for line in advise(game, samples=20).options}
    assert full == {"Ann: Heal", "Ann: Rest", "Ann: Provision", "Ann: Skirmish", "Ann: Combat",
                    "Ann: Backtrack", "Ann: Evade", "Ann: Flee"}
    advice = advise(game, samples=20, hand="Heal, Rest Provision heal")
    assert {line.plan for line in advice.options} == {"Ann: Heal", "Ann: Rest", "Ann: Provision"}
    assert "not ranked, as the hand given holds none: Skirmish, Combat, Backtrack, Evade, Flee" in advice.notes
    assert advice.question.endswith("(holding Heal, Heal, Provision, Rest)")
    # three cards of four: the fourth may still be anything unseen
    partial = advise(game, samples=20, hand="Heal Rest Provision")
    assert {line.plan for line in partial.options} == full
    assert game.to_json() == position("Ann, Ben, Cat, Dan", []).to_json()  # nothing kept


def test_a_card_whose_every_copy_is_face_up_elsewhere_is_not_ranked():
    # Three Flee cards: Ann and Dan played two, Ben shows the third.  Cat cannot hold one.
    game = position("Ann, Ben, Cat, Dan", [
        "Ann: Flee", "Dan: Flee", "Cat: Backtrack", "Ben: Provision", "Ann: Skirmish",
        "Dan: Heal", "Cat: Heal", "Ben: Backtrack", "Ben: show Flee"])
    assert game.players[game.turn] == "Cat" and game.unplayed("Flee") == 1
    assert game._rule_check("Flee") is None  # the rules would allow it
    plans = {line.plan for line in advise(game, samples=20).options}
    assert "Cat: Flee" not in plans and "Cat: Evade" in plans
    with pytest.raises(BadInputError, match="only 0 of the 3 Flee cards are not played or face up"):
        advise(game, hand="Flee")


@pytest.mark.parametrize("text, message", [
    ("Heal Hael", "unknown card 'Hael': did you mean 'Heal'?"),
    ("Heal Rest Provision Heal Rest", "--hand names 5 cards but Ann holds 4"),
    ("", "--hand names no card"),
])
def test_bad_hands_are_bad_input(text, message):
    game = position("Ann, Ben, Cat, Dan", [])
    with pytest.raises(BadInputError) as err:
        advise(game, hand=text)
    assert str(err.value).startswith(message)


def test_a_hand_beside_the_face_up_card_counts_it():
    # Cat shows a Combat and holds two hidden cards: "Combat Heal Provision" is her whole
    # hand; "Heal Provision Evade" names three hidden cards, one too many.
    game = position("Ann, Ben, Cat, Dan", ENDGAME_4P)
    whole = advise(game, hand="Combat Heal Provision")
    assert {line.plan for line in whole.options} == {"Cat: Combat", "Cat: Heal", "Cat: Provision"}
    assert whole.question.endswith("(holding Combat, Heal, Provision)")
    with pytest.raises(BadInputError, match="Cat holds 3 cards, one of them the face-up Combat: "
                                            "--hand names 3 others"):
        advise(game, hand="Heal Provision Evade")


def test_the_cli_refuses_bad_hands_with_exit_2(tmp_path, monkeypatch):
    from .conftest import CliRunner

    from referee.cli import app

    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "r.db"))
    runner = CliRunner()
    made = runner.invoke(app, ["new", "fof", "--players", "Ann,Ben,Cat,Dan"])
    assert made.exit_code == 0, made.stderr
    for event in ["Ann: Provision", "Ben: Rest"]:
        assert runner.invoke(app, ["move", event]).exit_code == 0
    for bad, says in (("Heal Zombie", "unknown card 'Zombie'"),
                      ("Heal Heal Heal Heal Heal", "--hand names 5 cards but Cat holds 4")):
        res = runner.invoke(app, ["advise", "--hand", bad])
        assert res.exit_code == 2 and res.stdout == ""
        assert res.stderr.startswith(f"referee: {says}") and len(res.stderr.splitlines()) == 1
        got = runner.invoke(app, ["advise", "--hand", bad, "--json"])
        assert got.exit_code == 2 and says in got.stdout
    ok = runner.invoke(app, ["advise", "--hand", "Heal Rest Provision Skirmish", "--samples", "30",
                             "--json"])
    assert ok.exit_code == 0, ok.stderr
    import json

    got = json.loads(ok.stdout)
    assert {o["plan"] for o in got["options"]} == {"Cat: Heal", "Cat: Rest", "Cat: Provision",
                                                    "Cat: Skirmish"}
    assert "the same deals for every card" in got["method"]


# -- the stopping rule -------------------------------------------------------------------

def test_paired_intervals_tell_apart_and_tie():
    assert paired_interval(0, 0, 300)[1] < PRECISION  # never discordant: tied within 2 points
    low, high = paired_interval(60, 20, 400)  # +10 points, apart
    assert 0.05 < low < 0.1 < high < 0.15
    low, high = paired_interval(30, 28, 400)  # not told apart, not tied either
    assert low < 0 < high and high - low > 2 * PRECISION


def test_the_default_stops_by_its_rule_and_says_which_and_how_many_deals():
    from referee.games.fight_or_flight.advise import pair_interval, placed, precise, sample

    game = position("Ann, Ben, Cat, Dan", [])
    advice = advise(game, seed=0)
    first = advice.method
    import re

    counted = re.match(r"Monte Carlo on common random numbers: (up to )?(\d+) deals of the 62 "
                       r"unseen cards \(seed 0\), each card played on the same deals", first)
    assert counted
    assert "stopped once" in first or "stopped at the time limit" in first
    assert first.endswith("simplified: after the card everyone plays the cooperative policy of "
                          "`referee simulate` (not the best play); the hidden cards dealt at "
                          "random (what past plays hint about the hands is not used)")
    cards = [line.plan.split(": ")[1] for line in advice.options]
    found = sample(game, cards, 0)
    assert int(counted.group(2)) == found.deals
    assert bool(counted.group(1)) == (len(set(found.played.values())) > 1)
    for line in advice.options:
        card = line.plan.split(": ")[1]
        assert line.extra == {"wins": found.won(card), "samples": found.played[card]}
        assert line.extra["samples"] >= MIN_DEALS
    if found.stop != "limit":
        # the rule met holds: each card placed against every other, or within ±2 points
        for card in cards:
            assert all(placed(*pair_interval(found.wins, found.played, card, o))
                       for o in cards if o != card) or precise(found.won(card), found.played[card])
    else:
        assert any(n.startswith("not told apart: ") for n in advice.notes)


def test_one_uncertain_card_settles_at_the_first_look():
    # week 1, day 6 with no Provision: every card but Provision loses at once (exact),
    # so the ranking is settled as soon as the stopping rule is first looked at
    game = position("Ann, Ben, Cat, Dan", ["Ann: Rest", "Ben: Rest", "Cat: Rest", "Dan: Rest",
                                           "Ann: Heal", "Ben: Heal"])
    advice = advise(game)
    sampled = [line for line in advice.options if line.extra]
    assert [line.plan for line in sampled] == ["Cat: Provision"]
    assert sampled[0].extra["samples"] == MIN_DEALS
    assert f"{MIN_DEALS} deals" in advice.method and "stopped once the ranking settled" in advice.method


def test_the_stopping_rule_s_intervals_and_verdicts_agree_with_the_exact_chances():
    # the endgame's 56 deals, sampled with the default stopping rule for ten seeds: the
    # Wilson intervals cover the exact chances, and two cards the rule told apart are
    # in the exact order
    from referee.games.fight_or_flight.advise import pair_interval, sample

    game = position("Ann, Ben", ENDGAME_2P)
    truth = {line.plan.split(": ")[1]: line.probability for line in advise(game).options
             if "deals" in line.extra}
    assert sorted(truth) == ["Evade", "Flee", "Provision"]
    covered = total = told = 0
    for seed in range(10):
        advice = advise(game, seed=seed, exact=False)
        assert "stopped once" in advice.method
        for line in advice.options:
            card = line.plan.split(": ")[1]
            if card in truth:
                total += 1
                covered += line.low <= truth[card] <= line.high
        found = sample(game, sorted(truth), seed)
        for a, b in itertools.combinations(sorted(truth), 2):
            low, high = pair_interval(found.wins, found.played, a, b)
            if low > 0 or high < 0:
                told += 1
                assert (low > 0) == (truth[a] > truth[b]), (seed, a, b, low, high)
    assert covered / total >= 0.85, (covered, total)
    assert told >= 10  # the Evade is told apart from the others every time
