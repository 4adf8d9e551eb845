"""Zombies!!! quick play: the engine against its spec, the rulebook's worked examples,
each ruling, and every illegal event kind rejected at its line with its rule id."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from referee.errors import BadInputError, ChoiceNeeded
from referee.games.zombies import engine as E
from referee.games.zombies.engine import Game, zombie_splits
from referee.games.zombies.odds import fight_odds
from referee.games.zombies.tiles import builtin_tile_data, parse_tile_data
from referee.records import parse_record
from referee.replay import replay_record

from .conftest import EXAMPLES, FIXTURES, refused

ZOMBIE_EXAMPLES = EXAMPLES / "zombies"


def new(players="Ann, Ben, Cat", **tags) -> Game:
    return Game.from_tags({"Players": players, **{k: str(v) for k, v in tags.items()}})


def play(game: Game, *events: str) -> Game:
    for e in events:
        game.apply(e)
    return game


def replay_text(text: str):
    return replay_record(parse_record(text))


# -- the shared examples --------------------------------------------------------------------

@pytest.mark.skipif(not ZOMBIE_EXAMPLES.exists(), reason="../shared/examples/zombies is absent")
@pytest.mark.parametrize("record", sorted(ZOMBIE_EXAMPLES.glob("*.zqp")) if ZOMBIE_EXAMPLES.exists() else [],
                         ids=lambda p: p.name)
def test_shared_example_matches(record):
    want = json.loads(record.with_suffix(".expected.json").read_text())
    result = replay_record(parse_record(record.read_text(), record))
    if "error" in want:
        assert result.error is not None and result.error.line == want["error"]["line"]
        return
    assert result.error is None, result.error
    got = result.game.to_json()
    for key, value in want.items():
        assert got[key] == value, key


# -- set-up ---------------------------------------------------------------------------------

def test_setup_counts_tiles_events_and_kills_needed():
    g = new(Tiles=20, Events=40)
    s = g.to_json()
    assert s["tiles_left"] == 14 and s["events_left"] == 31 and s["kills_to_win"] == 19
    assert s["helipad"] == "unseen" and s["step"] == "tile" and s["next"] == "Ann" and s["turn"] == 0
    assert s["players"]["Ann"] == {"life": 3, "ammo": 3, "kills": 0, "hand": 3,
                                   "event_this_round": False, "in_play": [], "allowance": None,
                                   "moved": 0}
    d = Game.from_tags({"Players": "A, B"}).to_json()
    assert d["tiles_left"] == 29 - 4 and d["events_left"] == 41 - 6


@pytest.mark.parametrize("n, kills", [(2, 21), (3, 19), (4, 17), (5, 15), (6, 13)])
def test_kills_table(n, kills):
    assert new(", ".join("ABCDEF"[:n])).kills_to_win == kills


@pytest.mark.parametrize("n, state", [(4, "unseen"), (5, "gone"), (6, "gone")])
def test_helipad_gone_at_setup_with_five_or_six(n, state):
    assert new(", ".join("ABCDEF"[:n])).helipad == state


@pytest.mark.parametrize("tags, part", [
    ({"Players": "Ann"}, "2 to 6"), ({"Players": "A, B, C, D, E, F, G"}, "2 to 6"),
    ({"Players": "Ann, ann"}, "twice"), ({"Players": "A, B", "Tiles": "x"}, "whole number"),
    ({"Players": "A, B", "Expansions": "moon-base"}, "unknown expansion"),
    ({"Players": "A, B", "Colour": "red"}, "unknown tag"),
    ({"Players": "A, B", "TileData": "nonsense"}, "built-in tile data"),
])
def test_bad_setup_is_bad_input(tags, part):
    with pytest.raises(BadInputError, match=part):
        Game.from_tags(tags)


# -- combat ---------------------------------------------------------------------------------

def moving(game: Game | None = None, roll: int = 4) -> Game:
    g = game or new()
    return play(g, "Ann: tile road 4", f"Ann: roll {roll}", "Ann: move 1")


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_four_to_six_kills(roll):
    g = play(moving(), f"Ann: fight {roll}")
    assert g.players[0].kills == 1 and g.zombies == 3


@pytest.mark.parametrize("roll, spent", [(1, 3), (2, 2), (3, 1)])
def test_ammo_raises_the_roll_to_four(roll, spent):
    g = play(moving(), f"Ann: fight {roll} ammo")
    assert g.players[0].ammo == 3 - spent and g.players[0].kills == 1


def test_life_lost_and_the_fight_goes_on():
    g = play(moving(), "Ann: fight 2 life")
    s = g.to_json()
    assert s["players"]["Ann"]["life"] == 2 and s["step"] == "fight"
    refused(g, "Ann: move 1", E.R_CONTINUES)
    refused(g, "Ann: zombies 3", E.R_CONTINUES)
    play(g, "Ann: fight 4")
    assert g.to_json()["step"] == "move"


def test_no_life_and_too_little_ammo_loses_a_kill_and_stops():
    g = play(moving(), "Ann: fight 5", "Ann: move 1", "Ann: fight 1 ammo",  # 0 ammo, 2 kills
             "Ann: move 1", "Ann: fight 1 life", "Ann: fight 1 life", "Ann: fight 1 life")
    assert g.players[0].life == 0
    a = g.apply("Ann: fight 2")
    assert a.text == "Ann: fight 2" and "loses a kill" in a.notes[0]
    assert g.players[0].kills == 1 and g.stopped and g.zombies == 2
    refused(g, "Ann: move 1", E.R_STOPPED)
    refused(g, "Ann: fight 6", E.R_FIGHT_WHEN)
    play(g, "Ann: zombies 2: 1", "Ann: end")


def test_losing_with_no_kills_loses_nothing():
    g = play(moving(), "Ann: fight 1 ammo", "Ann: move 1", "Ann: fight 3 life", "Ann: fight 3 life",
             "Ann: fight 3 life")
    g.state = g.state.with_seat(0, kills=0)  # the state is frozen: replaced, not changed
    play(g, "Ann: fight 1")
    assert g.players[0].kills == 0


def test_a_lost_roll_with_both_ways_to_pay_asks():
    g = moving()
    with pytest.raises(ChoiceNeeded) as info:
        g.apply("Ann: fight 2")
    assert [o.text for o in info.value.options] == ["Ann: fight 2 ammo", "Ann: fight 2 life"]
    assert g.to_json()["players"]["Ann"]["ammo"] == 3


def test_a_lost_roll_with_one_way_to_pay_is_written_out():
    g = play(moving(), "Ann: fight 1 ammo", "Ann: move 1")  # 0 ammo
    assert g.apply("Ann: fight 3").text == "Ann: fight 3 life"


@pytest.mark.parametrize("event, rule", [
    ("Ann: fight 3 ammo", E.R_FIGHT_ROLL), ("Ann: fight 5 ammo", E.R_FIGHT_ROLL),
    ("Ann: fight 4 life", E.R_FIGHT_ROLL),
])
def test_bad_payments(event, rule):
    g = play(moving(), "Ann: fight 1 ammo", "Ann: move 1")
    refused(g, event, rule)


def test_fight_needs_a_move_first_and_a_zombie():
    g = play(new(), "Ann: tile road 1", "Ann: roll 3")
    refused(g, "Ann: fight 5", E.R_FIGHT_WHEN)
    play(g, "Ann: move 1", "Ann: fight 5", "Ann: move 1")
    refused(g, "Ann: fight 5", E.R_NO_ZOMBIE)


def test_one_fight_per_move():
    g = play(moving(), "Ann: fight 5")
    refused(g, "Ann: fight 5", E.R_FIGHT_WHEN)


def test_enhanced_and_dog_columns():
    g = new(Expansions="zombie-corps, the-end")
    play(g, "Ann: tile road 4 dogs=2", "Ann: roll 4", "Ann: move 1")
    with pytest.raises(ChoiceNeeded):
        g.apply("Ann: fight 4 enhanced")
    play(g, "Ann: fight 4 enhanced ammo")        # one ammo raises a 4 to 5
    assert g.players[0].ammo == 2
    play(g, "Ann: move 1", "Ann: fight 1 dog life")  # half of 3 life rounded up: 2
    assert g.players[0].life == 1
    refused(g, "Ann: fight 5", E.R_CONTINUES)      # the same dog
    play(g, "Ann: fight 3 dog ammo")
    assert g.players[0].ammo == 0 and g.players[0].kills == 2


def test_expansion_kinds_need_their_expansion():
    g = moving()
    refused(g, "Ann: fight 5 dog", E.R_EXPANSION)
    refused(g, "Ann: fight 5 enhanced", E.R_EXPANSION)


# -- movement, picks, the Town Square -------------------------------------------------------

def test_allowance_is_the_higher_of_roll_and_starting_life_and_fixed():
    g = play(new(), "Ann: tile road 2", "Ann: roll 1")
    assert g.allowance == 3
    play(g, "Ann: move 1", "Ann: fight 2 life", "Ann: fight 5")
    assert g.allowance == 3  # losing life does not shrink it
    play(g, "Ann: move 2")
    refused(g, "Ann: move 1", E.R_ALLOWANCE)


def test_picks_one_per_space_and_life_cap():
    g = play(new(), 'Ann: tile "Toy Store" z=1 ammo=2 life=2', "Ann: roll 3", "Ann: move 1",
             "Ann: pick ammo")
    refused(g, "Ann: pick life", E.R_PICK)  # one space moved, one pick
    play(g, "Ann: move 2", "Ann: pick life", "Ann: pick life")
    assert g.players[0].life == 5
    g.tokens = {**g.tokens, "life": 1}
    g.picks = 1
    refused(g, "Ann: pick life", E.R_LIFE_CAP)


def test_pick_needs_a_token_on_the_board():
    g = play(new(), "Ann: tile road 2", "Ann: roll 3", "Ann: move 1")
    refused(g, "Ann: pick ammo", E.R_PICK)


def test_start_of_turn_kill_allows_a_pick():
    g = play(new("Ann, Ben"), 'Ann: tile "Toy Store" z=2 ammo=1 life=0', "Ann: fight 6",
             "Ann: pick ammo")
    assert g.players[0].ammo == 4 and g.to_json()["step"] == "roll"


def test_town_square_refills_to_three_never_lowers_and_ends_the_move():
    g = play(moving(), "Ann: fight 2 life", "Ann: fight 2 ammo", "Ann: move 1", "Ann: town-square")
    assert (g.players[0].life, g.players[0].ammo) == (3, 3)
    refused(g, "Ann: move 1", E.R_TOWN)
    refused(g, "Ann: town-square", E.R_TOWN)
    g2 = play(new(), 'Ann: tile "Toy Store" z=1 ammo=3 life=0', "Ann: roll 3", "Ann: move 3",
              "Ann: pick ammo", "Ann: pick ammo", "Ann: town-square")
    assert g2.players[0].ammo == 5


# -- the zombie roll ------------------------------------------------------------------------

def test_rulebook_zombie_roll_of_five():
    assert {(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1)} <= set(zombie_splits(5, 10))
    assert (3, 2) not in zombie_splits(5, 10)
    for split in ("1 1 1 1 1", "1 1 1 2", "2 2 1"):
        g = play(moving(new()), "Ann: fight 5")
        g.zombies = 10
        play(g, f"Ann: zombies 5: {split}")
    g = play(moving(new()), "Ann: fight 5")
    g.zombies = 10
    refused(g, "Ann: zombies 5: 3 2", E.R_HALF)


def test_zombie_roll_limits():
    g = play(moving(), "Ann: fight 5")  # 3 zombies in play
    refused(g, "Ann: zombies 4: 1 1 1 1", E.R_NO_ZOMBIE)
    refused(g, "Ann: zombies 3: 2 2", E.R_ZOMBIE_POINTS)
    refused(g, "Ann: zombies 1: 1", E.R_HALF)   # half of 1 is 0
    assert g.apply("Ann: zombies 6: 1 3 2").text == "Ann: zombies 6: 3 2 1"


def test_zombie_roll_without_split_and_its_question():
    g = play(moving(), "Ann: fight 5")
    need = g.choice_before("Ann: zombies 4")
    assert need is not None and "Ann: zombies 4: 2 1" in [o.text for o in need.options]
    assert g.apply("Ann: zombies 4").text == "Ann: zombies 4"


def test_zombies_needs_the_move_step():
    g = play(new(), "Ann: tile road 2")
    refused(g, "Ann: zombies 3: 1", E.R_STEP)


def test_ten_zombies_when_a_turn_ends_with_none():
    g = play(new(), "Ann: tile road 1", "Ann: roll 3", "Ann: move 1", "Ann: fight 5",
             "Ann: zombies 3")
    a = g.apply("Ann: end")
    assert g.zombies == 10 and any("10 zombies" in n for n in a.notes)


# -- steps and turns ------------------------------------------------------------------------

def test_steps_in_order_and_turn_checks():
    g = new()
    refused(g, "Ben: tile road 2", E.R_TURN)
    refused(g, "Ann: roll 3", E.R_STEP)
    play(g, "Ann: tile road 2")
    refused(g, "Ann: tile road 2", E.R_STEP)
    refused(g, "Ann: move 1", E.R_STEP)
    refused(g, "Ann: end", E.R_STEP)
    play(g, "Ann: event \"Lots of Ammo\"")
    assert g.to_json()["step"] == "fight"
    refused(g, "Ann: roll 4", E.R_DRAW)          # the hand is short: draw first
    refused(g, "Ann: draw 2", E.R_DRAW)          # exactly back to three
    play(g, "Ann: draw 1")
    refused(g, "Ann: fight 5", E.R_STEP)         # a start fight comes before the draw
    play(g, "Ann: roll 3", "Ann: zombies 2", "Ann: discard")
    s = g.to_json()
    assert s["next"] == "Ben" and s["turn"] == 1 and s["step"] == "tile"
    assert s["players"]["Ann"]["hand"] == 2


def test_draw_when_the_hand_is_full_is_refused():
    g = play(new(), "Ann: tile road 2")
    refused(g, "Ann: draw 1", E.R_DRAW)


def test_tile_none_only_when_none_left_and_helipad_gone_when_they_run_out():
    g = new("Ann, Ben", Tiles=10)   # 6 left, the window is 6
    refused(g, "Ann: tile none", E.R_TILE_EMPTY)
    for turn in range(6):
        who = "Ann" if turn % 2 == 0 else "Ben"
        play(g, f"{who}: tile discard", f"{who}: roll 1", f"{who}: zombies 1", f"{who}: end")
    assert g.helipad == "gone" and g.tiles_left == 0
    refused(g, "Ann: tile road 1", E.R_TILE_EMPTY)
    play(g, "Ann: tile none")


def test_event_round_once_per_round_and_reset_at_own_turn():
    g = play(new(), "Ann: tile road 2", 'Ben: event "Alternate Food Source"')
    refused(g, 'Ben: item "Chainsaw"', E.R_ROUND)
    play(g, "Ann: roll 2", "Ann: zombies 2", "Ann: end")
    assert g.players[1].event_round is False  # Ben's turn began
    play(g, 'Ben: item "Chainsaw"')


def test_one_copy_in_play_per_player_and_drop():
    g = play(new(), 'Ann: item "Chainsaw"', 'Ben: item "Chainsaw"')
    g.state = g.state.with_seat(0, event_round=False)
    refused(g, 'Ann: item "chainsaw"', E.R_COPY)
    play(g, 'Ann: drop "chainsaw"')
    assert g.players[0].in_play == () and g.discards == 1
    refused(g, 'Ann: drop "Chainsaw"', E.R_IN_PLAY)


def test_no_card_to_play():
    g = new()
    g.state = g.state.with_seat(1, hand=0)
    refused(g, 'Ben: event "Lots of Ammo"', E.R_HAND)


def test_draw_spans_the_automatic_reshuffle():
    # ruling 15: the deck holds 1, the discards 2 (A and B): `draw 2` takes the last
    # card, shuffles the discards into a new deck and takes one more from it
    g = new("Ann, Ben", Events=7)    # 1 left after the deal
    play(g, "Ann: tile road 1", "Ann: roll 2", 'Ann: event "A"', "Ann: reshuffle")
    assert (g.events_left, g.discards) == (1, 1)     # the note changes nothing
    play(g, "Ann: zombies 2", "Ann: discard", "Ben: tile road 1", "Ben: roll 2", "Ben: zombies 2",
         "Ben: end", "Ann: tile road 1")
    refused(g, "Ann: draw 1", E.R_DRAW)              # to three: the deck and discards hold 3
    a = g.apply("Ann: draw 2")
    assert a.text == "Ann: draw 2" and "ran out" in a.notes[0]
    assert (g.events_left, g.discards, g.players[0].hand) == (1, 0, 3)


def test_step_stays_move_when_nothing_is_left_to_move():
    # ruling 16: `move` until the zombie roll, never `zombies`
    g = play(new(), "Ann: tile road 2", "Ann: roll 3", "Ann: move 2")
    assert g.to_json()["step"] == "move"
    play(g, "Ann: move 1")
    assert g.to_json()["step"] == "move"
    play(g, "Ann: fight 2 life")                    # a fight right after the last move
    assert g.to_json()["step"] == "fight"
    play(g, "Ann: fight 5")
    assert g.to_json()["step"] == "move"
    play(g, "Ann: zombies 3")
    assert g.to_json()["step"] == "discard"


def test_draw_with_empty_deck_and_no_discards_is_skipped():
    g = new("Ann, Ben", Events=6)
    play(g, "Ann: tile road 1", "Ann: roll 2", "Ann: zombies 2", "Ann: discard",
         "Ben: tile road 1", "Ben: roll 2", "Ben: zombies 2", "Ben: end",
         'Ann: event "A"')
    g.discards = 0
    play(g, "Ann: tile road 1")
    assert g.to_json()["step"] == "fight" and g.draw_count() == 0
    play(g, "Ann: roll 3")


# -- winning ----------------------------------------------------------------------------------

def test_reaching_the_kills_wins_at_once_even_out_of_turn():
    g = play(new(), "Ann: tile road 2")
    g.state = g.state.with_seat(1, kills=18)
    a = g.apply("Ben: adjust kills +1")
    s = g.to_json()
    assert s["over"] and s["winner"] == "Ben" and s["ending"] == "kills"
    assert s["next"] is None and s["step"] is None and "Ben wins" in a.notes[-1]
    refused(g, "Ann: roll 3", E.R_OVER)


def test_helipad_window_bidding_and_win():
    g = new("Ann, Ben, Cat", Tiles=12)  # 6 left, window 4
    refused(g, 'Ann: tile "Helipad" z=1 ammo=0 life=0', E.R_HELIPAD_DECK)
    g.tiles_left = 4
    g.state = g.state.with_seat(1, kills=3).with_seat(2, kills=3)
    play(g, 'Ann: tile "Helipad" z=1 ammo=0 life=0')
    s = g.to_json()
    assert s["step"] == "bid" and s["next"] == "Ben"        # most kills; tie: first from Ann
    refused(g, "Ann: roll 3", E.R_BID)
    refused(g, "Cat: bid 1", E.R_BID_RULES)
    refused(g, "Ben: bid 4", E.R_BID_RULES)                 # more than his kills
    play(g, "Ben: bid 0")
    refused(g, "Cat: bid 0", E.R_BID_RULES)                 # higher than the last
    play(g, "Cat: bid 2", "Ann: pass", "Ben: bid 3")
    refused(g, "Ann: bid 4", E.R_BID_RULES)                 # a pass is final: it is Cat's go
    play(g, "Cat: pass")
    assert g.helipad == "placed" and g.players[1].kills == 0 and g.to_json()["next"] == "Ann"
    refused(g, "Ann: helipad", E.R_STEP)
    play(g, "Ann: roll 3")
    refused(g, "Ann: helipad", E.R_HELIPAD)                 # has not moved
    play(g, "Ann: move 3", "Ann: fight 6", "Ann: helipad")
    assert g.to_json()["ending"] == "helipad" and g.to_json()["winner"] == "Ann"


def test_bidding_everyone_else_passes_without_a_bid():
    g = new("Ann, Ben", Tiles=10)
    play(g, 'Ann: tile "Helipad" z=1 ammo=0 life=0', "Ann: pass")
    assert g.helipad == "placed" and g.players[1].kills == 0 and g.phase == "start"


def test_helipad_needs_to_be_placed():
    g = play(new(), "Ann: tile road 1", "Ann: roll 3", "Ann: move 1")
    refused(g, "Ann: helipad", E.R_HELIPAD)


def test_spell_the_end():
    g = new(Expansions="the-end")
    refused(g, "Ann: spell 6", E.R_STEP)
    play(g, 'Ann: tile "Cabin" z=0 ammo=0 life=0', 'Ann: item "Page 1"', "Ann: draw 1",
         "Ann: roll 3", "Ann: spell 4")
    assert not g.over
    refused(g, "Ann: spell 6", E.R_SPELL)     # once per turn
    play(g, "Ann: zombies 3", "Ann: end", "Ben: tile road 1", 'Ben: item "Page 2"', "Ben: draw 1",
         "Ben: spell 4")                      # 4 + two Pages in play
    assert g.to_json()["ending"] == "spell" and g.to_json()["winner"] == "Ben"


def test_spell_needs_the_end():
    refused(play(new(), "Ann: tile road 1", "Ann: roll 3"), "Ann: spell 6", E.R_EXPANSION)


def test_helipad_without_counts_is_bad_input():
    # ruling 19: no tile data gives the Helipad's counts, so the event must
    g = new("Ann, Ben", Tiles=10)
    for bare in ('Ann: tile helipad', 'Ann: tile "Helipad"'):
        with pytest.raises(BadInputError, match="Helipad"):
            g.apply(bare)
    assert g.apply('Ann: tile helipad z=1').text == 'Ann: tile "Helipad" z=1 ammo=0 life=0'
    assert g.to_json()["step"] == "bid" and g.zombies == 1


def test_pages_only_on_your_own_turn():
    g = new(Expansions="the-end")
    refused(g, 'Ben: item "Page 2"', E.R_PAGES)


def test_schools_out_guts():
    g = new(Expansions="schools-out")
    play(g, "Ann: tile road 1", "Ann: roll 1")
    assert g.players[0].guts == 2 and g.hand_limit(0) == 2
    play(g, "Ann: zombies 1")
    a = g.apply("Ann: end")
    assert g.players[0].hand == 2 and any("guts" in n for n in a.notes)
    play(g, "Ben: tile road 1", "Ben: roll 6")
    assert g.players[1].guts == 4
    refused(g, "Ben: adjust guts +2", E.R_ADJUST)
    refused(new(), "Ann: adjust guts +1", E.R_EXPANSION)


def test_mall_walkers_duct_replaces_the_roll():
    g = play(new(Expansions="mall-walkers"), "Ann: tile road 2", "Ann: duct", "Ann: fight 5")
    assert g.allowance == 0 and g.to_json()["step"] == "move"
    refused(g, "Ann: move 1", E.R_ALLOWANCE)
    refused(play(new(), "Ann: tile road 2"), "Ann: duct", E.R_EXPANSION)


def test_six_feet_under_sewer_tokens():
    g = new(Expansions="six-feet-under")
    play(g, "Ann: adjust sewer -1", "Ann: adjust sewer -1")
    assert g.to_json()["players"]["Ann"]["sewer"] == 0
    refused(g, "Ann: adjust sewer -1", E.R_ADJUST)
    refused(new(), "Ann: adjust sewer -1", E.R_EXPANSION)


def test_adjust_caps():
    g = new()
    refused(g, "Ann: adjust life +3", E.R_LIFE_CAP)
    refused(g, "Ann: adjust ammo -4", E.R_ADJUST)
    assert g.apply("Ann: adjust life +2 ammo -1").text == "Ann: adjust life +2 ammo -1"
    assert (g.players[0].life, g.players[0].ammo) == (5, 2)


# -- tiles -------------------------------------------------------------------------------------

def test_tile_data_fills_counts_and_refuses_a_mismatch():
    data = '"Toy Store" = {z = 4, ammo = 1, life = 1}\n[Warehouse]\nz = 6\n'
    g = Game.from_tags({"Players": "Ann, Ben", "TileData": "t.toml", "TileDataText": data})
    assert g.apply('Ann: tile "toy store"').text == 'Ann: tile "Toy Store" z=4 ammo=1 life=1'
    assert g.zombies == 4 and g.tokens == {"ammo": 1, "life": 1}
    g2 = Game.from_tags({"Players": "Ann, Ben", "TileData": "t.toml", "TileDataText": data})
    refused(g2, 'Ann: tile "Toy Store" z=5', E.R_TILE_NAMED)
    with pytest.raises(BadInputError, match="Warehouse"):
        g2.apply('Ann: tile "Warehouse"')       # ammo and life unknown
    assert g2.apply('Ann: tile Warehouse ammo=2 life=0').text == 'Ann: tile "Warehouse" z=6 ammo=2 life=0'


def test_named_tile_without_counts_is_bad_input():
    with pytest.raises(BadInputError, match="Drug Store"):
        new().apply('Ann: tile "Drug Store"')


@pytest.mark.parametrize("text, part", [
    ("x = 3", "'x' must be a table"), ('"A" = {z = -1}', "'A': field 'z' must be 0"),
    ('"A" = {zz = 1}', "unknown field 'zz'"), ('"A" = {z = "four"}', "whole number"),
    ("[A\n", "not valid TOML"),
])
def test_tile_data_validation_names_tile_and_field(text, part):
    with pytest.raises(BadInputError, match=part):
        parse_tile_data(text)


def test_builtin_tile_data_names_the_quick_play_tiles():
    data = builtin_tile_data()
    for name in ("Helipad", "Toy Store", "Warehouse", "Theater", "Media Buy"):
        assert data.lookup(name) is not None


# -- the fight odds ----------------------------------------------------------------------------

def test_fight_odds_exact():
    assert fight_odds(4, 0, 0).win == Fraction(1, 2)
    assert fight_odds(4, 3, 0).win == 1
    assert fight_odds(4, 0, 1).win == Fraction(3, 4)       # 1/2 + 1/2 * 1/2
    o = fight_odds(4, 0, 1)
    assert o.life_lost == Fraction(1, 2) and o.ammo_spent == 0
    # one ammo: a 3 is raised; otherwise a life, then a second roll
    assert fight_odds(4, 1, 0).win == Fraction(2, 3)
    assert fight_odds(5, 0, 0).win == Fraction(1, 3)
    assert fight_odds(5, 0, 3, dog=True).win == 1 - Fraction(2, 3) ** 3  # lose 2, then 1, then out
    assert fight_odds(4, 2, 2, policy="life").ammo_spent < fight_odds(4, 2, 2).ammo_spent
    with pytest.raises(ValueError):
        fight_odds(4, 1, 1, policy="gamble")


# -- parsing -----------------------------------------------------------------------------------

@pytest.mark.parametrize("event", [
    "roll 3", "Zed: roll 3", "Ann: roll 7", "Ann: dance", "Ann: tile road 9", "Ann: fight",
    "Ann: fight 3 sword", "Ann: zombies 4: a", "Ann: pick gold", "Ann: adjust life",
    "Ann: adjust life 1", "Ann: adjust mana +1", 'Ann: event ""', "Ann: zombies 4: 0",
])
def test_malformed_events_are_bad_input(event):
    with pytest.raises(BadInputError):
        new().apply(event)


def test_fill_dice():
    g = new(Expansions="the-end")
    rolls = iter([4, 2, 5, 6])
    roll = lambda: next(rolls)  # noqa: E731
    assert g.fill_dice("Ann: roll", roll) == "Ann: roll 4"
    assert g.fill_dice("Ann: fight dog", roll) == "Ann: fight 2 dog"
    assert g.fill_dice("Ann: zombies", roll) == "Ann: zombies 5"
    assert g.fill_dice("Ann: tile road 2", roll) == "Ann: tile road 2 dogs=6"
    assert g.fill_dice("Ann: move 2", roll) == "Ann: move 2"


# -- illegal events in records: the line and the rule -------------------------------------------

HEAD = '[Game "zombies"]\n[Players "Ann, Ben"]\n[Tiles "20"]\n'


@pytest.mark.parametrize("tail, rule", [
    ("Ben: tile road 2", E.R_TURN),
    ("Ann: tile road 2\nAnn: roll 2\nAnn: move 4", E.R_ALLOWANCE),
    ("Ann: tile road 2\nAnn: roll 2\nAnn: move 1\nAnn: fight 1 ammo\nAnn: move 1\nAnn: fight 3 ammo",
     E.R_FIGHT_ROLL),
    ("Ann: tile road 2\nAnn: roll 5\nAnn: zombies 5: 3 2", E.R_HALF),
    ("Ann: tile road 2\nAnn: roll 5\nAnn: zombies 4: 2 2 1", E.R_ZOMBIE_POINTS),
    ('Ann: event "A"\nAnn: event "B"', E.R_ROUND),
    ("Ann: tile road 2\nAnn: roll 2\nAnn: pick life", E.R_PICK),
    ("Ann: tile none", E.R_TILE_EMPTY),
    ("Ann: tile road 2\nAnn: draw 1", E.R_DRAW),
    ("Ann: bid 1", E.R_BID),
    ("Ann: tile road 2\nAnn: roll 2\nAnn: helipad", E.R_HELIPAD),
    ("Ann: adjust life +3", E.R_LIFE_CAP),
])
def test_illegal_record_lines(tail, rule):
    lines = tail.split("\n")
    result = replay_text(HEAD + tail + "\n")
    assert result.error is not None
    assert result.error.line == 3 + len(lines) and result.error.rule == rule


def test_every_rule_id_resolves():
    import rulesdb

    ids = {e.id for e in rulesdb.load_entries()}
    assert E.RULE_IDS <= ids


def test_every_spec_ruling_has_an_entry():
    import rulesdb

    ids = {e.id for e in rulesdb.load_entries()}
    for topic in ("combat-table", "allowance-fixed", "zombie-split", "caps-and-refill", "event-cards",
                  "repopulate", "kills-to-win", "helipad-bids", "spell", "turn-steps",
                  "helipad-window", "hard-zombies", "adjust", "turn-count",
                  # rulings 15-23
                  "draw-reshuffle", "step-during-move", "final-state", "helipad-needs-move",
                  "helipad-counts", "guts-discard", "removed-events", "weapons", "leniencies"):
        assert f"zombies.ruling.{topic}" in ids


# -- the sample ----------------------------------------------------------------------------------

def test_sample_is_a_whole_three_player_game_won():
    from referee.replay import sample_record

    record = sample_record("sample-zombies")
    result = replay_record(record)
    assert result.error is None
    s = result.game.to_json()
    assert s["over"] and s["winner"] == "Ann" and s["ending"] == "helipad"
    assert len(s["players"]) == 3


def test_legal_events_all_apply_in_the_sample():
    from referee.replay import sample_record

    record = sample_record("sample-zombies")
    game = new(Tiles=14)
    for line in record.events:
        for option in game.legal_events():
            trial = copy_game(game)
            assert trial.apply(option.text).text == option.text
        game.apply(line.text)


def copy_game(game: Game) -> Game:
    import copy

    return copy.copy(game)  # the state is frozen: a copy replaces it, never changes it


# -- every rule the engine can raise, raised by a record at its line ---------------------------

MOVING = "Ann: tile road 2\nAnn: roll 4\nAnn: move 1\n"
THREE = '[Game "zombies"]\n[Players "Ann, Ben, Cat"]\n[Tiles "12"]\n'
ENDED = MOVING + "Ann: adjust kills +21\n"
EXAMPLES_BY_RULE = {
    E.R_OVER: (HEAD, ENDED + "Ann: zombies 3"),
    E.R_TURN: (HEAD, "Ben: tile road 2"),
    E.R_STEP: (HEAD, "Ann: roll 3"),
    E.R_TILE_EMPTY: (HEAD, "Ann: tile none"),
    E.R_TILE_NAMED: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[TileData "box.toml"]\n',
                     'Ann: tile "Toy Store" z=3'),
    E.R_DOGS: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[Expansions "the-end"]\n', "Ann: tile road 2 dogs=7"),
    E.R_HELIPAD_DECK: (HEAD, 'Ann: tile "Helipad" z=1 ammo=0 life=0'),
    E.R_BID: (HEAD, "Ann: bid 0"),
    E.R_BID_RULES: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[Tiles "10"]\n',
                    'Ann: tile "Helipad" z=1 ammo=0 life=0\nAnn: bid 1'),
    E.R_FIGHT_WHEN: (HEAD, "Ann: tile road 2\nAnn: roll 3\nAnn: fight 5"),
    E.R_FIGHT_ROLL: (HEAD, MOVING + "Ann: fight 5 ammo"),
    E.R_OUT_OF_LIFE: (HEAD, MOVING + "Ann: adjust life -3\nAnn: fight 2 life"),
    E.R_CONTINUES: (HEAD, MOVING + "Ann: fight 2 life\nAnn: move 1"),
    E.R_ENHANCED: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[Expansions "zombie-corps"]\n',
                   MOVING + "Ann: adjust ammo -3\nAnn: fight 4 enhanced ammo"),
    E.R_DOG: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[Expansions "the-end"]\n',
              MOVING + "Ann: fight 1 dog ammo"),
    E.R_NO_ZOMBIE: (HEAD, "Ann: tile discard\nAnn: fight 5"),
    E.R_DRAW: (HEAD, "Ann: tile road 2\nAnn: draw 1"),
    E.R_HAND: (HEAD, "Ann: adjust hand +1"),
    E.R_ROUND: (HEAD, 'Ben: event "A"\nBen: item "B"'),
    E.R_COPY: (HEAD, 'Ann: item "Chainsaw"\nAnn: tile road 1\nAnn: draw 1\nAnn: roll 2\n'
                     'Ann: zombies 2\nAnn: end\nBen: tile road 1\nBen: roll 2\nBen: zombies 2\n'
                     'Ben: end\nAnn: item "Chainsaw"'),
    E.R_PAGES: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[Expansions "the-end"]\n', 'Ben: item "Page 3"'),
    E.R_IN_PLAY: (HEAD, 'Ann: drop "Chainsaw"'),
    E.R_ALLOWANCE: (HEAD, MOVING + "Ann: move 4"),
    E.R_PICK: (HEAD, MOVING + "Ann: pick ammo"),
    E.R_LIFE_CAP: (HEAD, "Ann: adjust life +3"),
    E.R_TOWN: (HEAD, MOVING + "Ann: town-square\nAnn: move 1"),
    E.R_HELIPAD: (HEAD, MOVING + "Ann: helipad"),
    E.R_SPELL: ('[Game "zombies"]\n[Players "Ann, Ben"]\n[Expansions "the-end"]\n',
                MOVING + "Ann: spell 1\nAnn: spell 2"),
    E.R_ZOMBIE_POINTS: (HEAD, MOVING + "Ann: zombies 2: 1 1 1"),
    E.R_HALF: (HEAD, MOVING + "Ann: zombies 6: 4"),
    E.R_DISCARD: (HEAD, MOVING + "Ann: zombies 2\nAnn: adjust hand -3\nAnn: discard"),
    E.R_EXPANSION: (HEAD, MOVING + "Ann: fight 5 dog"),
    E.R_ADJUST: (HEAD, "Ann: adjust ammo -4"),
    E.R_REMOVED: (HEAD, 'Ann: event "Brain Cramp"'),
    E.R_WEAPON: (HEAD, 'Ann: item "Chainsaw"\nAnn: tile road 2\nAnn: draw 1\nAnn: roll 4\nAnn: move 1\n'
                       'Ann: fight 1 +2 "Chainsaw" +1 "Chainsaw"'),
}


def test_the_table_covers_every_rule_id():
    assert set(EXAMPLES_BY_RULE) == set(E.RULE_IDS) | {E.R_STOPPED}


@pytest.mark.parametrize("rule", sorted(EXAMPLES_BY_RULE))
def test_each_rule_is_raised_at_its_line(rule, tmp_path):
    head, tail = EXAMPLES_BY_RULE[rule]
    lines = tail.strip().split("\n")
    (tmp_path / "box.toml").write_text('"Toy Store" = {z = 4, ammo = 1, life = 1}\n')
    record = tmp_path / "game.zqp"
    record.write_text(head + tail.strip() + "\n")
    result = replay_record(parse_record(record.read_text(), record))
    assert result.error is not None, rule
    assert result.error.rule == rule, (result.error.rule, result.error.message)
    assert result.error.line == head.count("\n") + len(lines)


def test_stopped_player_cannot_move_at_its_line():
    tail = (MOVING + "Ann: adjust life -3 ammo -3\nAnn: fight 1\nAnn: move 1").strip()
    result = replay_text(HEAD + tail + "\n")
    assert result.error.rule == E.R_STOPPED and "cannot move" in result.error.message
    assert result.error.line == 3 + len(tail.split("\n"))


# -- issue 22: the spec's rulings 15-23, each replayed from its own record ------------------
#
# tests/fixtures/zombies/rNN-*.zqp: one small record per ruling, written for these tests.

RULINGS = FIXTURES / "zombies"


def fixture(name: str):
    """Replay ``tests/fixtures/zombies/<name>.zqp``: ``(Replay, record)``."""
    path = RULINGS / f"{name}.zqp"
    record = parse_record(path.read_text(), path)
    return replay_record(record), record


def replay_lines(record, lines):
    """Replay ``record``'s tags with the event ``lines`` instead of its own."""
    game = Game.from_tags({k: v for k, v in record.tags.items() if k != "Game"})
    for text in lines:
        game.apply(text)
    return game


