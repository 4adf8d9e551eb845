"""Zombie Fluxx record notation: an event's text to a typed :data:`Event`, no rule checked.

``Player: verb ...`` with the verbs ``creeper C``, ``draw ? ? C ?``, ``play C
[effects]``, ``kill Z [with K | with bare-hands]``, ``move P [to Who]``, ``trio
[left|right]``, ``discard C ...``, ``drop K ...``, ``end``; a line with no player,
``card NAME type=... field=value ...``, defines a card (spec ruling 23).  Card names
are matched without case or punctuation (the longest run of bare words that names a
card, or a double-quoted name); ``?`` is an unseen card (None).  Action effects:
``take K from P``, ``give K to P``, ``discard K [from P]``, ``draw ? ...``, ``trash K
[from P]``, ``rule-discard R``, ``goal-discard``.

What a text means depends only on the players and the catalogue, so :func:`parse_event`
keeps what it parsed with the catalogue (which a card line replaces whole).
:class:`BadInputError` for malformed text, :class:`DefinitionNeeded` for an unknown card.
"""

from __future__ import annotations

import re

from referee.errors import BadInputError
from referee.frozen import Frozen, setter
from referee.seats import seat_of, split_player
from referee.words import unknown

from . import catalogue as catmod
from .catalogue import Card, Catalogue
from .state import BARE_HANDS

EFFECT_WORDS = {"take", "give", "discard", "draw", "trash", "rule-discard", "goal-discard"}
#: What ``play`` takes in place of a card name to ask whether any card may be played now
#: (the event :meth:`Game.blocked_events` lists when none may).
ANY_CARD = "..."
VERBS = ("creeper", "draw", "play", "kill", "move", "trio", "discard", "drop", "end")
_PLAIN_NAME = re.compile(r"^[A-Za-z0-9'!.-]+$")
_CARD_LINE = re.compile(r"^\s*card\s+(?!:)(.*)$", re.IGNORECASE | re.DOTALL)
_TOKEN = re.compile(r'"([^"]*)"|(\S+)')
_CACHE_MAX = 4096

Token = tuple[str, bool]  # (text, quoted)


def fmt(name: str | None) -> str:
    """A card name as the canonical notation writes it (quoted when it has spaces).

    >>> fmt("Coffee"), fmt("Draw 3"), fmt(None)
    ('Coffee', '"Draw 3"', '?')
    """
    out = _FMT.get(name)
    if out is None:
        out = "?" if name is None else name if _PLAIN_NAME.match(name) and name != "?" else f'"{name}"'
        if len(_FMT) < _CACHE_MAX:
            _FMT[name] = out
    return out


_FMT: dict[str | None, str] = {}


def tokenize(text: str) -> list[Token]:
    """Words and double-quoted names: ``play "Draw 3" x`` -> ``[("play", F), ("Draw 3", T), ...]``."""
    out: list[Token] = []
    for m in _TOKEN.finditer(text):
        if m.group(1) is not None:
            out.append((" ".join(m.group(1).split()), True))
        else:
            if '"' in m.group(2):
                raise BadInputError(f"unbalanced quote in {text.strip()!r}")
            out.append((m.group(2), False))
    return out


# -- events -------------------------------------------------------------------------------
# Frozen values, as @dataclass(frozen=True, slots=True) would make them, defined without
# its cost at import (referee.frozen: a tenth of every Fluxx command's start-up).

class CardLine(Frozen):
    """``card NAME ...``: a card defined inside the game (ruling 23)."""

    __slots__ = ("card",)
    card: Card

    def __init__(self, card: Card) -> None:
        setter(self, "card", card)


class Creeper(Frozen):
    """Seat ``p`` lays down a dealt Creeper ``name`` in the first round."""

    __slots__ = ("p", "name")
    p: int
    name: str

    def __init__(self, p: int, name: str) -> None:
        setter(self, "p", p)
        setter(self, "name", name)


class Draw(Frozen):
    """Seat ``p`` draws ``cards`` (None: unseen)."""

    __slots__ = ("p", "cards")
    p: int
    cards: tuple[str | None, ...]

    def __init__(self, p: int, cards: tuple[str | None, ...]) -> None:
        setter(self, "p", p)
        setter(self, "cards", cards)


