"""The Zombie Attack rules engine: pure, no I/O (rulebook ``zombie-attack.txt``, notation
and rulings in ``docs/zombie-attack.md``).

Players at a real table roll a real die and draw real cards; they type each roll, step
and card.  A :class:`Game` is set up from record tags (``Players``, ``Board``, ``Deck``
and the variants ``Empty``, ``Zombies``, ``Keep``, ``Hiding``, ``ZombieReturn``), then
takes events:

- set-up: ``Ann: start d4``;
- the human phase: ``Ann: roll 4``, ``Ann: N Weapon keep`` (a step and the card drawn
  there), ``Ann: stop``; a zombie player ``Cat: roll 3``, ``Cat: N``, ``Cat: stop``;
- the zombie phase: ``Ann: zombie e1 roll 3 N N W``;
- a placement at an exit: ``Cat: to back``.

Automatic results (players turned, zombies destroyed, escapes, the First Mover card
passing, the zombie-phase rotation) are resolved at once and reported as notes.

The parts: :mod:`.notation` (event text to a typed :class:`Event`), :mod:`.state` (the
position), :mod:`.checks` (the check functions), :mod:`.rules` (the steps), :mod:`.walks`
(the zombies' walks); this module is the :class:`Game` on the shared
:class:`~referee.games.base.Kernel`.

>>> g = Game.from_tags({"Players": "Ann, Ben", "Board": "default"})
>>> [g.apply(e).text for e in ("Ann: start b9", "ben: start i9", "Ann: roll 2")]
['Ann: start b9', 'Ben: start i9', 'Ann: roll 2']
>>> g.apply("Ann: e weapon keep").notes
['Ann draws a Weapon on c9 and keeps it']
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.games.base import Applied, Blocked, Kernel, Problem, Step
from referee.grid import FACINGS, Square, square_name
from referee.seats import seat_index, seat_of

from .board import EXIT_NAMES, Mansion, mansion_from_tags
from .notation import (CARD_TITLES, CARDS, DEFAULT_DECK, EMPTY, HIDING, KEYS, WEAPON, Event,  # noqa: F401
                       deck_text, parse_card, parse_deck, parse_event, parse_players)
from .checks import RULE_IDS, check_plan, event_check, start_problem  # noqa: F401
from .checks import step_problem as _step_problem
from .rules import STEPS, Turn, placement_choice, walk_text
from .state import (START_ZOMBIES, Pending, Player, Rules, State, Zombie, closet_squares,  # noqa: F401
                    free_closet_squares, humans_at, mover, next_human, zombies_at, zplayers_at)
from .walks import Walk, Walks, _tnew, follow, searcher  # noqa: F401
from . import walks as _walks

_new = object.__new__


def _option(text: str, description: str) -> Option:
    """``Option(text, description)`` made without the frozen dataclass's ``__init__``
    (the zombie phase lists hundreds)."""
    o = _new(Option)
    o.__dict__.update(text=text, description=description)
    return o


class Game(Kernel):
    """A game of Zombie Attack as the referee sees it: :attr:`state` (also ``s``) is the
    position, replaced by each event and never changed; ``rules`` the set-up."""

    name = "zombie-attack"

    def __init__(self, players: list[str], mansion: Mansion, deck: dict[str, int], *,
                 board_tag: str = "default", deck_tag: str | None = None, empty_out: bool = False,
                 zombies: int = START_ZOMBIES, keep: int = 1, halt: bool = False,
                 zombie_return: bool = False, weapon_humans: str | None = None) -> None:
        self.mansion = mansion
        self.weapon_humans = weapon_humans
        if weapon_humans == "closet" and not closet_squares(mansion):
            raise BadInputError('[WeaponHumans "closet"] needs a room named "Linen closet" on the board')
        self.board_tag, self.deck_tag = board_tag, deck_tag
        self.empty_out, self.start_zombies, self.keep = empty_out, zombies, keep
        self.halt, self.zombie_return = halt, zombie_return
        self.composition = dict(deck)
        if empty_out:
            self.composition[EMPTY] = 0
        need = len(players) * keep + 1
        if sum(self.composition.values()) < need:
            raise BadInputError(f"the deck holds {sum(self.composition.values())} cards; with "
                                f"{len(players)} players keeping {keep} each it needs at least {need}")
        exits = [mansion.exits[e] for e in EXIT_NAMES]
        self.rules = Rules(mansion, keep, halt, zombie_return, weapon_humans)
        self.state = State([Player(p) for p in players],
                       [Zombie(exits[i // 2]) for i in range(zombies)],
                       Counter({c: n for c, n in self.composition.items() if n}), Counter())
        self._names = tuple(players)
        self._index = seat_index(players)
        self._plan: tuple | None = None   # (state, event, plan) of the last check, for its step
        self._closet = weapon_humans == "closet"
        _walks.next_squares(mansion)      # the mansion's steps, read once at set-up

    # -- set-up ------------------------------------------------------------------------

    # -- set-up ------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from record tags, declared in :data:`referee.games.zombie_attack.TAGS`
        and checked there first (:func:`referee.setup.read_tags`); the board and the
        deck are read here, and the constructor checks what joins tags (a Linen Closet
        for ``[WeaponHumans "closet"]``, a deck big enough for the hands).
        :class:`BadInputError` for an unknown or bad tag."""
        from referee.setup import read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        players = parse_players(values.get("Players"))
        mansion = mansion_from_tags({k: v for k, v in values.items() if k in ("Board", "BoardText")})
        deck = parse_deck(values.get("Deck", DEFAULT_DECK))
        weapon_humans = values.get("WeaponHumans", "off")
        return cls(players, mansion, deck, board_tag=values.get("Board", "default"),
                   deck_tag=values.get("Deck"), empty_out=values.get("Empty") == "out",
                   zombies=int(values.get("Zombies", START_ZOMBIES)), keep=int(values.get("Keep", "1")),
                   halt=values.get("Hiding") == "halt", zombie_return=values.get("ZombieReturn") == "door",
                   weapon_humans=None if weapon_humans == "off" else weapon_humans)

    def tags(self) -> dict[str, str]:
        """The tags that set this game up again, in declared order; a variant only when
        it is not the rule."""
        from referee.setup import written

        from . import TAGS

        state = {"Empty": "out" if self.empty_out else "in", "Zombies": str(self.start_zombies),
                 "Keep": str(self.keep), "Hiding": "halt" if self.halt else "keep",
                 "ZombieReturn": "door" if self.zombie_return else "out",
                 "WeaponHumans": self.weapon_humans or "off"}
        return written(TAGS, state, Players=", ".join(p.name for p in self.s.players), Board=self.board_tag,
                       Deck=None if self.deck_tag is None else deck_text(parse_deck(self.deck_tag)))

    def variants(self) -> list[str]:
        """The variants in force, in words."""
        out = []
        if self.empty_out:
            out.append("no Empty cards")
        if self.start_zombies != START_ZOMBIES:
            out.append(f"{self.start_zombies} zombies")
        if self.keep != 1:
            out.append("keep two cards")
        if self.halt:
            out.append("Hiding Places halt")
        if self.zombie_return:
            out.append("zombies return at a door")
        if self.weapon_humans == "out":
            out.append("Weapons put humans out")
        if self.weapon_humans == "closet":
            out.append("Weapons send humans to the Linen Closet")
        return out

    def closet_squares(self) -> list[Square]:
        """The squares of the room named Linen closet (case aside), west to east, north first."""
        return list(closet_squares(self.mansion))

    def free_closet_squares(self, leaving: Square | None = None) -> list[Square]:
        """Linen Closet squares no token stands on (``leaving`` counts as taken)."""
        return free_closet_squares(self.mansion, self.state, leaving)

    # -- the position --------------------------------------------------------------------

    @property
    def s(self) -> State:
        """The position (:attr:`state`, the :class:`Kernel` name): replaced, never changed."""
        return self.state

    @s.setter
    def s(self, value: State) -> None:
        self.state = value

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.ending is not None

    @property
    def players(self) -> list[str]:
        """The players' names in seat order."""
        return [p.name for p in self.state.players]

    def sq(self, sq: Square | None) -> str | None:
        """The name of square ``sq`` (``d4``), or None."""
        return None if sq is None else square_name(sq)

    def mover(self) -> int | None:
        """The seat that acts next (None once the game is over)."""
        return mover(self.state)

    def _next_human(self, seat: int, include_self: bool) -> int | None:
        return next_human(self.state, seat, include_self)

    def zombies_at(self, sq: Square) -> list[Zombie]:
        """The zombies on square ``sq``."""
        return zombies_at(self.state, sq)

    def humans_at(self, sq: Square, st: State | None = None) -> list[int]:
        """The seats of the humans on ``sq`` (in ``st``, the game's position by default)."""
        return humans_at(st or self.state, sq)

    def zplayers_at(self, sq: Square, st: State | None = None) -> list[int]:
        """The seats of the zombie players on ``sq`` (in ``st``, the game's position by default)."""
        return zplayers_at(st or self.state, sq)

    def phase_text(self) -> str:
        """What happens next, in words."""
        s = self.state
        if self.over:
            return "game over"
        who = self.state.players[self.mover()].name
        if s.pending:
            p = s.pending[0]
            if p.closet:
                return f"{who} names a Linen Closet square ({who}: to SQUARE)"
            what = f"{s.players[p.seat].name}'s exit" if p.seat is not None else "the exit the zombie returns at"
            return f"{who} names {what} ({who}: to front|back|fire)"
        if s.phase == "setup":
            return f"set-up: {who} places a human in an empty room"
        if s.phase == "humans":
            if s.roll is None:
                return f"{who} rolls ({who}: roll N) or passes ({who}: stop)"
            return f"{who} moves: rolled {s.roll}, {s.steps_left} step{'s' if s.steps_left != 1 else ''} left"
        left = sum(1 for z in s.zombies if not z.moved)
        return f"{who} moves a zombie ({left} still to move)"

    # -- the kernel: parse, check, step ----------------------------------------------------

    def seat_of(self, name: str) -> int:
        """The seat of player ``name`` (any case); :class:`BadInputError` for an unknown one."""
        return seat_of(self._index, self._names, name, 30)

    def parse(self, text: str) -> Event:
        """The event ``text`` names (:func:`.notation.parse_event`, cached); pure.
        :class:`BadInputError` for malformed text or an unknown player."""
        return parse_event(self._names, self._closet, text)

    def check(self, state: State, event: Event) -> Problem | None:
        """The first rule ``event`` breaks in ``state`` (:func:`.rules.event_check`),
        what the move would meet on the way included; None when it passes (a choice it
        leaves open is asked by :meth:`step`)."""
        problem, plan = check_plan(self.rules, state, event)
        self._plan = None if plan is None else (state, event, plan)
        return problem

    def step(self, state: State, event: Event) -> Step:
        """``event`` applied to a copy of ``state`` (:class:`.rules.Turn`, copy on write):
        the new position, the canonical text and the notes.  Raises
        :class:`ChoiceNeeded` for a choice left open (a placement awaited first, a card,
        a decision, a path, an exit) and :class:`BadInputError` for a roll left out or a
        square off the mansion."""
        if state.pending and event.verb != "to":
            raise placement_choice(self.rules, state, "first the placement at an exit must be named")
        t = Turn(self.rules, state)
        memo = self._plan
        if memo is not None and memo[0] is state and memo[1] is event:
            text = STEPS[event.verb](t, event, memo[2])      # what the check found on the way
        else:
            text = STEPS[event.verb](t, event)
        if t.lost:
            t.check_end()
        return _tnew(Step, (t.s, text, t.notes))

    def _try(self, text: str) -> Applied:
        """What :meth:`apply` would do with ``text``, nothing changed."""
        return self.dry_run(text)

    def choice_after(self) -> ChoiceNeeded | None:
        """The exit a player must name now (ruling 13: a zombie player hit by a Weapon,
        or with ``[ZombieReturn "door"]`` the zombie a Weapon destroyed), as the choice
        ``referee play`` offers right after the hit; None when nothing is awaited."""
        if self.over or not self.state.pending:
            return None
        return placement_choice(self.rules, self.state, "a Weapon hit")

    def _placement_choice(self, why: str) -> ChoiceNeeded:
        return placement_choice(self.rules, self.state, why)

    def step_problem(self, seat: int, facing: str) -> Problem | None:
        """Why the mover ``seat`` may not step ``facing`` now (rolled, steps left), or None."""
        return _step_problem(self.rules, self.state, seat, facing)

    def _start_problem(self, sq: Square) -> Problem | None:
        return start_problem(self.rules, self.state, sq)

    # -- zombie walks (the advisor and the tests ask for them) ----------------------------

    def _zi(self, z: Zombie) -> int:
        return next(i for i, o in enumerate(self.state.zombies) if o is z)

    def zombie_walks(self, z: Zombie, roll: int, searcher=None) -> tuple[int, dict[Walk, tuple[str, ...]]]:
        """The legal walks of zombie ``z`` with ``roll``: ``(longest, {walk: canonical path})``
        (ruling 17, which makes rulings 3 and 12 exact).

        ``longest`` is the length every walk that meets no Weapon must have: ``roll`` when
        some path (a walk into a Weapon counted up to that square) reaches the roll, else
        the longest length any path reaches, 0 when the zombie cannot step at all.  A walk
        into a Weapon is legal at any length up to ``roll``.  One canonical path (the
        shortest, then the first in N, E, S, W order) stands for each result.
        """
        found = (searcher or self._walk_searcher(z))(roll)
        return found.longest, found.paths

    def _walk_searcher(self, z: Zombie):
        """The search of zombie ``z``'s walks for any roll (:func:`.walks.searcher`)."""
        return searcher(self.mansion, self.state, self._zi(z))

    def _walk(self, z: Zombie, path: tuple[str, ...], roll: int):
        """Follow ``path``: a :class:`Walk` or the Problem of its first bad step."""
        return follow(self.mansion, self.state, self._zi(z), path, roll)

    def _apply_walk(self, z: Zombie, walk: Walk, path: tuple[str, ...], mover: int) -> list[str]:
        """Zombie ``z`` walks ``path`` (a legal walk with the result ``walk``): the
        position is replaced by the one after it; the notes."""
        t = Turn(self.rules, self.state)
        t.lost = True                     # a position set by hand: look for the end as the walk did
        t.walk(self._zi(z), walk, path, mover)
        self.state = t.s
        return t.notes

    def _start_zombie_phase(self) -> list[str]:
        """The zombie phase started now (the position replaced); the notes."""
        t = Turn(self.rules, self.state)
        t.start_zombie_phase()
        self.state = t.s
        return t.notes

    def _walk_text(self, w: Walk) -> str:
        return walk_text(self.state, w)

    # -- dice --------------------------------------------------------------------------

    def fill_dice(self, text: str, roll: Callable[[], int]) -> str:
        """``Ann: roll`` and ``Ann: zombie e1 roll [PATH]`` get the number from ``roll()``."""
        who, sep, what = text.partition(":")
        words = what.split()
        if not sep or not words:
            return text
        if [w.lower() for w in words] == ["roll"]:
            return f"{who.strip()}: roll {roll()}"
        if len(words) >= 3 and words[0].lower() == "zombie" and words[2].lower() == "roll" and \
                (len(words) == 3 or not words[3].isdigit()):
            return f"{who.strip()}: {' '.join(words[:3])} {roll()} {' '.join(words[3:])}".rstrip()
        return text

    # -- listings ----------------------------------------------------------------------

    def legal_events(self) -> list[Option]:
        """Every event legal now, complete, with what it would do: the placement's
        options, the set-up squares, the rolls and steps of the human phase (each
        choice written out and stepped), and in the zombie phase one path per walk
        result and roll (:func:`.walks.searcher`)."""
        if self.over:
            return []
        s, m = self.state, self.mansion
        seat = self.mover()
        p = s.players[seat]
        if s.pending:
            return list(placement_choice(self.rules, s, "").options)
        out: list[Option] = []
        if s.phase == "setup":
            for sq in sorted(m.room, key=lambda q: (q[0], q[1])):
                if start_problem(self.rules, s, sq) is None:
                    out.append(Option(f"{p.name}: start {square_name(sq)}",
                                      f"{p.name} starts in the {m.room_name(m.room_of(sq))}"))
            return out
        if s.phase == "humans":
            if s.roll is None:
                for n in range(1, 7):
                    out.append(Option(f"{p.name}: roll {n}", f"{p.name} may move up to {n} step{'s' if n > 1 else ''}"
                                      + (" (discarding the Hiding Place)" if p.hiding else "")))
                out.append(Option(f"{p.name}: stop", f"{p.name} passes" + (" and stays hidden" if p.hiding else "")))
                return out
            for f in FACINGS:
                if _step_problem(self.rules, s, seat, f) is None:
                    out += self._step_options(seat, f)
            out.append(Option(f"{p.name}: stop", f"{p.name} ends the move"))
            return out
        texts: dict = {}                  # walk -> its words (a result recurs over rolls)
        for z, n, found in self._zombie_walks():
            longest = found.longest
            head = f"{p.name}: zombie {square_name(z.at)} roll {n}"
            short = "" if longest == n else \
                f" (no {n}-step path: {'it cannot move' if longest == 0 else f'a longest path of {longest}'})"
            counts = found.counts
            for w, path in found.paths.items():
                desc = texts.get(w)
                if desc is None:
                    desc = texts[w] = walk_text(s, w)
                if counts[w] > 1:
                    desc += f" (one of {counts[w]} paths to this result)"
                out.append(_option(f"{head} {' '.join(path)}" if path else head, desc + short))
        return out

    def _zombie_walks(self):
        """``(zombie, roll, found)`` for each zombie still to move (one per square) and
        each roll 1..6: the walks its searcher finds, as ``legal_events`` and
        ``legal_lines`` both list them."""
        s, m = self.state, self.mansion
        seen: set[Square] = set()
        for i, z in enumerate(s.zombies):
            if z.moved or z.at is None or z.at in seen:
                continue
            seen.add(z.at)
            search = searcher(m, s, i)
            for n in range(1, 7):
                yield z, n, search(n)

    def legal_lines(self) -> list[str] | None:
        """The zombie phase's legal moves grouped for reading (issue 25): a line per
        zombie, then a line per roll listing each result as its path and the square it
        ends on, with whom it turns, a Weapon that destroys it and how many paths lead
        there; None outside the zombie phase (the listing is short there).  Every event
        it shows is one :meth:`legal_events` lists."""
        s = self.state
        if self.over or s.pending or s.phase != "zombies":
            return None
        name = s.players[self.mover()].name
        out = [f"{name} moves a zombie: '{name}: zombie SQUARE roll N PATH'. For each zombie and roll, "
               "each result with one path to it (any other path with the same result is legal too):"]
        for z, n, found in self._zombie_walks():
            if n == 1:
                out.append(f"zombie {square_name(z.at)}")
            items = []
            for w, path in found.paths.items():
                item = f"{' '.join(path)} {square_name(w.end)}" if path else "no step"
                extra = []
                if w.turned:
                    extra.append("turns " + ", ".join(s.players[i].name for i in sorted(w.turned)))
                if w.destroyed_by is not None:
                    extra.append(f"{s.players[w.destroyed_by].name}'s Weapon")
                if found.counts[w] > 1:
                    extra.append(f"{found.counts[w]} paths")
                items.append(item + (f" ({'; '.join(extra)})" if extra else ""))
            short = "" if found.longest == n else \
                f" (no {n}-step path: {'it cannot move' if found.longest == 0 else f'longest {found.longest}'})"
            out.append(f"  roll {n}{short}: " + " · ".join(items))
        return out

    def _step_options(self, seat: int, facing: str) -> list[Option]:
        """The complete step events ``facing`` for the mover, found by trying each
        completion with :meth:`check` and :meth:`step` (each option applies)."""
        state = self.state
        out: list[Option] = []

        def expand(event: Event) -> None:
            """List ``event`` complete, or each completion of the choice it leaves."""
            if self.check(state, event) is not None:
                return
            try:
                done = self.step(state, event)
            except ChoiceNeeded as need:
                for o in need.options:
                    expand(self.parse(o.text))
                return
            out.append(Option(done.text, "; ".join(done.notes)))

        expand(Event(seat, "step", facing=facing))
        return out

    def attempts(self, state: State):
        """For the mover in the middle of a move: a step each way (``blocked_events``)."""
        if state.ending is not None or state.pending or state.phase != "humans" or state.roll is None:
            return
        seat = mover(state)
        name = state.players[seat].name
        for f in FACINGS:
            yield f"{name}: {f}", Event(seat, "step", facing=f)

    def blocked_events(self) -> list[Blocked]:
        """For the mover in the middle of a move: each step not legal now, and why (the
        step itself, before any card is named: :func:`.rules.step_problem`)."""
        s = self.state
        out = []
        for text, ev in self.attempts(s):
            problem = _step_problem(self.rules, s, ev.seat, ev.facing)
            if problem:
                out.append(Blocked(text, *problem))
        return out

    # -- state -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON state of the replay contract (``docs/zombie-attack.md``, "JSON state")."""
        s = self.state
        nxt = self.mover()
        return {
            "game": self.name, "over": self.over, "winner": s.winner, "ending": s.ending,
            "round": s.round, "phase": s.phase,
            "next": None if nxt is None else s.players[nxt].name,
            "first_mover": s.players[s.first].name,
            "players": {p.name: {"human": p.human, "at": self.sq(p.at), "cards": list(p.cards),
                                 "hiding": p.hiding} | ({"out": p.out} if self.weapon_humans else {})
                        for p in s.players},
            "zombies": sorted(square_name(z.at) for z in s.zombies if z.at is not None),
            "destroyed": s.destroyed,
            "pile": sum(s.pile.values()), "discard": sum(s.discard.values()),
            "roll": s.roll, "steps_left": s.steps_left if s.roll is not None else None,
            "zombies_to_move": sorted(square_name(z.at) for z in s.zombies
                                      if s.phase == "zombies" and not z.moved and z.at is not None),
            "awaiting_exit": [s.players[p.seat].name if p.seat is not None else "zombie" for p in s.pending],
            "board": self.mansion.name, "variants": self.variants(),
        }
