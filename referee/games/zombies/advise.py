"""The Zombies!!! advisor: the chance to win a fight with the ammo and life held, and
what it costs, for the player whose turn it is (issue 16; weapons: issue 23, ruling 22).

The odds are exact (:func:`referee.games.zombies.odds.fight_odds`): every face of the
die on every roll until the fight ends, for each kind of zombie the fight may be against
(a plain zombie, and the enhanced zombies and zombie dogs the box's expansions put on
the map; only the zombie being fought while a fight is open), each way of paying for a
lost roll (ammo first, or life first), and each weapon in the player's play whose bonus
has been written in a fight.  One weapon a roll (ruling 22): a line counts one weapon's
bonus on every roll of the fight, never two weapons' bonuses added together.
"""

from __future__ import annotations

from referee.advice import Advice, Line

from .engine import Game, kill_number
from .odds import fight_odds

#: How each policy is said to players.
POLICY_WORDS = {"ammo": "spend ammo on a low roll, life only when out of ammo",
                "life": "lose life on a low roll, ammo only when out of life"}

#: The first line's method: what was enumerated, and what is left out.
METHOD = ("exact: every face of the die on every roll until the fight ends, for each way "
          "of paying a lost roll (ammo first, life first) and each weapon (one a roll, "
          "its written bonus); event cards played during the fight are not counted")


def advise(game: Game, *, seed: int | None = None, samples: int | None = None) -> Advice:
    """The fight at hand for the player to move: one :class:`Line` per zombie kind,
    policy and weapon (none, or one in play with a known bonus), best chance first
    (``best="high"``; ties: the cheaper first); ``extra`` holds ``kind``, ``policy``,
    ``weapon`` (name or None), ``bonus``, ``kill_number``, ``life_lost`` and
    ``ammo_spent`` (expected tokens over the whole fight).  While a fight is open
    (``game.fight_open``) only the zombie being fought is advised on.  Exact, so
    ``seed`` and ``samples`` are not used.  A finished game gets no options.
    Rulebook: combat; rulings 1, 12 and 22 of docs/zombies.md."""
    if game.over:
        return Advice("zombies", "The game is over: nothing to fight.", "exact", [], best="high")
    seat = game.players[game.seat]
    if game.fight_open:
        kinds: list[str | None] = [None if game.fight_open == "zombie" else game.fight_open]
    else:
        kinds = [None]
        if game.has("zombie-corps"):
            kinds.append("enhanced")
        if game.has("the-end"):
            kinds.append("dog")
    lines = []
    known = game.known_weapons(game.seat)
    arms: list[tuple[str | None, int]] = [(None, 0)] + known
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
    if game.fight_open:
        k = kill_number(kinds[0])
        question = (f"{seat.name} (life {seat.life}, ammo {seat.ammo}): the chance to win the fight "
                    f"at hand ({kinds[0] or 'zombie'}, kills on {k}+) and what it costs")
    else:
        question = (f"{seat.name} (life {seat.life}, ammo {seat.ammo}): the chance to win a fight "
                    "and what it costs")
    notes = ["A lost fight costs a kill and ends the move (no life left, too little ammo).",
             "Ammo first gives the best chance: ammo spent on a lost roll always kills."]
    if len(known) > 1:
        notes.append("One weapon a roll (ruling 22): bonuses are never added together; "
                     "each roll may name any one weapon in play.")
    if game.fight_open and game.fight_weapon:
        notes.append(f"The last roll used {game.fight_weapon[0]} +{game.fight_weapon[1]}; "
                     "the next roll names its weapon again.")
    named = {w.lower() for w, _ in known}
    unknown = [c for c in seat.in_play if c.lower() not in named]
    if unknown:
        notes.append(f"In play but with no bonus written yet: {', '.join(sorted(unknown, key=str.lower))}"
                     f" (a fight names it: `fight 3 +2 \"{unknown[0]}\"`); not counted.")
    if known:
        notes.append("A weapon's bonus is the one last written in a fight; a weapon's own "
                     "limits (uses, discard) are not known to the referee and not counted.")
    return Advice("zombies", question, METHOD, lines, best="high", notes=notes)
