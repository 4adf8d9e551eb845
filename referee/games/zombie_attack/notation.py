"""Zombie Attack notation (``docs/zombie-attack.md``): the cards, the deck list and the
event text, read into a typed :class:`Event` with no rule checked.

An event names its player (``Ann: roll 4``); the seat is read against the game's
players, so :func:`parse_event` takes their names.  Parsing is pure and its answers
are cached (events are frozen).

>>> parse_event(("Ann", "Ben"), False, "ben: e weapon keep")
Event(seat=1, verb='step', square=None, number=None, facing='E', card='Weapon', decision='keep', drop=None, exit=None, path=None, to_square=None)
>>> parse_event(("Ann", "Ben"), False, "Ann: zombie e1 roll 3 N n W").path
('N', 'N', 'W')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from referee import records
from referee.cards import parse_counts
from referee.errors import BadInputError
from referee.grid import Square, facing_word, parse_square
from referee.numbers import die_roll
from referee.seats import seat_index, seat_of, split_player
from referee.words import unknown

from .board import EXIT_NAMES

# -- cards -------------------------------------------------------------------------------

EMPTY, HIDING, WEAPON = "Empty", "Hiding", "Weapon"
KEYS = tuple(f"Key:{e}" for e in EXIT_NAMES)
CARDS: tuple[str, ...] = (EMPTY, HIDING, WEAPON, *KEYS)
_CARD_NAMES = {c.lower(): c for c in CARDS} | {"hidingplace": HIDING, "hiding-place": HIDING}
#: The project's default composition (the printed mix is not published): 107 cards.
DEFAULT_DECK = "Empty=40 Hiding=24 Weapon=22 Key:front=7 Key:back=7 Key:fire=7"
CARD_TITLES = {EMPTY: "an Empty card", HIDING: "a Hiding Place", WEAPON: "a Weapon",
               "Key:front": "the front-door Key", "Key:back": "the back-door Key",
               "Key:fire": "the fire-escape Key"}

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def parse_card(text: str) -> str:
    """The card named by ``text`` (case-insensitive): ``Empty``, ``Hiding``, ``Weapon``,
    ``Key:front``, ``Key:back``, ``Key:fire``; :class:`BadInputError` otherwise.

    >>> parse_card("key:FIRE"), parse_card("hiding")
    ('Key:fire', 'Hiding')
    """
    key = text.strip().lower().replace(" ", "")
    if key not in _CARD_NAMES:
        raise unknown("card", text, CARDS)
    return _CARD_NAMES[key]


def parse_deck(text: str) -> dict[str, int]:
    """``"Empty=40 Hiding=24 ..."`` -> card counts (kinds left out count 0)."""
    return {c: 0 for c in CARDS} | parse_counts(
        text, parse_card, "bad deck entry {!r}: write CARD=COUNT, e.g. Weapon=22", "the deck names {} twice",
        width=30, last=True, name_required=True)


def deck_text(deck: dict[str, int]) -> str:
    """The ``[Deck]`` text of card counts (``Empty=40 Hiding=24 ...``), kinds at 0 left out."""
    return " ".join(f"{c}={n}" for c, n in deck.items() if n)


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Zombie Attack", MIN_PLAYERS, MAX_PLAYERS)


# -- events ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """One event, typed: ``seat`` (the player who makes it) and ``verb`` (``start``,
    ``roll``, ``stop``, ``step``, ``to``, ``zombie``), with what the verb takes."""

    seat: int
    verb: str                             # start, roll, stop, step, to, zombie
    square: Square | None = None
    number: int | None = None
    facing: str | None = None
    card: str | None = None
    decision: str | None = None           # keep, discard or None
    drop: str | None = None
    exit: str | None = None
    path: tuple[str, ...] | None = None
    to_square: Square | None = None       # ``Ben: to f7``: a Linen Closet square


def _die(word: str) -> int:
    return die_roll(word, "a die roll is a number 1 to 6, not {!r}", 10)


def _direction(word: str) -> str:
    d = facing_word(word)
    if d is None:
        raise BadInputError(f"{word[:10]!r} is not a step: N, E, S or W")
    return d


@lru_cache(maxsize=64)
def _index(players: tuple[str, ...]) -> dict[str, int]:
    return seat_index(players)


@lru_cache(maxsize=8192)
def parse_event(players: tuple[str, ...], closet: bool, text: str) -> Event:
    """The event ``text`` names among seats ``players``; ``closet`` when the
    ``[WeaponHumans "closet"]`` variant lets ``to`` name a square.  Pure and cached;
    :class:`BadInputError` for malformed text or an unknown player."""
    who, what = split_player(text, f"expected 'Player: event' (start, roll, a step N/E/S/W, stop, to, zombie), "
                                   f"not {text.strip()[:60]!r}")
    words = what.split()
    seat = seat_of(_index(players), players, who, 30)
    verb = words[0].lower()
    rest = words[1:]
    if verb == "start":
        if len(rest) != 1:
            raise BadInputError("start takes one square: 'Ann: start d4'")
        return Event(seat, "start", square=parse_square(rest[0]))
    if verb == "roll":
        if len(rest) > 1:
            raise BadInputError("roll takes one number: 'Ann: roll 4'")
        return Event(seat, "roll", number=_die(rest[0]) if rest else None)
    if verb == "stop":
        if rest:
            raise BadInputError("stop takes nothing more: 'Ann: stop'")
        return Event(seat, "stop")
    if verb == "to":
        if len(rest) > 1:
            raise BadInputError("to takes one exit: 'Cat: to back'")
        if rest and rest[0].lower() not in EXIT_NAMES:
            if closet and rest[0][:1].isalpha() and rest[0][1:].isdigit():
                return Event(seat, "to", to_square=parse_square(rest[0]))
            raise BadInputError(f"unknown exit {rest[0][:20]!r} (front, back or fire)")
        return Event(seat, "to", exit=rest[0].lower() if rest else None)
    if verb == "zombie":
        if not rest:
            raise BadInputError("name the zombie's square: 'Ann: zombie e1 roll 3 N N W'")
        sq = parse_square(rest[0])
        if len(rest) < 2 or rest[1].lower() != "roll":
            raise BadInputError("a zombie move is 'Ann: zombie e1 roll 3 N N W'")
        number = _die(rest[2]) if len(rest) > 2 else None
        path = tuple(_direction(w) for w in rest[3:])
        return Event(seat, "zombie", square=sq, number=number, path=path)
    facing = facing_word(verb)
    if facing is not None:
        card = decision = drop = None
        if rest:
            card = parse_card(rest[0])
            tail = [w.lower() for w in rest[1:]]
            if tail:
                decision = tail[0]
                if decision not in ("keep", "discard"):
                    raise BadInputError(f"after the card comes keep or discard, not {rest[1][:20]!r}")
                if decision == "discard" and len(tail) > 1:
                    raise BadInputError("discard takes nothing more")
                if decision == "keep" and len(tail) > 1:
                    if tail[1] != "drop" or len(tail) != 3:
                        raise BadInputError("keep the card and drop one held: 'keep drop Key:front'")
                    drop = parse_card(rest[3])
        return Event(seat, "step", facing=facing, card=card, decision=decision, drop=drop)
    raise unknown("event", verb, ("start", "roll", "N", "E", "S", "W", "stop", "to", "zombie"),
                  listed="start, roll, N/E/S/W, stop, to, zombie")
