"""Zombie Attack: the mansion files, the engine's events and every ruling, the rulebook's
worked example, the picture, and the shared examples (skipped without ../shared).

Most positions are played on the project's own 6x4 test house (tests/fixtures):

     a  b  c  d  e  f
   +--+--+--+--+--+--+
  4|a  a | .|bk|b  b |      a library, b bedroom, d dining room (## its table),
   +  +  +  +==+  +  +      l linen closet; exits: back d4 (door to d3),
  3|a  a   .  .  . b |      fire f2 (door to e2), front d1 (door to c1)
   +--+  +--+  +--+--+
  2|d  d | .  .  .=fi|
   +  +  +  +--+  +--+
  1|d  ##| .=fr|l  l |
   +--+--+--+--+--+--+
"""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest

from referee.errors import BadInputError, ChoiceNeeded
from referee.games.zombie_attack import board as boardmod
from referee.games.zombie_attack.engine import RULE_IDS, Game, Walk
from referee.records import parse_record
from referee.replay import replay_file, replay_record

from .conftest import EXAMPLES, ROOT, needs_shared
from .conftest import refused as _refused

HOUSE = ROOT / "tests" / "fixtures" / "zombie-attack" / "house.toml"
HOUSE_TEXT = HOUSE.read_text(encoding="utf-8")
ZA_EXAMPLES = EXAMPLES / "zombie-attack"


def refused(game: Game, event: str, rule: str | None = None, **kw):
    """:func:`conftest.refused`, and the kernel's ``check`` gives that very refusal
    before anything moves (issue 26): the same words and rule, or None for a choice."""
    err = _refused(game, event, rule, **kw)
    problem = game.check(game.state, game.parse(event))
    if isinstance(err, ChoiceNeeded):
        assert problem is None, problem
    else:
        assert problem == (err.message, err.rule)
    return err


def new(players="Ann, Ben", board="house", **tags) -> Game:
    base = {"Players": players}
    if board == "house":
        base.update(Board="house.toml", BoardText=HOUSE_TEXT)
    else:
        base["Board"] = board
    return Game.from_tags({**base, **tags})


def play(events, **kw) -> Game:
    g = new(**kw)
    for e in events:
        g.apply(e)
    return g


def pos(g: Game, name: str) -> str:
    return g.to_json()["players"][name]["at"]


# -- mansion files ----------------------------------------------------------------------

def test_default_mansion_is_our_own_design_with_what_the_spec_asks():
    m = boardmod.load_mansion("default")
    assert (m.width, m.height) == (14, 10)
    assert len(m.rooms) >= 8
    assert m.rooms[m.dining] == "Dining room" and "Linen closet" in m.rooms.values()
    assert any(k == "table" for k in m.kind.values()) and any(k == "hall" for k in m.kind.values())
    sides = set()
    for e, sq in m.exits.items():
        f, r = sq
        sides.add("W" if f == 0 else "E" if f == m.width - 1 else "S" if r == 0 else "N" if r == m.height - 1 else "?")
    assert sides == {"N", "S", "E"}
    assert "our own design" in m.source.lower() or "not the printed" in m.source.lower()


def test_house_fixture_parses():
    m = boardmod.parse_mansion(HOUSE_TEXT)
    assert {e: m.sq(s) for e, s in m.exits.items()} == {"front": "d1", "back": "d4", "fire": "f2"}
    assert m.passage((3, 2), "N") == ("d4", "back")
    assert m.passage((2, 0), "E") == ("d1", "front")
    assert m.wall((1, 1), "E") and not m.wall((1, 1), "W")
    assert m.room_name(m.room_of((1, 1))) == "Dining room"


BAD_BOARDS = [
    # (change to the house text, line, column, words in the message)
    (("|D #|.=X|L L|", "|D #|.=X|L Q|"), 13, 12, "'Q' is not named in [rooms]"),
    (("|D #|.=X|L L|", "|D #|.=X|L ?|"), 13, 12, "'?' is not a square"),
    (("+ + + +-+ +-+", "+ + + + + +-+"), 12, 8, "exit square 'X' has no open side"),
    (("|D D|. . .=X|", "|D D|. . .|X|"), 11, 12, "has 0 locked doors"),
    (("|D D|. . .=X|", "|D D|. . . X|"), 11, 11, "exit square 'X' has no open side"),
    (("|A A . . . B|", "|A A . .=. B|"), 9, 9, "must join an exit square"),
    (("|A A|.|X|B B|", "|A A|.|X|B B="), 7, 13, "on the border"),
    (("|D #|.=X|L L|", "|D #|.=X|L L|x"), 13, 14, "characters wide"),
    (('fire = "f2"', 'fire = "e2"'), 26, None, "not an exit square"),
    (('fire = "f2"\n', ''), 23, None, "no square for exit fire"),
    (('L = "Linen closet"', 'L = "Linen closet"\nQ = "Queen room"'), 22, None, "room Q"),
    (("|D #|", "|. #|"), 13, 4, "the table '#' must stand inside one room"),
]


@pytest.mark.parametrize("change, line, col, words", BAD_BOARDS)
def test_bad_boards_are_refused_at_their_line_and_column(change, line, col, words):
    text = HOUSE_TEXT.replace(*change, 1)
    assert text != HOUSE_TEXT
    with pytest.raises(BadInputError) as exc:
        boardmod.parse_mansion(text)
    where = f"line {line}" + (f", column {col}" if col else "")
    assert where in exc.value.message, exc.value.message
    assert words in exc.value.message, exc.value.message


def test_board_tag_errors_name_the_file():
    with pytest.raises(BadInputError, match=r"^x\.toml: bad board: line"):
        new(board=None, Board="x.toml", BoardText=HOUSE_TEXT.replace("|A A . . . B|", "|A A ! . . B|"))
    with pytest.raises(BadInputError, match="no built-in mansion"):
        new(board="castle")


# -- set-up, tags -----------------------------------------------------------------------

def test_setup_places_zombies_two_per_exit_in_order_and_checks_tags():
    g = new()
    assert g.to_json()["zombies"] == sorted(["d1", "d1", "d4", "d4", "f2", "f2"])
    assert new(Zombies="3").to_json()["zombies"] == ["d1", "d1", "d4"]
    assert new(Zombies="1").to_json()["zombies"] == ["d1"]
    assert new(**{"Empty": "out"}).to_json()["pile"] == 67
    assert new().to_json()["pile"] == 107
    for bad in ({"Zombies": "7"}, {"Keep": "3"}, {"Hiding": "soon"}, {"ZombieReturn": "yes"},
                {"Colour": "red"}, {"Deck": "Empty=x"}, {"Deck": "Bananas=3"}, {"Deck": "Empty=2"},
                {"Players": "Ann"}, {"Players": "A, B, C, D, E, F, G"}, {"Players": "Ann, ann"}):
        with pytest.raises(BadInputError):
            new(**bad)
    g = new(Keep="2", Hiding="halt", ZombieReturn="door", Zombies="4", Empty="out", Deck="Weapon=9 Empty=3")
    assert g.tags() == {"Players": "Ann, Ben", "Board": "house.toml", "Deck": "Empty=3 Weapon=9",
                        "Empty": "out", "Zombies": "4", "Keep": "2", "Hiding": "halt",
                        "ZombieReturn": "door"}
    assert g.to_json()["pile"] == 9


