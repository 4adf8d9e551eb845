"""The Zombies Want Fluffy advisor: honest by construction.

Certain captures come out as 1.0, impossible ones as 0.0, exact enumeration is used
where the hands are few, and a forced Monte Carlo estimate lands within its own 95%
interval of the exact value.  Every plan the advisor lists is a legal record line."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from referee.cards import Held
from referee.games.fluffy.advise import advise, distances
from referee.games.fluffy.engine import Game, Zombie
from referee.grid import parse_square
from referee.replay import sample_record, setup

from .conftest import YARD_TEXT

DECK = "F=10 L=4 R=4 B=2 LR=2 FB=2"


def zombies_to_play(fluffy: str, zombie: str, facing: str, hand: Held, shambled: bool = True) -> Game:
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK})
    s = g.s
    s.zombies = (Zombie("Raimi", parse_square(zombie), facing),)
    s.drawn = ("Raimi",)
    s.fluffy, s.turn, s.shambled, s.zombie_hand = parse_square(fluffy), "zombies", shambled, hand
    return g


def test_registered_in_the_spec():
    from referee.games import spec

    assert spec("fluffy").advise == "referee.games.fluffy.advise:advise"
    assert spec("fluffy").load(spec("fluffy").advise) is advise


def test_zombie_next_to_fluffy_with_a_forward_card_captures_for_certain():
    g = zombies_to_play("c3", "c2", "N", Held(("F",), 0))
    a = advise(g)
    top = a.options[0]
    assert (top.probability, top.low, top.high) == (1.0, 1.0, 1.0)
    assert a.best == "high" and a.method.startswith("exact")
    assert top.plan == "play F Raimi" and top.extra["checked"]
    trial = copy.copy(g)
    for event in top.plan.split("; "):
        trial.apply(event)
    assert trial.s.ending == "capture"


def test_a_zombie_too_far_to_reach_catches_nothing_and_the_replies_limit_fluffy():
    g = zombies_to_play("e4", "a1", "S", Held(("F", "F", "R"), 0))
    a = advise(g)
    assert a.question.startswith("zombies: no reply catches Fluffy this turn")
    assert a.method.startswith("exact: every reply of up to 3 cards, with the cards known to be held")
    assert a.notes[0] == "no play of up to 3 cards catches Fluffy; the nearest zombie is 7 steps away"
    assert a.options and not any(o.extra["catches"] for o in a.options)
    # the known hand: every reply uses its cards only, and holding them is certain
    assert all(Counter(o.extra["cards"]) <= Counter({"F": 2, "R": 1}) for o in a.options)
    assert all(o.probability == 1.0 for o in a.options)
    # ranked most limiting first: Raimi walked up (R then F F: a1-b1-c1-... or north)
    # ends nearer Fluffy than standing still
    top, still = a.options[0], next(o for o in a.options if not o.extra["cards"])
    assert top.extra["nearest_zombie"] < still.extra["nearest_zombie"] == 7
    trial = copy.copy(g)
    for event in top.plan.split("; "):
        trial.apply(event)
    assert trial.turn == "fluffy" and not trial.over


def test_the_chance_is_the_chance_the_hand_holds_the_card():
    # Raimi beside Fluffy but facing away: only a Backward movement (B or FB) catches
    # him with one card; with two cards other ways open.  One unknown card: the chance
    # is exactly (B + FB unseen) / (all unseen).
    g = zombies_to_play("c3", "c2", "S", Held((), 1))
    a = advise(g)
    unseen = 24  # the deck's 24 cards, none seen yet
    assert a.method.startswith("exact: every reply of up to 1 card, against every face-down hand")
    overall = next(n for n in a.notes if n.startswith("chance"))
    assert overall.endswith(f"{4 / unseen:.3f}")
    assert {tuple(o.extra["cards"]) for o in a.options} >= {("B",), ("FB",)}


def test_monte_carlo_lands_within_its_interval_of_the_exact_value():
    """Sampling forced (exact_limit=0) on a position small enough to enumerate: the
    exact chances fall inside the 95% intervals about 95% of the time (ten seeds, nine
    lines each), and the estimates are close."""
    g = zombies_to_play("c3", "c2", "S", Held((), 3))
    exact = advise(g)
    assert exact.method.startswith("exact")
    by_cards = {tuple(o.extra["cards"]): o.probability for o in exact.options}
    assert any(0 < p < 1 for p in by_cards.values())
    inside = total = 0
    for seed in range(10):
        sampled = advise(g, seed=seed, samples=2000, exact_limit=0)
        assert sampled.method.startswith("Monte Carlo: 2000 random face-down hands")
        assert {tuple(o.extra["cards"]) for o in sampled.options} == set(by_cards)
        for o in sampled.options:
            p = by_cards[tuple(o.extra["cards"])]
            inside += o.low <= p <= o.high
            total += 1
            assert abs(o.probability - p) < 0.05
    assert inside / total >= 0.88, (inside, total)


def test_fluffy_options_are_ranked_and_each_plan_is_legal():
    record = sample_record("sample")
    g = setup(record)
    events = [line.text for line in record.events]
    for text in events[:events.index("draw ? ? ? ? ?", 30) + 1]:
        g.apply(text)
    assert g.turn == "fluffy" and g.s.zombies
    a = advise(g, seed=1)
    assert a.best == "low" and a.options
    keys = [(o.probability, o.extra["distance"]) for o in a.options]
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)
    for o in a.options:
        trial = copy.copy(g)
        for event in o.plan.split("; "):
            trial.apply(event)        # legal, complete notation: no choice left open
        assert o.extra["goal"] in ("tree", "gate", "escaped")


def test_fluffy_ending_on_a_zombie_is_a_certain_capture():
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK})
    g.s.zombies = (Zombie("Raimi", parse_square("e2"), "S"),)
    g.s.drawn = ("Raimi",)
    g.s.fluffy_hand = Held(("F",), 0)
    g.s.fluffy, g.s.facing, g.s.pile = parse_square("e1"), "N", 0
    a = advise(g)
    # onto Raimi's square (caught as his turn ends), or sprinting on to e3 (Raimi turns
    # and steps onto him in the shamble): both certain
    assert sorted((o.plan, o.probability) for o in a.options) == [("play F; end", 1.0),
                                                                    ("play F; sprint; end", 1.0)]


def test_distances_by_breadth_first_search():
    g = Game.from_tags({"Board": "default"})
    board = g.board
    to_tree = distances(board, board.tree)
    assert to_tree[board.tree] == 0 and to_tree[board.flower] >= 11 + 11
    to_gate = distances(board, None, through_gate=True)
    assert to_gate[board.flower] == 1


@pytest.mark.parametrize("n", [0, 60, 118])
def test_advice_on_sample_positions_is_well_formed(n):
    record = sample_record("sample")
    g = setup(record)
    for line in record.events[:n]:
        g.apply(line.text)
    a = advise(g, seed=2)
    data = a.to_json()
    assert data["game"] == "fluffy" and data["method"]
    for o in data["options"]:
        assert 0 <= o["low"] <= o["probability"] <= o["high"] <= 1


def test_chance_fluffy_holds_the_unseen_cards_a_plan_needs():
    from math import comb

    from referee.games.fluffy.advise import _holds_chance

    pool = {"F": 10, "L": 4, "R": 4, "B": 2, "LR": 2, "FB": 2}
    assert _holds_chance(pool, 3, ("B",)) == pytest.approx(1 - comb(22, 3) / comb(24, 3))
    assert _holds_chance(pool, 2, ("B", "F")) == pytest.approx(2 * 10 / comb(24, 2))
    assert _holds_chance(pool, 1, ("B", "F")) == 0.0
    assert _holds_chance(pool, 2, ()) == 1.0


# -- Fluffy's turn: snags, the goal, --plan and --hand (issue 23) ------------------------

def fluffy_to_play(fluffy: str, facing: str, hand: list[str], zombies, zhand: Held, *,
                   tags: dict | None = None, board: str = "yard", tree: bool = False) -> Game:
    """Fluffy to play with an open hand ``hand`` (refilled), ``zombies`` as ``(name,
    square, facing)``, the zombie hand ``zhand``; the test yard and DECK unless ``tags``."""
    base = {"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK} if board == "yard" else {"Board": board}
    g = Game.from_tags({**base, **(tags or {})})
    s = g.s
    s.zombies = tuple(Zombie(n, parse_square(q), f) for n, q, f in zombies)
    s.drawn = tuple(z[0] for z in zombies)
    s.pile -= len(zombies)
    for c in (*hand, *zhand.known):
        s.count = s.count.see(c)
    s.fluffy_hand = Held(tuple(sorted(hand)), 0)
    s.fluffy, s.facing, s.tree, s.zombie_hand, s.drew = parse_square(fluffy), facing, tree, zhand, True
    return g


def _real_capture(g: Game, s, cards: Counter) -> bool:
    """Whether the zombies, holding ``cards``, catch Fluffy from ``s`` (the start of their
    turn): every shamble, then up to three of the cards in every order, every choice and
    bounce facing, on the real board (the engine's own expansions, not the advisor's)."""
    from referee.games.fluffy.notation import Event
    from referee.games.fluffy.rules import Turn, expand_shamble, expand_zombie_play

    r = g.rules

    def search(pos, cards: Counter, left: int) -> bool:
        if left == 0:
            return False
        for c in set(cards.elements()):
            t = Turn(r, pos.copy(), [], Event("zplay"))
            t.s.zombie_hand = Held((c,), 0)
            for _, leaf in expand_zombie_play(t, c):
                if leaf.s.ending == "capture" or search(leaf.s, cards - Counter({c: 1}), left - 1):
                    return True
        return False

    return any(leaf.s.ending == "capture" or search(leaf.s, cards, 3)
               for _, leaf in expand_shamble(Turn(r, s, [], Event("shamble"))))


def brute_force_chance(g: Game, plan: str) -> float:
    """The chance of capture after ``plan`` by brute force: every face-down zombie hand
    (drawn from the unseen cards) times every set of the plan's cards the zombie player
    may snag (room: five less its hand), each tried on the real board."""
    import itertools

    from referee.games.fluffy.advise import exact_hands, unseen_pool

    trial = copy.deepcopy(g)
    played = []
    for event in plan.split("; "):
        if event.startswith("play"):
            played.append(event.split()[1].split(":")[0])
        trial.apply(event)
    s = trial.s
    if s.ending:
        return 1.0 if s.ending == "capture" else 0.0
    zh = g.s.zombie_hand
    room = max(0, 5 - zh.size)
    snags = {tuple(sorted(c)) for n in range(room + 1) for c in itertools.combinations(played, n)}
    total = 0.0
    for hand, p in exact_hands(unseen_pool(g), zh.unknown):
        held = Counter(zh.known) + hand
        if any(_real_capture(g, s, held + Counter(snag)) for snag in snags):
            total += p
    return total


def test_a_snag_that_completes_a_capture_is_certain():
    """Raimi on b1 facing N holds one F (face up, nothing face down): Fluffy ending on b4
    is caught only with two F's (shamble to b2, F to b3, F to b4).  Playing an F on the way
    lets the zombie player snag it: certain capture; the same end reached with an L: none."""
    zombies = [("Raimi", "b1", "N")]
    with_f = fluffy_to_play("b3", "N", ["F", "L", "R", "R", "B"], zombies, Held(("F",), 0))
    a = advise(with_f, plan="play F; end")
    (line,) = a.options
    assert (line.probability, line.low, line.high) == (1.0, 1.0, 1.0)
    assert line.extra["snaggable"] == ["F"] and line.extra["end"] == "b4" and line.extra["exact"]
    assert a.method.startswith("exact: ") and "every snag of the plan's cards (room for 4)" in a.method
    assert brute_force_chance(with_f, "play F; end") == 1.0
    with_l = fluffy_to_play("b3", "E", ["F", "L", "R", "R", "B"], zombies, Held(("F",), 0))
    (line,) = advise(with_l, plan="play L; end").options
    assert (line.probability, line.extra["end"], line.extra["facing"]) == (0.0, "b4", "N")
    # a full zombie hand snags nothing: the F played is safe then
    full = fluffy_to_play("b3", "N", ["F", "L", "R", "R", "B"], zombies, Held(("F",), 4))
    got = advise(full, plan="play F; end")
    assert "no snag (the zombie hand is full)" in got.method
    assert got.options[0].probability == pytest.approx(brute_force_chance(full, "play F; end"))
    assert got.options[0].probability < 1


def test_fluffy_chances_with_snags_equal_brute_force_on_the_real_board():
    """Every risky plan listed, and a few safe ones, against a brute force over every
    face-down hand and every snag, each tried with the engine's own moves."""
    g = fluffy_to_play("c3", "S", ["F", "B", "R", "FB", "L"], [("Raimi", "a1", "E")], Held((), 3))
    a = advise(g)
    assert a.method.startswith("exact: every face-down zombie hand")
    risky = [o for o in a.options if 0 < o.probability < 1]
    assert len(risky) >= 3
    for o in risky[:4] + [o for o in a.options if o.probability == 0][:1]:
        assert o.probability == pytest.approx(brute_force_chance(g, o.plan), abs=1e-12), o.plan
    for plan in ("play F; end", "play FB:B >W; play L; end"):
        got = advise(g, plan=plan).options[0]
        assert got.probability == pytest.approx(brute_force_chance(g, plan), abs=1e-12), plan


