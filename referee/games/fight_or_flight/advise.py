"""The Zombie Fight or Flight advisor: the chance of reaching The End from the
position the referee tracks, for each card the player to play may hold and play now.

The referee does not see the hands: it knows which cards were played, the cards
shown face up, and how many cards each hand and the deck hold.  ``hand=`` (``referee
advise --hand "Heal Rest Provision"``) tells it some or all of the cards of the player
to play, for this question only.  The cards ranked are those the rules allow now and
the player may hold: a face-up card, a card of ``hand``, or (while the player holds
cards nobody has named) a card with an unseen copy left; a card whose every copy is
played or face up elsewhere is not ranked (:func:`options`).

How each chance is computed (:func:`advise`):

1. **Common random numbers.**  Each deal of the cards nobody has seen (into the
   hidden part of each hand and a shuffled draw pile of the right size) is drawn once
   and used for every card (:func:`draw`, :class:`Dealer`).  Where the dealt hand
   already holds the card (always, for a face-up card or one of ``hand``), the card
   is played on that very deal; where it lacks it, ``m`` of the player's hidden cards
   are swapped for ``m`` copies of it (``m`` drawn from its conditional law, by the
   same deal's numbers), the other cards keeping the deal's order.  Each card's
   deals are thus uniform among the deals where the player holds it, and the cards
   are compared deal by deal, so a difference between two cards is the cards' doing,
   not the luck of two different sets of deals.
2. The card is played, then every player follows the cooperative policy of
   :mod:`referee.games.fight_or_flight.simulate` (:func:`choose_play`,
   :func:`choose_show`) to the end (:func:`play_out`, a lean copy of the engine's
   play step and of the policy that the tests hold to the engine's own result,
   :func:`play_on`, and to :func:`choose_play`).
3. **Stopping** (:func:`sample`).  Deals come in batches of :data:`BATCH`.  From
   :data:`MIN_DEALS` on, a card is played no more once it is placed against every
   other card (the paired 95% interval of their difference, over the deals both were
   played on, excludes 0: apart; or lies within +-:data:`PRECISION`, 2 points: tied)
   or its own 95% Wilson interval is within +-2 points; sampling stops when no card is
   left, so the ranking is settled, or every interval within +-2 points, or each card
   one or the other.  At the latest it stops at :data:`WORK_LIMIT` card plays (about
   0.6 s on one free core) or :data:`MAX_DEALS` deals: the method then says so and
   the notes name the neighbours not told apart.  ``samples`` asks for exactly that
   many deals instead.  (The rule is looked at after every batch, which makes its 95%
   a little optimistic.)

Late in the game, when there are few deals (:func:`deal_count` at most
:data:`MAX_DEALS` and :data:`EXACT_WORK` play-outs, or at most ``samples``), every
deal is played instead (:func:`all_deals`) and the chances are exact for the policy.  An outcome the card
decides by itself is stated exactly, without sampling: The End wins; a card that ends
the week without a Provision loses; a card after which The End can no longer be
reached (:meth:`Game.end_unreachable`) loses.

What remains simplified, and said in the answer's first line: everyone plays the
cooperative policy after the card (not the best play), and the hidden cards are dealt
at random among those consistent with the cards seen (what past plays hint about the
hands, such as a player who could play The End and did not, is ignored).  Pure and
seeded: the same position, ``seed``, ``samples`` and ``hand`` always give the same
advice.
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from math import comb, factorial, sqrt

from referee.advice import Advice, Line, wilson
from referee.games.fight_or_flight.engine import (
    BACKTRACK, CARDS, COMBAT, EVADE, FIGHT_FREE_NEEDED, FIGHTS, FIRST_COUNTING_DAY, FLEE, HEAL,
    PROVISION, RECOVERY, REST, SKIPS, SKIRMISH, THE_END, WEEK, Event, Game, parse_card,
)
from referee.games.fight_or_flight.simulate import LATE_IN_WEEK, choose_play, choose_show
from referee.games.fight_or_flight.state import derive, heal_rest_left
from referee.words import plural

#: Deals drawn between two looks at the stopping rule.
BATCH = 100

#: Deals drawn before the stopping rule is first looked at.
MIN_DEALS = 300

#: The most deals drawn by default, and the most deals enumerated for an exact answer.
MAX_DEALS = 4000

#: The most play-outs (distinct deals times cards) an exact answer plays by default.
EXACT_WORK = 16_000

#: The most card plays simulated by default (all cards and deals together): about 0.6 s
#: of one free core (benchmark: tests/benchmarks/advise_fight_or_flight.py).
WORK_LIMIT = 250_000

#: Half the width (in chance) within which a 95% interval counts as precise, and within
#: which two cards count as tied: 2 points.
PRECISION = 0.02

#: The most deals ``samples`` may ask for.
MAX_SAMPLES = 100_000

#: The normal quantile of two-sided 95% intervals.
Z95 = 1.96


# -- what the player may hold ------------------------------------------------------------

def parse_hand(game: Game, text: str) -> Counter:
    """The cards of ``text`` (``"Heal Rest Provision"``, commas allowed, ``The End`` in
    one or two words) that the player to play holds beyond the face-up card: a
    :class:`Counter` of card names.  The player's face-up card may be listed or not.

    :class:`BadInputError` (exit 2) for an unknown card, no card, more cards than the
    hand holds, or more copies of a card than are left unseen (the others are played
    or face up).
    """
    from referee.errors import BadInputError

    words = text.replace(",", " ").split()
    cards: list[str] = []
    i = 0
    while i < len(words):
        if words[i].lower() == "the" and i + 1 < len(words) and words[i + 1].lower() == "end":
            cards.append(THE_END)
            i += 2
            continue
        cards.append(parse_card(words[i]))
        i += 1
    if not cards:
        raise BadInputError("--hand names no card, e.g. --hand \"Heal Rest Provision\"")
    seat = game.turn
    name, hand = game.players[seat], game.hands[seat]
    if len(cards) > hand.size:
        raise BadInputError(f"--hand names {len(cards)} cards but {name} holds {hand.size}")
    extra = Counter(cards) - hand.known
    if sum(extra.values()) > hand.unknown:
        shown = game.shown(seat)
        raise BadInputError(f"{name} holds {hand.size} cards, one of them the face-up {shown}: "
                            f"--hand names {sum(extra.values())} others")
    for card, n in extra.items():
        if n > game.count.left(card):
            left = game.count.left(card)
            raise BadInputError(
                f"--hand names {n} {card}, but only {left} of the {game.composition[card]} "
                f"{card} cards {'is' if left == 1 else 'are'} not played or face up")
    return extra


def options(game: Game, given: Counter | None = None) -> list[str]:
    """The cards the player to play may play now, given what the referee knows: the
    rules allow them and the player may hold them (the face-up card, a card of
    ``given`` (:func:`parse_hand`), or, while some of the hand is unnamed, a card with
    a copy nobody has seen).  A face-up card still to be shown (by any seat) is taken
    as shown first."""
    if game.over:
        return []
    seat = game.turn
    given = given or Counter()
    hand = game.hands[seat]
    free = hand.unknown - sum(given.values())
    left = Counter(unseen(game, given))
    return [c for c in CARDS if game._rule_check(c) is None
            and (hand.known[c] or given[c] or (free > 0 and left[c] > 0))]


def unseen(game: Game, given: Counter | None = None) -> list[str]:
    """The cards nobody has seen (hidden in hands or in the deck), each copy once,
    less the cards ``given`` for the player to play."""
    given = given or Counter()
    return [c for c in CARDS for _ in range(game.count.left(c) - given[c])]


def _free(game: Game, given: Counter | None) -> int:
    """Cards of the player to play that nobody has named (face up or in ``given``)."""
    return game.hands[game.turn].unknown - sum((given or Counter()).values())


# -- deals on common random numbers ----------------------------------------------------

def _hand_copies_law(pool: list[str], card: str, slots: int) -> list[tuple[int, float]]:
    """``(m, weight)``: the law of the number ``m`` >= 1 of ``card`` among ``slots``
    cards dealt from ``pool``, given that there is at least one (hypergeometric)."""
    k, n = pool.count(card), len(pool)
    law = [(m, comb(k, m) * comb(n - k, slots - m)) for m in range(1, min(k, slots) + 1)]
    return [(m, w) for m, w in law if w > 0]


@dataclass(frozen=True)
class Draw:
    """The random numbers of one deal, shared by every card: three orders of the pool
    (indices into :func:`unseen`) and a uniform number.  ``base[:free]`` is the
    player's hidden cards; ``u`` (how many copies) and ``alt`` (which cards) swap some
    of them for the card asked about when they lack it; ``order`` lays out every other
    card (the other hands in seat order, then the draw pile)."""

    base: tuple[int, ...]
    alt: tuple[int, ...]
    u: float
    order: tuple[int, ...]


def draw(rng: random.Random, size: int) -> Draw:
    """The random numbers of one deal of a pool of ``size`` cards (each order sorts the
    pool by independent uniform keys: a uniform permutation, several times quicker
    than :meth:`random.Random.shuffle`)."""
    rand, cards = rng.random, range(size)
    base = sorted(cards, key=[rand() for _ in cards].__getitem__)
    alt = sorted(cards, key=[rand() for _ in cards].__getitem__)
    u = rand()
    order = sorted(cards, key=[rand() for _ in cards].__getitem__)
    return Draw(tuple(base), tuple(alt), u, tuple(order))


class Dealer:
    """Turns the shared numbers of a :class:`Draw` into the deal for a card: ``(hands,
    deck)``, each hand its face-up card, its cards of ``given`` and its hidden cards,
    the deck in drawing order (the last card is drawn first).

    For ``card`` None, or a card the dealt hand holds, the deal is uniform among all
    deals (given what is known); otherwise ``m`` of the player's hidden cards (the
    last of them in ``alt`` order) give way to ``m`` copies of ``card`` (``m`` by ``u``
    from the law of :func:`_hand_copies_law`).  The hand kept is then a uniform choice
    among the cards other than ``card``, so either way the deal is uniform among the
    deals where the player holds ``card``; the cards outside the player's hand keep the
    relative order of ``order``, which nothing else chose."""

    def __init__(self, game: Game, given: Counter | None = None) -> None:
        self.game = game
        self.seat = game.turn
        self.given = list((given or Counter()).elements())
        self.pool = unseen(game, given)
        self.free = _free(game, given)
        self.known = [list(h.known.elements()) for h in game.hands]
        self.sizes = [h.unknown for h in game.hands]
        self._laws: dict[str, tuple[list[int], list[float]]] = {}

    def named(self, card: str) -> bool:
        """Whether the player's hand is known to hold ``card`` (face up or given)."""
        return card in self.known[self.seat] or card in self.given

    def _law(self, card: str) -> tuple[list[int], list[float]]:
        if card not in self._laws:
            law = _hand_copies_law(self.pool, card, self.free)
            if not law:
                raise ValueError(f"{self.game.players[self.seat]} cannot hold {card}")
            total = sum(w for _, w in law)
            cumulative = list(itertools.accumulate(w / total for _, w in law))
            self._laws[card] = ([m for m, _ in law], cumulative)
        return self._laws[card]

    def mine(self, d: Draw, card: str | None) -> tuple[int, ...]:
        """The pool indices of the player's hidden cards in the deal for ``card``."""
        base = d.base[:self.free]
        pool = self.pool
        if card is None or self.named(card) or any(pool[j] == card for j in base):
            return base
        counts, cumulative = self._law(card)
        m = counts[min(bisect_right(cumulative, d.u), len(counts) - 1)]
        kept = set(base)  # the dealt hand lacks the card: it keeps all but m of its cards
        others = [j for j in d.alt if j in kept][:self.free - m]
        copies = [j for j in d.alt if pool[j] == card][:m]
        return tuple(others + copies)

    def deal(self, d: Draw, card: str | None = None) -> tuple[list[list[str]], list[str]]:
        """``(hands, deck)`` for ``card`` from the numbers ``d``."""
        pool = self.pool
        mine = self.mine(d, card)
        taken = set(mine)
        rest = [pool[j] for j in d.order if j not in taken]
        hands: list[list[str]] = []
        at = 0
        for s, known in enumerate(self.known):
            if s == self.seat:
                hands.append(known + self.given + [pool[j] for j in mine])
            else:
                hands.append(known + rest[at:at + self.sizes[s]])
                at += self.sizes[s]
        return hands, rest[at:]


