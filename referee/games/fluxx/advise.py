"""The Zombie Fluxx advisor (issue 23): for the player whose turn it is, the plays that
meet the Goal now, the plays that hand another player the win, and the chance that the
next player wins on their turn from the cards nobody has seen.

Two parts, computed differently, and the answer's first line says how:

- **This turn** is exact over the cards known to be in the player's hand (``--hand``
  names the hidden ones, for this question only): every order of the known cards the
  Play rule still allows is played on a copy of the game by the engine itself, so the
  Goal, the Ungoal (ruling 17) and "two players meet it: no winner" (ruling 5) are the
  engine's verdicts.  Cards whose effect the catalogue lacks (Actions without fields)
  are played without effects, and the notes say so.
- **The next player's turn** is drawn from the unseen cards, with the catalogue's
  counts: the next player's hidden cards and their draws under the Draw rule (Creepers
  laid down and drawn again, ruling 4; a card known on top of the pile first, ruling
  21).  Unseen cards are taken as equally likely wherever they lie (players' choices of
  what to keep are not modelled).  Only the cards that can change the answer are told
  apart (the Keepers a Goal needs, Goals with known conditions, zombie Creepers when a
  Goal counts zombies); every deal of those is enumerated when there are few
  (``exact``), else :data:`SAMPLES` deals are sampled (Monte Carlo, Wilson 95%
  interval).  The next player is counted as winning when Keepers and Goals from their
  hand, within their Play rule, make them the only player meeting a Goal.  Their New
  Rules, Actions and free kills are not played, so the chance is a lower bound.

Pure: no I/O.  Spec ``fluxx.md`` rulings 1, 4, 5, 9, 17, 21.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import dataclass

from referee.advice import Advice, Line, wilson
from referee.errors import BadInputError, RefereeError

from .engine import BARE_HANDS, Game, fmt, tokenize

#: Monte Carlo deals of the next player's turn, per option, when not given.
SAMPLES = 2000
#: Deal states the exact enumeration may visit (in all) before it gives way to sampling.
EXACT_BUDGET = 20000
#: Positions the search of this turn's plays visits at most.
SEARCH_BUDGET = 4000

_OTHER = "~other"          # every unseen non-Creeper that cannot change the answer
_OTHER_CREEPER = "~creeper"  # every unseen Creeper that cannot change the answer


@dataclass
class _Chance:
    """The next player's chance to win: ``p`` with its interval, how it was found
    (``exact`` or the number of ``samples``), and whether any unseen card mattered."""

    p: float
    low: float
    high: float
    exact: bool
    samples: int
    matters: bool


def advise(game: Game, *, seed: int | None = None, samples: int | None = None,
           hand: str | None = None) -> Advice:
    """The advice for the player whose turn it is (``best="low"``).

    Each :class:`Line` is a way to go on (a play of a known card, a sequence of them
    that wins, or ``end``); its ``probability`` is the chance the player loses by the
    end of the next player's turn: 0 when the plan wins now, 1 when it hands another
    player the win at once (or meets the Ungoal: everybody loses), else the chance the
    next player wins on their turn.  ``extra``: ``outcome`` (``wins``, ``hands-win``,
    ``ungoal`` or ``open``), ``winner`` (a name, ``zombies`` or None) and
    ``next_player``.  ``hand`` names the cards of the player's hand (all of them, in
    record notation: ``'Coffee "Draw 3" Donuts'``) for this question only.
    ``samples`` (default :data:`SAMPLES`) and ``seed`` set the Monte Carlo.
    :class:`BadInputError` for a ``hand`` that the position rules out."""
    n_samples = SAMPLES if samples is None else samples
    if game.over:
        return Advice("fluxx", "The game is over: nothing to advise.", "nothing computed", [], best="low")
    g = copy.deepcopy(game)
    p = g.current
    who = g.players[p]
    nxt = (p + 1) % len(g.players)
    notes: list[str] = []
    if g.first_round and any(g.replacements):
        return Advice("fluxx", f"{_join_owing(g)} first: the first round's replacement draws.",
                      "nothing computed", [], best="low",
                      notes=["The advice starts with the first turn, once the dealt Creepers are replaced."])
    gate = g._gate(p)
    if gate is not None:
        return Advice("fluxx", f"{who} to play, but first: {gate[0]}.", "nothing computed", [], best="low",
                      notes=[f"Nothing else may happen first ({gate[1]})."])
    if hand is not None:
        _set_hand(g, p, hand)
        notes.append(f"{who}'s hand as given for this question: {_names(g.hands[p].known)} (nothing stored).")
    owed = g.draws_owed()
    if owed:
        for _ in range(owed + len(g.top) + 8):
            if not g.draws_owed():
                break
            g.apply(f"{who}: draw ?")
        notes.append(f"{who} still owes {owed} draw(s): the plays below use the cards known now; "
                     "the cards still to draw are unseen and not searched.")
    if g.over:     # a draw cannot win, but be safe
        return Advice("fluxx", "The game is over: nothing to advise.", "nothing computed", [], best="low")
    if g.hands[p].unknown:
        notes.append(f"{who} holds {g.hands[p].unknown} card(s) the referee has not seen: not searched "
                     "(name the hand with --hand).")

    plans, truncated = _search(g, p)
    lines: list[Line] = []
    chances: list[_Chance] = []
    deals: dict = {}
    for plan, after in plans:
        line, chance = _judge(g, after, p, nxt, plan, n_samples, seed, deals)
        lines.append(line)
        if chance is not None:
            chances.append(chance)
    lines.sort(key=lambda line: (line.extra["outcome"] != "wins", line.probability,
                                 line.plan.count(";"), line.plan))
    notes += _card_notes(g, p, nxt)
    standing = _next_turn(g, nxt, n_samples, seed, deals)      # the table as it stands
    chances.append(standing)
    notes.insert(0, f"As the table stands, {g.players[nxt]}'s chance to win on their turn: "
                    f"{_pct_range(standing)}.")
    method = _method(g, p, chances, truncated)
    question = (f"{who} to play: a win this turn, and the chance of losing by the end of "
                f"{g.players[nxt]}'s turn")
    return Advice("fluxx", question, method, lines, best="low", notes=notes)


# -- this turn: every order of the known cards ---------------------------------------------

def _search(g: Game, p: int) -> tuple[list[tuple[str, Game]], bool]:
    """``(plan, position after it)`` for each first play of a known card (the shortest
    winning continuation with known cards instead, when there is one), and for ``end``
    when it is legal now; and whether the search stopped at :data:`SEARCH_BUDGET`
    positions (else it is exact)."""
    who = g.players[p]
    out: list[tuple[str, Game]] = []
    visited = [0]

    def plays(state: Game) -> list[tuple[str, Game]]:
        found = []
        if state.over or state.current != p:
            return found
        for option in state.legal_events():     # free kills (ruling 6), and where zombies go
            if not option.text.startswith(f"{who}: kill "):
                continue
            for text, after in _settle(state, option.text, f"{who}: "):
                visited[0] += 1
                found.append((text, after))
        if not state.plays_owed():
            return found
        for name in sorted(state.hands[p].known, key=str.lower):
            if state.play_check(p, name) is not None:
                continue
            card = state.card(name)
            text = state._action_text(card) if card.type == "action" else f"play {fmt(name)}"
            nxt = copy.deepcopy(state)
            try:
                nxt.apply(f"{who}: {text}")
                drawn = 0
                while not nxt.over and nxt.draws_owed() and drawn < 20:   # a new Draw rule
                    nxt.apply(f"{who}: draw ?")
                    drawn += 1
            except RefereeError:
                continue    # an Action whose written effects the engine needs: not searched
            if drawn:
                text += "; draw" + " ?" * drawn
            visited[0] += 1
            found.append((text, nxt))
        return found

    def win_from(state: Game, depth: int) -> list[str] | None:
        """The shortest list of plays from ``state`` that makes ``p`` win (BFS order;
        positions reached by different orders are searched once)."""
        if not _may_win(state, p):
            return None
        frontier = [([], state)]
        met = {_signature(state)}
        for _ in range(depth):
            new = []
            for path, s in frontier:
                for text, after in plays(s):
                    if after.over and after.winner == g.players[p]:
                        return path + [text]
                    sig = _signature(after)
                    if not after.over and sig not in met and visited[0] < SEARCH_BUDGET:
                        met.add(sig)
                        new.append((path + [text], after))
            frontier = new
            if not frontier:
                break
        return None

    depth = sum(g.hands[p].known.values()) + sum(
        1 for z in g.creepers[p].elements() if g.card(z).zombie)
    for text, after in plays(g):
        plan = [text]
        if not after.over:
            rest = win_from(after, depth)
            if rest:
                final = copy.deepcopy(after)
                for t in rest:
                    for event in t.split("; "):
                        final.apply(f"{who}: {event}")
                out.append(("; ".join(plan + rest), final))
                continue
        out.append((text, after))
    if g.end_check(p) is None:
        out.append(("end", g))
    return out, visited[0] >= SEARCH_BUDGET


def _signature(g: Game) -> tuple:
    """What the rest of the turn depends on: two positions with the same signature have
    the same continuations."""
    return (json.dumps(g.to_json(), sort_keys=True),
            tuple(tuple(sorted(h.known.items())) + (h.unknown,) for h in g.hands),
            tuple(g.subplays), tuple(sorted(g.kills_used.items())), tuple(g.top),
            g.trio, tuple(sorted(g.flee.items())))


def _may_win(g: Game, p: int) -> bool:
    """False only when no play of known cards can make ``p`` meet a Goal this turn: no
    Goal with known conditions (in place, or known in hand) whose missing Keepers are
    all known in ``p``'s hand.  (A zombie condition is left to the search: kills.)"""
    hand = g.hands[p].known
    front = g.keepers[p] + g.creepers[p]
    goals = [g.goal] if g.goal else []
    goals += [name for name in hand if g.card(name).type in ("goal", "ungoal")]
    for name in goals:
        card = g.card(name)
        if card.type != "goal" or card.needs is None:
            continue
        missing = Counter(g.card(k).name for k in card.needs) - front
        if all(hand[k] >= v for k, v in missing.items()):
            return True
    return False


