"""The Zombie Fight or Flight advisor: the chance of reaching The End from the
position the referee tracks, for each card the player to play may play now.

The referee does not see the hands: it knows which cards were played, the cards
shown face up, and how many cards each hand and the deck hold.  For each card the
player to play might hold and may play, the advisor plays ``samples`` games on:

1. Deal the cards nobody has seen at random into the hidden part of each hand (the
   face-up cards stay where they are) and into a shuffled draw pile of the right
   size, given that the player to play holds the card (the number of copies in the
   hand is drawn from its conditional law, so the deal is uniform among the deals
   where the player holds it).
2. Play the card, then let every player follow the cooperative policy of
   :mod:`referee.games.fight_or_flight.simulate` (:func:`choose_play`,
   :func:`choose_show`) until the game ends, every event applied by the
   engine's own play step.

The share of games won is the line's probability, with its 95% Wilson interval.
Late in the game, when there are no more deals than ``samples`` (:func:`deal_count`),
every deal is played instead (:func:`all_deals`) and the chances are exact.  An
outcome the card decides by itself is stated exactly, without sampling: The End wins;
a card that ends the week without a Provision loses; a card after which The End can
no longer be reached (:meth:`Game.end_unreachable`) loses.

Past plays tell something about the hands (a player who could play The End would
have), which this deal ignores: the chances are those of a random deal consistent
with the cards seen.  Pure and seeded: the same position, ``seed`` and ``samples``
always give the same advice.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb, factorial

from referee.advice import Advice, Line, wilson
from referee.games.fight_or_flight.engine import CARDS, Game
from referee.games.fight_or_flight.simulate import choose_play, choose_show

#: Games played on per card when ``samples`` is not given (benchmark:
#: tests/benchmarks/advise_speed.py keeps ``advise`` under 1 s at p95 on the sample game).
DEFAULT_SAMPLES = 160

#: The most games per card ``samples`` may ask for.
MAX_SAMPLES = 100_000


def options(game: Game) -> list[str]:
    """The cards the player to play may play now, given what the referee knows: the
    rules allow them and the card counts say the player may hold them.  A face-up card
    still to be shown (by any seat) is taken as shown first."""
    if game.over:
        return []
    seat = game.turn
    return [c for c in CARDS if game._holds_check(seat, c) is None and game._rule_check(c) is None]


def unseen(game: Game) -> list[str]:
    """The cards nobody has seen (hidden in hands or in the deck), each copy once."""
    return [c for c in CARDS for _ in range(game.count.left(c))]


def _hand_copies_law(pool: list[str], card: str, slots: int) -> list[tuple[int, float]]:
    """``(m, weight)``: the law of the number ``m`` >= 1 of ``card`` among ``slots``
    cards dealt from ``pool``, given that there is at least one (hypergeometric)."""
    k, n = pool.count(card), len(pool)
    law = [(m, comb(k, m) * comb(n - k, slots - m)) for m in range(1, min(k, slots) + 1)]
    return [(m, w) for m, w in law if w > 0]


def deal(game: Game, rng: random.Random, holding: str | None = None) -> tuple[list[list[str]], list[str]]:
    """A random deal consistent with what the referee knows: ``(hands, deck)``, each
    hand its face-up card(s) plus its hidden cards, ``deck`` in drawing order (the
    last card is drawn first).  With ``holding``, the player to play holds that card
    (the deal is uniform among such deals)."""
    pool = unseen(game)
    seat = game.turn
    fixed: list[str] | None = None
    if holding is not None and not game.hands[seat].known[holding]:
        law = _hand_copies_law(pool, holding, game.hands[seat].unknown)
        if not law:
            raise ValueError(f"{game.players[seat]} cannot hold {holding}")
        m = rng.choices([m for m, _ in law], weights=[w for _, w in law])[0]
        left = pool.count(holding) - m
        pool = [c for c in pool if c != holding]
        rng.shuffle(pool)
        take = game.hands[seat].unknown - m
        fixed, pool = [holding] * m + pool[:take], pool[take:]
        for _ in range(left):  # the other copies, each at a random place among the rest
            pool.insert(rng.randrange(len(pool) + 1), holding)
    else:
        rng.shuffle(pool)
    hands: list[list[str]] = []
    for s, hand in enumerate(game.hands):
        cards = list(hand.known.elements())
        if s == seat and fixed is not None:
            cards += fixed
        else:
            cards += [pool.pop() for _ in range(hand.unknown)]
        hands.append(cards)
    return hands, pool


def play_on(game: Game, hands: list[list[str]], deck: list[str], first: str | None = None,
            events: list[str] | None = None) -> bool:
    """Play ``game`` (changed in place) to its end from the deal ``hands`` / ``deck``:
    first any face-up card still to be shown, then ``first`` (a card the player to play
    holds), then the cooperative policy.  True when the group wins.

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
        notes = game._play(seat, card)
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
    after.must_show = None  # a pending show changes no count that decides this
    after._play(after.turn, card)
    if after.result == "win":
        return 1.0, "wins at once"
    if after.over:
        return 0.0, f"loses at once: {after.detail}"
    why = after.end_unreachable()
    if why is not None:
        return 0.0, f"The End out of reach: {why}"
    return None


