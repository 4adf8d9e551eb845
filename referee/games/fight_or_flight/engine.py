"""Zombie Fight or Flight: the pure engine (rulebook ``zombie-fight-or-flight.txt``).

A cooperative card game: each card played is one day for the group; weeks are rows
of seven cards.  The referee sees the cards played, the cards shown face up from
week two, and how many cards each hand and the deck hold; the rest of each hand is
hidden (:attr:`Game.hands`: :class:`referee.cards.Hand` with ``known`` = the face-up
card).

Record notation (``docs/fight-or-flight.md``):

- ``[Players "Ann, Ben, Cat, Dan"]``: 2 to 8 seats clockwise, first player first.
- ``[Variant "casual"]`` (default), ``"experienced"`` (4 Heal out), ``"challenge"``
  (4 Heal and 2 Rest out); ``"experienced heal=2"`` / ``"challenge heal=3 rest=1"``
  say how many are taken out (up to 4 Heal, up to 2 Rest).
- Events: ``Ann: Provision`` (play a card), ``Ann: show Heal`` (the card Ann shows
  face up), ``Ann: stuck`` (Ann can play nothing: the group loses).
- ``Ann: Heal shown`` / ``Ann: Heal hidden``: which Heal Ann played when she shows a
  Heal face up and may hold another among her hidden cards.  Playing the face-up card
  obliges her to show a new one; a hidden one leaves the face-up card in place.  Plain
  ``Ann: Heal`` then means the face-up card, as records always read it
  (``fight-or-flight.ruling.face-up-default``); at the table the referee asks
  (:meth:`Game.choice_before`).

Every rejection raises :class:`IllegalEventError` with a rule id from
:data:`RULE_IDS`; malformed events and tags raise :class:`BadInputError`.

The parts, after :mod:`referee.games.base`'s kernel: :mod:`.notation` (the cards, event
text to a typed :class:`Event`), :mod:`.state` (the frozen position), :mod:`.rules`
(the checks and the steps); this module sets a game up and is the :class:`Game`.

>>> g = Game.from_tags({"Players": "Ann, Ben"})
>>> g.apply("ann: skirmish").notes
['Skirmish: the group must recover with two Recovery cards']
>>> g.check(g.state, g.parse("Ben: Flee"))
('the group is still recovering from a Skirmish: no Flight card until the group has recovered', 'fight-or-flight.flight')
"""

from __future__ import annotations

import re
from collections import Counter
from operator import attrgetter
from typing import Any

from referee import records
from referee.cards import CardCount, Hand
from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.games.base import Kernel, Problem, Step
from referee.numbers import to_int
from referee.seats import seat_index, seat_of

from .notation import (  # noqa: F401  (the names other modules import from here)
    BACKTRACK, CALM, CARD_INDEX, CARDS, COMBAT, EVADE, FIGHTS, FLEE, FLIGHTS, FULL_DECK, HEAL,
    PROVISION, RECOVERY, REST, SKIPS, SKIRMISH, SOURCES, THE_END, Event, parse_card, parse_event,
)
from .rules import (  # noqa: F401
    R_DECK, R_FACE_UP_DEFAULT, R_FLIGHT, R_GAME_OVER, R_RECOVERY, R_RECOVERY_COMBAT,
    R_SECOND_SKIRMISH, R_SHOW, R_SHOW_PLAY, R_STUCK, R_THE_END, R_TURN, RULE_IDS, describe,
    end_unreachable, event_check, face_up_choice, play_check, playable, recovery_needed,
    rule_check, show_check, source_check, step, stuck_check, week_provisioned,
)
from .state import FIGHT_FREE_NEEDED, FIRST_COUNTING_DAY, WEEK, Position, Table, unplayed  # noqa: F401

# -- set-up -----------------------------------------------------------------------------

#: Variants (rulebook "Variations ..."): name -> (Heal out, Rest out), both the default
#: and the most the variant allows.
VARIANTS: dict[str, tuple[int, int]] = {"casual": (0, 0), "experienced": (4, 0), "challenge": (4, 2)}


