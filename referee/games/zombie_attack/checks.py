"""Zombie Attack checks: every refusal a player can meet, as a function that returns
``None`` or a :data:`~referee.games.base.Problem` ``(reason, rule_id)`` (rulebook
``zombie-attack.txt``, rulings in ``docs/zombie-attack.md``).

:func:`event_check` is the first rule an event breaks, found before anything moves:
it foresees what the move meets on the way (a Weapon used, a turn, the card left in
the pile, the length of a zombie's walk), so a refusal never comes from the middle of
a step.  :func:`check_plan` also hands the step what it found on the way.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from referee.games.base import Problem, rule_ids
from referee.grid import Square, square_name, step

from .board import EXIT_TITLES
from .notation import EMPTY, HIDING, WEAPON, Event
from .state import Rules, State, counter, free_closet_squares, mover
from .walks import R_DESTROYED_PATH, R_WALLS, R_ZOMBIE_BLOCKED, R_ZOMBIE_EXACT, R_ZOMBIE_SPACING  # noqa: F401
from .walks import Walk, _tnew, can_step, context, exact_problem, follow, longest, searcher


# -- rule ids ----------------------------------------------------------------------------

R_GAME_OVER = "zombie-attack.game-over"
R_DECK = "zombie-attack.deck"
R_SETUP = "zombie-attack.setup.humans"
R_ORDER = "zombie-attack.turn.order"
R_ROLL = "zombie-attack.turn.roll-move"
R_DRAW = "zombie-attack.turn.draw-per-space"
R_LOCKED = "zombie-attack.move.locked-doors"
R_HUMAN_SPACING = "zombie-attack.move.human-spacing"
R_EMPTY = "zombie-attack.cards.empty"
R_HAND = "zombie-attack.cards.hand-limit"
R_KEEP_TWO = "zombie-attack.variant.two-cards"
R_ZP_MOVING = "zombie-attack.zombie-players.moving"
R_ZMOVE = "zombie-attack.zombies.move"
R_ROTATION = "zombie-attack.zombies.rotation"
R_NEW_SQUARES = "zombie-attack.ruling.new-squares"
R_HIDING = "zombie-attack.ruling.hiding"
R_SENT = "zombie-attack.ruling.sent-to-exit"
R_PASS = "zombie-attack.ruling.pass-and-reshuffle"
R_DROP = "zombie-attack.ruling.keep-drop"
R_WEAPON_HUMANS = "zombie-attack.ruling.weapon-vs-human"

#: Every rule id this engine can raise (each is an entry in the rules database).
RULE_IDS: frozenset[str] = rule_ids(globals())


# -- checks ------------------------------------------------------------------------------

def over_problem(s: State) -> Problem:
    """The refusal of any event once the game is over (who won)."""
    who = s.winner if s.winner != "zombies" else "the zombies"
    return f"the game is over ({who} won)", R_GAME_OVER


def turn_check(s: State, seat: int, verb: str) -> Problem | None:
    """The game is over, or it is not ``seat``'s turn (set-up order, the human phase's
    order, the zombie rotation, the player naming a placement)."""
    if s.ending is not None:
        return over_problem(s)
    if s.pending and verb != "to":
        return None  # asked as a choice by the step
    who = (s.first + s.order) % len(s.players) if s.phase == "humans" and not s.pending else mover(s)
    if seat != who:
        m, name = s.players[who].name, s.players[seat].name
        if s.pending:
            return f"{m} names the exit of this placement, not {name}", R_SENT
        if s.phase == "zombies":
            return f"{m} moves the next zombie, not {name}", R_ROTATION
        if s.phase == "setup":
            return f"{m} places a human next (set-up goes in seat order)", R_SETUP
        return f"it is {m}'s move, not {name}'s", R_ORDER
    return None


def start_problem(r: Rules, s: State, sq: Square) -> Problem | None:
    """Why a human may not start on ``sq`` (a room of her own), or None."""
    m = r.mansion
    room = m.room_of(sq)
    if room is None:
        return f"{square_name(sq)} is not a room square: a human starts in a room", R_SETUP
    for q in s.players:
        if q.at is not None and m.room_of(q.at) == room:
            return (f"{q.name} already starts in the {m.room_name(room)}: no two tokens start "
                    "in one room", R_SETUP)
    return None


def start_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """Placing a human at set-up: a room of her own (a square off the mansion is bad input,
    said by the step)."""
    if not r.mansion.on_board(ev.square):
        return None              # bad input, said by the step
    return start_problem(r, s, ev.square)


def roll_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """Rolling: in the human phase, once a move."""
    p = s.players[ev.seat]
    if s.phase != "humans":
        return f"{p.name} rolls for a zombie in the zombie phase: 'zombie SQ roll N PATH'", R_ROTATION
    if s.roll is not None:
        return f"{p.name} has already rolled {s.roll} this move", R_ROLL
    return None


def stop_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """Stopping or passing: only in the human phase."""
    if s.phase != "humans":
        return f"the zombie phase: {s.players[ev.seat].name} moves a zombie, there is no stop", R_ROTATION
    return None


def step_problem(r: Rules, s: State, seat: int, facing: str) -> Problem | None:
    """Why the mover ``seat`` may not step ``facing`` now (rolled, steps left), or None."""
    return step_problem_plan(r, s, seat, facing)[0]


def step_problem_plan(r: Rules, s: State, seat: int, facing: str) -> tuple[Problem | None, StepPlan | None]:
    """:func:`step_problem` with the :class:`StepPlan` of the step when it may be taken."""
    p = s.players[seat]
    m = r.mansion
    at = p.at
    to = step(at, facing)
    door = m.open.get((at, facing), False)
    if door is False:
        what = "the edge of the mansion" if not m.on_board(to) else "a wall"
        return (f"{p.name} cannot step {facing} from {square_name(at)}: {what}", R_WALLS), None
    if m.kind[to] == "table":
        return (f"{square_name(to)} is the dining-room table: nobody may stand on it", R_WALLS), None
    if door and p.human and f"Key:{door}" not in p.cards:
        return (f"the {EXIT_TITLES[door]} between {square_name(at)} and {square_name(to)} is "
                f"locked: a human needs Key:{door}", R_LOCKED), None
    if to in s.visited:
        return (f"{p.name} has already stood on {square_name(to)} this move: each step goes to a "
                "new square", R_NEW_SQUARES), None
    plan = step_plan(s, seat, to)
    if p.human:
        if plan.victims:
            other = s.players[plan.victims[0]].name
            if not r.weapon_humans or WEAPON not in p.cards:
                return (f"{other} stands on {square_name(to)}", R_HUMAN_SPACING), None
            if r.weapon_humans == "closet" and not free_closet_squares(m, s, leaving=to):
                return (f"no Linen Closet square is free for {other}: {p.name}'s Weapon cannot send "
                        "anyone there now", R_WEAPON_HUMANS), None
    elif plan.tokens:
        zs = plan.tokens[0][0] == "zombie"
        return (f"{square_name(to)} holds a zombie{' player' if not zs else ''}: "
                "zombies never share a square", R_ZOMBIE_SPACING), None
    return None, plan


def pile_text(pile: dict) -> str:
    """The draw pile in words (``Empty 3, Weapon 1``), or ``empty``."""
    return ", ".join(f"{c} {n}" for c, n in pile.items() if n) or "empty"


def _after_discards(s: State, batches: list[list[str]]) -> Counter:
    """The draw pile after the discards ``batches`` (each refills an empty pile, ruling 11)."""
    pile, discard = s.pile, s.discard
    if sum(pile.values()):
        return pile              # only an empty pile is refilled
    discard = counter(discard)
    for batch in batches:
        for c in batch:
            discard[c] += 1
        if not sum(pile.values()) and sum(discard.values()):
            pile, discard = discard, Counter()
    return pile


class StepPlan(NamedTuple):
    """What a human's step meets, found once by the check and used by the step: the
    square ``to``, the human ``victims`` there (the harder variant) and the zombie
    ``tokens`` (``("zombie", Zombie)`` then ``("player", seat)``, in the order met)."""

    to: Square
    victims: list
    tokens: list


def step_plan(s: State, seat: int, to: Square) -> StepPlan:
    """The :class:`StepPlan` of a step by ``seat`` to ``to``: who stands there."""
    victims, zps = [], []
    for i, q in enumerate(s.players):
        if q.at == to and i != seat:
            (victims if q.human else zps).append(i)
    tokens = [("zombie", z) for z in s.zombies if z.at == to]
    if zps:
        tokens += [("player", i) for i in zps]
    return _tnew(StepPlan, (to, victims, tokens))


def human_step_check(r: Rules, s: State, ev: Event, plan: StepPlan | None = None) -> Problem | None:
    """What a human's step meets on the way, foreseen: a Weapon used on a human (the
    harder variant) and on the zombie tokens there (ruling 16: one token each), a turn
    (no card drawn, ruling 9), an escape (no card), the card named against the pile
    (after the Weapons discarded, ruling 11), and the decision on it (Empty, a Hiding
    Place outside a room, the card a full hand drops)."""
    m = r.mansion
    p = s.players[ev.seat]
    to, victims, tokens = plan or step_plan(s, ev.seat, step(p.at, ev.facing))
    cards = p.cards
    card = ev.card
    batches: list[list[str]] = []
    if victims or tokens:
        cards = list(cards)
        weapons = cards.count(WEAPON)
        for victim in victims:
            cards.remove(WEAPON)
            weapons -= 1
            batches.append([WEAPON])
            if r.weapon_humans == "out":
                batches.append(list(s.players[victim].cards))
        for _ in tokens:
            if not weapons:          # turned (ruling 9)
                if card is not None:
                    return f"{p.name} is turned on {square_name(to)} and draws no card", R_DRAW
                return None
            cards.remove(WEAPON)
            weapons -= 1
            batches.append([WEAPON])
    if m.kind[to] == "exit":
        door = m.exit_at(to)
        if f"Key:{door}" in cards:
            if card is not None:
                return (f"the step onto the {EXIT_TITLES[door]} with its Key wins at once: no card is drawn",
                        R_NEW_SQUARES)
            return None
    if card is None:
        return None                                      # the step asks for it
    pile = s.pile if not batches else _after_discards(s, batches)
    if pile.get(card, 0) <= 0:
        return f"no {card} card is left in the draw pile ({pile_text(pile)})", R_DECK
    decision = ev.decision
    if card == EMPTY:
        if decision == "keep":
            return "an Empty card is always discarded", R_EMPTY
        return None
    if card == HIDING and decision == "keep" and m.room_of(to) is None:
        return (f"{square_name(to)} is not in a room: a Hiding Place may be kept only when drawn in a room",
                R_HIDING)
    if decision != "keep" or ev.drop is None or ev.drop in cards:
        return None
    held = ", ".join(cards) or "no card"
    full = len(cards) >= r.keep
    return (f"{p.name} holds {held}, not {ev.drop}: 'keep drop' names a card held",
            R_KEEP_TWO if r.keep > 1 and full else R_DROP)


def step_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """A step N/E/S/W by the player moving now (rolled, a legal square, and what the
    step meets)."""
    return step_check_plan(r, s, ev)[0]


def step_check_plan(r: Rules, s: State, ev: Event) -> tuple[Problem | None, StepPlan | None]:
    """:func:`step_check` with the :class:`StepPlan` it found (None for a zombie player)."""
    p = s.players[ev.seat]
    if s.phase != "humans":
        return (f"the zombie phase: {p.name} moves a zombie ('zombie SQ roll N PATH')", R_ROTATION), None
    if s.roll is None:
        return (f"{p.name} rolls before moving ('{p.name}: roll N')", R_ROLL), None
    problem, plan = step_problem_plan(r, s, ev.seat, ev.facing)
    if problem is not None:
        return problem, None
    if not p.human:
        if ev.card is not None:
            return (f"{p.name} is a zombie player and draws no card", R_ZP_MOVING), None
        return None, plan
    return human_step_check(r, s, ev, plan), plan


def to_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """Naming a placement: someone waits to be placed, an exit for a zombie or zombie
    player (ruling 13), a free Linen Closet square for a human a Weapon sent there."""
    name = s.players[ev.seat].name
    if not s.pending:
        return "nobody is waiting to be placed at an exit", R_SENT
    if s.pending[0].closet:
        if ev.exit is not None:
            return f"{name} names a Linen Closet square here, not an exit", R_WEAPON_HUMANS
        if ev.to_square is None:
            return None                                  # the step asks for it
        free = free_closet_squares(r.mansion, s)
        if ev.to_square not in free:
            return (f"{square_name(ev.to_square)} is not a free Linen Closet square "
                    f"({', '.join(square_name(q) for q in free)})", R_WEAPON_HUMANS)
        return None
    if ev.to_square is not None:
        return f"{name} names an exit here (front, back or fire), not a square", R_SENT
    return None


def zombie_index(s: State, sq: Square) -> int | None:
    """The first zombie on ``sq`` still to move this phase, or None."""
    for i, z in enumerate(s.zombies):
        if z.at == sq and not z.moved:
            return i
    return None


class ZombiePlan(NamedTuple):
    """What the check of a zombie move found, for the step: the zombie's index ``zi``,
    the walk's :class:`~.walks.Context` and its result ``walk``."""

    zi: int
    ctx: object
    walk: Walk


