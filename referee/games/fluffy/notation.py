"""Zombies Want Fluffy record notation: event text to typed values, and back.

An event line parses to a frozen :class:`Event` (``cards``/``card``/``choice``/
``facing`` for Fluffy, ``zombies`` as :class:`ZMove` tokens for the zombies, ``deck``
for a deck correction); :meth:`Event.text` writes it back in canonical form.  Parsing
is cached by ``(text, zombies_turn)``: a replay or a playout reads the same few lines
over and over.

>>> parse_event("play lr:l >n", False).text()
'play LR:L >N'
>>> parse_event("play F raimi>w George", True).text()
'play F Raimi>W George'
>>> parse_event("deck f=12 lr=3", False).deck
(('F', 12), ('LR', 3))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from referee.cards import parse_counts
from referee.numbers import is_number, parse_int
from referee.errors import BadInputError
from referee.words import unknown
from referee.grid import parse_facing

from .board import ZOMBIE_NAMES

MOVES = "FLRB"
MOVE_NAMES = {"F": "Move Forward", "L": "Move Left", "R": "Move Right", "B": "Move Backward"}
#: Every movement card code: the four single moves and the six choice cards.
CARD_CODES = ("F", "L", "R", "B", "FL", "FR", "FB", "LR", "LB", "RB")
#: The project's own default deck (the printed mix is not published): 60 movement cards,
#: enough for a run to the tree and back on the 12x12 default yard.
DEFAULT_DECK = "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"
DEAL = 5                #: cards dealt to each player


@lru_cache(maxsize=256)
def parse_card(text: str) -> str:
    """A movement card code, canonical: ``F``, ``L``, ``R``, ``B`` or a choice card of two
    different letters in ``FLRB`` order (``rl`` -> ``LR``).  :class:`BadInputError` otherwise.

    >>> parse_card("rl"), parse_card("bf")
    ('LR', 'FB')
    """
    t = text.strip().upper()
    if len(t) in (1, 2) and all(c in MOVES for c in t) and len(set(t)) == len(t):
        return "".join(sorted(t, key=MOVES.index))
    raise BadInputError(f"{text!r} is not a movement card: F, L, R, B or a choice such as LR")


def card_name(code: str) -> str:
    """``LR`` -> ``Move Left or Right``."""
    if len(code) == 1:
        return MOVE_NAMES[code]
    a, b = (MOVE_NAMES[c].split()[1] for c in code)
    return f"Move {a} or {b}"


def _deck_entries(text: str) -> dict[str, int]:
    return parse_counts(text, parse_card, "bad deck entry {!r}: write CODE=COUNT, e.g. F=10", "deck names {} twice")


def parse_deck(text: str) -> dict[str, int]:
    """``"F=10 L=4 R=4 B=2 LR=2 FB=2"`` -> movement card counts.  The four zombie cards
    are always added by the game, not named here.  :class:`BadInputError` if malformed."""
    deck = _deck_entries(text)
    total = sum(deck.values())
    if total < 2 * DEAL:
        raise BadInputError(f"the deck has {total} movement cards; the deal alone needs {2 * DEAL}")
    return deck


def parse_duration(text: str) -> int:
    """``"5m"``, ``"90s"``, ``"2m30s"`` or a bare number of minutes -> seconds.

    >>> parse_duration("2m30s"), parse_duration("5")
    (150, 300)
    """
    t = text.strip().lower().replace(" ", "")
    if is_number(t):
        seconds = parse_int(t, "[OpeningClock] minutes", 1, 10**6) * 60
    else:
        m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", t)
        if not t or not m:
            raise BadInputError(f"[OpeningClock] is a time such as 5m, 90s or 2m30s, not {text!r}")
        h, mi, se = (parse_int(g, "[OpeningClock]", 0, 10**6) if g else 0 for g in m.groups())
        seconds = h * 3600 + mi * 60 + se
    if seconds <= 0:
        raise BadInputError("[OpeningClock] must be longer than nothing")
    return seconds


def deck_text(deck: dict[str, int]) -> str:
    return " ".join(f"{c}={n}" for c, n in deck.items())


_ZOMBIE_LOWER = {z.lower(): z for z in ZOMBIE_NAMES}


def zombie_name(text: str) -> str | None:
    """``raimi`` -> ``Raimi``; None when it names no zombie."""
    return _ZOMBIE_LOWER.get(text.strip().lower())


# -- events ------------------------------------------------------------------------------

class ZMove(NamedTuple):
    """One zombie in a zombie play or shamble: its ``name``, its ``choice`` on a choice
    card and its ``facing`` after a bounce."""

    name: str
    choice: str | None = None
    facing: str | None = None

    def text(self) -> str:
        return self.name + (f":{self.choice}" if self.choice else "") + (f">{self.facing}" if self.facing else "")


@dataclass(frozen=True)
class Event:
    """A parsed event.  ``cards`` for deal/draw, ``card``/``choice``/``facing`` for
    Fluffy's play, sprint and discards, ``zombies`` (or None for no list) for the
    zombies, ``deck`` ``((code, count), ...)`` for a deck correction.  The zombies'
    ``play`` has the verb ``zplay``."""

    verb: str
    cards: tuple[str, ...] = ()
    card: str | None = None
    choice: str | None = None
    facing: str | None = None
    zombies: tuple[ZMove, ...] | None = None
    deck: tuple[tuple[str, int], ...] | None = None

    def text(self) -> str:
        """Canonical notation (worked out once per event)."""
        cached = self.__dict__.get("_text")
        if cached is None:
            cached = self._text_now()
            object.__setattr__(self, "_text", cached)
        return cached

    def _text_now(self) -> str:
        verb = self.verb
        if verb in ("deal", "draw"):
            return " ".join((verb, *self.cards))
        if verb == "discard":
            return "discard" + (f" {self.card}" if self.card else "")
        if verb in ("shamble", "zplay"):
            head = "shamble" if verb == "shamble" else f"play {self.card}"
            return " ".join((head, *(z.text() for z in self.zombies or ())))
        if verb == "play":
            return f"play {self.card}" + (f":{self.choice}" if self.choice else "") + (
                f" >{self.facing}" if self.facing else "")
        if verb == "sprint":
            return "sprint" + (f" >{self.facing}" if self.facing else "")
        if verb == "deck":
            return "deck " + " ".join(f"{c}={n}" for c, n in self.deck or ())
        return verb

    def with_(self, **changes) -> "Event":
        return replace(self, **changes)


_FACING_TOKEN = re.compile(r"^>\s*([NESWnesw])$")
_ZTOKEN = re.compile(r"^([A-Za-z]+)(?::([A-Za-z]))?(?:>([A-Za-z]))?$")
VERBS = ("deal", "discard", "draw", "play", "snag", "sprint", "end", "shamble", "deck")


def _split_facing(tokens: list[str]) -> list[str]:
    """Join ``>`` with the facing that follows it and split ``F>N`` into ``F``, ``>N``."""
    out: list[str] = []
    for tok in tokens:
        if out and out[-1] == ">":
            out[-1] = ">" + tok
            continue
        if ">" in tok and not tok.startswith(">") and ":" not in tok and zombie_name(tok.split(">")[0]) is None:
            head, tail = tok.split(">", 1)
            out.extend([head, ">" + tail])
            continue
        out.append(tok)
    return out


def parse_event(text: str, zombies_turn: bool) -> Event:
    """Parse one event line (comment already removed).  ``zombies_turn`` decides how
    ``play`` and ``discard`` read.  :class:`BadInputError` for an unknown verb, card,
    zombie name or facing.  Cached: the same text parses once."""
    return _parse_event(text, zombies_turn)


@lru_cache(maxsize=4096)
def _parse_event(text: str, zombies_turn: bool) -> Event:
    tokens = _split_facing(text.split())
    if not tokens:
        raise BadInputError("empty event")
    verb, args = tokens[0].lower(), tokens[1:]
    if verb not in VERBS:
        raise unknown("verb", tokens[0], VERBS)

    def facing_of(tok: str) -> str:
        m = _FACING_TOKEN.match(tok)
        if not m:
            raise BadInputError(f"{tok!r}: a facing after a bounce is written >N, >E, >S or >W")
        return m.group(1).upper()

    if verb in ("snag", "end"):
        if args:
            raise BadInputError(f"{verb} takes nothing after it")
        return Event(verb)
    if verb == "deck":
        if not args:
            raise BadInputError("deck names the counts to correct, e.g. deck F=12 L=4")
        return Event(verb, deck=tuple(_deck_entries(" ".join(args)).items()))
    if verb == "deal":
        if not args:
            raise BadInputError("deal names Fluffy's dealt cards, e.g. deal F F L LR B")
        return Event(verb, cards=tuple(parse_card(a) for a in args))
    if verb == "draw":
        if not args:
            raise BadInputError("draw names the cards drawn: ? for an unseen card, a zombie name, or a card")
        cards = []
        for a in args:
            z = zombie_name(a)
            cards.append("?" if a in ("?", "x", "X", "_") else z if z else parse_card(a))  # x, _: ? a shell leaves alone
        return Event(verb, cards=tuple(cards))
    if verb == "discard":
        if len(args) > 1:
            raise BadInputError("discard takes at most one card")
        return Event(verb, card=parse_card(args[0]) if args else None)
    if verb == "sprint":
        if len(args) > 1:
            raise BadInputError("sprint takes at most a facing, e.g. sprint >N")
        return Event(verb, facing=facing_of(args[0]) if args else None)
    if verb == "shamble":
        args = _attach_facings(args, 0)
        return Event(verb, zombies=tuple(_zmove(a, allow_choice=False) for a in args) if args else None)
    # play
    if not args:
        raise BadInputError("play names a card, e.g. play F or play LR:L")
    if zombies_turn:
        card = parse_card(args[0])
        args = _attach_facings(args, 1)
        return Event("zplay", card=card, zombies=tuple(_zmove(a) for a in args[1:]) if args[1:] else None)
    if any(zombie_name(a.split(">")[0].split(":")[0]) for a in args[1:]):
        # the zombies' play typed in Fluffy's turn: refused by the turn check, named as typed
        ev = Event("zplay")
        object.__setattr__(ev, "_text", " ".join(text.split()))
        return ev
    code, _, choice = args[0].partition(":")
    card = parse_card(code)
    ch = None
    if choice:
        ch = choice.strip().upper()
        if ch not in MOVES:
            raise BadInputError(f"{args[0]!r}: the movement made is one of F, L, R, B")
    facing = None
    for extra in args[1:]:
        if facing is not None:
            raise BadInputError(f"unexpected {extra!r}: Fluffy's play is `play C[:D] [>H]`")
        facing = facing_of(extra)
    return Event("play", card=card, choice=ch, facing=facing)


def _attach_facings(args: list[str], start: int) -> list[str]:
    """``Raimi >W`` written with a space: join each lone ``>H`` to the zombie before it."""
    out = list(args[:start])
    for tok in args[start:]:
        if tok.startswith(">") and len(out) > start and ">" not in out[-1]:
            out[-1] += tok
        else:
            out.append(tok)
    return out


def _zmove(tok: str, allow_choice: bool = True) -> ZMove:
    m = _ZTOKEN.match(tok)
    name = zombie_name(m.group(1)) if m else None
    if not m or name is None:
        raise BadInputError(f"{tok!r} is not a zombie (George, Romero, Campbell, Raimi) "
                            f"with an optional :D choice and >H facing")
    choice, facing = m.group(2), m.group(3)
    if choice and not allow_choice:
        raise BadInputError(f"{tok!r}: a shamble is a Move Forward, it has no choice")
    if choice and choice.upper() not in MOVES:
        raise BadInputError(f"{tok!r}: the movement made is one of F, L, R, B")
    return ZMove(name, choice.upper() if choice else None, parse_facing(facing) if facing else None)
