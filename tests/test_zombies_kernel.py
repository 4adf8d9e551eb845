"""Zombies!!! quick play on the kernel (issue 26): every refusal comes from ``check``
(the Problem ``check`` returns is the error ``apply`` raises), ``step`` never changes
the state it is given, and ``dry_run`` does what ``apply`` does on a copy, changing
nothing."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError
from referee.games.zombies.engine import Game
from referee.records import parse_record
from referee.replay import setup

from .conftest import EXAMPLES, FIXTURES
from .test_zombies import EXAMPLES_BY_RULE, MOVING

BOX = '"Toy Store" = {z = 4, ammo = 1, life = 1}\n'

#: Texts tried at every position besides the listed and the usual events: other
#: seats, other steps, weapons, removed cards, adjustments past the limits, bad splits.
TRIES = ['{who}: tile road 2', '{who}: tile none', '{who}: tile "Helipad" z=1 ammo=0 life=0',
         '{who}: tile road 2 dogs=3', '{who}: bid 0', '{who}: bid 9', '{who}: pass',
         '{who}: fight 4', '{who}: fight 1 ammo', '{who}: fight 2 life', '{who}: fight 6 ammo',
         '{who}: fight 3 dog', '{who}: fight 3 enhanced life', '{who}: fight 2 +2 "Chainsaw"',
         '{who}: fight 1 +1 "Chainsaw" +2 "Axe"', '{who}: draw 1', '{who}: draw 0', '{who}: roll 3',
         '{who}: duct', '{who}: move 1', '{who}: move 9', '{who}: pick ammo', '{who}: pick life',
         '{who}: town-square', '{who}: helipad', '{who}: spell 5', '{who}: zombies 4',
         '{who}: zombies 4: 2 2', '{who}: zombies 4: 3', '{who}: zombies 6: 1 1 1 1 1 1 1',
         '{who}: discard', '{who}: end', '{who}: event "Fear"', '{who}: event "Lots of Ammo"',
         '{who}: item "Chainsaw"', '{who}: item "Page 1"', '{who}: drop "Chainsaw"',
         '{who}: adjust life +3', '{who}: adjust ammo -9', '{who}: adjust hand +1',
         '{who}: adjust guts +1', '{who}: adjust kills +1', '{who}: reshuffle']


def outcome(game: Game, text: str):
    """What ``apply`` does with ``text`` on a copy of ``game``: ``("ok", text, notes)``,
    or the error's kind, message and rule."""
    trial = copy.copy(game)  # the state is frozen: the copy's apply replaces it
    try:
        done = trial.apply(text)
    except ChoiceNeeded as exc:   # an IllegalEventError too: caught first
        return ("choice", exc.message, exc.rule, tuple(o.text for o in exc.options))
    except IllegalEventError as exc:
        return ("illegal", exc.message, exc.rule)
    except BadInputError as exc:
        return ("bad", exc.message, None)
    return ("ok", done.text, tuple(done.notes))


def agree(game: Game, text: str) -> None:
    """``check`` names the refusal ``apply`` raises, word for word, and nothing else
    refuses; ``dry_run`` says the same and changes nothing."""
    before = game.state
    try:
        event = game.parse(text)
    except BadInputError:
        assert outcome(game, text)[0] == "bad", text
        return
    problem = game.check(game.state, event)
    got = outcome(game, text)
    if problem is not None:
        assert got == ("illegal", *problem), (text, problem, got)
    else:
        assert got[0] in ("ok", "choice"), (text, got)
    try:
        dry = game.dry_run(text)
        assert got == ("ok", dry.text, tuple(dry.notes)), (text, got)
    except ChoiceNeeded as exc:
        assert got == ("choice", exc.message, exc.rule, tuple(o.text for o in exc.options)), text
    except IllegalEventError as exc:
        assert got == ("illegal", exc.message, exc.rule), (text, got)
    assert game.state is before