def _settle(state: Game, text: str, prefix: str) -> list[tuple[str, Game]]:
    """``text`` applied, then each way of settling a killed Trio's direction or a fleeing
    Pair's new owner (ruling 18): ``(events joined by '; ', position)`` each, every
    event written without its ``prefix`` (the player whose turn it is)."""
    first = copy.deepcopy(state)
    try:
        first.apply(text)
    except RefereeError:
        return []
    out = []
    todo = [(text.removeprefix(prefix), first)]
    while todo:
        done, s = todo.pop()
        if s.over or not (s.trio or s.flee):
            out.append((done, s))
            continue
        for option in s.legal_events():
            nxt = copy.deepcopy(s)
            try:
                nxt.apply(option.text)
            except RefereeError:
                continue
            todo.append((done + "; " + option.text.removeprefix(prefix), nxt))
    return out


def _judge(g: Game, after: Game, p: int, nxt: int, plan: str, samples: int,
           seed: int | None, deals: dict | None = None) -> tuple[Line, _Chance | None]:
    """The :class:`Line` of one plan, from the position ``after`` it."""
    who = g.players[p]
    if after.over:
        if after.winner == who:
            return Line(plan, 0.0, detail=f"{who} wins now ({after.goal})",
                        extra={"outcome": "wins", "winner": who, "next_player": g.players[nxt]}), None
        if after.winner == "zombies":
            return Line(plan, 1.0, detail=f"the Ungoal {after.goal} is met: everybody loses",
                        extra={"outcome": "ungoal", "winner": "zombies",
                               "next_player": g.players[nxt]}), None
        return Line(plan, 1.0, detail=f"hands {after.winner} the win at once ({after.goal})",
                    extra={"outcome": "hands-win", "winner": after.winner,
                           "next_player": g.players[nxt]}), None
    chance = _next_turn(after, nxt, samples, seed, deals)
    detail = f"{g.players[nxt]} then wins on their turn: {_pct_range(chance)}"
    if after.plays_owed() and plan != "end":
        detail += f"; {who} still owes {after.plays_owed()} play(s)"
    return Line(plan, chance.p, chance.low, chance.high, detail=detail,
                extra={"outcome": "open", "winner": None, "next_player": g.players[nxt],
                       "enumerated": chance.exact, "lower_bound": True}), chance