def test_setup_one_human_per_room_in_seat_order():
    g = new(players="Ann, Ben, Cat")
    refused(g, "Ben: start e4", "zombie-attack.setup.humans")
    refused(g, "Ann: start c3", "zombie-attack.setup.humans")      # a hallway
    refused(g, "Ann: roll 3", "zombie-attack.setup.humans")
    g.apply("Ann: start a4")
    refused(g, "Ben: start b3", "zombie-attack.setup.humans")      # the library is taken
    g.apply("Ben: start e4")
    g.apply("Cat: start a1")
    s = g.to_json()
    assert (s["phase"], s["round"], s["next"], s["first_mover"]) == ("humans", 1, "Ann", "Ann")
    refused(g, "Cat: start e1", "zombie-attack.setup.humans")


# -- the human phase --------------------------------------------------------------------

def started(**kw) -> Game:
    return play(["Ann: start a4", "Ben: start e4"], **kw)


def test_roll_steps_and_cards():
    g = started()
    refused(g, "Ben: roll 3", "zombie-attack.turn.order")
    refused(g, "Ann: S Empty", "zombie-attack.turn.roll-move")
    a = g.apply("ann: roll 3")
    assert a.text == "Ann: roll 3"
    refused(g, "Ann: roll 2", "zombie-attack.turn.roll-move")
    a = g.apply("Ann: s weapon KEEP")
    assert (a.text, a.notes) == ("Ann: S Weapon keep", ["Ann draws a Weapon on a3 and keeps it"])
    a = g.apply("Ann: E Key:back keep")
    assert a.notes == ["Ann draws the back-door Key on b3 and keeps it (discarding Weapon)"]
    a = g.apply("Ann: E Empty discard")
    assert a.text == "Ann: E Empty"
    s = g.to_json()
    assert (s["next"], s["pile"], s["discard"], s["players"]["Ann"]["cards"]) == ("Ben", 104, 2, ["Key:back"])
    assert s["steps_left"] is None


def test_walls_table_doors_and_other_humans():
    g = started(Zombies="1")
    g.apply("Ann: roll 6")
    refused(g, "Ann: N Empty", "zombie-attack.move.walls-table")          # the edge of the map
    g.apply("Ann: E Empty")                                               # b4
    refused(g, "Ann: E Empty", "zombie-attack.move.walls-table")          # b4|c4
    g.apply("Ann: S Empty")                                               # b3
    g.apply("Ann: S Empty")                                               # b2
    refused(g, "Ann: S Empty", "zombie-attack.move.walls-table")          # b1 is the table
    refused(g, "Ann: E Empty", "zombie-attack.move.walls-table")          # b2|c2
    refused(g, "Ann: N Empty", "zombie-attack.ruling.new-squares")        # back to b3
    g.apply("Ann: stop")
    g.apply("Ben: roll 3")
    g.apply("Ben: S Empty")                                               # e3
    g.apply("Ben: W Empty")                                               # d3
    err = refused(g, "Ben: N", "zombie-attack.move.locked-doors")         # the back door, no Key
    assert "Key:back" in err.message
    assert {b.event: b.rule for b in g.blocked_events()} == {
        "Ben: N": "zombie-attack.move.locked-doors", "Ben: E": "zombie-attack.ruling.new-squares"}
    g.apply("Ben: W Empty")                                               # c3
    g.apply("Ann: zombie d1 roll 1 W")
    assert g.to_json()["first_mover"] == "Ben"
    g.apply("Ben: roll 2")
    g.apply("Ben: W Empty")                                               # b3
    refused(g, "Ben: S Empty", "zombie-attack.move.human-spacing")        # Ann on b2
    refused(g, "Ben: E Empty", "zombie-attack.ruling.new-squares")        # c3, where the move began


def test_ruling_new_squares_includes_the_start_square():
    g = started()
    g.apply("Ann: roll 3")
    g.apply("Ann: S Empty")
    err = refused(g, "Ann: N Empty", "zombie-attack.ruling.new-squares")
    assert "a4" in err.message


def test_missing_card_and_missing_keep_are_choices():
    g = started()
    g.apply("Ann: roll 2")
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: S")
    assert [o.text for o in need.value.options] == [
        "Ann: S Empty", "Ann: S Hiding", "Ann: S Weapon", "Ann: S Key:front", "Ann: S Key:back", "Ann: S Key:fire"]
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: S Weapon")
    assert [o.text for o in need.value.options] == ["Ann: S Weapon keep", "Ann: S Weapon discard"]
    assert need.value.rule == "zombie-attack.cards.hand-limit"
    refused(g, "Ann: S Empty keep", "zombie-attack.cards.empty")


def test_card_counting_and_the_reshuffle_at_once():
    # 4 cards: a reshuffle the moment the last is drawn, before it is kept or let go
    g = started(Deck="Empty=3 Weapon=1")
    g.apply("Ann: roll 4")
    g.apply("Ann: S Empty")                                               # a3
    refused(g, "Ann: E Key:back keep", "zombie-attack.deck")
    g.apply("Ann: E Empty")                                               # b3
    g.apply("Ann: E Empty")                                               # c3
    refused(g, "Ann: E Empty", "zombie-attack.deck")                      # only the Weapon is left
    s = g.to_json()
    assert (s["pile"], s["discard"]) == (1, 3)
    g.apply("Ann: E Weapon keep")                                         # d3: the last card
    s = g.to_json()
    assert (s["pile"], s["discard"], s["players"]["Ann"]["cards"]) == (3, 0, ["Weapon"])


def test_reshuffle_moment_discarding_the_last_card_starts_the_new_discard_pile():
    g = started(Deck="Empty=2 Weapon=1")
    g.apply("Ann: roll 3")
    g.apply("Ann: S Empty")
    g.apply("Ann: E Empty")
    g.apply("Ann: N Weapon discard")                 # the last card drawn: the two Empty become the pile
    s = g.to_json()
    assert (s["pile"], s["discard"]) == (2, 1)


def test_deck_minimum():
    with pytest.raises(BadInputError, match="at least 3"):
        new(Deck="Weapon=2")
    with pytest.raises(BadInputError, match="at least 5"):
        new(Deck="Weapon=4", Keep="2")


def test_hiding_keep_only_in_a_room_ends_the_move_and_goes_on_the_next_roll():
    g = started()
    g.apply("Ann: roll 4")
    g.apply("Ann: S Empty")
    g.apply("Ann: E Empty")
    a = g.apply("Ann: E Hiding")          # c3, a hallway: written as discarded
    assert a.text == "Ann: E Hiding discard"
    refused(g, "Ann: N Hiding keep", "zombie-attack.ruling.hiding")
    g.apply("Ann: stop")
    g.apply("Ben: roll 3")
    a = g.apply("Ben: E Hiding keep")     # f4, in the bedroom: the move ends with 2 steps left
    assert g.to_json()["phase"] == "zombies"
    assert g.to_json()["players"]["Ben"]["hiding"] is True


def test_hiding_halt_variant_ends_the_move_even_when_discarded():
    g = started(Hiding="halt")
    g.apply("Ann: roll 4")
    a = g.apply("Ann: S Hiding discard")
    assert "halts the move" in a.notes[0]
    assert g.to_json()["next"] == "Ben"


def test_keep_two_variant_names_the_card_dropped_and_hiding_still_ends_the_move():
    g = started(Keep="2")
    g.apply("Ann: roll 4")
    g.apply("Ann: S Weapon keep")
    refused(g, "Ann: E Key:back keep drop Key:front", "zombie-attack.ruling.keep-drop")   # not held
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: E Key:back")
    assert [o.text for o in need.value.options] == [
        "Ann: E Key:back keep", "Ann: E Key:back keep drop Weapon", "Ann: E Key:back discard"]
    g.apply("Ann: E Key:back keep")
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: E Key:fire keep")
    assert [o.text for o in need.value.options] == [
        "Ann: E Key:fire keep drop Weapon", "Ann: E Key:fire keep drop Key:back", "Ann: E Key:fire discard"]
    refused(g, "Ann: E Key:fire keep drop Key:front", "zombie-attack.variant.two-cards")
    g.apply("Ann: E Key:fire keep drop Weapon")
    assert g.to_json()["players"]["Ann"]["cards"] == ["Key:back", "Key:fire"]
    g.apply("Ann: stop")
    g.apply("Ben: roll 2")
    g.apply("Ben: E Hiding keep")
    assert g.to_json()["players"]["Ben"]["cards"] == ["Hiding"]
    assert g.to_json()["phase"] == "zombies"