def test_fluffy_monte_carlo_lands_within_its_interval_of_the_exact_value():
    g = fluffy_to_play("c3", "S", ["F", "B", "R", "FB", "L"], [("Raimi", "a1", "E")], Held((), 3))
    exact = {o.plan: o.probability for o in advise(g).options}
    assert any(0 < p < 1 for p in exact.values())
    inside = total = 0
    for seed in range(8):
        sampled = advise(g, seed=seed, samples=1500, exact_limit=0)
        assert sampled.method.startswith("Monte Carlo: 1500 random face-down zombie hands")
        for o in sampled.options:
            if o.plan in exact and 0 < exact[o.plan] < 1:
                inside += o.low <= exact[o.plan] <= o.high
                total += 1
                assert abs(o.probability - exact[o.plan]) < 0.06
    assert total >= 16 and inside / total >= 0.85, (inside, total)


CAMPAIGN = [("George", "a12", "S"), ("Romero", "k2", "S"), ("Raimi", "g4", "S"), ("Campbell", "b6", "S")]


def test_issue_c7_the_plan_the_snags_lose_is_no_longer_zero_nor_exact():
    """Issue 23: Fluffy on c7 facing S, open hand F F R B F B, default yard, hand size 6,
    zombies George a12, Romero k2, Raimi g4, Campbell b6 (risen, facing S), the zombie
    player holding three face-down cards (room to snag two).  The plan the old advisor
    called "0%, exact" ends on e5, where Raimi catches Fluffy with snagged cards."""
    g = fluffy_to_play("c7", "S", "F F R B F B".split(), CAMPAIGN, Held((), 3), board="default",
                       tags={"HandSize": "6"})
    plan = "play F; play F >W; play B; play F; play R; end"
    a = advise(g, plan=plan)
    (line,) = a.options
    assert line.extra["end"] == "e5" and line.probability > 0.5
    assert "the zombies may snag 2 of B F F F R" in line.detail
    assert not a.method.startswith("exact") and a.method.startswith("simplified: ")
    assert "zombies that may meet moved as if alone" in a.method   # Raimi and Campbell 7 apart
    listed = advise(g)
    assert listed.options[0].probability == 0 and listed.options[0].plan != plan
    assert all(o.plan != plan for o in listed.options)


