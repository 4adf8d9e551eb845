"""Zombie Fluxx engine: the shared examples, the rulebook's worked examples, every ruling
of the spec and of our own, every illegal event kind at its line with its rule id, and
the catalogue loader's errors."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from referee.errors import BadInputError, IllegalEventError
from referee.games.fluxx import catalogue as cat
from referee.games.fluxx.engine import RULE_IDS, Game
from referee.records import parse_record
from referee.replay import replay_file, replay_record

from .conftest import EXAMPLES
from .conftest import refused as _refused

FLUXX_EXAMPLES = EXAMPLES / "fluxx"


@pytest.fixture(autouse=True)
def _check_names_every_refusal_apply_raises(monkeypatch):
    """The kernel's promise, over every event this file applies (its refusals, its
    records, the shared examples): ``check(state, event)`` returns the very ``(reason,
    rule)`` that ``apply`` raises, and None when ``apply`` takes the event or asks a
    choice; and a refused event leaves the same position in place."""
    from referee.errors import ChoiceNeeded

    apply = Game.apply

    def checked(self, text):
        state = self.state
        try:
            done = apply(self, text)
        except ChoiceNeeded:
            assert self.check(state, self.parse(text)) is None, text
            raise
        except IllegalEventError as exc:
            assert self.state is state
            assert self.check(state, self.parse(text)) == (exc.message, exc.rule), text
            raise
        if not text.lstrip().lower().startswith("card"):
            assert self.check(state, self.parse(text)) is None, text
        return done

    monkeypatch.setattr(Game, "apply", checked)

#: The project's own test catalogue (layered on the built-in one).
TEST_CARDS = """
["Zombie"]
type = "creeper"
zombie = 1
count = 4

["Coffee"]
type = "keeper"
count = 2

["Donuts"]
type = "keeper"
count = 2

["Hunting Knife"]
type = "keeper"
weapon = true
kills = 1

["Zombie Takeover"]
type = "ungoal"
needs = ["Zombie", "Zombie"]

["Zombie Lover"]
type = "goal"
needs = ["Coffee"]
zombies = "need"
"""


def new(players: str = "Ann, Ben, Cat", cards: str | None = TEST_CARDS, **tags) -> Game:
    t = {"Players": players, **tags}
    if cards is not None:
        t["Cards"] = "test-cards.toml"
        t["CardsText"] = cards
    return Game.from_tags(t)


def play(game: Game, *events: str) -> list:
    return [game.apply(e) for e in events]


def refused(game: Game, event: str, rule: str) -> IllegalEventError:
    return _refused(game, event, rule, known=RULE_IDS)


def state(game: Game) -> dict:
    return game.to_json()


def subset(expected, got, where="") -> None:
    if isinstance(expected, dict):
        assert isinstance(got, dict), where
        for key, value in expected.items():
            assert key in got, f"{where}.{key} missing"
            subset(value, got[key], f"{where}.{key}")
    else:
        assert got == expected, f"{where}: {got!r} != {expected!r}"


# -- the shared examples -------------------------------------------------------------------

@pytest.mark.skipif(not FLUXX_EXAMPLES.exists(), reason="../shared/examples/fluxx is not beside the project")
@pytest.mark.parametrize("name", ["road-trip", "hand-limit"])
def test_shared_examples(name):
    expected = json.loads((FLUXX_EXAMPLES / f"{name}.expected.json").read_text())
    result = replay_file(FLUXX_EXAMPLES / f"{name}.flx")
    if "error" in expected:
        assert result.error is not None and result.error.line == expected["error"]["line"]
    else:
        assert result.error is None, result.error
        subset(expected, result.game.to_json())


def test_road_trip_shape_in_our_own_words():
    """Our own record of the same kind: a kill completes a Goal in the killer's turn."""
    g = new("Dee, Eli", TEST_CARDS + '\n["Map"]\ntype = "keeper"\n["Key"]\ntype = "keeper"\n'
            '["Trip"]\ntype = "goal"\nneeds = ["Key", "Map"]\nzombies = "none"\n')
    play(g, "Dee: creeper Zombie", "Dee: draw ?", "Dee: draw ?", "Dee: play Key", "Dee: end",
         "Eli: draw ?", "Eli: play Trip", "Eli: end", "Dee: draw ?", "Dee: play Map")
    assert not g.over                            # the Zombie stops her
    play(g, "Dee: end", "Eli: draw ?", "Eli: play Shotgun", "Eli: end", "Dee: draw ?")
    refused(g, "Dee: kill Zombie with bare-hands", "fluxx.kill")
    assert state(g)["players"]["Dee"]["creepers"] == ["Zombie"]


# -- the rulebook's worked examples ----------------------------------------------------------

def test_rulebook_draw_4_then_draw_2():
    g = new()
    notes = play(g, "Ann: draw ?", 'Ann: play "Draw 4"')[-1].notes
    assert "Ann must draw 3 more" in notes
    assert state(g)["owes"]["draws"] == 3
    refused(g, "Ann: end", "fluxx.ruling.draws-before-plays")
    play(g, "Ann: draw ? ? ?", "Ann: end", "Ben: draw ? ? ? ?")
    applied = g.apply('Ben: play "Draw 2"')
    assert not any("must draw" in n for n in applied.notes)
    s = state(g)
    assert s["rules"]["draw"] == 2 and s["owes"]["draws"] == 0 and s["discard"] == 1  # Draw 4 discarded
    assert g.discard == ["Draw 4"]
    g.apply("Ben: end")


def test_rulebook_draw_2_and_use_em_with_draw_3_play_2_is_one_play():
    g = new()
    play(g, "Ann: draw ?", "Ann: play \"Draw 2 and Use 'em\" draw ? ?")
    assert (g.played, g.subplays) == (1, [2])
    g.apply('Ann: play "Draw 3 Play 2 of them" draw ? ? ? discard ?')
    assert (g.played, g.subplays) == (1, [1, 2])
    refused(g, "Ann: end", "fluxx.ruling.action-plays")
    play(g, "Ann: play Coffee", "Ann: play Donuts")
    assert g.subplays == [1]
    g.apply("Ann: play Lumber")
    assert g.played == 1 and g.subplays == []
    # all of it was one play: under Play 1 the turn is over
    refused(g, "Ann: play Shovel", "fluxx.play")
    g.apply("Ann: end")
    # 3 dealt +1 drawn -1 action +2 -1 action +3 -1 discarded -3 played
    assert state(g)["players"]["Ann"]["hand"] == 3 and state(g)["played"] == 0


def donuts_position() -> Game:
    """The rulebook's Donuts with Coffee example set up by hand: Ann's turn, Draw 2 and
    Play 2, Zombie Season and Weapon Bonus in play; Ann has Donuts, a Shotgun, a Shovel,
    Lumber and four Zombies; Ben has the Coffee."""
    g = new("Ann, Ben")
    g.first_round = False
    g.edit(rules={"draw": "Draw 2", "play": "Play 2"})
    g.others = ["Weapon Bonus", "Zombie Season"]
    g.edit(keepers={0: Counter({"Donuts": 1, "Shotgun": 1, "Shovel": 1, "Lumber": 1})})
    g.edit(creepers={0: Counter({"Zombie": 4})})
    g.edit(keepers={1: Counter({"Coffee": 1})})
    return g


def test_rulebook_donuts_with_coffee_example():
    g = donuts_position()
    g.apply('Ann: draw "Exchange Keepers" "Donuts with Coffee"')
    for source in ("bare-hands", "Shotgun", "Shovel", "Lumber"):
        g.apply(f"Ann: kill Zombie with {source}")
    assert g.creepers[0] == Counter() and g.played == 0      # free actions: 2 plays left
    play(g, 'Ann: play "Exchange Keepers" take Coffee from Ben give Shovel to Ben')
    assert not g.over
    notes = g.apply('Ann: play "Donuts with Coffee"').notes
    assert g.over and g.winner == "Ann" and g.ending == "goal"
    assert "Ann meets the Goal Donuts with Coffee and wins" in notes
    assert state(g)["players"]["Ben"]["keepers"] == ["Shovel"]