def deal(game: Game, rng: random.Random, holding: str | None = None,
         given: Counter | None = None) -> tuple[list[list[str]], list[str]]:
    """One random deal consistent with what the referee knows (and ``given``): see
    :class:`Dealer`.  With ``holding``, the player to play holds that card (the deal is
    uniform among such deals)."""
    dealer = Dealer(game, given)
    return dealer.deal(draw(rng, len(dealer.pool)), holding)


# -- playing a deal out ----------------------------------------------------------------

_CALM = frozenset(c for c in CARDS if c not in FIGHTS and c != THE_END)
_ORDER = {c: i for i, c in enumerate(CARDS)}
_ALL = frozenset(CARDS)
_NO_END = _ALL - {THE_END}
_RECOVERING_OK = {"skirmish": frozenset({PROVISION, HEAL, REST, SKIRMISH}),
                  "combat": frozenset({PROVISION, HEAL, REST})}


def policy(hand: list[str], day: int, recovering: str | None, recovery_cards: int,
           recovery_heals: int, fight_free_days: int, provisioned: bool) -> str | None:
    """:func:`~referee.games.fight_or_flight.simulate.choose_play` on the few numbers
    :func:`play_out` keeps (the tests hold the two to the same card on every state):
    the card the policy plays from ``hand``, or None when stuck.  ``provisioned``: the
    last week begun has its Provision."""
    if recovering is None:
        ok = _ALL if fight_free_days >= FIGHT_FREE_NEEDED else _NO_END
    else:
        ok = _RECOVERING_OK[recovering]
    have = {c for c in hand if c in ok}
    if not have:
        return None
    if THE_END in have:
        return THE_END
    week_provisioned = day % WEEK != 0 and provisioned
    if PROVISION in have and not week_provisioned and day % WEEK + 1 >= LATE_IN_WEEK:
        return PROVISION
    if recovering is not None:
        needs_heal = recovering == "combat" and recovery_heals == 0
        if needs_heal and HEAL in have:
            return HEAL
        if not (needs_heal and recovery_cards >= 1) and REST in have:
            return REST
        for card in (HEAL, PROVISION, SKIRMISH, REST):
            if card in have:
                return card
        return min(have, key=_ORDER.__getitem__)
    for card in (EVADE, FLEE, BACKTRACK):
        if card in have:
            return card
    if day + 1 < FIRST_COUNTING_DAY and SKIRMISH in have:
        return SKIRMISH
    if PROVISION in have and not week_provisioned:
        return PROVISION
    for card in (REST, PROVISION, HEAL, SKIRMISH, COMBAT):
        if card in have:
            return card
    return min(have, key=_ORDER.__getitem__)