def subset(state: dict, want: dict) -> None:
    for key, value in want.items():
        assert state[key] == value, (key, state[key], value)


def test_r15_a_draw_spans_the_automatic_reshuffle():
    result, _ = fixture("r15-reshuffle")
    assert result.error is None, result.error
    s = result.game.to_json()
    subset(s, {"turn": 2, "next": "Ann", "step": "roll", "events_left": 1, "discards": 0})
    assert s["players"]["Ann"]["hand"] == 3
    draw = result.applied[-1]
    assert draw.text == "Ann: draw 2" and "2 discards shuffled" in draw.notes[0]


def test_r15_reshuffle_is_a_note_that_changes_nothing_at_any_moment():
    _, record = fixture("r15-reshuffle")
    game = Game.from_tags({k: v for k, v in record.tags.items() if k != "Game"})
    for line in record.events:
        for who in ("Ann", "Ben"):
            before = game.to_json()
            assert game.apply(f"{who}: reshuffle").text == f"{who}: reshuffle"
            assert game.to_json() == before
        game.apply(line.text)


def test_r15_the_draw_refusal_says_why():
    # the deck and the discard pile are both empty and Ann holds 2: not "hand is full"
    g = new("Ann, Ben", Events=6)
    play(g, "Ann: tile road 1", "Ann: roll 2", "Ann: zombies 2", "Ann: discard")
    g.discards = 0                      # say the discarded card left the game
    play(g, "Ben: tile road 1", "Ben: roll 2", "Ben: zombies 2", "Ben: end", "Ann: tile road 1")
    err = refused(g, "Ann: draw 1", E.R_DRAW)
    assert "full" not in err.message and "empty" in err.message and "2 cards" in err.message
    assert g.to_json()["step"] == "fight"         # the optional start fight, then the roll
    play(g, "Ann: roll 2")
    full = refused(play(new(), "Ann: tile road 1"), "Ann: draw 1", E.R_DRAW)
    assert "Ann's hand is full" in full.message