def test_each_kill_power_is_used_once_a_turn():
    g = donuts_position()
    g.apply("Ann: draw ? ?")
    g.apply("Ann: kill Zombie with Shotgun")
    refused(g, "Ann: kill Zombie with Shotgun", "fluxx.kill.limit")
    refused(g, "Ann: kill Zombie with Donuts", "fluxx.kill")
    play(g, "Ann: kill Zombie with bare-hands", "Ann: kill Zombie with Shovel")
    refused(g, "Ann: kill Zombie with bare-hands", "fluxx.kill.limit")


# -- the spec's rulings, one by one -----------------------------------------------------------

def test_ruling_1_turn_draw_play_then_limits():
    g = new()
    refused(g, "Ann: end", "fluxx.ruling.draws-before-plays")
    g.apply("Ann: draw ?")
    refused(g, "Ann: end", "fluxx.play")
    g.apply('Ann: play "Hand Limit 0"')       # Ben and Cat discard at once, Ann at the end
    play(g, "Ben: discard ? ? ?", "Cat: discard ? ? ?")
    refused(g, "Cat: discard ?", "fluxx.ruling.discard-only-forced")
    refused(g, "Ann: end", "fluxx.hand-limit")
    play(g, "Ann: discard ? ? ?", "Ann: end")


def test_ruling_2_new_rule_replaces_slot_and_others_discard_at_once():
    g = new()
    play(g, "Ann: draw ?", 'Ann: play "Keeper Limit 2"', "Ann: end")
    g.edit(keepers={2: Counter({"Coffee": 1, "Donuts": 1, "Lumber": 1})})   # Cat over the limit
    assert g.pushed() == [2]
    refused(g, "Ben: draw ?", "fluxx.ruling.pushed-discard-first")
    refused(g, "Cat: drop Zombie", "fluxx.keeper-limit")
    g.apply("Cat: drop Lumber")
    g.apply("Ben: draw ?")
    g.apply('Ben: play "Keeper Limit 3"')
    assert g.rules["keeper-limit"] == "Keeper Limit 3" and "Keeper Limit 2" in g.discard


def test_ruling_2_play_rule_raised_mid_turn():
    g = new()
    play(g, "Ann: draw ?", 'Ann: play "Play 3"')
    assert g.owes()["plays"] == 2
    play(g, "Ann: play Coffee", "Ann: play Donuts")
    refused(g, "Ann: play Lumber", "fluxx.play")


def test_ruling_3_no_discard_without_a_limit():
    g = new()
    g.apply("Ann: draw ?")
    e = refused(g, "Ann: discard ?", "fluxx.ruling.discard-only-forced")
    assert "no Hand Limit" in e.message


def test_ruling_4_creepers_laid_down_and_replaced():
    g = new()
    applied = g.apply("Ann: draw Zombie ?")
    assert any("laid down" in n for n in applied.notes)
    s = state(g)
    assert s["drawn"] == 1 and s["players"]["Ann"]["creepers"] == ["Zombie"] and s["players"]["Ann"]["hand"] == 4
    refused(g, "Ann: play Zombie", "fluxx.creepers.draw")


def test_ruling_5_goal_checked_for_every_player_with_the_tie_rule():
    g = new()
    g.edit(keepers={1: Counter({"Coffee": 1, "Donuts": 1})})
    g.edit(keepers={2: Counter({"Coffee": 1, "Donuts": 1})})
    g.apply("Ann: draw ?")
    notes = g.apply('Ann: play "Donuts with Coffee"').notes
    assert not g.over and any("no clear winner" in n for n in notes)
    g.apply("Ann: end")
    g.apply("Ben: draw Zombie ?")          # Ben now has a Zombie: only Cat meets the Goal
    assert g.over and g.winner == "Cat"     # in Ben's turn


def test_ruling_6_where_each_killed_zombie_goes():
    g = new()
    g.first_round = False
    g.others = ["Zombie Season"]
    g.edit(keepers={0: Counter({"Shotgun": 1})})
    g.edit(creepers={0: Counter({"Zombie Trio": 1, "Zombie Quartet": 1})})
    g.apply("Ann: draw ?")
    g.apply('Ann: kill "Zombie Trio" with Shotgun')
    refused(g, "Ann: play Coffee", "fluxx.ruling.zombie-moves-first")
    g.apply("Ann: trio right")                      # the previous player: Cat
    assert state(g)["players"]["Cat"]["creepers"] == ["Zombie Trio"]
    pile = g.pile
    g.apply('Ann: kill "Zombie Quartet" with bare-hands')
    assert g.pile == pile + 1 and state(g)["top"] == ["Zombie Quartet"]
    play(g, "Ann: play Coffee", "Ann: end")
    applied = g.apply("Ben: draw ?")               # the ? is the Quartet, written in (ruling 21)
    assert applied.text == 'Ben: draw "Zombie Quartet"'
    assert state(g)["players"]["Ben"]["creepers"] == ["Zombie Quartet"] and g.drawn == 0


def test_ruling_7_reshuffle_when_the_pile_runs_out():
    g = new()
    g.first_round = False
    g.discard = ["Coffee", None, "Draw 2"]
    g.pile = 0
    notes = g.apply("Ann: draw ?").notes
    assert any("shuffled" in n for n in notes)
    assert (g.pile, len(g.discard)) == (2, 0)


def test_ruling_7_both_piles_empty_forgives_the_draw():
    g = new()
    g.first_round = False
    g.pile, g.discard = 0, []
    assert g.draws_owed() == 0
    refused(g, "Ann: draw ?", "fluxx.draw")
    g.apply("Ann: play Coffee")


def test_ruling_8_first_player_and_turn_count():
    s = state(new("Zed, Amy"))
    assert s["next"] == "Zed" and s["turn"] == 1 and s["rules"] == {
        "draw": 1, "play": 1, "hand_limit": None, "keeper_limit": None, "others": []}
    assert s["pile"] == sum(c.count for c in cat.load(TEST_CARDS)) - 6


def test_ruling_9_plays_from_known_then_unseen_cards():
    g = new()
    g.apply('Ann: draw Coffee')
    assert g.hands[0].known == Counter({"Coffee": 1})
    g.apply("Ann: play Shotgun")                 # from an unseen card: Coffee stays known
    assert g.hands[0].known == Counter({"Coffee": 1}) and g.hands[0].unknown == 2
    g.apply("Ann: end")
    g.apply("Ben: draw ?")
    refused(g, "Ben: play Shotgun", "fluxx.card-count")   # the only Shotgun is in front of Ann
    g.edit(hands={1: (Counter({"Lumber": 1}), 0)})
    refused(g, "Ben: play Coffee", "fluxx.ruling.hidden-hands")


def test_ruling_10_draws_before_plays_and_play_all():
    g = new()
    refused(g, "Ann: play Coffee", "fluxx.ruling.draws-before-plays")
    play(g, "Ann: draw ?", 'Ann: play "Play All"')
    assert g.owes()["plays"] == 3
    play(g, "Ann: play Coffee", "Ann: play Donuts")
    refused(g, "Ann: end", "fluxx.play")
    play(g, "Ann: play Lumber", "Ann: end")