# -- the next player's turn ------------------------------------------------------------------

def _goal_cards(g: Game) -> list[str]:
    """Goals (not Ungoals) whose conditions the catalogue knows, that could still be
    held: unseen, or known in the next player's hand."""
    return [c.name for c in g.cat if c.type == "goal" and c.needs is not None]


def _zombie_goal(g: Game, names: list[str]) -> bool:
    if g.zombies_out:
        return False
    for name in names:
        c = g.card(name)
        if c.zombies != "any" or c.zombies_min or c.table_zombies_min:
            return True
    return False


def _next_turn(g: Game, n: int, samples: int, seed: int | None,
               deals: dict | None = None) -> _Chance:
    """The chance that player ``n`` wins on the turn after the current one, from the
    position ``g`` (the current player's turn taken as ended there).  ``deals`` caches
    the sampled deals by what they depend on, so options that leave the unseen cards
    alike are compared on the same deals."""
    seen = g.visible()
    pool = Counter({name: k - seen[name] for name, k in g.composition.items() if k - seen[name] > 0})
    in_place = g.goal if g.goal and g.card(g.goal).type == "goal" and g.card(g.goal).needs is not None else None
    front = g.keepers[n] + g.creepers[n]
    held = g.hands[n].known

    def reachable(goal: str) -> bool:
        """Whether every card ``goal`` needs and ``n`` lacks could still reach ``n``."""
        missing = Counter(g.card(k).name for k in g.card(goal).needs) - front
        return all(g.card(k).type == "keeper" and pool[k] + held[k] >= v for k, v in missing.items())

    goals = [name for name in _goal_cards(g) if (pool[name] or held[name]) and reachable(name)]
    if in_place and not reachable(in_place):
        in_place = None
    considered = ([in_place] if in_place else []) + goals
    needed = {k for name in considered for k in g.card(name).needs}
    zombie_matters = _zombie_goal(g, considered)
    relevant = set(needed) | set(goals)
    if zombie_matters:
        relevant |= {c.name for c in g.cat if c.type == "creeper" and c.zombie}
    classes: Counter = Counter()
    for name, k in pool.items():
        card = g.card(name)
        if name in relevant:
            classes[name] += k
        else:
            classes[_OTHER_CREEPER if card.type == "creeper" else _OTHER] += k
    creeper_set = {name for name in classes if name == _OTHER_CREEPER or
                   (name != _OTHER and g.card(name).type == "creeper")}
    u = g.hands[n].unknown
    draws = g.rule_value("draw")
    top = list(reversed(g.top))
    creepers_unseen = sum(k for name, k in classes.items() if name in creeper_set)
    pile_nc = max(0, g.pile - len(g.top) - creepers_unseen)
    nc_total = sum(k for name, k in classes.items() if name not in creeper_set)
    matters = any(name in relevant for name in pool)
    cache: dict[tuple, bool] = {}
    scratch = copy.deepcopy(g)

    def wins(hand: tuple, creepers: tuple, size: int) -> bool:
        key = (hand, creepers, size)
        if key not in cache:
            cache[key] = _wins(scratch, n, Counter(dict(hand)), Counter(dict(creepers)), size, in_place)
        return cache[key]

    start = _DealState(tuple(sorted(classes.items())), (), (), 0, u, pile_nc, nc_total)
    exact = _enumerate(start, top, draws, creeper_set, g)
    if exact is not None:
        p = sum(prob for (hand, cr, size), prob in exact.items() if wins(hand, cr, size))
        p = min(1.0, max(0.0, p))
        return _Chance(p, p, p, True, 0, matters)
    key = (tuple(sorted(pool.items())), u, draws, tuple(top), pile_nc, seed, samples)
    if deals is None or key not in deals:
        dealt = _sample_deals(g, pool, u, draws, top, pile_nc, samples, random.Random(seed))
        if deals is not None:
            deals[key] = dealt       # the same deals for every option (common random numbers)
    else:
        dealt = deals[key]
    hits = 0
    for (hand, cr, size), times in dealt.items():
        if wins(tuple((k, v) for k, v in hand if k in relevant),
                tuple((k, v) for k, v in cr if k in relevant), size):
            hits += times
    low, high = wilson(hits, samples)
    return _Chance(hits / samples, low, high, False, samples, matters)