def tries(game: Game) -> list[str]:
    """The listed events, the usual attempts and :data:`TRIES` for every seat."""
    texts = [o.text for o in game.legal_events()] + [b.event for b in game.blocked_events()]
    for p in game.players:
        texts += [t.format(who=p.name) for t in TRIES]
    return texts


def records():
    """Every record of the game's fixtures: the rulings' records, the records of
    ``EXAMPLES_BY_RULE`` (one for each rule id) and the shared examples when present."""
    out = [(p.name, p.read_text(), p) for p in sorted((FIXTURES / "zombies").glob("*.zqp"))]
    out += [(rule, head + tail.strip() + "\n", None) for rule, (head, tail) in sorted(EXAMPLES_BY_RULE.items())]
    shared = EXAMPLES / "zombies"
    if shared.is_dir():
        out += [(p.name, p.read_text(), p) for p in sorted(shared.glob("*.zqp"))]
    return out


@pytest.mark.parametrize("name,text,path", records(), ids=[r[0] for r in records()])
def test_check_names_every_refusal_apply_raises_in_the_fixtures(name, text, path, tmp_path):
    if path is None:
        (tmp_path / "box.toml").write_text(BOX)
        path = tmp_path / "game.zqp"
    record = parse_record(text, path)
    try:
        game = setup(record)
    except BadInputError:
        pytest.skip("the record's set-up is refused: no event to check")
    refusals = 0
    for line in record.events:
        for t in tries(game):
            agree(game, t)
        agree(game, line.text)
        try:
            game.apply(line.text)
        except IllegalEventError:
            refusals += 1
            break   # a record stops at its first refusal
        except (ChoiceNeeded, BadInputError):
            break
    if name in EXAMPLES_BY_RULE:
        assert refusals == 1, name   # each of these records ends with its rule's refusal


def test_a_refusal_met_by_the_table_comes_from_check():
    """The record of each rule id ends with that refusal: ``check`` returns it before
    anything moves (none is raised from inside a step)."""
    for rule, (head, tail) in EXAMPLES_BY_RULE.items():
        if "TileData" in head:
            continue
        record = parse_record(head + tail.strip() + "\n")
        game = setup(record)
        *before, last = [line.text for line in record.events]
        for text in before:
            game.apply(text)
        problem = game.check(game.state, game.parse(last))
        assert problem is not None and problem[1] == rule, (rule, problem)


SETUPS = [
    {"Players": "Ann, Ben, Cat", "Tiles": "12"},
    {"Players": "Ann, Ben", "Tiles": "10", "Events": "7"},
    {"Players": "A, B, C, D", "Expansions": "the-end, zombie-corps", "Tiles": "14"},
    {"Players": "A, B, C", "Expansions": "schools-out, mall-walkers, six-feet-under", "Events": "12"},
]


def frozen_copy(state) -> dict:
    """Every attribute of ``state`` deep-copied (the set-up aside: no event changes it)."""
    return {k: copy.deepcopy(v) for k, v in vars(state).items() if k != "setup"}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup_tags=st.sampled_from(SETUPS))
def test_step_never_changes_the_state_it_is_given(data, setup_tags):
    """For random legal and illegal events in random legal play: ``check``, ``step``
    and ``play`` leave the state they are given equal, by value, to a deep copy taken
    before, and ``step`` returns a new state."""
    game = Game.from_tags(dict(setup_tags))
    for _ in range(data.draw(st.integers(10, 80), label="steps")):
        legal = game.legal_events()
        if not legal:
            break
        state = game.state
        snapshot = frozen_copy(state)
        pool = [o.text for o in legal] + [t.format(who=p.name) for p in game.players for t in TRIES]
        for text in data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6), label="tried"):
            try:
                event = game.parse(text)
            except BadInputError:
                continue
            if game.check(state, event) is None:
                try:
                    done = game.step(state, event)
                except ChoiceNeeded:
                    pass
                else:
                    assert done.state is not state and type(done.state) is type(state)
            else:
                with pytest.raises(IllegalEventError) as exc:
                    game.play(state, text)
                assert not isinstance(exc.value, ChoiceNeeded)
            assert frozen_copy(state) == snapshot, text
        game.apply(data.draw(st.sampled_from(legal), label="legal").text)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup_tags=st.sampled_from(SETUPS))
