"""The Zombie Attack advisor (issues 16 and 23): the chance that each human is turned in
the coming zombie phase, and, for the human about to move or in the middle of a move,
where that move could end.

Who moves the zombies (rulebook "Zombie Turns", spec "The zombie phase"): the First
Mover, then each human clockwise, one zombie each until all have moved; zombie players
move no zombie.  The advisor models the mover's choice:

- a human who moves every zombie still to move (the last human, or the mover of the
  only zombie left) never walks one into herself when another legal walk exists
  (rulings 3 and 17: the mover picks among the walks of the required length), so she
  is reached only on a roll where *every* legal walk reaches her ("forced");
- when other humans move zombies too, each of them may pick any legal walk, so a human
  counts as reached on a roll where *some* walk reaches her: the worst case for her;
- a zombie that reaches an armed human is destroyed there (ruling 6): that is safety,
  not danger; she is turned only when a second zombie reaches her after her Weapon is
  gone, so one zombie never turns an armed human.

Each zombie's legal walks are searched for every roll 1..6 (each 1/6) by the engine
itself.  With one zombie to move the figures are exact.  With two, the zombie phase
is played out on the engine (every order the movers may choose, every roll, every
legal walk), within a budget of positions (:data:`EXACT_BUDGET`).  With more, or over
the budget, each zombie is searched from where the tokens stand now and the zombies'
rolls are combined as independent (one zombie's move is not seen to block or free
another's path): the answer's first line says so.  In the human phase, zombie players
still to move this round count first (they try to catch the humans); their moves and
the zombie phase are combined as independent, and the answer says so too.

For the human to move, the squares her move could end on are rated with her there
and the hand she holds now (the cards she draws on the way are not known).  An armed
human may step onto a lone zombie (not on an exit, not with ``[ZombieReturn "door"]``):
her Weapon destroys it and she goes on unarmed; steps onto a zombie player are left out
(it would name the exit it is sent to).
"""

from __future__ import annotations

import copy
from collections import deque
from fractions import Fraction

from referee.advice import Advice, Line
from referee.grid import FACINGS, Square, square_name, step

from .engine import HIDING, WEAPON, Game

#: How many end squares the move ranking lists (best first); the rest are counted.
MAX_SQUARES = 8
_SIXTH = Fraction(1, 6)


# -- the zombies' walks ------------------------------------------------------------------

def _outcomes(game: Game, z) -> list[list]:
    """The legal walk results of zombie ``z`` for rolls 1..6 (``[roll-1] -> [Walk]``);
    empty when it cannot move (it then reaches nobody)."""
    search = game._walk_searcher(z)
    out = []
    for roll in range(1, 7):
        _longest, walks = game.zombie_walks(z, roll, search)
        out.append(list(walks))
    return out


def reach(game: Game) -> dict[tuple[int, str, str], list[int]]:
    """``{(zombie index, zombie square, human name): [rolls on which some legal walk
    reaches them]}`` for every zombie on the board (two zombies may share an exit
    square, hence the index; zombies waiting to be placed are left out).  "Reaches"
    means turns, or, for an armed human, walks into her Weapon (ruling 6)."""
    s = game.s
    out: dict[tuple[int, str, str], list[int]] = {}
    for i, z in enumerate(s.zombies):
        if z.at is None:
            continue
        for roll, walks in enumerate(_outcomes(game, z), 1):
            hit = set()
            for walk in walks:
                hit |= set(walk.turned)
                if walk.destroyed_by is not None:
                    hit.add(walk.destroyed_by)
            for seat in hit:
                out.setdefault((i, square_name(z.at), s.players[seat].name), []).append(roll)
    return out


_DISTANCES: dict = {}


def _static_distance(game: Game, start: Square) -> dict[Square, int]:
    """Steps from ``start`` (up to 6) for a zombie on the empty mansion (walls and the
    table only; zombies cross locked doors, ruling 2).  Tokens and hiders only lengthen
    a walk, so a square farther than 6 is out of any zombie's reach from ``start``."""
    m = game.mansion
    cached = _DISTANCES.get((id(m), start))
    if cached is not None and cached[0] is m:
        return cached[1]
    if len(_DISTANCES) > 4096:
        _DISTANCES.clear()
    dist = {start: 0}
    _DISTANCES[(id(m), start)] = (m, dist)
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        if dist[sq] >= 6:
            continue
        for f in FACINGS:
            if m.wall(sq, f):
                continue
            to = step(sq, f)
            if to in dist or m.kind.get(to) == "table":
                continue
            dist[to] = dist[sq] + 1
            todo.append(to)
    return dist


