"""Zombie Fluxx: the pure engine (spec ``fluxx.md``, rulebook ``zombie-fluxx.txt``).

The referee keeps what players lose track of in Fluxx: the rules in play (Draw, Play,
the limits, the stacking New Rules), the Goal and the Ungoal, who has which Keepers
and Creepers, how many cards each hand holds (and which of them are known), what the
player whose turn it is still owes (draws, plays, discards), the draw and discard
piles.  It checks every event against the rules in play and calls the win (or the
Ungoal) the moment it happens.

Record notation (``Player: verb ...``): ``creeper C``, ``draw ? ? C ?``,
``play C [effects]``, ``kill Z with K`` / ``with bare-hands``, ``move P to Who``,
``trio left|right``, ``discard C ...``, ``drop K``, ``end``.  Card names are matched
without case or punctuation; names with spaces are written in double quotes in the
canonical text.  Action effects: ``take K from P``, ``give K to P``, ``discard K
[from P]``, ``draw ? ...``, ``trash K [from P]``, ``rule-discard R``, ``goal-discard``.
A line with no player, ``card NAME type=... field=value ...``, defines a card the
catalogue lacks, from that line on (spec ruling 23).  The Goal's one place holds a Goal
or an Ungoal (ruling 17).

The parts (issue 26, the kernel of :mod:`referee.games.base`): :mod:`.notation` (text
to a typed event), :mod:`.state` (the position, never changed once made), :mod:`.rules`
(the rule ids and the checks), :mod:`.steps` (the events applied), :mod:`.listing` (legal and blocked events); this module is
the ``Game``.  Every rejection raises :class:`IllegalEventError` with a rule id from
:data:`RULE_IDS`; malformed events, unknown cards and bad tags raise
:class:`BadInputError`.

>>> g = Game(["Ann", "Ben"])
>>> g.apply("Ann: draw ?").text, g.hands[0].size
('Ann: draw ?', 4)
>>> g.check(g.state, g.parse("Ben: end"))
("it is Ann's turn, not Ben's", 'fluxx.turn-order')
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee import records
from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError, Option
from referee.games.base import Applied, Blocked, Kernel, Problem, Step
from referee.seats import seat_index, seat_of

from . import catalogue as catmod
from . import listing, rules, steps
from .catalogue import Card, Catalogue
from .frozen import frozen_dict
from .notation import (ANY_CARD, EFFECT_WORDS, SEQUENCES, Event, Move, Play, Token, Trio,  # noqa: F401
                       fmt, parse_card_line, parse_event, tokenize)
from .rules import *  # noqa: F401,F403  (the rule ids R_*, as before the split)
from .rules import _CHECKS, RULE_IDS, event_check
from .steps import step_event
from .state import BARE_HANDS, HAND_SIZE, State, card_names, join, new_state  # noqa: F401

MIN_PLAYERS, MAX_PLAYERS = 2, 6
SLOT_KEYS = {"draw": "draw", "play": "play", "hand-limit": "hand_limit", "keeper-limit": "keeper_limit"}
_join = join


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Zombie Fluxx", MIN_PLAYERS, MAX_PLAYERS, ("zombies", "?", BARE_HANDS))


_SEATS: dict[tuple[str, ...], dict[str, int]] = {}
_NONE: dict = {}
_CHOOSABLE = (Trio, Move)     #: events whose choice parse() checks against the position


def _seats(players: list[str]) -> dict[str, int]:
    """The seat index of ``players`` (:func:`referee.seats.seat_index`), one object for
    every game with these players, so that an event's text parsed in one game is parsed
    in all of them (:func:`.notation.parse_event`).  Never changed."""
    key = tuple(players)
    index = _SEATS.get(key)
    if index is None:
        if len(_SEATS) >= 64:
            _SEATS.clear()
        index = _SEATS[key] = frozen_dict(seat_index(players))
    return index


def _forward(name: str) -> property:
    """A property of :class:`Game` reading the attribute ``name`` of the current
    :class:`State`; setting it (set-up in tests) replaces the position by a new one
    (:meth:`State.edited`), as a position never changes."""
    def get(self):
        return getattr(self.state, name)

    def set_(self, value):
        self.state = self.state.edited(**{name: value})

    return property(get, set_, doc=f"The current position's ``{name}``.")


class Game(Kernel):
    """A game of Zombie Fluxx as the referee sees it (hands hidden: counts and known cards).

    The position is :attr:`state` (a :class:`State`, replaced by each event, never
    changed); the attributes of the position (``hands``, ``keepers``, ``goal``, ...) and
    its derived counts (``draws_owed()``, ``visible()``, ...) are read through the game."""

    name = "fluxx"

    def __init__(self, players: list[str], cat: Catalogue | None = None, *,
                 zombies_out: bool = False, cards_tag: str | None = None) -> None:
        cat = cat or catmod.load()
        self.cards_tag = cards_tag
        composition: dict[str, int] = {
            c.name: (0 if zombies_out and (c.set_aside or c.type == "creeper") else c.count)
            for c in cat}
        n = len(players)
        total = sum(composition.values())
        if total < HAND_SIZE * n:
            raise BadInputError(f"the catalogue holds {total} cards: too few to deal {HAND_SIZE} "
                                f"to each of {n} players")
        self.state = new_state(players, cat, composition, zombies_out, _seats(players))

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from ``Players`` (required), ``Cards`` (with ``CardsText`` when it names a
        file) and ``Zombies`` (``out`` or ``in``), declared in :data:`referee.games.fluxx.TAGS`
        and checked there first.  The annotation tags are kept for :meth:`tags`."""
        from referee.setup import notes, read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        players = parse_players(values.get("Players"))
        cards = values.get("Cards")
        text = values.get("CardsText")
        if cards is not None and text is None:
            if cards.strip().lower() not in ("default", "built-in", "builtin"):
                raise BadInputError(f"no catalogue file {cards!r} (a bare word names a built-in: "
                                    "only 'default')")
        cat = catmod.load(text, cards or "cards.toml") if text is not None else catmod.load()
        game = cls(players, cat, zombies_out=values.get("Zombies") == "out", cards_tag=cards)
        game.notes_tags = notes(tags)
        return game

    def tags(self) -> dict[str, str]:
        """The annotation tags, then the set-up in declared order."""
        from referee.setup import written

        from . import TAGS

        return {**getattr(self, "notes_tags", {}),
                **written(TAGS, {}, Players=", ".join(self.players), Cards=self.cards_tag,
                          Zombies="out" if self.zombies_out else None)}


    def __deepcopy__(self, memo):
        """An independent copy: the same set-up and the same position (a position is
        never changed: each event replaces it, so the two games cannot meet)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        return new

    def edit(self, **changes: Any) -> None:
        """Replace the position by this one with ``changes`` (:meth:`State.edited`: e.g.
        ``keepers={0: Counter(...)}``, ``rules={"draw": "Draw 2"}``, ``hands={1: (known,
        unknown)}``).  For set-up in tests and ``advise``'s what-ifs; the events of a
        game go through :meth:`apply`."""
        self.state = self.state.edited(**changes)

    def __getattr__(self, name: str) -> Any:
        """The current position's derived values (``draws_owed``, ``visible``, ``meets``,
        ...): what :class:`State` has that the game does not."""
        if name == "state" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.state, name)

    # -- the kernel -----------------------------------------------------------------------

    def parse(self, text: str) -> Event:
        """The event ``text`` names (:func:`.notation.parse_event`).  A ``trio`` or ``move``
        that leaves out its choice is bad input unless the position asks that choice."""
        s = self.state
        hit = s.cat.__dict__.get("_events", _NONE).get((text, id(s.index)))
        ev = hit[1] if hit is not None and hit[0] is s.index else parse_event(text, s.cat, s.players, s.index)
        t = type(ev)
        if t is Trio and ev.side is None and not rules.trio_choosable(rules.running(s), ev.p):
            raise BadInputError("expected 'trio left' or 'trio right'")
        if t is Move and ev.to is None and not rules.move_choosable(rules.running(s), ev.p, ev.name):
            raise BadInputError("expected 'to' here")
        return ev

    def check(self, state: State, event: Event) -> Problem | None:
        """The first rule ``event`` breaks in ``state``, or None: :func:`.rules.event_check`,
        and for the events whose refusals are met on the way (cards drawn, discarded or
        dropped one by one; an Action's effects) the step tried on a draft (``state`` is
        never changed)."""
        problem = event_check(state, event)
        if problem is None and (isinstance(event, SEQUENCES) or type(event) is Play and (event.effects or event.rest)):
            try:
                step_event(state, event)
            except ChoiceNeeded:
                return None
            except IllegalEventError as exc:
                return exc.message, exc.rule
            except BadInputError:
                return None
        return problem

    def step(self, state: State, event: Event) -> Step:
        """``event`` applied to ``state``: a new position (copy on write), the canonical
        text and the notes (:func:`.steps.step_event`)."""
        return Step(*step_event(state, event))

    def play(self, state: State, text: str) -> Step:
        """Parse, check and step ``text``: the checks before anything changes
        (:func:`.rules.event_check`), then the step, which raises the refusals met on the
        way from their own check functions; what :meth:`check` returns, without stepping
        twice.  ``state`` is not changed."""
        event = self.parse(text)
        problem = event_check(state, event)
        if problem is not None:
            raise IllegalEventError(problem[0], problem[1])
        return self.step(state, event)

    def apply(self, text: str) -> Applied:
        """Check and apply one event; atomic: a refused event changes nothing (the
        position is replaced only once the step has made a new one).  :meth:`play`,
        written out (the call per event it saves is a few per cent of a replay): an event
        parsed before is taken from the catalogue's memo as :meth:`parse` does (a ``trio``
        or ``move`` goes through :meth:`parse` for its choice), and checked by the check
        of its type (:func:`.rules.event_check`)."""
        state = self.state
        hit = state.cat.__dict__.get("_events", _NONE).get((text, id(state.index)))
        if hit is not None and hit[0] is state.index and type(hit[1]) not in _CHOOSABLE:
            event = hit[1]
        else:
            event = self.parse(text)
        problem = _CHECKS[type(event)](state, event)
        if problem is not None:
            raise IllegalEventError(problem[0], problem[1])
        self.state, text, notes = step_event(state, event)
        return Applied(text, notes)

    # -- derived state --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.ending is not None

    @property
    def ungoal(self) -> str | None:
        """The card in the Goal's place when it is an Ungoal (ruling 17), else None."""
        return self.state.ungoal

    @property
    def _index(self) -> dict[str, int]:
        return self.state.index

    def card(self, name: str) -> Card:
        return self.state.cat.card(name)

    def seat_of(self, name: str) -> int:
        return seat_of(self.state.index, self.state.players, name, 40)

    def define(self, card: Card) -> tuple[Card, list[str]]:
        """Add ``card`` to this game's catalogue (ruling 23): its copies join the deck, so
        the draw pile grows by its ``count`` (none for a card set aside without the
        Zombies).  :class:`BadInputError` when a card of that name is known with other
        data, or when its ``needs`` names a card that is not a Keeper or Creeper of the
        game.  Returns the card as the game knows it and the notes."""
        s = self.state.draft()
        notes = steps.define_step(s, card)
        self.state = s.settle()
        return self.state.cat.find(card.name), notes

    # -- checks (for the listings, ``advise`` and the tests) -------------------------------

    def _gate(self, p: int, *, own_turn: bool = True, limit_discard: bool = False) -> Problem | None:
        return rules.gate(self.state, p, own_turn=own_turn, limit_discard=limit_discard)

    def _holds(self, p: int, name: str, seen: Counter | None = None) -> Problem | None:
        return rules.holds_check(self.state, p, name, seen)

    def play_check(self, p: int, name: str) -> Problem | None:
        return rules.play_check(self.state, p, name)

    def end_check(self, p: int) -> Problem | None:
        return rules.end_check(self.state, p)

    def _limit_check(self, p: int, slot: str) -> Problem | None:
        return rules.limit_check(self.state, p, slot)

    def kill_check(self, p: int, target: str, source: str) -> Problem | None:
        return rules.kill_check(self.state, p, target, source)

    def _any_play_check(self, p: int) -> Problem | None:
        return rules.any_play_check(self.state, p)

    # -- listings -------------------------------------------------------------------------

    def _action_text(self, card: Card) -> str:
        return listing.action_text(self.state, card)

    def _describe_play(self, p: int, card: Card) -> str:
        return listing.describe_play(self.state, p, card)

    def legal_events(self) -> list[Option]:
        """Every event legal now, as complete notation with what it would do."""
        return listing.legal_events(self.state)

    def blocked_events(self) -> list[Blocked]:
        """Why ending the turn or playing on is not legal now, for the player to act."""
        return listing.blocked_events(self.state)

    # -- state ----------------------------------------------------------------------------

    def owes(self) -> dict[str, Any]:
        """What the player whose turn it is still owes this turn, and who else must discard."""
        return self.state.owes()

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON state, plus ``goal_type``, ``owes``, ``first_round``, ``known``
        (cards known in each hand), ``top`` and ``trash``."""
        s = self.state
        play = s.rule_value("play")
        return {
            "game": self.name, "over": s.over, "winner": s.winner, "ending": s.ending,
            "turn": s.turn, "next": None if s.over else s.players[s.current],
            "drawn": s.drawn, "played": s.played,
            "rules": {"draw": s.rule_value("draw"), "play": play,
                      "hand_limit": s.rule_value("hand-limit"),
                      "keeper_limit": s.rule_value("keeper-limit"),
                      "others": sorted(s.others)},
            "goal": s.goal,
            "players": {name: {"hand": s.hands[q].size,
                               "keepers": sorted(s.keepers[q].elements()),
                               "creepers": sorted(s.creepers[q].elements())}
                        for q, name in enumerate(s.players)},
            "pile": s.pile, "discard": len(s.discard),
            "goal_type": None if s.goal is None else s.card(s.goal).type,
            "owes": s.owes(),
            "first_round": s.first_round,
            "known": {name: s.hands[q].known_list() for q, name in enumerate(s.players)},
            "top": list(reversed(s.top)),
            "trash": sorted(s.trash),
        }


for _name in State.__dataclass_fields__:
    if _name not in ("index",):
        setattr(Game, _name, _forward(_name))
del _name
