"""The Zombies Want Fluffy advisor: the odds that the zombies catch Fluffy next turn.

:func:`advise` answers for the side to play:

- **Fluffy's turn**: every way Fluffy can end his turn from here (card sequences his
  hand may hold, with each bounce choice and the sprint), one plan per end square and
  facing, each with the chance that the zombies catch him in their next turn and the
  distance left (fewest steps, by breadth-first search on the board ignoring zombies)
  to the tree, or to the gate once the tree is tagged.  Ranked: lowest chance first,
  then shortest distance.
- **The zombies' turn**: the replies (shamble order, then up to three cards) that catch
  Fluffy, each with the chance that the zombie hand holds its cards.  Ranked: highest
  chance first.

How the chance is computed.  For a square Fluffy may stand on, the search finds every
*capturing card set*: the cards (at most three, the zombie player's limit) that some
shamble order and some play order, choices and bounce facings turn into a capture.
Each move carries a zombie at most one square, so a zombie farther (in steps along
files and ranks) than the moves left cannot capture, which prunes most of the search.
The zombie hand is its known (snagged) cards plus unknown ones drawn from the cards not
seen yet (card counting: each unknown card weighted by the unseen count of its kind).
The chance of capture is the chance that the hand holds one of the capturing sets:
summed exactly over every hand combination when there are few enough
(``exact_limit``), otherwise estimated from ``samples`` random hands (Monte Carlo)
with a 95% Wilson interval.  The zombie player is assumed to find the capture when one
exists (the best reply).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from math import comb

from referee.advice import Advice, Line, wilson

from .notation import CARD_CODES, Event
from referee.grid import facing_towards

from .rules import (_LEFT, _RIGHT, ROTATE, ZOMBIE_PLAYS, Turn, expand_fluffy_move, fluffy_end_check,
                    fluffy_play_check, sprint_check)
from .state import Position

#: Hand combinations summed exactly up to this many; more are sampled.
EXACT_LIMIT = 4000
#: Random hands drawn when the combinations are too many.
SAMPLES = 4000
#: Lines listed at most.
MAX_LINES = 15

Multiset = tuple[str, ...]   # sorted card codes


# -- the board ---------------------------------------------------------------------------

def distances(board, target, through_gate: bool = False) -> dict:
    """Fewest steps from every square to ``target`` (a square), or out through the gate
    when ``through_gate``; walls, bugs and the gate block as for Fluffy, zombies ignored."""
    from referee.grid import FACINGS

    exits = board.exits
    dist: dict = {}
    queue: deque = deque()
    if through_gate:
        dist[board.flower] = 1
    else:
        dist[target] = 0
    queue.extend(dist)
    back = {"N": "S", "S": "N", "E": "W", "W": "E"}
    while queue:
        sq = queue.popleft()
        for d in FACINGS:
            kind, nxt = exits[(sq, d)]
            if kind or nxt in dist:
                continue
            if exits.get((nxt, back[d]), ("wall",))[0]:
                continue
            dist[nxt] = dist[sq] + 1
            queue.append(nxt)
    return dist


def _manhattan(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# -- the zombies' search -----------------------------------------------------------------

class CaptureSearch:
    """Capturing card sets for the zombies against Fluffy on one square.

    Each zombie is followed on its own through the shamble (when still to come) and up
    to ``plays`` cards, over every choice-card movement and bounce facing: a set of its
    possible ``(square, facing)`` after each card.  A zombie in another's way is not
    modelled (each zombie bounces off walls, bugs and the gate only), which keeps the
    search small enough for every square Fluffy may end on; the zombies' own advice
    checks each plan it lists on the real board."""

    def __init__(self, game, codes: list[str], fluffy, plays: int, shamble: bool) -> None:
        self.board = game.rules.board
        self.codes = codes
        self.f = fluffy
        self.plays = plays
        self.shamble = shamble
        self.found: dict[Multiset, tuple[str, list[str]]] = {}

    def _step(self, at, facing):
        """``(at, facing)`` after a Move Forward: every outcome (a bounce may end in two
        facings)."""
        kind, nxt = self.board.exits[(at, facing)]
        if not kind:
            return [(nxt, facing)]
        opts = []
        for turn in (_LEFT, _RIGHT):
            g = turn[facing]
            while g != facing:
                if not self.board.exits[(at, g)][0]:
                    if (at, g) not in opts:
                        opts.append((at, g))
                    break
                g = turn[g]
        return opts or [(at, facing)]

    def zombie(self, name: str, at, facing) -> None:
        """Add the capturing sets of one zombie."""
        f, plays = self.f, self.plays
        if _manhattan(at, f) > plays + (1 if self.shamble else 0):
            return
        if self.shamble:
            face = facing_towards(at, f)
            if face is not None and not (at[0] == f[0] and self.board.bug_between(at, f)):
                facing = face
            states = set()
            for st in self._step(at, facing):
                if st[0] == f:
                    self.found.setdefault((), (name, []))
                    return
                states.add(st)
        else:
            states = {(at, facing)}
        self._cards(name, frozenset(states), (), plays)

    def _cards(self, name: str, states: frozenset, played: tuple, left: int) -> None:
        f = self.f
        states = frozenset(st for st in states if _manhattan(st[0], f) <= left)
        if not states or left <= 0:
            return
        for code in self.codes:
            key = tuple(sorted((*played, code)))
            if any(_within(have, key) for have in self.found):
                continue  # a smaller set already captures
            nxt = set()
            hit = None
            for at, facing in states:
                for m in code:
                    for st in self._step(at, ROTATE[(facing, m)]):
                        if st[0] == f:
                            hit = m
                            break
                        nxt.add(st)
                    if hit:
                        break
                if hit:
                    break
            if hit:
                self.found[key] = (name, [*played, code])
                continue
            self._cards(name, frozenset(nxt), (*played, code), left - 1)

    def run(self, zombies) -> dict[Multiset, tuple[str, list[str]]]:
        for z in zombies:
            self.zombie(z.name, z.at, z.facing)
        keep = minimal(set(self.found))
        return {k: v for k, v in self.found.items() if k in keep}


def _within(small: Multiset, big: Multiset) -> bool:
    """Whether the multiset ``small`` lies inside ``big``."""
    if len(small) > len(big):
        return False
    rest = list(big)
    for x in small:
        if x in rest:
            rest.remove(x)
        else:
            return False
    return True


def minimal(sets: set[Multiset]) -> set[Multiset]:
    """The sets with no other set inside them (holding a bigger one adds nothing)."""
    ordered = sorted(sets, key=len)
    out: list[Multiset] = []
    for s in ordered:
        if not any(_within(o, s) for o in out):
            out.append(s)
    return set(out)


# -- hands -------------------------------------------------------------------------------

def unseen_pool(game) -> dict[str, int]:
    """Unseen cards by code: the deck's counts less those seen (never below zero).  If
    the counts leave too few (a guessed deck already passed), the whole deck's mix."""
    count = game.s.count
    pool = {c: count.left(c) for c, n in count.composition.items() if n > 0}
    pool = {c: n for c, n in pool.items() if n > 0}
    need = game.s.zombie_hand.unknown + game.s.fluffy_hand.unknown
    if sum(pool.values()) < max(need, 1):
        pool = {c: n for c, n in count.composition.items() if n > 0}
    return pool