@dataclass(frozen=True)
class _DealState:
    pool: tuple            # ((class, count), ...) still unassigned
    hand: tuple            # ((class, count), ...) dealt or drawn into the next player's hand
    creepers: tuple        # ((class, count), ...) laid down in front of them
    counted: int           # cards drawn that count toward the Draw rule
    to_deal: int           # hidden cards of the next player still to assign
    pile_nc: int           # non-Creepers left in the pile
    nc_left: int           # unassigned non-Creepers (pile and every other hidden place)


def _add(items: tuple, name: str, k: int = 1) -> tuple:
    c = dict(items)
    c[name] = c.get(name, 0) + k
    if c[name] == 0:
        del c[name]
    return tuple(sorted(c.items()))


def _choices(s: _DealState, creeper_set: set[str], draws: int) -> list[tuple[float, _DealState]] | None:
    """The next step of the deal from ``s`` with its probabilities; None when done."""
    pool = dict(s.pool)
    if s.to_deal > 0:                          # the next player's hidden cards: non-Creepers
        total = s.nc_left
        if total <= 0:
            return [(1.0, _DealState(s.pool, s.hand, s.creepers, s.counted, 0, s.pile_nc, s.nc_left))]
        return [(k / total, _DealState(_add(s.pool, name, -1), _add(s.hand, name), s.creepers,
                                       s.counted, s.to_deal - 1, s.pile_nc, s.nc_left - 1))
                for name, k in pool.items() if name not in creeper_set and k > 0]
    if s.counted >= draws:
        return None
    cr = sum(k for name, k in pool.items() if name in creeper_set)
    pile_nc = min(s.pile_nc, s.nc_left)
    if cr + pile_nc <= 0:
        return None
    out = []
    for name, k in pool.items():
        if k <= 0:
            continue
        if name in creeper_set:
            out.append((k / (cr + pile_nc), _DealState(_add(s.pool, name, -1), s.hand,
                                                       _add(s.creepers, name), s.counted, 0,
                                                       pile_nc, s.nc_left)))
        elif pile_nc:
            prob = pile_nc / (cr + pile_nc) * k / s.nc_left
            out.append((prob, _DealState(_add(s.pool, name, -1), _add(s.hand, name), s.creepers,
                                         s.counted + 1, 0, pile_nc - 1, s.nc_left - 1)))
    return out