def test_one_card_kept_means_keep_discards_the_card_held():
    g = started()
    g.apply("Ann: roll 3")
    g.apply("Ann: S Key:fire keep")
    err = refused(g, "Ann: E Weapon keep drop Key:back", "zombie-attack.ruling.keep-drop")
    assert err.message == "Ann holds Key:fire, not Key:back: 'keep drop' names a card held"
    # ruling 18: naming the card held says what 'keep' does; the record says 'keep'
    a = g.apply("Ann: E Weapon keep drop Key:fire")
    assert (a.text, a.notes) == ("Ann: E Weapon keep",
                                 ["Ann draws a Weapon on b3 and keeps it (discarding Key:fire)"])
    assert g.to_json()["players"]["Ann"]["cards"] == ["Weapon"]
    refused(g, "Ann: E Empty keep drop Weapon", "zombie-attack.cards.empty")
    err = refused(g, "Ann: E Key:back keep drop Hiding", "zombie-attack.ruling.keep-drop")
    assert "holds Weapon, not Hiding" in err.message


# -- zombies ---------------------------------------------------------------------------

def to_zombie_phase(**kw) -> Game:
    g = started(**kw)
    g.apply("Ann: stop")
    g.apply("Ben: stop")
    return g


def test_zombie_phase_rotation_exact_roll_and_doors():
    g = to_zombie_phase()
    s = g.to_json()
    assert (s["phase"], s["next"], s["zombies_to_move"]) == ("zombies", "Ann", ["d1", "d1", "d4", "d4", "f2", "f2"])
    refused(g, "Ben: zombie d1 roll 1 W", "zombie-attack.zombies.rotation")
    refused(g, "Ann: zombie c3 roll 1 W", "zombie-attack.zombies.move")
    refused(g, "Ann: zombie d1 roll 2 W", "zombie-attack.ruling.zombie-exact-roll")
    refused(g, "Ann: zombie d1 roll 1 E", "zombie-attack.move.walls-table")
    refused(g, "Ann: zombie d1 roll 3 W N W", "zombie-attack.move.walls-table")
    a = g.apply("Ann: zombie d1 roll 2 W N")              # through the front door: c1, c2
    assert a.notes == ["the zombie moves d1-c1-c2", "Ben moves the next zombie"]
    a = g.apply("Ben: zombie d1 roll 3 W E W")            # stepping back is allowed
    assert a.notes[0] == "the zombie moves d1-c1-d1-c1"
    refused(g, "Ann: zombie c1 roll 1 E", "zombie-attack.zombies.rotation")   # it has moved
    refused(g, "Ann: zombie d4 roll 1 S S", "zombie-attack.ruling.zombie-exact-roll")
    refused(g, "Ann: roll 3", "zombie-attack.zombies.rotation")
    refused(g, "Ann: S Empty", "zombie-attack.zombies.rotation")


def test_zombies_never_share_and_a_zombie_with_no_step_writes_an_empty_path():
    g = to_zombie_phase()
    g.apply("Ann: zombie d4 roll 1 S")                                      # d3
    refused(g, "Ben: zombie d4 roll 2 S W", "zombie-attack.move.zombie-spacing")
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ben: zombie d1 roll 2")
    # W E would come back onto d1, where the other zombie still stands
    assert [o.text for o in need.value.options] == ["Ben: zombie d1 roll 2 W N"]
    a = g.apply("Ben: zombie d4 roll 2")                                    # its only way out is d3
    assert a.text == "Ben: zombie d4 roll 2" and a.notes[0] == "the zombie on d4 cannot move"
    assert g.to_json()["zombies"].count("d4") == 1


def test_a_zombie_that_cannot_move_its_roll_takes_a_longest_path():
    # a zombie on d2 and one on c1 shut the fire-escape zombies into e2 and the linen closet
    g = play(["Ann: start e1", "Ben: start a4", "Ann: stop", "Ben: stop",
              "Ann: zombie d1 roll 3 W N E", "Ben: zombie d1 roll 1 W"])
    legal = [o.text for o in g.legal_events() if o.text.startswith("Ann: zombie f2 roll 4")]
    # e2, e1 (Ann is caught there, so it is closed behind the zombie), then f1 or back to e2
    assert legal == ["Ann: zombie f2 roll 4 W S N", "Ann: zombie f2 roll 4 W S E"]
    refused(g, "Ann: zombie f2 roll 4 W S", "zombie-attack.ruling.zombie-exact-roll")
    refused(g, "Ann: zombie f2 roll 4 W S E W", "zombie-attack.move.zombie-spacing")
    a = g.apply("Ann: zombie f2 roll 4 W S E")        # e2, e1 (Ann is caught), f1: nowhere further
    assert "Ann is caught by the zombie on e1 and becomes a zombie player" in a.notes[1]
    assert g.to_json()["players"]["Ann"]["human"] is False


def test_a_zombie_turns_humans_on_its_way_and_goes_on():
    g = play(["Ann: start a1", "Ben: start e4", "Ann: roll 2", "Ann: N Empty", "Ann: E Empty",
              "Ben: roll 2", "Ben: S Weapon discard", "Ben: W Key:back keep"], Zombies="2")  # Ben d3
    a = g.apply("Ann: zombie d1 roll 4 W N E N")                            # c1 c2 d2 d3
    assert "Ben is caught by the zombie on d3 and becomes a zombie player (discarding Key:back)" in a.notes
    s = g.to_json()
    assert s["players"]["Ben"] == {"human": False, "at": "d3", "cards": [], "hiding": False}
    assert s["next"] == "Ann"                 # Ben no longer moves zombies
    a = g.apply("Ann: zombie d1 roll 1 W")
    assert a.notes[-1] == "round 2: the First Mover card passes to Ann"


def armed_ben(**kw) -> Game:
    return play(["Ann: start a1", "Ben: start e4", "Ann: roll 1", "Ann: N Empty",
                 "Ben: roll 2", "Ben: S Weapon keep", "Ben: W Empty"], Zombies="2", **kw)   # Ben armed on d3


def test_a_zombie_walking_into_a_weapon_is_destroyed_and_its_path_ends():
    g = armed_ben()
    refused(g, "Ann: zombie d1 roll 5 W N E N E", "zombie-attack.ruling.destroyed-path-complete")
    rank, outs = g.zombie_walks(g.s.zombies[0], 6)
    assert [p for w, p in outs.items() if w.destroyed_by is not None] == [("W", "N", "E", "N")]
    a = g.apply("Ann: zombie d1 roll 6 W N E N")            # destroyed after 4 steps of 6
    assert "Ben's Weapon destroys the zombie on d3; the Weapon is discarded" in a.notes
    s = g.to_json()
    assert (s["destroyed"], s["zombies"], s["players"]["Ben"]["cards"], s["discard"]) == (1, ["d1"], [], 3)


