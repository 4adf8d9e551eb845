"""The Zombies Want Fluffy engine against real records: exact states, every rejection
at the right line with its rule id, and the rulebook's worked examples."""

from __future__ import annotations

import json

import pytest

from referee.games.fluffy.board import parse_board
from referee.games.fluffy.engine import Game, parse_deck
from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError
from referee.records import parse_record
from referee.replay import replay_record

from .conftest import EXAMPLES, YARD_TEXT, needs_shared

HEADER = '[Game "fluffy"]\n[Deck "F=10 L=4 R=4 B=2 LR=2 FB=2"]\n'


def yard_game(**extra) -> Game:
    return Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": "F=10 L=4 R=4 B=2 LR=2 FB=2", **extra})


def run(events: str, game: Game | None = None) -> Game:
    game = game or yard_game()
    for line in events.strip().splitlines():
        line = line.split(";")[0].strip()
        if line:
            game.apply(line)
    return game


def record(body: str, tmp_path) -> object:
    (tmp_path / "yard.toml").write_text(YARD_TEXT)
    text = '[Game "fluffy"]\n[Board "yard.toml"]\n[Deck "F=10 L=4 R=4 B=2 LR=2 FB=2"]\n' + body
    path = tmp_path / "r.zwf"
    path.write_text(text)
    rec = parse_record(text, path)
    return replay_record(rec)


# The first two turns of the shared escape example: Raimi on the board, tree tagged.
OPENING = """
play F
play F
play L
play F >N
play F
end
draw Raimi ? ? ? ? ?
play L
play F
play F
end
"""


@needs_shared
def test_escape_example_full_state():
    result = replay_record(parse_record((EXAMPLES / "fluffy" / "escape.zwf").read_text(),
                                        EXAMPLES / "fluffy" / "escape.zwf"))
    assert result.error is None
    state = result.game.to_json()
    want = json.loads((EXAMPLES / "fluffy" / "escape.expected.json").read_text())
    for key, value in want.items():
        if isinstance(value, dict):
            assert {k: state[key][k] for k in value} == value, key
        else:
            assert state[key] == value, key
    assert state["zombie_hand"] == {"size": 3, "known": ["B"], "unknown": 2}
    assert [a.text for a in result.applied][3] == "play F >N"
    assert result.applied[11].text == "shamble Raimi"
    assert result.applied[11].notes == ["Raimi turns to face Fluffy (W)", "Raimi moves e4-d4, facing W"]


def test_opening_position():
    g = run(OPENING)
    assert g.fluffy_at == "a4" and g.fluffy_facing == "W" and g.s.tree
    assert g.turn == "zombies" and g.s.pile == 12 and g.hand_size == 2
    assert [(z.name, g.board.sq(z.at), z.facing) for z in g.s.zombies] == [("Raimi", "e4", "S")]


@pytest.mark.parametrize("body, line, rule", [
    # a bounce with two open facings needs one named
    ("play F\nplay F\nplay L\nplay F\n", 7, "fluffy.bounce"),
    # a facing that the bounce cannot reach
    ("play F\nplay F\nplay L\nplay F >E\n", 7, "fluffy.bounce"),
    # a facing named where nothing bounces
    ("play F >N\n", 4, "fluffy.ruling.bounce-facing-needed"),
    # a choice card's movement must be one of its two
    ("play LR:F\n", 4, "fluffy.movement"),
    # more of a card than the deck holds (B=2)
    ("deal LR LR F F F\nplay LR:L\nplay LR:R\nplay LR:L\n", 7, "fluffy.hand"),
    ("play LR:L\nplay LR:R\nplay LR:L\n", 6, "fluffy.deck"),
    ("deal B B F F F\nplay F\nplay F\nend\ndraw B\n", 8, "fluffy.deck"),
    # Fluffy's hand holds five: no drawing on the first turn
    ("draw ?\n", 4, "fluffy.hand"),
    # ending a turn with no card played
    ("end\n", 4, "fluffy.fluffy-turn"),
    # zombie-turn events in Fluffy's turn
    ("shamble\n", 4, "fluffy.turns"),
    # snag: nothing played yet
    ("snag\n", 4, "fluffy.ruling.snag-window"),
    # snag after the next play has been made is too late? (window closes at end of turn)
    ("play F\nend\ndraw ?\nsnag\n", 7, "fluffy.ruling.snag-window"),
    # sprint: no zombie on the board
    ("play F\nplay F\nplay L\nplay F >N\nplay F\nsprint\n", 9, "fluffy.ruling.sprint-conditions"),
    # deal is only the first event
    ("play F\ndeal F F F F\n", 5, "fluffy.setup"),
    # two discards in a turn
    ("play F\nend\ndiscard\ndiscard\n", 7, "fluffy.discard"),
    # a draw after a play
    ("play F\nend\ndraw ?\nplay F\ndraw ?\n", 8, "fluffy.ruling.refill-first"),
    # play before the refill is complete
    ("play F\nend\nplay F\n", 6, "fluffy.draw"),
    # a zombie card drawn twice
    ("play F\nend\ndraw Raimi Raimi\n", 6, "fluffy.zombie-cards"),
])
def test_illegal_events_rejected_at_their_line(tmp_path, body, line, rule):
    result = record(body, tmp_path)
    assert result.error is not None
    assert (result.error.line, result.error.rule) == (line, rule)
    assert isinstance(result.error, IllegalEventError)