def _doomed(recovering: str | None, cards: int, heals: int, fight_free: int,
            heal_left: int, rest_left: int, calm: int) -> bool:
    """As ``Game.end_unreachable() is not None``, on :func:`play_out`'s numbers."""
    if recovering is None:
        need = 0
    else:
        need = 2 - cards
        if recovering == "combat" and heals == 0:
            if not heal_left:
                return True
            need = max(need, 1)
        need = max(need, 0)
    if heal_left + rest_left < need:
        return True
    return calm < need + max(0, FIGHT_FREE_NEEDED - fight_free)


def play_out(game: Game, hands: list[list[str]], deck: list[str], first: str) -> tuple[bool, int]:
    """``(won, plays)``: play the deal ``hands`` / ``deck`` (changed in place) from
    ``game`` (not changed) to its end, as :func:`play_on` does (first any face-up card
    still to be shown, then ``first``, then the cooperative policy; lost once The End
    goes out of reach), with the engine's rules of play (:func:`.rules.play_step`) kept in a
    few numbers: the tests hold it to :func:`play_on` deal by deal.  ``plays`` counts
    the cards played."""
    n = len(hands)
    s = game.state  # the position's own fields: no view is built per play-out
    face_up = list(s.shown)
    may_show = list(s.may_show)
    direction, turn, day = s.direction, s.turn, len(s.played)
    recovering, cards, heals = s.recovering, s.recovery_cards, s.recovery_heals
    fight_free, provisioned = s.fight_free_days, s.fed
    heal_left, rest_left = heal_rest_left(game.table, s)
    calm = s.calm
    if s.must_show is not None:
        face_up[s.must_show] = choose_show(hands[s.must_show])
    doomed = _doomed(recovering, cards, heals, fight_free, heal_left, rest_left, calm)
    card: str | None = first
    plays = 0
    fights, calm_cards, recovery, skips = FIGHTS, _CALM, RECOVERY, SKIPS
    while True:
        seat = turn
        hand = hands[seat]
        if card is None:
            card = policy(hand, day, recovering, cards, heals, fight_free, provisioned)
            if card is None:
                return False, plays  # stuck
        plays += 1
        hand.remove(card)
        if face_up[seat] == card:
            face_up[seat] = None
        if deck:
            hand.append(deck.pop())
        was_recovering = recovering is not None
        day += 1
        if day % WEEK == 1 and day > 1:
            provisioned = False
        if day > WEEK:
            may_show[seat] = True
        if card in fights:
            fight_free = 0
            recovering = "skirmish" if card == SKIRMISH and recovering != "skirmish" else "combat"
            cards = heals = 0
        else:
            if card in calm_cards:
                calm -= 1
            if card == HEAL:
                heal_left -= 1
            elif card == REST:
                rest_left -= 1
            elif card == PROVISION:
                provisioned = True
            if card in recovery and recovering is not None:
                cards += 1
                heals += card == HEAL
                if cards >= 2 and (heals or recovering == "skirmish"):
                    recovering = None
                    cards = heals = 0
            if not was_recovering and day >= FIRST_COUNTING_DAY:
                fight_free += 1
            if card == BACKTRACK:
                direction = -direction
            elif card == THE_END:
                return True, plays
        turn = (seat + direction * (skips.get(card, 0) + 1)) % n
        if day % WEEK == 0 and not provisioned:
            return False, plays  # hunger
        if not hands[turn]:
            return False, plays  # out of cards
        # (far from doomed: at most 2 Recovery cards and 5 calm days are ever missing)
        if calm < 8 or heal_left < 1 or heal_left + rest_left < 2:
            was_doomed = doomed
            doomed = _doomed(recovering, cards, heals, fight_free, heal_left, rest_left, calm)
            if doomed and not was_doomed:
                return False, plays  # The End out of reach
        else:
            doomed = False
        if may_show[seat] and face_up[seat] is None and hand:
            face_up[seat] = choose_show(hand)
        card = None