def test_zombie_return_variant_the_destroyer_names_the_exit():
    g = armed_ben(ZombieReturn="door")
    g.apply("Ann: zombie d1 roll 4 W N E N")
    s = g.to_json()
    assert (s["next"], s["awaiting_exit"], s["round"], s["zombies"]) == ("Ben", ["zombie"], 1, ["d1"])
    refused(g, "Ann: to back", "zombie-attack.ruling.sent-to-exit")
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ben: zombie d1 roll 1 W")
    assert need.value.rule == "zombie-attack.ruling.sent-to-exit"
    assert [o.text for o in need.value.options] == ["Ben: to front", "Ben: to back", "Ben: to fire"]
    a = g.apply("Ben: to fire")
    assert a.notes == ["the zombie comes back at the fire escape (f2)"]
    g.apply("Ben: zombie d1 roll 1 W")          # the returned zombie has moved this phase
    s = g.to_json()
    assert (s["destroyed"], s["zombies"], s["next"]) == (1, ["c1", "f2"], "Ben")


def test_an_armed_human_walks_onto_a_zombie_draws_and_goes_on_and_no_zombie_skips_the_phase():
    g = play(["Ann: start a1", "Ben: start e4", "Ann: stop",
              "Ben: roll 3", "Ben: S Weapon keep", "Ben: W Empty", "Ben: S Empty",   # d2
              "Ann: zombie d1 roll 1 W"], Zombies="1")                               # c1
    g.apply("Ben: roll 3")
    g.apply("Ben: W Empty")                                                          # c2
    a = g.apply("Ben: S Key:front keep")                                             # c1: the zombie
    assert a.notes == ["Ben's Weapon destroys the zombie on c1; the Weapon is discarded",
                       "Ben draws the front-door Key on c1 and keeps it"]
    a = g.apply("Ben: E")                                                            # d1 with its Key
    assert a.notes == ["Ben unlocks the front door with Key:front, escapes and wins"]
    s = g.to_json()
    assert (s["winner"], s["ending"], s["next"], s["players"]["Ben"]["at"], s["destroyed"]) == (
        "Ben", "escape", None, "d1", 1)


def test_no_zombie_left_skips_the_zombie_phase():
    g = play(["Ann: start a1", "Ben: start e4", "Ann: stop",
              "Ben: roll 3", "Ben: S Weapon keep", "Ben: W Empty", "Ben: S Empty",
              "Ann: zombie d1 roll 1 W", "Ben: roll 2", "Ben: W Empty", "Ben: S Empty"], Zombies="1")
    a = g.apply("Ann: stop")
    assert a.notes[1:] == ["no zombie is on the board: the zombie phase is skipped",
                           "round 3: the First Mover card passes to Ann"]


def test_walking_into_a_zombie_turns_without_a_card_and_a_turned_first_mover_is_skipped():
    g = play(["Ann: start a1", "Ben: start e4", "Ann: stop",
              "Ben: roll 2", "Ben: S Key:fire keep", "Ben: W Empty",                # Ben d3
              "Ann: zombie d1 roll 2 W N"], Zombies="1")                             # c2
    g.apply("Ben: roll 2")
    g.apply("Ben: S Empty")                                                          # d2
    refused(g, "Ben: W Empty", "zombie-attack.turn.draw-per-space")                  # c2 holds a zombie
    a = g.apply("Ben: W")
    assert a.notes == ["Ben walks into a zombie on c2 and becomes a zombie player (discarding Key:fire)"]
    g.apply("Ann: roll 1")
    a = g.apply("Ann: N Empty")
    assert a.notes[-1] == ("the zombie phase: Ann moves the first zombie (Ben, the First Mover, is a "
                           "zombie player)")
    a = g.apply("Ann: zombie c2 roll 1 E")
    assert a.notes[-1] == "round 3: the First Mover card passes to Ann"
    # a zombie player rolls and steps like a human, without cards, through locked doors
    g.apply("Ann: stop")
    g.apply("Ben: roll 3")
    refused(g, "Ben: S Empty", "zombie-attack.zombie-players.moving")
    g.apply("Ben: S")                                                                # c1
    refused(g, "Ben: N", "zombie-attack.ruling.new-squares")
    g.apply("Ben: E")                                                                # d1, the front exit
    assert pos(g, "Ben") == "d1"
    # the zombie phase: Ann moves the zombie on d2 round to Ann on a2; every human is turned
    g.apply("Ben: stop")
    a = g.apply("Ann: zombie d2 roll 5 N W W S W")
    assert a.notes[-1].endswith("every player is a zombie player: the zombies win")
    s = g.to_json()
    assert (s["over"], s["winner"], s["ending"], s["next"], s["round"], s["phase"]) == (
        True, "zombies", "all-turned", None, 3, "zombies")
    assert g.legal_events() == []
    refused(g, "Ann: roll 1", "zombie-attack.game-over")


def test_placement_of_a_zombie_player_hit_by_a_weapon():
    g = play(["Ann: start a1", "Ben: start e4", "Ann: roll 2", "Ann: N Weapon keep", "Ann: E Empty",
              "Ben: roll 2", "Ben: S Empty", "Ben: W Empty",                         # Ben d3
              "Ann: zombie d1 roll 4 W N E N",                                       # Ben is turned
              "Ann: roll 1", "Ann: N Empty",                                         # b3, armed
              "Ben: roll 2", "Ben: W"], Zombies="1")                                 # c3
    a = g.apply("Ben: W")                                                            # onto Ann's Weapon
    assert a.notes == ["Ann's Weapon sends Ben to an exit (the Weapon is discarded); Ben's move ends "
                       "and Ben names the exit (Ben: to front|back|fire)", "the zombie phase: Ann moves the first zombie"]
    s = g.to_json()
    assert (s["next"], s["awaiting_exit"], s["players"]["Ann"]["cards"]) == ("Ben", ["Ben"], [])
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: zombie d3 roll 1 N")
    assert [o.text for o in need.value.options] == ["Ben: to front", "Ben: to back", "Ben: to fire"]
    with pytest.raises(ChoiceNeeded):
        g.apply("Ben: to")
    a = g.apply("Ben: to back")
    assert a.notes == ["Ben is placed at the back door (d4)"]
    refused(g, "Ann: zombie d3 roll 1 N", "zombie-attack.move.zombie-spacing")       # Ben on d4
    g.apply("Ann: zombie d3 roll 1 S")


def test_a_key_holder_meets_a_zombie_on_the_exit_and_is_turned():
    g = play(["Ann: start a4", "Ben: start e4", "Ann: roll 4", "Ann: S Empty", "Ann: E Empty",
              "Ann: E Key:back keep", "Ann: N Empty", "Ben: stop",                   # Ann c4
              "Ann: zombie d1 roll 5 W N E N N",                                     # onto d4
              "Ben: zombie d1 roll 1 W", "Ben: stop", "Ann: roll 3", "Ann: S Empty", "Ann: E Empty"],
             Zombies="2")
    a = g.apply("Ann: N")
    assert a.notes[0] == "Ann walks into a zombie on d4 and becomes a zombie player (discarding Key:back)"
    assert not g.over


def test_escape_draws_no_card_and_ends_the_game():
    g = play(["Ann: start a4", "Ben: start e4", "Ann: roll 4", "Ann: S Empty", "Ann: E Empty",
              "Ann: E Key:back keep", "Ann: E Empty", "Ben: stop",                   # Ann d3
              "Ann: zombie d1 roll 1 W", "Ben: zombie d1 roll 1", "Ben: stop", "Ann: roll 1"],
             Zombies="2")
    refused(g, "Ann: N Empty", "zombie-attack.ruling.new-squares")
    g.apply("Ann: N")
    s = g.to_json()
    assert (s["winner"], s["ending"], s["next"], s["players"]["Ann"]) == (
        "Ann", "escape", None, {"human": True, "at": "d4", "cards": ["Key:back"], "hiding": False})
    refused(g, "Ben: roll 1", "zombie-attack.game-over")