@pytest.mark.parametrize("events, bad, rule", [
    ("", "play F Raimi", "fluffy.shamble"),            # the zombies shamble first
    ("", "end", "fluffy.shamble"),
    ("shamble", "shamble", "fluffy.shamble"),
    ("shamble", "play F George", "fluffy.zombie-movement"),   # George is not on the board
    ("shamble", "play F Raimi Raimi", "fluffy.zombie-movement"),
    ("shamble\nplay F\nplay B\nplay F", "play F", "fluffy.zombie-turn"),  # four cards
    ("", "discard F", "fluffy.shamble"),
    ("shamble", "play LR Raimi", "fluffy.zombie-movement"),  # a choice card needs a choice
    ("shamble", "play F Raimi:L", "fluffy.movement"),
    ("shamble", "snag", "fluffy.turns"),
    ("shamble", "sprint", "fluffy.turns"),
    ("shamble", "draw ?", "fluffy.turns"),
])
def test_illegal_zombie_events(events, bad, rule):
    g = run(OPENING + events)
    before = g.to_json()
    with pytest.raises(IllegalEventError) as err:
        g.apply(bad)
    assert err.value.rule == rule
    assert g.to_json() == before  # nothing applied


def test_zombie_hand_limit_blocks_snag():
    # the zombie player holds its five dealt cards: no snag while it holds five
    g = run("play F")
    with pytest.raises(IllegalEventError) as err:
        g.apply("snag")
    assert err.value.rule == "fluffy.snag"


def test_snag_takes_the_card_just_played():
    g = run(OPENING + "shamble\nplay F\nend\ndraw ? ? ?\nplay B")
    assert g.s.zombie_hand.size == 4
    g.apply("snag")
    assert g.s.zombie_hand.known_list() == ["B"]
    with pytest.raises(IllegalEventError) as err:
        g.apply("snag")  # only once
    assert err.value.rule == "fluffy.ruling.snag-window"
    g.apply("play R")
    # the zombie player now holds five: no further snag
    with pytest.raises(IllegalEventError) as err:
        g.apply("snag")
    assert err.value.rule == "fluffy.snag"


def test_unknown_verb_and_card_are_bad_input():
    g = yard_game()
    for bad in ("jump", "play X", "play F >Q", "draw Zed", "shamble Bob"):
        with pytest.raises(BadInputError):
            g.apply(bad)


def test_choice_needed_lists_completions():
    g = run("play F\nplay F\nplay L")
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("play F")
    assert [o.text for o in need.value.options] == ["play F >S", "play F >N"]
    g2 = yard_game()
    with pytest.raises(ChoiceNeeded) as need:
        g2.apply("play LR")
    assert [o.text for o in need.value.options] == ["play LR:L", "play LR:R"]
    assert "e1-d1" in need.value.options[0].description