class Effect(Frozen):
    """One written effect of an Action: ``word`` (one of :data:`EFFECT_WORDS`), the card
    ``name`` (None: ``?``), the other seat ``q`` (``from``/``to``), the ``cards`` drawn."""

    __slots__ = ("word", "name", "q", "cards")
    word: str
    name: str | None
    q: int | None
    cards: tuple[str | None, ...]

    def __init__(self, word: str, name: str | None = None, q: int | None = None,
                 cards: tuple[str | None, ...] = ()) -> None:
        setter(self, "word", word)
        setter(self, "name", name)
        setter(self, "q", q)
        setter(self, "cards", cards)


class Play(Frozen):
    """Seat ``p`` plays ``name`` (None: ``play ...``, may any card be played?) with the
    Action's ``effects``; ``extra``: words after a card that is not an Action.  ``rest``:
    the words from the first effect that does not read, which the step reads again
    (raising the error) once the effects before it are applied, so a refusal met first
    is still the answer, as before the notation was parsed apart (see :func:`effects`)."""

    __slots__ = ("p", "name", "effects", "extra", "rest")
    p: int
    name: str | None
    effects: tuple[Effect, ...]
    extra: bool
    rest: tuple[Token, ...]

    def __init__(self, p: int, name: str | None, effects: tuple[Effect, ...] = (), extra: bool = False,
                 rest: tuple[Token, ...] = ()) -> None:
        setter(self, "p", p)
        setter(self, "name", name)
        setter(self, "effects", effects)
        setter(self, "extra", extra)
        setter(self, "rest", rest)


class Kill(Frozen):
    """Seat ``p`` kills ``target`` with ``source`` (a Keeper, :data:`BARE_HANDS`, or None:
    not written)."""

    __slots__ = ("p", "target", "source")
    p: int
    target: str
    source: str | None

    def __init__(self, p: int, target: str, source: str | None) -> None:
        setter(self, "p", p)
        setter(self, "target", target)
        setter(self, "source", source)


class Trio(Frozen):
    """Seat ``p`` says the killed Trio's direction (``left``/``right``; None: not written)."""

    __slots__ = ("p", "side")
    p: int
    side: str | None

    def __init__(self, p: int, side: str | None) -> None:
        setter(self, "p", p)
        setter(self, "side", side)


class Move(Frozen):
    """Seat ``p`` sends the fleeing Pair ``name`` to seat ``to`` (None: not written)."""

    __slots__ = ("p", "name", "to")
    p: int
    name: str
    to: int | None

    def __init__(self, p: int, name: str, to: int | None) -> None:
        setter(self, "p", p)
        setter(self, "name", name)
        setter(self, "to", to)


class Discard(Frozen):
    """Seat ``p`` discards ``cards`` down to the Hand Limit (None: unseen)."""

    __slots__ = ("p", "cards")
    p: int
    cards: tuple[str | None, ...]

    def __init__(self, p: int, cards: tuple[str | None, ...]) -> None:
        setter(self, "p", p)
        setter(self, "cards", cards)


class Drop(Frozen):
    """Seat ``p`` drops Keepers ``cards`` down to the Keeper Limit."""

    __slots__ = ("p", "cards")
    p: int
    cards: tuple[str, ...]

    def __init__(self, p: int, cards: tuple[str, ...]) -> None:
        setter(self, "p", p)
        setter(self, "cards", cards)


class End(Frozen):
    """Seat ``p`` ends the turn."""

    __slots__ = ("p",)
    p: int

    def __init__(self, p: int) -> None:
        setter(self, "p", p)


Event = CardLine | Creeper | Draw | Play | Kill | Trio | Move | Discard | Drop | End
#: Events whose refusals can only be found on the way (the cards drawn, taken or moved
#: one after the other): :meth:`Game.check` steps them on a draft to find them.
SEQUENCES = (Draw, Discard, Drop)


# -- parsing ------------------------------------------------------------------------------