def _with(game: Game, seat: int, at: Square | None = None, *, drop: tuple[str, ...] = ()) -> Game:
    """A copy of ``game`` (state cloned) with human ``seat`` moved to ``at`` and the
    cards ``drop`` taken from her hand."""
    g = copy.copy(game)
    g.s = game.s.clone()
    p = g.s.players[seat]
    if at is not None:
        p.at = at
    for c in drop:
        if c in p.cards:
            p.cards.remove(c)
    return g


def zombies_to_move(game: Game) -> list:
    """The zombies the coming (or current) zombie phase moves: every zombie on the
    board in the human phase, the unmoved ones in the zombie phase."""
    s = game.s
    if s.phase == "zombies":
        return [z for z in s.zombies if z.at is not None and not z.moved]
    return [z for z in s.zombies if z.at is not None]


def zombie_movers(game: Game) -> list[int]:
    """The seats that move the zombies still to move, in order (one seat per zombie):
    from the current zombie mover, or in the human phase from the First Mover (or the
    next human clockwise), each human clockwise (rulebook "Zombie Turns"; ruling 14).
    Humans turned before then are not foreseen."""
    s = game.s
    k = len(zombies_to_move(game))
    if not k or not any(p.human for p in s.players):
        return []
    if s.phase == "zombies" and s.zmover is not None:
        seat = s.zmover
    else:
        seat = game._next_human(s.first, include_self=True)
    out = [seat]
    while len(out) < k:
        seat = game._next_human(seat, include_self=False)
        out.append(seat)
    return out


class Risk:
    """What the coming zombie phase holds for human ``seat``: ``turned``, the chance
    she is turned; ``destroys``, the chance a zombie reaches her while she is armed and
    is destroyed (0 when unarmed; None when the phase was played out exactly, where
    that figure is not computed); ``own``, whether she moves every zombie herself
    (forced walks only); ``rolls``, per zombie square the rolls on which it reaches
    her as counted; ``exact``, whether no simplification was needed."""

    def __init__(self, turned: Fraction, destroys: Fraction, own: bool, rolls: list[tuple[str, list[int]]],
                 exact: bool, armed: bool):
        self.turned, self.destroys, self.own, self.rolls = turned, destroys, own, rolls
        self.exact, self.armed = exact, armed
        self.players: list[tuple[str, Fraction]] = []   # zombie players still to move, and their chance


def _flags(game: Game, z, seat: int, own: bool, key: str) -> list[bool]:
    """Per roll 1..6: whether zombie ``z``'s walks reach ``seat`` as ``key`` says
    (``turn``: the walk turns her; ``destroy``: it walks into her Weapon): on every
    legal walk when she moves it herself (``own``), on some legal walk otherwise."""
    out = []
    for walks in _outcomes(game, z):
        hits = [(seat in w.turned) if key == "turn" else (w.destroyed_by == seat) for w in walks]
        out.append(bool(hits) and (all(hits) if own else any(hits)))
    return out


def risk(game: Game, seat: int, memo: dict | None = None) -> Risk:
    """The :class:`Risk` of human ``seat`` in the coming zombie phase.

    With at most :data:`EXACT_ZOMBIES` zombies to move and a ``memo`` (a dict shared
    by the calls of one answer), ``turned`` is exact: :func:`exact_turned` plays the
    phase out on the engine.  Otherwise the zombies are taken one at a time from
    where the tokens stand now, rolled independently:

    Unarmed: turned when some zombie's roll reaches her (``1 - prod(1 - p_z)``).
    Armed (ruling 6): turned only when one zombie reaches her Weapon and another,
    walking after it, reaches her unarmed (searched again with her Weapon gone).
    Zombies farther than 6 steps on the empty mansion are skipped: they reach nobody,
    whatever the others do (tokens only lengthen a walk).
    """
    s = game.s
    p = s.players[seat]
    zs = zombies_to_move(game)
    movers = zombie_movers(game)
    own = bool(movers) and all(m == seat for m in movers)
    armed = WEAPON in p.cards
    near = [z for z in zs if _static_distance(game, z.at).get(p.at, 99) <= 6]
    if not near:
        return Risk(Fraction(0), Fraction(0), own, [], True, armed)
    found = _independent(game, seat, zs, near, own, armed)
    if len(zs) > 1 and memo is not None and len(zs) <= EXACT_ZOMBIES:
        if len(memo) > EXACT_BUDGET:
            raise _OverBudget
        found.turned = exact_turned(game, seat, memo)
        found.exact = True
        found.destroys = None          # the independent figure would not be exact
    return found


