"""Zombie Fluxx on the kernel of ``referee.games.base`` (issue 26): ``parse`` then
``check`` then ``step``, on a position that no step ever changes.

- ``check(state, event)`` returns exactly the ``(reason, rule)`` that ``apply`` raises,
  and None for every event ``apply`` takes (every refusal the engine tests meet is also
  compared, by the fixture in ``test_fluxx_engine.py``);
- ``step`` (and ``check``, ``dry_run``, ``legal_events``) never change the position they
  are given, by value, for random legal and illegal events;
- ``dry_run`` answers what ``apply`` does on a copy of the game.
"""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError, RefereeError
from referee.games.fluxx.engine import Game

from .test_fluxx_engine import new
from .test_fluxx_properties import CARD_LINES, SETUPS, WORDS

#: Events worth trying in any position: most are refused somewhere, some are choices.
TRIES = ["{p}: end", "{p}: draw ?", "{p}: draw ? ? ?", "{p}: draw Zombie", "{p}: play ...",
         "{p}: play Coffee", '{p}: play "Draw 4"', '{p}: play "Hand Limit 0"', "{p}: discard ?",
         "{p}: discard ? ?", "{p}: drop Coffee", "{p}: kill Zombie", "{p}: kill Zombie with bare-hands",
         "{p}: trio left", "{p}: trio", '{p}: move "Pair of Zombies" to {q}', "{p}: creeper Zombie",
         '{p}: play "Exchange Keepers" take Coffee from {q} give ? to {q}',
         "{p}: play \"Draw 2 and Use 'em\" draw ? ?", "{p}: play \"Draw 2 and Use 'em\" draw ?"]


def outcome(call):
    """What ``call()`` does: ``("ok", text, notes)`` or the error's kind, message and rule."""
    try:
        done = call()
    except ChoiceNeeded as exc:
        return ("choice", exc.message, exc.rule)
    except RefereeError as exc:
        return (type(exc).__name__, exc.message, exc.rule)
    return ("ok", done.text, done.notes)


def attempts(g: Game, rng_pick) -> list[str]:
    """Events to try now: the legal ones and the others of :data:`TRIES` for each player."""
    texts = [o.text for o in g.legal_events()]
    for p in g.players:
        q = g.players[(g.players.index(p) + 1) % len(g.players)]
        texts += [t.format(p=p, q=q) for t in TRIES]
    texts += [b.event for b in g.blocked_events()]
    return rng_pick(texts)


def kernel_agrees(g: Game, text: str) -> None:
    """``check`` and ``dry_run`` against ``apply`` on a copy, and nothing changed."""
    state = g.state
    before = state.deep()
    twin = copy.deepcopy(g)
    applied = outcome(lambda: twin.apply(text))
    assert outcome(lambda: g.dry_run(text)) == applied, text
    try:
        event = g.parse(text)
    except BadInputError:
        assert applied[0] in ("BadInputError", "DefinitionNeeded"), (text, applied)
    else:
        problem = g.check(state, event)
        if applied[0] == "IllegalEventError":
            assert problem == applied[1:], text
        elif applied[0] in ("ok", "choice"):
            assert problem is None, (text, problem)
        if problem is None:
            try:
                done = g.step(state, event)
            except (ChoiceNeeded, BadInputError):
                pass
            else:
                assert ("ok", done.text, done.notes) == applied, text
                assert done.state is not state
    g.legal_events()
    g.blocked_events()
    assert g.state is state and state == before, text     # nothing changed, by value


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup=st.sampled_from(sorted(SETUPS)))
def test_check_step_and_dry_run_agree_with_apply_and_never_change_the_position(data, setup):
    """Random play; at every position random legal and illegal events go through ``parse``,
    ``check``, ``step`` and ``dry_run`` (compared with ``apply`` on a copy), and the
    position, compared by value with an independent copy made before, never changes."""
    g = Game.from_tags(SETUPS[setup])
    lines = list(CARD_LINES)
    pick = lambda texts: data.draw(st.lists(st.sampled_from(texts), min_size=1, max_size=4),  # noqa: E731
                                   label="tries")
    for _ in range(40):
        for text in attempts(g, pick):
            kernel_agrees(g, text)
        words = data.draw(st.lists(st.sampled_from(WORDS), max_size=6), label="fuzz")
        kernel_agrees(g, " ".join(words))
        legal = g.legal_events()
        if not legal:
            break
        if lines and data.draw(st.integers(0, 9), label="card line?") == 0:
            kernel_agrees(g, lines[0])
            g.apply(lines.pop(0))
            continue
        g.apply(data.draw(st.sampled_from(legal), label="event").text)