def hand_combinations(pool: dict[str, int], k: int) -> int:
    """How many different hands (multisets) of ``k`` cards the pool gives."""
    codes = list(pool)

    def count(i: int, left: int) -> int:
        if left == 0:
            return 1
        if i == len(codes):
            return 0
        return sum(count(i + 1, left - j) for j in range(min(left, pool[codes[i]]) + 1))
    return count(0, k)


def exact_hands(pool: dict[str, int], k: int):
    """Every hand of ``k`` unknown cards as ``(Counter, probability)`` (multivariate
    hypergeometric: drawn without replacement from the unseen cards)."""
    codes = list(pool)
    total = comb(sum(pool.values()), k)

    def walk(i: int, left: int, picked: dict, ways: int):
        if left == 0:
            yield Counter(picked), ways / total
            return
        if i == len(codes):
            return
        c = codes[i]
        for j in range(min(left, pool[c]) + 1):
            if j:
                picked[c] = j
            yield from walk(i + 1, left - j, picked, ways * comb(pool[c], j))
            picked.pop(c, None)
    yield from walk(0, k, {}, 1)


def holds(hand: Counter, sset: Multiset) -> bool:
    return all(hand[c] >= n for c, n in Counter(sset).items())


class Odds:
    """Chances that a hand (known cards plus ``k`` unknown from ``pool``) holds one of
    several families of card sets, computed together over the same hands."""

    def __init__(self, known: Counter, pool: dict[str, int], k: int, *, exact_limit: int,
                 samples: int, seed) -> None:
        self.known, self.pool, self.k = known, pool, k
        self.combinations = hand_combinations(pool, k)
        self.exact = self.combinations <= exact_limit
        self.samples = samples
        self.rng = random.Random(seed)

    def method(self, what: str) -> str:
        if self.exact:
            return (f"exact enumeration over {self.combinations} {what} combination"
                    f"{'s' if self.combinations != 1 else ''} (unseen cards weighted by count)")
        return (f"Monte Carlo: {self.samples} random {what}s of the {self.combinations} combinations, "
                f"95% Wilson interval")

    def chances(self, families: list[set[Multiset]]) -> list[tuple[float, float, float]]:
        """``(probability, low, high)`` for each family."""
        out = []
        if not any(families):  # nothing captures: no hand to look at
            return [(0.0, 0.0, 0.0)] * len(families)
        fams = [[tuple(Counter(s).items()) for s in fam] for fam in families]

        def caught(hand: Counter, fam) -> bool:
            return any(all(hand[c] >= n for c, n in need) for need in fam)

        if self.exact:
            hits = [0.0] * len(families)
            for unknown, p in exact_hands(self.pool, self.k):
                hand = self.known + unknown
                for i, fam in enumerate(fams):
                    if fam and caught(hand, fam):
                        hits[i] += p
            return [(min(h, 1.0), min(h, 1.0), min(h, 1.0)) for h in hits]
        deck = [c for c, n in self.pool.items() for _ in range(n)]
        hits = [0] * len(families)
        for _ in range(self.samples):
            hand = self.known + Counter(self.rng.sample(deck, self.k))
            for i, fam in enumerate(fams):
                if fam and caught(hand, fam):
                    hits[i] += 1
        for h in hits:
            low, high = wilson(h, self.samples)
            out.append((h / self.samples, low, high))
        return out