def _independent(game: Game, seat: int, zs: list, near: list, own: bool, armed: bool) -> Risk:
    """:func:`risk` with the zombies taken as independent (exact with one zombie)."""
    s = game.s
    exact = len(zs) <= 1
    if not armed:
        miss = Fraction(1)
        rolls = []
        for z in near:
            f = _flags(game, z, seat, own, "turn")
            miss *= 1 - _SIXTH * sum(f)
            if any(f):
                rolls.append((square_name(z.at), [r for r in range(1, 7) if f[r - 1]]))
        return Risk(1 - miss, Fraction(0), own, rolls, exact, armed)
    bare = _with(game, seat, drop=(WEAPON,))
    bare_z = {id(z): bz for z, bz in zip(s.zombies, bare.s.zombies)}
    # DP over zombies: the chance of (some earlier zombie can reach the Weapon, some
    # earlier zombie can turn her bare) with no pair yet, and of a pair found.
    state = {(False, False): Fraction(1)}
    done = Fraction(0)
    miss_destroy = Fraction(1)
    rolls = []
    for z in near:
        a = _flags(game, z, seat, own, "destroy")
        b = _flags(bare, bare_z[id(z)], seat, own, "turn")
        miss_destroy *= 1 - _SIXTH * sum(a)
        if any(a):
            rolls.append((square_name(z.at), [r for r in range(1, 7) if a[r - 1]]))
        new: dict = {}
        for (any_a, any_b), pr in state.items():
            for r in range(6):
                q = pr * _SIXTH
                if (a[r] and any_b) or (b[r] and any_a):
                    done += q
                    continue
                key = (any_a or a[r], any_b or b[r])
                new[key] = new.get(key, 0) + q
        state = new
    return Risk(done, 1 - miss_destroy, own, rolls, exact, armed)


#: Up to this many zombies to move, :func:`risk` plays the zombie phase out exactly.
EXACT_ZOMBIES = 2
#: Positions one answer may play out exactly (about half a second of one core); an
#: answer that needs more is given wholly with the zombies taken as independent.
EXACT_BUDGET = 2500


class _OverBudget(Exception):
    """The exact play-out of one answer went over :data:`EXACT_BUDGET`."""


def zombie_phase(game: Game) -> Game:
    """A copy of ``game`` in the zombie phase: as it is, or, from the human phase, as
    the zombie phase would start with everyone where they stand now (the engine's own
    start: every zombie unmoved, the First Mover or the next human first)."""
    g = copy.copy(game)
    g.s = game.s.clone()
    if g.s.phase != "zombies" and not g.over:
        g.s.pending = []
        g._start_zombie_phase()
    return g


def _signature(g: Game) -> tuple:
    s = g.s
    return (tuple(sorted((z.at or (-1, -1), z.moved) for z in s.zombies)),
            tuple((p.human, p.at, tuple(p.cards)) for p in s.players),
            s.zmover, s.phase, g.over, tuple((q.namer, q.seat) for q in s.pending))


def exact_turned(game: Game, seat: int, memo: dict) -> Fraction:
    """The exact chance that human ``seat`` is turned in the (coming) zombie phase,
    played out on the engine: every zombie still to move, in every order its movers may
    choose, every roll 1..6 (1/6 each), every legal walk result (rulings 3 and 17), the
    exits named after a Weapon (``[ZombieReturn "door"]``); she chooses what lowers
    her chance when she moves, every other human what raises it (her worst case).
    Blocking, turning and the Weapon are the engine's.  ``memo`` caches positions."""
    return _value(zombie_phase(game), seat, memo)


def _child(g: Game, text: str) -> Game:
    c = copy.copy(g)
    c.apply(text)                      # apply works on a clone of the state
    return c


def _walked(g: Game, index: int, walk, path: tuple[str, ...]) -> Game:
    """A copy of ``g`` after zombie ``index`` walks ``path`` (a legal walk the engine's
    own search found, with its result ``walk``), applied by the engine."""
    c = copy.copy(g)
    c._apply_walk(g.s.zombies[index], walk, path, g.s.zmover)   # replaces c's position, g's stays
    return c


def _best(values, pick, bound: Fraction) -> Fraction:
    """``pick`` (min or max) of the lazily computed ``values``, stopping at ``bound``
    (0 for min, 1 for max: nothing can do better)."""
    out = None
    for v in values:
        if out is None or pick(v, out) != out:
            out = v
        if out == bound:
            break
    return Fraction(0) if out is None else out