def test_issue_l10_an_f_the_zombies_snag_is_counted():
    """Issue 23's second case (its zombies are not given; Romero on his grave i9 facing E,
    holding one F face up and two face down): `play F; play F; end` from l10 facing W ends
    on j10, two steps from Romero, whom a second F (snagged) brings there."""
    g = fluffy_to_play("l10", "W", "F F R B F B".split(), [("Romero", "i9", "E")], Held(("F",), 2),
                       board="default", tags={"HandSize": "6", "Deck": "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"})
    a = advise(g, plan="play F; play F; end")
    (line,) = a.options
    assert line.extra["end"] == "j10" and line.extra["snaggable"] == ["F", "F"]
    assert line.probability == pytest.approx(brute_force_chance(g, "play F; play F; end"), abs=1e-12)
    assert line.probability > 0 and a.method.startswith("exact: ")


def test_issue_c11_tagging_the_tree_with_no_zombie_in_reach_ranks_first():
    """Issue 23: Fluffy on c11 facing W, hand L F LR FR L F (default yard, hand size 6):
    `play F; play F; play LR:R` tags the tree and no zombie can reach it (the nearest,
    Campbell on b6, is 7 steps from a12).  Every plan that tags the tree ranks above every
    plan that stops short of it, whatever the distances."""
    zombies = [("Romero", "k2", "S"), ("Raimi", "g4", "S"), ("Campbell", "b6", "S")]
    g = fluffy_to_play("c11", "W", "L F LR FR L F".split(), zombies, Held((), 3), board="default",
                       tags={"HandSize": "6", "Deck": "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"})
    a = advise(g)
    top = a.options[0]
    assert top.extra["tree"] and top.probability == 0 and top.extra["exact"]
    assert len(a.options) == 15 and all(o.extra["tree"] for o in a.options)   # 1 step short ranks below
    asked = advise(g, plan="play F; play F; play LR:R").options[0]
    assert asked.plan == "play F; play F; play LR:R; end" and asked.extra["end"] == "a12"
    assert (asked.probability, asked.extra["tree"], asked.extra["goal"]) == (0.0, True, "gate")
    assert "tags the tree" in asked.detail


