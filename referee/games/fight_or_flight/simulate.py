"""Simulating Zombie Fight or Flight: many games played by a simple cooperative policy.

Pure and seeded: the same ``(players, variant, games, seed)`` always gives the same
results.  Each game deals hidden hands from a shuffled deck; the simulation knows
every hand, but the policy sees only the hand of the player to play plus the public
state (the referee's :class:`~referee.games.fight_or_flight.engine.Game`: day, week,
recovery, fight-free count, whether the week has its Provision).  Every event goes
through the engine, so the rules applied are exactly the referee's.

The policy (:func:`choose_play`), in order of preference:

1. The End, as soon as it may be played (it wins).
2. A Provision when the week has none yet and the card is its fourth day or later.
3. While recovering: the Recovery card that helps most (a Heal when a Combat still
   lacks one, else a Rest, keeping Heals for Combats, else a Heal); else a Provision;
   else a second Skirmish (it turns the fight into a Combat, but beats being stuck);
   else any legal card; with none, the player declares ``stuck``.
4. Not recovering: a Flight card (safe: no fight, and unplayable during recovery, so
   better spent now); before day 22 a Skirmish (getting fights out of the hand while
   they cannot spoil the five-day count); a Provision the week still needs; then the
   cheapest card to waste: Rest, Provision, Heal, Skirmish, Combat.

After playing from week two on, a player without a face-up card shows the first card
of their hand in deck order (Fights first, the cards the policy plays last).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from referee.advice import wilson  # noqa: F401  (the one Wilson interval)
from referee.games.fight_or_flight.engine import (
    BACKTRACK, CARDS, COMBAT, EVADE, FIRST_COUNTING_DAY, FLEE, HEAL, PROVISION, REST,
    SKIRMISH, THE_END, WEEK, Game,
)

#: Seat names used for simulated players (up to 8).
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal")

#: The day of the week (1-7) from which an unprovisioned week makes Provision urgent.
LATE_IN_WEEK = 4

_ORDER = {c: i for i, c in enumerate(CARDS)}


def choose_play(hand: list[str], game: Game) -> str | None:
    """The card the player to play picks from ``hand`` (card names), or None when no
    card in it may be played (the player is stuck).  Uses only ``hand`` and the public
    state of ``game``; the order of preference is the module docstring's."""
    ok = game.playable()
    have = {c for c in hand if c in ok}
    if not have:
        return None
    if THE_END in have:
        return THE_END
    day_of_week = game.day % WEEK + 1
    if PROVISION in have and not game.week_provisioned and day_of_week >= LATE_IN_WEEK:
        return PROVISION
    if game.recovering:
        needs_heal = game.recovering == "combat" and game.recovery_heals == 0
        if needs_heal and HEAL in have:
            return HEAL
        rest_helps = not (needs_heal and game.recovery_cards >= 1)
        if rest_helps and REST in have:
            return REST
        for card in (HEAL, PROVISION, SKIRMISH, REST):
            if card in have:
                return card
        return min(have, key=_ORDER.__getitem__)
    for card in (EVADE, FLEE, BACKTRACK):
        if card in have:
            return card
    if game.day + 1 < FIRST_COUNTING_DAY and SKIRMISH in have:
        return SKIRMISH
    if PROVISION in have and not game.week_provisioned:
        return PROVISION
    for card in (REST, PROVISION, HEAL, SKIRMISH, COMBAT):
        if card in have:
            return card
    return min(have, key=_ORDER.__getitem__)


def choose_show(hand: list[str]) -> str:
    """The card to show face up: the first of ``hand`` in deck order (Fights first)."""
    return min(hand, key=_ORDER.__getitem__)


def _new_game(players: int, variant: str) -> Game:
    names = NAMES[:players] if players <= len(NAMES) else [f"P{i}" for i in range(players)]
    return Game.from_tags({"Players": ", ".join(names), "Variant": variant})


def play_game(players: int, variant: str, rng: random.Random) -> tuple[Game, list[str]]:
    """Deal from a deck shuffled by ``rng`` and play one game to its end.

    Returns the finished engine game and its events (a record body).  Raises
    :class:`~referee.errors.BadInputError` for a bad ``players`` (2-8) or ``variant``.
    """
    game = _new_game(players, variant)
    names = game.players
    deck = [card for card, n in game.composition.items() for _ in range(n)]
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(game.hand_size)] for _ in names]
    face_up: list[str | None] = [None] * players
    events: list[str] = []

    def apply(text: str) -> None:
        game.apply(text)
        events.append(text)

    while not game.over:
        seat = game.turn
        hand = hands[seat]
        card = choose_play(hand, game)
        if card is None:
            apply(f"{names[seat]}: stuck")
            break
        hand.remove(card)
        if face_up[seat] == card:  # the referee reads a card named like the face-up one as it
            face_up[seat] = None
        if deck:
            hand.append(deck.pop())
        apply(f"{names[seat]}: {card}")
        if not game.over and game.may_show[seat] and face_up[seat] is None and hand:
            face_up[seat] = choose_show(hand)
            apply(f"{names[seat]}: show {face_up[seat]}")
    return game, events


@dataclass
class Summary:
    """The results of :func:`simulate`: counts, win rate with its 95% Wilson interval,
    losses by reason and the mean day on which games ended."""

    players: int
    variant: str
    games: int
    seed: int
    wins: int = 0
    losses: Counter = field(default_factory=Counter)
    days: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def most_common_loss(self) -> str | None:
        return self.losses.most_common(1)[0][0] if self.losses else None

    def to_json(self) -> dict:
        """``{"game", "players", "variant", "games", "seed", "wins", "win_rate", "ci95",
        "losses", "most_common_loss", "mean_day"}``."""
        lo, hi = self.ci95
        return {"game": "fight-or-flight", "players": self.players, "variant": self.variant,
                "games": self.games, "seed": self.seed, "wins": self.wins,
                "win_rate": round(self.win_rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "losses": dict(self.losses.most_common()),
                "most_common_loss": self.most_common_loss,
                "mean_day": round(self.days / self.games, 2) if self.games else None}


def simulate(players: int, variant: str = "casual", games: int = 1000, seed: int | None = None,
             progress: Callable[[int], None] | None = None) -> Summary:
    """Play ``games`` games of ``players`` players in ``variant`` and count the results.

    ``seed`` (default: a random one, reported in the summary) makes the run
    repeatable; ``progress(done)`` is called after each game.  :class:`BadInputError`
    for a bad player count or variant (checked before the first game).
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    master = random.Random(seed)
    label = _new_game(players, variant).tags()["Variant"]  # validates before any game
    out = Summary(players, label, games, seed)
    for i in range(games):
        game, _ = play_game(players, variant, random.Random(master.getrandbits(64)))
        if game.result == "win":
            out.wins += 1
        else:
            out.losses[game.reason] += 1
        out.days += game.day
        if progress:
            progress(i + 1)
    return out
