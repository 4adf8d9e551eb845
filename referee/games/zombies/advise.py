"""The Zombies!!! advisor: the chance to win a fight with the ammo and life held, and
what it costs, for the player whose turn it is (issue 16).

The odds are exact (:func:`referee.games.zombies.odds.fight_odds`): for each kind of
zombie the box's expansions put on the map (a plain zombie, an enhanced one, a zombie
dog), each way of paying for a lost roll (ammo first, or life first), and each weapon in
the player's play whose bonus has been written in a fight (ruling 22: its bonus adds to
every roll), the chance to kill the zombie and the expected life and ammo it costs.
"""

from __future__ import annotations

from referee.advice import Advice, Line

from .engine import Game, kill_number
from .odds import fight_odds

#: How each policy is said to players.
POLICY_WORDS = {"ammo": "spend ammo on a low roll, life only when out of ammo",
                "life": "lose life on a low roll, ammo only when out of life"}


def advise(game: Game, *, seed: int | None = None, samples: int | None = None) -> Advice:
    """The fight at hand for the player to move: one :class:`Line` per zombie kind,
    policy and weapon (none, or one in play with a known bonus), best chance first
    (``best="high"``); ``extra`` holds ``kind``, ``policy``, ``weapon`` (name or None),
    ``bonus``, ``kill_number``, ``life_lost`` and ``ammo_spent``.  Exact, so ``seed`` and
    ``samples`` are not used.  A finished game gets no options."""
    if game.over:
        return Advice("zombies", "The game is over: nothing to fight.", "exact", [], best="high")
    seat = game.players[game.seat]
    kinds: list[str | None] = [None]
    if game.has("zombie-corps"):
        kinds.append("enhanced")
    if game.has("the-end"):
        kinds.append("dog")
    lines = []
    arms: list[tuple[str | None, int]] = [(None, 0)] + game.known_weapons(game.seat)
    for kind in kinds:
        for weapon, bonus in arms:
            for policy in ("ammo", "life"):
                odds = fight_odds(kill_number(kind), seat.ammo, seat.life, policy,
                                  dog=kind == "dog", bonus=bonus)
                what = kind or "zombie"
                armed = f" with {weapon} +{bonus}" if weapon else ""
                lines.append(Line(
                    f"fight a {what}{armed}: {policy} first", float(odds.win),
                    detail=(f"{POLICY_WORDS[policy]}; costs ~{float(odds.life_lost):.2f} life and "
                            f"~{float(odds.ammo_spent):.2f} ammo on average"),
                    extra={"kind": what, "policy": policy, "weapon": weapon, "bonus": bonus,
                           "kill_number": kill_number(kind),
                           "life_lost": round(float(odds.life_lost), 6),
                           "ammo_spent": round(float(odds.ammo_spent), 6)}))
    lines.sort(key=lambda line: (-line.probability, line.extra["life_lost"] + line.extra["ammo_spent"]))
    question = (f"{seat.name} (life {seat.life}, ammo {seat.ammo}): the chance to win a fight "
                "and what it costs")
    notes = ["A lost fight costs a kill and ends the move (no life left, too little ammo)."]
    known = {w.lower() for w, _ in game.known_weapons(game.seat)}
    unknown = [c for c in seat.in_play if c.lower() not in known]
    if unknown:
        notes.append(f"In play but with no bonus written yet: {', '.join(sorted(unknown, key=str.lower))}"
                     f" (a fight names it: `fight 3 +2 \"{unknown[0]}\"`); not counted.")
    return Advice("zombies", question, "exact: every roll of the die until the fight ends",
                  lines, best="high", notes=notes)