def test_r16_step_after_every_line():
    _, record = fixture("r16-steps")
    game = Game.from_tags({k: v for k, v in record.tags.items() if k != "Game"})
    steps = []
    for line in record.events:
        game.apply(line.text)
        steps.append(game.to_json()["step"])
    assert steps == ["fight", "move", "move", "fight", "move", "discard", "tile",
                     "fight", "fight", "roll"]


def test_r17_the_final_state_keeps_the_winning_turn():
    result, _ = fixture("r17-final-state")
    assert result.error is None, result.error
    s = result.game.to_json()
    subset(s, {"over": True, "winner": "Ann", "ending": "helipad", "next": None, "step": None,
               "turn": 0, "zombies_in_play": 0, "tiles_left": 5})
    assert s["players"]["Ann"] == {"life": 3, "ammo": 3, "kills": 1, "hand": 3,
                                   "event_this_round": False, "in_play": [], "allowance": 4,
                                   "moved": 3}
    assert s["players"]["Ben"]["allowance"] is None and s["players"]["Ben"]["moved"] == 0


def test_r18_helipad_after_a_start_of_turn_kill():
    result, _ = fixture("r18-helipad-start-kill")
    assert result.error is None, result.error
    s = result.game.to_json()
    subset(s, {"over": True, "winner": "Ann", "ending": "helipad", "turn": 4,
               "zombies_in_play": 3, "tiles_left": 3})
    assert s["players"]["Ann"] == {"life": 0, "ammo": 0, "kills": 1, "hand": 3,
                                       "event_this_round": False, "in_play": [],
                                       "allowance": 1, "moved": 0}