def play_on(game: Game, hands: list[list[str]], deck: list[str], first: str | None = None,
            events: list[str] | None = None) -> bool:
    """Play ``game`` (changed in place) to its end from the deal ``hands`` / ``deck``
    through the engine itself: first any face-up card still to be shown, then
    ``first`` (a card the player to play holds), then the cooperative policy.  True
    when the group wins.  The reference for :func:`play_out`.

    Plays go straight to the engine's own play step (the policy only picks cards the
    rules allow from the hand it holds, so the checks of ``apply`` would pass: the
    tests replay ``events`` through ``apply`` to make sure).  A game stops as lost once
    the engine notes The End can no longer be reached."""
    names = game.players
    face_up = [game.shown(s) for s in range(len(names))]
    log = events.append if events is not None else (lambda text: None)

    def show(seat: int) -> None:
        face_up[seat] = choose_show(hands[seat])
        text = f"{names[seat]}: show {face_up[seat]}"
        game.apply(text)
        log(text)

    if game.must_show is not None:
        show(game.must_show)
    card = first
    while not game.over:
        seat = game.turn
        hand = hands[seat]
        if card is None:
            card = choose_play(hand, game)
            if card is None:
                log(f"{names[seat]}: stuck")
                return False
        hand.remove(card)
        if face_up[seat] == card:
            face_up[seat] = None
        if deck:
            hand.append(deck.pop())
        done = game.step(game.state, Event(seat, "play", card))
        game.state = done.state
        notes = done.notes
        log(f"{names[seat]}: {card}")
        card = None
        if any(n.startswith(_DOOMED) for n in notes):
            return False
        if not game.over and game.may_show[seat] and face_up[seat] is None and hand:
            show(seat)
    return game.result == "win"