def test_a_hiders_room_is_closed_to_zombies_until_another_token_is_in_it():
    g = play(["Ann: start a4", "Ben: start e4", "Ann: stop", "Ben: roll 1", "Ben: E Hiding keep"],
             Zombies="1")                                                            # Ben hides on f4
    refused(g, "Ann: zombie d1 roll 6 W N E N E N", "zombie-attack.ruling.zombie-blocked")
    assert not [o for o in g.legal_events() if o.description.startswith(("to e4", "to f4", "to f3"))]
    g.apply("Ann: zombie d1 roll 1 W")                                               # c1
    a = g.apply("Ben: stop")                                                         # round 2: a pass
    assert a.notes[0] == "Ben passes and stays hidden"
    for e in ["Ann: roll 6", "Ann: S Empty", "Ann: E Empty", "Ann: E Empty", "Ann: E Empty",
              "Ann: E Empty", "Ann: N Empty"]:                                       # Ann into the bedroom
        g.apply(e)
    a = g.apply("Ben: zombie c1 roll 5 N E N E N")                                   # open now: Ann is there
    assert "Ann is caught by the zombie on e4 and becomes a zombie player" in a.notes[1]
    assert g.to_json()["players"]["Ben"]["hiding"] is True
    a = g.apply("Ben: roll 1")
    assert a.notes[0] == "Ben moves again and discards the Hiding Place"
    assert g.to_json()["players"]["Ben"]["hiding"] is False


# -- the rulebook's worked example ------------------------------------------------------

def test_rulebook_full_turn_four_players_a_zombie_player_and_four_zombies():
    """'Examples of a full turn': the First Mover, player 2 and player 4 move humans and
    player 3 a zombie player; then the First Mover, player 2, player 4 and the First
    Mover again move the four zombies.  Here Ben is First Mover and Dan the zombie player."""
    g = play(["Ann: start b9", "Ben: start i9", "Cat: start m3", "Dan: start h2",
              "Ann: stop", "Ben: stop", "Cat: stop", "Dan: roll 1", "Dan: W Empty",   # Dan g2
              "Ann: zombie f1 roll 2 N E",                                            # Dan is turned
              "Ben: zombie f1 roll 1 N", "Cat: zombie f10 roll 2 S W",
              "Ann: zombie f10 roll 1 S"],                                            # Dan is skipped
             players="Ann, Ben, Cat, Dan", board="default", Zombies="4")
    s = g.to_json()
    assert (s["round"], s["first_mover"], s["players"]["Dan"]["human"]) == (2, "Ben", False)
    movers = []
    for event in ["Ben: stop", "Cat: stop", "Dan: roll 1", "Dan: E", "Ann: stop"]:
        movers.append(g.to_json()["next"])
        g.apply(event)
    assert movers == ["Ben", "Cat", "Dan", "Dan", "Ann"]
    zombie_movers = []
    for event in ["Ben: zombie g2 roll 1 N", "Cat: zombie f2 roll 1 S", "Ann: zombie e9 roll 1 N",
                  "Ben: zombie f9 roll 1 E"]:
        zombie_movers.append(g.to_json()["next"])
        g.apply(event)
    assert zombie_movers == ["Ben", "Cat", "Ann", "Ben"]
    s = g.to_json()
    assert (s["round"], s["first_mover"], s["phase"], s["zombies"]) == (3, "Cat", "humans", ["e10", "f1", "g3", "g9"])


# -- records, lines, dice, listing ------------------------------------------------------

RECORD = """[Game "zombie-attack"]
[Board "house.toml"]
[Players "Ann, Ben"]
[Zombies "2"]
Ann: start a4
Ben: start e4
Ann: roll 2
Ann: S Empty
Ann: E Weapon keep
Ben: roll 1
Ben: S Empty
"""

ILLEGAL = [
    ("Ann: N Empty", "zombie-attack.zombies.rotation"),
    ("Ann: start c3", "zombie-attack.setup.humans"),
    ("Ann: zombie d1 roll 3 W N W", "zombie-attack.move.walls-table"),
    ("Ann: zombie d1 roll 2 W", "zombie-attack.ruling.zombie-exact-roll"),
    ("Ben: zombie d1 roll 1 W", "zombie-attack.zombies.rotation"),
    ("Ann: zombie e3 roll 1 W", "zombie-attack.zombies.move"),
    ("Ann: to back", "zombie-attack.ruling.sent-to-exit"),
    ("Ann: roll 3", "zombie-attack.zombies.rotation"),
    ("Ann: zombie d1 roll 2", "zombie-attack.zombies.move"),
]


@pytest.mark.parametrize("line, rule", ILLEGAL)
def test_illegal_events_are_refused_at_their_line_with_their_rule(tmp_path, line, rule):
    (tmp_path / "house.toml").write_text(HOUSE_TEXT, encoding="utf-8")
    path = tmp_path / "g.zat"
    path.write_text(RECORD + line + "\n", encoding="utf-8")
    result = replay_file(path)
    assert result.error is not None
    assert (result.error.line, result.error.rule, result.error.event) == (12, rule, line)


@pytest.mark.parametrize("junk", ["Ann", "Ann: fly", "Ann: roll 7", "Ann: roll x", "Zed: stop",
                                  "Ann: N Banana", "Ann: N Weapon maybe", "Ann: start", "Ann: to mars",
                                  "Ann: zombie", "Ann: zombie d1 go", "Ann: zombie d1 roll 2 Q",
                                  "Ann: N Weapon keep drop", "Ann: stop now", "Ann: zombie zz roll 1"])
def test_malformed_events_are_bad_input_and_change_nothing(junk):
    g = started()
    before = g.to_json()
    with pytest.raises(BadInputError):
        g.apply(junk)
    assert g.to_json() == before


def test_fill_dice_rolls_what_is_left_out():
    g = started()
    assert g.fill_dice("Ann: roll", lambda: 4) == "Ann: roll 4"
    assert g.fill_dice("ann:  ROLL ", lambda: 2) == "ann: roll 2"
    assert g.fill_dice("Ann: roll 3", lambda: 4) == "Ann: roll 3"
    assert g.fill_dice("Ann: zombie e1 roll", lambda: 5) == "Ann: zombie e1 roll 5"
    assert g.fill_dice("Ann: zombie e1 roll N N", lambda: 2) == "Ann: zombie e1 roll 2 N N"
    assert g.fill_dice("Ann: zombie e1 roll 3 N", lambda: 2) == "Ann: zombie e1 roll 3 N"
    assert g.fill_dice("Ann: N Empty", lambda: 1) == "Ann: N Empty"


def test_legal_events_apply_as_listed_in_every_phase():
    g = started()
    seen_phases = set()
    import random
    rng = random.Random(7)
    for _ in range(120):
        legal = g.legal_events()
        if not legal:
            break
        seen_phases.add(g.to_json()["phase"])
        for o in legal:
            trial = Game.from_tags(g.tags() | {"BoardText": HOUSE_TEXT})
            trial.s = g.s.clone()
            assert trial.apply(o.text).text == o.text
        g.apply(rng.choice(legal).text)
    assert seen_phases == {"humans", "zombies"}


def test_legal_events_describe_what_each_would_do():
    g = started()
    g.apply("Ann: roll 2")
    texts = {o.text: o.description for o in g.legal_events()}
    assert texts["Ann: S Weapon keep"] == "Ann draws a Weapon on a3 and keeps it"
    assert texts["Ann: E Hiding keep"].startswith("Ann draws a Hiding Place on b4 and keeps it: Ann hides")
    assert texts["Ann: stop"] == "Ann ends the move"
    assert "Ann: N Empty" not in texts
    g = armed_ben()
    texts = {o.text: o.description for o in g.legal_events()}
    assert texts["Ann: zombie d1 roll 4 W N E N"] == "to d3, destroyed by Ben's Weapon"
    assert texts["Ann: zombie d1 roll 2 W N"] == "to c2"
    assert {o.text for o in g.legal_events()} >= {f"Ann: zombie d1 roll {n} W N E N" for n in range(4, 7)}