# -- the advisor -------------------------------------------------------------------------

def advise(game, *, seed=None, samples=None, exact_limit=None) -> Advice:
    """Advice for the side to play (see the module docstring).  ``samples``: random
    hands when sampling (default :data:`SAMPLES`); ``exact_limit``: the most hand
    combinations summed exactly (default :data:`EXACT_LIMIT`; 0 forces sampling);
    ``seed`` makes the sampling repeatable."""
    samples = SAMPLES if samples is None else max(1, int(samples))
    exact_limit = EXACT_LIMIT if exact_limit is None else exact_limit
    if game.over:
        return Advice("fluffy", "the game is over", "nothing to compute", [], notes=[game.phase()])
    if game.turn == "fluffy":
        return _fluffy_turn(game, seed, samples, exact_limit)
    return _zombies_turn(game, seed, samples, exact_limit)


def _zombie_odds(game, s: Position, seed, samples, exact_limit) -> Odds:
    hand = s.zombie_hand
    known = Counter(hand.known)
    unknown = hand.unknown
    if game.rules.zombie_hand_hidden:
        known, unknown = Counter(), hand.size
    pool = unseen_pool(game)
    return Odds(known, pool, min(unknown, sum(pool.values())), exact_limit=exact_limit,
                samples=samples, seed=seed)


def _codes(game) -> list[str]:
    count = game.s.count
    codes = count.playable(CARD_CODES)
    for c in game.s.zombie_hand.known:
        if c not in codes:
            codes.append(c)
    return codes


def _verify(game, s: Position, codes: list[str], budget: list[int]) -> list[str] | None:
    """Events that really catch Fluffy from ``s`` (zombies' turn) playing ``codes`` in
    order, with every choice and bounce tried on the real board; None if none does (or
    the search budget runs out)."""
    from referee.cards import Held

    r = game.rules
    if not s.shambled:
        from .rules import expand_shamble
        for ev, leaf in expand_shamble(Turn(r, s, [], Event("shamble"))):
            budget[0] -= 1
            if leaf.s.ending == "capture":
                return [ev.text()]
            if budget[0] <= 0:
                return None
            rest = _verify(game, leaf.s, codes, budget)
            if rest is not None:
                return [ev.text(), *rest]
        return None
    if not codes:
        return None
    from .rules import expand_zombie_play
    t = Turn(r, s.copy(), [], Event("zplay"))
    t.s.zombie_hand = Held(tuple(sorted(codes)), 0)
    for ev, leaf in expand_zombie_play(t, codes[0]):
        budget[0] -= 1
        if leaf.s.ending == "capture":
            return [ev.text()]
        if budget[0] <= 0:
            return None
        rest = _verify(game, leaf.s, codes[1:], budget)
        if rest is not None:
            return [ev.text(), *rest]
    return None