def zombie_bounce_facings(map_text: str, square: str, facing: str) -> list[str]:
    """The facings offered when a zombie alone on ``square`` facing ``facing`` is moved
    forward by the zombie player and bounces (Fluffy stands out of the way on a3)."""
    from referee.games.fluffy.engine import Zombie
    from referee.grid import parse_square

    text = (f'name = "t"\nmap = """\n{map_text.strip()}\n"""\n[graves]\n'
            'George = "a1"\nRomero = "b1"\nCampbell = "a3"\nRaimi = "e3"\n')
    g = Game.from_tags({"Board": "t", "BoardText": text, "Deck": "F=30"})
    g.s.zombies = (Zombie("Raimi", parse_square(square), facing),)
    g.s.fluffy, g.s.turn, g.s.shambled = parse_square("a3"), "zombies", True
    with pytest.raises(ChoiceNeeded) as need:
        g.apply("play F Raimi")
    return [o.text.rsplit(">", 1)[1] for o in need.value.options]


def test_rulebook_gate_bounce_faces_east_or_west():
    """BOUNCING: a zombie hitting the gate at the bottom centre may face only the left or
    the right edge, never turn about to the north."""
    assert zombie_bounce_facings("""
+-+-+-+-+-+
|T . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . F . .|
+-+-+=+-+-+
""", "c1", "S") == ["E", "W"]


def test_rulebook_west_edge_bounce_faces_east_or_north():
    """BOUNCING: heading south along the west edge at the bottom, a zombie may face east
    (a quarter turn left) or north (a half turn right)."""
    assert zombie_bounce_facings("""
+-+-+-+-+-+
|T . . . .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . . . F|
+-+-+-+-+=+
""", "a1", "S") == ["E", "N"]


def test_rulebook_seven_point_game(tmp_path):
    """MATCH PLAY: tree tagged, escape, two zombies on the board and one destroyed by the
    flower: 7 points."""
    body = OPENING + """
shamble                 ; Raimi d4 facing W
play B Raimi            ; e4 facing E
play R Raimi            ; e3 facing S
play F Raimi            ; e2
end
draw ? ? ?
play B                  ; b4
play R                  ; b3
play F                  ; b2
play F                  ; b1
play L                  ; c1 facing E
sprint                  ; d1
end
shamble                 ; Raimi treads on the flower at e1
end                     ; ... and is destroyed
draw George Romero ? ? ? ? ?
play F                  ; e1
play R                  ; through the gate
"""
    result = record(body, tmp_path)
    assert result.error is None, result.error
    state = result.game.to_json()
    assert state["destroyed"] == ["Raimi"]
    assert [z["name"] for z in state["zombies"]] == ["George", "Romero"]
    assert (state["winner"], state["ending"]) == ("fluffy", "escape")
    assert state["score"] == {"tree": 1, "zombies": 3, "dawn": 0, "escape": 3, "total": 7}


def test_zombie_blocks_zombie_and_fluffy_is_captured():
    g = run(OPENING + "shamble\nend\ndraw George ? ? ?\nplay B\nplay R\nplay R\nend")
    # Fluffy: a4 W -> B: b4 E -> R: b3 S (George's grave: between George's legs) -> R: a3 W
    assert g.fluffy_at == "a3"
    applied = g.apply("shamble Raimi George")  # George b3 shares Fluffy's row: turns W, catches him
    assert applied.notes == ["George turns to face Fluffy (W)", "Raimi moves d4-c4, facing W",
                             "George moves b3-a3, facing W", "George catches Fluffy at a3: the zombies win",
                             "Fluffy scores 3"]
    assert (g.s.winner, g.s.ending) == ("zombies", "capture")
    with pytest.raises(IllegalEventError) as err:
        g.apply("end")
    assert err.value.rule == "fluffy.game-over"


def test_fluffy_ending_turn_on_a_zombie_is_captured():
    g = run(OPENING + "shamble\nplay F Raimi\nplay F Raimi\nend\ndraw ? ? ?\nplay B")
    assert g.fluffy_at == "b4" and g.board.sq(g.s.zombies[0].at) == "b4"
    g.apply("end")
    assert g.s.ending == "capture" and g.s.winner == "zombies"


def test_zombie_rising_on_fluffy_does_not_capture_at_once():
    g = run("play F\nplay F\nplay L\nplay F >N\nplay F\nend\ndraw ? ? ? ? ?\nplay R\nend")
    assert g.fluffy_at == "e4"  # Raimi's grave
    g.apply("draw Raimi ?")
    assert not g.over and g.board.sq(g.s.zombies[0].at) == "e4"
    g.apply("play B")  # leaves the grave: safe
    assert g.fluffy_at == "d4"
    g.apply("end")
    assert not g.over and g.turn == "zombies"


