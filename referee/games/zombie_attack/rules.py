"""Zombie Attack steps: a checked event applied to a copy of the position (rulebook
``zombie-attack.txt``, rulings in ``docs/zombie-attack.md``).

The checks are in :mod:`.checks`.  :class:`Turn` applies an event
that passed them to a copy of the position, copying each part it changes (the stored
position is never changed); a step raises only :class:`ChoiceNeeded` (a card, a
decision, a path or an exit left out) or :class:`BadInputError` (a roll left out, a
square off the mansion).
"""

from __future__ import annotations

from collections import Counter

from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.grid import Square, square_name, step

from .board import EXIT_NAMES, EXIT_TITLES
from .checks import (R_DRAW, R_HAND, R_SENT, R_WEAPON_HUMANS, R_ZMOVE, StepPlan, ZombiePlan, step_plan,
                     zombie_index)
from .notation import CARD_TITLES, CARDS, EMPTY, HIDING, WEAPON, Event
from .state import Pending, Player, Rules, State, Zombie, counter, free_closet_squares, next_human
from .walks import Walk, can_step, context, follow, searcher

_new = object.__new__


# -- choices -----------------------------------------------------------------------------

def placement_choice(r: Rules, s: State, why: str) -> ChoiceNeeded:
    """The placement awaited (an exit, or a Linen Closet square) as a choice."""
    p = s.pending[0]
    namer = s.players[p.namer].name
    if p.closet:
        options = [Option(f"{namer}: to {square_name(q)}", f"{namer} is placed in the Linen Closet on "
                                                           f"{square_name(q)}")
                   for q in free_closet_squares(r.mansion, s)]
        return ChoiceNeeded(f"{why}: {namer} names the Linen Closet square", R_WEAPON_HUMANS,
                            f"{namer}: on which Linen Closet square?", options)
    subject = f"{s.players[p.seat].name}" if p.seat is not None else "the destroyed zombie"
    options = [Option(f"{namer}: to {e}", f"{subject} is placed at the {EXIT_TITLES[e]} "
                                          f"({square_name(r.mansion.exits[e])})") for e in EXIT_NAMES]
    return ChoiceNeeded(f"{why}: {namer} names the exit {subject} goes to", R_SENT,
                        f"{namer}: at which exit is {subject} placed?", options)


def walk_text(s: State, w: Walk) -> str:
    """A walk's result in words: where it ends, whom it turns, the Weapon that destroys it."""
    bits = [f"to {square_name(w.end)}"]
    if w.turned:
        bits.append("turns " + ", ".join(s.players[i].name for i in sorted(w.turned)))
    if w.destroyed_by is not None:
        bits.append(f"destroyed by {s.players[w.destroyed_by].name}'s Weapon")
    return ", ".join(bits)


def path_index(start: Square, path: tuple[str, ...], sq: Square | None) -> int:
    """The index in ``path`` (from ``start``) of the step onto ``sq``, or ``len(path)``."""
    cur = start
    for k, f in enumerate(path):
        cur = step(cur, f)
        if cur == sq:
            return k
    return len(path)


# -- steps -------------------------------------------------------------------------------