def test_ruling_11_first_round_before_the_first_turn():
    g = new()
    g.apply("Cat: creeper Zombie")
    refused(g, "Ann: draw ?", "fluxx.first-round")
    play(g, "Cat: draw Zombie ?")              # a replacement Creeper: drawn again
    assert g.replacements == [0, 0, 0] and state(g)["players"]["Cat"]["creepers"] == ["Zombie", "Zombie"]
    g.apply("Ann: creeper Zombie")             # any order, still before the first turn
    g.apply("Ann: draw ?")
    g.apply("Ann: draw ?")                     # the first turn's draw
    assert not g.first_round
    refused(g, "Ben: creeper Zombie", "fluxx.ruling.first-round-first")


def test_ruling_12_action_draws_do_not_count():
    g = new()
    play(g, "Ann: draw ?", "Ann: play \"Draw 2 and Use 'em\" draw ? Zombie ?")
    assert g.drawn == 1 and state(g)["players"]["Ann"]["creepers"] == ["Zombie"]
    refused(g, "Ann: end", "fluxx.ruling.action-plays")


def test_ruling_13_pushed_players_discard_before_anything_else():
    g = new()
    play(g, "Ann: draw ?", 'Ann: play "Hand Limit 1"')
    refused(g, "Ann: end", "fluxx.ruling.pushed-discard-first")
    refused(g, "Ben: discard ? ? ?", "fluxx.ruling.discard-only-forced")  # not below the limit
    play(g, "Ben: discard ? ?", "Cat: discard ?")
    refused(g, "Ann: end", "fluxx.ruling.pushed-discard-first")
    g.apply("Cat: discard ?")
    refused(g, "Ann: end", "fluxx.hand-limit")
    g.apply("Ann: discard ? ?")
    g.apply("Ann: end")


def test_ruling_14_kills_in_own_turn_and_the_pair_flees():
    g = new()
    g.first_round = False
    g.others = ["Zombie Season"]
    g.edit(keepers={0: Counter({"Shotgun": 1})})
    g.edit(creepers={0: Counter({"Zombie": 1, "Pair of Zombies": 1})})
    g.edit(creepers={1: Counter({"Zombie": 1})})
    refused(g, "Ben: kill Zombie with bare-hands", "fluxx.ruling.kill-own-turn")
    notes = g.apply("Ann: kill Zombie with Shotgun").notes
    assert any("flees" in n for n in notes)
    refused(g, "Ann: draw ?", "fluxx.ruling.zombie-moves-first")
    refused(g, 'Ann: move "Pair of Zombies" to Ann', "fluxx.ruling.pair-to-another-player")
    g.apply('Ann: move "Pair of Zombies" to Ben')
    assert state(g)["players"]["Ben"]["creepers"] == ["Pair of Zombies", "Zombie"]
    refused(g, 'Ann: move "Pair of Zombies" to Cat', "fluxx.zombie.pair")
    refused(g, "Ann: trio left", "fluxx.zombie.trio")


def test_ruling_14_trio_left_is_clockwise():
    g = new()
    g.first_round = False
    g.edit(keepers={0: Counter({"Shotgun": 1})})
    g.edit(creepers={0: Counter({"Zombie Trio": 1})})
    play(g, 'Ann: kill "Zombie Trio" with Shotgun', "Ann: trio left")
    assert state(g)["players"]["Ben"]["creepers"] == ["Zombie Trio"]


def test_ruling_15_ungoal_means_everybody_loses():
    g = new()
    g.edit(creepers={1: Counter({"Zombie": 1})})
    play(g, "Ann: draw ?", 'Ann: play "Zombie Takeover"', "Ann: end")
    assert not g.over
    g.apply("Ben: draw Zombie ?")
    s = state(g)
    assert s["over"] and s["winner"] == "zombies" and s["ending"] == "ungoal"


def test_ruling_16_state_after_the_end():
    g = donuts_position()
    g.edit(creepers={0: Counter()})
    g.edit(keepers={0: {**g.keepers[0], "Coffee": 1}})
    g.apply("Ann: draw ? ?")
    g.apply('Ann: play "Donuts with Coffee"')
    s = state(g)
    assert s["over"] and s["next"] is None and (s["turn"], s["drawn"], s["played"]) == (1, 2, 1)
    refused(g, "Ann: end", "fluxx.game-over")
    refused(g, "Ben: draw ?", "fluxx.game-over")
    assert g.legal_events() == []


# -- our own rulings --------------------------------------------------------------------------

def test_own_ruling_limits_hold_for_other_players_at_any_time():
    g = new()
    play(g, "Ann: draw ?", 'Ann: play "Play 3"', 'Ann: play "Hand Limit 2"')
    play(g, "Ben: discard ?", "Cat: discard ?")
    # Everybody Gets 1 (Ann's second play) puts a card in each hand: over the limit at once
    g.apply('Ann: play "Everybody Gets 1" draw ? ? give ? to Ben give ? to Cat')
    assert g.pushed() == [1, 2]
    refused(g, "Ann: end", "fluxx.ruling.pushed-discard-first")


def test_own_ruling_creepers_do_not_count_toward_the_keeper_limit():
    g = new()
    g.first_round = False
    g.edit(rules={"keeper-limit": "Keeper Limit 2"})
    g.edit(keepers={1: Counter({"Coffee": 1, "Donuts": 1})})
    g.edit(creepers={1: Counter({"Zombie": 3})})
    assert g.pushed() == []
    g.edit(keepers={1: {**g.keepers[1], "Lumber": 1}})
    refused(g, "Ben: drop Zombie", "fluxx.ruling.creepers-not-keepers")


def test_own_ruling_a_weapon_keeper_adds_its_own_kills_and_the_bonus():
    g = new()
    g.first_round = False
    g.others = ["Weapon Bonus"]
    g.edit(keepers={0: Counter({"Hunting Knife": 1})})
    g.edit(creepers={0: Counter({"Zombie": 3})})
    play(g, 'Ann: kill Zombie with "Hunting Knife"', 'Ann: kill Zombie with "Hunting Knife"')
    refused(g, 'Ann: kill Zombie with "Hunting Knife"', "fluxx.kill.limit")
    g2 = new()
    g2.first_round = False
    g2.edit(keepers={0: Counter({"Shovel": 1})})
    g2.edit(creepers={0: Counter({"Zombie": 1})})
    e = refused(g2, "Ann: kill Zombie with Shovel", "fluxx.kill")
    assert "Weapon Bonus" in e.message


def test_own_ruling_goal_without_conditions_is_never_met():
    g = new()
    g.apply("Ann: draw ?")
    g.apply('Ann: play "Zombie Victory"')
    assert g.goal == "Zombie Victory" and not g.over
    assert "conditions unknown" in cat.load().card("Zombie Victory").describe()


def test_own_ruling_set_aside_cards_without_zombies():
    g = new(Zombies="out")
    assert g.tags()["Zombies"] == "out"
    refused(g, "Ann: creeper Zombie", "fluxx.set-aside")
    g.apply("Ann: draw ?")
    refused(g, 'Ann: play "Zombie Season"', "fluxx.set-aside")
    # Goals ignore their zombie condition
    g.edit(keepers={0: Counter({"Coffee": 1})})
    g.apply('Ann: play "Zombie Lover"')
    assert g.winner == "Ann"


def test_own_ruling_action_effects_are_checked():
    g = new()
    g.apply("Ann: draw ?")
    refused(g, 'Ann: play "Exchange Keepers" take Coffee from Ben', "fluxx.ruling.action-effects")
    refused(g, "Ann: play \"Draw 2 and Use 'em\" draw ?", "fluxx.ruling.action-effects")
    refused(g, 'Ann: play "Exchange Keepers" goal-discard', "fluxx.ruling.action-effects")
    refused(g, 'Ann: play "Exchange Keepers" rule-discard "Draw 3"', "fluxx.ruling.action-effects")
    with pytest.raises(BadInputError):
        g.apply("Ann: play Coffee take Donuts from Ben")
    g.edit(keepers={1: Counter({"Coffee": 1})})
    g.edit(creepers={2: Counter({"Zombie": 1})})
    applied = g.apply("Ann: play exchange keepers take coffee from ben discard Zombie from cat")
    assert applied.text == 'Ann: play "Exchange Keepers" take Coffee from Ben discard Zombie from Cat'
    assert g.keepers[0] == Counter({"Coffee": 1}) and g.creepers[2] == Counter()