@pytest.mark.parametrize("after, rule", [
    ("Ann: fight 2 life", E.R_CONTINUES),   # a fight open on the centre
    ("Ann: fight 1", E.R_HELIPAD),          # lost with no life: the zombie stays
    ("Ann: move 3", None),                  # moved onto it: accepted (a fight may not be needed)
])
def test_r18_helipad_refused_where_the_numbers_show_a_zombie_there(after, rule):
    _, record = fixture("r18-helipad-start-kill")
    lines = [line.text for line in record.events]
    game = replay_lines(record, lines[:lines.index(after) + 1])   # its first occurrence
    if rule is None:
        game.apply("Ann: helipad")
        assert game.to_json()["ending"] == "helipad"
    else:
        refused(game, "Ann: helipad", rule)


def test_r18_helipad_without_a_move_or_a_start_kill_or_after_the_town_square():
    _, record = fixture("r18-helipad-start-kill")
    lines = [line.text for line in record.events]
    game = replay_lines(record, lines[:-3] + ["Ann: roll 1"])     # no start-of-turn fight
    assert "neither moved" in refused(game, "Ann: helipad", E.R_HELIPAD).message
    game = replay_lines(record, lines[:-1] + ["Ann: town-square"])
    refused(game, "Ann: helipad", E.R_HELIPAD)