def _value(g: Game, target: int, memo: dict) -> Fraction:
    s = g.s
    if not s.players[target].human:
        return Fraction(1)
    if g.over or s.phase != "zombies":
        return Fraction(0)
    key = (target, _signature(g))
    if key in memo:
        return memo[key]
    if s.pending:
        chooser = s.pending[0].namer
        pick = min if chooser == target else max
        out = _best((_value(_child(g, o.text), target, memo) for o in g.legal_events()),
                    pick, Fraction(0) if pick is min else Fraction(1))
        memo[key] = out
        return out
    mover = s.zmover
    pick = min if mover == target else max
    bound = Fraction(0) if pick is min else Fraction(1)
    at = s.players[target].at
    unmoved = [i for i, z in enumerate(s.zombies) if not z.moved and z.at is not None]
    if not any(_static_distance(g, s.zombies[i].at).get(at, 99) <= 6 for i in unmoved):
        memo[key] = Fraction(0)        # no zombie left can get to her, whatever happens
        return Fraction(0)
    last = len(unmoved) == 1
    if last:
        # the last walk depends only on the tokens within its reach (and on the rooms
        # someone hides in): positions that differ elsewhere share one search
        leaf = ("leaf", target, pick is min, _near_tokens(g, s.zombies[unmoved[0]]))
        if leaf in memo:
            memo[key] = memo[leaf]
            return memo[leaf]

    firsts = {}
    for i in unmoved:
        firsts.setdefault(s.zombies[i].at, i)
    out = _best((_zombie_value(g, i, target, memo, last) for i in firsts.values()), pick, bound)
    memo[key] = out
    if last:
        memo[leaf] = out
    return out


def _zombie_value(g: Game, i: int, target: int, memo: dict, last: bool) -> Fraction:
    """The chance ``target`` is turned when the mover now moves zombie ``i`` (then the
    phase goes on as :func:`_value` plays it); ``last`` when no other zombie is left."""
    s = g.s
    z = s.zombies[i]
    pick = min if s.zmover == target else max
    bound = Fraction(0) if pick is min else Fraction(1)
    search = g._walk_searcher(z)
    total = Fraction(0)
    for roll in range(1, 7):
        _longest, walks = g.zombie_walks(z, roll, search)
        if last:
            # the phase ends with this walk: she is turned only by the walk itself
            hits = [target in w.turned for w in walks]
            total += int(bool(hits) and (all(hits) if pick is min else any(hits)))
            continue
        # walks that turn her first when others move, last when she does
        ordered = sorted(walks.items(), key=lambda wp: (target in wp[0].turned) == (pick is min))
        total += _best((_value(_walked(g, i, w, path), target, memo) for w, path in ordered), pick, bound)
    return total * _SIXTH


def mover_choices(game: Game, memo: dict) -> list[tuple[str, Fraction]]:
    """In the zombie phase, with at most :data:`EXACT_ZOMBIES` zombies left on two or
    more squares: ``[(zombie square, chance)]``, the exact chance that the human to move
    a zombie is turned this phase if she moves the zombie on that square now (lowest
    first); ``[]`` otherwise."""
    s = game.s
    if s.phase != "zombies" or s.pending or s.zmover is None or game.over:
        return []
    unmoved = [i for i, z in enumerate(s.zombies) if not z.moved and z.at is not None]
    firsts: dict = {}
    for i in unmoved:
        firsts.setdefault(s.zombies[i].at, i)
    if len(firsts) < 2 or len(unmoved) > EXACT_ZOMBIES:
        return []
    out = [(square_name(sq), _zombie_value(game, i, s.zmover, memo, len(unmoved) == 1))
           for sq, i in firsts.items()]
    return sorted(out, key=lambda c: (c[1], c[0]))


def _near_tokens(g: Game, z) -> tuple:
    """What zombie ``z``'s walks can depend on: its square, and every token within 6
    steps of it on the empty mansion or in a room where someone hides (a walk never
    gets farther, and a hider's room is closed or open by who else is in it)."""
    s, m = g.s, g.mansion
    ball = _static_distance(g, z.at)
    hides = {m.room_of(p.at) for p in s.players if p.hiding and p.at is not None} - {None}

    def near(sq) -> bool:
        return sq is not None and (sq in ball or m.room_of(sq) in hides)

    return (z.at,
            tuple(sorted(o.at for o in s.zombies if o is not z and near(o.at))),
            tuple((p.human, p.at if near(p.at) else None, WEAPON in p.cards, p.hiding) for p in s.players))