def _zombies_turn(game, seed, samples, exact_limit) -> Advice:
    s = game.s
    plays = min(ZOMBIE_PLAYS - s.zplays, s.zombie_hand.size)
    found = CaptureSearch(game, _codes(game), s.fluffy, plays, not s.shambled).run(s.zombies) \
        if s.fluffy is not None else {}
    family = set(found)
    odds = _zombie_odds(game, s, seed, samples, exact_limit)
    sets = sorted(family, key=lambda x: (len(x), x))
    chances = odds.chances([{x} for x in sets])
    lines = []
    for sset, (p, low, high) in zip(sets, chances):
        name, order = found[sset]
        events = _verify(game, s, order, [300]) if len(lines) < MAX_LINES else None
        cards = " ".join(sset) or "no card"
        if events is not None:
            plan, how = "; ".join(events), "checked on the board"
        else:
            plan = ("shamble; " if not s.shambled else "") + "; ".join(f"play {c}" for c in order)
            how = "not confirmed on the board: another zombie may be in the way"
        lines.append(Line(plan, p, low, high, detail=f"{name} catches Fluffy with {cards} ({how})",
                          extra={"cards": list(sset), "zombie": name, "checked": events is not None}))
    lines.sort(key=lambda l: (-l.probability, not l.extra["checked"], len(l.extra["cards"])))
    notes = [f"{len(lines)} capturing card set{'s' if len(lines) != 1 else ''} found; zombies followed one "
             f"by one (one in another's way is not modelled), each plan then checked on the board"]
    if lines:
        overall = odds.chances([family])[0]
        notes.append(f"chance the zombie hand holds some capture: {overall[0]:.3f}")
    else:
        near = min((_manhattan(z.at, s.fluffy) for z in s.zombies), default=None) if s.fluffy else None
        lines.append(Line("", 0.0, 0.0, 0.0, detail=("the shamble and " if not s.shambled else "")
                          + f"no play of up to {plays} card{'s' if plays != 1 else ''} catches Fluffy"
                          + (f"; the nearest zombie is {near} steps away" if near is not None else ""),
                          extra={"cards": [], "zombie": None, "checked": True}))
    return Advice("fluffy", "zombies: the replies that catch Fluffy this turn, and how likely the hand "
                  "holds their cards", odds.method("zombie hand"), lines[:MAX_LINES], best="high",
                  notes=notes)


def _fluffy_plans(game) -> tuple[list[dict], list[str]]:
    """One plan per end (square, facing, tree, ending): the event texts, the unknown
    cards it needs from Fluffy's hand."""
    r = game.rules
    s0 = game.s.copy()
    notes = []
    if s0.plays == 0 and fluffy_play_check(r, s0) is not None and s0.pile > 0:
        k = min(r.hand_size - s0.fluffy_hand.size, s0.pile)
        s0.fluffy_hand = s0.fluffy_hand.add_unknown(k)
        s0.pile -= k
        s0.drew = True
        notes.append(f"assumes Fluffy first draws {k} card{'s' if k != 1 else ''} (movement cards)")
    codes = s0.count.playable(CARD_CODES)
    plans: dict = {}
    seen: set = set()
    frontier = [(s0, [], ())]
    while frontier:
        nxt = []
        for s, events, needs in frontier:
            if fluffy_end_check(r, s) is None and s.plays > 0:
                key = (s.fluffy, s.facing, s.tree, s.ending)
                plans.setdefault(key, {"events": events, "needs": needs, "s": s})
            if s.ending:
                continue
            if sprint_check(r, s) is None:
                for ev, child in expand_fluffy_move(Turn(r, s, [], Event("sprint")), "sprint", None):
                    nxt.append((child.s, events + [ev.text()], needs))
            if fluffy_play_check(r, s) is not None:
                continue
            hand = s.fluffy_hand
            for c in _cards_for_moves(hand, s, codes):
                known = c in hand.known
                for ev, child in expand_fluffy_move(Turn(r, s, [], Event("play")), "play", c):
                    cs = child.s
                    state = (cs.fluffy, cs.facing, cs.tree, cs.ending, cs.fluffy_hand, cs.sprinted, cs.plays)
                    if state in seen:
                        continue
                    seen.add(state)
                    nxt.append((cs, events + [ev.text()], needs if known else tuple(sorted((*needs, c)))))
        frontier = nxt
    return list(plans.values()), notes