def test_r19_a_bare_named_tile_is_bad_input_at_its_line():
    result, _ = fixture("r19-bare-helipad")
    assert isinstance(result.error, BadInputError) and result.error.line == 4
    assert "Helipad" in result.error.message and result.game.to_json()["zombies_in_play"] == 0
    with pytest.raises(BadInputError, match="Drug Store"):
        new().apply("Ann: tile Drug Store")
    data = '"Helipad" = {z = 1, ammo = 0, life = 0}\n'
    g = Game.from_tags({"Players": "Ann, Ben", "Tiles": "10", "TileData": "t.toml", "TileDataText": data})
    assert g.apply('Ann: tile "Helipad"').text == 'Ann: tile "Helipad" z=1 ammo=0 life=0'
    assert g.zombies == 1


def test_r20_the_guts_cut_comes_before_the_optional_discard():
    result, record = fixture("r20-guts-cut")
    assert result.error is None, result.error
    s = result.game.to_json()
    assert s["players"]["Ann"]["hand"] == 1 and s["players"]["Ann"]["guts"] == 2
    subset(s, {"discards": 2, "next": "Ben", "step": "tile", "turn": 1})
    ended = replay_lines(record, [line.text for line in record.events][:-1] + ["Ann: end"])
    assert ended.to_json()["players"]["Ann"]["hand"] == 2 and ended.discards == 1