def test_plan_refused_with_its_rule():
    from referee.errors import BadInputError, IllegalEventError

    g = fluffy_to_play("b3", "N", ["F", "L", "R", "R", "B"], [("Raimi", "b1", "N")], Held(("F",), 0))
    with pytest.raises(IllegalEventError) as e:
        advise(g, plan="play F; play LR:L; end")          # no LR in the open hand
    assert e.value.rule == "fluffy.hand"
    with pytest.raises(IllegalEventError) as e:
        advise(g, plan="play F; sprint")                   # cards left: no sprint
    assert e.value.rule == "fluffy.ruling.sprint-conditions"
    with pytest.raises(BadInputError):
        advise(g, plan="play F; end; shamble")
    with pytest.raises(BadInputError):
        advise(g, plan="snag")


def test_hand_names_fluffys_face_down_cards_for_this_question_only():
    from referee.errors import BadInputError

    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK})
    g.apply("deal F")   # one of five dealt cards shown
    before = copy.deepcopy(g.s)
    a = advise(g, hand="F F L R B")
    assert a.options and all(not o.extra["unseen_cards_needed"] for o in a.options)
    assert "Fluffy's hand as given: F F L R B (this question only)" in a.notes
    assert g.s == before                          # nothing stored
    guess = advise(g)
    assert any(o.extra["unseen_cards_needed"] for o in guess.options)
    for bad, why in (("F F L R", "holds 5"), ("L L L L R", "leaves out F"), ("F B B B L", "cannot hold another B"),
                     ("F X L R B", "not a movement card")):
        with pytest.raises(BadInputError, match=why):
            advise(g, hand=bad)


