"""Properties of Zombies Want Fluffy over random legal play (hypothesis).

Each example plays a game by picking among ``legal_events()`` at every step, and checks
the invariants after every event: no two zombies share a square, hands stay within
their limits, card counts stay within the deck, and the game exports to a record that
replays to the same state.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.fluffy.engine import Game
from referee.errors import BadInputError, IllegalEventError
from referee.records import format_record, parse_record
from referee.replay import replay_record

from .conftest import YARD_TEXT

# One folder for the whole module: hypothesis does not mix with function-scoped fixtures.
_DIR = Path(tempfile.mkdtemp(prefix="referee-props-"))
(_DIR / "yard.toml").write_text(YARD_TEXT, encoding="utf-8")

BOARDS = {
    "yard": {"Board": str(_DIR / "yard.toml"), "BoardText": YARD_TEXT, "Deck": "F=10 L=4 R=4 B=2 LR=2 FB=2"},
    "default": {"Board": "default"},
}


def check_invariants(game: Game) -> None:
    s = game.s
    squares = [z.at for z in s.zombies]
    assert len(squares) == len(set(squares)), "two zombies share a square"
    assert all(game.board.on_board(sq) for sq in squares)
    assert s.fluffy is None or game.board.on_board(s.fluffy)
    assert 0 <= s.fluffy_hand.size <= game.rules.hand_size
    assert 0 <= s.zombie_hand.size <= 5
    assert s.pile >= 0
    for card, seen in s.count.seen_counts().items():
        if card not in s.count.guessed:  # a count the players gave is never passed
            assert seen <= s.count.count_of(card)
    names = [z.name for z in s.zombies] + list(s.destroyed) + list(s.aside)
    assert len(names) == len(set(names)) and set(names) <= set(s.drawn)
    if game.over:
        assert game.legal_events() == []


def play_randomly(data, tags: dict, steps: int) -> tuple[Game, list[str]]:
    game = Game.from_tags(tags)
    texts: list[str] = []
    for _ in range(steps):
        legal = game.legal_events()
        if not legal:
            break
        pick = data.draw(st.sampled_from(legal), label="event")
        applied = game.apply(pick.text)
        assert applied.text == pick.text  # legal events are already canonical
        texts.append(applied.text)
        check_invariants(game)
    return game, texts


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), board=st.sampled_from(sorted(BOARDS)))
def test_random_legal_play_keeps_invariants_and_replays(data, board):
    game, texts = play_randomly(data, BOARDS[board], steps=120)
    tags = {"Game": "fluffy", **game.tags()}
    record = parse_record(format_record(tags, [(t, "") for t in texts]))
    result = replay_record(record)
    assert result.error is None
    assert result.game.to_json() == game.to_json()


@settings(max_examples=25, deadline=None)
@given(data=st.data(), junk=st.sampled_from(["snag", "sprint", "end", "shamble", "play B", "discard",
                                             "draw ?", "play LR:L", "play F Raimi", "draw Raimi"]))
def test_rejected_events_leave_the_position_unchanged(data, junk):
    game, _ = play_randomly(data, BOARDS["yard"], steps=30)
    before = game.to_json()
    try:
        game.apply(junk)
    except IllegalEventError as exc:
        assert exc.rule and exc.rule.startswith("fluffy.")
        assert game.to_json() == before
    except BadInputError:  # e.g. `play LR:L` in the zombies' turn: their play names zombies
        assert game.to_json() == before


FLUFFY_LINES = ["play F", "play L", "play R", "play B", "play F >N", "play F >E", "play LR:L", "play LB:B",
                "play RB:R >S", "end", "draw ? ? ?", "draw Raimi ? ?", "snag", "sprint", "sprint >W", "shamble",
                "play F Raimi", "play B Raimi>W", "discard", "discard F", "deck F=30", "deck F=3", "deal ?",
                "play", "play F F", "play Z", "9" * 25, "\x1b[2J", "play F ; x"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=st.sampled_from(sorted(BOARDS)), lines=st.lists(st.sampled_from(FLUFFY_LINES), max_size=14))
def test_fuzzed_events_through_move_leave_a_store_that_replays(board, lines):
    from .storecheck import enter_and_check

    enter_and_check(Path(tempfile.mkdtemp(dir=_DIR)) / "f.db", "fluffy", dict(BOARDS[board]), lines)
