"""The Zombie Attack advisor: the chance that a zombie can reach each human with the
roll it gets (issue 16).

Exact: for every zombie on the board and every roll of the die (1 to 6, each 1/6), the
walks the rules allow (exactly the roll, or the longest there is; rulings 3 and 12)
are searched, and a human counts as reached when some walk enters their square (an
unarmed human is turned; an armed one destroys the zombie there, ruling 6).  The
chance that at least one zombie reaches a human treats the zombies' rolls as
independent.
"""

from __future__ import annotations

from fractions import Fraction

from referee.advice import Advice, Line
from referee.grid import square_name

from .engine import WEAPON, Game


def reach(game: Game) -> dict[tuple[int, str, str], list[int]]:
    """``{(zombie index, zombie square, human name): [rolls that let it reach them]}``
    for every zombie on the board (two zombies may share an exit square, hence the
    index; zombies still to be placed at an exit are left out)."""
    s = game.s
    out: dict[tuple[int, str, str], list[int]] = {}
    for i, z in enumerate(s.zombies):
        if z.at is None:
            continue
        search = game._walk_searcher(z)
        for roll in range(1, 7):
            _rank, walks = search(roll)[:2]
            hit = set()
            for walk in walks:
                hit |= set(walk.turned)
                if walk.destroyed_by is not None:
                    hit.add(walk.destroyed_by)
            for seat in hit:
                out.setdefault((i, square_name(z.at), s.players[seat].name), []).append(roll)
    return out


def advise(game: Game, *, seed: int | None = None, samples: int | None = None) -> Advice:
    """One :class:`Line` per human still in the game: the exact chance that some zombie
    reaches them with its next roll (lowest risk last: ``best="low"`` ranks the safest
    first), with each zombie's reaching rolls in the detail.  ``seed`` and ``samples``
    are not used: the answer is exact."""
    s = game.s
    question = "The chance that a zombie reaches each human with the roll it gets"
    if game.over:
        return Advice("zombie-attack", "The game is over.", "exact", [])
    reached = reach(game)
    lines = []
    for seat, p in enumerate(s.players):
        if not p.human or p.escaped or p.at is None:
            continue
        miss = Fraction(1)
        parts = []
        for (_i, zsq, name), rolls in sorted(reached.items()):
            if name != p.name:
                continue
            miss *= 1 - Fraction(len(rolls), 6)
            parts.append(f"zombie {zsq} on {', '.join(map(str, rolls))}")
        armed = WEAPON in p.cards
        detail = "; ".join(parts) if parts else "no zombie can reach"
        if armed and parts:
            detail += " (armed: a zombie that reaches is destroyed)"
        if p.hiding:
            detail += " (hiding)"
        lines.append(Line(f"{p.name} on {square_name(p.at)}", float(1 - miss), detail=detail,
                          extra={"human": p.name, "armed": armed,
                                 "zombies": [{"at": z, "rolls": r} for (_i, z, n), r in sorted(reached.items())
                                             if n == p.name]}))
    lines.sort(key=lambda line: (line.probability, line.plan))
    return Advice("zombie-attack", question,
                  "exact: every walk the rules allow for each zombie and each roll 1-6", lines,
                  best="low", notes=["Each zombie rolls its own die; the zombie phase moves each zombie once."])