def test_every_refusal_kind_is_a_check_before_or_on_the_way():
    """One position per kind of refusal the step meets on the way (a named check function
    raised from the step): ``check`` names it, ``apply`` raises it, the game is unchanged."""
    g = new("Ann, Ben")
    g.first_round = False
    g.edit(rules={"draw": "Draw 2"})
    cases = [
        ("Ann: draw ? ? ?", "fluxx.draw"),                         # more than owed (draw_more_check)
        ("Ann: play Coffee", "fluxx.ruling.draws-before-plays"),   # before anything changes
    ]
    for text, rule in cases:
        state = g.state
        problem = g.check(state, g.parse(text))
        assert problem is not None and problem[1] == rule, (text, problem)
        try:
            g.apply(text)
        except IllegalEventError as exc:
            assert (exc.message, exc.rule) == problem
        else:
            raise AssertionError(f"{text} was taken")
        assert g.state is state
    g.apply("Ann: draw ? ?")
    g.pile, g.discard = 0, []                                      # both piles empty
    for text, rule in [('Ann: play "Exchange Keepers" take Lumber from Ben', "fluxx.ruling.action-effects"),
                       ("Ann: play \"Draw 2 and Use 'em\" draw ?", "fluxx.reshuffle"),
                       ("Ann: play Coffee draw ?", None)]:            # only an Action has effects
        state = g.state
        if rule is None:
            assert g.check(state, g.parse(text)) is None
            try:
                g.apply(text)
            except BadInputError as exc:
                assert "only an Action carries effects" in exc.message
            else:
                raise AssertionError(f"{text} was taken")
        else:
            problem = g.check(state, g.parse(text))
            assert problem is not None and problem[1] == rule, (text, problem)
            try:
                g.apply(text)
            except IllegalEventError as exc:
                assert (exc.message, exc.rule) == problem
            else:
                raise AssertionError(f"{text} was taken")
        assert g.state is state


def test_a_refusal_met_before_a_bad_effect_is_still_the_answer():
    """An Action's effects are read in ``parse``, but one that does not read is raised only
    where the step reaches it: a refusal met first (the turn, an earlier effect) is still
    the answer, word for word as before the notation was parsed apart."""
    g = new("Ann, Ben", cards=None)
    g.apply("Ann: draw ?")
    cases = [
        ('Ben: play "Exchange Keepers" take Flubber from Ann', IllegalEventError, "fluxx.turn-order"),
        ('Ann: play "Exchange Keepers" take Coffee from Ben bogus', IllegalEventError,
         "fluxx.ruling.action-effects"),
        ('Ann: play "Exchange Keepers" goal-discard bogus', IllegalEventError, "fluxx.ruling.action-effects"),
        ('Ann: play "Exchange Keepers" trash ?', BadInputError, None),
        ('Ann: play "Exchange Keepers" bogus', BadInputError, None),
    ]
    for text, kind, rule in cases:
        state = g.state
        try:
            g.apply(text)
        except kind as exc:
            assert exc.rule == rule, text
            assert type(exc) is not ChoiceNeeded
        else:
            raise AssertionError(f"{text} was taken")
        assert g.state is state
