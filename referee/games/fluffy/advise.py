"""The Zombies Want Fluffy advisor: the odds that the zombies catch Fluffy next turn.

:func:`advise` answers for the side to play (issue 23):

- **Fluffy's turn**: every way Fluffy can end his turn from here (card sequences his
  hand may hold, with each bounce choice and the sprint), the best plan for each end
  (square, facing, tree, ending), each with the chance that the zombies catch him in
  their next turn.  Ranked by that chance, then by the goal: a win (escape, Dawn's Early
  Light), then the tree tagged (steps to the gate), then steps to the tree (breadth-first
  search on the board ignoring zombies), so tagging the tree is never undone by a
  shorter distance to it.  ``plan="play F; play F; end"`` evaluates one plan (refused,
  with its rule, when illegal); ``hand="F F R"`` names his face-down cards for this
  question only.
- **The zombies' turn**: the replies (shamble, then up to three cards) that catch Fluffy,
  each with the chance that the zombie hand holds its cards, best first; when none can,
  the replies that most limit his next turn (fewest squares within his reach that no
  zombie stands within four steps of).  ``plan`` and ``hand`` as for Fluffy.

How the chance is computed.  For a square Fluffy may end on, :class:`CaptureSearch`
finds every *capturing card set*: the cards (at most three) that some shamble, play
order, choices and bounce facings turn into a capture, each zombie followed on its own.
That is exact when no zombie that can reach Fluffy can meet another zombie this turn
(:func:`isolated`); otherwise the method says what was simplified.  The zombie hand is
its known (snagged, face-up) cards plus face-down ones drawn from the cards not seen
yet (each weighted by the unseen count of its kind), and, in Fluffy's turn, any of the
cards his plan plays that it snags (SNAGGING: while it holds fewer than five; the
zombie player is assumed to snag those that complete a capture): :class:`SnagOdds`.
Summed exactly over every hand when the combinations are few enough (``exact_limit``),
otherwise estimated from ``samples`` random hands (Monte Carlo, the same hands for every
plan) with a 95% Wilson interval.  The answer's ``method`` starts with ``exact:``,
``Monte Carlo:`` or ``simplified:`` and says what was left out.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from math import comb

from referee.advice import Advice, Line, wilson
from referee.cards import Held, Tally
from referee.errors import BadInputError, IllegalEventError

from referee.grid import facing_towards

from .board import ZOMBIE_NAMES
from .notation import CARD_CODES, Event
from .rules import (_LEFT, _RIGHT, ROTATE, ZOMBIE_PLAYS, Turn, expand_fluffy_move, expand_shamble,
                    expand_zombie_play, fluffy_end_check, fluffy_play_check, sprint_check)
from .state import HAND_LIMIT, Position

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
            kind, nxt = exits.get((sq, d), ("wall", None))
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

def unseen_pool(game, s: Position | None = None) -> dict[str, int]:
    """Unseen cards by code in position ``s`` (default: the game's): the deck's counts
    less those seen (never below zero).  If the counts leave too few (a guessed deck
    already passed), the whole deck's mix."""
    s = game.s if s is None else s
    count = s.count
    pool = {c: count.left(c) for c, n in count.composition.items() if n > 0}
    pool = {c: n for c, n in pool.items() if n > 0}
    need = s.zombie_hand.unknown + s.fluffy_hand.unknown
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


# -- snags: the cards the zombie player may take from Fluffy's plan ---------------------

def snag_room(s: Position) -> int:
    """How many of Fluffy's played cards the zombie player may still snag this turn: it
    snags only while holding fewer than five cards (SNAGGING, ``fluffy.snag``), and each
    snag adds one to its hand."""
    return max(0, HAND_LIMIT - s.zombie_hand.size)


def isolated(zombies, sq, reach: int) -> bool:
    """Whether following each zombie on its own (as :class:`CaptureSearch` does) finds
    exactly the captures of the real board on ``sq``, in a turn of ``reach`` moves: true
    when no zombie is within ``reach`` steps of ``sq`` (none can capture), or when only
    one zombie is within ``reach + 2`` steps.  A zombie on its way to ``sq`` is, before
    its t-th move, within ``reach - t + 1`` steps of it; another zombie can be in its way,
    or change where it may bounce, only from a square next to it, after at most t moves
    of its own: so from no farther than ``reach + 2`` steps of ``sq`` at the start."""
    if all(_manhattan(z.at, sq) > reach for z in zombies):
        return True
    return sum(1 for z in zombies if _manhattan(z.at, sq) <= reach + 2) <= 1


def _caught(hand: Counter, fam: list[tuple], snaggable: Counter, room: int) -> bool:
    """Whether a zombie hand, topped up with at most ``room`` of the ``snaggable``
    cards, holds one of the capturing sets ``fam`` (each as ``((code, n), ...)``)."""
    for need in fam:
        short = 0
        for c, n in need:
            d = n - hand[c]
            if d > 0:
                if snaggable[c] < d:
                    break
                short += d
        else:
            if short <= room:
                return True
    return False


def _keyed(hand: Counter, weight) -> tuple[Counter, float, tuple]:
    return hand, weight, tuple(sorted((c, n) for c, n in hand.items() if n))


class SnagOdds:
    """The chance that the zombie player catches Fluffy on a square, holding its known
    cards, ``k`` face-down cards drawn from the unseen ones, and any of the cards Fluffy's
    plan plays that it chooses to snag (at most ``room``; the zombie player sees each card
    as it is played and knows its own hand, so it snags the ones that complete a
    capture).

    Exact: the face-down hands are summed over every combination of the card kinds that
    matter on that square (the others lumped together, multivariate hypergeometric),
    unless more than ``exact_limit``; then ``samples`` hands are drawn, the same hands for
    every plan (common random numbers), with a 95% Wilson interval."""

    def __init__(self, known: Counter, k: int, room: int, *, exact_limit: int, samples: int, seed) -> None:
        self.known, self.k, self.room = known, k, room
        self.exact_limit, self.samples, self.seed = exact_limit, samples, seed
        self.sampled = False
        self.most = 0            # the most hand combinations summed for one chance
        self._hands: dict = {}
        self._memo: dict = {}
        self._drawn: dict = {}
        self._verdicts: dict = {}   # (capturing sets, snaggable) -> {hand: caught}

    def _hand_list(self, pool: dict[str, int], relevant: frozenset):
        reduced: dict[str, int] = {c: n for c, n in pool.items() if c in relevant and n > 0}
        rest = sum(n for c, n in pool.items() if c not in relevant)
        if rest:
            reduced["*"] = rest
        k = min(self.k, sum(reduced.values()))
        key = (tuple(sorted(reduced.items())), k)
        got = self._hands.get(key)
        if got is None:
            combos = hand_combinations(reduced, k)
            if combos <= self.exact_limit:
                got = ([_keyed(self.known + hand, p) for hand, p in exact_hands(reduced, k)], True, combos)
            else:   # the same sampled hands for every square and plan, grouped by what matters here
                drawn = self._sampled(pool)
                groups: Counter = Counter()
                for hand in drawn:
                    groups[tuple(sorted((c if c in relevant else "*", n) for c, n in hand.items()))] += 1
                merged = []
                for items, times in groups.items():
                    hand = Counter()
                    for c, n in items:
                        hand[c] += n
                    merged.append(_keyed(self.known + hand, times))
                got = (merged, False, combos)
            self._hands[key] = got
        return got

    def _sampled(self, pool: dict[str, int]) -> list[Counter]:
        key = tuple(sorted(pool.items()))
        got = self._drawn.get(key)
        if got is None:
            rng = random.Random(self.seed)
            deck = [c for c, n in sorted(pool.items()) for _ in range(n)]
            k = min(self.k, len(deck))
            got = self._drawn[key] = [Counter(rng.sample(deck, k)) for _ in range(self.samples)]
        return got

    def chance(self, fam: set[Multiset], pool: dict[str, int], snaggable: Counter) -> tuple[float, float, float]:
        """``(probability, low, high)`` of a capture on a square whose capturing card sets
        are ``fam``, the face-down cards drawn from ``pool``, the plan playing ``snaggable``."""
        if not fam:
            return (0.0, 0.0, 0.0)
        if () in fam:
            return (1.0, 1.0, 1.0)
        relevant = frozenset(c for x in fam for c in x)
        room = self.room
        # only the kinds that matter on this square change the answer: plans that share
        # them share it
        key = (frozenset(fam), tuple(sorted((c, n) for c, n in pool.items() if c in relevant)),
               sum(n for c, n in pool.items() if c not in relevant),
               tuple(sorted((c, min(n, room)) for c, n in snaggable.items() if c in relevant and n)))
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._chance(fam, relevant, pool, snaggable)
        return got

    def _chance(self, fam, relevant, pool, snaggable) -> tuple[float, float, float]:
        needs = [tuple(Counter(x).items()) for x in fam]
        hands, exact, combos = self._hand_list(pool, relevant)
        room = self.room
        # the same hand meets the same verdict whatever pool it was drawn from
        vkey = (frozenset(fam), tuple(sorted((c, min(n, room)) for c, n in snaggable.items() if c in relevant and n)))
        verdicts = self._verdicts.setdefault(vkey, {})

        def caught(hand, hkey) -> bool:
            v = verdicts.get(hkey)
            if v is None:
                v = verdicts[hkey] = _caught(hand, needs, snaggable, room)
            return v

        if exact:
            self.most = max(self.most, combos)
            p = sum(w for hand, w, hkey in hands if caught(hand, hkey))
            p = min(p, 1.0)
            return (p, p, p)
        self.sampled = True
        hits = sum(times for hand, times, hkey in hands if caught(hand, hkey))
        low, high = wilson(hits, self.samples)
        return (hits / self.samples, low, high)


# -- the advisor -------------------------------------------------------------------------

def advise(game, *, seed=None, samples=None, exact_limit=None, plan: str | None = None,
           hand: str | None = None) -> Advice:
    """Advice for the side to play (see the module docstring).

    ``samples``: random hands when sampling (default :data:`SAMPLES`); ``exact_limit``:
    the most hand combinations summed exactly (default :data:`EXACT_LIMIT`; 0 forces
    sampling); ``seed`` makes the sampling repeatable.  ``plan``: events of this turn
    (``"play F; play F; end"``) to evaluate instead of listing every plan;
    :class:`IllegalEventError` (exit 1, with the rule) if the rules refuse one.
    ``hand``: the hand of the side to play (``"F F R"``) for this question only, when
    the referee does not know it (hidden cards); :class:`BadInputError` if it does not fit
    the cards known, the hand's size or the deck's counts."""
    samples = SAMPLES if samples is None else max(1, int(samples))
    exact_limit = EXACT_LIMIT if exact_limit is None else exact_limit
    if game.over:
        return Advice("fluffy", "the game is over", "nothing to compute", [], notes=[game.phase()])
    if game.turn == "fluffy":
        return _fluffy_turn(game, seed, samples, exact_limit, plan, hand)
    return _zombies_turn(game, seed, samples, exact_limit, plan, hand)


def _hand_cards(text: str) -> list[str]:
    from .notation import parse_card

    cards = [parse_card(t) for t in text.replace(",", " ").split()]
    if not cards:
        raise BadInputError("--hand names the cards held, e.g. \"F F R\"")
    return cards


def _codes(game) -> list[str]:
    """The cards the zombie player may hold: every card the deck may hold (all of them
    without a ``[Deck]`` tag) and those known in its hand."""
    count = game.s.count
    codes = count.playable(CARD_CODES)
    for c in game.s.zombie_hand.known:
        if c not in codes:
            codes.append(c)
    return codes


def with_hand(s: Position, held: Held, cards: list[str], who: str, sizes: tuple[int, ...]) -> tuple[Held, Tally]:
    """``held`` with its face-down cards named by ``cards`` (for one question): the hand
    and the tally with those cards seen.  :class:`BadInputError` if ``cards`` leave out
    a card known to be held, hold more than ``sizes`` allow, or more of a card than the
    deck has unseen."""
    given = Counter(cards)
    known = Counter(held.known)
    missing = known - given
    if missing:
        raise BadInputError(f"--hand leaves out {' '.join(sorted(missing.elements()))}, known to be in "
                            f"{who}'s hand ({' '.join(held.known)})")
    if len(cards) not in sizes:
        want = " or ".join(str(n) for n in sizes)
        raise BadInputError(f"--hand names {len(cards)} card{'s' if len(cards) != 1 else ''}; "
                            f"{who} holds {want}")
    count = s.count
    for c in sorted((given - known).elements()):
        if not count.allows(c):
            raise BadInputError(f"--hand: {who} cannot hold another {c}: the deck holds "
                                f"{count.count_of(c)}, all seen already")
        count = count.see(c)
    return Held(tuple(sorted(cards)), 0), count


# -- Fluffy's turn -----------------------------------------------------------------------

def _start(game, hand: str | None) -> tuple[Position, list[str], list[str]]:
    """Fluffy's position to plan from: after the refill he still owes (face-down cards,
    assumed movement cards), with ``hand`` named; the notes, and what was simplified."""
    r = game.rules
    s0 = game.s.copy()
    notes: list[str] = []
    simplified: list[str] = []
    owed = 0
    if s0.plays == 0 and fluffy_play_check(r, s0) is not None and s0.pile > 0:
        owed = min(r.hand_size - s0.fluffy_hand.size, s0.pile)
    if hand is not None:
        cards = _hand_cards(hand)
        sizes = tuple(sorted({s0.fluffy_hand.size, s0.fluffy_hand.size + owed}))
        s0.fluffy_hand, s0.count = with_hand(s0, s0.fluffy_hand, cards, "Fluffy", sizes)
        if len(cards) > game.s.fluffy_hand.size:
            s0.pile -= owed
            s0.drew = True
            notes.append(f"Fluffy's hand as given after his refill: {' '.join(cards)} (this question only)")
            if len(ZOMBIE_NAMES) - len(s0.drawn) > 0:
                simplified.append("his refill assumed to draw no zombie card")
            owed = 0
        else:
            notes.append(f"Fluffy's hand as given: {' '.join(cards)} (this question only)")
    if owed:
        s0.fluffy_hand = s0.fluffy_hand.add_unknown(owed)
        s0.pile -= owed
        s0.drew = True
        notes.append(f"assumes Fluffy first draws {owed} card{'s' if owed != 1 else ''}")
        if len(ZOMBIE_NAMES) - len(s0.drawn) > 0:
            simplified.append("his refill assumed to draw no zombie card")
    return s0, notes, simplified


def _fluffy_plans(r, s0: Position) -> list[dict]:
    """Every way Fluffy can play out his turn from ``s0`` (breadth first, one path per
    distinct position and hand): the event texts, the unseen cards it needs from his hand
    (``needs``), the cards it plays (``played``) and the position before ``end``."""
    codes = s0.count.playable(CARD_CODES)  # every card the deck may hold (no [Deck]: all)
    plans: dict = {}
    seen: set = set()
    frontier = [(s0, [], (), ())]
    while frontier:
        nxt = []
        for s, events, needs, played in frontier:
            if fluffy_end_check(r, s) is None and s.plays > 0:
                key = (s.fluffy, s.facing, s.tree, s.ending, s.fluffy_hand, needs)
                plans.setdefault(key, {"events": events, "needs": needs, "played": played, "s": s})
            if s.ending:
                continue
            if sprint_check(r, s) is None:
                for ev, child in expand_fluffy_move(Turn(r, s, [], Event("sprint")), "sprint", None):
                    nxt.append((child.s, events + [ev.text()], needs, played))
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
                    nxt.append((cs, events + [ev.text()], needs if known else tuple(sorted((*needs, c))),
                                (*played, c)))
        frontier = nxt
    return list(plans.values())


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


def _plan_from_text(game, s0: Position, text: str) -> dict:
    """The plan a player has in mind (``"play F; play F >W; end"``), applied to a copy of
    ``s0``: :class:`IllegalEventError` (with its rule) at the first event the rules
    refuse, :class:`BadInputError` for an event that is not Fluffy's play, sprint or end."""
    from .notation import _parse_event

    r = game.rules
    texts = [t.strip() for t in text.split(";") if t.strip()]
    if not texts:
        raise BadInputError("--plan lists Fluffy's events, e.g. \"play F; play F; end\"")
    s = s0.copy()
    events: list[str] = []
    needs: list[str] = []
    played: list[str] = []
    for i, t in enumerate(texts):
        ev = _parse_event(t, False)
        if ev.verb not in ("play", "sprint", "end"):
            raise BadInputError(f"--plan: {t!r} is not one of Fluffy's plays, a sprint or the end of his turn")
        if ev.verb == "end":
            if i != len(texts) - 1:
                raise BadInputError("--plan: `end` closes Fluffy's turn; nothing may follow it")
            problem = fluffy_end_check(r, s)
            if problem:
                raise IllegalEventError(problem[0], problem[1], event=t)
            break
        if s.ending:
            raise IllegalEventError(f"the game is over ({s.ending}) before {t!r}", "fluffy.game-over", event=t)
        before = s.fluffy_hand
        turn = Turn(r, s.copy(), [], ev)
        done = turn.run()
        if ev.verb == "play":
            played.append(ev.card)
            if ev.card not in before.known:
                needs.append(ev.card)
        s = turn.s
        events.append(done.text())
    if s.plays == 0:
        raise IllegalEventError("Fluffy must play at least one card before ending his turn", "fluffy.fluffy-turn",
                                event=text)
    return {"events": events, "needs": tuple(sorted(needs)), "played": tuple(played), "s": s}


class _Judge:
    """Evaluates Fluffy's plans: the chance of capture in the zombies' next turn, with
    snags, and the goal reached."""

    def __init__(self, game, s0: Position, seed, samples, exact_limit) -> None:
        self.game, self.r, self.s0 = game, game.rules, s0
        self.board = game.board
        zh = s0.zombie_hand
        hidden = self.r.zombie_hand_hidden
        known = Counter() if hidden else Counter(zh.known)
        unknown = zh.size if hidden else zh.unknown
        self.room = snag_room(s0)
        self.pending = s0.snag if (s0.snag is not None and self.room) else None
        self.plays = min(ZOMBIE_PLAYS, zh.size + self.room)
        self.reach = self.plays + 1
        self.pool = unseen_pool(game, s0)
        self.odds = SnagOdds(known, unknown, self.room, exact_limit=exact_limit, samples=samples, seed=seed)
        self.codes = _codes(game)
        self.to_tree = distances(self.board, self.board.tree)
        self.to_gate = distances(self.board, None, through_gate=True)
        self.fams: dict = {}
        self.interacting = False     # a line answered moves zombies that may meet as if alone
        self.uses_hands = False      # a line answered depends on the face-down cards

    def family(self, s: Position) -> set[Multiset]:
        sq = s.fluffy
        got = self.fams.get(sq)
        if got is None:
            got = set(CaptureSearch(self.game, self.codes, sq, self.plays, True).run(s.zombies))
            self.fams[sq] = got
        return got

    def judge(self, plan: dict) -> dict:
        s: Position = plan["s"]
        out = {"exact": True}
        if s.ending == "escape":
            out.update(p=(0.0, 0.0, 0.0), ending="escape")
            return out
        t = Turn(self.r, s.copy(), [], Event("end"))
        t.fluffy_end()
        end = t.s
        out["ending"] = end.ending
        if end.ending in ("capture", "bladder"):
            out["p"] = (1.0, 1.0, 1.0)
        elif end.ending == "dawn" or end.turn == "fluffy":
            out["p"] = (0.0, 0.0, 0.0)
        else:
            fam = self.family(s)
            if not isolated(s.zombies, s.fluffy, self.reach):
                out["exact"] = False
            pool = dict(self.pool)
            for c in plan["needs"]:
                if pool.get(c, 0) > 0:
                    pool[c] -= 1
            snaggable = Counter(plan["played"])
            if self.pending:
                snaggable[self.pending] += 1
            out["p"] = self.odds.chance(fam, pool, snaggable)
            out["hands"] = bool(fam) and () not in fam
            out["snag"] = sorted(snaggable.elements()) if self.room else []
        return out

    def progress(self, s: Position, ending) -> tuple[int, int | None, str]:
        """``(stage, distance, goal)``: stage 0 a win (escape or dawn), 1 the tree tagged
        (distance to the gate), 2 not yet (distance to the tree).  Ranking by the stage
        first, a tagged tree is never undone by a shorter distance to it."""
        if ending in ("escape", "dawn"):
            return 0, 0, ending
        if s.tree:
            return 1, self.to_gate.get(s.fluffy), "gate"
        return 2, self.to_tree.get(s.fluffy), "tree"

    def line(self, plan: dict, res: dict, fl_pool, unknown: int, chance_of: dict) -> Line:
        s = plan["s"]
        p, low, high = res["p"]
        stage, dist, goal = self.progress(s, res.get("ending"))
        board = self.board
        where = board.sq(s.fluffy) if s.fluffy is not None else "exit"
        if res.get("ending") == "escape":
            detail = "escapes through the gate"
        elif res.get("ending") == "dawn":
            detail = f"ends on {where}; no cards left, the tree tagged: Dawn's Early Light"
        elif res.get("ending") == "bladder":
            detail = f"ends on {where}; no cards left, the tree not tagged: Bladder Explosion"
        else:
            detail = f"ends on {where} facing {s.facing}; " + (
                "tags the tree; " if s.tree and not self.s0.tree else "") + (
                f"{dist} step{'s' if dist != 1 else ''} to the {goal}" if dist is not None else f"no way to the {goal}")
        snag = res.get("snag") or []
        if snag and 0 < p:
            detail += f"; the zombies may snag {min(self.room, len(snag))} of {' '.join(snag)}"
        extra = {"end": where, "facing": s.facing, "goal": goal, "distance": dist, "stage": stage,
                 "tree": s.tree, "ending": res.get("ending"), "snaggable": snag,
                 "exact": res["exact"] and not (low != high), "isolated": res["exact"],
                 "hands": res.get("hands", False),
                 "unseen_cards_needed": list(plan["needs"])}
        needs = plan["needs"]
        if needs:
            if needs not in chance_of:
                chance_of[needs] = _holds_chance(fl_pool, unknown, needs)
            chance = chance_of[needs]
            extra["hand_chance"] = round(chance, 6)
            detail += f"; needs unseen {' '.join(needs)} (chance Fluffy holds them {chance:.2f})"
        events = plan["events"] + ([] if s.ending else ["end"])
        return Line("; ".join(events), p, low, high, detail=detail, extra=extra)

    def method(self, simplified: list[str]) -> str:
        odds = self.odds
        what = []
        if odds.sampled:
            head = (f"Monte Carlo: {odds.samples} random face-down zombie hands from the unseen cards, "
                    f"95% Wilson interval")
        else:
            head = "every face-down zombie hand from the unseen cards"
        snag = (f"every snag of the plan's cards (room for {self.room})" if self.room
                else "no snag (the zombie hand is full)")
        what = [*simplified]
        if self.r.zombie_hand_hidden and self.s0.zombie_hand.known and self.uses_hands:
            what.append("the face-down snagged cards drawn as if unseen (hidden zombie hand)")
        if self.interacting:
            what.append("zombies that may meet moved as if alone")
        if not self.r.deck_given and self.uses_hands:
            what.append("the deck mix is the project's guess (no [Deck])")
        body = f"{head}, {snag}, every reply of the shamble and up to {self.plays} card{'s' if self.plays != 1 else ''}"
        if what:
            return f"simplified: {'; '.join(what)}. Otherwise {body}"
        if odds.sampled:
            return body
        return f"exact: {body}"


def _fluffy_turn(game, seed, samples, exact_limit, plan_text=None, hand=None) -> Advice:
    s0, notes, simplified = _start(game, hand)
    r = game.rules
    judge = _Judge(game, s0, seed, samples, exact_limit)
    fl_pool = unseen_pool(game, s0)
    unknown = s0.fluffy_hand.unknown
    chance_of: dict = {}
    question = "Fluffy: chance the zombies catch him next turn"
    if plan_text is not None:
        plan = _plan_from_text(game, s0, plan_text)
        line = judge.line(plan, judge.judge(plan), fl_pool, unknown, chance_of)
        lines = [line]
        best = _best_lines(game, s0, judge, fl_pool, unknown, chance_of)
        if best:
            b = best[0]
            notes.append(f"the best plan found: {b.plan} ({b.probability:.1%}; {b.detail})")
        question += ", after the plan given"
    else:
        lines = _best_lines(game, s0, judge, fl_pool, unknown, chance_of)
        question += ", each way to end this turn"
        notes.append(f"{len(lines)} distinct ends of Fluffy's turn; ranked by the chance, then the goal: a "
                     f"win, then the tree tagged (steps to the gate), then steps to the tree (breadth-first "
                     f"search on the board, zombies ignored)")
        if len(lines) > MAX_LINES:
            notes.append(f"the best {MAX_LINES} are listed")
        lines = lines[:MAX_LINES]
    judge.interacting = any(not l.extra["isolated"] for l in lines)   # of the lines answered
    judge.uses_hands = any(l.extra["hands"] for l in lines)
    if unknown:
        notes.append(f"{unknown} of Fluffy's cards are face down to the referee: a plan that needs them says "
                     f"so, with the chance he holds them (its chance of capture assumes he does); "
                     f"--hand names them for this question")
    if judge.room:
        notes.append(f"the zombie player may snag up to {judge.room} of the cards each plan plays (it holds "
                     f"{s0.zombie_hand.size}, snags below {HAND_LIMIT}); it is assumed to snag those that "
                     f"complete a capture, as if it knew where the plan ends (when it may snag fewer cards than "
                     f"a plan plays, the chance is the most it can make of them)")
    if judge.interacting:
        notes.append("zombies followed one by one through the shamble and up to three cards: one in "
                     "another's way is not modelled")
    return Advice("fluffy", question, judge.method(simplified), lines, best="low", notes=notes)


def _best_lines(game, s0, judge: _Judge, fl_pool, unknown, chance_of) -> list[Line]:
    """Every end of Fluffy's turn (square, facing, tree, ending), its best plan, ranked."""
    best: dict = {}
    for plan in _fluffy_plans(game.rules, s0):
        s = plan["s"]
        res = judge.judge(plan)
        key = (s.fluffy, s.facing, s.tree, s.ending)
        rank = (res["p"][0], len(plan["needs"]), len(plan["events"]))
        have = best.get(key)
        if have is None or rank < have[0]:
            best[key] = (rank, plan, res)
    lines = [judge.line(plan, res, fl_pool, unknown, chance_of) for _, plan, res in best.values()]
    lines.sort(key=lambda l: (round(l.probability, 9), l.extra["stage"],
                              l.extra["distance"] if l.extra["distance"] is not None else 999,
                              len(l.extra["unseen_cards_needed"]), len(l.plan)))
    return lines


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


# -- the zombies' turn -------------------------------------------------------------------

def _zombie_odds(game, s: Position, seed, samples, exact_limit, given: bool = False) -> Odds:
    """The zombie hand's odds: its known cards and its face-down ones from the unseen (in
    the hidden-hand variant every card counts as face down, unless ``given`` by --hand)."""
    hand = s.zombie_hand
    known = Counter(hand.known)
    unknown = hand.unknown
    if game.rules.zombie_hand_hidden and not given:
        known, unknown = Counter(), hand.size
    pool = unseen_pool(game, s)
    return Odds(known, pool, min(unknown, sum(pool.values())), exact_limit=exact_limit,
                samples=samples, seed=seed)


def _verify(game, s: Position, codes: list[str], budget: list[int]) -> list[str] | None:
    """Events that really catch Fluffy from ``s`` (zombies' turn) playing ``codes`` in
    order, with every choice and bounce tried on the real board; None if none does (or
    the search budget runs out)."""
    r = game.rules
    if not s.shambled:
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


class _Limit:
    """How much a zombies' reply limits Fluffy's next turn: the squares he can reach
    (within ``steps`` steps on the board: walls, bugs and the gate counted, facings and
    zombies not) that no zombie stands within four steps of (along files and ranks: a
    shamble and three cards), and the nearest of them to his goal.  Fewer safe squares,
    then a farther goal, limit him more."""

    def __init__(self, game, s: Position) -> None:
        board = game.board
        steps = game.rules.hand_size + 1
        self.reach = frozenset(sq for sq, d in distances(board, s.fluffy).items() if d <= steps)
        self.to_goal = distances(board, None, through_gate=True) if s.tree else distances(board, board.tree)
        self.goal = "gate" if s.tree else "tree"
        self.fluffy = s.fluffy
        self._near: dict = {}

    def score(self, zombies) -> tuple[int, int | None, int]:
        """``(safe squares, the nearest of them to the goal, the nearest zombie's steps
        to Fluffy along files and ranks)``."""
        threatened: set = set()
        for z in zombies:
            near = self._near.get(z.at)
            if near is None:
                near = self._near[z.at] = frozenset(sq for sq in self.reach if _manhattan(sq, z.at) <= 4)
            threatened |= near
        safe = self.reach - threatened
        closest = min((_manhattan(z.at, self.fluffy) for z in zombies), default=99)
        return len(safe), min((self.to_goal.get(sq, 999) for sq in safe), default=None), closest


def _hold_chance(odds: Odds, cards: Multiset) -> float:
    """The exact chance that the zombie hand (its known cards and ``odds.k`` face-down
    ones from the unseen) holds ``cards``."""
    extra = Counter(cards) - odds.known
    return _holds_chance(odds.pool, odds.k, tuple(sorted(extra.elements())))


def _limit_key(score) -> tuple:
    """Most limiting first: fewest safe squares, the farthest of them from the goal, the
    nearest zombie."""
    safe, near, closest = score
    return (safe, -(near or 0), closest)


#: Zombie positions looked at, at most, when ranking the replies that limit Fluffy.
LIMIT_BUDGET = 3000
#: After each card, the replies searched further: the most limiting so far.
LIMIT_BEAM = 12


def _limiting_replies(game, s: Position, plays: int, odds: Odds) -> tuple[list[Line], bool]:
    """The zombies' replies (the shamble if still owed, then up to ``plays`` cards the
    hand may hold, each zombie in board order with every choice and bounce facing), ranked
    by :class:`_Limit`; each with the chance the hand holds its cards.  Also whether the
    search was cut short (:data:`LIMIT_BUDGET`)."""
    r = game.rules
    limit = _Limit(game, s)
    known = odds.known
    may = [c for c in _codes(game) if known[c] or (odds.k and odds.pool.get(c, 0) > 0)]

    def holdable(cards: Counter) -> bool:
        extra = cards - known
        return sum(extra.values()) <= odds.k and all(odds.pool.get(c, 0) >= n for c, n in extra.items())

    def scored(events, st, cards):
        if st.ending == "capture":
            return (-1, None, 0), events
        end = Turn(r, st.copy(), [], Event("end"))
        end.zombie_end()
        return limit.score(end.s.zombies), events + ["end"]

    if s.shambled:
        frontier = [([], s, ())]
    else:
        frontier = [([ev.text()], leaf.s, ()) for ev, leaf in expand_shamble(Turn(r, s, [], Event("shamble")))]
    leaves: dict = {}
    seen: set = set()
    cut = False
    budget = LIMIT_BUDGET
    for depth in range(plays + 1):
        ranked = []
        for events, st, cards in frontier:
            key = tuple(sorted(cards))
            score, line = scored(events, st, cards)
            have = leaves.get(key)
            if have is None or _limit_key(score) < _limit_key(have[0]):
                leaves[key] = (score, line)
            if st.ending is None:
                ranked.append((_limit_key(score), len(ranked), events, st, cards))
        if depth == plays:
            break
        ranked.sort(key=lambda x: x[:2])
        if len(ranked) > LIMIT_BEAM:
            cut = True
        nxt = []
        for _, _, events, st, cards in ranked[:LIMIT_BEAM]:
            for c in may:
                if not holdable(Counter(cards) + Counter({c: 1})):
                    continue
                t = Turn(r, st.copy(), [], Event("zplay"))
                t.s.zombie_hand = Held((c,), 0)
                for ev, leaf in expand_zombie_play(t, c):
                    k = (leaf.s.zombies, leaf.s.ending, tuple(sorted((*cards, c))))
                    if k in seen:
                        continue
                    seen.add(k)
                    budget -= 1
                    nxt.append(([*events, ev.text()], leaf.s, (*cards, c)))
                if budget <= 0:
                    break
            if budget <= 0:
                cut = True
                break
        frontier = nxt
    lines = []
    for cards, ((safe, near, closest), events) in leaves.items():
        p = (_hold_chance(odds, cards),) * 3
        if safe < 0:   # a capture after all (one zombie in another's way helps)
            lines.append(Line("; ".join(events), *p, detail=f"catches Fluffy (checked on the board); chance the "
                              f"hand holds {' '.join(cards) or 'no card'}",
                              extra={"cards": list(cards), "zombie": None, "checked": True, "safe_squares": -1,
                                     "nearest_to_goal": None, "nearest_zombie": 0, "catches": True}))
            continue
        detail = (f"leaves Fluffy {safe} square{'s' if safe != 1 else ''} in reach with no zombie within "
                  f"4 steps" + (f"; the nearest {near} steps from the {limit.goal}" if near is not None else ""))
        detail += f"; nearest zombie {closest} steps from him"
        if cards:
            detail += f"; chance the hand holds {' '.join(cards)}"
        lines.append(Line("; ".join(events), p[0], p[1], p[2], detail=detail,
                          extra={"cards": list(cards), "zombie": None, "checked": True, "safe_squares": safe,
                                 "nearest_to_goal": near, "nearest_zombie": closest, "catches": False}))
    lines.sort(key=lambda l: (*_limit_key((l.extra["safe_squares"], l.extra["nearest_to_goal"],
                                          l.extra["nearest_zombie"])), -l.probability, len(l.extra["cards"])))
    return lines, cut


def _zombie_plan(game, s: Position, text: str, odds: Odds) -> Line:
    """The reply a player has in mind (``"shamble; play F Raimi George; end"``), applied
    to a copy: :class:`IllegalEventError` (with its rule) where the rules refuse it."""
    from .notation import _parse_event

    r = game.rules
    texts = [t.strip() for t in text.split(";") if t.strip()]
    if not texts:
        raise BadInputError("--plan lists the zombies' events, e.g. \"shamble; play F; end\"")
    st = s.copy()
    events: list[str] = []
    cards: list[str] = []
    for t in texts:
        if st.ending:
            raise IllegalEventError(f"the game is over ({st.ending}) before {t!r}", "fluffy.game-over", event=t)
        ev = _parse_event(t, True)
        if ev.verb not in ("shamble", "zplay", "discard", "end"):
            raise BadInputError(f"--plan: {t!r} is not one of the zombies' events (shamble, play, discard, end)")
        if ev.verb in ("zplay", "discard"):
            cards.append(ev.card)
        turn = Turn(r, st.copy(), [], ev)
        done = turn.run()
        events.append(done.text())
        st = turn.s
        if ev.verb == "end":
            break
    need = tuple(sorted(cards))
    p = (_hold_chance(odds, need),) * 3
    if st.ending == "capture":
        return Line("; ".join(events), *p, detail=f"catches Fluffy; chance the hand holds {' '.join(need) or 'no card'}",
                    extra={"cards": list(need), "catches": True, "checked": True})
    limit = _Limit(game, s)
    end = Turn(r, st.copy(), [], Event("end"))
    if st.turn == "zombies":
        end.zombie_end()
    safe, near, closest = limit.score(end.s.zombies)
    return Line("; ".join(events), 0.0, 0.0, 0.0,
                detail=f"does not catch Fluffy; leaves him {safe} square{'s' if safe != 1 else ''} in reach with "
                       f"no zombie within 4 steps",
                extra={"cards": list(need), "catches": False, "checked": True, "safe_squares": safe,
                       "nearest_to_goal": near, "nearest_zombie": closest})


def _zombies_turn(game, seed, samples, exact_limit, plan_text=None, hand=None) -> Advice:
    s = game.s.copy()
    notes: list[str] = []
    if hand is not None:
        cards = _hand_cards(hand)
        s.zombie_hand, s.count = with_hand(s, s.zombie_hand, cards, "the zombie player", (s.zombie_hand.size,))
        notes.append(f"the zombie hand as given: {' '.join(cards)} (this question only)")
    plays = min(ZOMBIE_PLAYS - s.zplays, s.zombie_hand.size)
    reach = plays + (0 if s.shambled else 1)
    found = CaptureSearch(game, _codes(game), s.fluffy, plays, not s.shambled).run(s.zombies) \
        if s.fluffy is not None else {}
    search_exact = s.fluffy is None or isolated(s.zombies, s.fluffy, reach)
    family = set(found)
    odds = _zombie_odds(game, s, seed, samples, exact_limit, given=hand is not None)
    simplified = []
    if not search_exact:
        simplified.append("zombies that may meet searched one by one (a capture that needs one to bounce off "
                          "another is not sought; each listed capture is checked on the board)")
    if not game.rules.deck_given and odds.k:
        simplified.append("the deck mix is the project's guess (no [Deck])")
    if game.rules.zombie_hand_hidden and s.zombie_hand.known and hand is None:
        simplified.append("the face-down snagged cards drawn as if unseen (hidden zombie hand)")
    replies = f"every reply of {'the shamble and ' if not s.shambled else ''}up to {plays} card{'s' if plays != 1 else ''}"
    if not odds.k:
        body = f"exact: {replies}, with the cards known to be held"
    elif odds.exact:
        body = (f"exact: {replies}, against every face-down hand ({odds.combinations} combination"
                f"{'s' if odds.combinations != 1 else ''} of the unseen cards, weighted by count)")
    else:
        body = (f"Monte Carlo: {odds.samples} random face-down hands of the {odds.combinations} combinations, "
                f"95% Wilson interval; {replies}")
    method = f"simplified: {'; '.join(simplified)}. Otherwise {body.removeprefix('exact: ')}" if simplified else body
    if plan_text is not None:
        line = _zombie_plan(game, s, plan_text, odds)
        return Advice("fluffy", "zombies: the reply given", method, [line], best="high", notes=notes)
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
                          extra={"cards": list(sset), "zombie": name, "checked": events is not None,
                                 "catches": True}))
    lines.sort(key=lambda l: (-l.probability, not l.extra["checked"], len(l.extra["cards"])))
    lines = [l for l in lines if _hold_chance(odds, tuple(l.extra["cards"])) > 0]   # cards it cannot hold
    if lines:
        notes.insert(0, f"{len(lines)} capturing card set{'s' if len(lines) != 1 else ''} found, ranked by the "
                     f"chance the zombie hand holds it")
        overall = odds.chances([family])[0]
        notes.append(f"chance the zombie hand holds some capture: {overall[0]:.3f}")
        question = "zombies: the replies that catch Fluffy this turn, and how likely the hand holds their cards"
        return Advice("fluffy", question, method, lines[:MAX_LINES], best="high", notes=notes)
    near = min((_manhattan(z.at, s.fluffy) for z in s.zombies), default=None) if s.fluffy else None
    notes.insert(0, ("the shamble and " if not s.shambled else "") + f"no play of up to {plays} "
                 f"card{'s' if plays != 1 else ''} " + ("the hand may hold " if family else "") + "catches Fluffy"
                 + (f"; the nearest zombie is {near} steps away" if near is not None else ""))
    limiting, cut = ([], False) if s.fluffy is None else _limiting_replies(game, s, plays, odds)
    notes.append("replies ranked by the squares they leave Fluffy safe next turn (within his reach, no zombie "
                 "within 4 steps), then by how far the nearest is from his goal; the chance is that the hand "
                 "holds the cards" + ("" if not odds.k else " (give --hand to name the face-down cards)"))
    if cut:
        notes.append(f"replies searched on from the {LIMIT_BEAM} most limiting after each card (a beam), at most "
                     f"{LIMIT_BUDGET} zombie positions")
    if game.rules.some_zombies:
        notes.append("replies move every zombie (moving only some, as the variant allows, is not tried)")
    question = "zombies: no reply catches Fluffy this turn; the replies that most limit his next turn"
    return Advice("fluffy", question, method, limiting[:MAX_LINES], best="high", notes=notes)