def test_own_ruling_players_two_to_six():
    with pytest.raises(BadInputError, match="2 to 6"):
        new("A, B, C, D, E, F, G")
    with pytest.raises(BadInputError):
        new("Ann")


# -- every illegal event kind, at its line, with its rule id ----------------------------------

HEADER = '[Game "fluxx"]\n[Players "Ann, Ben, Cat"]\n'

ILLEGAL = [
    ("out of turn", ["Ben: draw ?"], "fluxx.turn-order"),
    ("play before drawing", ["Ann: play Coffee"], "fluxx.ruling.draws-before-plays"),
    ("draw too many", ["Ann: draw ? ?"], "fluxx.draw"),
    ("draw when none owed", ["Ann: draw ?", "Ann: draw ?"], "fluxx.draw"),
    ("second play under Play 1", ["Ann: draw ?", "Ann: play Coffee", "Ann: play Donuts"], "fluxx.play"),
    ("end with a play owed", ["Ann: draw ?", "Ann: end"], "fluxx.play"),
    ("end with draws owed", ["Ann: end"], "fluxx.ruling.draws-before-plays"),
    ("discard with no limit", ["Ann: draw ?", "Ann: discard ?"], "fluxx.ruling.discard-only-forced"),
    ("drop with no limit", ["Ann: draw ?", "Ann: drop Coffee"], "fluxx.keeper-limit"),
    ("play a Creeper", ["Ann: draw ?", "Ann: play Zombie"], "fluxx.creepers.draw"),
    ("play a card every copy of which is seen", ["Ann: draw ?", "Ann: play Coffee", "Ann: end",
                                                  "Ben: draw ?", "Ben: play Coffee"], "fluxx.card-count"),
    ("kill with nothing", ["Ann: creeper Zombie", "Ann: draw ?", "Ann: draw ?",
                           "Ann: kill Zombie with bare-hands"], "fluxx.kill"),
    ("kill a zombie not in front", ["Ann: draw ?", "Ann: kill Zombie with bare-hands"], "fluxx.kill"),
    ("creeper after the first turn began", ["Ann: draw ?", "Ben: creeper Zombie"], "fluxx.ruling.first-round-first"),
    ("turn event while a replacement is owed", ["Ben: creeper Zombie", "Ann: draw ?"], "fluxx.first-round"),
    ("trio with no trio killed", ["Ann: draw ?", "Ann: trio left"], "fluxx.zombie.trio"),
    ("move a pair that is not fleeing", ["Ann: draw ?", 'Ann: move "Pair of Zombies" to Ben'], "fluxx.zombie.pair"),
    ("event while others must discard", ["Ann: draw ?", 'Ann: play "Hand Limit 0"', "Ann: end"],
     "fluxx.ruling.pushed-discard-first"),
    ("end over the hand limit", ["Ann: draw ?", 'Ann: play "Hand Limit 2"', "Ben: discard ?",
                                 "Cat: discard ?", "Ann: end"], "fluxx.hand-limit"),
    ("action effect impossible", ["Ann: draw ?", 'Ann: play "Exchange Keepers" take Coffee from Ben'],
     "fluxx.ruling.action-effects"),
    ("set-aside card without zombies", ["Ann: draw ?", 'Ann: play "Weapon Bonus"'], "fluxx.set-aside"),
    ("anything after the win", None, "fluxx.game-over"),
]


