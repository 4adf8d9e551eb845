"""Fight or Flight on the kernel (issue 26): ``check`` names the very problem ``apply``
refuses with, for every event a player might type along random games; ``step`` never
changes the position it is given; the dry run is ``apply`` on a copy."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings, strategies as st

from referee.errors import BadInputError, IllegalEventError
from referee.games.fight_or_flight.engine import CARDS, RULE_IDS, Event, Game
from referee.games.fight_or_flight.state import Position

SEATS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Finn"]
VARIANTS = ["casual", "experienced", "challenge", "challenge heal=2 rest=1"]


def tries(game: Game) -> list[str]:
    """Every event a player might type now: each seat plays, shows (each card, each
    copy) and declares itself stuck."""
    out = []
    for who in game.players:
        out.append(f"{who}: stuck")
        for card in CARDS:
            out += [f"{who}: {card}", f"{who}: show {card}", f"{who}: {card} shown", f"{who}: {card} hidden"]
    return out


def positions(games: int, seed: int = 26):
    """Positions along random legal games (2 to 6 seats, every variant), the last one
    over; each a game the caller may keep (a copy)."""
    rng = random.Random(seed)
    for _ in range(games):
        names = SEATS[:rng.randint(2, 6)]
        game = Game.from_tags({"Players": ", ".join(names), "Variant": rng.choice(VARIANTS)})
        while True:
            yield game.copy()
            legal = game.legal_events()
            if not legal:
                break
            game.apply(rng.choice(legal).text)


def test_check_gives_the_problem_apply_refuses_with_for_every_event():
    refused: set[str] = set()
    legal = 0
    for game in positions(14):
        state = game.state
        for text in tries(game):
            problem = game.check(state, game.parse(text))
            try:
                game.copy().apply(text)
            except IllegalEventError as exc:
                assert problem == (exc.message, exc.rule), text
                refused.add(exc.rule)
            else:
                assert problem is None, text
                legal += 1
            assert game.state is state
    assert refused == RULE_IDS  # every kind of refusal met, each explained by check
    assert legal > 1000


def test_the_blocked_events_are_the_refusals_of_the_player_to_play():
    for game in positions(4, seed=3):
        if game.over:
            assert game.blocked_events() == []
            continue
        name = game.players[game.turn]
        for b in game.blocked_events():
            assert b.event.startswith(f"{name}: ")
            try:
                game.copy().apply(b.event)
            except IllegalEventError as exc:
                assert (b.reason, b.rule) == (exc.message, exc.rule)
            else:
                raise AssertionError(f"{b.event} is blocked but applies")


def test_dry_run_is_apply_on_a_copy_and_changes_nothing():
    checked = 0
    for game in positions(8, seed=11):
        state = game.state
        for text in tries(game):
            trial = game.copy()
            try:
                expected = trial.apply(text)
            except IllegalEventError as exc:
                try:
                    game.dry_run(text)
                except IllegalEventError as got:
                    assert (got.message, got.rule) == (exc.message, exc.rule)
                else:
                    raise AssertionError(f"{text}: dry run passes, apply refuses")
            else:
                assert game.dry_run(text) == expected
                assert game.step(state, game.parse(text)).state == trial.state
                checked += 1
            assert game.state is state
    assert checked > 300


def _snapshot(state: Position) -> Position:
    return copy.deepcopy(state)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.sampled_from(VARIANTS), st.data())
def test_step_never_changes_the_position_it_is_given(players, variant, data):
    game = Game.from_tags({"Players": ", ".join(SEATS[:players]), "Variant": variant})
    attempt = st.builds(Event, st.integers(0, players - 1), st.sampled_from(["play", "show", "stuck"]),
                        st.sampled_from(CARDS), st.sampled_from([None, "shown", "hidden"]))
    for _ in range(80):
        legal = game.legal_events()
        if not legal:
            break
        state = game.state
        before = _snapshot(state)
        events = [game.parse(data.draw(st.sampled_from(legal)).text), data.draw(attempt)]
        for event in events:
            if event.verb == "stuck":
                event = Event(event.seat, "stuck")
            elif event.verb == "show":
                event = Event(event.seat, "show", event.card)
            problem = game.check(state, event)
            if problem is None:
                done = game.step(state, event)
                assert done.state is not state and isinstance(done.state, Position)
            assert state == before and hash(state) == hash(before)
        game.apply(data.draw(st.sampled_from(legal)).text)


def test_a_position_cannot_be_changed_in_place():
    import pytest

    game = Game.from_tags({"Players": "Ann, Ben"})
    with pytest.raises(AttributeError):
        game.state.turn = 1  # type: ignore[misc]
    hands = game.hands
    hands[0].add_known("Heal")  # a view: the position does not change
    assert game.shown(0) is None and game.hands[0].size == 6


def test_parse_is_typed_and_reads_no_position():
    game = Game.from_tags({"Players": "Ann, Ben"})
    assert game.parse("ben: heal hidden") == Event(1, "play", "Heal", "hidden")
    assert game.parse("Ann: show the end") == Event(0, "show", "The End")
    assert game.parse("ANN: stuck") == Event(0, "stuck")
    game.apply("Ann: Provision")
    assert game.parse("ben: heal hidden") == Event(1, "play", "Heal", "hidden")
    for bad in ("Ann Heal", "Zed: Heal", "Ann: Banana", "Ann: show"):
        try:
            game.parse(bad)
        except BadInputError:
            continue
        raise AssertionError(bad)