def test_json_state_has_exactly_the_spec_keys_first():
    s = started().to_json()
    assert list(s)[:13] == ["game", "over", "winner", "ending", "round", "phase", "next", "first_mover",
                            "players", "zombies", "destroyed", "pile", "discard"]
    assert s["players"]["Ann"] == {"human": True, "at": "a4", "cards": [], "hiding": False}


def test_every_rule_id_resolves():
    import rulesdb
    db = rulesdb.database()
    for rid in RULE_IDS:
        assert db.get(rid).id == rid
    for n in ["new-squares", "zombie-crossing", "zombie-exact-roll", "zombie-player-moves", "hiding",
              "weapon-contact", "first-mover-pass", "keep-two", "turned-stops", "round-count",
              "pass-and-reshuffle", "zombie-blocked", "sent-to-exit", "turned-first-mover", "json-state",
              "destroyed-path-complete", "reshuffle-moment", "deck-minimum", "keep-drop",
              "zombie-player-sent-ends-move", "hallway-hiding-written", "zombie-return-count",
              "no-zombies-left", "turned-in-zombie-phase", "weapon-zombie-first", "weapon-vs-human"]:
        entry = db.get(f"zombie-attack.ruling.{n}")
        assert entry.reason


# -- the picture -------------------------------------------------------------------------

def six_players_on_the_default_mansion() -> Game:
    return play(["Ann: start b9", "Ben: start i9", "Cat: start m3", "Dan: start h2", "Eve: start b5",
                 "Finn: start i5", "Ann: roll 2", "Ann: E Weapon keep"],
                players="Ann, Ben, Cat, Dan, Eve, Finn", board="default")


def picture_lines(renderable, width: int = 80, height: int = 24, items=()) -> list[str]:
    from rich.console import Console

    console = Console(width=width, height=height, record=True, color_system=None, file=open(os.devnull, "w"))
    for item in (renderable, *items):
        console.print(item)
    return console.export_text().rstrip("\n").split("\n")


def test_picture_fits_80_by_24_in_its_compact_layout():
    from referee.games.zombie_attack import render

    g = six_players_on_the_default_mansion()
    lines = picture_lines(render.render(g), 80, 24)
    text = "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert len(lines) == 15                                 # 13 of mansion, 2 of legend
    assert lines[0].startswith("    a  b  c") and lines[1].startswith("  +--+--+")
    assert "First Mover: Ann" in text and "pile 106" in text and "Weapon" in text
    assert "k Kitchen" in text and "exits: fr f1  bk f10  fi n5" in text
    assert " 9|k  k  A  k " in text                       # Ann on c9, in the kitchen
    assert " 1|g  g  g  g   .|ZZ| .|" in text              # the front door f1 with its two zombies
    assert render.summary(g) == "Round 1, humans: Ann moves: rolled 2, 1 step left; pile 106."


def test_compact_mansion_underlines_a_square_with_a_wall_south():
    from rich.console import Console

    from referee.games.zombie_attack import render

    g = six_players_on_the_default_mansion()
    rows = render.draw_compact(g.mansion).split("\n")
    row8 = rows[2 + 10 - 8]
    # written into the plain text too (issue 25: NO_COLOR, a pipe or a copied screen)
    assert row8.plain.startswith(" 8|k_ k_ k_ k | .|l | .|")
    console = Console()
    underlined = [bool(row8.get_style_at_offset(console, 3 + 3 * f).underline) for f in range(14)]
    # the kitchen's south side is a wall from a8 to c8; d8 opens onto d7
    assert underlined[:4] == [True, True, True, False]
    full = picture_lines(render.render(g), 120, 40)
    assert len(full) == 22 and full[3].startswith("  +  +  +  +  +  +==+")   # the full drawing


def test_play_redraw_after_every_event_fits_80_by_24():
    """``referee play`` prints after each event the picture, the summary, the event and
    its notes, then the prompt: on a laptop's 80x24 the file letters and the top border
    must stay on screen (issue 25), through whole random games of six players."""
    from rich.markup import escape

    from referee.games.zombie_attack import render

    import random
    for seed in (36, 3):                                  # 36 reaches the tallest redraw we know
        rng = random.Random(seed)
        g = new(players="Ann, Ben, Cat, Dan, Eve, Finn", board="default")
        for _ in range(90):
            legal = g.legal_events()
            if not legal:
                break
            a = g.apply(rng.choice(legal).text)
            items = [render.summary(g), f"[bold]{escape(a.text)}[/bold]", *(f"  {escape(n)}" for n in a.notes)]
            lines = picture_lines(render.render(g), 80, 24, items)
            assert len(lines) + 1 <= 24, "\n".join(lines)   # and the prompt
            assert max(len(line.rstrip()) for line in lines) <= 80
            assert lines[0].startswith("    a  b  c")


def test_summary_lines():
    from referee.games.zombie_attack import render

    g = started()
    assert render.summary(g).startswith("Round 1, humans: Ann rolls")


# -- the shared examples -----------------------------------------------------------------

@needs_shared
@pytest.mark.parametrize("name", ["escape", "illegal-revisit"])
def test_shared_examples(name):
    expected = json.loads((ZA_EXAMPLES / f"{name}.expected.json").read_text())
    result = replay_file(ZA_EXAMPLES / f"{name}.zat")
    if "error" in expected:
        assert result.error is not None and result.error.line == expected["error"]["line"]
        return
    assert result.error is None, result.error
    state = result.game.to_json()
    assert {k: state[k] for k in expected} == expected


def test_sample_record_is_a_whole_game():
    from referee.games import spec

    text = spec("zombie-attack").sample_text()
    result = replay_record(parse_record(text))
    assert result.error is None
    s = result.game.to_json()
    assert (s["over"], s["winner"], s["ending"]) == (True, "Ann", "escape")


def test_zombie_listing_gives_one_path_per_result_and_counts_the_others():
    g = play(["Ann: start d9", "Ben: start i9", "Ann: stop", "Ben: stop"], board="default", Zombies="2")
    texts = {o.text: o.description for o in g.legal_events()}
    # f1-f2-f3-g3 and f1-f2-g2-g3 end alike: one event stands for both
    assert texts["Ann: zombie f1 roll 3 N N E"] == "to g3 (one of 2 paths to this result)"
    assert "Ann: zombie f1 roll 3 N E N" not in texts
    assert texts["Ann: zombie f1 roll 1 N"] == "to f2"
    rolls = {t.split(" roll ")[1].split()[0] for t in texts}
    assert rolls == {"1", "2", "3", "4", "5", "6"}
    g.apply("Ann: zombie f1 roll 3 N E N")          # the other path to g3 is legal too


def test_tokens_use_initials_or_seat_numbers_when_initials_clash():
    from referee.games.zombie_attack.render import initials

    assert initials(["Ann", "Ben"]) == {"Ann": "A", "Ben": "B"}
    assert initials(["Ann", "Al", "Ben"]) == {"Ann": "1", "Al": "2", "Ben": "3"}
    assert initials(["Zoe", "Ben"]) == {"Zoe": "1", "Ben": "2"}      # Z is a zombie's mark


def test_gridmap_reports_shape_errors_with_their_line():
    from referee.gridmap import parse_grid

    with pytest.raises(BadInputError, match="line 5: the map has 2 lines"):
        parse_grid("+-+\n|.|", first_line=5)
    with pytest.raises(BadInputError, match="line 6, column 4: the map is 4 characters wide"):
        parse_grid("+-+\n|. |\n+-+", first_line=5)