#: How the engine's note begins when The End has just gone out of reach.
_DOOMED = "The End can no longer be reached"


def _certain(game: Game, card: str) -> tuple[float, str] | None:
    """``(probability, why)`` when playing ``card`` decides the game by itself, else None."""
    after = game.copy()
    before = derive(game.state, must_show=None)  # a pending show changes no count that decides this
    after.state = game.step(before, Event(before.turn, "play", card)).state
    if after.result == "win":
        return 1.0, "wins at once"
    if after.over:
        return 0.0, f"loses at once: {after.detail}"
    why = after.end_unreachable()
    if why is not None:
        return 0.0, f"The End out of reach: {why}"
    return None


# -- exact enumeration -----------------------------------------------------------------

def deal_count(game: Game, given: Counter | None = None) -> int:
    """How many deals of the unseen cards there are, each copy counted apart (the
    hidden part of each hand as a set, the deck in order): all equally likely."""
    out = factorial(len(unseen(game, given)))
    for s, hand in enumerate(game.hands):
        out //= factorial(_free(game, given) if s == game.turn else hand.unknown)
    return out


def all_deals(game: Game, given: Counter | None = None) -> Counter:
    """Every deal of the unseen cards: ``{(hidden cards of each hand, deck): count}``,
    the count being how many of the :func:`deal_count` equally likely deals give it
    (the cards of ``given`` are not in the hidden part)."""
    pool = unseen(game, given)
    sizes = [_free(game, given) if s == game.turn else h.unknown for s, h in enumerate(game.hands)]
    out: Counter = Counter()

    def split(left: tuple[int, ...], k: int, taken: tuple[tuple[str, ...], ...]) -> None:
        if k == len(sizes):
            for order in itertools.permutations(left):
                out[(taken, tuple(pool[i] for i in order))] += 1
            return
        for pick in itertools.combinations(left, sizes[k]):
            rest = tuple(i for i in left if i not in pick)
            split(rest, k + 1, taken + (tuple(sorted(pool[i] for i in pick)),))

    split(tuple(range(len(pool))), 0, ())
    return out