# -- the zombies' turn: --hand, --plan, and the reply that limits Fluffy -----------------

def test_zombie_hand_given_for_this_question_only():
    from referee.errors import BadInputError

    g = zombies_to_play("c3", "c2", "S", Held((), 1))   # Raimi beside Fluffy, facing away
    before = copy.deepcopy(g.s)
    with_b = advise(g, hand="B")
    assert (with_b.options[0].probability, with_b.options[0].extra["cards"]) == (1.0, ["B"])
    assert with_b.method.startswith("exact: every reply of up to 1 card, with the cards known to be held")
    with_f = advise(g, hand="F")     # Forward walks Raimi away: no capture, and nothing stored
    assert with_f.question.startswith("zombies: no reply catches Fluffy this turn")
    assert not any(o.extra["catches"] for o in with_f.options)
    assert g.s == before
    with pytest.raises(BadInputError, match="holds 1"):
        advise(g, hand="B F")


def test_zombie_plan_evaluated_with_the_chance_the_hand_holds_its_cards():
    from referee.errors import IllegalEventError

    g = zombies_to_play("c3", "c2", "S", Held((), 1))
    (line,) = advise(g, plan="play B Raimi").options
    # one face-down card from the 24 unseen: two B's
    assert line.extra["catches"] and line.probability == pytest.approx(2 / 24)
    (miss,) = advise(g, plan="play F Raimi>E; end").options
    assert not miss.extra["catches"] and miss.probability == 0.0 and "does not catch Fluffy" in miss.detail
    with pytest.raises(IllegalEventError) as e:
        advise(g, plan="play F Raimi>E; play F Raimi")    # one card held
    assert e.value.rule == "fluffy.hand"


