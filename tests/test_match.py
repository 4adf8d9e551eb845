"""Match play scoring (referee.match): the rulebook's example, each scoring item, the
standings, the leader and tie ruling, pair status and the export shape."""

from __future__ import annotations

import doctest

import pytest

import referee.games.fluffy.match as match_mod
from referee.errors import BadInputError
from referee.games.fluffy.match import PlayedGame, Score, score_match
from referee.replay import replay_file

from .conftest import ESCAPE


def state(ending=None, tree=False, zombies=0, destroyed=0, aside=0, winner=None):
    """A Zombies Want Fluffy JSON state with just the fields scoring reads."""
    names = ["George", "Romero", "Campbell", "Raimi"]
    if winner is None and ending is not None:
        winner = "fluffy" if ending in ("escape", "dawn") else "zombies"
    return {"game": "fluffy", "over": ending is not None, "winner": winner, "ending": ending,
            "fluffy": {"at": "exit" if ending == "escape" else "c2", "facing": "S", "tree": tree, "hand": 2},
            "zombies": [{"name": n, "at": "a1", "facing": "S"} for n in names[:zombies]],
            "destroyed": names[zombies:zombies + destroyed],
            "aside": names[zombies + destroyed:zombies + destroyed + aside]}


def test_doctests():
    result = doctest.testmod(match_mod)
    assert result.attempted >= 5 and result.failed == 0


def test_rulebook_example_is_seven_points():
    # Tree tagged, escape, two zombies on the board and one destroyed by the flower.
    score = Score.of_state(state("escape", tree=True, zombies=2, destroyed=1))
    assert score.to_json() == {"tree": 1, "zombies": 3, "dawn": 0, "escape": 3, "total": 7}


@pytest.mark.parametrize("st, items", [
    (state("dawn", tree=True, zombies=4), (1, 4, 1, 0, 6)),
    (state("capture", tree=True, zombies=3), (1, 3, 0, 0, 4)),       # Fluffy scores even when he loses
    (state("bladder", zombies=2, destroyed=1), (0, 3, 0, 0, 3)),
    (state("capture", zombies=1, aside=1), (0, 1, 0, 0, 1)),         # a set-aside zombie is not on the board
    (state(None, tree=True, zombies=1), (1, 1, 0, 0, 2)),            # as things stand
])
def test_each_scoring_item(st, items):
    s = Score.of_state(st)
    assert (s.tree, s.zombies, s.dawn, s.escape, s.total) == items


def test_score_agrees_with_the_engine_on_a_real_game():
    game = replay_file(ESCAPE).game
    assert Score.of_state(game.to_json()).to_json() == game.score() == {
        "tree": 1, "zombies": 2, "dawn": 0, "escape": 3, "total": 6}


def test_malformed_state_is_bad_input():
    with pytest.raises(BadInputError, match="needs fluffy.tree"):
        Score.of_state({"game": "fluffy"})


def test_a_pair_standings_and_leader():
    table = score_match([
        PlayedGame("Ana", "Ben", state("escape", tree=True, zombies=2, destroyed=1)),   # Ana 7
        PlayedGame("Ben", "Ana", state("dawn", tree=True, zombies=4)),                  # Ben 6
    ])
    assert [(p.name, p.points, p.wins, p.games) for p in table.players] == [
        ("Ana", 7, 1, 2), ("Ben", 6, 1, 2)]
    assert table.leader == "Ana" and table.pair_complete and not table.needs_another_pair
    assert (table.next_fluffy, table.next_zombies) == ("Ana", "Ben")
    g1, g2 = table.games
    assert (g1.number, g1.winner, g1.winner_side, g1.ending) == (1, "Ana", "fluffy", "escape")
    assert (g2.number, g2.winner, g2.winner_side, g2.ending) == (2, "Ben", "fluffy", "dawn")


def test_wins_decide_before_points():
    # Ana wins both games; Ben, losing as Fluffy with four zombies out, has more points,
    # but the points only break a tie on wins (fluffy.ruling.match-wins-first).
    table = score_match([
        PlayedGame("Ana", "Ben", state("escape", tree=True)),                 # Ana 4, Ana wins
        PlayedGame("Ben", "Ana", state("capture", tree=True, zombies=4)),     # Ben 5, Ana wins
    ])
    assert table.standing("Ana").wins == 2 and table.standing("Ben").wins == 0
    assert table.standing("Ben").points > table.standing("Ana").points
    assert table.leader == "Ana" and table.decided_by == "wins"


def test_one_win_each_points_decide():
    table = score_match([
        PlayedGame("Ana", "Ben", state("escape", tree=True)),                 # Ana 4, Ana wins
        PlayedGame("Ben", "Ana", state("dawn", tree=True, zombies=1)),        # Ben 3, Ben wins
    ])
    assert [p.wins for p in table.players] == [1, 1]
    assert table.leader == "Ana" and table.decided_by == "points" and not table.needs_another_pair


