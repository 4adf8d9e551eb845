"""Zombie Fight or Flight record notation: the cards, and event text to a typed
:class:`Event` (``docs/fight-or-flight.md``).

- ``Ann: Provision``: Ann plays a card; ``Ann: Heal shown`` / ``Ann: Heal hidden`` say
  which copy when Ann shows a Heal face up and may hold another;
- ``Ann: show Heal``: the card Ann places face up;
- ``Ann: stuck``: Ann can play nothing (the group loses).

Parsing reads no position, only the seat names, and is cached by ``(players, text)``:
a replay or a play-out reads the same few lines over and over.

>>> parse_event(("Ann", "Ben"), "ben:  the end")
Event(seat=1, verb='play', card='The End', source=None)
>>> parse_event(("Ann", "Ben"), "ANN: show heal"), parse_event(("Ann", "Ben"), "Ann: Heal Hidden").source
(Event(seat=0, verb='show', card='Heal', source=None), 'hidden')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from referee.errors import BadInputError
from referee.seats import seat_index, seat_of, split_player
from referee.words import unknown

# -- cards (rulebook "Contents" and "The Cards") -----------------------------------------

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
#: Each card's place in :data:`CARDS` (the index of the per-card tuples of a position).
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
FIGHTS = frozenset({SKIRMISH, COMBAT})
FLIGHTS = frozenset({BACKTRACK, EVADE, FLEE})
RECOVERY = frozenset({HEAL, REST})
#: Cards that are neither a Fight nor The End: the days that can be fight-free.
CALM = frozenset(c for c in CARDS if c not in FIGHTS and c != THE_END)

#: Players who lose their turn after each Flight card (Backtrack skips nobody).
SKIPS = {EVADE: 1, FLEE: 2}

_CARD_NAMES = {c.lower(): c for c in CARDS} | {"the-end": THE_END, "theend": THE_END, "end": THE_END}

#: The words that say which copy of a card a player played: the face-up one or a hidden one.
SOURCES = ("shown", "hidden")


def parse_card(text: str) -> str:
    """The card named by ``text`` (case-insensitive); :class:`BadInputError` if none.

    >>> parse_card("the  END"), parse_card("flee")
    ('The End', 'Flee')
    """
    key = " ".join(text.split()).lower()
    if key not in _CARD_NAMES:
        raise unknown("card", text, CARDS)
    return _CARD_NAMES[key]


# -- events ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Event:
    """One event, typed: ``seat`` (0-based, in ``[Players]`` order), ``verb``
    (``"play"``, ``"show"`` or ``"stuck"``), ``card`` (a name of :data:`CARDS`; None
    for ``stuck``) and, for a play, ``source``: ``"shown"`` or ``"hidden"`` when the
    text says which copy was played, else None.  Its canonical text depends on the
    position (a play that could be either copy is written with it), so the engine
    writes it (:func:`referee.games.fight_or_flight.rules.step`)."""

    seat: int
    verb: str
    card: str | None = None
    source: str | None = None


@lru_cache(maxsize=64)
def _index(players: tuple[str, ...]) -> dict[str, int]:
    return seat_index(players)


@lru_cache(maxsize=2048)
def parse_event(players: tuple[str, ...], text: str) -> Event:
    """The :class:`Event` ``text`` names among the seats ``players``.

    :class:`BadInputError` for text without ``Player:``, an unknown player, ``show``
    without a card, or an unknown card.  Pure: the same arguments give the same event
    (cached; an error is raised again each time).
    """
    who, what = split_player(
        text, f"expected 'Player: Card', 'Player: show Card' or 'Player: stuck', not {text.strip()!r}")
    seat = seat_of(_index(players), players, who)
    words = what.split()
    verb = words[0].lower()
    if verb == "stuck" and len(words) == 1:
        return Event(seat, "stuck")
    if verb == "show":
        if len(words) == 1:
            raise BadInputError("show which card? e.g. 'Ann: show Heal'")
        return Event(seat, "show", parse_card(" ".join(words[1:])))
    source = None
    if len(words) > 1 and words[-1].lower() in SOURCES:
        source = words[-1].lower()
        what = " ".join(words[:-1])
    return Event(seat, "play", parse_card(what), source)