def _leaf(s: _DealState) -> tuple[tuple, tuple, int]:
    hand = tuple((k, v) for k, v in s.hand if k != _OTHER)
    size = sum(v for _, v in s.hand)
    creepers = tuple((k, v) for k, v in s.creepers if k != _OTHER_CREEPER)
    return hand, creepers, size


def _with_top(start: _DealState, top: list[str], g: Game, draws: int) -> _DealState:
    """The cards known on top of the pile, drawn first (ruling 21) while draws are owed."""
    s = start
    for name in top:
        if s.counted >= draws:
            break
        if g.card(name).type == "creeper":
            s = _DealState(s.pool, s.hand, _add(s.creepers, name), s.counted, s.to_deal, s.pile_nc, s.nc_left)
        else:
            s = _DealState(s.pool, _add(s.hand, name), s.creepers, s.counted + 1, s.to_deal,
                           s.pile_nc, s.nc_left)
    return s


def _enumerate(start: _DealState, top: list[str], draws: int, creeper_set: set[str],
               g: Game) -> dict[tuple, float] | None:
    """Every deal, merged by what matters, with its probability; None past the budget."""
    frontier: dict[_DealState, float] = {start: 1.0}
    leaves: dict[tuple, float] = {}
    dealt_top = False
    work = 0
    while frontier:
        new: dict[_DealState, float] = {}
        for s, prob in frontier.items():
            if s.to_deal == 0 and not dealt_top:
                s = _with_top(s, top, g, draws)
            steps = _choices(s, creeper_set, draws)
            if steps is None:
                leaf = _leaf(s)
                leaves[leaf] = leaves.get(leaf, 0.0) + prob
                continue
            for q, nxt in steps:
                new[nxt] = new.get(nxt, 0.0) + prob * q
        if any(s.to_deal == 0 for s in frontier):
            dealt_top = True
        frontier = new
        work += len(frontier)
        if work > EXACT_BUDGET:
            return None
    return leaves