def test_a_win_leads_even_with_fewer_points_before_the_pair_is_complete():
    # The table-top report: Ben won game 1 as the zombies; Ana, Fluffy, scored 1 point.
    table = score_match([PlayedGame("Ana", "Ben", state("capture", tree=True))])
    assert table.standing("Ana").points == 1 and table.standing("Ben").wins == 1
    assert table.leader == "Ben" and table.decided_by == "wins"


def test_equal_points_is_a_tie_calling_for_another_pair():
    table = score_match([
        PlayedGame("Ana", "Ben", state("capture", tree=True, zombies=1)),     # 2
        PlayedGame("Ben", "Ana", state("bladder", zombies=2)),                # 2
    ])
    assert table.leader is None and table.tie and table.needs_another_pair
    assert table.to_json()["leader"] is None
    # The next pair starts with the sides swapped again: Ana runs Fluffy.
    assert (table.next_fluffy, table.next_zombies) == ("Ana", "Ben")


def test_tie_before_the_pair_is_complete_is_not_yet_a_call_for_another_pair():
    # A game with no winner (the state of a game ended without one) leaves wins and points equal.
    table = score_match([PlayedGame("Ana", "Ben", {**state("capture"), "winner": None})])
    assert table.leader is None and not table.pair_complete and not table.needs_another_pair
    assert (table.next_fluffy, table.next_zombies) == ("Ben", "Ana")


def test_a_game_in_play_shows_its_points_but_counts_for_nobody():
    table = score_match([
        PlayedGame("Ana", "Ben", state("capture", zombies=1)),                # Ana 1
        PlayedGame("Ben", "Ana", state(None, tree=True, zombies=2)),          # Ben 3 so far
    ])
    running = table.games[1]
    assert not running.over and running.winner is None and running.ending is None
    assert running.score.total == 3 and running.points == 0
    assert [(p.points, p.games) for p in table.players] == [(1, 1), (0, 1)]
    # Ben won the finished game: the win leads, Ana's point does not.
    assert table.leader == "Ben" and table.decided_by == "wins" and not table.pair_complete


def test_no_game_yet_needs_the_players():
    table = score_match([], ["Ana", "Ben"])
    assert table.games == () and table.leader is None and not table.pair_complete
    assert (table.next_fluffy, table.next_zombies) == ("Ana", "Ben")
    with pytest.raises(BadInputError, match="between two players, not nobody"):
        score_match([])


@pytest.mark.parametrize("games, players, message", [
    ([PlayedGame("Ana", "Ana", state("capture"))], None, "game 1: Ana cannot play both"),
    ([PlayedGame("Ana", "", state("capture"))], None, "game 1: both players must be named"),
    ([PlayedGame("Ana", "Ben", state("capture")), PlayedGame("Cat", "Ana", state("capture"))], None,
     "between two players, not Ana, Ben, Cat"),
    ([PlayedGame("Ana", "Cat", state("capture"))], ["Ana", "Ben"], "game 1: Cat is not a player of the match"),
])
def test_bad_matches(games, players, message):
    with pytest.raises(BadInputError, match=message):
        score_match(games, players)


def test_json_shape():
    table = score_match([PlayedGame("Ana", "Ben", state("escape", tree=True, zombies=2, destroyed=1)),
                         PlayedGame("Ben", "Ana", state("capture", zombies=1))])
    assert table.to_json() == {
        "players": {"Ana": {"points": 7, "wins": 2, "games": 2}, "Ben": {"points": 1, "wins": 0, "games": 2}},
        "leader": "Ana", "decided_by": "wins",
        "games": [
            {"game": 1, "fluffy": "Ana", "zombies": "Ben", "over": True, "winner": "Ana",
             "winner_side": "fluffy", "ending": "escape",
             "score": {"tree": 1, "zombies": 3, "dawn": 0, "escape": 3, "total": 7}},
            {"game": 2, "fluffy": "Ben", "zombies": "Ana", "over": True, "winner": "Ana",
             "winner_side": "zombies", "ending": "capture",
             "score": {"tree": 0, "zombies": 1, "dawn": 0, "escape": 0, "total": 1}},
        ]}


def test_export_one_entry_per_player_per_finished_game():
    table = score_match([PlayedGame("Ana", "Ben", state("escape", tree=True, zombies=1)),
                         PlayedGame("Ben", "Ana", state(None, tree=True))])
    assert table.export(4) == {"match": 4, "players": ["Ana", "Ben"], "games": [
        {"game": 1, "players": [
            {"name": "Ana", "side": "fluffy", "score": 5, "winner": True},
            {"name": "Ben", "side": "zombies", "score": 0, "winner": False}]}]}


def test_the_rulings_applied_are_rule_entries():
    from rulesdb.model import load_entries

    entries = {e.id: e for e in load_entries()}
    for rid in match_mod.RULE_IDS:
        assert rid in entries
    leader = entries["fluffy.ruling.match-leader"]
    assert leader.kind == "ruling" and "fluffy.match-play" in leader.rules and leader.reason
