"""The helpers the engines share (referee.seats, cards.parse_counts, numbers.die_roll,
grid.facing_word, grid.square_name): each game keeps its own messages word for word.
The expected lines below are what each engine said before the helpers were shared."""

from __future__ import annotations

import pytest

from referee.errors import BadInputError
from referee.games import spec
from referee.grid import facing_word, parse_facing, square_name

PLAYERS = {"fight-or-flight": "Ann, Ben", "fluxx": "Ann, Ben, Cat", "zombie-attack": "Ann, Ben", "zombies": "Ann, Ben"}

EVENTS = [
    ("fight-or-flight", "Ann Provision",
     "expected 'Player: Card', 'Player: show Card' or 'Player: stuck', not 'Ann Provision'"),
    ("fight-or-flight", "Ann:", "expected 'Player: Card', 'Player: show Card' or 'Player: stuck', not 'Ann:'"),
    ("fight-or-flight", ":Heal", "unknown player '' (players: Ann, Ben)"),
    ("fight-or-flight", "x" * 50 + ": Heal", f"unknown player '{'x' * 50}' (players: Ann, Ben)"),
    ("fluxx", "Ann draw ?", "expected 'Player: event' (draw, play, kill, discard, drop, end, ...), not 'Ann draw ?'"),
    ("fluxx", "Dan: draw ?", "unknown player 'Dan' (players: Ann, Ben, Cat)"),
    ("fluxx", "y" * 50 + ": draw ?", f"unknown player '{'y' * 40}' (players: Ann, Ben, Cat)"),
    ("zombie-attack", "Ann:",
     "expected 'Player: event' (start, roll, a step N/E/S/W, stop, to, zombie), not 'Ann:'"),
    ("zombie-attack", "z" * 50 + ": roll", f"unknown player '{'z' * 30}' (players: Ann, Ben)"),
    ("zombie-attack", "Ann: roll 7", "a die roll is a number 1 to 6, not '7'"),
    ("zombie-attack", "Ann: roll 1234567890123", "a die roll is a number 1 to 6, not '1234567890'"),
    ("zombie-attack", "Ann: roll ²", "a die roll is a number 1 to 6, not '²'"),  # was a crash (exit 3)
    ("zombie-attack", "Ann: zombie e1 roll 3 N up", "'up' is not a step: N, E, S or W"),
    ("zombies", "Ann roll", "write events as `Player: ...` (e.g. `Ann: roll 3`), not 'Ann roll'"),
    ("zombies", ": roll 3", "write events as `Player: ...` (e.g. `Ann: roll 3`), not ': roll 3'"),
    ("zombies", "w" * 50 + ": roll 3", f"unknown player '{'w' * 40}' (players: Ann, Ben)"),
    ("zombies", "Ann: roll  x ", "`roll` takes a die roll 1..6, not 'x'"),
    ("zombies", "Ann: spell 9", "`spell` takes a die roll 1..6, not '9'"),
    ("zombies", "Ann: zombies 7: 1", "`zombies` takes a die roll 1..6, not '7'"),
]


@pytest.mark.parametrize("game, event, message", EVENTS)
def test_each_engine_refuses_with_its_own_words(game, event, message):
    engine = spec(game).new_game({"Players": PLAYERS[game]})
    before = engine.to_json()
    with pytest.raises(BadInputError) as err:
        engine.apply(event)
    assert str(err.value) == message
    assert engine.to_json() == before


DECKS = [
    ("fluffy", "F=ten", "bad deck entry 'F=ten': write CODE=COUNT, e.g. F=10"),
    ("fluffy", "=5", "'' is not a movement card: F, L, R, B or a choice such as LR"),
    ("fluffy", "F=1 F=2", "deck names F twice"),
    ("fluffy", "F=2=3", "bad deck entry 'F=2=3': write CODE=COUNT, e.g. F=10"),
    ("zombie-attack", "=5", "bad deck entry '=5': write CARD=COUNT, e.g. Weapon=22"),
    ("zombie-attack", "Weapon=1 weapon=2", "the deck names Weapon twice"),
    ("zombie-attack", "Weapon=2=3", "unknown card 'Weapon=2': did you mean 'Weapon'? "
                                    "(known: Empty, Hiding, Weapon, Key:front, Key:back, Key:fire)"),
    # more digits than any count holds: refused like every other number (was accepted)
    ("zombie-attack", "Weapon=" + "9" * 25, f"bad deck entry 'Weapon={'9' * 23}': write CARD=COUNT, e.g. Weapon=22"),
]


@pytest.mark.parametrize("game, deck, message", DECKS)
def test_deck_lists_are_read_once_with_each_game_s_words(game, deck, message):
    tags = {"Deck": deck} if game == "fluffy" else {"Players": "Ann, Ben", "Deck": deck}
    with pytest.raises(BadInputError) as err:
        spec(game).new_game(tags)
    assert str(err.value) == message


def test_good_deck_lists_keep_their_order_and_the_games_own_defaults():
    assert spec("fluffy").new_game({"Deck": "F=10,L=4,R=4,B=2,LR=2,FB=2"}).tags()["Deck"] == "F=10 L=4 R=4 B=2 LR=2 FB=2"
    za = spec("zombie-attack").new_game({"Players": "Ann, Ben", "Deck": "Hiding=24, Key:front=3 Empty=40"})
    assert za.tags()["Deck"] == "Empty=40 Hiding=24 Key:front=3"  # the game's card order, zero counts left out


def test_facings_and_square_names():
    assert [facing_word(w) for w in ("n", "East", " SOUTH ", "w", "up", "")] == ["N", "E", "S", "W", None, None]
    assert parse_facing("north") == "N"
    with pytest.raises(BadInputError, match="'up' is not a facing"):
        parse_facing("up")
    assert square_name((1, 2)) == square_name((1, 2)) == "b3"
    assert square_name([1, 2]) == "b3"  # a list is named too, and not remembered
    assert square_name((11, -1)) == "off the board"