def test_r21_the_removed_event_cards_are_refused():
    result, _ = fixture("r21-removed-card")
    assert result.error is not None and result.error.line == 4
    assert result.error.rule == E.R_REMOVED
    assert Game.from_tags({"Players": "Ann, Ben, Cat"}).events_left == 41 - 9
    assert sum(E.REMOVED_EVENTS.values()) == 9 and E.DEFAULT_EVENTS == 50 - 9


@pytest.mark.parametrize("card", ["Where Did Everybody Go", "Bad Sense of Direction",
                                  "hysterical paralysis", "The Keys Are Still In It",
                                  "Were Screwed", "We’re Screwed", "Fear", "Brain Cramp",
                                  "All The Marbles"])
@pytest.mark.parametrize("verb", ["event", "item"])
def test_r21_each_removed_card_by_name(card, verb):
    refused(new(), f'Ben: {verb} "{card}"', E.R_REMOVED)


def test_r22_a_weapon_adds_its_bonus_one_roll_at_a_time():
    result, _ = fixture("r22-weapon")
    assert result.error is None, result.error
    s = result.game.to_json()
    assert s["players"]["Ann"] == {"life": 2, "ammo": 2, "kills": 3, "hand": 3,
                                       "event_this_round": True, "in_play": ["Chainsaw"],
                                       "allowance": 4, "moved": 3}
    assert s["zombies_in_play"] == 0 and s["step"] == "move"
    assert [a.text for a in result.applied][5] == 'Ann: fight 2 +2 "Chainsaw"'