# -- zombie players still to move this round -----------------------------------------------

def zombie_player_reach(game: Game, zp: int, target: int) -> Fraction:
    """The chance that zombie player ``zp`` can step onto human ``target``'s square in
    its move this round (ruling 4: up to its roll, each step into a new square; it may
    cross locked doors and enter a hider's room, never a square holding a zombie or
    another zombie player; an armed human on the way would end its move).  Zombie
    players try to catch the humans, so a reach counts.  Mid-move: 1 or 0 with its
    steps left; otherwise ``(7 - d) / 6`` for a square ``d`` steps away."""
    s, m = game.s, game.mansion
    p = s.players[zp]
    goal = s.players[target].at
    mid = s.phase == "humans" and s.roll is not None and game.mover() == zp
    avoid = set(s.visited) if mid else {p.at}
    zombies = {z.at for z in s.zombies if z.at is not None}
    others = {q.at for i, q in enumerate(s.players) if i != zp and not q.human and q.at is not None}
    armed = {q.at for i, q in enumerate(s.players) if i != target and q.human and WEAPON in q.cards}
    dist = {p.at: 0}
    todo = deque([p.at])
    while todo and goal not in dist:
        sq = todo.popleft()
        if dist[sq] >= 6:
            continue
        for f in FACINGS:
            if m.wall(sq, f):
                continue
            to = step(sq, f)
            if to in dist or to in avoid or m.kind.get(to) == "table" or to in zombies or to in others:
                continue
            if to in armed and to != goal:
                continue
            dist[to] = dist[sq] + 1
            todo.append(to)
    d = dist.get(goal)
    if d is None or d == 0:
        return Fraction(0)
    if mid:
        return Fraction(int(d <= s.steps_left))
    return Fraction(max(0, 7 - d), 6)


def threat(game: Game, seat: int, memo: dict | None, zps: list[int]) -> Risk:
    """:func:`risk`, with the zombie players ``zps`` who still move this round first:
    one that reaches her turns her, or, if she is armed, is sent to an exit and takes
    her Weapon (rulebook "Zombie Players"; ruling 6); the zombie phase is then rated
    for her with or without it.  The zombie players' moves and the zombie phase are
    combined as independent (their new squares are not seen by the zombies)."""
    r = risk(game, seat, memo)
    if not zps:
        return r
    reach_p = [(zp, zombie_player_reach(game, zp, seat)) for zp in zps]
    state = {"armed" if r.armed else "bare": Fraction(1)}
    turned = Fraction(0)
    for _zp, q in reach_p:
        new: dict = {}
        for k, pr in state.items():
            if k == "armed":
                new["bare"] = new.get("bare", 0) + pr * q
            else:
                turned += pr * q
            new[k] = new.get(k, 0) + pr * (1 - q)
        state = new
    bare = r.turned if not r.armed else risk(_with(game, seat, drop=(WEAPON,)), seat, memo).turned
    r.turned = turned + state.get("armed", 0) * r.turned + state.get("bare", 0) * bare
    r.players = [(game.s.players[zp].name, q) for zp, q in reach_p if q]
    return r


# -- the human's move --------------------------------------------------------------------

def _human_step(game: Game, seat: int, sq: Square, f: str, visited,
                armed: bool = False) -> tuple[Square | None, bool, bool]:
    """``(square, escapes, destroys)`` of a step ``f`` from ``sq`` for human ``seat``
    (ruling 1), ``(None, False, False)`` when she may not take it.  A step onto a zombie
    token is taken only when ``armed`` and the square (not an exit) holds one zombie and
    nothing else: the Weapon destroys it and she may go on (rulings 6 and 9)."""
    s, m = game.s, game.mansion
    p = s.players[seat]
    no = (None, False, False)
    if m.wall(sq, f):
        return no
    to = step(sq, f)
    door = m.open[(sq, f)]
    if m.kind.get(to) == "table" or to in visited:
        return no
    if door and f"Key:{door}" not in p.cards:
        return no
    if any(q.at == to for i, q in enumerate(s.players) if i != seat and not q.escaped and q.human):
        return no
    tokens = sum(1 for z in s.zombies if z.at == to) + \
        sum(1 for i, q in enumerate(s.players) if i != seat and not q.human and q.at == to)
    if tokens:
        one_zombie = tokens == 1 and any(z.at == to for z in s.zombies)
        if armed and one_zombie and m.exit_at(to) is None and not game.zombie_return:
            return to, False, True
        return no
    return to, m.exit_at(to) is not None and f"Key:{m.exit_at(to)}" in p.cards, False