def test_set_aside_zombie_placed_at_start_of_fluffy_turn():
    g = run(OPENING + """
shamble                 ; Raimi d4 W
play F Raimi            ; c4
play L Raimi >W         ; south across the bug: bounces, faces W
play F Raimi            ; b4
end
draw ? ? ?
play B                  ; b4, between Raimi's legs
play R                  ; b3
play F                  ; b2
end
shamble                 ; Raimi sees Fluffy down file b: b3, George's grave
end
draw George ? ? ?       ; the grave is taken: George is set aside
""")
    assert g.s.aside == ("George",) and [z.name for z in g.s.zombies] == ["Raimi"]
    g.apply("play F")       # b1
    g.apply("end")
    g.apply("shamble")      # Raimi b3 -> b2: the grave is free
    applied = g.apply("end")
    assert applied.notes == ["George, set aside, rises at b3 facing S"]
    assert g.s.aside == () and [(z.name, g.board.sq(z.at)) for z in g.s.zombies] == [("Raimi", "b2"), ("George", "b3")]


def test_shamble_column_sight_blocked_by_bug():
    # Fluffy in column c below the bug (c3/c4); a zombie at c4 does not see him.
    g = yard_game()
    from referee.games.fluffy.engine import Zombie
    g.s.zombies = (Zombie("Raimi", (2, 3), "E"),)
    g.s.fluffy = (2, 1)
    g.s.turn = "zombies"
    applied = g.apply("shamble")
    # no turn towards Fluffy: it moves east
    assert g.board.sq(g.s.zombies[0].at) == "d4" and applied.notes == ["Raimi moves c4-d4, facing E"]


def test_shamble_column_sight_through_walls():
    g = yard_game()
    from referee.games.fluffy.engine import Zombie
    g.s.zombies = (Zombie("Raimi", (2, 0), "E"),)  # c1, wall to its north at c1/c2
    g.s.fluffy = (2, 2)
    g.s.turn = "zombies"
    with pytest.raises(ChoiceNeeded) as need:   # turned N to face Fluffy, bounced off the wall
        g.apply("shamble")
    assert [o.text for o in need.value.options] == ["shamble Raimi>W", "shamble Raimi>E"]
    g.apply("shamble Raimi >E")
    z = g.s.zombies[0]
    assert (g.board.sq(z.at), z.facing) == ("c1", "E")


def test_flower_destroys_at_end_of_turn_even_after_leaving():
    g = yard_game()
    from referee.games.fluffy.engine import Zombie
    g.s.zombies = (Zombie("Raimi", (4, 1), "S"),)  # e2 facing S
    g.s.fluffy = (0, 3)
    g.s.facing = "N"
    g.s.turn = "zombies"
    g.apply("shamble")  # a4 is neither its row nor its column: e1, the flower
    assert g.board.sq(g.s.zombies[0].at) == "e1"
    g.apply("play F Raimi>W")   # gate below: bounce; W (d1) or N (e2)
    g.apply("play F Raimi")     # d1: left the flower
    g.apply("end")
    assert g.s.zombies == () and g.s.destroyed == ("Raimi",)
    assert g.score()["zombies"] == 1


def test_running_out_dawn_and_bladder():
    small = "F=6 L=4"  # 10 dealt, 0 + 4 zombies in the pile
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": small})
    assert g.s.pile == 4
    # first turn: e1 N: F e2, F e3, L d3 W, F bounce >N, F d4
    for e in ["play F", "play F", "play L", "play F >N", "play F", "end"]:
        g.apply(e)
    with pytest.raises(IllegalEventError) as err:
        g.apply("draw ?")
    assert err.value.rule == "fluffy.ruling.unknown-cards"
    g.apply("draw Raimi George Romero Campbell")  # only zombie cards were left
    assert g.s.pile == 0 and g.hand_size == 0
    assert [z.name for z in g.s.zombies] == ["Raimi", "George", "Romero", "Campbell"]
    with pytest.raises(IllegalEventError) as err:
        g.apply("play F")
    assert err.value.rule == "fluffy.hand"
    # no card to play: the turn ends with the pile and the hand empty, the tree untagged
    g.apply("end")
    assert (g.s.winner, g.s.ending) == ("zombies", "bladder")


