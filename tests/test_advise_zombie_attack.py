"""The Zombie Attack advisor (issues 16 and 23): who moves each zombie, the Weapon as
safety, and where the human to move could end her move, on positions whose answers
are known exactly; the exact figures checked against the engine itself by Monte Carlo
(the engine's own walks, chosen the way the advisor assumes), and `referee advise`."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction

from .conftest import CliRunner

from referee.advice import wilson
from referee.cli import app
from referee.games.zombie_attack.advise import advise, reach, zombie_movers
from referee.games.zombie_attack.engine import Game
from referee.grid import parse_square, square_name

runner = CliRunner()


def placed(**squares) -> Game:
    """Two zombies on the front exit (f1) of the default mansion, humans put by hand."""
    game = Game.from_tags({"Players": ", ".join(squares), "Zombies": "2"})
    for player in game.s.players:
        player.at = parse_square(squares[player.name])
    return game


def position(at: dict[str, str], zombies: int, *, turned=(), cards=None, phase="zombies",
             zmover: str | None = None, first: str | None = None) -> Game:
    """A position on the default mansion: ``zombies`` zombies on the front exit f1, the
    players on ``at`` (those in ``turned`` are zombie players), holding ``cards``; in the
    zombie phase with ``zmover`` to move the next zombie, or in the human phase with
    ``first`` holding the First Mover card."""
    game = Game.from_tags({"Players": ", ".join(at), "Zombies": str(zombies)})
    s = game.s
    for p in s.players:
        p.at = parse_square(at[p.name])
        p.human = p.name not in turned
        p.cards = list((cards or {}).get(p.name, []))
    s.phase = phase
    if first is not None:
        s.first = game.seat_of(first)
    if phase == "zombies":
        s.zmover = game.seat_of(zmover)
    return game


def by_human(advice) -> dict:
    return {o.extra["human"]: o for o in advice.options}


# -- the shape of the answer ---------------------------------------------------------------

def test_a_human_next_to_the_zombies_is_reached_on_every_roll_and_a_far_one_never():
    game = placed(Ann="f2", Ben="a10")
    lines = by_human(advise(game))
    assert lines["Ann"].probability == 1.0
    assert lines["Ben"].probability == 0.0 and lines["Ben"].detail == "no zombie can reach"
    assert [o.extra["human"] for o in advise(game).options] == ["Ben", "Ann"]  # safest first


def test_each_zombie_rolls_its_own_die():
    game = placed(Ann="f2", Ben="a10")
    rolls = reach(game)
    assert rolls[(0, "f1", "Ann")] == [1, 2, 3, 4, 5, 6] == rolls[(1, "f1", "Ann")]
    # a human exactly six steps away can be reached only on a 6, by either zombie
    game = placed(Ann="a2", Ben="a10")  # f1-f2-e2-d2-c2-b2-a2, the only way there
    ann = by_human(advise(game))["Ann"]
    assert [z["rolls"] for z in ann.extra["zombies"]] == [[6], [6]]
    # played out exactly: Ann moves the first zombie and parks it on that way (f2 on an
    # odd roll, farther along on an even one), so Ben's zombie never gets to her
    assert ann.probability == 0.0
    # with Ben moving first, only his own 6 reaches her; Ann then walks hers elsewhere
    game.s.first = 1
    advice = advise(game)
    assert by_human(advice)["Ann"].probability == float(Fraction(1, 6))
    assert advice.method == "exact: the 2 zombies played out on the engine, every order, roll 1-6 and legal walk"


# -- who moves the zombies -------------------------------------------------------------------

def test_the_last_human_moving_every_zombie_herself_is_turned_only_when_no_walk_avoids_her():
    # Cat, the last human, moves both zombies: from f1 every roll has a walk that avoids
    # f3, so she is never turned (counted as "some walk reaches", it was 35/36 = 97.2%)
    game = position({"Ann": "a10", "Cat": "f3"}, 2, turned=("Ann",), zmover="Cat")
    assert zombie_movers(game) == [1, 1]
    advice = advise(game)
    cat = by_human(advice)["Cat"]
    assert cat.probability == 0.0 and cat.extra["moves_every_zombie"] is True
    assert cat.detail == "no zombie is forced onto this square"
    assert advice.method.startswith("exact: the 2 zombies played out on the engine")
    # on f2 every walk out of f1 goes through her: forced on every roll
    game = position({"Ann": "a10", "Cat": "f2"}, 2, turned=("Ann",), zmover="Cat")
    cat = by_human(advise(game))["Cat"]
    assert cat.probability == 1.0 and [z["rolls"] for z in cat.extra["zombies"]] == [[1, 2, 3, 4, 5, 6]] * 2
    # the same square when Ann, a human, moves the first zombie: the worst case for Cat
    # is Ann's 2 to 6 (5/6); on a 1 Ann's zombie stops on f2 and shuts Cat's in on f1
    # (taken as independent, it would be 35/36)
    game = position({"Ann": "a10", "Cat": "f3"}, 2, zmover="Ann")
    cat = by_human(advise(game))["Cat"]
    assert cat.probability == float(Fraction(5, 6))
    assert cat.extra["moves_every_zombie"] is False


def test_a_human_who_moves_the_only_zombie_never_walks_it_into_herself():
    # Ann moves the only zombie (f1): f3 is avoidable on every roll; Ben on g3 is three
    # steps away (f2-g2-g3), reached on rolls 3 to 6 if Ann chooses: 4/6
    game = position({"Ann": "f3", "Ben": "g3"}, 1, zmover="Ann")
    advice = advise(game)
    assert advice.method == "exact: every legal walk of the zombie for each roll 1-6"
    assert {o.extra["exact"] for o in advice.options} == {True}
    lines = by_human(advice)
    assert lines["Ann"].probability == 0.0 and lines["Ann"].extra["moves_every_zombie"] is True
    assert lines["Ben"].probability == float(Fraction(2, 3))
    assert lines["Ben"].extra["zombies"] == [{"at": "f1", "rolls": [3, 4, 5, 6]}]
    assert [o.plan for o in advice.options] == ["Ann on f3", "Ben on g3"]
    # Ben moving it instead: Ann's square is reached on 2 to 6, Ben is safe
    lines = by_human(advise(position({"Ann": "f3", "Ben": "g3"}, 1, zmover="Ben")))
    assert lines["Ann"].probability == float(Fraction(5, 6)) and lines["Ben"].probability == 0.0


def test_the_human_moving_a_zombie_now_is_told_which_one_to_take():
    # Ann on g3 moves first; zombies on f3 (next to her) and f1; Ben moves the other.
    # Taking f3's: on an odd roll she parks it on f2, the only way out of f1; on an even
    # one she cannot, and Ben's reaches her on 3-6: 1/2 * 2/3 = 1/3.  Taking f1's leaves
    # Ben the one next to her: every roll reaches her
    game = position({"Ann": "g3", "Ben": "a10"}, 2, zmover="Ann")
    game.s.zombies[0].at = parse_square("f3")
    advice = advise(game)
    assert by_human(advice)["Ann"].probability == float(Fraction(1, 3))
    assert advice.notes[0] == "Ann moves a zombie now: the one on f3 leaves Ann 33.3%; the one on f1 leaves Ann 100.0% (exact)."


def test_an_armed_human_one_step_from_a_zombie_destroys_it_and_is_safe():
    # Ann holds a Weapon on f2, next to the only zombie, which Ben moves: every walk out
    # of f1 enters f2, so the zombie is destroyed on every roll; Ann is never turned
    game = position({"Ann": "f2", "Ben": "a10"}, 1, cards={"Ann": ["Weapon"]}, zmover="Ben")
    advice = advise(game)
    ann = by_human(advice)["Ann"]
    assert ann.probability == 0.0 and ann.extra["armed"] is True and ann.extra["destroys"] == 1.0
    assert advice.method.startswith("exact")
    assert "(Weapon: destroyed, 100.0%)" in ann.detail
    # with two zombies the second one turns her once the first has taken the Weapon
    game = position({"Ann": "f2", "Ben": "a10"}, 2, cards={"Ann": ["Weapon"]}, zmover="Ben")
    assert by_human(advise(game))["Ann"].probability == 1.0


def test_an_armed_human_needs_two_reaching_zombies_to_be_turned():
    # Ann armed on f3, two zombies on f1 moved by Ben then Cat: each reaches f3 on 2-6;
    # turned only when both do (25/36); a zombie destroyed when either does (35/36)
    game = position({"Ann": "f3", "Ben": "a10", "Cat": "n10"}, 2, cards={"Ann": ["Weapon"]}, zmover="Ben")
    ann = by_human(advise(game))["Ann"]
    assert ann.probability == float(Fraction(25, 36))
    assert ann.extra["destroys"] is None and "(armed: the first to reach is destroyed)" in ann.detail
    # taken as independent (more zombies than are played out), the same figure, and the
    # chance that some zombie can walk into her Weapon: 35/36
    from referee.games.zombie_attack import advise as module
    r = module.risk(game, 0)
    assert (r.turned, r.destroys, r.exact) == (Fraction(25, 36), Fraction(35, 36), False)


def test_over_its_budget_the_answer_takes_the_zombies_as_independent_and_says_so(monkeypatch):
    from referee.games.zombie_attack import advise as module

    game = position({"Ann": "a10", "Cat": "f3"}, 2, zmover="Ann")
    monkeypatch.setattr(module, "EXACT_BUDGET", -1)
    advice = advise(game)
    assert advice.method == "simplified: 2 zombies searched from where they stand now, rolled independently"
    # Ann's 2-6 and, taken as free, the second zombie's 2-6 (played out it is 5/6)
    assert by_human(advice)["Cat"].probability == float(Fraction(35, 36))


# -- where the move could end ----------------------------------------------------------------

def test_the_human_in_the_middle_of_a_move_gets_the_squares_it_could_end_on():
    # Ann on f4 with one step left; Ben holds the First Mover card and will move the only
    # zombie (f1): a square d steps from f1 is reached on rolls d..6
    game = position({"Ann": "f4", "Ben": "a10"}, 1, phase="humans", first="Ben")
    s = game.s
    s.order, s.roll, s.steps_left, s.visited = 1, 1, 1, {parse_square("f4")}
    advice = advise(game)
    assert advice.question.startswith("Ann to move (rolled 1, 1 step left): where to end the move")
    assert advice.method.startswith("simplified: hand as now")
    assert {o.extra["exact"] for o in advice.options} == {False}   # no interval, yet not exact
    assert [(o.plan, o.probability) for o in advice.options] == [
        ("N to f5", 0.5), ("E to g4", 0.5), ("stop on f4", float(Fraction(2, 3))), ("S to f3", float(Fraction(5, 6)))]


def test_an_armed_human_may_end_her_move_by_destroying_a_zombie():
    # Ann armed on g3 with one step left, zombies on f3 and f1; Ben holds the First Mover
    # card, so the zombie phase is Ben's zombie, then Ann's
    game = position({"Ann": "g3", "Ben": "a10"}, 2, cards={"Ann": ["Weapon"]}, phase="humans", first="Ben")
    s = game.s
    s.zombies[0].at = parse_square("f3")
    s.order, s.roll, s.steps_left, s.visited = 1, 1, 1, {parse_square("g3")}
    options = {o.plan: o for o in advise(game).options}
    # staying: Ben's zombie can only use up her Weapon, and she walks hers away: 0
    assert options["stop on g3"].probability == 0.0
    # W onto f3: the Weapon destroys that zombie; Ben then moves the only one left, from
    # f1, and reaches her unarmed on 2-6
    kill = options["W to f3 (Weapon on the zombie on f3)"]
    assert kill.probability == float(Fraction(5, 6)) and kill.extra["weapon_on"] == "f3"
    assert kill.extra["armed"] is False
    # unarmed, she may not step there at all
    s.players[0].cards = []
    assert not [o for o in advise(game).options if "f3" in o.plan]


def test_a_key_holder_is_told_she_escapes_first_and_the_steps_left_to_her_exit():
    game = position({"Ann": "f9", "Ben": "a10"}, 1, cards={"Ann": ["Key:back"]}, phase="humans", first="Ann")
    s = game.s
    s.roll, s.steps_left, s.visited = 2, 2, {parse_square("f9")}
    options = advise(game).options
    assert options[0].plan == "N to f10" and options[0].extra["escapes"] is True
    assert options[1].plan == "stop on f9" and options[1].extra["key_steps"] == 1
    assert "1 step to the back exit" in options[1].detail


def test_before_the_roll_each_roll_gets_the_best_square_it_reaches():
    # Ann on f4, not rolled; Ben moves the only zombie (f1): f4 is three steps from f1
    # (rolls 3-6: 4/6); one step reaches f5 or g4 (rolls 4-6: 3/6); two steps f6 (5-6:
    # 2/6); three steps a square six from f1 (1/6); four steps one no zombie walk reaches
    game = position({"Ann": "f4", "Ben": "a10"}, 1, phase="humans", first="Ben")
    game.s.order = 1
    advice = advise(game)
    assert advice.question.startswith("Ann to move (not rolled yet)")
    got = [(o.plan.split(":")[0], o.probability) for o in advice.options]
    assert got == [("pass on f4", float(Fraction(2, 3))), ("roll 1", 0.5), ("roll 2", float(Fraction(1, 3))),
                   ("roll 3", float(Fraction(1, 6))), ("roll 4", 0.0), ("roll 5", 0.0), ("roll 6", 0.0)]
    assert advice.options[2].plan == "roll 2: N W to e5"     # five from f1, as f6 (a tie: west first)
    mean = (Fraction(1, 2) + Fraction(1, 3) + Fraction(1, 6)) / 6
    assert f"{float(mean):.1%}" in advice.notes[0]


def test_a_zombie_player_still_to_move_this_round_counts_before_the_zombies():
    # Ann on b9 (the kitchen) with one step left; Cat, a zombie player on d7, moves after
    # her this round and can reach a square d steps away on rolls d..6; the only zombie
    # (f1) is out of reach.  d7-d8-c8-b8 is 3 steps, b9 4, a9 and b10 5
    game = position({"Ann": "b9", "Ben": "n10", "Cat": "d7"}, 1, turned=("Cat",), phase="humans", first="Ann")
    s = game.s
    s.roll, s.steps_left, s.visited = 1, 1, {parse_square("b9")}
    advice = advise(game)
    assert [(o.plan, o.probability) for o in advice.options] == [
        ("W to a9", float(Fraction(1, 3))), ("N to b10", float(Fraction(1, 3))), ("stop on b9", 0.5),
        ("S to b8", float(Fraction(2, 3))), ("E to c9", float(Fraction(2, 3)))]
    assert advice.options[0].extra["zombie_players"] == {"Cat": float(Fraction(1, 3))}
    assert "; zombie players still to move this round combined as independent; humans moving after her rated where they stand" in advice.method
    # armed, Ann sends Cat to an exit instead (and loses the Weapon): never turned here
    s.players[0].cards = ["Weapon"]
    assert {o.probability for o in advise(game).options} == {0.0}


# -- the exact figures against the engine --------------------------------------------------

def play_zombie_phase(game: Game, rng: random.Random, target: int) -> bool:
    """Roll and move every zombie left with the engine, each mover choosing a walk by a
    plain rule of its own (not the advisor's search): another human takes a walk into
    ``target`` if there is one, else one ending as far from her as any; she takes a
    walk that spares her if there is one, also ending as far from her as any.  True
    when ``target`` is turned."""
    game = copy.copy(game)
    game.s = game.s.clone()
    goal = game.s.players[target].at

    def far(w) -> int:
        return abs(w.end[0] - goal[0]) + abs(w.end[1] - goal[1])

    while game.s.phase == "zombies" and not game.over and game.s.players[target].human:
        mover = game.s.zmover
        z = next(z for z in game.s.zombies if not z.moved and z.at is not None)
        roll = rng.randint(1, 6)
        _longest, walks = game.zombie_walks(z, roll)
        hits = lambda w: target in w.turned or w.destroyed_by == target  # noqa: E731
        if mover == target:
            pick = min(walks, key=lambda w: (target in w.turned, -far(w), square_name(w.end)))
        else:
            pick = max(walks, key=lambda w: (hits(w), far(w), square_name(w.end)))
        path = " ".join(walks[pick])
        name = game.s.players[mover].name
        game.apply(f"{name}: zombie {square_name(z.at)} roll {roll} {path}".rstrip())
    return not game.s.players[target].human


def within(game: Game, target: int, exact: float, n: int = 600, seed: int = 23) -> tuple[int, float, float]:
    rng = random.Random(seed)
    hits = sum(play_zombie_phase(game, rng, target) for _ in range(n))
    low, high = wilson(hits, n)
    assert low <= exact <= high, (hits, n, exact)
    return hits, low, high


def test_monte_carlo_on_the_engine_agrees_with_the_exact_figures():
    # the mover of the only zombie, and the other human (4/6)
    game = position({"Ann": "f3", "Ben": "g3"}, 1, zmover="Ann")
    exact = by_human(advise(game))
    assert within(game, 0, exact["Ann"].probability)[0] == 0
    within(game, 1, exact["Ben"].probability)
    # the armed human and two zombies moved by others, played one after the other (25/36)
    game = position({"Ann": "f3", "Ben": "a10", "Cat": "n10"}, 2, cards={"Ann": ["Weapon"]}, zmover="Ben")
    within(game, 0, by_human(advise(game))["Ann"].probability)
    # the last human moving both zombies herself (0)
    game = position({"Ann": "a10", "Cat": "f3"}, 2, turned=("Ann",), zmover="Cat")
    assert within(game, 1, by_human(advise(game))["Cat"].probability)[0] == 0


def brute_turned(game: Game, target: int) -> Fraction:
    """The play-out of :func:`exact_turned` done the long way, through the engine's own
    listing of legal events (one per walk result) and ``apply``: no pruning, no cache."""
    s = game.s
    if not s.players[target].human:
        return Fraction(1)
    if game.over or s.phase != "zombies":
        return Fraction(0)
    pick = min if (s.pending[0].namer if s.pending else s.zmover) == target else max
    if s.pending:
        return pick(brute_turned(child(game, o.text), target) for o in game.legal_events())
    groups: dict[str, dict[int, list[str]]] = {}
    for o in game.legal_events():                 # "Ann: zombie f1 roll 3 N N N"
        words = o.text.split()
        groups.setdefault(words[2], {}).setdefault(int(words[4]), []).append(o.text)
    return pick(sum((pick(brute_turned(child(game, e), target) for e in rolls[r]) for r in range(1, 7)),
                    Fraction(0)) / 6 for rolls in groups.values())


def child(game: Game, text: str) -> Game:
    c = copy.copy(game)
    c.apply(text)
    return c


def test_the_exact_play_out_agrees_with_the_long_way_on_random_positions():
    from referee.games.zombie_attack.advise import exact_turned

    rng = random.Random(5)
    squares = ["e2", "g2", "f3", "g3", "f4", "f5", "g5", "h3", "h2", "i1", "e1", "k3", "c2", "d7"]
    seen = set()
    for k in range(4):
        names = ["Ann", "Ben", "Cat"][: rng.choice([2, 3])]
        at = dict(zip(names, rng.sample(squares, len(names))))
        cards = {n: ["Weapon"] for n in names if rng.random() < 0.4}
        game = position(at, 2, cards=cards, zmover=rng.choice(names))
        if k == 0:
            continue                                   # (kept for the seed's sequence)
        for target in range(len(names)):
            value = exact_turned(game, target, {})
            assert value == brute_turned(game, target), (at, cards, target)
            seen.add(value)
    assert seen == {0, Fraction(4, 9), Fraction(5, 6), Fraction(1, 2), Fraction(25, 36)}


def test_the_sample_record_at_its_zombie_phase_is_answered_exactly():
    from referee.games import spec
    from referee.records import parse_record

    record = parse_record(spec("zombie-attack").sample_text())
    game = Game.from_tags(record.game_tags())
    for event in record.events[:14]:                 # up to "Ann: zombie f1 roll 3 N N N"
        game.apply(event.text)
    advice = advise(game)
    assert advice.method == "exact: the 2 zombies played out on the engine, every order, roll 1-6 and legal walk"
    # Cat on f5 is four steps from f1: Ann's zombie reaches her on 4-6; on a 1 it can
    # only stop on f2, the one way out of f1, and Ben's zombie cannot move; on 2 or 3 it
    # leaves the way free and Ben's reaches her on 4-6: 1/2 + 2/6 * 1/2 = 2/3 (taken as
    # independent it was 3/4).  Ben's Weapon on h7 and Ann on f9 are out of reach
    assert [(o.plan, o.probability) for o in advice.options] == [
        ("Ann on f9", 0.0), ("Ben on h7", 0.0), ("Cat on f5", float(Fraction(2, 3)))]
    within(game, 2, float(Fraction(2, 3)))


# -- through the CLI ---------------------------------------------------------------------------

def test_referee_advise_for_a_stored_game():
    assert runner.invoke(app, ["new", "zombie-attack", "--players", "Ann,Ben"]).exit_code == 0
    result = runner.invoke(app, ["advise", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "zombie-attack" and data["method"].startswith("exact")
    for event in ("Ann: start d9", "Ben: start i9", "Ann: roll 2"):
        assert runner.invoke(app, ["move", event]).exit_code == 0
    result = runner.invoke(app, ["advise", "--json"])
    data = json.loads(result.stdout)
    assert data["question"].startswith("Ann to move (rolled 2, 2 steps left)")
    assert data["method"].startswith("simplified: 6 zombies searched")
    chances = [o["probability"] for o in data["options"]]
    assert chances == sorted(chances) and data["options"][0]["square"] == "b9"
    result = runner.invoke(app, ["advise", "--plan", "N"])
    assert result.exit_code == 2