def _cards_for_moves(hand, s: Position, codes: list[str]) -> list[str]:
    """The cards to try for Fluffy's next play: every known card, and for each movement
    (F, L, R, B) not made by a known card, the unseen card most likely to make it (a
    single card before a choice card, then the most unseen)."""
    known = list(dict.fromkeys(hand.known))
    out = list(known)
    if hand.unknown:
        covered = {m for c in known for m in c}
        for m in "FLRB":
            if m in covered:
                continue
            options = [c for c in codes if m in c and s.count.allows(c)]
            if options:
                best = max(options, key=lambda c: (len(c) == 1, s.count.left(c)))
                if best not in out:
                    out.append(best)
    return out


def _fluffy_turn(game, seed, samples, exact_limit) -> Advice:
    board = game.board
    plans, notes = _fluffy_plans(game)
    to_tree = distances(board, board.tree)
    to_gate = distances(board, None, through_gate=True)
    search_codes = _codes(game)
    families: list[set[Multiset]] = []
    by_square: dict = {}
    for plan in plans:
        s: Position = plan["s"]
        if s.ending == "escape" or s.fluffy is None:
            fam: set[Multiset] = set()
        elif any(z.at == s.fluffy for z in s.zombies):
            fam = {()}  # ends his turn on a zombie: caught
        else:
            sq = s.fluffy
            if sq not in by_square:
                plays = min(ZOMBIE_PLAYS, s.zombie_hand.size)
                by_square[sq] = set(CaptureSearch(game, search_codes, sq, plays, True).run(s.zombies))
            fam = by_square[sq]
        families.append(fam)
    odds = _zombie_odds(game, game.s, seed, samples, exact_limit)
    chances = odds.chances(families)
    fl_pool = unseen_pool(game)
    chance_of: dict = {}
    lines = []
    for plan, (p, low, high) in zip(plans, chances):
        s = plan["s"]
        if s.fluffy is None:
            where, dist, goal = "exit", 0, "escaped"
        elif s.tree:
            dist, goal = to_gate.get(s.fluffy), "gate"
            where = board.sq(s.fluffy)
        else:
            dist, goal = to_tree.get(s.fluffy), "tree"
            where = board.sq(s.fluffy)
        needs = plan["needs"]
        detail = (f"ends on {where} facing {s.facing}; " if s.fluffy is not None else "escapes; ") + (
            f"{dist} step{'s' if dist != 1 else ''} to the {goal}" if goal != "escaped" and dist is not None
            else "through the gate" if goal == "escaped" else f"no way to the {goal}")
        extra = {"end": where, "facing": s.facing, "goal": goal, "distance": dist,
                 "unseen_cards_needed": list(needs)}
        if needs:
            if needs not in chance_of:
                chance_of[needs] = _holds_chance(fl_pool, game.s.fluffy_hand.unknown, needs)
            chance = chance_of[needs]
            extra["hand_chance"] = round(chance, 6)
            detail += f"; needs unseen {' '.join(needs)} (chance Fluffy holds them {chance:.2f})"
        events = plan["events"] + ([] if s.ending else ["end"])
        lines.append(Line("; ".join(events), p, low, high, detail=detail, extra=extra))
    lines.sort(key=lambda l: (l.probability, l.extra["distance"] if l.extra["distance"] is not None else 999,
                              len(l.extra["unseen_cards_needed"])))
    notes.append(f"{len(lines)} distinct ends of Fluffy's turn; distances by breadth-first search on the "
                 f"board, zombies ignored (to the tree until tagged, then to the gate)")
    notes.append("zombies followed one by one through the shamble and up to three cards (one in "
                 "another's way is not modelled); cards the zombie player may snag this turn are not counted")
    if len(lines) > MAX_LINES:
        notes.append(f"the best {MAX_LINES} are listed")
    return Advice("fluffy", "Fluffy: the chance the zombies catch him in their next turn, for each way to "
                  "end this turn", odds.method("zombie hand"), lines[:MAX_LINES], best="low", notes=notes)


def _holds_chance(pool: dict[str, int], k: int, needs: Multiset) -> float:
    """The chance that ``k`` cards drawn from ``pool`` include ``needs``."""
    if not needs:
        return 1.0
    if k < len(needs):
        return 0.0
    wanted = set(needs)
    reduced = {c: pool.get(c, 0) for c in wanted}   # only the needed kinds matter:
    reduced["*"] = sum(n for c, n in pool.items() if c not in wanted)   # the rest in one bucket
    reduced = {c: n for c, n in reduced.items() if n > 0}
    if sum(reduced.values()) < k:
        return 0.0
    return sum(p for hand, p in exact_hands(reduced, k) if holds(hand, needs))