def test_bladder_explosion():
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": "F=7 L=4"})
    assert g.s.pile == 5
    for e in ["play F", "play F", "play F", "play L", "end", "draw ? Raimi George Romero Campbell"]:
        g.apply(e)
    g.apply("play F")  # c4
    g.apply("play F")  # b4: the last card; pile empty
    g.apply("end")
    assert (g.s.winner, g.s.ending) == ("zombies", "bladder")


def test_dawns_early_light():
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": "F=8 L=3 B=2"})
    # pile: 13 - 10 + 4 = 7: three movement cards and the four zombie cards
    for e in ["play F", "play F", "play F", "play L", "play F", "end",   # e4 W -> d4 -> c4
              "draw ? ? Raimi ? George Romero Campbell"]:
        g.apply(e)
    assert g.s.pile == 0 and g.hand_size == 3
    for e in ["play F", "play F", "play B"]:     # b4, a4 (the tree), back to b4
        g.apply(e)
    assert g.s.tree and g.fluffy_at == "b4"
    g.apply("end")
    assert (g.s.winner, g.s.ending) == ("fluffy", "dawn")
    assert g.score()["dawn"] == 1


def test_gate_is_a_wall_before_the_tree():
    g = yard_game()
    with pytest.raises(ChoiceNeeded):
        g.apply("play B")  # south from e1: the gate bounces Fluffy (W or N open)
    g.apply("play B >W")
    assert g.fluffy_at == "e1" and g.fluffy_facing == "W"


def test_variants_change_rules():
    g = yard_game(HandSize="6")
    assert g.hand_size == 6 and g.s.pile == 24 - 11 + 4
    g = run(OPENING, yard_game(ZombieMoves="some"))
    g.apply("shamble")
    assert g.apply("play F Raimi").text == "play F Raimi"


def test_bad_setup_is_bad_input():
    with pytest.raises(BadInputError):
        Game.from_tags({"Board": "default", "Colour": "red"})
    with pytest.raises(BadInputError):
        parse_deck("F=2")
    with pytest.raises(BadInputError):
        parse_deck("Q=10")


def test_board_errors_name_line_and_column():
    bad = YARD_TEXT.replace("|. . .|. .|", "|. . .|. X|")
    with pytest.raises(BadInputError) as err:
        parse_board(bad)
    assert "line 6, column 10" in err.value.message and "'X'" in err.value.message
    with pytest.raises(BadInputError) as err:
        parse_board(YARD_TEXT.replace("+-+-+-+-+=+", "+-+-+=+-+-+"))
    assert "under the flower" in err.value.message
    with pytest.raises(BadInputError) as err:
        parse_board(YARD_TEXT.replace('Raimi = "e4"', 'Raimi = "b3"'))
    assert "shares its square" in err.value.message and "line 18" in err.value.message
    with pytest.raises(BadInputError) as err:
        parse_board(YARD_TEXT.replace("|T . . . .|", "|. . . . .|"))
    assert "no tree" in err.value.message


def test_legal_events_match_apply():
    g = run(OPENING)
    texts = [e.text for e in g.legal_events()]
    assert texts == ["shamble Raimi"]
    g.apply("shamble")
    legal = {e.text for e in g.legal_events()}
    assert "play F Raimi" in legal and "end" in legal and "play LR Raimi:L" in legal
    assert not any(t.startswith("shamble") for t in legal)


def test_known_cards_are_counted_against_the_deck():
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": "F=4 L=7"})
    with pytest.raises(IllegalEventError) as err:
        g.apply("deal F F F F F")
    assert err.value.rule == "fluffy.deck" and "only 4 F" in err.value.message
    g.apply("deal F F F L L")
    g.apply("play F")
    g.apply("end")
    g.apply("draw F")          # the fourth F
    with pytest.raises(IllegalEventError) as err:
        g.apply("play LR")     # not in this deck at all
    assert err.value.rule == "fluffy.hand"


# -- the designer's variants and handicaps (DESIGNER'S NOTES, NOTES ON GAME PLAY) --------

def test_variant_hand_size_changes_deal_refill_and_limit():
    g = yard_game(HandSize="4")
    assert g.hand_size == 4 and g.s.pile == 24 - 9 + 4
    run("play F\nplay F\nend", g)
    g.apply("draw ? ?")
    with pytest.raises(IllegalEventError) as err:
        g.apply("draw ?")
    assert err.value.rule == "fluffy.hand" and "(4 cards)" in err.value.message
    assert yard_game().s.pile == 18  # the rule: five each


