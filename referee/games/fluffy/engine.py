"""The Zombies Want Fluffy game: pure, no I/O.

A :class:`Game` is set up from record tags, then takes events in record notation
(``docs/fluffy.md``): Fluffy's ``deal``, ``discard``, ``draw``, ``play``,
``snag``, ``sprint``, ``end``; the zombies' ``shamble``, ``play``, ``discard``, ``end``;
and ``deck``, a correction of the deck's counts, at any time.
:meth:`Game.apply` checks each event against the rules, resolves what the rules make
automatic (bounces with one result, zombies rising, shambling, captures, the flower,
running out of cards) and raises :class:`~referee.errors.IllegalEventError` with a rule
id otherwise, or :class:`~referee.errors.ChoiceNeeded` when a player's choice is
missing.  Squares are named like ``b3``; facings are ``N``, ``E``, ``S``, ``W``.

The parts: :mod:`.notation` (event text to typed values), :mod:`.state` (the
position), :mod:`.rules` (the checks and the moves); this module is the ``Game``.

>>> g = Game.from_tags({"Board": "default"})
>>> g.apply("play F").notes
['Fluffy moves l1-l2, facing N']
>>> g.fluffy_at, g.fluffy_facing, g.hand_size
('l2', 'N', 4)
"""

from __future__ import annotations

from referee.cards import Held, Tally
from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError, Option
from referee.games.base import Blocked, Kernel, Problem, Step, refuse
from referee.grid import square_name

from .board import ZOMBIE_NAMES, Board, board_from_tags
from .notation import (CARD_CODES, DEAL, DEFAULT_DECK, MOVE_NAMES, MOVES, Event, ZMove, card_name,  # noqa: F401
                       deck_text, parse_card, parse_deck, parse_duration, parse_event, _parse_event)
from .rules import (RULE_IDS, Turn, event_check, expand_fluffy_move, expand_shamble,  # noqa: F401
                    expand_zombie_play, refilled)
from .rules import R_SHAMBLE, R_ZOMBIE_DISCARD, draw_card_check
from .state import FLUFFY_PLAYS, HAND_LIMIT, ZOMBIE_PLAYS, Position, Rules, Zombie, score_of  # noqa: F401