def deal_count(game: Game) -> int:
    """How many deals of the unseen cards there are, each copy counted apart (the
    hidden part of each hand as a set, the deck in order): all equally likely."""
    out = factorial(len(unseen(game)))
    for hand in game.hands:
        out //= factorial(hand.unknown)
    return out


def all_deals(game: Game) -> Counter:
    """Every deal of the unseen cards: ``{(hidden cards of each hand, deck): count}``,
    the count being how many of the :func:`deal_count` equally likely deals give it."""
    pool = unseen(game)
    sizes = [h.unknown for h in game.hands]
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


def _exact(game: Game, card: str, deals: Counter) -> tuple[int, int]:
    """``(won, total)`` deals (counted with their weights) where the player to play
    holds ``card``, plays it and the group then wins under the policy."""
    seat = game.turn
    known = [list(h.known.elements()) for h in game.hands]
    won = total = 0
    for (hidden, deck), weight in deals.items():
        if card not in known[seat] and card not in hidden[seat]:
            continue
        hands = [known[s] + list(h) for s, h in enumerate(hidden)]
        total += weight
        won += weight * play_on(game.copy(), hands, list(deck), first=card)
    return won, total


def advise(game: Game, seed: int | None = None, samples: int | None = None,
           exact: bool | None = None, **_: object) -> Advice:
    """The advice for the player to play in ``game`` (not changed): one :class:`Line`
    a card (plan ``Ann: Heal``), the chance of winning after playing it and then
    following the cooperative policy, best first.  ``samples``: games per card
    (default :data:`DEFAULT_SAMPLES`); ``seed`` (default 0) makes it repeatable.
    ``exact``: enumerate every deal instead of sampling; by default, exactly when
    there are no more deals than ``samples`` (late in the game)."""
    from referee.errors import BadInputError

    samples = DEFAULT_SAMPLES if samples is None else samples
    if not 1 <= samples <= MAX_SAMPLES:
        raise BadInputError(f"--samples must be between 1 and {MAX_SAMPLES}, not {samples}")
    seed = 0 if seed is None else seed
    if game.over:
        return Advice("fight-or-flight", f"The game is over: {game.result} ({game.detail})",
                      "nothing to advise", [], best="high")
    name = game.players[game.turn]
    question = f"{name} to play: the group's chance of reaching The End"
    count = deal_count(game)
    if exact is None:
        exact = count <= samples
    deals: Counter | None = None
    lines: list[Line] = []
    sampled = enumerated = False
    for card in options(game):
        plan = f"{name}: {card}"
        certain = _certain(game, card)
        if certain is not None:
            p, why = certain
            lines.append(Line(plan, p, p, p, f"certain: {why}"))
            continue
        if exact:
            enumerated = True
            deals = all_deals(game) if deals is None else deals
            won, total = _exact(game, card, deals)
            p = won / total
            lines.append(Line(plan, p, p, p, f"won {won} of the {total} deals with {card}",
                              extra={"wins": won, "deals": total}))
            continue
        sampled = True
        rng = random.Random(f"{seed}/{card}")
        wins = 0
        for _ in range(samples):
            hands, deck = deal(game, rng, holding=card)
            wins += play_on(game.copy(), hands, deck, first=card)
        low, high = wilson(wins, samples)
        lines.append(Line(plan, wins / samples, low, high, f"won {wins} of {samples}",
                          extra={"wins": wins, "samples": samples}))
    lines.sort(key=lambda line: -line.probability)
    hidden = len(unseen(game))
    if sampled:
        method = (f"Monte Carlo: {samples} games per card (seed {seed}), the {hidden} unseen cards "
                  f"dealt at random, then the cooperative policy; 95% Wilson intervals")
    elif enumerated:
        method = (f"exact: every deal of the {hidden} unseen cards ({count} deals), then the "
                  f"cooperative policy")
    else:
        method = "exact: each card decides the game by itself"
    notes = []
    if game.must_show is not None:
        notes.append(f"{game.players[game.must_show]} must first show a face-up card "
                     f"(taken as the policy's choice)")
    if not lines:
        notes.append(f"{name} may play no card: the only event left is '{name}: stuck' (a loss)")
    elif sampled or enumerated:
        notes.append("chances assume everyone then plays the cooperative policy of "
                     "`referee simulate fight-or-flight`, and hidden cards dealt at random "
                     "(what past plays hint about the hands is not used)")
    return Advice("fight-or-flight", question, method, lines, best="high", notes=notes)