def test_with_no_capture_the_reply_that_most_limits_fluffy_comes_first():
    """Fluffy on c11 (default yard), the zombies unable to reach him: the replies are
    ranked by the squares they leave him safe next turn; the first leaves no more than any
    other, fewer than doing nothing, and is a legal, complete record line."""
    zombies = [("Romero", "k2", "S"), ("Raimi", "g4", "S"), ("Campbell", "b6", "S")]
    g = fluffy_to_play("c11", "W", "L F LR FR L F".split(), zombies, Held(("F", "F", "R"), 0),
                       board="default", tags={"HandSize": "6", "Deck": "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"})
    g.s.turn = "zombies"
    a = advise(g)
    assert a.question == "zombies: no reply catches Fluffy this turn; the replies that most limit his next turn"
    safe = [o.extra["safe_squares"] for o in a.options]
    assert safe == sorted(safe)
    idle = next(o for o in a.options if o.extra["cards"] == [])
    assert a.options[0].extra["safe_squares"] < idle.extra["safe_squares"]
    trial = copy.deepcopy(g)
    for event in a.options[0].plan.split("; "):
        trial.apply(event)
    assert trial.turn == "fluffy" and not trial.over


def test_the_card_just_played_may_still_be_snagged():
    """Mid-turn, the F Fluffy just played is still in the snag window: with it, Raimi's
    one F becomes two and catches Fluffy on b4; once the window is closed, nothing does."""
    g = fluffy_to_play("b3", "E", ["F", "L", "R", "R"], [("Raimi", "b1", "N")], Held(("F",), 0))
    g.s.plays, g.s.snag = 1, "F"
    g.s.count = g.s.count.see("F")
    (line,) = advise(g, plan="play L; end").options
    assert (line.probability, line.extra["end"], line.extra["snaggable"]) == (1.0, "b4", ["F", "L"])
    g.s.snag = None
    (line,) = advise(g, plan="play L; end").options
    assert (line.probability, line.extra["snaggable"]) == (0.0, ["L"])


def test_hidden_zombie_hand_named_by_hand_is_used():
    g = Game.from_tags({"Board": "yard", "BoardText": YARD_TEXT, "Deck": DECK, "ZombieHand": "hidden"})
    s = g.s
    s.zombies, s.drawn = (Zombie("Raimi", parse_square("c2"), "S"),), ("Raimi",)
    s.fluffy, s.turn, s.shambled, s.zombie_hand = parse_square("c3"), "zombies", True, Held((), 1)
    hidden = advise(g)
    assert 0 < hidden.options[0].probability < 1
    named = advise(g, hand="FB")
    assert (named.options[0].probability, named.options[0].extra["cards"]) == (1.0, ["FB"])
    assert named.method.startswith("exact: every reply of up to 1 card, with the cards known to be held")


def test_zombies_followed_alone_only_where_no_other_can_get_in_the_way():
    from referee.games.fluffy.advise import isolated

    sq = parse_square("f6")
    near = Zombie("Raimi", parse_square("f3"), "N")           # 3 steps: may reach f6 in 4 moves
    assert isolated((near, Zombie("George", parse_square("l12"), "S")), sq, 4)    # 12 steps
    assert isolated((near, Zombie("George", parse_square("a11"), "S")), sq, 4)    # 10 steps from f6
    assert not isolated((near, Zombie("George", parse_square("b4"), "S")), sq, 4)   # 6 = reach + 2 from f6
    assert isolated((Zombie("Raimi", parse_square("a1"), "N"), Zombie("George", parse_square("b1"), "N")), sq, 4)
