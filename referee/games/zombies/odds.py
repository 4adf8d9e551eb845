"""The chance to win a Zombies!!! fight, exactly (pure; reused by the advisor).

A fight is a series of d6 rolls against a kill number ``k`` (4, or 5 for enhanced
zombies and zombie dogs).  A roll ``r >= k`` kills the zombie.  A lower roll is
raised to ``k`` by spending ``k - r`` ammo, or costs life (one token, or half the
life rounded up against a dog) and the player rolls again.  With no life left and
too little ammo the fight is lost (the player gives up a kill).  A weapon's bonus
(ruling 22) adds to every roll, as if the kill number were lower by the bonus.

>>> o = fight_odds(4, ammo=0, life=0)
>>> o.win
Fraction(1, 2)
>>> fight_odds(4, ammo=3, life=0).win
Fraction(1, 1)
>>> str(fight_odds(4, ammo=0, life=1).win)
'3/4'
>>> fight_odds(4, ammo=0, life=0, bonus=2).win     # a Chainsaw +2: 2..6 kill
Fraction(5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

__all__ = ["FightOdds", "POLICIES", "fight_odds"]

#: ``ammo``: spend ammo whenever it raises the roll, else lose life;
#: ``life``: lose life while any is left, spend ammo only when out of life.
POLICIES = ("ammo", "life")


@dataclass(frozen=True)
class FightOdds:
    """The exact chance to ``win`` (kill the zombie) and the expected ``life_lost`` and
    ``ammo_spent`` over the whole fight, under one policy."""

    win: Fraction
    life_lost: Fraction
    ammo_spent: Fraction

    def percent(self) -> str:
        """The chance to win in percent to one decimal (``'83.3%'``); ``'100%'`` only
        when certain."""
        if self.win == 1:
            return "100%"
        return f"{min(float(self.win) * 100, 99.9):.1f}%"


def fight_odds(kill_number: int, ammo: int, life: int, policy: str = "ammo",
               dog: bool = False, bonus: int = 0) -> FightOdds:
    """Exact odds of a fight against ``kill_number`` holding ``ammo`` and ``life``.

    ``policy`` is one of :data:`POLICIES`; ``dog`` makes each lost roll cost half the
    life rounded up instead of one; ``bonus`` (0 or more) is a weapon's printed bonus,
    added to every roll of the fight (ruling 22).  :class:`ValueError` on a policy not
    in :data:`POLICIES`, a kill number outside 1..7, or a negative count.
    """
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
    if not 1 <= kill_number <= 7:
        raise ValueError("kill_number must be 1..7")
    if ammo < 0 or life < 0 or bonus < 0:
        raise ValueError("ammo, life and bonus cannot be negative")
    return _odds(max(1, kill_number - bonus), ammo, life, policy, dog)


@lru_cache(maxsize=4096)
def _odds(k: int, ammo: int, life: int, policy: str, dog: bool) -> FightOdds:
    win = Fraction(0)
    life_lost = Fraction(0)
    ammo_spent = Fraction(0)
    sixth = Fraction(1, 6)
    for r in range(1, 7):
        if r >= k:
            win += sixth
            continue
        need = k - r
        can_ammo = ammo >= need
        use_ammo = can_ammo and (policy == "ammo" or life == 0)
        if use_ammo:
            win += sixth
            ammo_spent += sixth * need
        elif life > 0:
            loss = -(-life // 2) if dog else 1
            rest = _odds(k, ammo, life - loss, policy, dog)
            win += sixth * rest.win
            life_lost += sixth * (loss + rest.life_lost)
            ammo_spent += sixth * rest.ammo_spent
        # else: the fight is lost here (no life, too little ammo)
    return FightOdds(win, life_lost, ammo_spent)
