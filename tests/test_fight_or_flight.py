"""Zombie Fight or Flight engine: set-up, turn order, recovery, weeks, The End, face-up
cards, card counts, every way to lose and win, and random legal play."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from referee.games.fight_or_flight.engine import CARDS, RULE_IDS, Game
from referee.errors import BadInputError, IllegalEventError
from referee.replay import replay_file

from .conftest import EXAMPLES, examples, needs_shared
from .conftest import refused as _refused

FOUR = "Ann, Ben, Cat, Dan"
EIGHT = "Ann, Ben, Cat, Dan, Eve, Finn, Gus, Hal"

#: Three weeks with a Provision each and no Fight: 21 cards, 6 Heal, 6 Rest, 4 Evade, 2 Flee.
THREE_CALM_WEEKS = ("Provision Heal Rest Evade Heal Rest Evade "
                    "Provision Heal Rest Evade Heal Rest Evade "
                    "Provision Heal Rest Flee Heal Rest Flee")


def new(players: str = FOUR, variant: str | None = None) -> Game:
    tags = {"Players": players}
    if variant is not None:
        tags["Variant"] = variant
    return Game.from_tags(tags)


def run(game: Game, cards: str) -> list[list[str]]:
    """Play each card (space-separated; ``End`` for The End) by whoever is to play; the notes."""
    return [game.apply(f"{game.players[game.turn]}: {card}").notes for card in cards.split()]


def refused(game: Game, text: str) -> IllegalEventError:
    return _refused(game, text, known=RULE_IDS)


# -- the shared example -------------------------------------------------------------------

EXAMPLE = EXAMPLES / "fight-or-flight" / "survive.fof"
EXPECTED_FILE = EXAMPLES / "fight-or-flight" / "survive.expected.json"
EXPECTED = json.loads(EXPECTED_FILE.read_text()) if EXPECTED_FILE.is_file() else {}


@needs_shared
def test_example_replays_in_process():
    result = replay_file(EXAMPLE)
    assert result.error is None
    state = result.game.to_json()
    assert {k: state[k] for k in EXPECTED} == EXPECTED
    assert state["weeks"][0] == ["Provision", "Combat", "Provision", "Rest", "Rest", "Heal", "Backtrack"]


@needs_shared
def test_example_replays_through_the_command_line():
    from referee.cli import app

    from .conftest import CliRunner

    run_ = CliRunner().invoke(app, ["replay", str(EXAMPLE), "--json"])
    assert run_.exit_code == 0, run_.stderr
    state = json.loads(run_.stdout)
    assert {k: state[k] for k in EXPECTED} == EXPECTED


# -- set-up ----------------------------------------------------------------------------

@pytest.mark.parametrize("players, hand, deck", [
    ("Ann, Ben", 6, 50), ("Ann, Ben, Cat", 5, 47), (FOUR, 4, 46), (EIGHT, 4, 30)])
def test_hand_sizes_by_player_count(players, hand, deck):
    game = new(players)
    assert game.to_json()["hands"] == {p: hand for p in game.players}
    assert game.deck == deck


@pytest.mark.parametrize("variant, heal, rest, deck, tag", [
    (None, 12, 8, 46, "casual"),
    ("experienced", 8, 8, 42, "experienced"),
    ("challenge", 8, 6, 40, "challenge"),
    ("Experienced heal=2", 10, 8, 44, "experienced heal=2"),
    ("challenge heal=0 rest=1", 12, 7, 45, "challenge heal=0 rest=1"),
])
def test_variants_take_heal_and_rest_out(variant, heal, rest, deck, tag):
    game = new(variant=variant)
    assert (game.composition["Heal"], game.composition["Rest"], game.deck) == (heal, rest, deck)
    assert game.tags() == {"Players": FOUR, "Variant": tag}
    assert Game.from_tags(game.tags()).to_json() == game.to_json()


@pytest.mark.parametrize("tags, words", [
    ({}, "Players"),
    ({"Players": "Ann"}, "2 to 8 players, not 1"),
    ({"Players": EIGHT + ", Ivy"}, "not 9"),
    ({"Players": "Ann, ann"}, "named twice"),
    ({"Players": "Ann, , Ben"}, "empty player name"),
    ({"Players": FOUR, "Variant": "nightmare"}, "unknown variant"),
    ({"Players": FOUR, "Variant": "experienced heal=5"}, "at most 4 Heal"),
    ({"Players": FOUR, "Variant": "experienced rest=1"}, "at most 0 Rest"),
    ({"Players": FOUR, "Variant": "casual heal=1"}, "at most 0 Heal"),
    ({"Players": FOUR, "Variant": "challenge heal"}, "bad variant count"),
    ({"Players": FOUR, "Board": "x"}, "unknown tag"),
])
def test_bad_set_up_is_bad_input(tags, words):
    with pytest.raises(BadInputError) as exc:
        Game.from_tags(tags)
    assert words in exc.value.message


@pytest.mark.parametrize("text, words", [
    ("Ann Provision", "expected 'Player: Card'"),
    ("Zed: Heal", "unknown player 'Zed'"),
    ("Ann: Banana", "unknown card 'Banana'"),
    ("Ann: show", "show which card"),
    ("Ann:", "expected"),
])
def test_malformed_events_are_bad_input(text, words):
    game = new()
    with pytest.raises(BadInputError) as exc:
        game.apply(text)
    assert words in exc.value.message
    assert game.day == 0


def test_events_are_case_insensitive_and_canonical():
    game = new()
    assert game.apply("ann:   provision").text == "Ann: Provision"
    assert game.apply("BEN: heal").text == "Ben: Heal"
    assert game.to_json()["next"] == "Cat"


# -- turn order ------------------------------------------------------------------------

def test_only_the_player_to_play_may_play():
    err = refused(new(), "Ben: Provision")
    assert (err.rule, err.message) == ("fight-or-flight.turn-order", "it is Ann's turn, not Ben's")


def test_evade_skips_the_next_player():
    game = new()
    assert run(game, "Evade") == [["skipped: Ben"]]
    assert game.to_json()["next"] == "Cat" and game.to_json()["skipped"] == ["Ben"]
    err = refused(game, "Ben: Heal")
    assert err.message == "it is Cat's turn, not Ben's (Ben was skipped by the Evade)"


def test_flee_skips_two_and_backtrack_reverses():
    game = new()
    run(game, "Flee")
    assert game.to_json()["next"] == "Dan" and game.to_json()["skipped"] == ["Ben", "Cat"]
    run(game, "Backtrack")      # Dan reverses: Cat is next
    assert game.to_json()["direction"] == "counterclockwise" and game.to_json()["next"] == "Cat"
    run(game, "Evade")          # Cat skips Ben
    assert game.to_json()["next"] == "Ann" and game.to_json()["skipped"] == ["Ben"]


def test_flee_with_three_players_comes_back_to_the_same_player():
    game = new("Ann, Ben, Cat")
    run(game, "Flee")
    assert game.to_json()["next"] == "Ann" and game.to_json()["skipped"] == ["Ben", "Cat"]


def test_two_players_evade_gives_a_second_turn_flee_and_backtrack_pass_it_on():
    game = new("Ann, Ben")
    run(game, "Evade")
    assert game.to_json()["next"] == "Ann" and game.to_json()["skipped"] == ["Ben"]
    run(game, "Flee")
    assert game.to_json()["next"] == "Ben" and game.to_json()["skipped"] == []
    run(game, "Backtrack")
    assert game.to_json()["next"] == "Ann" and game.to_json()["direction"] == "counterclockwise"


# -- fights and recovery ---------------------------------------------------------------

def test_while_recovering_only_provision_heal_rest_and_provision_does_not_help():
    game = new()
    assert run(game, "Skirmish") == [["Skirmish: the group must recover with two Recovery cards"]]
    assert refused(game, "Ben: Combat").rule == "fight-or-flight.recovery"
    for flight in ("Evade", "Flee", "Backtrack"):
        assert refused(game, f"Ben: {flight}").rule == "fight-or-flight.flight"
    assert refused(game, "Ben: The End").rule == "fight-or-flight.the-end"
    run(game, "Provision Rest")
    assert game.to_json()["recovery"] == {"cards": 1, "heals": 0, "needed": 1}
    assert run(game, "Rest") == [["the group has recovered from the Skirmish"]]
    assert game.recovering is None


def test_second_skirmish_after_one_rest_becomes_combat_and_restarts_recovery():
    game = new()
    run(game, "Provision Skirmish Rest")
    notes = run(game, "Skirmish")
    assert notes == [["second Skirmish before recovering: the fight becomes a Combat and recovery "
                      "starts again (two Recovery cards, one a Heal)"]]
    assert game.to_json()["recovering"] == "combat"
    assert game.to_json()["recovery"] == {"cards": 0, "heals": 0, "needed": 2}
    run(game, "Rest")
    assert game.recovering == "combat"
    run(game, "Heal")
    assert game.recovering is None


def test_no_third_skirmish_and_no_skirmish_during_combat():
    game = new()
    run(game, "Skirmish Skirmish")
    err = refused(game, "Cat: Skirmish")
    assert err.rule == "fight-or-flight.second-skirmish"
    assert "a second Skirmish is allowed only while recovering from a Skirmish" in err.message


def test_rest_rest_after_combat_does_not_recover_a_heal_then_does():
    game = new()
    run(game, "Combat Rest Rest")
    assert game.to_json()["recovering"] == "combat"
    assert game.to_json()["recovery"] == {"cards": 2, "heals": 0, "needed": 1}
    err = refused(game, "Dan: Evade")
    assert (err.rule, err.message) == (
        "fight-or-flight.recovery.combat",
        "the group is still recovering from a Combat: two Recovery cards were played but a "
        "Combat needs a Heal among them")
    assert run(game, "Heal") == [["the group has recovered from the Combat"]]


def test_recovery_cards_played_before_the_fight_do_not_count():
    game = new()
    run(game, "Heal Rest Skirmish Heal")
    assert game.to_json()["recovery"] == {"cards": 1, "heals": 1, "needed": 1}


def test_blocked_events_give_reason_and_rule_for_each_card():
    game = new()
    run(game, "Skirmish")
    blocked = {b.event: b.rule for b in game.blocked_events()}
    assert blocked == {
        "Ben: Combat": "fight-or-flight.recovery",
        "Ben: Backtrack": "fight-or-flight.flight",
        "Ben: Evade": "fight-or-flight.flight",
        "Ben: Flee": "fight-or-flight.flight",
        "Ben: The End": "fight-or-flight.the-end",
    }
    # Ben may hold four unplayable cards (21 of them are unseen), so stuck is his to declare
    assert [e.text for e in game.legal_events()] == [
        "Ben: Skirmish", "Ben: Heal", "Ben: Rest", "Ben: Provision", "Ben: stuck"]


def test_legal_events_at_the_start():
    assert [e.text for e in new().legal_events()] == [
        "Ann: Skirmish", "Ann: Combat", "Ann: Backtrack", "Ann: Evade", "Ann: Flee",
        "Ann: Heal", "Ann: Rest", "Ann: Provision"]


# -- weeks and Provision ---------------------------------------------------------------

def test_a_week_without_provision_loses_at_its_seventh_card():
    game = new()
    notes = run(game, "Heal Rest Heal Rest Heal Rest")
    assert not game.over
    notes = run(game, "Heal")
    assert notes == [["the group loses: week 1 ended without a Provision (hunger)"]]
    state = game.to_json()
    assert (state["over"], state["result"], state["reason"], state["day"], state["next"]) == (
        True, "loss", "hunger", 7, None)
    err = refused(game, "Ben: Provision")
    assert (err.rule, err.message) == ("fight-or-flight.game-over", "the game is over (loss: hunger)")
    assert game.legal_events() == [] and game.blocked_events() == []


def test_provision_on_the_seventh_day_is_in_time_and_week_two_needs_its_own():
    game = new()
    assert run(game, "Heal Rest Heal Rest Heal Rest Provision")[-1] == ["week 1 is over"]
    run(game, "Heal Rest Heal Rest Heal Rest")
    assert not game.over
    run(game, "Rest")
    assert (game.reason, game.day) == ("hunger", 14)


# -- the five days and The End ----------------------------------------------------------

def test_the_end_is_refused_on_the_26th_card_and_legal_on_the_27th():
    game = new()
    run(game, THREE_CALM_WEEKS + " Provision Heal Heal Heal")   # days 22-25 count
    assert (game.day, game.fight_free_days) == (25, 4)
    err = refused(game, f"{game.players[game.turn]}: The End")
    assert (err.rule, err.message) == (
        "fight-or-flight.the-end",
        "The End needs five fight-free days counted from day 22; the count is 4")
    assert run(game, "Heal") == [["five fight-free days: The End may now be played"]]
    assert run(game, "End") == [["The End: the group reaches safety and wins"]]
    state = game.to_json()
    assert (state["result"], state["reason"], state["day"]) == ("win", "the-end", 27)


def test_days_before_22_do_not_count_and_a_fight_on_day_22_delays_the_end():
    game = new()
    run(game, THREE_CALM_WEEKS)
    assert game.fight_free_days == 0
    run(game, "Skirmish Provision Rest")   # day 23: Provision while recovering does not count
    assert game.fight_free_days == 0
    run(game, "Rest")                       # day 25 ends the recovery: it does not count either
    assert (game.recovering, game.fight_free_days) == (None, 0)
    run(game, "Heal Heal Heal Provision")   # days 26-29 count (week 5's Provision on day 29)
    assert (game.day, game.fight_free_days) == (29, 4)
    assert refused(game, f"{game.players[game.turn]}: End").rule == "fight-or-flight.the-end"
    run(game, "Heal End")
    assert (game.result, game.day) == ("win", 31)


def test_a_fight_resets_the_count_even_after_five():
    game = new()
    run(game, THREE_CALM_WEEKS + " Provision Heal Heal Heal Heal Backtrack")
    assert game.fight_free_days == 6
    run(game, "Skirmish")
    assert game.fight_free_days == 0
    err = refused(game, f"{game.players[game.turn]}: The End")
    assert err.rule == "fight-or-flight.the-end" and "still recovering" in err.message


def test_the_end_as_a_weeks_seventh_card_wins_without_that_weeks_provision():
    game = new()
    run(game, THREE_CALM_WEEKS + " Heal Heal Heal Heal Backtrack Backtrack")
    assert game.fight_free_days == 6 and game.day == 27
    run(game, "End")
    assert (game.result, game.reason, game.day) == ("win", "the-end", 28)


# -- card counts ---------------------------------------------------------------------

def test_a_card_cannot_be_played_more_often_than_the_deck_holds_it():
    game = new()
    run(game, "Provision Flee Flee Flee")
    err = refused(game, f"{game.players[game.turn]}: Flee")
    assert (err.rule, err.message) == (
        "fight-or-flight.deck", "the deck holds 3 Flee cards and every one is already played or shown")


def test_experienced_play_holds_eight_heals():
    game = new(variant="experienced")
    run(game, "Provision Heal Heal Heal Heal Heal Heal Provision Heal Heal")
    assert refused(game, f"{game.players[game.turn]}: Heal").rule == "fight-or-flight.deck"


# -- face-up cards -----------------------------------------------------------------------

WEEK_ONE = "Provision Heal Rest Heal Rest Heal Rest"   # Ann, Ben, Cat, Dan, Ann, Ben, Cat


def test_showing_starts_in_week_two_after_the_players_own_play():
    game = new()
    run(game, WEEK_ONE)
    assert refused(game, "Dan: show Heal").rule == "fight-or-flight.show"   # not played since
    run(game, "Heal")                                                        # day 8: Dan
    assert game.apply("dan: show combat").text == "Dan: show Combat"
    assert game.to_json()["shown"]["Dan"] == "Combat"
    err = refused(game, "Dan: show Heal")
    assert (err.rule, err.message) == ("fight-or-flight.show",
                                       "Dan's face-up card (Combat) stays until it is played")
    err = refused(game, "Ann: show Heal")
    assert err.message == "Ann shows a card only after playing a card in week two or later"


def test_playing_the_face_up_card_means_showing_a_new_one_first():
    game = new()
    run(game, WEEK_ONE + " Heal")              # day 8: Dan
    game.apply("Dan: show Rest")
    run(game, "Heal Heal Provision")           # Ann, Ben, Cat
    assert run(game, "Rest") == [["Dan played the face-up card and must show a new one"]]
    assert game.to_json()["must_show"] == "Dan" and game.to_json()["shown"]["Dan"] is None
    err = refused(game, "Ann: Heal")
    assert (err.rule, err.message) == ("fight-or-flight.show",
                                       "Dan played the face-up card and must first show a new one")
    legal = [e.text for e in game.legal_events()]
    assert legal == [f"Dan: show {c}" for c in CARDS]
    game.apply("Dan: show Provision")
    run(game, "Heal")
    assert (game.day, game.to_json()["next"]) == (13, "Ben")


def test_showing_a_card_whose_copies_are_all_seen_is_refused():
    game = new()
    run(game, "Provision Flee Flee Flee Heal Rest Heal Rest")   # day 8 by Ben
    assert game.played[-1][0] == 1
    assert refused(game, "Ben: show Flee").rule == "fight-or-flight.deck"
    assert game.apply("Ben: show Evade").text == "Ben: show Evade"


# -- stuck --------------------------------------------------------------------------

def test_stuck_while_recovering_from_combat_loses():
    game = new()
    run(game, "Combat")
    assert game.apply("Ben: stuck").notes == ["the group loses: Ben cannot play any card (stuck)"]
    state = game.to_json()
    assert (state["over"], state["result"], state["reason"]) == (True, "loss", "stuck")


def test_stuck_is_refused_outside_recovery_with_a_full_hand():
    err = refused(new(), "Ann: stuck")
    assert err.rule == "fight-or-flight.stuck"
    assert err.message == ("Ann holds 4 hidden cards but only 1 unplayable card is left unseen "
                           "(The End): Ann must hold a playable card")


def test_stuck_is_refused_when_the_face_up_card_is_playable_or_out_of_turn():
    game = new()
    run(game, WEEK_ONE + " Heal")              # day 8: Dan
    game.apply("Dan: show Heal")
    run(game, "Skirmish Skirmish Provision")   # Ann, Ben, Cat: a Combat
    assert refused(game, "Ben: stuck").rule == "fight-or-flight.turn-order"
    err = refused(game, "Dan: stuck")
    assert (err.rule, err.message) == ("fight-or-flight.stuck", "Dan's face-up Heal may be played")


# -- running out, and The End out of reach ------------------------------------------------

def test_the_group_loses_when_the_player_to_play_has_no_card():
    game = new(EIGHT)
    run(game, THREE_CALM_WEEKS + " Provision Heal Rest Flee Heal Evade Heal Provision Heal")
    assert (game.day, game.deck) == (30, 0)
    # whoever plays next plays out a hand of four while neighbours bounce the turn back
    notes = run(game, "Heal Backtrack Rest Backtrack Provision Backtrack Heal Backtrack")
    assert notes[-1][-1] == "the group loses: the deck is empty and Ben has no card (out of cards)"
    state = game.to_json()
    assert (state["reason"], state["day"], state["hands"]["Ben"], state["fight_free_days"]) == (
        "out-of-cards", 38, 0, 17)


def test_the_combat_needs_a_heal_and_none_is_left():
    game = new()
    run(game, "Provision Heal Heal Heal Heal Heal Heal Provision Heal Heal Heal Heal Heal Heal")
    notes = run(game, "Combat")
    assert notes[0][-1] == ("The End can no longer be reached (the Combat needs "
                            "a Heal and every Heal has been played): the group will lose")
    # a warning only: the round ends by one of the spec's losses, not here
    assert not game.over and game.to_json()["end_reachable"] is False
    assert "The End can no longer" not in " ".join(run(game, "Rest")[0])  # said once


#: Three players, casual: fights early, then everything calm is spent; the last Skirmish
#: leaves fewer cards other than Fights than the recovery and five days need.
SPENT = ("Skirmish Skirmish Heal Rest Skirmish Skirmish Provision Heal Rest Skirmish Skirmish "
         "Heal Rest Provision Skirmish Skirmish Heal Rest Skirmish Skirmish Provision Heal Rest "
         "Backtrack Backtrack Backtrack Backtrack Provision Backtrack Flee Flee Flee Evade Evade "
         "Provision Evade Evade Evade Rest Rest Rest Provision Heal Heal Heal Heal Heal")


def test_the_referee_warns_when_the_five_days_are_out_of_reach():
    game = new("Ann, Ben, Cat")
    run(game, SPENT)
    assert not game.over and (game.day, game.fight_free_days) == (47, 24)
    assert game.to_json()["end_reachable"] is True
    notes = run(game, "Skirmish")
    assert notes[0][-1] == ("The End can no longer be reached (7 more days without "
                            "a Fight needed and only 4 cards other than Fights left unplayed): the group will lose")
    assert not game.over and (game.day, game.deck) == (48, 0)
    assert game.to_json()["end_reachable"] is False


def test_rule_ids_are_the_ones_raised():
    """Every id in RULE_IDS is raised by some event in real play, and nothing else is:
    random legal games, trying at each step every event any player might type."""
    import copy
    import random

    raised: set[str] = set()
    rng = random.Random(7)
    for n in range(25):
        names = SEATS[:rng.randint(2, 5)]
        game = Game.from_tags({"Players": ", ".join(names),
                               "Variant": rng.choice(["casual", "experienced", "challenge"])})
        while True:
            tries = [f"{who}: {card}" for who in names for card in CARDS]
            tries += [f"{who}: show {card}" for who in names for card in CARDS]
            tries += [f"{who}: stuck" for who in names]
            tries += [f"{who}: {card} {src}" for who in names for card in CARDS for src in ("shown", "hidden")]
            for text in tries:
                try:
                    copy.copy(game).apply(text)  # a kernel engine replaces its position: a shallow copy is a fair trial
                except IllegalEventError as exc:
                    raised.add(exc.rule)
            legal = game.legal_events()
            if not legal:
                break
            game.apply(rng.choice(legal).text)
    assert raised == RULE_IDS


# -- properties ------------------------------------------------------------------------

SEATS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal"]


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(2, 8), st.sampled_from(["casual", "experienced", "challenge heal=2 rest=1"]),
       st.data())
def test_random_legal_play_never_raises_and_keeps_the_invariants(players, variant, data):
    game = new(", ".join(SEATS[:players]), variant)
    total = sum(game.composition.values())
    applied = []
    for _ in range(400):
        if game.over:
            break
        events = game.legal_events()
        assert events, "a game that is not over always has a legal event"
        applied.append(game.apply(data.draw(st.sampled_from(events)).text).text)
        state = game.to_json()
        assert 0 <= game.turn < players and game.turn not in game.skipped
        assert state["deck"] >= 0 and all(n >= 0 for n in state["hands"].values())
        assert state["deck"] + sum(state["hands"].values()) + state["day"] == total
        assert all(game.played_count[c] <= game.composition[c] for c in CARDS)
        assert all(game.count.left(c) >= 0 for c in CARDS)
    assert game.over
    assert game.legal_events() == []
    replayed = new(", ".join(SEATS[:players]), variant)
    for text in applied:
        replayed.apply(text)
    assert replayed.to_json() == game.to_json()


# -- face-up or hidden copy (fight-or-flight.ruling.face-up-default) --------------------

FACE_UP_SETUP = ["Ann: Provision", "Ben: Rest", "Ann: Rest", "Ben: Heal", "Ann: Heal", "Ben: Rest",
                 "Ann: Rest", "Ben: Provision", "Ben: show Heal", "Ann: Rest"]


def _face_up_game():
    game = Game.from_tags({"Players": "Ann, Ben"})
    for text in FACE_UP_SETUP:
        game.apply(text)
    return game


def test_same_name_as_the_face_up_card_is_asked():
    game = _face_up_game()
    need = game.choice_before("Ben: Heal")
    assert need is not None and need.rule == "fight-or-flight.show.play"
    assert [o.text for o in need.options] == ["Ben: Heal shown", "Ben: Heal hidden"]
    texts = [o.text for o in game.legal_events()]
    assert "Ben: Heal shown" in texts and "Ben: Heal hidden" in texts and "Ben: Heal" not in texts
    # a card not showing is not asked
    assert game.choice_before("Ben: Rest") is None


def test_hidden_copy_keeps_the_face_up_card():
    game = _face_up_game()
    applied = game.apply("ben: heal HIDDEN")
    assert applied.text == "Ben: Heal hidden"
    state = game.to_json()
    assert state["shown"]["Ben"] == "Heal" and state["must_show"] is None and state["next"] == "Ann"


def test_shown_copy_forces_a_new_show_and_plain_text_means_shown():
    for text in ("Ben: Heal shown", "Ben: Heal"):
        game = _face_up_game()
        assert game.apply(text).text == "Ben: Heal shown"
        state = game.to_json()
        assert state["shown"]["Ben"] is None and state["must_show"] == "Ben"


def test_a_copy_that_cannot_be_is_refused():
    game = _face_up_game()
    with pytest.raises(IllegalEventError) as exc:
        game.apply("Ben: Rest shown")
    assert exc.value.rule == "fight-or-flight.show.play"
    # with no choice to make the plain form stays plain
    assert game.apply("Ben: Rest").text == "Ben: Rest"


def test_late_show_is_treated_the_same_way():
    game = _face_up_game()
    game.apply("Ben: Rest")          # Ben's face-up Heal stays
    game.apply("Ann: show Rest")     # Ann shows late, several plays after her first in week two
    assert [o.text for o in game.choice_before("Ann: Rest").options] == ["Ann: Rest shown", "Ann: Rest hidden"]