def hand_size(players: int) -> int:
    """Cards dealt per player: 6 with two players, 5 with three, else 4 (rulebook
    "Play of the Game" and the player-count notes under "Variations ...")."""
    return {2: 6, 3: 5}.get(players, 4)


def parse_variant(text: str | None) -> tuple[str, int, int]:
    """``(name, heal_out, rest_out)`` from a Variant tag such as ``"experienced heal=2"``.

    The counts say how many Heal / Rest cards are taken out of the deck (rulebook
    "Variations ...": up to 4 Heal for experienced, up to 4 Heal and 2 Rest for
    challenge).  :class:`BadInputError` for an unknown variant or a count out of range.
    """
    words = (text or "casual").lower().replace(",", " ").split()
    if not words or words[0] not in VARIANTS:
        raise BadInputError(f"unknown variant {text!r} (casual, experienced or challenge)")
    name = words[0]
    heal, rest = max_heal, max_rest = VARIANTS[name]
    for word in words[1:]:
        m = re.fullmatch(r"(heal|rest)=(\d+)", word)
        if not m:
            raise BadInputError(f"bad variant count {word!r}: write heal=N or rest=N")
        n = to_int(m.group(2), "a variant count")
        limit = max_heal if m.group(1) == "heal" else max_rest
        if n > limit:
            raise BadInputError(f"the {name} variant takes out at most {limit} "
                                f"{m.group(1).capitalize()} card{'s' if limit != 1 else ''}, not {n}")
        if m.group(1) == "heal":
            heal = n
        else:
            rest = n
    return name, heal, rest


def variant_deck(heal_out: int = 0, rest_out: int = 0) -> dict[str, int]:
    """The deck composition with ``heal_out`` Heal and ``rest_out`` Rest cards taken out."""
    deck = dict(FULL_DECK)
    deck[HEAL] -= heal_out
    deck[REST] -= rest_out
    return deck


def _view(name: str, doc: str) -> property:
    """A read-only property of :class:`Game` giving its position's field ``name``."""
    return property(attrgetter(f"state.{name}"), doc=doc)


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Fight or Flight", 2, 8)