@pytest.mark.parametrize("line, rule", [
    ('Ann: fight 1 +2 "Chainsaw" +1 "Chainsaw" ammo', E.R_WEAPON),   # two weapons on one roll
    ('Ann: fight 1 +2 "Shotgun" ammo', E.R_IN_PLAY),                  # not in Ann's play
    ('Ann: fight 2 +2 "Chainsaw" ammo', E.R_FIGHT_ROLL),              # 4 already kills
    ('Ann: fight 1 +1 "Chainsaw" ammo', None),                        # 1 + 1 = 2: two ammo
])
def test_r22_weapon_refusals_at_their_line(line, rule):
    _, record = fixture("r22-weapon")
    lines = [x.text for x in record.events]
    text = "\n".join(f"[{k} \"{v}\"]" for k, v in record.tags.items()) + "\n"
    body = lines[:5] + [line]
    result = replay_text(text + "\n".join(body) + "\n")
    if rule is None:
        assert result.error is None and result.game.players[0].ammo == 1
    else:
        assert result.error is not None and result.error.rule == rule
        assert result.error.line == len(record.tags) + len(body)


def test_r22_a_weapon_of_another_player_is_refused():
    g = play(new(), 'Ben: item "Chainsaw"', "Ann: tile road 2", "Ann: roll 3", "Ann: move 1")
    refused(g, 'Ann: fight 2 +2 "Chainsaw"', E.R_IN_PLAY)


@pytest.mark.parametrize("event", ['Ann: fight 3 "Chainsaw"', 'Ann: fight 3 +0 "Chainsaw"',
                                   "Ann: fight 3 +2", 'Ann: fight 3 +2 "Chain', 'Ann: fight 3 +2 ""'])
def test_r22_malformed_weapon_fights_are_bad_input(event):
    g = play(new(), 'Ann: item "Chainsaw"', "Ann: tile road 2", "Ann: draw 1", "Ann: roll 3",
             "Ann: move 1")
    with pytest.raises(BadInputError):
        g.apply(event)


def test_r22_the_odds_in_legal_show_and_advise_count_the_weapon():
    from referee.games.zombies import render
    from referee.games.zombies.advise import advise

    _, record = fixture("r22-weapon")
    lines = [x.text for x in record.events]
    g = replay_lines(record, lines[:9])          # 2 ammo, 3 life; Chainsaw +2 is known
    assert g.known_weapons(0) == [("Chainsaw", 2)]
    ann = g.players[0]
    armed = fight_odds(4, ann.ammo, ann.life, bonus=2)
    plain = fight_odds(4, ann.ammo, ann.life)
    assert armed.win > plain.win
    legal = {o.text: o.description for o in g.legal_events()}
    first = legal['Ann: fight 1 +2 "Chainsaw" ammo']
    assert f"with Chainsaw +2 each roll: {armed.percent()}" in first
    assert legal['Ann: fight 2 +2 "Chainsaw"'] == "kills the zombie"
    assert f"with Chainsaw +2: {armed.percent()}" in render.odds_line(g)
    best = advise(g).options[0]
    assert best.extra["weapon"] == "Chainsaw" and best.extra["bonus"] == 2
    assert best.probability == float(fight_odds(4, ann.ammo, ann.life, "ammo", bonus=2).win)
    # while a fight with the weapon is open, show counts it on the next roll
    g2 = replay_lines(record, lines[:-1])
    assert g2.fight_weapon == ("Chainsaw", 2) and "Chainsaw +2" in render.odds_line(g2)


def test_r22_fight_odds_with_a_bonus():
    assert fight_odds(4, 0, 0, bonus=2).win == Fraction(5, 6)
    assert fight_odds(5, 0, 0, bonus=4).win == 1
    assert fight_odds(4, 1, 0, bonus=1).win == fight_odds(3, 1, 0).win
    with pytest.raises(ValueError):
        fight_odds(4, 0, 0, bonus=-1)