def _sample_deals(g: Game, pool: Counter, u: int, draws: int, top: list[str], pile_nc: int,
                  samples: int, rng: random.Random) -> Counter:
    """``samples`` deals of the next player's turn, by card name: their ``u`` hidden
    cards (non-Creepers, uniform among the unseen ones), then their draws: the known
    ``top`` cards first, then a pile of ``pile_nc`` unseen non-Creepers and every unseen
    Creeper in random order, Creepers laid down and drawn past (ruling 4).  A Counter of
    ``(hand, creepers, size)`` leaves, as :func:`_leaf` gives them."""
    nc = sorted(name for name, k in pool.items() for _ in range(k) if g.card(name).type != "creeper")
    cr = sorted(name for name, k in pool.items() for _ in range(k) if g.card(name).type == "creeper")
    creeper_top = [g.card(name).type == "creeper" for name in top]
    creeper_names = set(cr)
    out: Counter = Counter()
    for _ in range(samples):
        cards = nc[:]
        rng.shuffle(cards)
        hand = Counter(cards[:u])
        pile = cards[u:u + max(0, min(pile_nc, len(cards) - u))] + cr
        rng.shuffle(pile)
        laid: Counter = Counter()
        counted = 0
        for name, creeper in [*zip(top, creeper_top), *((c, c in creeper_names) for c in pile)]:
            if counted >= draws:
                break
            if creeper:
                laid[name] += 1
            else:
                hand[name] += 1
                counted += 1
        out[(tuple(sorted(hand.items())), tuple(sorted(laid.items())), sum(hand.values()))] += 1
    return out


def _wins(s: Game, n: int, drawn: Counter, creepers: Counter, size: int, in_place: str | None) -> bool:
    """Whether player ``n``, holding their known cards plus ``drawn`` (``size`` cards in
    all) and with ``creepers`` laid down, can become the only player meeting a Goal with
    the Keepers and Goals in hand under the Play rule (``s`` is a scratch copy)."""
    hand = s.hands[n].known + drawn
    rule = s.rule_value("play")
    plays = size + sum(s.hands[n].known.values()) if rule == "all" else rule
    keepers, front_creepers = s.keepers[n], s.creepers[n]
    candidates = ([(in_place, 0)] if in_place else []) + [
        (name, 1) for name in hand if s.card(name).type == "goal" and s.card(name).needs is not None]
    saved = s.state      # the what-ifs are new positions (Game.edit); this one is put back
    try:
        s.edit(creepers={n: front_creepers + creepers})
        for goal, cost in candidates:
            need = Counter(s.card(k).name for k in s.card(goal).needs)
            front = keepers + s.creepers[n]
            missing = need - front
            if any(s.card(k).type != "keeper" or hand[k] < v for k, v in missing.items()):
                continue
            if cost + sum(missing.values()) > plays:
                continue
            s.edit(keepers={n: keepers + missing})
            for zombies in _after_kills(s, n, front_creepers + creepers):
                s.edit(creepers={n: zombies})
                if s.meets(n, goal) and not any(s.meets(q, goal) for q in range(len(s.players))
                                                if q != n):
                    return True
            s.edit(keepers={n: saved.keepers[n]})
        return False
    finally:
        s.state = saved


def _after_kills(s: Game, n: int, creepers: Counter) -> list[Counter]:
    """The Creepers in front of ``n`` without kills, and with every zombie gone when the
    kills allowed (ruling 6: bare hands, each Keeper's, Weapon Bonus) can do it: each
    kill takes one zombie card, and the first makes every Pair flee (ruling 14)."""
    out = [creepers]
    zombies = [c for c in creepers.elements() if s.card(c).zombie]
    if not zombies:
        return out
    kills = s.kill_allowance(n, BARE_HANDS) + sum(s.kill_allowance(n, k) for k in s.keepers[n])
    single = sum(1 for c in zombies if s.card(c).zombie != 2)
    if kills >= max(1, single):
        out.append(Counter({c: k for c, k in creepers.items() if not s.card(c).zombie}))
    return out


# -- words -----------------------------------------------------------------------------------