class Game(Kernel):
    """A game of Zombie Fight or Flight as the referee sees it: the set-up
    (``players``, ``variant``, ``heal_out``, ``rest_out``, ``composition``: card ->
    copies in this variant's deck, ``hand_size``: cards dealt a seat) and
    :attr:`state`, the :class:`~.state.Position` (immutable: each event replaces it).

    Read-only views of the position, as before the kernel: ``deck`` (cards left to
    draw), ``hands`` (one :class:`Hand` per seat; ``known`` holds the face-up card),
    ``count`` (cards seen against the deck), ``played`` (``(seat, card)`` in order:
    day *d* is ``played[d-1]``), ``played_count``, ``recovering`` (None,
    ``"skirmish"`` or ``"combat"``), ``recovery_cards`` / ``recovery_heals`` (Recovery
    cards played since the Fight), ``fight_free_days``, ``direction`` (+1 clockwise,
    -1 counter-clockwise), ``turn`` (seat to play), ``skipped`` (seats the last card
    skipped), ``provisioned`` (per week begun), ``may_show``, ``must_show``,
    ``result`` / ``reason`` / ``detail``.
    """

    name = "fight-or-flight"

    def __init__(self, players: list[str], variant: str = "casual", heal_out: int = 0,
                 rest_out: int = 0) -> None:
        self.players = list(players)
        self.variant = variant
        self.heal_out, self.rest_out = heal_out, rest_out
        self.composition = variant_deck(heal_out, rest_out)
        self.hand_size = hand_size(len(players))
        self.table = Table(tuple(players), tuple(self.composition[c] for c in CARDS))
        deck = sum(self.composition.values()) - self.hand_size * len(players)
        self.state: Position = Position.start(self.table, self.hand_size, deck)
        self._index = seat_index(players)

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from ``Players`` (required) and ``Variant`` (optional) tags, declared in
        :data:`referee.games.fight_or_flight.TAGS` and checked there first.

        :class:`BadInputError` for a missing or bad Players tag, a bad Variant or any
        other tag.
        """
        from referee.setup import read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        players = parse_players(values.get("Players"))
        name, heal, rest = parse_variant(values.get("Variant"))
        return cls(players, name, heal, rest)

    def tags(self) -> dict[str, str]:
        """``Players`` and ``Variant`` tags that set this game up again."""
        from referee.setup import written

        from . import TAGS

        variant = self.variant
        if (self.heal_out, self.rest_out) != VARIANTS[self.variant]:
            variant += f" heal={self.heal_out}"
            if self.variant == "challenge":
                variant += f" rest={self.rest_out}"
        return written(TAGS, {}, Players=", ".join(self.players), Variant=variant)

    def copy(self) -> "Game":
        """An independent copy of this game: the set-up and the position are shared,
        since neither is ever changed (the advisor plays many games on from one
        position)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        return new

    # -- the kernel: parse, check, step ---------------------------------------------------

    def parse(self, text: str) -> Event:
        """The :class:`Event` ``text`` names (:func:`.notation.parse_event`);
        :class:`BadInputError` for malformed text, an unknown player or card."""
        return parse_event(self.table.players, text)

    def check(self, state: Position, event: Event) -> Problem | None:
        """The first rule ``event`` breaks in ``state`` (:func:`.rules.event_check`)."""
        return event_check(self.table, state, event)

    def step(self, state: Position, event: Event) -> Step:
        """``event`` applied to ``state`` (not changed), which it has passed
        :meth:`check` in (:func:`.rules.step`): the new position, the canonical text
        and the notes."""
        return step(self.table, state, event)

    def event_text(self, event: Event) -> None:
        """None: a refused event is named as the player typed it."""
        return None

    # -- reading the position -------------------------------------------------------------

    #: Views of the position (:class:`~.state.Position`), read-only.
    deck = _view("deck", "Cards left to draw.")
    recovering = _view("recovering", 'None, ``"skirmish"`` or ``"combat"``.')
    recovery_cards = _view("recovery_cards", "Recovery cards played since the Fight.")
    recovery_heals = _view("recovery_heals", "Heals among them.")
    fight_free_days = _view("fight_free_days", "Fight-free days counted from day 22.")
    direction = _view("direction", "+1 clockwise, -1 counter-clockwise.")
    turn = _view("turn", "The seat to play.")
    must_show = _view("must_show", "The seat that must show a new face-up card first, or None.")
    result = _view("result", '``"win"`` or ``"loss"`` once over, else None.')
    reason = _view("reason", "Why it ended (``the-end``, ``hunger``, ``stuck``, ``out-of-cards``).")
    detail = _view("detail", "The ending in words.")

    @property
    def played(self) -> list[tuple[int, str]]:
        return list(self.state.played)

    @property
    def played_count(self) -> Counter:
        """Card -> copies played (cards not played are absent)."""
        return Counter({c: n for c, n in zip(CARDS, self.state.played_count) if n})

    @property
    def hands(self) -> list[Hand]:
        """One :class:`Hand` per seat, made afresh (changing it changes nothing):
        ``known`` the face-up card, ``unknown`` the hidden cards."""
        s = self.state
        return [Hand(Counter({c: 1}) if c else Counter(), n) for c, n in zip(s.shown, s.hidden)]

    @property
    def count(self) -> CardCount:
        """The cards seen (played or face up) against the deck, made afresh."""
        s = self.state
        seen = Counter({c: n for c, n in zip(CARDS, s.played_count) if n})
        seen.update(c for c in s.shown if c is not None)
        return CardCount(self.composition, seen)

    @property
    def skipped(self) -> list[int]:
        return list(self.state.skipped)

    @property
    def provisioned(self) -> list[bool]:
        """For each week begun (index 0 = week 1; week 1 before any card), whether a
        Provision was played in it."""
        played = self.state.played
        return [any(c == PROVISION for _, c in played[w:w + WEEK])
                for w in range(0, max(len(played), 1), WEEK)]

    @property
    def may_show(self) -> list[bool]:
        """For each seat: it has played a card from week two on (it may show one)."""
        return list(self.state.may_show)

    @property
    def day(self) -> int:
        """Cards played so far (each card is one day)."""
        return len(self.state.played)

    @property
    def week(self) -> int:
        """The week of the last card played (1 before any card): days 1-7 are week 1."""
        return max(1, -(-self.day // WEEK))

    @property
    def week_provisioned(self) -> bool:
        """Whether the week the next card belongs to already has a Provision."""
        return week_provisioned(self.state)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def shown(self, seat: int) -> str | None:
        """The face-up card the referee knows seat ``seat`` holds, or None."""
        return self.state.shown[seat]

    def recovery_needed(self) -> int:
        """Recovery cards still needed to recover (0 when not recovering)."""
        return recovery_needed(self.state)

    def unplayed(self, card: str) -> int:
        """Copies of ``card`` not yet played (in the deck or in some hand)."""
        return unplayed(self.table, self.state, card)

    def end_unreachable(self) -> str | None:
        """Why The End can no longer be reached whatever is played, or None
        (:func:`.rules.end_unreachable`)."""
        return end_unreachable(self.table, self.state)

    def seat_of(self, name: str) -> int:
        """The seat of player ``name`` (case-insensitive); :class:`BadInputError` if unknown."""
        return seat_of(self._index, self.players, name)

    # -- checks, on the current position (the listings and the advisor use them) ----------

    def play_check(self, seat: int, card: str) -> Problem | None:
        """Why ``seat`` may not play ``card`` now, or None (:func:`.rules.play_check`)."""
        return play_check(self.table, self.state, seat, card)

    def show_check(self, seat: int, card: str | None) -> Problem | None:
        """Why ``seat`` may not show ``card`` now (None: anything), or None
        (:func:`.rules.show_check`)."""
        return show_check(self.table, self.state, seat, card)

    def stuck_check(self, seat: int) -> Problem | None:
        """Why ``seat`` may not declare itself stuck now, or None (:func:`.rules.stuck_check`)."""
        return stuck_check(self.table, self.state, seat)

    def source_check(self, seat: int, card: str, source: str | None) -> Problem | None:
        """Why ``seat`` cannot play the ``source`` copy of ``card`` (:func:`.rules.source_check`)."""
        return source_check(self.table, self.state, seat, card, source)

    def _rule_check(self, card: str) -> Problem | None:
        """Why ``card`` may not be played now by the rules of play (:func:`.rules.rule_check`)."""
        return rule_check(self.state, card)

    def face_up_choice(self, seat: int, card: str) -> bool:
        """True when ``seat`` may play ``card`` as its face-up card or a hidden one."""
        return face_up_choice(self.table, self.state, seat, card)

    def playable(self) -> set[str]:
        """Cards the rules of play allow now (whoever holds them)."""
        return playable(self.state)

    def choice_before(self, text: str) -> ChoiceNeeded | None:
        """At the table, ask which copy a player played when the card's name matches the
        face-up card and a hidden copy is possible; None otherwise (a record's plain
        ``Ann: Heal`` means the face-up card: ``fight-or-flight.ruling.face-up-default``)."""
        try:
            e = self.parse(text)
        except BadInputError:
            return None
        t, s = self.table, self.state
        if e.verb != "play" or e.source is not None or play_check(t, s, e.seat, e.card) is not None:
            return None
        if not face_up_choice(t, s, e.seat, e.card):
            return None
        name, card = self.players[e.seat], e.card
        return ChoiceNeeded(
            f"{name} shows a {card} face up and may hold another among the hidden cards",
            R_SHOW_PLAY, f"Which {card} did {name} play?",
            [Option(f"{name}: {card} shown", f"the face-up {card}: {name} then shows a new card"),
             Option(f"{name}: {card} hidden", f"a {card} from the hand: the face-up {card} stays")])

    # -- listings -------------------------------------------------------------------------

    def legal_events(self) -> list[Option]:
        """Every event legal now, given what the referee knows of the hands: the cards
        the player to play may hold and play (both copies when the face-up card's name
        matches a possible hidden one), ``stuck``, and the cards each seat may show.
        Described by :func:`.rules.describe`, not by stepping: one line per card."""
        t, s = self.table, self.state
        if s.result is not None:
            return []
        out: list[Option] = []
        turn = s.turn
        name = self.players[turn]
        for card in CARDS:
            if play_check(t, s, turn, card) is None:
                if face_up_choice(t, s, turn, card):
                    out.append(Option(f"{name}: {card} shown",
                                      describe(s, card) + "; the face-up card: show a new one"))
                    out.append(Option(f"{name}: {card} hidden",
                                      describe(s, card) + "; from the hand: the face-up card stays"))
                else:
                    out.append(Option(f"{name}: {card}", describe(s, card)))
        if stuck_check(t, s, turn) is None:
            out.append(Option(f"{name}: stuck", "holds no playable card: the group loses"))
        for seat, who in enumerate(self.players):
            if show_check(t, s, seat, None) is None:
                for card in CARDS:
                    if show_check(t, s, seat, card) is None:
                        out.append(Option(f"{who}: show {card}", "show this card face up"))
        return out

    def attempts(self, state: Position) -> list[tuple[str, Event]]:
        """For :meth:`blocked_events`: each card by the player to play, and ``stuck``
        (nothing once the game is over)."""
        if state.result is not None:
            return []
        seat = state.turn
        name = self.players[seat]
        return ([(f"{name}: {card}", Event(seat, "play", card)) for card in CARDS]
                + [(f"{name}: stuck", Event(seat, "stuck"))])

    def due(self) -> list[Option]:
        """From week two, a player who has just played (and drawn) places one card from
        the hand face up (COMMUNICATION IMPROVES): ``Ben: show CARD`` for each player
        who may show a card now and has none face up."""
        t, s = self.table, self.state
        if s.result is not None:
            return []
        return [Option(f"{who}: show CARD", f"{who} places one card from the hand face up")
                for seat, who in enumerate(self.players) if show_check(t, s, seat, None) is None]

    # -- state ----------------------------------------------------------------------------

    def weeks(self) -> list[list[tuple[str, str]]]:
        """The cards played as rows of seven: ``[[(player, card), ...], ...]``."""
        played = self.state.played
        return [[(self.players[s], c) for s, c in played[i:i + WEEK]]
                for i in range(0, len(played), WEEK)]

    def to_json(self) -> dict[str, Any]:
        """The JSON state of the spec, plus ``variant``, ``skipped``, ``shown``,
        ``recovery`` (cards/heals played and still needed), ``provisioned`` (this week),
        ``must_show``, ``detail`` and ``weeks``."""
        s, players = self.state, self.players
        over = s.result is not None
        return {
            "game": self.name, "over": over, "result": s.result, "reason": s.reason,
            "day": len(s.played), "week": self.week, "recovering": s.recovering,
            "fight_free_days": s.fight_free_days,
            "direction": "clockwise" if s.direction > 0 else "counterclockwise",
            "next": None if over else players[s.turn],
            "deck": s.deck,
            "hands": {p: s.size(i) for i, p in enumerate(players)},
            "variant": self.tags()["Variant"],
            "skipped": [players[x] for x in s.skipped],
            "shown": {p: s.shown[i] for i, p in enumerate(players)},
            "recovery": {"cards": s.recovery_cards, "heals": s.recovery_heals,
                         "needed": recovery_needed(s)},
            "provisioned": week_provisioned(s),
            "must_show": None if s.must_show is None else players[s.must_show],
            "detail": s.detail,
            "end_reachable": end_unreachable(self.table, s) is None,
            "weeks": [[c for _, c in row] for row in self.weeks()],
        }