class Turn:
    """One event applied to a copy of a position: ``s`` is a shallow copy, and each part
    an event changes is copied first (:meth:`player`, :meth:`zombie`, the piles), so the
    position it came from is never changed.  ``notes`` collects what the rules did."""

    __slots__ = ("r", "s", "notes", "lost", "_players", "_zombies", "_zlist", "_pile", "_discard")

    def __init__(self, r: Rules, s: State) -> None:
        self.r = r
        new = _new(State)
        new.__dict__.update(s.__dict__)
        self.s = new
        self.notes: list[str] = []
        self.lost = False                 # a human turned or put out: the end may have come
        self._players: list | None = None
        self._zombies: set | None = None
        self._zlist = False
        self._pile = self._discard = False

    # copy on write
    def player(self, i: int):
        """Player ``i``, copied for changing."""
        copied = self._players
        if copied is None:
            copied = self._players = []
            self.s.players = list(self.s.players)
        players = self.s.players
        if i not in copied:
            old = players[i]
            p = _new(Player)
            d = p.__dict__
            d.update(old.__dict__)
            d["cards"] = list(old.cards)
            players[i] = p
            copied.append(i)
            return p
        return players[i]

    def zombies(self) -> list:
        """The zombie list, copied for adding or removing (the zombies are shared)."""
        if not self._zlist:
            self.s.zombies = list(self.s.zombies)
            self._zlist = True
        return self.s.zombies

    def zombie(self, i: int):
        """Zombie ``i``, copied for changing."""
        zs = self.zombies()
        if self._zombies is None:
            self._zombies = set()
        if id(zs[i]) not in self._zombies:
            zs[i] = zs[i].copy()
            self._zombies.add(id(zs[i]))
        return zs[i]

    def discard(self, cards: list[str]) -> None:
        """``cards`` onto the discard pile (copied first), refilling an empty pile (ruling 11)."""
        s = self.s
        if not self._discard:
            s.discard = counter(s.discard)
            self._discard = True
        d = s.discard
        for c in cards:
            d[c] = d.get(c, 0) + 1
        if not sum(s.pile.values()) and sum(d.values()):
            self.refill()

    def refill(self) -> None:
        """Ruling 11: when the draw pile is empty the discard pile becomes the pile at once."""
        s = self.s
        if not sum(s.pile.values()) and sum(s.discard.values()):
            s.pile, s.discard = s.discard, Counter()
            self._pile, self._discard = self._discard, True

    def draw(self, card: str) -> None:
        """``card`` taken from the draw pile (copied first), refilling it when emptied (ruling 11)."""
        s = self.s
        if not self._pile:
            s.pile = counter(s.pile)
            self._pile = True
        pile = s.pile
        n = pile.get(card, 0) - 1
        if n:
            pile[card] = n
        else:
            del pile[card]
            self.refill()

    # the rules
    def check_end(self) -> None:
        """The zombies win when no human is left (checked after a human is lost)."""
        s = self.s
        if self.lost and s.ending is None and not any(p.human for p in s.players):
            s.winner, s.ending = "zombies", "all-turned"

    def start(self, ev: Event) -> str:
        """Set-up: a human placed in a room; the human phase begins once all are placed."""
        s, m = self.s, self.r.mansion
        sq = ev.square
        if not m.on_board(sq):
            raise BadInputError(f"{square_name(sq)} is off the {m.width}x{m.height} mansion")
        p = self.player(ev.seat)
        p.at = sq
        self.notes.append(f"{p.name} starts in the {m.room_name(m.room_of(sq))}")
        if all(q.at is not None for q in s.players):
            s.phase = "humans"
            self.notes.append(f"round 1: {s.players[s.first].name} holds the First Mover card and moves first")
        return f"{p.name}: start {square_name(sq)}"

    def roll(self, ev: Event) -> str:
        """The mover's roll: a hider moves again and discards the Hiding Place."""
        s = self.s
        p = s.players[ev.seat]
        if ev.number is None:
            raise BadInputError(f"roll needs the number rolled: '{p.name}: roll 4'")
        if p.hiding:
            p = self.player(ev.seat)
            p.cards.remove(HIDING)
            self.discard([HIDING])
            self.notes.append(f"{p.name} moves again and discards the Hiding Place")
        s.roll = s.last_roll = ev.number
        s.steps_left = ev.number
        s.visited = frozenset((p.at,))
        self.notes.append(f"{p.name} may move up to {ev.number} step{'s' if ev.number != 1 else ''}")
        return f"{p.name}: roll {ev.number}"

    def stop(self, ev: Event) -> str:
        """The mover passes (not rolled) or stops with steps unused."""
        s = self.s
        p = s.players[ev.seat]
        self.notes.append(f"{p.name} passes" + (" and stays hidden" if p.hiding else "") if s.roll is None else
                          f"{p.name} stops with {s.steps_left} step{'s' if s.steps_left != 1 else ''} unused")
        self.end_move()
        return f"{p.name}: stop"

    def end_move(self) -> None:
        """The move ends: the next player not out of the game moves, or the zombie phase starts."""
        s = self.s
        s.roll, s.steps_left, s.visited = None, 0, frozenset()
        s.order += 1
        n = len(s.players)
        while s.order < n and s.players[(s.first + s.order) % n].out:
            s.order += 1                  # a player out of the game moves no more
        if s.order >= n:
            self.start_zombie_phase()

    def start_zombie_phase(self) -> None:
        """The zombie phase: every zombie to move, the First Mover (or the next human) first."""
        s = self.s
        if s.ending is not None or not any(p.human for p in s.players):
            return
        for i, z in enumerate(s.zombies):
            if z.moved:
                self.zombie(i).moved = False
        s.phase = "zombies"
        if not s.zombies:
            self.notes.append("no zombie is on the board: the zombie phase is skipped")
            self.end_zombie_phase()
            return
        s.zmover = next_human(s, s.first, include_self=True)
        note = f"the zombie phase: {s.players[s.zmover].name} moves the first zombie"
        if s.zmover != s.first:
            what = "out of the game" if s.players[s.first].out else "a zombie player"
            note += f" ({s.players[s.first].name}, the First Mover, is {what})"
        self.notes.append(note)

    def end_zombie_phase(self) -> None:
        """The round ends: the First Mover card passes to the next human clockwise."""
        s = self.s
        nxt = next_human(s, s.first, include_self=False)
        if nxt is None:
            return
        s.first = nxt
        s.round += 1
        s.phase, s.order, s.zmover = "humans", 0, None
        self.notes.append(f"round {s.round}: the First Mover card passes to {s.players[nxt].name}")

    def step(self, ev: Event, plan: StepPlan | None = None) -> str:
        """A step by the mover (checked): a Weapon used and a turn on the square, an escape with
        the Key, or the card drawn there (:class:`ChoiceNeeded` when it or the decision is
        left out); ``plan`` is what the check found on the way."""
        s = self.s
        seat = ev.seat
        p = s.players[seat]
        to, victims, tokens = plan or step_plan(s, seat, step(p.at, ev.facing))
        if not p.human:
            return self.zombie_player_step(ev, to, f"{p.name}: {ev.facing}", victims)
        p = self.player(seat)
        p.at = to
        s.visited = s.visited | {to}
        s.steps_left -= 1
        if victims or tokens:
            for victim in victims:        # only with [WeaponHumans] and a Weapon (step_problem)
                self.weapon_on_human(seat, victim)
            for target in tokens:         # ruling 16: a Weapon acts once, on the first token
                if WEAPON in p.cards:
                    self.use_weapon(seat, target)
                else:
                    self.turn(seat, f"walks into {self.token_name(target)} on {square_name(to)}")
                    self.end_move()
                    return f"{p.name}: {ev.facing}"
        m = self.r.mansion
        if m.kind[to] == "exit":
            door = m.exit_at(to)
            if f"Key:{door}" in p.cards:
                s.winner, s.ending = p.name, "escape"
                p.escaped = True
                self.notes.append(f"{p.name} unlocks the {EXIT_TITLES[door]} with Key:{door}, escapes and wins")
                return f"{p.name}: {ev.facing}"
        card = ev.card
        if card is None:
            raise self.card_choice(ev, to)
        self.draw(card)
        text, ends = self.resolve_card(ev, to, card)
        if ends or s.steps_left == 0:
            self.end_move()
        return text

    def card_choice(self, ev: Event, to: Square) -> ChoiceNeeded:
        """The cards that may have been drawn on ``to``, as a choice."""
        s = self.s
        name = s.players[ev.seat].name
        empty = not sum(s.pile.values())
        options = [Option(f"{name}: {ev.facing} {c}", f"{name} draws {CARD_TITLES[c]} on {square_name(to)}")
                   for c in CARDS if s.pile.get(c, 0) > 0 or (empty and s.discard.get(c, 0) > 0)]
        return ChoiceNeeded(f"{name} draws a card on {square_name(to)}: name it", R_DRAW,
                            f"Which card did {name} draw on {square_name(to)}?", options)

    def resolve_card(self, ev: Event, to: Square, card: str) -> tuple[str, bool]:
        """Keep or discard ``card`` (already drawn, the decision checked by
        :func:`human_step_check`); ``(canonical text, move ends)``."""
        m, r = self.r.mansion, self.r
        name = self.s.players[ev.seat].name
        head = f"{name}: {ev.facing} {card}"
        where = square_name(to)
        decision = ev.decision
        if card == EMPTY:
            self.discard([card])
            self.notes.append(f"{name} draws an Empty card on {where}")
            return head, False
        if card == HIDING and m.room_of(to) is None:
            decision = "discard"
        halt = card == HIDING and r.halt
        if decision is None:
            raise self.keep_choice(ev, to, card)
        if decision == "discard":
            if ev.drop is not None:
                raise BadInputError("drop goes with keep: 'keep drop Key:front'")
            self.discard([card])
            note = f"{name} draws {CARD_TITLES[card]} on {where} and discards it"
            if halt:
                note += "; a Hiding Place halts the move"
            self.notes.append(note)
            return f"{head} discard", halt
        # keep
        p = self.s.players[ev.seat]
        text = f"{head} keep"
        full = len(p.cards) >= r.keep
        if r.keep == 1:
            # ruling 18: 'keep drop K' naming the card held says what 'keep' does
            dropped = list(p.cards)
        elif full and ev.drop is None:
            raise self.keep_choice(ev, to, card)
        elif ev.drop is not None:
            # a full hand must name its drop; with room (ruling 18) the player may still give one up
            dropped = [ev.drop]
            text += f" drop {ev.drop}"
        else:
            dropped = []
        p = self.player(ev.seat)
        if dropped:
            for c in dropped:
                p.cards.remove(c)
            self.discard(dropped)
        p.cards.append(card)
        note = f"{name} draws {CARD_TITLES[card]} on {where} and keeps it"
        if dropped:
            note += f" (discarding {', '.join(dropped)})"
        ends = card == HIDING
        if ends:
            note += f": {name} hides in the {m.room_name(m.room_of(to))} and the move ends"
        self.notes.append(note)
        return text, ends

    def keep_choice(self, ev: Event, to: Square, card: str) -> ChoiceNeeded:
        """Keep or discard ``card`` (and the card a full hand drops), as a choice."""
        r = self.r
        p = self.s.players[ev.seat]
        base = f"{p.name}: {ev.facing} {card}"
        opts = []
        if r.keep == 1 or len(p.cards) < r.keep:
            opts.append(Option(f"{base} keep", f"keep {CARD_TITLES[card]}"
                               + (f" (discarding {', '.join(p.cards)})" if p.cards and r.keep == 1 else "")))
        if r.keep > 1:       # a full hand names its drop; a hand with room may give one up (ruling 18)
            for held in dict.fromkeys(p.cards):
                opts.append(Option(f"{base} keep drop {held}", f"keep {CARD_TITLES[card]}, discard {held}"))
        opts.append(Option(f"{base} discard", f"discard {CARD_TITLES[card]}"))
        return ChoiceNeeded(f"{p.name} keeps or discards {CARD_TITLES[card]}", R_HAND,
                            f"{p.name} drew {CARD_TITLES[card]} on {square_name(to)}: keep it?", opts)

    def token_name(self, target) -> str:
        """The zombie token ``target`` in words."""
        kind, who = target
        return f"{self.s.players[who].name} (a zombie player)" if kind == "player" else "a zombie"

    def use_weapon(self, holder: int, target) -> None:
        """Ruling 6: the Weapon destroys a zombie or sends a zombie player to an exit."""
        s = self.s
        h = self.player(holder)
        h.cards.remove(WEAPON)
        self.discard([WEAPON])
        kind, who = target
        where = square_name(h.at)
        if kind == "player":
            s.pending = (*s.pending, Pending(who, seat=who))
            name = s.players[who].name
            self.notes.append(f"{h.name}'s Weapon sends {name} to an exit (the Weapon is discarded); "
                              f"{name} names it ({name}: to front|back|fire)")
            return
        zi = next(i for i, z in enumerate(s.zombies) if z is who)
        self.destroy(zi, holder, where)

    def weapon_on_human(self, holder: int, seat: int) -> None:
        """The harder variant (b): an armed human who steps onto another human's square
        uses the Weapon on them (ruling ``weapon-vs-human``): the Weapon is discarded and
        the other human is put out of the game (their cards discarded) or sent to a
        Linen Closet square they name on the next line."""
        s = self.s
        h = self.player(holder)
        h.cards.remove(WEAPON)
        self.discard([WEAPON])
        v = self.player(seat)
        where = square_name(v.at)
        v.at = None
        if self.r.weapon_humans == "out":
            v.human, v.out = False, True
            self.lost = True
            cards, v.cards = v.cards, []
            self.discard(cards)
            self.notes.append(f"{h.name}'s Weapon puts {v.name} out of the game on {where}"
                              + (f" (discarding {', '.join(cards)})" if cards else "") + "; the Weapon is discarded")
            return
        s.pending = (*s.pending, Pending(seat, seat=seat, closet=True))
        self.notes.append(f"{h.name}'s Weapon sends {v.name} from {where} to the Linen Closet (the Weapon is "
                          f"discarded); {v.name} names the square ({v.name}: to SQUARE)")

    def destroy(self, zi: int, holder: int, where: str) -> None:
        """Zombie ``zi`` destroyed by ``holder``'s Weapon: gone, or (``[ZombieReturn "door"]``)
        waiting for the exit ``holder`` names."""
        s = self.s
        h = s.players[holder].name
        s.destroyed += 1
        if self.r.zombie_return:
            self.zombie(zi).at = None
            s.pending = (*s.pending, Pending(holder, zombie=zi))
            self.notes.append(f"{h}'s Weapon destroys the zombie on {where} (the Weapon is discarded); it comes "
                              f"back at an exit {h} names ({h}: to front|back|fire)")
            return
        del self.zombies()[zi]
        self.notes.append(f"{h}'s Weapon destroys the zombie on {where}; the Weapon is discarded")

    def turn(self, seat: int, how: str) -> None:
        """Ruling 9: a human turned becomes a zombie player and discards every card."""
        s = self.s
        p = self.player(seat)
        p.human = False
        self.lost = True
        cards, p.cards = p.cards, []
        self.discard(cards)
        note = f"{p.name} {how} and becomes a zombie player"
        if cards:
            note += f" (discarding {', '.join(cards)})"
        if not any(q.human for q in s.players):
            note += "; every player is a zombie player: the zombies win"
        self.notes.append(note)

    def zombie_player_step(self, ev: Event, to: Square, head: str, humans: list[int]) -> str:
        """A zombie player's step onto ``to``: the ``humans`` there are turned, or an armed
        one sends it to an exit (ruling 6) and its move ends."""
        s = self.s
        seat = ev.seat
        p = self.player(seat)
        p.at = to
        s.visited = s.visited | {to}
        s.steps_left -= 1
        ends = False
        before = len(self.notes)
        for h in humans:
            victim = s.players[h]
            if WEAPON in victim.cards:
                victim = self.player(h)
                victim.cards.remove(WEAPON)
                self.discard([WEAPON])
                s.pending = (*s.pending, Pending(seat, seat=seat))
                self.notes.append(f"{victim.name}'s Weapon sends {p.name} to an exit (the Weapon is discarded); "
                                  f"{p.name}'s move ends and {p.name} names the exit ({p.name}: to front|back|fire)")
                ends = True
            else:
                self.turn(h, f"is caught by {p.name} on {square_name(to)}")
        if len(self.notes) == before:
            self.notes.append(f"{p.name} moves to {square_name(to)}")
        if (ends or s.steps_left == 0) and s.ending is None and any(q.human for q in s.players):
            self.end_move()
        return head

    def to(self, ev: Event) -> str:
        """The placement awaited, named: an exit, or a free Linen Closet square."""
        s, m = self.s, self.r.mansion
        name = s.players[ev.seat].name
        first = s.pending[0]
        if first.closet:
            if ev.to_square is None:
                raise placement_choice(self.r, s, "name the Linen Closet square")
            s.pending = tuple(s.pending[1:])
            self.player(first.seat).at = ev.to_square
            self.notes.append(f"{name} is placed in the Linen Closet on {square_name(ev.to_square)}")
            return f"{name}: to {square_name(ev.to_square)}"
        if ev.exit is None:
            raise placement_choice(self.r, s, "name the exit")
        s.pending = tuple(s.pending[1:])
        at = m.exits[ev.exit]
        if first.seat is not None:
            self.player(first.seat).at = at
            self.notes.append(f"{s.players[first.seat].name} is placed at the {EXIT_TITLES[ev.exit]} "
                              f"({square_name(at)})")
        else:
            self.zombie(first.zombie).at = at
            self.notes.append(f"the zombie comes back at the {EXIT_TITLES[ev.exit]} ({square_name(at)})")
        return f"{name}: to {ev.exit}"

    def zombie_move(self, ev: Event, plan: ZombiePlan | None = None) -> str:
        """A zombie's walk (rulings 3, 12, 17; checked by :func:`zombie_check`)."""
        s, m = self.s, self.r.mansion
        name = s.players[ev.seat].name
        if ev.number is None:
            raise BadInputError(f"the zombie move needs its roll: '{name}: zombie {square_name(ev.square)} roll 3 N N W'")
        path = ev.path or ()
        where = square_name(ev.square)
        head = f"{name}: zombie {where} roll {ev.number}"
        if plan is None:
            zi = zombie_index(s, ev.square)
            ctx = context(m, s, zi)
            if not path and can_step(m, s, zi, ctx):
                found = searcher(m, s, zi, ctx)(ev.number)
                opts = [Option(f"{head} {' '.join(p)}", walk_text(s, w)) for w, p in found.paths.items()]
                raise ChoiceNeeded(f"the zombie on {where} rolled {ev.number}: name its path",
                                   R_ZMOVE, f"Which way does the zombie on {where} go?", opts)
            plan = ZombiePlan(zi, ctx, follow(m, s, zi, path, ev.number, ctx))
        self.walk(plan.zi, plan.walk, path, ev.seat)
        return f"{head} {' '.join(path)}".rstrip()

    def walk(self, zi: int, walk: Walk, path: tuple[str, ...], mover_seat: int) -> None:
        """Zombie ``zi`` walks ``path`` with the result ``walk``: the humans met are
        turned in the order met, a Weapon met destroys it, and the next human clockwise
        moves the next zombie, or the zombie phase ends."""
        s = self.s
        z0 = s.zombies[zi]
        sq = z0.at
        if path:
            route = [square_name(sq)]
            for f in path:
                sq = step(sq, f)
                route.append(square_name(sq))
            self.notes.append(f"the zombie moves {'-'.join(route)}")
        else:
            self.notes.append(f"the zombie on {square_name(sq)} cannot move")
        if walk.turned:
            for seat in sorted(walk.turned, key=lambda i: path_index(z0.at, path, s.players[i].at)):
                self.turn(seat, f"is caught by the zombie on {square_name(s.players[seat].at)}")
        z = _new(Zombie)                  # Zombie(walk.end, True), made without the dataclass __init__
        z.at, z.moved = walk.end, True
        self.zombies()[zi] = z
        if walk.destroyed_by is not None:
            holder = self.player(walk.destroyed_by)
            holder.cards.remove(WEAPON)
            self.discard([WEAPON])
            self.destroy(zi, walk.destroyed_by, square_name(walk.end))
        if self.lost:
            self.check_end()
            if s.ending is not None:
                return
        for o in s.zombies:
            if not o.moved:
                nxt = next_human(s, mover_seat, include_self=False)
                s.zmover = nxt
                self.notes.append(f"{s.players[nxt].name} moves the next zombie")
                return
        self.end_zombie_phase()


#: The :class:`Turn` method of each verb.
STEPS = {"start": Turn.start, "roll": Turn.roll, "stop": Turn.stop, "step": Turn.step, "to": Turn.to,
         "zombie": Turn.zombie_move}