class Game(Kernel):
    """A game of Zombies Want Fluffy, event by event (see the module docstring)."""

    name = "fluffy"

    def __init__(self, rules: Rules, tags: dict[str, str] | None = None) -> None:
        self.rules = rules
        self._tags = dict(tags or {})
        deal_total = DEAL + rules.hand_size
        movement = sum(rules.deck.values())
        if movement < deal_total:
            raise BadInputError(f"the deck has {movement} movement cards; the deal needs {deal_total}")
        guessed = frozenset() if rules.deck_given else frozenset(CARD_CODES)
        self.s = Position(
            fluffy=rules.board.flower, facing="N", tree=False, zombies=(), destroyed=(), aside=(),
            drawn=(), pile=movement - deal_total + len(ZOMBIE_NAMES),
            fluffy_hand=Held(unknown=rules.hand_size), zombie_hand=Held(unknown=DEAL),
            count=Tally(rules.deck, guessed=guessed))

    # -- set-up --------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from record tags, declared in :data:`referee.games.fluffy.TAGS` and
        checked there first (:func:`referee.setup.read_tags`): ``Board`` (a built-in
        name such as ``default``, or a file whose text the shared layer passes as
        ``BoardText``), ``Deck`` (e.g. ``"F=10 L=4 R=4 B=2 LR=2 FB=2"``; without it the
        project's own mix gives the pile size and no card count is checked), the players
        ``Fluffy`` and ``Zombies``, and the variants.  :class:`BadInputError` for an
        unknown or bad tag."""
        from referee.setup import read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        board = board_from_tags(values)
        deck = parse_deck(values.get("Deck", DEFAULT_DECK))
        hand_size = int(values.get("HandSize", HAND_LIMIT))
        clock = parse_duration(values["OpeningClock"]) if "OpeningClock" in values else None
        rules = Rules(board, deck, hand_size, values.get("ZombieMoves") == "some", opening_clock=clock,
                      deck_given="Deck" in values, zombie_hand_hidden=values.get("ZombieHand") == "hidden",
                      fluffy_hand_open=values.get("FluffyHand") == "open")
        return cls(rules, values)

    def tags(self) -> dict[str, str]:
        """The tags that set this game up again, in declared order (``Board`` always).
        ``Deck`` is written only when the record gave one: an exported game without it
        replays with the counts still unchecked."""
        from referee.setup import written

        from . import TAGS

        return written(TAGS, self._tags, Deck=deck_text(self.rules.deck) if self.rules.deck_given else None)

    # -- reading the position ------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def over(self) -> bool:
        return self.s.ending is not None

    @property
    def fluffy_at(self) -> str:
        """Fluffy's square (``b3``) or ``exit``."""
        return "exit" if self.s.fluffy is None else square_name(self.s.fluffy)

    @property
    def fluffy_facing(self) -> str:
        return self.s.facing

    @property
    def hand_size(self) -> int:
        return self.s.fluffy_hand.size

    @property
    def turn(self) -> str:
        return self.s.turn

    @property
    def deck_checked(self) -> bool:
        """True when every card count comes from the players (a ``[Deck]`` tag or
        corrections), so a card past its count is refused."""
        return self.s.count.checked

    def score(self) -> dict[str, int]:
        """Fluffy's match-play score as things stand (see :func:`score_of`)."""
        return score_of(self.s)

    def _zombie_hand_json(self) -> dict:
        """The zombie player's hand as the table sees it: with the hidden-hand handicap
        its snagged cards are face down too, so only the count shows."""
        hand = self.s.zombie_hand
        if self.rules.zombie_hand_hidden:
            return {"size": hand.size, "known": [], "unknown": hand.size}
        return {"size": hand.size, "known": hand.known_list(), "unknown": hand.unknown}

    @property
    def opening(self) -> bool:
        """True while no zombie card has come up yet: Fluffy's zombie-free opening."""
        return not self.s.drawn

    def variants(self) -> list[str]:
        """The designer's variants and handicaps in force, in words."""
        r, out = self.rules, []
        if r.hand_size != HAND_LIMIT:
            out.append(f"Fluffy's hand size {r.hand_size}")
        if r.some_zombies:
            out.append("zombie cards move one or more zombies")
        if r.zombie_hand_hidden:
            out.append("zombie hand face down")
        if r.fluffy_hand_open:
            out.append("Fluffy's hand face up")
        if r.opening_clock:
            out.append(f"opening clock {r.opening_clock // 60}m{r.opening_clock % 60:02d}s")
        return out

    def phase(self) -> str:
        """What comes next, in words: ``discard or draw``, ``play``, ``shamble``, ..."""
        s = self.s
        if self.over:
            return "over"
        if s.turn == "zombies":
            return "shamble" if not s.shambled else "play, discard or end"
        if s.plays == 0 and not refilled(self.rules, s):
            return "discard or draw" if not s.drew and not s.discarded else "draw"
        return "play" if s.plays == 0 else "play or end"

    def to_json(self) -> dict:
        """The JSON state of the replay contract (records.md, "JSON state"), plus
        ``deck_checked`` (False while card counts are a guess: no ``[Deck]`` given) and
        ``deck_counts`` (the composition counted against, the seen cards per code)."""
        s = self.s
        count = s.count
        return {
            "game": "fluffy", "over": self.over, "winner": s.winner, "ending": s.ending,
            "turn": s.turn, "deck": s.pile,
            "fluffy": {"at": self.fluffy_at, "facing": s.facing, "tree": s.tree,
                       "hand": s.fluffy_hand.size, "known": s.fluffy_hand.known_list()},
            "zombies": [{"name": z.name, "at": square_name(z.at), "facing": z.facing} for z in s.zombies],
            "destroyed": list(s.destroyed), "aside": list(s.aside),
            "score": self.score(),
            "zombie_hand": self._zombie_hand_json(),
            "phase": self.phase(), "turn_number": s.turn_no,
            "plays": s.plays if s.turn == "fluffy" else s.zplays,
            "deck_checked": count.checked,
            "deck_counts": {c: {"deck": n, "seen": count.seen_of(c), "checked": c not in count.guessed}
                            for c, n in count.composition.items()},
        }

    # -- applying events -----------------------------------------------------------------

    @property
    def state(self) -> Position:
        """The position (:class:`Kernel` name for :attr:`s`): replaced, never changed."""
        return self.s

    @state.setter
    def state(self, value: Position) -> None:
        self.s = value

    def parse(self, text: str) -> Event:
        """The event ``text`` names (:mod:`.notation`); whose turn it is decides how
        ``play`` and ``discard`` read.  A bare ``play`` (no card) is refused with the
        rule that blocks playing now, if one does (what ``blocked_events`` lists), else
        it is bad input.  :class:`BadInputError` for malformed text."""
        s = self.s
        if " ".join(str(text).split()).lower() == "play":
            refuse(event_check(self.rules, s, Event("play" if s.turn == "fluffy" else "zplay")))
        return _parse_event(text, s.turn == "zombies" and s.ending is None)

    def check(self, state: Position, event: Event) -> Problem | None:
        """The first rule ``event`` breaks in ``state`` as far as can be told before
        moving anything (:func:`.rules.event_check`)."""
        return event_check(self.rules, state, event)

    def step(self, state: Position, event: Event) -> Step:
        """``event`` applied to a copy of ``state`` (:class:`.rules.Turn`): the new
        position, the canonical text and the notes.  A bounce or a deck count met on the
        way may still refuse (IllegalEventError) or ask (ChoiceNeeded)."""
        notes: list[str] = []
        t = Turn(self.rules, state.copy(), notes, event)
        done = t.run(checked=True)
        if event.verb != "deck":
            t.s.events += 1
        return Step(t.s, done.text(), notes)

    def _codes(self) -> list[str]:
        """Card codes worth listing: those of the deck counted against, and without a
        ``[Deck]`` every code (any movement card may be played then)."""
        return self.s.count.playable(CARD_CODES)

    def legal_events(self) -> list[Option]:
        """Every event legal now, as complete notation with what it would do.

        Card plays are listed for each card Fluffy (or the zombie player) may hold, with
        every choice and bounce facing written out; zombie orders are listed where they
        lead to different positions.  ``deal`` and ``deck`` are not listed.  Choices are
        expanded by branching the position, not by asking and starting again.
        """
        if self.over:
            return []
        s, r = self.s, self.rules
        out: list[Option] = []
        seen: set[str] = set()

        def add(text: str, notes: list[str]) -> None:
            if text not in seen:
                seen.add(text)
                out.append(Option(text, "; ".join(notes)))

        codes = self._codes()
        count = s.count
        if s.turn == "fluffy":
            hand = s.fluffy_hand
            simple = []
            if hand.unknown:
                simple.append(Event("discard"))
            simple += [Event("discard", card=c) for c in dict.fromkeys(hand.known)]
            simple += [Event("draw", cards=(c,)) for c in ("?", *(z for z in ZOMBIE_NAMES if z not in s.drawn),
                                                          *(c for c in codes if count.allows(c)))]
            for ev in simple:
                self._try(ev, add)
            if event_check(r, s, Event("play")) is None:
                for c in codes:
                    if hand.holds(c) or (hand.unknown > 0 and count.allows(c)):
                        for ev, t in expand_fluffy_move(Turn(r, s, [], Event("play")), "play", c):
                            add(ev.text(), t.notes)
            self._try(Event("snag"), add)
            if event_check(r, s, Event("sprint")) is None:
                for ev, t in expand_fluffy_move(Turn(r, s, [], Event("sprint")), "sprint", None):
                    add(ev.text(), t.notes)
            self._try(Event("end"), add)
        else:
            hand = s.zombie_hand
            held = [c for c in codes if hand.holds(c) or (hand.unknown > 0 and count.allows(c))]
            if not s.shambled:
                for o in self.shamble_orders():
                    add(o.text, [o.description] if o.description else [])
            if event_check(r, s, Event("zplay")) is None:
                for c in held:
                    for ev, t in expand_zombie_play(Turn(r, s, [], Event("zplay")), c):
                        add(ev.text(), t.notes)
            for c in held:
                self._try(Event("discard", card=c), add)
            self._try(Event("end"), add)
        return out

    def _try(self, ev: Event, add) -> None:
        """Apply ``ev`` on a copy when its checks pass, and list it."""
        if event_check(self.rules, self.s, ev) is not None:
            return
        notes: list[str] = []
        t = Turn(self.rules, self.s.copy(), notes, ev)
        try:
            done = t.run()
        except (IllegalEventError, BadInputError):
            return  # ChoiceNeeded included: the complete events are listed on their own
        add(done.text(), notes)

    def due(self) -> list[Option]:
        """Fluffy's open hand (``[FluffyHand "open"]``) before the first event: the
        dealt cards must be named (``deal C C C C C``) before anything else."""
        s, r = self.s, self.rules
        if self.over or not r.fluffy_hand_open or s.events > 0 or not s.fluffy_hand.unknown:
            return []
        n = s.fluffy_hand.unknown
        return [Option("deal " + " ".join(["C"] * n),
                       f"name Fluffy's {n} dealt cards (his hand is face up), e.g. "
                       f"deal {' '.join((['F', 'F', 'L', 'R', 'B'] * 2)[:n])}")]

    def blocked_events(self) -> list[Blocked]:
        """Events a player might try that are not legal now, each with the reason and the
        rule: for Fluffy discard, draw, play, snag, sprint and end; for the zombies
        shamble, play, discard and end."""
        if self.over:
            return []
        s, r = self.s, self.rules
        if s.turn == "fluffy":
            tries = [("discard", Event("discard")), ("draw ?", Event("draw", cards=("?",))),
                     ("play", Event("play")), ("snag", Event("snag")), ("sprint", Event("sprint")),
                     ("end", Event("end"))]
        else:
            tries = [("shamble", Event("shamble")), ("play", Event("zplay")),
                     ("discard", Event("discard", card=None)), ("end", Event("end"))]
        out = []
        for text, ev in tries:
            problem = event_check(r, s, ev)
            if problem is None and ev.verb == "draw":
                problem = draw_card_check(r, s, "?")
            if problem is not None and not (ev.verb == "discard" and s.turn == "zombies" and s.shambled
                                            and problem[1] == R_ZOMBIE_DISCARD):
                out.append(Blocked(text, *problem))
        return out

    def choice_before(self, text: str) -> ChoiceNeeded | None:
        """A bare ``shamble`` when the order of the zombies changes the outcome: the
        orders to choose from (SHAMBLING: the zombie player picks it)."""
        if text.strip().lower() != "shamble":
            return None
        options = self.shamble_orders()
        if len(options) < 2:
            return None
        return ChoiceNeeded("the order of the shamble changes the outcome", R_SHAMBLE,
                            "The zombies shamble: in which order (and facings)?", options)

    def shamble_orders(self) -> list[Option]:
        """The shambles that end differently: each order of the zombies (and bounce
        facing) whose result differs from those before it, board order first.  More
        than one means the order matters (SHAMBLING: the zombie player picks it)."""
        s = self.s
        if s.ending is not None or s.turn != "zombies" or s.shambled:
            return []
        return [Option(ev.text(), "; ".join(t.notes))
                for ev, t in expand_shamble(Turn(self.rules, s, [], Event("shamble")))]

    def _refilled(self, s: Position) -> bool:
        return refilled(self.rules, s)