def test_variant_some_zombies_moves_only_those_listed():
    events = OPENING + "shamble\nend\ndraw Campbell ? ? ?\nplay B\nend\nshamble Campbell>E"
    g = run(events, yard_game(ZombieMoves="some"))
    assert {z.name: g.board.sq(z.at) for z in g.s.zombies} == {"Raimi": "c4", "Campbell": "a1"}
    g.apply("play F Campbell")
    assert {z.name: g.board.sq(z.at) for z in g.s.zombies} == {"Raimi": "c4", "Campbell": "b1"}
    # the rule: a zombie card moves every zombie, the listed ones first
    normal = run(events)
    normal.apply("play F Campbell")
    assert normal.board.sq(normal.s.zombies[0].at) == "b4" and normal.s.ending == "capture"


def test_variant_fluffy_hand_open_needs_named_cards():
    g = yard_game(FluffyHand="open")
    with pytest.raises(IllegalEventError) as err:
        g.apply("play F")
    assert err.value.rule == "fluffy.variant.fluffy-hand-open"
    g.apply("deal F F L R B")
    g.apply("play F")
    g.apply("end")
    with pytest.raises(IllegalEventError) as err:
        g.apply("draw ?")
    assert err.value.rule == "fluffy.variant.fluffy-hand-open"
    g.apply("draw F")
    assert g.to_json()["fluffy"]["known"] == ["B", "F", "F", "L", "R"]


def test_variant_zombie_hand_hidden_hides_snagged_cards():
    events = OPENING + "shamble\nplay F\nend\ndraw ? ? ?\nplay B\nsnag"
    open_game = run(events)
    hidden = run(events, yard_game(ZombieHand="hidden"))
    assert open_game.to_json()["zombie_hand"] == {"size": 5, "known": ["B"], "unknown": 4}
    assert hidden.to_json()["zombie_hand"] == {"size": 5, "known": [], "unknown": 5}
    assert "zombie hand face down" in hidden.variants()


def test_variant_tags_are_checked():
    for tag, value in [("HandSize", "0"), ("HandSize", "x"), ("ZombieMoves", "most"),
                       ("ZombieHand", "shown"), ("OpeningClock", "soon")]:
        with pytest.raises(BadInputError):
            yard_game(**{tag: value})
    assert yard_game(OpeningClock="2m30s").rules.opening_clock == 150


# -- deck counting (issue 14): no [Deck] means no per-card refusals; `deck` corrects ------

def _seen(game: Game, **seen: int) -> None:
    """Count cards as seen already (as if played in earlier turns)."""
    from referee.cards import Tally

    c = game.s.count
    game.s.count = Tally(c.composition, {**c.seen, **seen}, c.guessed)


def test_without_a_deck_tag_counts_are_not_checked():
    g = Game.from_tags({"Board": "default"})
    state = g.to_json()
    assert state["deck_checked"] is False and state["deck"] == 60 - 10 + 4
    _seen(g, F=24)                      # the default mix's 24 Forward cards, all seen
    assert g.apply("play F").notes == ["Fluffy moves l1-l2, facing N"]
    assert g.to_json()["deck_counts"]["F"] == {"deck": 24, "seen": 25, "checked": False}
    assert "play F" in [o.text for o in g.legal_events()]
    assert "deck" not in g.tags()       # exported without a deck: replays unchecked


def test_with_a_deck_tag_the_refusal_says_how_to_correct_it():
    g = yard_game()
    assert g.to_json()["deck_checked"] is True
    _seen(g, F=10)
    with pytest.raises(IllegalEventError) as err:
        g.apply("play F")
    assert err.value.rule == "fluffy.deck"
    assert "[Deck] tag says F=10" in err.value.message and "deck F=11" in err.value.message
    assert "play F" not in [o.text for o in g.legal_events()]


def test_deck_event_corrects_the_counts_going_forward():
    g = yard_game()
    _seen(g, F=10)
    pile = g.s.pile
    applied = g.apply("deck f=12 lr=3")
    assert applied.text == "deck F=12 LR=3"
    assert g.s.pile == pile + 3         # two more F and one more LR still in the pile
    assert g.to_json()["deck_counts"]["F"] == {"deck": 12, "seen": 10, "checked": True}
    g.apply("play F")
    g.apply("play F")
    with pytest.raises(IllegalEventError) as err:
        g.apply("play F")
    assert err.value.rule == "fluffy.deck" and "deck F=13" in err.value.message


