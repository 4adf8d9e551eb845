"""Zombie Attack on the kernel (issue 26): ``check`` gives the very refusal ``apply``
raises, ``step`` never changes the position it is given (nor any earlier one), and
``dry_run`` says what ``apply`` would, with nothing changed.

The events tried at each position are the refusals a player meets: stale events
(legal some moves ago), a step each way with each card and decision, rolls, stops,
starts, placements and zombie walks of every length, and fuzzed text.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError
from referee.games.zombie_attack.engine import Game
from referee.grid import square_name
from referee.records import parse_record
from referee.replay import setup

from .conftest import EXAMPLES, FIXTURES, needs_shared
from .test_zombie_attack_properties import WORDS, setups

ZA_FIXTURES = FIXTURES / "zombie-attack"
CARDS = ["Empty", "Hiding", "Weapon", "Key:front", "Key:back", "Key:fire"]


def attempts(game: Game, rng: random.Random, stale: list[str]) -> list[str]:
    """Events a player might type now, most of them refused."""
    s = game.s
    names = [p.name for p in s.players]
    out = list(stale[-4:])
    for name in names:
        out += [f"{name}: roll {rng.randint(1, 6)}", f"{name}: stop", f"{name}: to {rng.choice(['front', 'back', 'fire'])}",
                f"{name}: start {square_name((rng.randrange(game.mansion.width), rng.randrange(game.mansion.height)))}"]
    who = names[game.mover()] if not game.over else names[0]
    for f in "NESW":
        out.append(f"{who}: {f}")
        for card in rng.sample(CARDS, 3):
            out.append(f"{who}: {f} {card}")
            out.append(f"{who}: {f} {card} {rng.choice(['keep', 'discard'])}")
            out.append(f"{who}: {f} {card} keep drop {rng.choice(CARDS)}")
    for z in s.zombies:
        if z.at is not None:
            roll = rng.randint(1, 6)
            path = " ".join(rng.choice("NESW") for _ in range(rng.randint(0, roll + 1)))
            out.append(f"{who}: zombie {square_name(z.at)} roll {roll} {path}".rstrip())
    out.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))))
    return out


def same_as_apply(game: Game, text: str, snapshot=None) -> None:
    """``text`` on ``game``: ``check`` agrees with what ``apply`` does, ``step`` changes
    nothing it is given, ``dry_run`` is ``apply`` on a copy, and the game is unchanged.
    ``snapshot``: a deep copy of ``game.state`` taken before (one per position serves
    every text tried there, since none may change it); made here when not given."""
    state = game.state
    if snapshot is None:
        snapshot = copy.deepcopy(state)
    try:
        event = game.parse(text)
    except BadInputError:
        with pytest.raises(BadInputError):
            copy.copy(game).apply(text)
        return
    problem = game.check(state, event)
    trial = copy.copy(game)  # apply replaces the position, never changes it: sharing it is safe
    try:
        applied = trial.apply(text)
    except ChoiceNeeded as need:
        assert problem is None, (text, problem)                 # a choice is asked, not refused
        with pytest.raises(ChoiceNeeded) as again:
            game.dry_run(text)
        assert [o.text for o in again.value.options] == [o.text for o in need.options]
    except IllegalEventError as err:
        assert problem == (err.message, err.rule), text         # the refusal apply raises
        with pytest.raises(IllegalEventError) as again:
            game.dry_run(text)
        assert (again.value.message, again.value.rule) == (err.message, err.rule)
    except BadInputError as err:
        with pytest.raises(BadInputError) as again:
            game.dry_run(text)
        assert again.value.message == err.message
    else:
        assert problem is None, (text, problem)
        done = game.step(state, event)
        assert (done.text, done.notes) == (applied.text, applied.notes)
        assert game.dry_run(text) == applied
        assert done.state is not state
    assert game.state is state and state == snapshot, f"{text!r} changed the position it was given"


def play_and_try(game: Game, rng: random.Random, moves: int) -> None:
    """Random legal play, trying the :func:`attempts` at each position; every earlier
    position is kept and must be unchanged at the end (copy on write)."""
    history: list = []
    stale: list[str] = []
    for _ in range(moves):
        snapshot = copy.deepcopy(game.state)
        for text in attempts(game, rng, stale):
            same_as_apply(game, text, snapshot)
        legal = game.legal_events()
        if not legal:
            break
        history.append((game.state, snapshot))
        pick = rng.choice(legal).text
        game.apply(pick)
        stale.append(pick)
    for state, snapshot in history:
        assert state == snapshot, "a later event changed an earlier position"


@pytest.mark.parametrize("path", sorted(ZA_FIXTURES.glob("*.zat")), ids=lambda p: p.stem)
def test_check_gives_the_refusal_apply_raises_along_each_fixture(path):
    record = parse_record(path.read_text(encoding="utf-8"), path)
    game = setup(record)
    rng = random.Random(path.stem)
    history = []
    for line in record.events:
        snapshot = copy.deepcopy(game.state)
        for text in attempts(game, rng, [line.text]):
            same_as_apply(game, text, snapshot)
        history.append((game.state, snapshot))
        try:
            game.apply(line.text)
        except IllegalEventError:
            break                                  # a record that ends on its refusal
    for state, snapshot in history:
        assert state == snapshot


@needs_shared
def test_check_gives_the_refusal_of_the_shared_illegal_example():
    path = EXAMPLES / "zombie-attack" / "illegal-revisit.zat"
    record = parse_record(path.read_text(encoding="utf-8"), path)
    game = setup(record)
    for line in record.events:
        try:
            event = game.parse(line.text)
            problem = game.check(game.state, event)
            game.apply(line.text)
        except IllegalEventError as err:
            assert problem == (err.message, err.rule) and err.rule == "zombie-attack.ruling.new-squares"
            return
        assert problem is None
    raise AssertionError("the example's refusal was not met")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tags=setups(), seed=st.integers(0, 2**32 - 1))
def test_step_never_changes_a_position_and_check_and_dry_run_agree_with_apply(tags, seed):
    play_and_try(Game.from_tags(tags), random.Random(seed), 40)


def test_a_step_leaves_its_position_alone_after_weapons_turns_and_returns():
    """The events that change the most parts at once (a Weapon used on a zombie that
    returns, a human turned with cards, the pile refilled) leave the position they were
    applied to as it was."""
    game = Game.from_tags({"Players": "Ann, Ben", "Board": "default", "Zombies": "2", "ZombieReturn": "door",
                           "Deck": "Weapon=2 Empty=1"})
    for text in ("Ann: start d9", "Ben: start h2", "Ann: roll 1", "Ann: E Weapon keep", "Ben: roll 2",
                 "Ben: W Weapon keep", "Ben: W Empty"):
        before = game.state
        snapshot = copy.deepcopy(before)
        game.apply(text)
        assert before == snapshot and game.state is not before
    state = game.state
    assert (state.pile, state.discard, state.phase) == ({"Empty": 1}, {}, "zombies")   # the Empty refilled it
    snapshot = copy.deepcopy(state)
    done = game.apply("Ann: zombie f1 roll 1 N")          # f2: Ben's Weapon destroys it, it returns
    assert done.notes[1].startswith("Ben's Weapon destroys the zombie on f2")
    assert state == snapshot and state.pending == ()
    after = game.state
    assert (after.pile, after.discard, len(after.pending)) == ({"Empty": 1}, {"Weapon": 1}, 1)
    assert after.players[1].cards == [] and state.players[1].cards == ["Weapon"]


def test_the_refusals_a_step_meets_on_the_way_come_from_check():
    """Refusals found mid-move in the old engine (a card named on the winning step, by a
    human turned on the square, a card the Weapons' discards leave in no pile) are the
    check's, word for word."""
    game = Game.from_tags({"Players": "Ann, Ben", "Board": "default", "Zombies": "1"})
    for text in ("Ann: start d9", "Ben: start i9", "Ann: roll 2", "Ann: E Key:back keep", "Ann: E Empty",
                 "Ben: roll 1", "Ben: S Empty", "Ann: zombie f1 roll 1 N", "Ben: stop", "Ann: roll 1"):
        game.apply(text)
    for text, rule in (("Ann: N Empty", "zombie-attack.ruling.new-squares"),
                       ("Ann: N Weapon keep", "zombie-attack.ruling.new-squares")):
        problem = game.check(game.state, game.parse(text))
        assert problem is not None and problem[1] == rule
        assert problem[0] == "the step onto the back door with its Key wins at once: no card is drawn"
        same_as_apply(game, text)
    assert game.apply("Ann: N").notes == ["Ann unlocks the back door with Key:back, escapes and wins"]
    # walking unarmed into the zombie: turned, and no card drawn there
    game = Game.from_tags({"Players": "Ann, Ben", "Board": "default", "Zombies": "1"})
    for text in ("Ann: start h2", "Ben: start i9", "Ann: roll 1"):
        game.apply(text)
    game.state.zombies[0].at = (6, 1)                    # g2, beside Ann (set by hand for the test)
    problem = game.check(game.state, game.parse("Ann: W Empty"))
    assert problem == ("Ann is turned on g2 and draws no card", "zombie-attack.turn.draw-per-space")
    same_as_apply(game, "Ann: W Empty")
    assert game.apply("Ann: W").notes[0] == "Ann walks into a zombie on g2 and becomes a zombie player"