# -- rulings 16 to 20: one example record each (tests/fixtures/zombie-attack) -----------

FIX = HOUSE.parent
CONTRACT = ["over", "winner", "ending", "round", "phase", "next", "first_mover", "players", "zombies",
            "destroyed", "pile", "discard"]


def replayed(name: str, upto: int | None = None) -> Game:
    """The game of fixture record ``name``, replayed whole (or its first ``upto`` events)."""
    record = parse_record((FIX / name).read_text(encoding="utf-8"), FIX / name)
    if upto is not None:
        record = replace(record, events=record.events[:upto])
    result = replay_record(record)
    assert result.error is None, result.error
    return result.game


def contract(g: Game) -> dict:
    s = g.to_json()
    return {k: s[k] for k in CONTRACT}


def test_ruling_16_an_armed_human_meets_the_zombie_before_the_zombie_player():
    g = replayed("ruling-16-weapon-meets-zombie-first.zat")
    assert contract(g) == {
        "over": False, "winner": None, "ending": None, "round": 2, "phase": "humans", "next": "Cat",
        "first_mover": "Ben",
        "players": {"Ann": {"human": True, "at": "f1", "cards": [], "hiding": False},
                    "Ben": {"human": False, "at": "b3", "cards": [], "hiding": False},
                    "Cat": {"human": False, "at": "b3", "cards": [], "hiding": False}},
        "zombies": ["c1", "c2"], "destroyed": 1, "pile": 104, "discard": 3}
    assert g.to_json()["awaiting_exit"] == []                   # nobody is sent to an exit
    # the step itself: the Weapon acts once, on the zombie; Cat then turns Ben, who draws nothing
    g = replayed("ruling-16-weapon-meets-zombie-first.zat", upto=-1)
    refused(g, "Ben: N Empty", "zombie-attack.turn.draw-per-space")
    a = g.apply("Ben: N")
    assert a.notes == ["Ben's Weapon destroys the zombie on b3; the Weapon is discarded",
                       "Ben walks into Cat (a zombie player) on b3 and becomes a zombie player"]


def test_ruling_16_with_returning_zombies_the_destroyer_still_names_the_exit():
    text = (FIX / "ruling-16-weapon-meets-zombie-first.zat").read_text(encoding="utf-8")
    record = parse_record(text.replace('[Zombies "3"]', '[Zombies "3"]\n[ZombieReturn "door"]'),
                          FIX / "ruling-16.zat")
    result = replay_record(record)
    assert result.error is None, result.error
    s = result.game.to_json()
    assert (s["players"]["Ben"]["human"], s["destroyed"], s["awaiting_exit"], s["next"]) == (
        False, 1, ["zombie"], "Ben")
    result.game.apply("Ben: to back")
    assert result.game.to_json()["zombies"] == ["c1", "c2", "d4"]


def test_ruling_17_a_walk_into_a_weapon_does_not_force_the_roll_on_other_walks():
    g = replayed("ruling-17-longest-path.zat")
    assert contract(g) == {
        "over": False, "winner": None, "ending": None, "round": 2, "phase": "humans", "next": "Ben",
        "first_mover": "Ben",
        "players": {"Ann": {"human": False, "at": "c2", "cards": [], "hiding": False},
                    "Ben": {"human": True, "at": "d2", "cards": ["Weapon"], "hiding": False}},
        "zombies": ["c1", "d1"], "destroyed": 0, "pile": 97, "discard": 9}
    before = replayed("ruling-17-longest-path.zat", upto=-2)        # the zombie on d1 to move
    longest, walks = before.zombie_walks(before.s.zombies[0], 4)
    assert longest == 3
    assert sorted(walks.values()) == [("W", "N", "E"), ("W", "N", "S")]
    err = refused(before, "Ann: zombie d1 roll 4 W N", "zombie-attack.ruling.zombie-exact-roll")
    assert err.message == ("no path of 4 steps exists for the zombie on d1; the longest is 3 "
                           "(e.g. W N S): the zombie walks a longest path")
    a = before.apply("Ann: zombie d1 roll 4 W N E")                 # the walk into the Weapon, also 3
    assert "Ben's Weapon destroys the zombie on d2; the Weapon is discarded" in a.notes
    texts = {o.text: o.description for o in replayed("ruling-17-longest-path.zat", upto=-2).legal_events()}
    assert texts["Ann: zombie d1 roll 4 W N S"] == "to c1, turns Ann (no 4-step path: a longest path of 3)"
    assert texts["Ann: zombie d1 roll 2 W N"] == "to c2, turns Ann"
    assert "Ann: zombie d1 roll 2 W" not in texts


def test_ruling_17_a_walk_into_a_weapon_that_is_longer_than_every_other_walk_is_the_only_move():
    # Ann unarmed on c1, Ben armed on c2: W turns Ann, W N ends on Ben's Weapon; nothing else
    g = play(["Ann: start e4", "Ben: start a3", "Ann: roll 5", "Ann: S Empty", "Ann: W Empty",
              "Ann: S Empty", "Ann: W Empty", "Ann: S Empty",                        # c1
              "Ben: roll 5", "Ben: E Empty", "Ben: E Empty", "Ben: E Empty", "Ben: S Empty",
              "Ben: W Weapon keep"], Zombies="2")                                    # c2
    assert g.zombie_walks(g.s.zombies[0], 3) == (2, {Walk((2, 1), frozenset({0}), 1): ("W", "N")})
    err = refused(g, "Ann: zombie d1 roll 3 W", "zombie-attack.ruling.zombie-exact-roll")
    # the example names a path that exists and has the length claimed
    assert err.message == ("no path of 3 steps exists for the zombie on d1; the longest is 2 "
                           "(e.g. W N, into Ben's Weapon): the zombie walks a longest path")
    err = refused(g, "Ann: zombie d1 roll 2 W", "zombie-attack.ruling.zombie-exact-roll")
    assert "a path of exactly 2 steps exists for the zombie on d1 (e.g. W N, into Ben's Weapon)" in err.message
    a = g.apply("Ann: zombie d1 roll 6 W N")
    s = g.to_json()
    assert (s["players"]["Ann"]["human"], s["destroyed"], s["zombies"]) == (False, 1, ["d1"])
    assert a.notes[1] == "Ann is caught by the zombie on c1 and becomes a zombie player"


def test_ruling_18_keep_drop_with_room_in_the_hand_keeps_the_new_card_and_gives_one_up():
    g = replayed("ruling-18-keep-drop-with-room.zat")
    assert contract(g) == {
        "over": False, "winner": None, "ending": None, "round": 1, "phase": "humans", "next": "Ben",
        "first_mover": "Ann",
        "players": {"Ann": {"human": True, "at": "c3", "cards": ["Key:back", "Key:fire"], "hiding": False},
                    "Ben": {"human": True, "at": "e4", "cards": [], "hiding": False}},
        "zombies": ["d1", "d1", "d4", "d4", "f2", "f2"], "destroyed": 0, "pile": 104, "discard": 1}
    g = replayed("ruling-18-keep-drop-with-room.zat", upto=-2)      # Ann holds the Weapon
    err = refused(g, "Ann: E Key:back keep drop Hiding", "zombie-attack.ruling.keep-drop")
    assert err.message == "Ann holds Weapon, not Hiding: 'keep drop' names a card held"
    a = g.apply("Ann: E Key:back keep drop Weapon")
    assert (a.text, a.notes) == ("Ann: E Key:back keep drop Weapon",
                                 ["Ann draws the back-door Key on b3 and keeps it (discarding Weapon)"])