def move_ends(game: Game, seat: int, steps: int, visited) -> dict[tuple, tuple[tuple[str, ...], bool]]:
    """``{(square, destroyed): (shortest path, escapes)}`` for every square human
    ``seat`` can end her move on within ``steps`` steps, each into a new square (ruling
    1), never onto another human; onto a zombie only with a Weapon, which destroys it
    (``destroyed`` is then its square, else None; see :func:`_human_step`).  The square
    she stands on is included (path ``()``)."""
    start = game.s.players[seat].at
    armed = WEAPON in game.s.players[seat].cards
    out: dict[tuple, tuple[tuple[str, ...], bool]] = {(start, None): ((), False)}

    def walk(sq: Square, path: tuple[str, ...], seen: frozenset, killed: Square | None) -> None:
        if len(path) >= steps:
            return
        for f in FACINGS:
            to, escapes, destroys = _human_step(game, seat, sq, f, seen, armed and killed is None)
            if to is None:
                continue
            k = to if destroys else killed
            p2 = (*path, f)
            if (to, k) not in out or len(out[(to, k)][0]) > len(p2):
                out[(to, k)] = (p2, escapes)
            if not escapes:
                walk(to, p2, seen | {to}, k)

    walk(start, (), frozenset(visited) | {start}, None)
    return out


def key_distance(game: Game, seat: int, frm: Square) -> tuple[str, int] | None:
    """``(exit name, steps)`` from ``frm`` to the exit of the Key human ``seat`` holds
    (walls, the table, other locked doors, humans and zombie tokens in the way; the
    shortest when she holds two Keys), or None without a Key or a way there."""
    s, m = game.s, game.mansion
    p = s.players[seat]
    keys = [c.split(":", 1)[1] for c in p.cards if c.startswith("Key:")]
    if not keys:
        return None
    best = None
    for door in keys:
        target = m.exits[door]
        dist = {frm: 0}
        todo = deque([frm])
        while todo:
            sq = todo.popleft()
            if sq == target:
                break
            for f in FACINGS:
                to, _esc, _kill = _human_step(game, seat, sq, f, dist)
                if to is None or (m.exit_at(to) and m.exit_at(to) != door):
                    continue
                dist[to] = dist[sq] + 1
                todo.append(to)
        if target in dist and (best is None or dist[target] < best[1]):
            best = (door, dist[target])
    return best


# -- the advice --------------------------------------------------------------------------

def _percent(p: Fraction) -> str:
    return f"{float(p):.1%}"


def _risk_detail(game: Game, r: Risk) -> str:
    """The reaching rolls of each zombie in words."""
    if not r.rolls:
        text = "no zombie is forced onto this square" if r.own else "no zombie can reach"
        for name, q in r.players:
            text += f"; zombie player {name} can reach first ({_percent(q)})"
        return text
    how = "forced" if r.own else "can reach"
    groups: dict[tuple, list[str]] = {}
    for z, rl in r.rolls:                       # zombies on one square with the same rolls, once
        groups.setdefault((z, tuple(rl)), []).append(z)
    text = "; ".join(f"{'zombie' if len(zs) == 1 else f'{len(zs)} zombies'} on {z} {how} on "
                     f"{', '.join(map(str, rl))}" for (z, rl), zs in groups.items())
    if r.armed and r.destroys is not None:
        text += f" (Weapon: destroyed, {_percent(r.destroys)})"
    elif r.armed:
        text += " (armed: the first to reach is destroyed)"
    for name, q in r.players:
        text += f"; zombie player {name} can reach first ({_percent(q)})"
    return text


def _method(game: Game, *, exact: bool, extra: list[str]) -> str:
    """The method in a few words: ``exact: ...`` or ``simplified: ...`` (what was)."""
    k = len(zombies_to_move(game))
    simplified = list(extra)
    if not exact:
        simplified.insert(0, f"{k} zombies searched from where they stand now, rolled independently")
    if simplified:
        return "simplified: " + "; ".join(simplified)
    if k > 1:
        return f"exact: the {k} zombies played out on the engine, every order, roll 1-6 and legal walk"
    return "exact: every legal walk of the zombie for each roll 1-6"


