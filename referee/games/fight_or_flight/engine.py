"""Zombie Fight or Flight: the pure engine (rulebook ``zombie-fight-or-flight.txt``).

A cooperative card game: each card played is one day for the group; weeks are rows
of seven cards.  The referee sees the cards played, the cards shown face up from
week two, and how many cards each hand and the deck hold; the rest of each hand is
hidden (:class:`referee.cards.Hand` with ``known`` = the face-up card).

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
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from referee.cards import CardCount, Hand
from referee import records
from referee.errors import BadInputError, Option
from referee.words import unknown
from referee.games.base import Applied, Blocked, EngineBase, Problem, refuse
from referee.numbers import to_int
from referee.seats import seat_index, seat_of, split_player

# -- cards ------------------------------------------------------------------------------

SKIRMISH, COMBAT = "Skirmish", "Combat"
BACKTRACK, EVADE, FLEE = "Backtrack", "Evade", "Flee"
HEAL, REST = "Heal", "Rest"
PROVISION, THE_END = "Provision", "The End"

#: The full deck (rulebook "Contents"): card name -> copies.  62 cards.
FULL_DECK: dict[str, int] = {
    SKIRMISH: 13, COMBAT: 7, BACKTRACK: 5, EVADE: 5, FLEE: 3,
    HEAL: 12, REST: 8, PROVISION: 8, THE_END: 1,
}
CARDS: tuple[str, ...] = tuple(FULL_DECK)
FIGHTS = frozenset({SKIRMISH, COMBAT})
FLIGHTS = frozenset({BACKTRACK, EVADE, FLEE})
RECOVERY = frozenset({HEAL, REST})

#: Players who lose their turn after each Flight card (Backtrack skips nobody).
SKIPS = {EVADE: 1, FLEE: 2}

_CARD_NAMES = {c.lower(): c for c in CARDS} | {"the-end": THE_END, "theend": THE_END, "end": THE_END}

#: Variants (rulebook "Variations ..."): name -> (Heal out, Rest out), both the default
#: and the most the variant allows.
VARIANTS: dict[str, tuple[int, int]] = {"casual": (0, 0), "experienced": (4, 0), "challenge": (4, 2)}


def hand_size(players: int) -> int:
    """Cards dealt per player: 6 with two players, 5 with three, else 4 (rulebook
    "Play of the Game" and the player-count notes under "Variations ...")."""
    return {2: 6, 3: 5}.get(players, 4)


FIRST_COUNTING_DAY = 22   #: the first day that can count toward the five fight-free days
FIGHT_FREE_NEEDED = 5     #: fight-free days before The End may be played
WEEK = 7                  #: cards (days) in a week

# -- rule ids ---------------------------------------------------------------------------

R_GAME_OVER = "fight-or-flight.game-over"
R_TURN = "fight-or-flight.turn-order"
R_RECOVERY = "fight-or-flight.recovery"
R_RECOVERY_COMBAT = "fight-or-flight.recovery.combat"
R_SECOND_SKIRMISH = "fight-or-flight.second-skirmish"
R_FLIGHT = "fight-or-flight.flight"
R_THE_END = "fight-or-flight.the-end"
R_SHOW = "fight-or-flight.show"
R_STUCK = "fight-or-flight.stuck"
R_DECK = "fight-or-flight.deck"
R_SHOW_PLAY = "fight-or-flight.show.play"
R_FACE_UP_DEFAULT = "fight-or-flight.ruling.face-up-default"  #: cited, never raised

#: Every rule id this engine can raise.
RULE_IDS: frozenset[str] = frozenset({
    R_GAME_OVER, R_TURN, R_RECOVERY, R_RECOVERY_COMBAT, R_SECOND_SKIRMISH, R_FLIGHT,
    R_THE_END, R_SHOW, R_STUCK, R_DECK, R_SHOW_PLAY,
})

#: The words that say which copy of a card a player played: the face-up one or a hidden one.
SOURCES = ("shown", "hidden")


def parse_card(text: str) -> str:
    """The card named by ``text`` (case-insensitive); :class:`BadInputError` if none."""
    key = " ".join(text.split()).lower()
    if key not in _CARD_NAMES:
        raise unknown("card", text, CARDS)
    return _CARD_NAMES[key]


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


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Fight or Flight", 2, 8)


from referee.words import plural as _plural  # noqa: E402


class Game(EngineBase):
    """A game of Zombie Fight or Flight as the referee sees it.

    Public state (read-only for callers): ``players`` (seat names, clockwise),
    ``composition`` (card -> copies in this variant's deck), ``deck`` (cards left to
    draw), ``hands`` (one :class:`Hand` per seat; ``known`` holds the face-up card),
    ``played`` (``(seat, card)`` in order: day *d* is ``played[d-1]``), ``recovering``
    (None, ``"skirmish"`` or ``"combat"``), ``recovery_cards`` / ``recovery_heals``
    (Recovery cards played since the Fight), ``fight_free_days``, ``direction``
    (+1 clockwise, -1 counter-clockwise), ``turn`` (seat to play), ``skipped`` (seats
    the last card skipped), ``result`` / ``reason``.
    """

    name = "fight-or-flight"

    def __init__(self, players: list[str], variant: str = "casual", heal_out: int = 0,
                 rest_out: int = 0) -> None:
        self.players = list(players)
        self.variant = variant
        self.heal_out, self.rest_out = heal_out, rest_out
        self.composition = variant_deck(heal_out, rest_out)
        self.hand_size = hand_size(len(players))
        self.count = CardCount(self.composition)
        self.hands = [Hand(unknown=self.hand_size) for _ in players]
        self.deck = sum(self.composition.values()) - self.hand_size * len(players)
        self.played: list[tuple[int, str]] = []
        self.played_count: Counter = Counter()       # card -> copies played
        self.recovering: str | None = None
        self.recovery_cards = 0
        self.recovery_heals = 0
        self.fight_free_days = 0
        self.direction = 1
        self.turn = 0
        self.skipped: list[int] = []
        self.provisioned: list[bool] = [False]       # per week, index 0 = week 1
        self.may_show = [False] * len(players)       # has played a card from week two on
        self.must_show: int | None = None            # seat that played its face-up card
        self.result: str | None = None
        self.reason: str | None = None
        self.detail: str | None = None
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
        """An independent copy of this game (cheaper than replaying its events; the
        advisor plays many games on from one position)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.count = self.count.copy()
        new.hands = [h.copy() for h in self.hands]
        new.played = list(self.played)
        new.played_count = Counter(self.played_count)
        new.skipped = list(self.skipped)
        new.provisioned = list(self.provisioned)
        new.may_show = list(self.may_show)
        return new

    # -- derived state --------------------------------------------------------------------

    @property
    def day(self) -> int:
        """Cards played so far (each card is one day)."""
        return len(self.played)

    @property
    def week(self) -> int:
        """The week of the last card played (1 before any card): days 1-7 are week 1."""
        return max(1, -(-self.day // WEEK))

    @property
    def week_provisioned(self) -> bool:
        """Whether the week the next card belongs to already has a Provision."""
        return self.day % WEEK != 0 and self.provisioned[-1]

    @property
    def over(self) -> bool:
        return self.result is not None

    def shown(self, seat: int) -> str | None:
        """The face-up card the referee knows seat ``seat`` holds, or None."""
        known = self.hands[seat].known
        return next(iter(known)) if known else None

    def recovery_needed(self) -> int:
        """Recovery cards still needed to recover (0 when not recovering)."""
        if self.recovering is None:
            return 0
        need = 2 - self.recovery_cards
        if self.recovering == "combat" and self.recovery_heals == 0:
            need = max(need, 1)
        return max(need, 0)

    def unplayed(self, card: str) -> int:
        """Copies of ``card`` not yet played (in the deck or in some hand)."""
        return self.composition[card] - self.played_count[card]

    def end_unreachable(self) -> str | None:
        """Why The End can no longer be reached whatever is played, or None (rulebook
        "Ways the Team Can Die (Lose)" 3 and 4).

        Necessary conditions for a win (ruling ``fight-or-flight.ruling.end-unreachable``):
        enough unplayed Recovery cards (and a Heal, for a Combat) to finish the
        recovery, and enough unplayed cards that are neither a Fight nor The End for
        the recovery plus the fight-free days still missing.  (Enough cards in all
        follows: before day 22 at least 34 are left, and from then on the cards
        other than Fights plus The End suffice.)
        """
        recovery = self.recovery_needed()
        spare = self.unplayed(HEAL) + self.unplayed(REST)
        if spare < recovery:
            return (f"{_plural(recovery, 'more Recovery card')} needed and "
                    f"{spare} left unplayed")
        if self.recovering == "combat" and self.recovery_heals == 0 and not self.unplayed(HEAL):
            return "the Combat needs a Heal and every Heal has been played"
        calm = sum(self.unplayed(c) for c in CARDS if c not in FIGHTS and c != THE_END)
        days = recovery + max(0, FIGHT_FREE_NEEDED - self.fight_free_days)
        if calm < days:
            return (f"{days} more days without a Fight needed and only {calm} cards other "
                    f"than Fights left unplayed")
        return None

    # -- parsing --------------------------------------------------------------------------

    def seat_of(self, name: str) -> int:
        """The seat of player ``name`` (case-insensitive); :class:`BadInputError` if unknown."""
        return seat_of(self._index, self.players, name)

    def parse(self, text: str) -> tuple[int, str, str | None]:
        """``(seat, verb, card)`` from an event: verb ``play``, ``show`` or ``stuck``."""
        return self.parse_event(text)[:3]

    def parse_event(self, text: str) -> tuple[int, str, str | None, str | None]:
        """``(seat, verb, card, source)``; ``source`` is ``"shown"`` or ``"hidden"`` when
        a play says which copy was played (``Ann: Heal hidden``), else None."""
        who, what = split_player(
            text, f"expected 'Player: Card', 'Player: show Card' or 'Player: stuck', not {text.strip()!r}")
        seat = self.seat_of(who)
        words = what.split()
        verb = words[0].lower()
        if verb == "stuck" and len(words) == 1:
            return seat, "stuck", None, None
        if verb == "show":
            if len(words) == 1:
                raise BadInputError("show which card? e.g. 'Ann: show Heal'")
            return seat, "show", parse_card(" ".join(words[1:])), None
        source = None
        if len(words) > 1 and words[-1].lower() in SOURCES:
            source = words[-1].lower()
            what = " ".join(words[:-1])
        return seat, "play", parse_card(what), source

    # -- checks (shared by apply, legal_events, blocked_events) ---------------------------

    def _common_check(self, seat: int) -> Problem | None:
        if self.over:
            return f"the game is over ({self.result}: {self.reason})", R_GAME_OVER
        if self.must_show is not None and self.must_show != seat:
            who = self.players[self.must_show]
            return f"{who} played the face-up card and must first show a new one", R_SHOW
        return None

    def _turn_check(self, seat: int) -> Problem | None:
        if self.must_show == seat:
            return (f"{self.players[seat]} played the face-up card and must first show a new one",
                    R_SHOW)
        if seat != self.turn:
            msg = f"it is {self.players[self.turn]}'s turn, not {self.players[seat]}'s"
            if seat in self.skipped:
                msg += f" ({self.players[seat]} was skipped by the {self.played[-1][1]})"
            return msg, R_TURN
        return None

    def _rule_check(self, card: str) -> Problem | None:
        """Why ``card`` may not be played now by the rules of play (not who holds it)."""
        if self.recovering is not None:
            if card in (PROVISION, HEAL, REST):
                return None
            still = f"the group is still recovering from a {self.recovering.capitalize()}"
            if self.recovering == "combat" and self.recovery_cards >= 2 and self.recovery_heals == 0:
                return (f"{still}: two Recovery cards were played but a Combat needs a Heal among them",
                        R_RECOVERY_COMBAT)
            if card == SKIRMISH:
                if self.recovering == "skirmish":
                    return None
                return (f"{still}: a second Skirmish is allowed only while recovering from a Skirmish",
                        R_SECOND_SKIRMISH)
            if card in FLIGHTS:
                return f"{still}: no Flight card until the group has recovered", R_FLIGHT
            if card == THE_END:
                return f"{still}: The End needs five fight-free days first", R_THE_END
            return f"{still}: only Provision, Heal or Rest may be played", R_RECOVERY
        if card == THE_END and self.fight_free_days < FIGHT_FREE_NEEDED:
            return (f"The End needs five fight-free days counted from day {FIRST_COUNTING_DAY}; "
                    f"the count is {self.fight_free_days}", R_THE_END)
        return None

    def _holds_check(self, seat: int, card: str) -> Problem | None:
        """Why seat ``seat`` cannot be holding ``card`` (card counts), or None."""
        hand = self.hands[seat]
        if hand.known[card]:
            return None
        if hand.unknown == 0:
            return (f"{self.players[seat]}'s only card is the face-up {self.shown(seat)}", R_DECK)
        if self.count.left(card) <= 0:
            return (f"the deck holds {_plural(self.composition[card], card + ' card')} and every "
                    f"one is already played or shown", R_DECK)
        return None

    def face_up_choice(self, seat: int, card: str) -> bool:
        """True when ``seat`` may play ``card`` either as its face-up card or as a hidden
        one (the hand holds unshown cards and the deck still has an unseen ``card``)."""
        hand = self.hands[seat]
        return bool(hand.known[card]) and hand.unknown > 0 and self.count.left(card) > 0

    def source_check(self, seat: int, card: str, source: str | None) -> Problem | None:
        """Why ``seat`` cannot play the ``source`` copy (``shown``/``hidden``) of ``card``."""
        hand = self.hands[seat]
        name = self.players[seat]
        if source == "shown" and not hand.known[card]:
            shown = self.shown(seat)
            return (f"{name} shows {'no card' if shown is None else 'a ' + shown}, not a {card}",
                    R_SHOW_PLAY)
        if source == "hidden":
            if hand.unknown == 0:
                return f"{name} holds no hidden card, only the face-up {self.shown(seat)}", R_DECK
            if self.count.left(card) <= 0:
                return (f"the deck holds {_plural(self.composition[card], card + ' card')} and every "
                        f"one is already played or shown", R_DECK)
        return None

    def choice_before(self, text: str):
        """At the table, ask which copy a player played when the card's name matches the
        face-up card and a hidden copy is possible; None otherwise (a record's plain
        ``Ann: Heal`` means the face-up card: ``fight-or-flight.ruling.face-up-default``)."""
        from referee.errors import ChoiceNeeded

        try:
            seat, verb, card, source = self.parse_event(text)
        except BadInputError:
            return None
        if verb != "play" or source is not None or self.play_check(seat, card) is not None:
            return None
        if not self.face_up_choice(seat, card):
            return None
        name = self.players[seat]
        return ChoiceNeeded(
            f"{name} shows a {card} face up and may hold another among the hidden cards",
            R_SHOW_PLAY, f"Which {card} did {name} play?",
            [Option(f"{name}: {card} shown", f"the face-up {card}: {name} then shows a new card"),
             Option(f"{name}: {card} hidden", f"a {card} from the hand: the face-up {card} stays")])

    def play_check(self, seat: int, card: str) -> Problem | None:
        """``(message, rule id)`` saying why ``seat`` may not play ``card`` now, or None.

        Checks in order: the game is over; a face-up card must be shown first
        ("COMMUNICATION IMPROVES"); turn order ("Order of Play"); the card counts
        ("Contents"); recovery, Flight and The End ("The Cards").
        """
        return (self._common_check(seat) or self._turn_check(seat)
                or self._holds_check(seat, card) or self._rule_check(card))

    def show_check(self, seat: int, card: str | None) -> Problem | None:
        """Why ``seat`` may not show ``card`` now (``card`` None: show anything), or None.

        Rulebook "COMMUNICATION IMPROVES": a card is shown after one's own play from
        week two on, and a face-up card stays until it is played.
        """
        problem = self._common_check(seat)
        if problem:
            return problem
        name = self.players[seat]
        if not self.may_show[seat]:
            return (f"{name} shows a card only after playing a card in week two or later", R_SHOW)
        if self.shown(seat) is not None:
            return (f"{name}'s face-up card ({self.shown(seat)}) stays until it is played", R_SHOW)
        if self.hands[seat].size == 0:
            return f"{name} holds no card to show", R_SHOW
        if card is not None and self.count.left(card) <= 0:
            return (f"the deck holds {_plural(self.composition[card], card + ' card')} and every "
                    f"one is already played or shown", R_DECK)
        return None

    def playable(self) -> set[str]:
        """Cards the rules of play allow now (whoever holds them)."""
        return {c for c in CARDS if self._rule_check(c) is None}

    def stuck_check(self, seat: int) -> Problem | None:
        """Why ``seat`` may not declare itself stuck now, or None.

        Rulebook "The Cards" (Fights) and "Ways the Team Can Die (Lose)" 2.  Refused
        out of turn, when the face-up card is playable, or when the card counts show
        the hidden cards cannot all be unplayable (too few unplayable cards unseen).
        """
        problem = self._common_check(seat) or self._turn_check(seat)
        if problem:
            return problem
        name = self.players[seat]
        ok = self.playable()
        shown = self.shown(seat)
        if shown in ok:
            return f"{name}'s face-up {shown} may be played", R_STUCK
        blocked_unseen = sum(self.count.left(c) for c in CARDS if c not in ok)
        hidden = self.hands[seat].unknown
        if hidden > blocked_unseen:
            cant = ", ".join(c for c in CARDS if c not in ok)
            return (f"{name} holds {_plural(hidden, 'hidden card')} but only {blocked_unseen} "
                    f"unplayable card{'s are' if blocked_unseen != 1 else ' is'} left unseen "
                    f"({cant}): {name} must hold a playable card", R_STUCK)
        return None

    # -- events ---------------------------------------------------------------------------

    def apply(self, text: str) -> Applied:
        """Check and apply one event (``Ann: Heal``, ``Ann: show Heal``, ``Ann: stuck``).

        :class:`BadInputError` for a malformed event, unknown player or card;
        :class:`IllegalEventError` (rule id in :data:`RULE_IDS`) when the rules forbid
        it.  Atomic: every check runs before anything changes.
        """
        seat, verb, card, source = self.parse_event(text)
        name = self.players[seat]
        if verb == "stuck":
            refuse(self.stuck_check(seat))
            self._end("loss", "stuck", f"{name} cannot play any card")
            return Applied(f"{name}: stuck", [f"the group loses: {name} cannot play any card (stuck)"])
        if verb == "show":
            refuse(self.show_check(seat, card))
            self.hands[seat].take_unknown()
            self.hands[seat].add_known(card)
            self.count.see(card)
            if self.must_show == seat:
                self.must_show = None
            return Applied(f"{name}: show {card}", [])
        refuse(self.play_check(seat, card) or self.source_check(seat, card, source))
        if self.face_up_choice(seat, card):  # both copies possible: say which in the text
            source = source or "shown"        # fight-or-flight.ruling.face-up-default
            return Applied(f"{name}: {card} {source}", self._play(seat, card, source))
        return Applied(f"{name}: {card}", self._play(seat, card, source))

    def _end(self, result: str, reason: str, detail: str) -> None:
        self.result, self.reason, self.detail = result, reason, detail

    def _play(self, seat: int, card: str, source: str | None = None) -> list[str]:
        notes: list[str] = []
        was_doomed = self.end_unreachable() is not None
        hand = self.hands[seat]
        if source == "hidden":
            hand.take_unknown()
            self.count.see(card)
            from_face_up = False
        elif hand.take(card) == "unknown":
            self.count.see(card)
            from_face_up = False
        else:
            from_face_up = True
        if self.deck > 0:
            self.deck -= 1
            hand.add_unknown()
        was_recovering = self.recovering is not None
        self.played.append((seat, card))
        self.played_count[card] += 1
        day = self.day
        if day > WEEK * len(self.provisioned):
            self.provisioned.append(False)
        if day >= WEEK + 1:
            self.may_show[seat] = True

        if card in FIGHTS:
            self.fight_free_days = 0
            if card == SKIRMISH and self.recovering == "skirmish":
                notes.append("second Skirmish before recovering: the fight becomes a Combat and "
                             "recovery starts again (two Recovery cards, one a Heal)")
                self.recovering = "combat"
            elif card == SKIRMISH:
                notes.append("Skirmish: the group must recover with two Recovery cards")
                self.recovering = "skirmish"
            else:
                notes.append("Combat: the group must recover with two Recovery cards, one a Heal")
                self.recovering = "combat"
            self.recovery_cards = self.recovery_heals = 0
        elif card in RECOVERY and self.recovering is not None:
            self.recovery_cards += 1
            self.recovery_heals += card == HEAL
            if self.recovery_needed() == 0:
                notes.append(f"the group has recovered from the {self.recovering.capitalize()}")
                self.recovering = None
                self.recovery_cards = self.recovery_heals = 0
        if card == PROVISION:
            self.provisioned[-1] = True
        if card not in FIGHTS and not was_recovering and day >= FIRST_COUNTING_DAY:
            self.fight_free_days += 1
            if self.fight_free_days == FIGHT_FREE_NEEDED:
                notes.append("five fight-free days: The End may now be played")

        if card == BACKTRACK:
            self.direction = -self.direction
            notes.append("play now runs " + ("clockwise" if self.direction > 0 else "counter-clockwise"))
        skip = SKIPS.get(card, 0)
        n = len(self.players)
        self.turn = (seat + self.direction * (skip + 1)) % n
        # with two or three players a skip comes round to the player or the next one
        passed = [(seat + self.direction * k) % n for k in range(1, skip + 1)]
        self.skipped = [s for s in dict.fromkeys(passed) if s not in (seat, self.turn)]
        if self.skipped:
            notes.append("skipped: " + ", ".join(self.players[s] for s in self.skipped))

        if card == THE_END:
            self._end("win", "the-end", "The End was played")
            notes.append("The End: the group reaches safety and wins")
        elif day % WEEK == 0 and not self.provisioned[-1]:
            self._end("loss", "hunger", f"week {day // WEEK} ended without a Provision")
            notes.append(f"the group loses: week {day // WEEK} ended without a Provision (hunger)")
        elif self.hands[self.turn].size == 0:
            self._end("loss", "out-of-cards", f"{self.players[self.turn]} has no card to play")
            notes.append(f"the group loses: the deck is empty and {self.players[self.turn]} "
                         f"has no card (out of cards)")
        elif day % WEEK == 0:
            notes.append(f"week {day // WEEK} is over")
        if not self.over and not was_doomed and (why := self.end_unreachable()) is not None:
            # A warning, not an ending: the spec's losses are hunger, stuck and the player
            # to play holding no card, and the record goes on to one of them.
            notes.append(f"The End can no longer be reached ({why}): the group will lose")
        if from_face_up and not self.over and hand.size > 0:
            self.must_show = seat
            notes.append(f"{self.players[seat]} played the face-up card and must show a new one")
        return notes

    # -- listings -------------------------------------------------------------------------

    def _describe(self, card: str) -> str:
        if card == THE_END:
            return "win the game"
        if card in FIGHTS:
            if card == SKIRMISH and self.recovering == "skirmish":
                return "second Skirmish: becomes a Combat, recovery restarts"
            return f"fight: recover with two Recovery cards{', one a Heal' if card == COMBAT else ''}"
        if card in RECOVERY and self.recovering:
            cards, heals = self.recovery_cards + 1, self.recovery_heals + (card == HEAL)
            if cards >= 2 and (self.recovering == "skirmish" or heals):
                return "recovers the group"
            if cards > 2:
                return "does not help: the Combat needs a Heal"
            return "a Recovery card toward recovery"
        if card == BACKTRACK:
            return "reverse the direction of play"
        if card in SKIPS:
            n = SKIPS[card]
            return f"skip the next {'player' if n == 1 else 'two players'}"
        if card == PROVISION:
            return "provision for the week" + ("" if self.week_provisioned else " (none yet)")
        return "no effect outside recovery"

    def legal_events(self) -> list[Option]:
        """Every event legal now, given what the referee knows of the hands."""
        if self.over:
            return []
        out: list[Option] = []
        name = self.players[self.turn]
        for card in CARDS:
            if self.play_check(self.turn, card) is None:
                if self.face_up_choice(self.turn, card):
                    out.append(Option(f"{name}: {card} shown",
                                      self._describe(card) + "; the face-up card: show a new one"))
                    out.append(Option(f"{name}: {card} hidden",
                                      self._describe(card) + "; from the hand: the face-up card stays"))
                else:
                    out.append(Option(f"{name}: {card}", self._describe(card)))
        if self.stuck_check(self.turn) is None:
            out.append(Option(f"{name}: stuck", "holds no playable card: the group loses"))
        for seat, who in enumerate(self.players):
            if self.show_check(seat, None) is None:
                for card in CARDS:
                    if self.show_check(seat, card) is None:
                        out.append(Option(f"{who}: show {card}", "show this card face up"))
        return out

    def due(self) -> list[Option]:
        """From week two, a player who has just played (and drawn) places one card from
        the hand face up (COMMUNICATION IMPROVES): ``Ben: show CARD`` for each player
        who may show a card now and has none face up."""
        if self.over:
            return []
        return [Option(f"{who}: show CARD", f"{who} places one card from the hand face up")
                for seat, who in enumerate(self.players) if self.show_check(seat, None) is None]

    def blocked_events(self) -> list[Blocked]:
        """For the player to play: each card not playable now, why, and the rule."""
        if self.over:
            return []
        name = self.players[self.turn]
        out = []
        for card in CARDS:
            problem = self.play_check(self.turn, card)
            if problem:
                out.append(Blocked(f"{name}: {card}", *problem))
        problem = self.stuck_check(self.turn)
        if problem:
            out.append(Blocked(f"{name}: stuck", *problem))
        return out

    # -- state ----------------------------------------------------------------------------

    def weeks(self) -> list[list[tuple[str, str]]]:
        """The cards played as rows of seven: ``[[(player, card), ...], ...]``."""
        rows = [[(self.players[s], c) for s, c in self.played[i:i + WEEK]]
                for i in range(0, self.day, WEEK)]
        return rows

    def to_json(self) -> dict[str, Any]:
        """The JSON state of the spec, plus ``variant``, ``skipped``, ``shown``,
        ``recovery`` (cards/heals played and still needed), ``provisioned`` (this week),
        ``must_show``, ``detail`` and ``weeks``."""
        return {
            "game": self.name, "over": self.over, "result": self.result, "reason": self.reason,
            "day": self.day, "week": self.week, "recovering": self.recovering,
            "fight_free_days": self.fight_free_days,
            "direction": "clockwise" if self.direction > 0 else "counterclockwise",
            "next": None if self.over else self.players[self.turn],
            "deck": self.deck,
            "hands": {p: self.hands[i].size for i, p in enumerate(self.players)},
            "variant": self.tags()["Variant"],
            "skipped": [self.players[s] for s in self.skipped],
            "shown": {p: self.shown(i) for i, p in enumerate(self.players)},
            "recovery": {"cards": self.recovery_cards, "heals": self.recovery_heals,
                         "needed": self.recovery_needed()},
            "provisioned": self.week_provisioned,
            "must_show": None if self.must_show is None else self.players[self.must_show],
            "detail": self.detail,
            "end_reachable": self.end_unreachable() is None,
            "weeks": [[c for _, c in row] for row in self.weeks()],
        }