def _set_hand(g: Game, p: int, text: str) -> None:
    """Name every card of ``p``'s hand (``--hand``): known cards stay, the hidden ones
    become the named ones.  :class:`BadInputError` when the hand cannot be."""
    names = []
    for word, _ in tokenize(text):
        card = g.cat.find(word)
        if card is None:     # not DefinitionNeeded: a question defines no card
            raise BadInputError(f"--hand names {word!r}, a card this game does not know "
                                "(quote names with spaces: --hand 'Coffee \"Draw 3\"')")
        names.append(card.name)
    if not names:
        raise BadInputError("--hand names no card")
    given = Counter(names)
    hand = g.hands[p]
    who = g.players[p]
    if sum(given.values()) != hand.size:
        raise BadInputError(f"{who} holds {hand.size} card(s); --hand names {sum(given.values())}")
    missing = hand.known - given
    if missing:
        raise BadInputError(f"{who}'s hand is known to hold {_names(missing)}: --hand leaves it out")
    seen = g.visible()
    for name, k in (given - hand.known).items():
        card = g.card(name)
        if card.type == "creeper":
            raise BadInputError(f"{name} is a Creeper: it is laid down when drawn, never held")
        if g.unseen(name, seen) < k:
            raise BadInputError(f"every {name} card is already accounted for: {who} cannot hold "
                                f"{k} more")
    g.edit(hands={p: (given, 0)})        # a new position, for this question only


def _card_notes(g: Game, p: int, nxt: int) -> list[str]:
    """What the catalogue does not model, among the cards that matter here."""
    out = []
    actions = sorted({n for n in g.hands[p].known if g.card(n).type == "action"
                      and not (g.card(n).plays or g.card(n).draws)}, key=str.lower)
    if actions:
        out.append(f"Action(s) whose effect the catalogue does not model, played with no effect: "
                   f"{', '.join(actions)} (an effect that takes or gives Keepers may win or lose).")
    unknown_goals = sorted({n for n in [g.goal, *g.hands[p].known] if n and g.card(n).type in ("goal", "ungoal")
                            and g.card(n).needs is None}, key=str.lower)
    if unknown_goals:
        out.append(f"Goal(s) whose conditions the catalogue lacks: {', '.join(unknown_goals)}; "
                   "nobody is counted as meeting them (a `card` line can define them).")
    unseen_unknown = sorted(c.name for c in g.cat if c.type == "goal" and c.needs is None
                            and g.unseen(c.name) > 0)
    if unseen_unknown:
        out.append(f"{len(unseen_unknown)} unseen Goal(s) with conditions the catalogue lacks are "
                   f"never counted as a win for {g.players[nxt]}.")
    return out


def _method(g: Game, p: int, chances: list[_Chance], truncated: bool) -> str:
    """The first line's method: how each part was computed, and what is simplified."""
    who = g.players[p]
    if truncated:
        parts = [f"this turn: simplified, the search of {who}'s known cards stopped at "
                 f"{SEARCH_BUDGET} positions"]
    else:
        parts = [f"this turn: exact over every order of {who}'s known cards"]
    if chances and all(c.exact for c in chances):
        if any(c.matters for c in chances):
            parts.append("next turn: every deal of the unseen cards that matter enumerated "
                         "(catalogue counts, no sampling error)")
        else:
            parts.append("next turn: no unseen card can change it")
    elif chances:
        n = max(c.samples for c in chances)
        parts.append(f"next turn: Monte Carlo, {n} deals of the unseen cards per option "
                     "(catalogue counts), 95% interval")
    parts.append("simplified: the next player plays only Keepers, Goals and kills (no New "
                 "Rules or Actions: a lower bound), Actions without catalogue effects do "
                 "nothing, other players' forced discards not chosen, unseen cards equally "
                 "likely wherever they are")
    return "; ".join(parts)


def _pct_range(c: _Chance) -> str:
    if c.exact:
        return f"{100 * c.p:.1f}% (every deal)"
    return f"{100 * c.p:.1f}% [{100 * c.low:.1f}–{100 * c.high:.1f}]"


def _names(counter: Counter) -> str:
    return ", ".join(sorted(counter.elements(), key=str.lower)) or "nothing"


def _join_owing(g: Game) -> str:
    return ", ".join(g.players[q] for q, k in enumerate(g.replacements) if k)