def _model_notes(game: Game, own_seats: list[int], others: bool) -> list[str]:
    """The mover model in words (the notes under the answer)."""
    s = game.s
    out = [f"{s.players[i].name} moves every zombie left: only walks {s.players[i].name} cannot "
           "avoid count." for i in own_seats]
    if others:
        out.append("Other humans are taken to move their zombies against her (her worst case).")
    out.append("A Weapon destroys the first zombie to reach its holder (ruling 6).")
    return out


def _zombie_players_later(game: Game, *, after_mover: bool) -> list[int]:
    """Zombie players still to move in this human phase (they may walk into a human):
    those after the mover, and the mover too unless ``after_mover``."""
    s = game.s
    if s.phase != "humans":
        return []
    n = len(s.players)
    later = range(s.order + 1 if after_mover else s.order, n)
    return [(s.first + k) % n for k in later if not s.players[(s.first + k) % n].human]


def advise(game: Game, *, seed: int | None = None, samples: int | None = None) -> Advice:
    """The advice for the position (``seed`` and ``samples`` are not used: nothing is
    sampled).

    For a human about to move or in the middle of her move: one :class:`Line` per
    square her move could end on (the best :data:`MAX_SQUARES`), ranked by escaping
    with her Key, then the chance she is turned in the coming zombie phase, then the
    steps left to her Key's exit.  Otherwise: one line per human, the chance she is
    turned in the coming zombie phase (safest first).  ``probability`` is that chance
    (``best="low"``); ``method`` says what was exact and what was simplified."""
    s = game.s
    if game.over:
        return Advice("zombie-attack", "The game is over.", "exact: nothing is left to play", [])
    if s.phase == "humans" and not s.pending:
        seat = game.mover()
        if s.players[seat].human:
            return _advise_move(game, seat)
    return _advise_humans(game)


def _advise_humans(game: Game) -> Advice:
    try:
        return _advise_humans_with(game, {})
    except _OverBudget:
        return _advise_humans_with(game, None)


def _advise_humans_with(game: Game, memo: dict | None) -> Advice:
    s = game.s
    lines = []
    exact = True
    own_seats = []
    others = False
    zps = _zombie_players_later(game, after_mover=False)
    for seat, p in enumerate(s.players):
        if not p.human or p.escaped or p.at is None:
            continue
        r = threat(game, seat, memo, zps)
        exact = exact and r.exact
        if r.own:
            own_seats.append(seat)
        elif r.rolls:
            others = True
        detail = _risk_detail(game, r) + (" (hiding)" if p.hiding else "")
        lines.append(Line(f"{p.name} on {square_name(p.at)}", float(r.turned), detail=detail,
                          extra={"human": p.name, "armed": r.armed, "moves_every_zombie": r.own,
                                 "destroys": None if r.destroys is None else float(r.destroys),
                                 "zombies": [{"at": z, "rolls": rl} for z, rl in r.rolls],
                                 "zombie_players": {n: float(q) for n, q in r.players}}))
    lines.sort(key=lambda line: (line.probability, line.plan))
    extra = []
    if zps:
        extra.append("zombie players still to move this round combined as independent")
    if s.phase == "humans" and any(s.players[(s.first + k) % len(s.players)].human
                                   for k in range(s.order, len(s.players))):
        extra.append("humans still to move this round rated where they stand")
    question = "The chance that each human is turned in the coming zombie phase"
    notes = []
    if memo is not None and exact and not extra:
        choices = mover_choices(game, memo)
        if choices:
            who = s.players[s.zmover].name
            notes.append(f"{who} moves a zombie now: " + "; ".join(
                f"the one on {sq} leaves {who} {_percent(v)}" for sq, v in choices) + " (exact).")
    return _answer(question, _method(game, exact=exact, extra=extra), lines,
                   notes + _model_notes(game, own_seats, others))


def _advise_move(game: Game, seat: int) -> Advice:
    """:func:`_advise_move_with`, played out exactly within :data:`EXACT_BUDGET`."""
    try:
        return _advise_move_with(game, seat, {} if len(zombies_to_move(game)) <= EXACT_ZOMBIES else None)
    except _OverBudget:
        return _advise_move_with(game, seat, None)