def zombie_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """A zombie move: in the zombie phase, a zombie still to move on the square, each
    step legal (rulings 3 and 12) and the length ruling 17 asks for."""
    return zombie_check_plan(r, s, ev)[0]


def zombie_check_plan(r: Rules, s: State, ev: Event) -> tuple[Problem | None, ZombiePlan | None]:
    """:func:`zombie_check` with the :class:`ZombiePlan` it found (None when the move
    is refused or leaves its path to choose)."""
    if s.phase != "zombies":
        return ("zombies move in the zombie phase, after every player's move", R_ORDER), None
    if ev.number is None:
        return None, None                                # bad input, said by the step
    zi = zombie_index(s, ev.square)
    if zi is None:
        if any(z.at == ev.square for z in s.zombies):
            return (f"the zombie on {square_name(ev.square)} has already moved this phase", R_ROTATION), None
        return (f"no zombie stands on {square_name(ev.square)}", R_ZMOVE), None
    m = r.mansion
    ctx = context(m, s, zi)
    path = ev.path or ()
    if not path and can_step(m, s, zi, ctx):
        return None, None                                # the step asks for the path
    walk = follow(m, s, zi, path, ev.number, ctx)
    if not isinstance(walk, Walk):
        return walk, None
    if walk.destroyed_by is None and len(path) != ev.number and len(path) != longest(m, s, zi, ev.number, ctx):
        found = searcher(m, s, zi, ctx)(ev.number)       # for the example the refusal gives
        return exact_problem(s, square_name(ev.square), ev.number, found), None
    return None, _tnew(ZombiePlan, (zi, ctx, walk))