class _Reader:
    """Card and player names read from tokens, with the catalogue and the seats."""

    def __init__(self, cat: Catalogue, players: list[str], index: dict[str, int]) -> None:
        self.cat, self.players, self.index = cat, players, index

    def name_at(self, toks: list[Token], i: int, stop: set[str] | frozenset = frozenset()) -> tuple[str | None, int]:
        """The card (or ``?``: None) starting at token ``i``: a quoted name, or the longest
        run of bare words that names a card."""
        if i >= len(toks):
            raise BadInputError("a card name is missing")
        text, quoted = toks[i]
        if quoted:
            return self.cat.card(text).name, i + 1
        if text == "?":
            return None, i + 1
        j = i
        while j < len(toks) and not toks[j][1] and toks[j][0] != "?":
            j += 1
        for end in range(j, i, -1):
            found = self.cat.find(" ".join(t for t, _ in toks[i:end]))
            if found is not None:
                return found.name, end
        end = i + 1
        while end < j and toks[end][0].lower() not in stop:
            end += 1
        return self.cat.card(" ".join(t for t, _ in toks[i:end])).name, end

    def named(self, toks: list[Token], i: int, stop: set[str] | frozenset = frozenset()) -> tuple[str, int]:
        name, i = self.name_at(toks, i, stop)
        if name is None:
            raise BadInputError("name the card here ('?' is not allowed)")
        return name, i

    def cards_until(self, toks: list[Token], i: int, stop: set[str]) -> tuple[list[str | None], int]:
        out: list[str | None] = []
        while i < len(toks) and not (not toks[i][1] and toks[i][0].lower() in stop):
            name, i = self.name_at(toks, i, stop)
            out.append(name)
        return out, i

    def player_at(self, toks: list[Token], i: int) -> tuple[int, int]:
        if i >= len(toks):
            raise BadInputError("a player name is missing")
        # player names may have spaces: take the longest run that names a player
        for end in range(len(toks), i, -1):
            key = " ".join(t for t, _ in toks[i:end]).lower()
            if key in self.index:
                return self.index[key], end
        return seat_of(self.index, self.players, toks[i][0], 40), i + 1


def expect(toks: list[Token], i: int, word: str) -> int:
    if i >= len(toks) or toks[i][1] or toks[i][0].lower() != word:
        raise BadInputError(f"expected '{word}' here")
    return i + 1


def parse_card_line(rest: str) -> CardLine:
    """``card NAME field=value ...`` after the word ``card`` (ruling 23)."""
    name, table = catmod.parse_card_line(rest)
    allowed = ("type", "count", "text", "set_aside") + catmod.FIELDS.get(table["type"], ())
    for key in table:
        if table["type"] in catmod.TYPES and key not in allowed:
            raise BadInputError(f"card line: a {table['type']} card takes no field {key} "
                                f"(it takes: {', '.join(allowed)})")
    return CardLine(catmod.parse_card(catmod.CARD_LINE_SOURCE, name, table))


def parse_event(text: str, cat: Catalogue, players: list[str], index: dict[str, int]) -> Event:
    """The event ``text`` names, read with the catalogue ``cat`` and the seats (see the
    module docstring).  Kept with ``cat``: the same text reads the same way until a card
    line replaces the catalogue."""
    memo = cat.__dict__.get("_events")
    if memo is None:
        memo = cat.__dict__["_events"] = {}
    key = (text, id(index))
    hit = memo.get(key)
    if hit is not None and hit[0] is index:
        return hit[1]
    event = _parse_event(text, _Reader(cat, players, index))
    if len(memo) >= _CACHE_MAX:
        memo.clear()
    memo[key] = (index, event)
    return event


