"""Properties of Zombie Fluxx over random legal play and fuzzed event text (hypothesis).

Random games pick among ``legal_events()`` at every step and check after each event that
every card is somewhere (pile, discard pile, hands, in front of players, in play, out of
the game), that no card is seen more often than the deck holds it, that the game never
leaves its players without a legal event, and that the game exports to a record that
replays to the same state.  Fuzzed text only ever raises the project's typed errors and
a refused event leaves the game unchanged.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.games.fluxx.engine import Game
from referee.records import format_record, parse_record
from referee.replay import replay_record

from .test_fluxx_engine import TEST_CARDS

SETUPS = {
    "built-in, three": {"Players": "Ann, Ben, Cat"},
    "test cards, two": {"Players": "Ann, Ben", "Cards": "t.toml", "CardsText": TEST_CARDS},
    "no zombies, four": {"Players": "Ann, Ben, Cat, Dan", "Zombies": "out"},
}


def check_invariants(g: Game) -> None:
    total = sum(g.composition.values())
    where = (g.pile + len(g.discard) + len(g.trash) + sum(h.size for h in g.hands)
             + sum(sum(k.values()) for k in g.keepers) + sum(sum(c.values()) for c in g.creepers)
             + sum(1 for n in [*g.rules.values(), *g.others, g.goal, g.trio] if n))
    assert where == total, "a card went missing or appeared from nowhere"
    assert g.pile >= 0 and all(h.unknown >= 0 for h in g.hands)
    seen = g.visible()
    assert all(n <= g.composition.get(c, 0) for c, n in seen.items())
    assert len(g.top) <= g.pile
    if g.over:
        assert g.legal_events() == [] and g.to_json()["next"] is None
    else:
        assert g.legal_events(), "no legal event in a running game"
    s = g.to_json()
    assert set(s) >= {"game", "over", "winner", "ending", "turn", "next", "drawn", "played", "rules",
                      "goal", "players", "pile", "discard"}


#: Cards the catalogues lack, defined by card lines at random moments (ruling 23), in an
#: order where each line's needs are already known.
CARD_LINES = ['card "Tin Whistle" type=keeper weapon=true kills=1',
              'card "Crawling Hand" type=creeper zombie=2 count=2',
              'card "Whistle Stop" type=goal needs=["Tin Whistle"]',
              'card "Horde at the Door" type=ungoal needs=[] table_zombies_min=4']


def play_randomly(data, tags: dict, steps: int) -> tuple[Game, list[str]]:
    g = Game.from_tags(tags)
    texts: list[str] = []
    lines = list(CARD_LINES)
    for _ in range(steps):
        legal = g.legal_events()
        if not legal:
            break
        if lines and data.draw(st.integers(0, 9), label="card line?") == 0:
            applied = g.apply(lines.pop(0))         # a card line fits anywhere, even mid-kill
            texts.append(applied.text)
            check_invariants(g)
            continue
        pick = data.draw(st.sampled_from(legal), label="event")
        applied = g.apply(pick.text)
        assert applied.text == pick.text
        texts.append(applied.text)
        check_invariants(g)
    return g, texts


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), setup=st.sampled_from(sorted(SETUPS)))
def test_random_legal_play_keeps_invariants_and_replays(data, setup):
    game, texts = play_randomly(data, SETUPS[setup], steps=100)
    tags = {"Game": "fluxx", **game.tags()}
    if "CardsText" in SETUPS[setup]:
        tags.pop("Cards")
        record = parse_record(format_record(tags, [(t, "") for t in texts]))
        record.tags["Cards"], record.tags["CardsText"] = "t.toml", TEST_CARDS
    else:
        record = parse_record(format_record(tags, [(t, "") for t in texts]))
    result = replay_record(record)
    assert result.error is None, result.error
    assert result.game.to_json() == game.to_json()


WORDS = ["Ann:", "Ben:", "Cat:", "draw", "play", "kill", "with", "bare-hands", "discard", "drop", "end",
         "move", "to", "trio", "left", "right", "creeper", "?", "Zombie", '"Pair of Zombies"', "Coffee",
         "Shotgun", '"Draw 4"', '"Hand Limit 0"', "take", "from", "give", "goal-discard", "rule-discard",
         '"Exchange Keepers"', "Ben", '"', ";", "Draw", "2", "'em", "Zed:", ":", "trash", "card",
         "type=keeper", "type=goal", "needs=[]", "zombies_min=2", "count=0", '"The Car"', "kills=x"]


@settings(max_examples=80, deadline=None)
@given(data=st.data(), words=st.lists(st.sampled_from(WORDS), min_size=0, max_size=8),
       noise=st.text(max_size=12))
def test_fuzzed_events_raise_only_typed_errors_and_change_nothing(data, words, noise):
    game, _ = play_randomly(data, SETUPS["test cards, two"], steps=data.draw(st.integers(0, 15)))
    for text in (" ".join(words), " ".join(words) + noise, noise):
        before = json.dumps(game.to_json(), sort_keys=True)
        try:
            game.apply(text)
        except RefereeError:
            assert json.dumps(game.to_json(), sort_keys=True) == before
        check_invariants(game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(setup=st.sampled_from(sorted(SETUPS)), lines=st.lists(st.lists(st.sampled_from(WORDS), max_size=8)
                                                            .map(" ".join), max_size=6))
def test_fuzzed_events_through_move_leave_a_store_that_replays(tmp_path, setup, lines):
    from .storecheck import enter_and_check

    enter_and_check(tmp_path / "f.db", "fluxx", dict(SETUPS[setup]), lines)