_CHECKS = {"start": start_check, "roll": roll_check, "stop": stop_check, "step": step_check,
           "to": to_check, "zombie": zombie_check}


def event_check(r: Rules, s: State, ev: Event) -> Problem | None:
    """The first rule ``ev`` breaks in ``s``, or None (a choice left open is asked by
    the step, not refused here)."""
    return check_plan(r, s, ev)[0]


def check_plan(r: Rules, s: State, ev: Event) -> tuple[Problem | None, tuple | None]:
    """:func:`event_check` with what the check of a step or a zombie move found on the
    way (a :class:`StepPlan` or :class:`ZombiePlan`), which spares the step finding it
    again; None for other events."""
    verb = ev.verb
    phase = s.phase
    if s.ending is None and not s.pending and verb != "start" and (
            (phase == "humans" and ev.seat == (s.first + s.order) % len(s.players))
            or (phase == "zombies" and ev.seat == s.zmover)):
        pass                     # the mover, in play: none of the checks below can refuse
    else:
        if verb == "start" and phase != "setup" and s.ending is None:
            return (f"set-up is over: {s.players[ev.seat].name} is already on the board", R_SETUP), None
        problem = turn_check(s, ev.seat, verb)
        if problem is not None:
            return problem, None
        if s.pending and verb != "to":
            return None, None
        if phase == "setup" and verb != "start":
            return (f"set-up first: each player places a human ('{s.players[ev.seat].name}: start d4')",
                    R_SETUP), None
    if verb == "step":
        return step_check_plan(r, s, ev)
    if verb == "zombie":
        return zombie_check_plan(r, s, ev)
    return _CHECKS[verb](r, s, ev), None