def test_r23_the_leniencies():
    result, record = fixture("r23-leniencies")
    assert result.error is None, result.error
    s = result.game.to_json()
    assert s["players"]["Ann"] == {"life": 2, "ammo": 0, "kills": 2, "hand": 3,
                                       "event_this_round": False, "in_play": [],
                                       "allowance": 3, "moved": 2}
    texts = [a.text for a in result.applied]
    assert texts[1] == "Ann: draw 0" and texts[6] == "Ann: fight 3 life"
    assert record.tags["Event"] == "Friday night" and record.tags["Site"] == "the club"


def test_issue24_tile_data_needs_the_expansion_of_its_zombies():
    path = RULINGS / "r24-tile-data-expansion.zqp"
    with pytest.raises(BadInputError, match=r"line 3: tile 'Army Surplus' has enhanced = 1"):
        replay_record(parse_record(path.read_text(), path))
    data = (RULINGS / "enhanced-box.toml").read_text()
    with pytest.raises(BadInputError, match="dogs = 2.*The End"):
        Game.from_tags({"Players": "A, B", "TileDataText": "[Mall]\nz = 1\ndogs = 2\n"})
    g = Game.from_tags({"Players": "A, B", "Expansions": "zombie-corps", "TileData": "b.toml",
                        "TileDataText": data})
    text = g.apply('A: tile "army surplus"').text
    assert text == 'A: tile "Army Surplus" z=3 ammo=2 life=0 enhanced=1'
    again = Game.from_tags({"Players": "A, B", "Expansions": "zombie-corps", "TileData": "b.toml",
                            "TileDataText": data})
    assert again.apply(text).text == text and again.to_json() == g.to_json()


def test_more_than_twelve_zombie_moves_are_refused_by_the_sum():
    g = play(moving(), "Ann: fight 5")
    g.zombies = 20
    err = refused(g, "Ann: zombies 6: " + " ".join(["1"] * 13), E.R_ZOMBIE_POINTS)
    assert "13" in err.message and "numbers" not in err.message


def test_r22_the_referee_rolls_a_weapon_fight_and_keeps_the_weapon():
    g = new(Expansions="the-end")
    rolls = iter([1, 5])
    roll = lambda: next(rolls)  # noqa: E731
    assert g.fill_dice('Ann: fight +2 "Chainsaw"', roll) == 'Ann: fight 1 +2 "Chainsaw"'
    assert g.fill_dice('Ann: fight dog +1 "Bat"', roll) == 'Ann: fight 5 dog +1 "Bat"'
    assert g.fill_dice('Ann: fight +2 "Chainsaw" ammo', roll) == 'Ann: fight +2 "Chainsaw" ammo'
    play(g, 'Ann: item "Chainsaw"', "Ann: tile road 2 dogs=1", "Ann: draw 1", "Ann: roll 3",
         "Ann: move 1")
    with pytest.raises(ChoiceNeeded) as info:
        g.apply('Ann: fight 1 +2 "Chainsaw"')        # 3: one ammo, or a life
    assert [o.text for o in info.value.options] == ['Ann: fight 1 +2 "Chainsaw" ammo',
                                                    'Ann: fight 1 +2 "Chainsaw" life']


def test_counts_read_right_on_screen():
    """Issue 25: "1 zombies", "1 zombie come", "1 ammo raise", and "helipad unseen"
    while the table bids for it."""
    from referee.games.zombies.render import status_lines

    g = new()
    assert g.apply("Ann: tile road 1").notes == ["1 zombie comes with the tile"]
    board = next(line for line in status_lines(g) if line.startswith("Board:"))
    assert board.startswith("Board: 1 zombie, 0 ammo tokens and 0 life tokens;")
    g.state = g.state.with_seat(0, ammo=2)
    play(g, "Ann: roll 2", "Ann: move 1")
    assert "1 ammo token raises the 3 to 4" in g.apply("Ann: fight 3 ammo").notes
    h = new("Ann, Ben, Cat", Tiles=12)
    h.tiles_left = 4
    h.state = h.state.with_seat(1, kills=3).with_seat(2, kills=3)
    play(h, 'Ann: tile "Helipad" z=1 ammo=0 life=0')
    board = next(line for line in status_lines(h) if line.startswith("Board:"))
    assert board.endswith("helipad being bid for")


# -- apply is atomic without a deep copy (issue 26) --------------------------------------------

def _state(game: Game) -> dict:
    """Every attribute of ``game`` deep-copied, the set-up aside (no event changes it)."""
    import copy

    return {k: copy.deepcopy(v) for k, v in game.__dict__.items() if k != "setup"}


def test_an_event_that_raises_after_its_changes_leaves_the_whole_game_as_it_was(monkeypatch):
    """A step works on a copy of the frozen state: make every step raise after all its
    changes and the game must still be exactly as it was, for every verb met in random
    play (fights, items, bids, tiles with tokens)."""
    import random

    from referee.games.zombies import steps

    class Late(Exception):
        pass

    def late(do):
        def run(*args):
            do(*args)
            raise Late
        return run

    seen: set[str] = set()
    for seed, players, exps in ((1, "Ann, Ben", ""), (2, "Ann, Ben, Cat, Dan", "the-end, schools-out"),
                                (3, "Ann, Ben, Cat", "zombie-corps, six-feet-under")):
        rng = random.Random(seed)
        game = new(players, Tiles=14, Expansions=exps)
        for _ in range(250):
            legal = game.legal_events()
            if not legal:
                break
            pick = rng.choice(legal).text
            before = _state(game)
            verb = game.parse(pick).verb
            monkeypatch.setitem(steps.STEPS, verb, late(steps.STEPS[verb]))
            with pytest.raises(Late):
                game.apply(pick)
            monkeypatch.undo()
            assert _state(game) == before, pick
            assert game.apply(pick).text == pick
            seen.add(verb)
    assert {"tile", "fight", "move", "end", "item"} <= seen


def test_a_state_holds_immutable_values_only():
    """Every value a state holds is immutable (numbers, strings, tuples, frozen sets,
    frozen seats, tokens and bidding; the set-up is shared and no event changes it),
    so a step can only replace them: a new attribute or seat field that is a list, dict
    or set fails this."""
    import dataclasses
    import random

    from referee.games.zombies.state import Bidding, Seat, State, Tokens

    def plain(v):
        if isinstance(v, (Seat, Bidding)):
            return all(plain(getattr(v, f.name)) for f in dataclasses.fields(v))
        return isinstance(v, (int, str, float, type(None), frozenset, Tokens)) or (
            isinstance(v, tuple) and all(plain(x) for x in v))

    rng = random.Random(4)
    game = new("Ann, Ben, Cat", Tiles=12, Expansions="the-end")
    for _ in range(200):
        s = game.state
        assert isinstance(s, State)
        for f in dataclasses.fields(s):
            if f.name != "setup":
                assert plain(getattr(s, f.name)), f.name
        assert set(vars(s)) == {f.name for f in dataclasses.fields(s)}
        with pytest.raises(dataclasses.FrozenInstanceError):
            s.zombies = 99
        legal = game.legal_events()
        if not legal:
            break
        game.apply(rng.choice(legal).text)
