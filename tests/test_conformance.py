"""The conformance suite every registered game passes (like OpenSpiel's random
simulation test): a game gets it by registering.

For each game with an engine, starting from its built-in sample record's set-up:
- the sample replays legally to its end, and its state has the documented keys;
- random legal play driven by ``legal_events()``: every listed event applies, and its
  canonical text is the one listed; play ends or is cut after a number of events;
- a refused event (an event that is legal elsewhere, a blocked one, junk) leaves the
  state exactly as it was, and names a rule id that resolves in the rules database;
- exporting the events as a record and replaying it gives the same JSON state.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulesdb
from referee.errors import BadInputError, IllegalEventError
from referee.games import refereed
from referee.records import format_record, parse_record
from referee.replay import replay_record, setup

SPECS = [s for s in refereed()]
IDS = [s.name for s in SPECS]
CUT = 150  #: random play stops after this many events

JUNK = ["", "end", "play", "Ann: end", "Zed: roll 3", "draw", "undo", "?", "x" * 300,
        "Ann: play \"No Such Card\"", "play F >Q", "Ann: N N N N N N N N"]


def _sample(spec):
    text = spec.sample_text()
    assert text, f"{spec.name} ships no sample record (GameSpec.sample)"
    return parse_record(text)


def test_every_refereed_game_is_covered():
    assert {"fluffy", "fight-or-flight"} <= set(IDS)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_sample_replays_to_its_end_with_the_documented_keys(spec):
    record = _sample(spec)
    result = replay_record(record)
    assert result.error is None, result.error
    state = result.game.to_json()
    assert state["game"] == spec.name and state["over"] is True
    missing = [k for k in spec.state_keys if k not in state]
    assert not missing, f"{spec.name} state lacks {missing}"
    assert result.game.legal_events() == []


def _refusals(game, candidates, rng):
    """Try each candidate on the game: a refusal leaves the state unchanged and names
    a rule id that resolves. Returns the rule ids seen."""
    seen = set()
    before = game.to_json()
    for text in candidates:
        # Every engine is on the kernel: apply replaces the position, never changes it,
        # so a shallow copy is a fair trial (a refusal that changed the shared position
        # would show in trial.to_json() and in the replay checked at the end).
        trial = copy.copy(game)
        try:
            trial.apply(text)
        except IllegalEventError as exc:
            assert exc.rule, f"{text!r} refused without a rule id"
            seen.add(exc.rule)
            assert trial.to_json() == before, f"refusing {text!r} changed the state"
        except BadInputError:
            assert trial.to_json() == before, f"refusing {text!r} changed the state"
    return seen


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_refusals_and_export(spec, seed):
    rng = random.Random(seed)
    record = _sample(spec)
    game = setup(record)
    first = [o.text for o in game.legal_events()]
    texts: list[str] = []
    rules: set[str] = set()
    for step in range(CUT):
        legal = game.legal_events()
        if not legal:
            assert game.over
            break
        if step % 10 == 3:  # now and then: events legal elsewhere, blocked ones, junk
            others = first + [b.event for b in game.blocked_events()] + JUNK
            rules |= _refusals(game, rng.sample(others, min(6, len(others))), rng)
        pick = rng.choice(legal)
        applied = game.apply(pick.text)
        assert applied.text == pick.text, "legal events are listed in canonical notation"
        texts.append(applied.text)
    known = set(rulesdb.database().ids())
    assert rules <= known, f"rule ids that do not resolve: {rules - known}"
    again = replay_record(parse_record(format_record({"Game": spec.name, **game.tags()},
                                                     [(t, "") for t in texts])))
    assert again.error is None, again.error
    assert again.game.to_json() == game.to_json()
