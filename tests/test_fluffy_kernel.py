"""Zombies Want Fluffy on the kernel (issue 26): ``parse``, ``check`` and ``step`` as
every engine has them, ``step`` never changing the position it is given, ``dry_run``
equal to ``apply`` on a copy, and every refusal from a named check function."""

from __future__ import annotations

import copy
import random

import pytest

from referee.errors import ChoiceNeeded, IllegalEventError, RefereeError
from referee.games.fluffy.engine import Game
from referee.games.fluffy import rules


def _random_positions(seed: int, steps: int = 40):
    rng = random.Random(seed)
    g = Game.from_tags({"Board": "default"})
    for _ in range(steps):
        legal = g.legal_events()
        if not legal:
            return
        yield g
        g.apply(rng.choice(legal).text)


def _tries(g) -> list[str]:
    texts = [o.text for o in g.legal_events()] + [b.event for b in g.blocked_events()]
    texts += ["play F >N", "play LR:F", "play F George", "sprint >E", "shamble George George",
              "play F Nobody", "discard F", "draw ?", "end", "deal F F F F F"]
    return texts


@pytest.mark.parametrize("seed", range(2))
def test_step_never_changes_the_position_and_dry_run_is_apply_on_a_copy(seed):
    for g in _random_positions(seed):
        before = copy.deepcopy(g.s)
        for text in _tries(g):
            try:
                dry = g.dry_run(text)
            except RefereeError as exc:
                dry = (type(exc), exc.message, exc.rule)
            trial = copy.copy(g)  # the position is never changed, only replaced: sharing it is safe
            try:
                real = trial.apply(text)
            except RefereeError as exc:
                real = (type(exc), exc.message, exc.rule)
            assert dry == real, text
            assert vars(g.s) == vars(before), f"{text!r} changed the position"


@pytest.mark.parametrize("seed", range(2))
def test_a_refusal_check_finds_is_the_one_apply_raises(seed):
    for g in _random_positions(seed):
        for text in _tries(g):
            try:
                event = g.parse(text)
            except RefereeError:
                continue
            problem = g.check(g.s, event)
            if problem is None:
                continue
            with pytest.raises(IllegalEventError) as exc:
                copy.copy(g).apply(text)
            assert (exc.value.message, exc.value.rule) == problem
            assert not isinstance(exc.value, ChoiceNeeded)


def test_the_zombies_play_typed_in_fluffys_turn_is_refused_by_the_turn_check():
    g = Game.from_tags({"Board": "default"})
    event = g.parse("play F George Romero")
    assert g.check(g.s, event) == rules.zombie_play_turn_check(g.s)
    with pytest.raises(IllegalEventError) as exc:
        g.apply("play  F George Romero")
    assert exc.value.rule == "fluffy.turns" and exc.value.event == "play F George Romero"


def test_mid_move_refusals_are_check_functions():
    assert rules.choice_check("F", "L") == ("Move Forward makes no choice", rules.R_MOVEMENT)
    assert rules.choice_check("LR", "L") is None and rules.choice_check("LR", "F")[1] == rules.R_MOVEMENT
    assert rules.bounce_facing_check("Fluffy", "a wall", (0, 0), ["E", "W"], "N")[1] == rules.R_BOUNCE
    assert rules.bounce_facing_check("Fluffy", "a wall", (0, 0), ["E"], "E") is None
    assert rules.bounce_facing_check("Fluffy", "a wall", (0, 0), [], "E")[1] == rules.R_BOUNCE_FACING_NEEDED
    assert rules.no_bounce_check("Fluffy", "open", None) is None