def _parse_event(text: str, r: _Reader) -> Event:
    m = _CARD_LINE.match(text)
    if m and text.partition(":")[0].strip().lower() not in r.index:
        return parse_card_line(m.group(1))
    who, what = split_player(text, f"expected 'Player: event' (draw, play, kill, discard, drop, end, ...), "
                                   f"not {text.strip()[:60]!r}")
    p = seat_of(r.index, r.players, who, 40)
    toks = tokenize(what)
    verb = toks[0][0].lower()
    if toks[0][1] or verb not in VERBS:
        raise unknown("event", toks[0][0], VERBS)
    toks = toks[1:]
    if verb == "creeper":
        name, i = r.named(toks, 0)
        if i != len(toks):
            raise BadInputError("one Creeper a line: 'Ann: creeper Zombie'")
        return Creeper(p, name)
    if verb == "draw":
        cards, i = r.cards_until(toks, 0, set())
        if not cards:
            raise BadInputError("draw what? e.g. 'Ann: draw ? ?' (a ? for each unseen card)")
        return Draw(p, tuple(cards))
    if verb == "play":
        if [t for t, _ in toks] == [ANY_CARD]:  # "play ...": may any card be played now?
            return Play(p, None)
        name, i = r.named(toks, 0, EFFECT_WORDS)
        if i < len(toks) and r.cat.card(name).type != "action":
            return Play(p, name, extra=True)
        done, rest = _effects_read(toks[i:], r)
        return Play(p, name, done, rest=rest)
    if verb == "kill":
        target, i = r.named(toks, 0, {"with"})
        if i == len(toks):
            return Kill(p, target, None)
        i = expect(toks, i, "with")
        if i < len(toks) and not toks[i][1] and toks[i][0].lower() in (BARE_HANDS, "bare", "hands"):
            source = BARE_HANDS
            i += 2 if toks[i][0].lower() == "bare" and i + 1 < len(toks) and toks[i + 1][0].lower() == "hands" else 1
        else:
            source, i = r.named(toks, i)
        if i != len(toks):
            raise BadInputError("expected 'kill Z with K' (or 'with bare-hands')")
        return Kill(p, target, source)
    if verb == "trio":
        if not toks:
            return Trio(p, None)
        if len(toks) != 1 or toks[0][0].lower() not in ("left", "right"):
            raise BadInputError("expected 'trio left' or 'trio right'")
        return Trio(p, toks[0][0].lower())
    if verb == "move":
        name, i = r.named(toks, 0, {"to"})
        if i == len(toks):
            return Move(p, name, None)
        i = expect(toks, i, "to")
        q, i = r.player_at(toks, i)
        if i != len(toks):
            raise BadInputError("expected 'move \"Pair of Zombies\" to Ben'")
        return Move(p, name, q)
    if verb == "discard":
        cards, i = r.cards_until(toks, 0, set())
        if not cards:
            raise BadInputError("discard what? e.g. 'Ann: discard ?' or 'Ann: discard Coffee'")
        return Discard(p, tuple(cards))
    if verb == "drop":
        cards, i = r.cards_until(toks, 0, set())
        if not cards or None in cards:
            raise BadInputError("drop which Keeper? e.g. 'Ann: drop Coffee'")
        return Drop(p, tuple(cards))
    if toks:
        raise BadInputError("'end' takes nothing after it")
    return End(p)


def effects(toks: list[Token], cat: Catalogue, players: list[str], index: dict[str, int]) -> tuple[Effect, ...]:
    """An Action's written effects, in order (:class:`BadInputError` for the first that
    does not read)."""
    return _effects(toks, _Reader(cat, players, index))


def _effects_read(toks: list[Token], r: _Reader) -> tuple[tuple[Effect, ...], tuple[Token, ...]]:
    """The effects that read, and the words from the first that does not (or none)."""
    out: list[Effect] = []
    i = 0
    while i < len(toks):
        try:
            found = _effects(toks[i:], r, one=True)
        except BadInputError:
            return tuple(out), tuple(toks[i:])
        out.append(found[0][0])
        i += found[1]
    return tuple(out), ()


def _effects(toks: list[Token], r: _Reader, one: bool = False):
    """An Action's written effects, in order; with ``one``, the first effect and the
    number of words it takes."""
    out: list[Effect] = []
    i = 0
    while i < len(toks):
        if one and out:
            return out, i
        word, quoted = toks[i]
        word = word.lower()
        if quoted or word not in EFFECT_WORDS:
            raise BadInputError(f"unknown Action effect {toks[i][0][:30]!r} (take, give, discard, "
                                "draw, trash, rule-discard, goal-discard)")
        i += 1
        if word == "goal-discard":
            out.append(Effect(word))
        elif word == "rule-discard":
            name, i = r.named(toks, i, EFFECT_WORDS)
            out.append(Effect(word, name))
        elif word == "draw":
            cards, i = r.cards_until(toks, i, EFFECT_WORDS)
            if not cards:
                raise BadInputError("draw what? write a ? for each unseen card")
            out.append(Effect(word, cards=tuple(cards)))
        elif word == "take":
            name, i = r.named(toks, i, EFFECT_WORDS)
            i = expect(toks, i, "from")
            q, i = r.player_at(toks, i)
            out.append(Effect(word, name, q))
        elif word == "give":
            name, i = r.name_at(toks, i, EFFECT_WORDS)
            i = expect(toks, i, "to")
            q, i = r.player_at(toks, i)
            out.append(Effect(word, name, q))
        else:   # discard, trash
            name, i = r.name_at(toks, i, EFFECT_WORDS)
            q = None
            if i < len(toks) and not toks[i][1] and toks[i][0].lower() == "from":
                q, i = r.player_at(toks, i + 1)
            if name is None and q is not None:
                raise BadInputError("name the card taken from in front of a player")
            # trash ? : bad input, but only once the card has left the hand (as before)
            out.append(Effect(word, name, q))
    if one:
        return out, i
    return tuple(out)