def test_dry_run_is_apply_on_a_copy(data, setup_tags):
    """``dry_run`` returns (or raises) what ``apply`` on a deep copy of the game does,
    and the game is left as it was."""
    game = Game.from_tags(dict(setup_tags))
    for _ in range(data.draw(st.integers(10, 60), label="steps")):
        legal = game.legal_events()
        if not legal:
            break
        pool = [o.text for o in legal] + [t.format(who=p.name) for p in game.players for t in TRIES]
        text = data.draw(st.sampled_from(pool), label="tried")
        before = frozen_copy(game.state)
        twin = copy.deepcopy(game)
        try:
            done = twin.apply(text)
            want = ("ok", done.text, done.notes)
        except (IllegalEventError, ChoiceNeeded, BadInputError) as exc:
            want = (type(exc).__name__, exc.message, getattr(exc, "rule", None))
        try:
            dry = game.dry_run(text)
            got = ("ok", dry.text, dry.notes)
        except (IllegalEventError, ChoiceNeeded, BadInputError) as exc:
            got = (type(exc).__name__, exc.message, getattr(exc, "rule", None))
        assert got == want, text
        assert frozen_copy(game.state) == before
        if got[0] == "ok":
            assert frozen_copy(twin.state) != before or got[1].endswith("reshuffle")
        game.apply(data.draw(st.sampled_from(legal), label="legal").text)


def test_the_fixture_positions_are_reached_through_the_kernel():
    """``MOVING`` (the position many rule records start from) reached event by event:
    each ``apply`` replaces the state and keeps the one before intact."""
    game = Game.from_tags({"Players": "Ann, Ben", "Tiles": "20"})
    states = [game.state]
    for text in MOVING.strip().split("\n"):
        game.apply(text)
        states.append(game.state)
    assert [s.phase for s in states] == ["tile", "start", "move", "move"]
    assert [s.moved for s in states] == [0, 0, 0, 1]
    assert states[0].zombies == 0 and states[1].zombies == 2


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup_tags=st.sampled_from(SETUPS))
def test_the_listing_is_the_kernels_candidates_that_check_and_step(data, setup_tags):
    """The game's own ``legal_events`` (with its descriptions: the odds of a fight) lists
    exactly the events the kernel's would from ``candidates``: those that pass
    ``check`` and ``step``, each as the canonical text ``step`` returns."""
    from referee.games.base import Kernel

    game = Game.from_tags(dict(setup_tags))
    for _ in range(data.draw(st.integers(10, 60), label="steps")):
        legal = game.legal_events()
        assert [o.text for o in legal] == [o.text for o in Kernel.legal_events(game)]
        if not legal:
            break
        game.apply(data.draw(st.sampled_from(legal), label="legal").text)


def test_the_parse_cache_tells_set_ups_apart():
    """Parsing is cached by text and set-up: the same line reads by each game's own seats
    and tile data, whichever game read it first."""
    a = Game.from_tags({"Players": "Ann, Cat"})
    b = Game.from_tags({"Players": "Cat, Ann"})
    assert a.parse("Cat: roll 3").seat == 1 and b.parse("Cat: roll 3").seat == 0
    boxed = Game.from_tags({"Players": "Ann, Cat", "TileData": "box.toml", "TileDataText": BOX})
    assert boxed.parse('Ann: tile "Toy Store"').name == "Toy Store"
    with pytest.raises(BadInputError, match="the tile data gives no z"):
        a.parse('Ann: tile "Toy Store"')     # the built-in data has no counts (ruling 19)
    assert boxed.parse('Ann: tile "Toy Store"') == boxed.parse('Ann: tile "Toy Store"')