def _advise_move_with(game: Game, seat: int, memo: dict | None) -> Advice:
    """The squares the move of human ``seat`` could end on: rolled, each square within
    her steps left (the best :data:`MAX_SQUARES`); not rolled yet, passing, and for
    each roll 1..6 the best square that roll lets her reach."""
    s = game.s
    p = s.players[seat]
    rolled = s.roll is not None
    steps = s.steps_left if rolled else 6
    visited = s.visited if rolled else {p.at}
    exact = True
    zps = _zombie_players_later(game, after_mover=True)

    def rate(sq: Square, path: tuple[str, ...], escapes: bool, moved: bool, kill: Square | None = None) -> tuple:
        """``(sort key, Line)`` of ending on ``sq`` by ``path`` (destroying the zombie on
        ``kill`` on the way)."""
        nonlocal exact
        where = square_name(sq)
        plan = f"{' '.join(path)} to {where}" if path else f"stop on {where}"
        if kill is not None:
            plan += f" (Weapon on the zombie on {square_name(kill)})"
        if escapes:
            line = Line(plan, 0.0, detail=f"escapes through the exit with the Key: {p.name} wins",
                        extra={"square": where, "path": list(path), "escapes": True, "own": False})
            return (0, Fraction(0), 0, len(path), sq, ""), line
        g = _with(game, seat, sq, drop=(HIDING,) if moved else ())
        if kill is not None:           # rulings 6 and 9: the Weapon destroys it and is discarded
            g.s.players[seat].cards.remove(WEAPON)
            g.s.zombies.remove(next(z for z in g.s.zombies if z.at == kill))
        r = threat(g, seat, memo, zps)
        exact = exact and r.exact
        kd = key_distance(g, seat, sq)
        bits = [_risk_detail(game, r)]
        if kd:
            bits.append(f"{kd[1]} step{'s' if kd[1] != 1 else ''} to the {kd[0]} exit with the Key")
        line = Line(plan, float(r.turned), detail="; ".join(bits),
                    extra={"square": where, "path": list(path), "escapes": False, "armed": r.armed,
                           "destroys": None if r.destroys is None else float(r.destroys), "key_steps": kd[1] if kd else None,
                           "own": r.own, "zombies": [{"at": z, "rolls": rl} for z, rl in r.rolls],
                           "zombie_players": {n: float(q) for n, q in r.players},
                           "weapon_on": None if kill is None else square_name(kill)})
        return (1, r.turned, kd[1] if kd else 99, len(path), sq, square_name(kill) if kill else ""), line

    rated = sorted((rate(sq, path, esc, True, kill)
                    for (sq, kill), (path, esc) in move_ends(game, seat, steps, visited).items()),
                   key=lambda kl: kl[0])
    notes = []
    if rolled:
        lines = [line for _k, line in rated[:MAX_SQUARES]]
        if len(rated) > MAX_SQUARES:
            notes.append(f"{len(rated) - MAX_SQUARES} more squares not listed.")
        how = f"rolled {s.roll}, {s.steps_left} step{'s' if s.steps_left != 1 else ''} left"
    else:
        _k, stay = rate(p.at, (), False, False)
        lines = [replace_line(stay, f"pass on {square_name(p.at)}",
                              stay.detail + ("; stays hidden" if p.hiding else ""))]
        mean = Fraction(0)
        for roll in range(1, 7):
            key, best = next((k, line) for k, line in rated if k[3] <= roll)
            mean += key[1] * _SIXTH
            lines.append(replace_line(best, f"roll {roll}: {best.plan}", best.detail, roll=roll))
        notes.append(f"Rolling, then ending on the best square each roll allows: {_percent(mean)}.")
        how = "not rolled yet"
    own = [seat] if any(line.extra.get("own") for line in lines) else []
    others = any(line.extra.get("own") is False and line.extra.get("zombies") for line in lines)
    extra = ["hand as now (cards drawn on the way unknown)"]
    if zps:
        extra.append("zombie players still to move this round combined as independent")
    n = len(s.players)
    if any(s.players[(s.first + k) % n].human for k in range(s.order + 1, n)):
        extra.append("humans moving after her rated where they stand")
    question = (f"{p.name} to move ({how}): where to end the move, by the chance of being turned "
                "in the coming zombie phase")
    return _answer(question, _method(game, exact=exact, extra=extra), lines, notes + _model_notes(game, own, others))


def _answer(question: str, method: str, lines: list[Line], notes: list[str]) -> Advice:
    """The :class:`Advice`, each line marked ``exact`` (true or false) as the method is,
    so that a figure with no interval is not shown as exact when it was simplified."""
    exact = method.startswith("exact")
    return Advice("zombie-attack", question, method, [replace_line(line, line.plan, line.detail, exact=exact)
                                                      for line in lines], best="low", notes=notes)


def replace_line(line: Line, plan: str, detail: str, **extra) -> Line:
    """``line`` with another ``plan`` and ``detail`` (and more ``extra`` keys)."""
    return Line(plan, line.probability, line.low, line.high, detail, {**line.extra, **extra})