def test_deck_event_refused_when_it_would_make_the_record_impossible():
    g = yard_game()
    _seen(g, F=4)
    before = g.to_json()
    with pytest.raises(IllegalEventError) as err:
        g.apply("deck F=3")
    assert err.value.rule == "fluffy.deck-correction"
    with pytest.raises(IllegalEventError) as err:
        g.apply("deck F=4 L=0 R=0 B=0 LR=0 FB=0")   # 4 cards: fewer than the 10 dealt
    assert err.value.rule == "fluffy.deck-correction"
    assert g.to_json() == before
    with pytest.raises(BadInputError):
        g.apply("deck")
    with pytest.raises(BadInputError):
        g.apply("deck F")


def test_deck_event_without_a_deck_tag_checks_the_counts_it_gives():
    g = Game.from_tags({"Board": "default"})
    g.apply("deck F=2")
    state = g.to_json()
    assert state["deck_checked"] is False and state["deck_counts"]["F"]["checked"] is True
    assert state["deck"] == 54 - 22    # the pile is recounted from the new total
    g.apply("play F")
    g.apply("play F")
    with pytest.raises(IllegalEventError) as err:
        g.apply("play F")
    assert err.value.rule == "fluffy.deck"
    _seen(g, B=4)                       # all four B of the default mix
    g.apply("play B")                   # B is still a guess: never refused for its count


def test_deck_event_before_the_deal_and_in_a_record(tmp_path):
    result = record("deck F=12\ndeal F F F F F\nplay F\nplay F\nplay F\n", tmp_path)
    assert result.error is None
    assert [a.text for a in result.applied][0] == "deck F=12"
    assert result.game.to_json()["deck_counts"]["F"] == {"deck": 12, "seen": 5, "checked": True}


def test_blocked_events_name_the_rule():
    g = yard_game()
    blocked = {b.event: b.rule for b in g.blocked_events()}
    assert blocked == {"draw ?": "fluffy.hand", "snag": "fluffy.ruling.snag-window",
                       "sprint": "fluffy.ruling.sprint-conditions", "end": "fluffy.fluffy-turn"}
    g = run(OPENING)
    blocked = {b.event: b.rule for b in g.blocked_events()}
    assert blocked == {"play": "fluffy.shamble", "discard": "fluffy.shamble", "end": "fluffy.shamble"}
    g.apply("shamble")
    assert {b.event: b.rule for b in g.blocked_events()} == {"shamble": "fluffy.shamble"}
    # every blocked event really is refused with that rule
    for b in run(OPENING).blocked_events():
        text = {"play": "play F", "discard": "discard F"}.get(b.event, b.event)
        with pytest.raises(IllegalEventError) as err:
            run(OPENING).apply(text)
        assert err.value.rule == b.rule


def test_legal_events_worst_position_lists_distinct_shambles():
    """Four zombies in a file behind one another facing Fluffy: the shamble orders that
    end differently, each distinct, board order first."""
    from referee.games.fluffy.engine import Zombie
    from referee.grid import parse_square

    g = Game.from_tags({"Board": "default"})
    g.s.zombies = tuple(Zombie(n, parse_square(sq), "N")
                        for n, sq in zip(("George", "Romero", "Campbell", "Raimi"), ("d5", "d4", "d3", "d2")))
    g.s.drawn, g.s.fluffy, g.s.turn = ("George", "Romero", "Campbell", "Raimi"), parse_square("d11"), "zombies"
    orders = g.shamble_orders()
    assert orders[0].text.split()[1].startswith("George")   # board order first
    results = set()
    for o in orders:
        trial = Game.from_tags({"Board": "default"})
        trial.s = g.s.copy()
        trial.apply(o.text)
        results.add(trial.s.zombies)
    assert len(results) == len(orders) > 10
    assert [o.text for o in g.legal_events()] == [o.text for o in orders]


def test_unseen_card_has_a_shell_safe_token():
    """`?` is a shell wildcard: `x` and `_` mean the same unseen card (issue 14)."""
    from referee.games.fluffy.engine import parse_event

    for token in ("?", "x", "X", "_"):
        assert parse_event(f"draw {token} {token}", False).cards == ("?", "?")