def _exact(game: Game, card: str, deals: Counter, given: Counter | None = None) -> tuple[int, int]:
    """``(won, total)`` deals (counted with their weights) where the player to play
    holds ``card``, plays it and the group then wins under the policy."""
    seat = game.turn
    known = [list(h.known.elements()) for h in game.hands]
    known[seat] += list((given or Counter()).elements())
    won = total = 0
    for (hidden, deck), weight in deals.items():
        if card not in known[seat] and card not in hidden[seat]:
            continue
        hands = [known[s] + list(h) for s, h in enumerate(hidden)]
        total += weight
        won += weight * play_out(game, hands, list(deck), card)[0]
    return won, total


# -- the stopping rule -------------------------------------------------------------------

def paired_interval(a: int, b: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of ``P(A) - P(B)`` from ``n`` paired trials, ``a`` of them won by
    A only and ``b`` by B only (the adjusted Wald interval of Agresti and Min, 2005:
    half a trial added to each cell, so that no discordant pair still leaves an
    interval of width about 4/n).

    >>> [round(x, 3) for x in paired_interval(0, 0, 400)]
    [-0.005, 0.005]
    """
    a2, b2, n2 = a + 0.5, b + 0.5, n + 2
    diff = (a2 - b2) / n2
    var = max(0.0, ((a2 + b2) / n2 - diff * diff) / n2)
    half = z * sqrt(var)
    return diff - half, diff + half


def pair_interval(wins: dict[str, int], played: dict[str, int], a: str, b: str) -> tuple[float, float]:
    """The paired 95% interval of ``P(a) - P(b)`` over the deals both cards were played
    on (the first ``min(played[a], played[b])``; ``wins``: bit masks of the deals won)."""
    m = min(played[a], played[b])
    mask = (1 << m) - 1
    wa, wb = wins[a] & mask, wins[b] & mask
    return paired_interval((wa & ~wb).bit_count(), (wb & ~wa).bit_count(), m)


def placed(low: float, high: float) -> bool:
    """Whether a paired interval places two cards: apart (it excludes 0) or tied
    (it lies within +-:data:`PRECISION`)."""
    return low > 0 or high < 0 or (-PRECISION <= low and high <= PRECISION)


def precise(won: int, n: int) -> bool:
    """Whether the 95% Wilson interval of ``won`` of ``n`` is within +-:data:`PRECISION`."""
    low, high = wilson(won, n)
    return high - low <= 2 * PRECISION + 1e-12


@dataclass
class Sampled:
    """What :func:`sample` found: for each card, ``wins`` (a bit mask: bit ``i`` set
    when the group won after the card on deal ``i``) and ``played`` (deals it was
    played on: the first ones); ``deals`` drawn; ``stop``, the rule met: ``"asked"``
    (``samples`` deals), ``"settled"`` (every card apart from or tied with every
    other), ``"precise"`` (every card within +-2 points), ``"both"`` (each card one
    or the other) or ``"limit"`` (the work limit first)."""

    wins: dict[str, int]
    played: dict[str, int]
    deals: int
    stop: str

    def won(self, card: str) -> int:
        return self.wins[card].bit_count()


def sample(game: Game, cards: list[str], seed: int, samples: int | None = None,
           given: Counter | None = None) -> Sampled:
    """Play every card of ``cards`` on the same random deals (:class:`Dealer`): the
    ``samples`` deals when given, else batches of :data:`BATCH` until every card is
    placed against every other (:func:`placed`) or :func:`precise`, a card that is
    being played no more; at most :data:`WORK_LIMIT` card plays or :data:`MAX_DEALS`
    deals."""
    dealer = Dealer(game, given)
    rng = random.Random(f"fight-or-flight/{seed}")
    wins = {card: 0 for card in cards}
    played = {card: 0 for card in cards}
    active = list(cards)
    n = work = 0
    size = len(dealer.pool)
    while True:
        target = samples if samples is not None else min(n + BATCH, MAX_DEALS)
        while n < target:
            d = draw(rng, size)
            base_hands, base_deck = dealer.deal(d)
            base = set(dealer.mine(d, None))
            for card in active:
                if dealer.named(card) or any(dealer.pool[j] == card for j in base):
                    hands, deck = [list(h) for h in base_hands], list(base_deck)
                else:
                    hands, deck = dealer.deal(d, card)
                won, plays = play_out(game, hands, deck, card)
                work += plays
                if won:
                    wins[card] |= 1 << n
                played[card] += 1
            n += 1
        if samples is not None:
            return Sampled(wins, played, n, "asked")
        if n >= MIN_DEALS:
            why = {}
            for card in cards:
                if all(placed(*pair_interval(wins, played, card, other)) for other in cards if other != card):
                    why[card] = "settled"
                elif precise(wins[card].bit_count(), played[card]):
                    why[card] = "precise"
            active = [c for c in cards if c not in why]
            if not active:
                kinds = set(why.values())
                return Sampled(wins, played, n, kinds.pop() if len(kinds) == 1 else "both")
        if work >= WORK_LIMIT or n >= MAX_DEALS:
            return Sampled(wins, played, n, "limit")


_STOPS = {
    "asked": "the {n} deals asked for",
    "settled": "stopped once the ranking settled (each card apart from or within ±2 points "
               "of every other, by paired 95% intervals)",
    "precise": "stopped once every card's 95% interval was within ±2 points",
    "both": "stopped once each card was either placed against every other (apart, or within "
            "±2 points, by paired 95% intervals) or within ±2 points itself",
    "limit": "stopped at the time limit, before the ranking settled or every interval "
             "reached ±2 points",
}


#: What every answer simplifies, said in its first line: the play after the card...
POLICY = ("after the card everyone plays the cooperative policy of `referee simulate` "
          "(not the best play)")
#: ...and the deal, sampled or enumerated.
RANDOM_DEAL = ("the hidden cards dealt at random (what past plays hint about the hands "
               "is not used)")
EQUAL_DEALS = "every deal taken as equally likely (what past plays hint about the hands is not used)"


def _unplaced(found: Sampled, cards: list[str]) -> list[str]:
    """One note per run of neighbours in the ranking that sampling did not place
    (apart, or tied within 2 points): ``"not told apart: Flee, Evade and Heal (the
    paired 95% intervals between neighbours span -2.1 to +2.7 points)"``."""
    ranked = sorted(cards, key=lambda c: -found.won(c) / found.played[c])
    runs: list[tuple[list[str], float, float]] = []
    joined = False
    for upper, lower in zip(ranked, ranked[1:]):
        low, high = pair_interval(found.wins, found.played, upper, lower)
        if placed(low, high):
            joined = False
            continue
        if joined:
            run, lo, hi = runs[-1]
            runs[-1] = (run + [lower], min(lo, low), max(hi, high))
        else:
            runs.append(([upper, lower], low, high))
        joined = True
    return [f"not told apart: {', '.join(run[:-1])} and {run[-1]} (the paired 95% intervals "
            f"between neighbours span {100 * lo:+.1f} to {100 * hi:+.1f} points)"
            for run, lo, hi in runs]