@pytest.mark.parametrize("what, lines, rule", ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_illegal_event_is_refused_at_its_line(what, lines, rule):
    header = HEADER
    if rule == "fluxx.set-aside":
        header += '[Zombies "out"]\n'
    if lines is None:
        from referee.games import spec

        text = spec("fluxx").sample_text() + "Ben: draw ?\n"
    else:
        text = header + "\n".join(lines) + "\n"
    record = parse_record(text)
    result = replay_record(record)
    assert result.error is not None, what
    assert result.error.rule == rule, result.error
    assert result.error.line == record.events[-1].line
    assert len(result.applied) == len(record.events) - 1


@pytest.mark.parametrize("event", [
    "Ann draw ?", "Ann: dance", "Bob: draw ?", "Ann: play Banana", 'Ann: play "Coffee', "Ann: draw",
    "Ann: kill Zombie with", "Ann: trio up", "Ann: end now", 'Ann: move "Pair of Zombies" Ben',
    "Ann: creeper ?", "Ann: discard", "Ann: drop ?",
])
def test_malformed_events_are_bad_input(event):
    g = new()
    with pytest.raises(BadInputError):
        g.apply(event)


def test_choices_left_open_are_asked():
    from referee.errors import ChoiceNeeded

    g = new()
    g.first_round = False
    g.others = ["Zombie Season"]
    g.edit(keepers={0: Counter({"Shotgun": 1})})
    g.edit(creepers={0: Counter({"Zombie Trio": 1, "Pair of Zombies": 1, "Zombie": 1})})
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: kill Zombie")
    assert [o.text for o in need.value.options] == ["Ann: kill Zombie with bare-hands",
                                                     "Ann: kill Zombie with Shotgun"]
    g.apply("Ann: kill Zombie with Shotgun")
    with pytest.raises(ChoiceNeeded) as need:
        g.apply('Ann: move "Pair of Zombies"')
    assert [o.text for o in need.value.options] == ['Ann: move "Pair of Zombies" to Ben',
                                                     'Ann: move "Pair of Zombies" to Cat']
    g.apply(need.value.options[1].text)
    # one source left: written in
    assert g.apply('Ann: kill "Zombie Trio"').text == 'Ann: kill "Zombie Trio" with bare-hands'
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("Ann: trio")
    assert need.value.rule == "fluxx.zombie.trio" and len(need.value.options) == 2
    refused(g, "Ann: kill Zombie", "fluxx.ruling.zombie-moves-first")
    g.apply("Ann: trio left")
    refused(g, "Ann: kill Zombie", "fluxx.kill")


def test_an_unknown_card_names_the_file_to_add_it_to():
    with pytest.raises(BadInputError, match="add it to test-cards.toml"):
        new().apply("Ann: creeper Banana")
    with pytest.raises(BadInputError, match=r'\[Cards "my-deck.toml"\]'):
        new(cards=None).apply("Ann: creeper Banana")


def test_bad_tags():
    for tags in ({"Players": "Ann, Ben", "Zombies": "maybe"}, {"Players": "Ann, Ben", "Colour": "x"},
                 {"Players": "Ann, ann"}, {"Players": "Ann, Ben", "Cards": "nosuch"}, {}):
        with pytest.raises(BadInputError):
            Game.from_tags(tags)
    assert Game.from_tags({"Players": "Ann, Ben", "Cards": "default"}).tags()["Cards"] == "default"


# -- the catalogue loader ---------------------------------------------------------------------

@pytest.mark.parametrize("text, card, field, words", [
    ('["X"]\ntype = "gizmo"', "X", "type", "must be one of"),
    ('["X"]\nslot = "draw"', "X", "type", "missing"),
    ('["X"]\ntype = "rule"\nslot = "draw"', "X", "value", "missing"),
    ('["X"]\ntype = "rule"\nslot = "elbow"\nvalue = 1', "X", "slot", "must be one of"),
    ('["X"]\ntype = "rule"\nslot = "play"\nvalue = "most"', "X", "value", '"all"'),
    ('["X"]\ntype = "rule"\nslot = "draw"\nvalue = 0', "X", "value", "at least 1"),
    ('["X"]\ntype = "keeper"\nkills = "one"', "X", "kills", "whole number"),
    ('["X"]\ntype = "keeper"\nweapon = "yes"', "X", "weapon", "true or false"),
    ('["X"]\ntype = "keeper"\nzombie = 1', "X", "zombie", "unknown for a keeper"),
    ('["X"]\ntype = "creeper"\nzombie = 5', "X", "zombie", "quartet"),
    ('["X"]\ntype = "goal"\nneeds = "Coffee"', "X", "needs", "list of card names"),
    ('["X"]\ntype = "goal"\nneeds = ["Nothing"]', "X", "needs", "not a Keeper"),
    ('["X"]\ntype = "goal"\nzombies = "some"', "X", "zombies", '"none"'),
    ('["X"]\ntype = "keeper"\ncount = -1', "X", "count", "at least 0"),
    ('["X"]\ntype = "action"\nplays = 1.5', "X", "plays", "whole number"),
    ('["X"]\ntype = "goal"\nzombies_min = -1', "X", "zombies_min", "at least 0"),
    ('["X"]\ntype = "ungoal"\ntable_zombies_min = "six"', "X", "table_zombies_min", "whole number"),
    ('["X"]\ntype = "keeper"\nzombies_min = 1', "X", "zombies_min", "unknown for a keeper"),
])
def test_catalogue_errors_name_the_card_and_field(text, card, field, words):
    with pytest.raises(BadInputError) as exc:
        cat.load(text, "deck.toml")
    msg = exc.value.message
    assert msg.startswith(f"deck.toml: card {card!r}: field {field}"), msg
    assert words in msg


def test_catalogue_file_level_errors():
    with pytest.raises(BadInputError, match="not valid TOML"):
        cat.parse_catalogue("[[x", "deck.toml")
    with pytest.raises(BadInputError, match="must be a table"):
        cat.parse_catalogue('X = 1', "deck.toml")
    with pytest.raises(BadInputError, match="same card"):
        cat.parse_catalogue('["Coffee"]\ntype = "keeper"\n["coffee!"]\ntype = "keeper"', "deck.toml")
    with pytest.raises(BadInputError, match="bad card name"):
        cat.parse_catalogue('["with"]\ntype = "keeper"', "deck.toml")


def test_catalogue_overrides_and_additions():
    c = cat.load('["Shotgun"]\ntype = "keeper"\nkills = 2\n["Axe"]\ntype = "keeper"\nweapon = true', "mine.toml")
    assert c.card("shotgun").kills == 2 and c.card("Shotgun").source == "mine.toml"
    assert c.card("axe").weapon and c.files == ["mine.toml"]
    assert cat.default_catalogue().card("Shotgun").kills == 1      # the built-in is untouched


def test_built_in_catalogue_holds_every_card_the_rulebook_names():
    c = cat.default_catalogue()
    for n in range(2, 6):
        assert c.card(f"Draw {n}").value == n
    for n in range(2, 5):
        assert c.card(f"Play {n}").value == n and c.card(f"Keeper Limit {n}").slot == "keeper-limit"
    assert c.card("Play All").value == "all"
    for n in range(0, 3):
        assert c.card(f"Hand Limit {n}").value == n
    names = ["Eaten by Zombies!", "Return of the Dead", "Hey, Over Here!", "Let's Shamble!", "No Zombies",
             "... and Stay Dead!", "Out of Ammo", "Zombie Jamboree", "Weapon Bonus", "Eradication Bonus",
             "Adrenaline Bonus", "Zombie Season", "Look, Over There!", "It's Not Working!",
             "Groaning Required", "Dead Friends", "Zombies Ain't So Bad", "Sonic Tranquilizer",
             "Zombie Repellent", "Four, Three, Two, One", "I Alone Survived", "I'll Hold 'em Off!",
             "Zombie Baseball Team", "Zombie Victory"]
    for name in names:
        assert c.card(name).set_aside, name
    assert [c.card(z).zombie for z in ("Zombie", "Pair of Zombies", "Zombie Trio", "Zombie Quartet")] == [1, 2, 3, 4]
    assert c.card("Donuts with Coffee").needs == ("Donuts", "Coffee")
    assert c.card("Draw 2 and Use em").plays == 2 and c.card("Draw 3 Play 2 of Them").plays == 2
    for name in ("Shovel", "Lumber", "Coffee", "Donuts", "Exchange Keepers", "Everybody Gets 1"):
        assert c.card(name).text


def test_legal_events_all_apply_canonically_in_the_sample():
    from referee.games import spec

    record = parse_record(spec("fluxx").sample_text())
    g = Game.from_tags(record.game_tags())
    for line in record.events:
        for option in g.legal_events():
            probe = __import__("copy").deepcopy(g)
            assert probe.apply(option.text).text == option.text, option
        g.apply(line.text)
    assert g.winner == "Ann"


def test_legal_lists_what_a_new_draw_rule_would_owe():
    g = new()
    g.apply("Ann: draw ?")
    options = {o.text: o.description for o in g.legal_events()}
    assert options['Ann: play "Draw 4"'] == "Ann must draw 3 more"
    assert 'Ann: play "Draw 2 and Use \'em" draw ? ?' in options
    assert "Ann: play Zombie" not in options
    g.edit(hands={0: (Counter({"Coffee": 1}), 0)})
    assert [o.text for o in g.legal_events() if "play" in o.text] == ["Ann: play Coffee"]


def test_an_action_cannot_draw_from_two_empty_piles_and_named_draws_are_counted():
    g = new()
    g.apply("Ann: draw ?")
    g.pile, g.discard = 0, []
    refused(g, 'Ann: play "Everybody Gets 1" draw ?', "fluxx.reshuffle")
    g2 = new()
    g2.apply("Ann: draw Shotgun")
    g2.apply("Ann: play Shotgun")
    g2.apply("Ann: end")
    refused(g2, "Ben: draw Shotgun", "fluxx.card-count")


def test_blocked_events_say_why_the_turn_cannot_end():
    g = new()
    blocked = {b.event: b.rule for b in g.blocked_events()}
    assert blocked == {"Ann: end": "fluxx.ruling.draws-before-plays",
                       "Ann: play ...": "fluxx.ruling.draws-before-plays"}
    play(g, "Ann: draw ?", "Ann: play Coffee")
    assert {b.event: b.rule for b in g.blocked_events()} == {"Ann: play ...": "fluxx.play"}


# -- issue 22: rulings 17-23, each with a record of its own (tests/fixtures/fluxx) -------------

FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures" / "fluxx"
RULING_RECORDS = sorted(p.stem for p in FIXTURES.glob("ruling-*.flx"))


def test_every_ruling_17_to_23_has_a_record():
    assert [name.split("-")[1] for name in RULING_RECORDS] == [str(n) for n in range(17, 24)]


@pytest.mark.parametrize("name", RULING_RECORDS)
def test_ruling_record_replays_to_its_exact_state_or_refusal(name):
    """Each record replays to the state written beside it (every key given, compared
    exactly), or is refused at its last line with the rule given."""
    expected = json.loads((FIXTURES / f"{name}.expected.json").read_text())
    record = parse_record((FIXTURES / f"{name}.flx").read_text(), FIXTURES / f"{name}.flx")
    result = replay_record(record)
    if "error" in expected:
        assert result.error is not None, name
        assert (result.error.line, result.error.rule) == (expected["error"]["line"], expected["error"]["rule"])
        assert result.error.line == record.events[-1].line
        assert len(result.applied) == len(record.events) - 1
        return
    assert result.error is None, result.error
    got = result.game.to_json()
    got["owes"] = {k: got["owes"][k] for k in expected["owes"]}
    assert {k: got[k] for k in expected} == expected


def test_ruling_17_the_ungoal_takes_the_goals_place_and_a_goal_takes_the_ungoals():
    g = new()
    play(g, "Ann: draw ?", 'Ann: play "Zombie Lover"', "Ann: end", "Ben: draw ?")
    notes = g.apply('Ben: play "Zombie Takeover"').notes
    assert "the Ungoal is now Zombie Takeover (Zombie Lover discarded)" in notes
    s = state(g)
    assert (s["goal"], s["goal_type"], s["discard"]) == ("Zombie Takeover", "ungoal", 1)
    assert "ungoal" not in s                            # one place, one key
    play(g, "Ben: end", "Cat: draw ?")
    g.apply('Cat: play "Exchange Keepers" goal-discard')   # goal-discard takes the Ungoal too
    assert (g.goal, state(g)["goal_type"], g.discard[-2:]) == (None, None, ["Zombie Takeover", "Exchange Keepers"])
    refused_ = new()
    refused_.apply("Ann: draw ?")
    refused(refused_, 'Ann: play "Exchange Keepers" goal-discard', "fluxx.ruling.action-effects")


def test_ruling_17_a_goal_met_under_the_ungoal_decides_nothing_and_the_ungoal_ends_it():
    g = new()
    g.first_round = False
    g.edit(keepers={0: Counter({"Coffee": 1})})
    g.edit(creepers={0: Counter({"Zombie": 1})})          # Ann meets Zombie Lover...
    g.goal = "Zombie Takeover"                      # ...but the Ungoal holds the place
    play(g, "Ann: draw ?", "Ann: play Donuts", "Ann: end", "Ben: draw ?")
    assert not g.over
    options = {o.text: o.description for o in g.legal_events()}
    assert options['Ben: play "Zombie Lover"'] == "new Goal (Zombie Takeover discarded): Ann wins"
    g2 = copy_of(g)
    g2.apply('Ben: play "Zombie Lover"')               # the Goal on the Ungoal: Ann meets it alone
    assert g2.winner == "Ann" and g2.discard[-1] == "Zombie Takeover"
    g.apply("Ben: play Lumber")
    assert not g.over                                  # Ann has 1 Zombie, the Ungoal needs 2
    g.edit(creepers={0: {**g.creepers[0], "Zombie": 2}})
    g.apply("Ben: end")
    assert (g.winner, g.ending) == ("zombies", "ungoal")


def copy_of(g: Game) -> Game:
    return __import__("copy").deepcopy(g)


def test_ruling_18_only_the_trio_and_the_pair_lines_come_next_in_any_order():
    g = new()
    g.first_round = False
    g.others = ["Zombie Season"]
    g.edit(keepers={0: Counter({"Shotgun": 1})})
    g.edit(creepers={0: Counter({"Zombie Trio": 1, "Pair of Zombies": 1})})
    g.edit(rules={"keeper-limit": "Keeper Limit 2"})
    g.edit(keepers={1: Counter({"Coffee": 1, "Donuts": 1})})
    play(g, "Ann: draw ?", 'Ann: kill "Zombie Trio" with Shotgun')
    assert g.trio and g.flee
    g.edit(keepers={1: {**g.keepers[1], "Lumber": 1}})                         # Ben over the Keeper Limit while the zombies move
    for event in ("Ben: drop Lumber", "Ann: draw ?", "Ann: play Coffee", "Ann: end",
                  "Ann: kill \"Pair of Zombies\" with bare-hands"):
        refused(g, event, "fluxx.ruling.zombie-moves-first")
    assert [o.text for o in g.legal_events()] == ["Ann: trio left", "Ann: trio right"]
    g.apply('card "Tin Whistle" type=keeper')         # a card line is not a move (ruling 23)
    play(g, 'Ann: move "Pair of Zombies" to Cat', "Ann: trio left")   # the Pair first, then the Trio
    assert state(g)["players"]["Cat"]["creepers"] == ["Pair of Zombies"]
    assert state(g)["players"]["Ben"]["creepers"] == ["Zombie Trio"]
    g.apply("Ben: drop Lumber")                        # settled: the drop is taken now
    assert not g.trio and not g.flee


def test_ruling_18_the_player_whose_turn_it_is_cannot_discard_before_the_trio_moves():
    g = new()
    g.first_round = False
    g.others = ["Zombie Season"]
    g.edit(rules={"hand-limit": "Hand Limit 0"})
    g.edit(hands={1: (g.hands[1].known, 0), 2: (g.hands[2].known, 0)})        # Ben and Cat are within it
    g.edit(creepers={0: Counter({"Zombie Trio": 1})})
    play(g, "Ann: draw ?", "Ann: play Coffee", "Ann: kill \"Zombie Trio\" with bare-hands")
    refused(g, "Ann: discard ?", "fluxx.ruling.zombie-moves-first")
    g.apply("Ann: trio right")
    g.apply("Ann: discard ? ? ?")
    assert state(g)["players"]["Ann"]["hand"] == 0 and state(g)["players"]["Cat"]["creepers"] == ["Zombie Trio"]


def test_ruling_19_an_actions_discard_and_trash_act_on_the_players_own_cards():
    cards = TEST_CARDS + '\n["Scrap Heap"]\ntype = "action"\n["Crowbar"]\ntype = "keeper"\ncount = 2\n'
    g = new(cards=cards)
    g.first_round = False
    g.edit(keepers={0: Counter({"Crowbar": 1})})
    g.edit(keepers={1: Counter({"Crowbar": 1})})
    g.apply("Ann: draw ?")
    # both Crowbars lie in front of players: none can be in Ann's hand, so 'discard' finds none
    refused(copy_of(g), 'Ann: play "Scrap Heap" discard Crowbar', "fluxx.card-count")
    g2 = copy_of(g)
    g2.apply('Ann: play "Scrap Heap" trash Crowbar')          # from in front of Ann, not Ben
    assert (g2.keepers[0], g2.keepers[1], g2.trash) == (Counter(), Counter({"Crowbar": 1}), ["Crowbar"])
    g3 = copy_of(g)
    g3.apply('Ann: play "Scrap Heap" discard Crowbar from Ben discard Crowbar from Ann')
    assert g3.keepers[0] == g3.keepers[1] == Counter() and g3.discard[-3:] == ["Crowbar", "Crowbar", "Scrap Heap"]
    g4 = copy_of(g)
    g4.edit(hands={0: ({**g4.hands[0].known, "Coffee": 1}, g4.hands[0].unknown - 1)})
    g4.apply('Ann: play "Scrap Heap" trash Coffee')            # not in front of Ann: from her hand
    assert g4.trash == ["Coffee"] and not g4.hands[0].known["Coffee"]


def test_ruling_20_a_named_card_needs_a_copy_not_yet_accounted_for():
    g = new()
    g.apply("Ben: creeper Zombie")
    g.edit(creepers={2: Counter({"Zombie": 3})})             # all 4 Zombies are on the table now
    refused(copy_of(g), "Cat: creeper Zombie", "fluxx.card-count")
    g.apply("Ben: draw ?")
    refused(copy_of(g), "Ann: draw Zombie", "fluxx.card-count")
    g.apply("Ann: draw ?")
    g.edit(trash=[*g.trash, "Shotgun"])                          # the only Shotgun is out of the game
    refused(copy_of(g), 'Ann: play "Everybody Gets 1" draw ? ? ? give Shotgun to Ben', "fluxx.card-count")
    g.edit(discard=[*g.discard, "Lumber"])                         # the only Lumber was discarded by name
    refused(copy_of(g), 'Ann: play "Exchange Keepers" discard Lumber', "fluxx.card-count")
    g.apply('Ann: play "Exchange Keepers" discard Shovel')   # a copy unaccounted for: accepted
    assert g.discard[-2:] == ["Shovel", "Exchange Keepers"]
    # a discard to the Hand Limit naming a card is held to the same count
    h = new()
    play(h, "Ann: draw ?", 'Ann: play "Hand Limit 2"')
    h.edit(keepers={2: Counter({"Hunting Knife": 1})})       # the only Hunting Knife, in front of Cat
    refused(copy_of(h), 'Ben: discard "Hunting Knife"', "fluxx.card-count")
    h.apply("Ben: discard Shovel")
    assert h.discard[-1] == "Shovel"


def test_ruling_21_the_known_top_card_is_the_next_draw_by_name_or_question_mark():
    def quartet_on_top() -> Game:
        g = new()
        g.first_round = False
        g.others = ["Zombie Season"]
        g.edit(creepers={0: Counter({"Zombie Quartet": 1})})
        play(g, "Ann: draw ?", "Ann: play Coffee", 'Ann: kill "Zombie Quartet" with bare-hands', "Ann: end")
        assert state(g)["top"] == ["Zombie Quartet"]
        return g

    g = quartet_on_top()
    e = refused(g, "Ben: draw Donuts", "fluxx.ruling.quartet-written-in")
    assert "Zombie Quartet" in e.message
    assert g.apply('Ben: draw "Zombie Quartet" ?').text == 'Ben: draw "Zombie Quartet" ?'
    assert g.drawn == 1 and g.top == []
    g = quartet_on_top()
    assert g.apply("Ben: draw ?").text == 'Ben: draw "Zombie Quartet"'
    assert state(g)["owes"]["draws"] == 1              # the Quartet did not count
    refused(g, "Ben: end", "fluxx.ruling.draws-before-plays")
    g = quartet_on_top()
    g.edit(rules={"draw": "Draw 2"})
    applied = g.apply("Ben: draw ? ? ?")                # the Quartet, then the two owed
    assert applied.text == 'Ben: draw "Zombie Quartet" ? ?' and g.drawn == 2
    g = quartet_on_top()                                # an Action's draw takes it too
    g.apply("Ben: draw \"Zombie Quartet\" ?")
    g.edit(top=[*g.top, "Zombie Quartet"])                      # (as if killed again)
    g.edit(creepers={1: Counter()})
    g.pile += 1
    applied = g.apply("Ben: play \"Draw 2 and Use 'em\" draw ? ? ?")
    assert applied.text.startswith("Ben: play \"Draw 2 and Use 'em\" draw \"Zombie Quartet\" ? ?")
    assert g.creepers[1] == Counter({"Zombie Quartet": 1}) and g.top == []


def test_ruling_22_give_to_oneself_is_illegal_not_malformed():
    g = new()
    g.apply("Ann: draw ?")
    refused(g, 'Ann: play "Everybody Gets 1" draw ? ? ? give ? to Ann', "fluxx.ruling.action-effects")


def test_ruling_23_an_unknown_card_in_a_record_names_the_card_line_that_defines_it():
    from referee.errors import DefinitionNeeded

    text = HEADER + 'Ann: draw ?\nAnn: play "The Car"\n'
    result = replay_record(parse_record(text))
    assert isinstance(result.error, DefinitionNeeded) and result.error.exit_code == 2
    assert result.error.line == 4 and result.error.name == "The Car"
    assert 'card "The Car" type=TYPE' in result.error.message
    typo = replay_record(parse_record(HEADER + "Ann: draw ?\nAnn: play Cofee\n")).error
    assert (typo.name, typo.near) == ("Cofee", "Coffee") and "did you mean 'Coffee'?" in typo.message
    fixed = HEADER + 'Ann: draw ?\ncard "The Car" type=keeper\nAnn: play "The Car"\n'
    result = replay_record(parse_record(fixed))
    assert result.error is None and result.game.keepers[0] == Counter({"The Car": 1})


def test_ruling_23_card_lines_join_the_deck_and_never_change_a_known_card():
    g = new()
    pile = g.pile
    applied = g.apply('card  "Tin Whistle"  type=keeper weapon=true count=2')
    assert applied.text == 'card "Tin Whistle" type=keeper count=2 weapon=true'
    assert g.pile == pile + 2 and g.composition["Tin Whistle"] == 2
    assert g.apply(applied.text).notes == ["Tin Whistle is already known with these data: nothing changes"]
    assert g.pile == pile + 2
    g.apply("card Shotgun type=keeper kills=1")         # the built-in data, said again
    for line, words in [("card Shotgun type=keeper", "cannot change"),
                        ('card "Tin Whistle" type=keeper weapon=true', "cannot change"),
                        ("card Axe type=keeper zombie=1", "takes no field zombie"),
                        ("card Axe type=keeper kills=1 kills=2", "given twice"),
                        ("card Axe kills=1", "type=... is required"),
                        ("card Axe type=keeper kills = 1", "no spaces around ="),
                        ('card Trip type=goal needs=["Nowhere"]', "not a Keeper or Creeper"),
                        ("card Trip type=goal needs=Coffee", "list in brackets"),
                        ("card ? type=keeper", "bad card name"),
                        ('card Axe type=keeper text="sharp; heavy"', "cannot hold ';'")]:
        with pytest.raises(BadInputError, match=words):
            copy_of(g).apply(line)
    # the record replays anywhere: the card lines are in it
    g2 = new()
    g2.apply(applied.text)
    assert g2.cat.card("tin whistle").weapon and g2.pile == g.pile
    assert new().cat.find("Tin Whistle") is None        # no game's catalogue leaked into another


def test_ruling_23_goals_and_ungoals_count_zombies_as_the_cards_show_them():
    g = new()
    g.first_round = False
    play(g, 'card "Horde at the Door" type=ungoal needs=[] table_zombies_min=6',
         'card "Zombie Whisperer" type=goal zombies_min=3')
    assert g.cat.card("Zombie Whisperer").needs == ()  # a zombie condition given: no card needed
    g.edit(creepers={0: Counter({"Zombie Trio": 1})})
    g.edit(creepers={1: Counter({"Pair of Zombies": 1})})
    play(g, "Ann: draw ?", 'Ann: play "Zombie Whisperer"')
    assert (g.winner, g.ending) == ("Ann", "goal")     # a Trio is 3 Zombies
    g = new()
    g.first_round = False
    g.apply('card "Horde at the Door" type=ungoal needs=[] table_zombies_min=6')
    g.edit(creepers={0: Counter({"Zombie Trio": 1})})
    g.edit(creepers={1: Counter({"Pair of Zombies": 1})})
    play(g, "Ann: draw ?", 'Ann: play "Horde at the Door"')
    assert not g.over                                  # 5 on the table
    g.apply("Ann: end")
    g.apply("Ben: draw Zombie ?")                      # the sixth, in front of Ben
    assert (g.winner, g.ending) == ("zombies", "ungoal")
    g = new(Zombies="out")
    g.apply('card "Horde at the Door" type=ungoal needs=[] table_zombies_min=6')
    play(g, "Ann: draw ?", 'Ann: play "Horde at the Door"')
    assert not g.over                                  # without the Zombies it is never met


# -- apply is atomic without a deep copy (issue 26) --------------------------------------------

_SETUP = ("cat", "composition", "players", "_index", "notes_tags")  # no event changes them in place


def _state(game: Game) -> dict:
    """Every attribute of ``game`` deep-copied, the catalogue aside."""
    import copy

    return {k: copy.deepcopy(v) for k, v in game.__dict__.items() if k != "cat"}


def _live(game: Game) -> dict:
    """Every attribute of ``game`` as it is, the catalogue aside: compared with an
    earlier :func:`_state` (no second deep copy needed to compare)."""
    return {k: v for k, v in game.__dict__.items() if k != "cat"}


def test_a_refusal_found_part_way_through_an_event_undoes_what_it_had_changed():
    """`Ann: end` before her first draw is refused only after the event has left the
    first round: the snapshot apply took first puts the first round back."""
    g = new(cards=None)
    before = _state(g)
    refused(g, "Ann: end", "fluxx.ruling.draws-before-plays")
    assert _state(g) == before and g.first_round
    assert g.to_json()["owes"]["draws"] == 0


def test_an_event_that_raises_after_its_changes_leaves_the_whole_game_as_it_was(monkeypatch):
    """Make every event raise after all its changes (when its draft is settled into a
    position, the last thing a step does) and the game must still be exactly as it was,
    for every event met in random play."""
    import random

    from referee.games.fluxx.state import State

    class Late(Exception):
        pass

    settle = State.settle

    def late(s):
        settle(s)
        raise Late

    verbs: set[str] = set()
    for seed, players in ((1, "Ann, Ben"), (2, "Ann, Ben, Cat, Dan, Eve"), (3, "Ann, Ben, Cat")):
        rng = random.Random(seed)
        g = new(players, cards=None)
        for _ in range(120):
            legal = g.legal_events()
            if not legal:
                break
            pick = rng.choice(legal).text
            before = _state(g)
            monkeypatch.setattr(State, "settle", late)
            with pytest.raises(Late):
                g.apply(pick)
            monkeypatch.undo()
            assert _live(g) == before, pick
            assert g.apply(pick).text == pick
            verbs.add(pick.split(":")[1].split()[0])
    assert {"draw", "play", "discard", "end"} <= verbs


def test_every_container_of_every_position_refuses_changes_and_a_step_leaves_its_position_alone():
    """Every container of a position (lists, dicts, Counters, hands and the Counters
    inside them) is read-only, so a value worked out from a position cannot go stale:
    changing one in place raises TypeError; ``copy.deepcopy(game)`` shares the position;
    ``edit`` makes a new one (frozen too); and a step leaves the position it came from
    equal to a plain copy taken before: checked at every position of random play."""
    import copy
    import random

    from referee.games.fluxx.frozen import FrozenCounter, FrozenDict, FrozenHand, FrozenList
    from referee.games.fluxx.state import _COUNTERS, _DICTS, _LISTS, _SEATS

    def plain(v):
        return isinstance(v, (int, str, float, type(None), frozenset)) or (
            isinstance(v, tuple) and all(plain(x) for x in v))

    def frozen(s):
        for key in _LISTS + ("players",):
            assert type(getattr(s, key)) is FrozenList, key
        for key in _DICTS:
            assert type(getattr(s, key)) is FrozenDict, key
        for key in _COUNTERS:
            assert type(getattr(s, key)) is FrozenCounter, key
        for key in _SEATS:
            assert type(getattr(s, key)) is FrozenList, key
        assert all(type(h) is FrozenHand and type(h.known) is FrozenCounter for h in s.hands)
        assert all(type(c) is FrozenCounter for c in (*s.keepers, *s.creepers))
        assert all(h.size == h.unknown + sum(h.known.values()) for h in s.hands)

    def snapshot(s):   # plain copies of every container
        return {k: ([(dict(h.known), h.unknown) for h in v] if k == "hands" else
                    [dict(c) for c in v] if k in ("keepers", "creepers") else
                    copy.copy(list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v))
                for k, v in vars(s).items() if k not in ("cat", "names") and not k.startswith("_")}  # memos aside

    rng = random.Random(6)
    g = new("Ann, Ben, Cat, Dan", cards=None)
    for _ in range(300):
        s = g.state
        frozen(s)
        for key in vars(s):
            assert key in _LISTS + _DICTS + _COUNTERS + _SEATS + ("cat", "names", "players", "_met", "_pushed", "_kills") or plain(
                getattr(s, key)), key
        with pytest.raises(TypeError, match="never changed in place"):
            s.discard.append("Coffee")
        with pytest.raises(TypeError, match="never changed in place"):
            s.keepers[0]["Coffee"] = 1
        with pytest.raises(TypeError, match="never changed in place"):
            s.hands[0].known["Coffee"] = 1
        with pytest.raises(TypeError, match="never changed in place"):
            s.hands[0].unknown = 9
        with pytest.raises(TypeError, match="never changed in place"):
            s.rules["draw"] = "Draw 2"
        before = snapshot(s)
        assert copy.deepcopy(g).state is s
        legal = g.legal_events()
        if not legal:
            break
        g.apply(rng.choice(legal).text)
        assert snapshot(s) == before      # the step made a new position and left this one alone
    edited = s.edited(keepers={1: Counter({"Coffee": 2})}, hands={0: (Counter({"Donuts": 1}), 2)},
                      rules={"draw": "Draw 2"}, discard=["Lumber"])
    frozen(edited)
    assert (edited.keepers[1], edited.hands[0].size, edited.rules["draw"], edited.discard) == (
        Counter({"Coffee": 2}), 3, "Draw 2", ["Lumber"])
    assert snapshot(s) == before and edited.keepers[0] == s.keepers[0]
    with pytest.raises(ValueError, match="Zombie is not a Keeper"):    # seen() counts Keepers only there
        s.edited(keepers={0: Counter({"Zombie": 1})})
    with pytest.raises(ValueError, match="Coffee is not a Creeper"):
        s.edited(creepers={0: Counter({"Coffee": 1})})


def test_seen_counts_one_card_as_visible_counts_them_all():
    """``seen(name)`` (the one-name count the checks use) equals ``visible()[name]`` for
    every card at every position of random play."""
    import random

    for seed, players in ((1, "Ann, Ben"), (2, "Ann, Ben, Cat, Dan")):
        rng = random.Random(seed)
        g = new(players, cards=None)
        for _ in range(250):
            v = g.visible()
            assert {c.name: g.seen(c.name) for c in g.cat} == {c.name: v[c.name] for c in g.cat}
            legal = g.legal_events()
            if not legal:
                break
            g.apply(rng.choice(legal).text)


def test_the_values_remembered_in_a_position_equal_those_worked_out_afresh():
    """``pushed()``, ``meeting()`` and the kills the rules give are remembered in a position and carried over by
    the steps that do not change what they depend on: at every position of random play
    (limits and Goals in play, other seats' hands changed by Actions) each equals the
    value worked out afresh, and the remembered values are really used."""
    import random

    hits = {"pushed": 0, "met": 0}
    for seed, players in ((1, "Ann, Ben"), (2, "Ann, Ben, Cat, Dan, Eve"), (3, "Ann, Ben, Cat"), (4, "Ann, Ben, Cat, Dan")):
        rng = random.Random(seed)
        g = new(players, cards=None)
        for _ in range(600):
            s = g.state
            memo = s.__dict__.get("_pushed")
            if memo is not None and memo[0] is s.rules and memo[1] == s.current:
                hits["pushed"] += 1
            assert s.pushed() == s._over_limits()
            assert s._kill_rules() == (sum(r.bare_hand_kills for r in s.rules_in_play()),
                                       sum(r.weapon_kills for r in s.rules_in_play()))
            if s.goal is not None:
                met = s.__dict__.get("_met")
                if met is not None and met[1] is s.keepers and met[2] is s.creepers and met[0] == s.goal:
                    hits["met"] += 1
                assert s.meeting(s.goal) == s._meeting(s.goal)
            legal = g.legal_events()
            if not legal:
                break
            g.apply(rng.choice(legal).text)
    assert hits["pushed"] > 100 and hits["met"] > 100, hits
