"""Zombie walks (rulings 3, 12 and 17): a zombie's step check, a path followed, and the
breadth-first search of every walk one zombie may take with a roll.

A walk depends only on what stays fixed while the zombie moves (:func:`context`): the
squares other zombie tokens hold, the humans by square and the rooms a hider closes.
The mansion's open sides are read once into a table of steps per square
(:func:`moves`), so the search looks at walls and the table once per mansion.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from referee.grid import FACINGS, Square, square_name, step

from .board import Mansion
from .notation import HIDING, WEAPON
from .state import State

_tnew = tuple.__new__   # a NamedTuple made without its Python-level __new__ (hot paths; checks and engine use it too)

R_WALLS = "zombie-attack.move.walls-table"
R_ZOMBIE_SPACING = "zombie-attack.move.zombie-spacing"
R_ZOMBIE_EXACT = "zombie-attack.ruling.zombie-exact-roll"
R_ZOMBIE_BLOCKED = "zombie-attack.ruling.zombie-blocked"
R_DESTROYED_PATH = "zombie-attack.ruling.destroyed-path-complete"


class Walk(NamedTuple):
    """One zombie walk's result: ``end`` square (where it was destroyed, if so),
    ``turned`` seats and ``destroyed_by`` seat or None (immutable, hashable)."""

    end: Square
    turned: frozenset
    destroyed_by: int | None


class Walks(NamedTuple):
    """The legal walks of one zombie for one roll (ruling 17): ``longest``, the length a
    walk that meets no Weapon must have (the roll, or the longest any path reaches; 0
    when the zombie cannot step); ``paths``, one canonical path per result (walks into
    a Weapon at any length up to the roll included); ``counts``, how many paths lead to
    each result; and ``example``, one path of exactly ``longest`` steps, with its
    ``example_walk`` (it may be a walk into a Weapon)."""

    longest: int
    paths: dict
    counts: dict
    example_walk: Walk
    example: tuple[str, ...]


def moves(m: Mansion) -> dict[Square, tuple[tuple[str, Square, str | None], ...]]:
    """``{square: ((facing, to, room of to), ...)}``: the steps no wall and no table
    forbid, in N, E, S, W order (kept with the mansion, which never changes)."""
    table = m.__dict__.get("_moves")
    if table is not None:
        return table
    table = {}
    for sq in m.kind:
        out = []
        for f in FACINGS:
            if m.wall(sq, f):
                continue
            to = step(sq, f)
            if m.kind[to] == "table":
                continue
            out.append((f, to, m.room_of(to)))
        table[sq] = tuple(out)
    m.__dict__["_moves"] = table
    return table


def next_squares(m: Mansion) -> dict[Square, dict[str, tuple[Square, str | None]]]:
    """``{square: {facing: (to, room of to)}}`` for the steps no wall and no table
    forbid: :func:`moves` by facing (kept with the mansion)."""
    table = m.__dict__.get("_next")
    if table is None:
        table = m.__dict__["_next"] = {sq: {f: (to, room) for f, to, room in steps}
                                       for sq, steps in moves(m).items()}
    return table


class Context(NamedTuple):
    """What stays fixed during one zombie walk: ``blocked`` squares (other zombie
    tokens), ``humans`` by square, ``closed`` rooms (a hider alone in them, ruling 12)
    and the squares of ``armed`` humans."""

    blocked: set
    humans: dict
    closed: set
    armed: set


def context(m: Mansion, s: State, zi: int) -> Context:
    """The :class:`Context` of the walk of zombie index ``zi`` in ``s``."""
    zombies, players = s.zombies, s.players
    blocked = {o.at for i, o in enumerate(zombies) if i != zi and o.at is not None}
    humans = {}
    armed = set()
    hiders = []
    for i, p in enumerate(players):
        at = p.at
        if at is None:
            continue
        if not p.human:
            blocked.add(at)
            continue
        humans[at] = i
        cards = p.cards
        if cards:
            if WEAPON in cards:
                armed.add(at)
            if HIDING in cards:
                hiders.append(p)
    closed = set()
    for p in hiders:
        room = m.room_of(p.at)
        if room is None:
            continue
        others = [q for q in players if q is not p and q.at is not None and m.room_of(q.at) == room
                  and not q.hiding]
        zs = [o for i, o in enumerate(zombies) if i != zi and o.at is not None and m.room_of(o.at) == room]
        if not others and not zs:
            closed.add(room)
    return _tnew(Context, (blocked, humans, closed, armed))


def zstep(m: Mansion, ctx: Context, sq: Square, facing: str, turned: frozenset) -> tuple[Square | None, tuple | None]:
    """One zombie step ``facing`` from ``sq`` (``turned``: seats turned on the way so
    far): ``(square, None)`` or ``(None, problem)``."""
    blocked, humans, closed, _armed = ctx
    if m.wall(sq, facing):
        return None, (f"the zombie cannot step {facing} from {square_name(sq)}: a wall", R_WALLS)
    to = step(sq, facing)
    if m.kind[to] == "table":
        return None, (f"{square_name(to)} is the dining-room table", R_WALLS)
    if to in blocked or (to in humans and humans[to] in turned):
        return None, (f"{square_name(to)} holds a zombie or zombie player: zombies never share a square",
                      R_ZOMBIE_SPACING)
    room = m.room_of(to)
    if room in closed:
        return None, (f"someone hides in the {m.room_name(room)} and no other token is there: "
                      "no zombie may enter it", R_ZOMBIE_BLOCKED)
    return to, None


def follow(m: Mansion, s: State, zi: int, path: tuple[str, ...], roll: int, ctx: Context | None = None):
    """Follow ``path`` for zombie index ``zi``: a :class:`Walk` or the Problem of its
    first bad step (ruling 12: a walk into a Weapon ends there)."""
    ctx = ctx or context(m, s, zi)
    blocked, humans, closed, _armed = ctx
    if len(path) > roll:
        return (f"the zombie rolled {roll} and moves at most {roll} steps, not {len(path)}", R_ZOMBIE_EXACT)
    table = next_squares(m)
    sq, turned = s.zombies[zi].at, frozenset()
    for k, f in enumerate(path):
        nxt = table[sq].get(f)
        if nxt is None or nxt[0] in blocked or (closed and nxt[1] in closed) or \
                (turned and nxt[0] in humans and humans[nxt[0]] in turned):
            to, problem = zstep(m, ctx, sq, f, turned)      # the reason, in words
            return problem[0] + f" (step {k + 1} of the path)", problem[1]
        sq = to = nxt[0]
        if to in humans and humans[to] not in turned:
            seat = humans[to]
            if WEAPON in s.players[seat].cards:
                if k != len(path) - 1:
                    return (f"the zombie walks into {s.players[seat].name}'s Weapon on "
                            f"{square_name(to)} and is destroyed: its path ends there", R_DESTROYED_PATH)
                return _tnew(Walk, (to, turned, seat))
            turned = turned | {seat}
    return _tnew(Walk, (sq, turned, None))


def can_step(m: Mansion, s: State, zi: int, ctx: Context | None = None) -> bool:
    """Whether zombie index ``zi`` has a first step (its longest walk is not 0)."""
    ctx = ctx or context(m, s, zi)
    blocked, humans, closed, _armed = ctx
    for _f, to, room in moves(m)[s.zombies[zi].at]:
        if to in blocked or (closed and room in closed):
            continue
        return True
    return False


def longest(m: Mansion, s: State, zi: int, roll: int, ctx: Context | None = None) -> int:
    """The length ruling 17 asks of a walk of zombie index ``zi`` with ``roll`` that
    meets no Weapon (``Walks.longest`` of :func:`searcher`, found without the paths)."""
    ctx = ctx or context(m, s, zi)
    blocked, humans, closed, armed = ctx
    table = moves(m)
    layer = {(s.zombies[zi].at, frozenset())}
    reach = cut = 0
    for k in range(1, roll + 1):
        nxt = set()
        for sq, turned in layer:
            for _f, to, room in table[sq]:
                if to in blocked or (closed and room in closed):
                    continue
                victim = humans.get(to)
                if victim is None:
                    nxt.add((to, turned))
                elif victim in turned:
                    continue
                elif to in armed:
                    cut = k
                else:
                    nxt.add((to, turned | {victim}))
        if not nxt:
            break
        layer, reach = nxt, k
    return max(reach, cut)


def searcher(m: Mansion, s: State, zi: int, ctx: Context | None = None):
    """A search of zombie index ``zi``'s walks, done once for the six rolls: breadth
    first, layer ``k`` holding each ``(square, turned)`` reachable in exactly ``k``
    steps with the first path (N, E, S, W order) that reaches it and how many paths
    do; a step onto an armed human ends its path there (ruling 12).  The search
    returns a :class:`Walks` for a roll (ruling 17)."""
    ctx = ctx or context(m, s, zi)
    blocked, humans, closed, armed = ctx
    table = moves(m)
    layers: list[dict] = [{(s.zombies[zi].at, frozenset()): [(), 1]}]
    destroyed: dict[tuple[Walk, int], tuple[str, ...]] = {}   # (walk, length) -> first path
    destroyed_counts: Counter = Counter()                      # (walk, length) -> paths

    def grow() -> None:
        """The next layer of the search."""
        nxt: dict = {}
        for (sq, turned), entry in layers[-1].items():
            path, count = entry
            for f, to, room in table[sq]:
                if to in blocked or (closed and room in closed):
                    continue
                victim = humans.get(to)
                if victim is not None:
                    if victim in turned:
                        continue
                    if to in armed:
                        walk = Walk(to, turned, victim)
                        k = (walk, len(path) + 1)
                        if k not in destroyed:
                            destroyed[k] = (*path, f)
                        destroyed_counts[k] += count
                        continue
                    key = (to, turned | {victim})
                else:
                    key = (to, turned)
                got = nxt.get(key)
                if got is not None:
                    got[1] += count
                else:
                    nxt[key] = [(*path, f), count]
        layers.append(nxt)

    def search(roll: int) -> Walks:
        """The :class:`Walks` for ``roll``."""
        while len(layers) <= roll:
            grow()
        reach = max(i for i in range(roll + 1) if layers[i])
        cut = [(w, k) for (w, k) in destroyed if k <= roll]      # shortest first (breadth first)
        longest = max([reach] + [k for _w, k in cut])
        paths: dict[Walk, tuple[str, ...]] = {}
        counts: dict[Walk, int] = {}
        example = None
        if longest == reach:
            for (sq, t), (p, c) in layers[reach].items():
                w = _tnew(Walk, (sq, t, None))
                paths[w] = p
                counts[w] = c
                if example is None:
                    example = (w, p)
        for w, k in cut:
            if w not in paths:
                paths[w] = destroyed[(w, k)]
            counts[w] = counts.get(w, 0) + destroyed_counts[(w, k)]
            if example is None and k == longest:
                example = (w, destroyed[(w, k)])
        return Walks(longest, paths, counts, *example)

    return search


def exact_problem(s: State, where: str, roll: int, found: Walks):
    """Ruling 17's refusal of a walk of the wrong length, with an example of exactly the
    length the zombie must walk."""
    eg = " ".join(found.example)
    if found.example_walk.destroyed_by is not None:
        eg += f", into {s.players[found.example_walk.destroyed_by].name}'s Weapon"
    if found.longest == roll:
        return (f"a path of exactly {roll} steps exists for the zombie on {where} "
                f"(e.g. {eg}): it moves its whole roll", R_ZOMBIE_EXACT)
    return (f"no path of {roll} steps exists for the zombie on {where}; the longest is "
            f"{found.longest} (e.g. {eg}): the zombie walks a longest path", R_ZOMBIE_EXACT)