def test_ruling_19_a_hiding_place_in_a_hallway_needs_no_word_and_still_halts():
    g = replayed("ruling-19-hallway-hiding.zat")
    assert contract(g) == {
        "over": False, "winner": None, "ending": None, "round": 1, "phase": "humans", "next": "Ben",
        "first_mover": "Ann",
        "players": {"Ann": {"human": True, "at": "c3", "cards": [], "hiding": False},
                    "Ben": {"human": True, "at": "e4", "cards": [], "hiding": False}},
        "zombies": ["d1", "d1", "d4", "d4", "f2", "f2"], "destroyed": 0, "pile": 104, "discard": 3}
    g = replayed("ruling-19-hallway-hiding.zat", upto=-1)
    refused(g, "Ann: E Hiding keep", "zombie-attack.ruling.hiding")
    a = g.apply("Ann: E Hiding")
    assert (a.text, a.notes) == ("Ann: E Hiding discard", [
        "Ann draws a Hiding Place on c3 and discards it; a Hiding Place halts the move"])
    g = replayed("ruling-19-hallway-hiding.zat", upto=-1)
    assert g.apply("Ann: E Hiding discard").text == "Ann: E Hiding discard"
    assert g.to_json()["next"] == "Ben"


def test_ruling_20_destroyed_counts_zombies_that_come_back():
    g = replayed("ruling-20-destroyed-counts-returns.zat")
    assert contract(g) == {
        "over": False, "winner": None, "ending": None, "round": 2, "phase": "humans", "next": "Ben",
        "first_mover": "Ben",
        "players": {"Ann": {"human": True, "at": "a2", "cards": [], "hiding": False},
                    "Ben": {"human": True, "at": "d3", "cards": [], "hiding": False}},
        "zombies": ["c1", "f2"], "destroyed": 1, "pile": 104, "discard": 3}


def test_grouped_zombie_listing_shows_exactly_the_legal_events():
    """Issue 25: ``legal`` in the zombie phase is grouped per zombie and roll; read back,
    its items are exactly the events ``legal_events`` lists, no more, no fewer."""
    g = play(["Ann: start d9", "Ben: start i9", "Cat: start m3", "Ann: stop", "Ben: stop", "Cat: stop"],
             players="Ann, Ben, Cat", board="default")
    assert started().legal_lines() is None                        # the human phase keeps its table
    lines = g.legal_lines()
    assert lines[0].startswith("Ann moves a zombie: 'Ann: zombie SQUARE roll N PATH'.")
    shown = set()
    zombie = None
    for line in lines[1:]:
        if line.startswith("zombie "):
            zombie = line.split()[1]
            continue
        head, _, items = line.partition(": ")
        roll = head.split()[1]
        for item in items.split(" · "):
            path = " ".join(w for w in item.split(" (")[0].split() if w in "NESW")
            shown.add(f"Ann: zombie {zombie} roll {roll} {path}".rstrip())
    assert shown == {o.text for o in g.legal_events()}
    assert [line for line in lines if line.startswith("zombie ")] == ["zombie f1", "zombie f10", "zombie n5"]
    assert len(lines) == 1 + 3 * 7                                 # against 3 zombies' hundreds of paths
    assert "  roll 1: N f2" in lines


# -- the harder variant (b): Weapons against other humans (issue 25) ---------------------

BEFORE_ATTACK = ["Ann: start a4", "Ben: start a1", "Ann: roll 2", "Ann: S Weapon keep", "Ann: E Empty",  # b3
                 "Ben: roll 1", "Ben: N Key:back keep",                                              # a2
                 "Ann: zombie d1 roll 1 W", "Ben: stop", "Ann: roll 2", "Ann: S Empty"]              # b2


def test_without_the_variant_an_armed_human_still_never_enters_a_human_square():
    g = play(BEFORE_ATTACK, Zombies="1")
    refused(g, "Ann: W Empty", "zombie-attack.move.human-spacing")
    assert "out" not in g.to_json()["players"]["Ann"]


def test_weapon_humans_out_puts_the_other_human_out_of_the_game():
    g = play(BEFORE_ATTACK, Zombies="1", WeaponHumans="out")
    a = g.apply("Ann: W Empty")
    assert a.notes == ["Ann's Weapon puts Ben out of the game on a2 (discarding Key:back); the Weapon is discarded",
                       "Ann draws an Empty card on a2",
                       "the zombie phase: Ann moves the first zombie (Ben, the First Mover, is out of the game)"]
    s = g.to_json()
    assert s["players"] == {"Ann": {"human": True, "at": "a2", "cards": [], "hiding": False, "out": False},
                            "Ben": {"human": False, "at": None, "cards": [], "hiding": False, "out": True}}
    assert (s["phase"], s["next"]) == ("zombies", "Ann")
    g.apply("Ann: zombie c1 roll 1 N")
    s = g.to_json()
    assert (s["round"], s["first_mover"], s["next"]) == (3, "Ann", "Ann")    # the card skips Ben
    g.apply("Ann: stop")                                                      # Ben moves no more
    assert g.to_json()["phase"] == "zombies"
    assert g.tags()["WeaponHumans"] == "out" and "Weapons put humans out" in g.variants()


def test_weapon_humans_closet_sends_the_other_human_to_a_free_linen_closet_square():
    g = play(BEFORE_ATTACK, Zombies="1", WeaponHumans="closet")
    assert g.legal_events() and "Ann: W Empty" in {o.text for o in g.legal_events()}
    a = g.apply("Ann: W Empty")
    assert a.notes[0] == ("Ann's Weapon sends Ben from a2 to the Linen Closet (the Weapon is discarded); "
                          "Ben names the square (Ben: to SQUARE)")
    need = g.choice_after()
    assert [o.text for o in need.options] == ["Ben: to e1", "Ben: to f1"]
    refused(g, "Ben: to back", "zombie-attack.ruling.weapon-vs-human")
    refused(g, "Ben: to a1", "zombie-attack.ruling.weapon-vs-human")
    g.apply("Ben: to f1")
    s = g.to_json()
    assert s["players"]["Ben"] == {"human": True, "at": "f1", "cards": ["Key:back"], "hiding": False, "out": False}
    assert (s["players"]["Ann"]["cards"], s["phase"], s["next"]) == ([], "zombies", "Ben")


def test_weapon_humans_closet_needs_a_free_square_and_a_linen_closet():
    g = play(["Ann: start f1", "Ben: start e4", "Cat: start a1", "Ann: stop",
              "Ben: roll 5", "Ben: S Empty", "Ben: W Empty", "Ben: S Empty", "Ben: E Empty", "Ben: S Empty",  # e1
              "Cat: roll 6", "Cat: N Weapon keep", "Cat: E Empty", "Cat: N Empty", "Cat: E Empty",
              "Cat: E Empty", "Cat: S Empty",                                                               # d2
              "Ann: zombie d1 roll 1 W", "Ben: stop", "Cat: roll 1", "Cat: E Empty", "Ann: stop",          # Cat e2
              "Ben: zombie c1 roll 1 E", "Cat: roll 1"], players="Ann, Ben, Cat", Zombies="1",
             WeaponHumans="closet")
    # the Linen Closet is e1 (Ben, where Cat would stand) and f1 (Ann): nowhere to send Ben
    err = refused(g, "Cat: S Empty", "zombie-attack.ruling.weapon-vs-human")
    assert err.message == "no Linen Closet square is free for Ben: Cat's Weapon cannot send anyone there now"
    with pytest.raises(BadInputError, match="Linen closet"):
        new(WeaponHumans="closet", BoardText=HOUSE_TEXT.replace('L = "Linen closet"', 'L = "Laundry"'))