def advise(game: Game, seed: int | None = None, samples: int | None = None,
           exact: bool | None = None, hand: str | None = None, **_: object) -> Advice:
    """The advice for the player to play in ``game`` (not changed): one :class:`Line`
    a card (plan ``Ann: Heal``), the chance of winning after playing it and then
    following the cooperative policy, best first (the module docstring says how).

    ``samples``: exactly that many deals (default: until the stopping rule);
    ``seed`` (default 0) makes it repeatable; ``hand``: the cards of the player to play,
    all or some (:func:`parse_hand`), for this question only.  ``exact``: enumerate
    every deal instead of sampling; by default, exactly when there are no more deals
    than ``samples`` (or :data:`MAX_DEALS`, and no more play-outs than
    :data:`EXACT_WORK`).  :class:`BadInputError` for ``samples``
    out of 1..:data:`MAX_SAMPLES` or a bad ``hand``."""
    from referee.errors import BadInputError

    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise BadInputError(f"--samples must be between 1 and {MAX_SAMPLES}, not {samples}")
    seed = 0 if seed is None else seed
    if game.over:
        return Advice("fight-or-flight", f"The game is over: {game.result} ({game.detail})",
                      "nothing to advise", [], best="high")
    given = parse_hand(game, hand) if hand is not None else Counter()
    name = game.players[game.turn]
    question = f"{name} to play: the group's chance of reaching The End"
    if hand is not None:
        question += f" (holding {', '.join(sorted(game.hands[game.turn].known.elements()) + sorted(given.elements()))}"
        question += ", and more)" if _free(game, given) else ")"
    count = deal_count(game, given)
    choose = exact is None
    if choose:
        exact = count <= (MAX_DEALS if samples is None else samples)
    lines: list[Line] = []
    uncertain: list[str] = []
    unsure: list[str] = []
    for card in options(game, given):
        certain = _certain(game, card)
        if certain is not None:
            p, why = certain
            lines.append(Line(f"{name}: {card}", p, p, p, f"certain: {why}"))
        else:
            uncertain.append(card)
    hidden = len(unseen(game, given))
    method = "exact: each card decides the game by itself"
    deals = all_deals(game, given) if uncertain and exact else None
    if deals is not None and choose and samples is None and len(deals) * len(uncertain) > EXACT_WORK:
        exact = False  # too many distinct deals to play within the time limit: sample
    if uncertain and exact:
        for card in uncertain:
            won, total = _exact(game, card, deals, given)
            p = won / total
            lines.append(Line(f"{name}: {card}", p, p, p, f"won {won} of the {total} deals with {card}",
                              extra={"wins": won, "deals": total}))
        method = (f"exact for the policy: every deal of the {hidden} unseen cards "
                  f"({plural(count, 'deal')}) played out; simplified: {POLICY}; {EQUAL_DEALS}")
    elif uncertain:
        found = sample(game, uncertain, seed, samples, given)
        for card in uncertain:
            won, n = found.won(card), found.played[card]
            low, high = wilson(won, n)
            lines.append(Line(f"{name}: {card}", won / n, low, high, f"won {won} of {n}",
                              extra={"wins": won, "samples": n}))
        n = found.deals
        same = ("the same deals for every card" if _free(game, given) == 0 else
                "each card played on the same deals (where the dealt hand lacks the card, as many "
                "of its cards as chance says swapped for it)")
        counted = f"{n} deals" if found.stop == "asked" or len(set(found.played.values())) == 1 else \
            f"up to {n} deals"
        method = (f"Monte Carlo on common random numbers: {counted} of the {hidden} unseen cards "
                  f"(seed {seed}), {same}; {_STOPS[found.stop].format(n=n)}; 95% Wilson "
                  f"intervals; simplified: {POLICY}; {RANDOM_DEAL}")
        unsure = _unplaced(found, uncertain)
    order = {c: i for i, c in enumerate(CARDS)}
    lines.sort(key=lambda line: (-line.probability, -line.low, order[line.plan.split(": ", 1)[1]]))
    notes = []
    if game.must_show is not None:
        notes.append(f"{game.players[game.must_show]} must first show a face-up card "
                     f"(taken as the policy's choice)")
    if not lines:
        notes.append(f"{name} may play no card: the only event left is '{name}: stuck' (a loss)")
    notes += unsure
    dropped = [c for c in options(game) if c not in options(game, given)]
    if dropped:
        notes.append(f"not ranked, as the hand given holds none: {', '.join(dropped)}")
    return Advice("fight-or-flight", question, method, lines, best="high", notes=notes)
