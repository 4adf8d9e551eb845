"""Zombies!!! quick-play record notation: event text to a typed :class:`Event`, and
back (``docs/zombies.md``).

An event line is ``Player: verb ...``.  Parsing reads the set-up only (the seats'
names and the tile data: a named tile's counts must be known, ruling 19), never the
position, so it is cached by ``(text, set-up)``: a replay reads the same few lines over
and over.  :class:`~referee.errors.BadInputError` for malformed text.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, NamedTuple

from referee.errors import BadInputError
from referee.numbers import die_roll
from referee.seats import player_key, seat_of, split_player
from referee.words import unknown

from .state import Setup
from .tiles import REQUIRED, TileData

MAX_ACCESS = 4              #: an unnamed tile has 1 to 4 access spaces
MAX_BONUS = 9               #: the largest weapon bonus written in a fight
ADJUST_FIELDS = ("life", "ammo", "guts", "kills", "hand", "zombies", "sewer")
VERBS = ("tile", "bid", "pass", "fight", "draw", "roll", "move", "pick", "town-square",
         "helipad", "zombies", "discard", "end", "event", "item", "drop", "adjust",
         "spell", "reshuffle", "duct")

_NAME = r'"([^"]+)"'


def card_key(name: str) -> str:
    """A card name compared without case, spaces or punctuation (``We're Screwed`` and
    ``were screwed`` are one card).

    >>> card_key("We’re  Screwed") == card_key("were screwed")
    True
    """
    return _NOT_ALNUM.sub("", name.lower())


_NOT_ALNUM = re.compile(r"[^a-z0-9]")


class Event(NamedTuple):
    """One parsed event of player ``seat``: the ``verb`` and what it says.

    - ``n``: the number of ``bid``, ``draw``, ``roll``, ``move``, ``spell``, the roll of
      ``fight`` and ``zombies``, the access spaces of ``tile road``;
    - ``fight``: ``kind`` (None, ``dog``, ``enhanced``), ``choice`` (None, ``ammo``,
      ``life``), ``weapons`` ``((bonus, name), ...)`` (ruling 22: more than one is
      refused by the rules, not the notation);
    - ``pick``: ``what`` (``ammo`` or ``life``); ``event``/``item``/``drop``: ``card``;
      ``adjust``: ``changes`` ``((field, delta), ...)``; ``zombies``: ``split`` (None:
      not written; ``()``: none moved);
    - ``tile``: ``tile`` (``none``, ``discard``, ``road``, ``named``), ``dogs`` (a road's
      dogs, None when not written), ``name`` and ``counts`` ``((field, count), ...)`` of
      a named tile, as written.

    A named tuple: immutable, and cheap to make (the listing makes a hundred).
    """

    seat: int
    verb: str
    n: int | None = None
    kind: str | None = None
    choice: str | None = None
    weapons: tuple[tuple[int, str], ...] = ()
    what: str | None = None
    card: str | None = None
    changes: tuple[tuple[str, int], ...] = ()
    split: tuple[int, ...] | None = None
    tile: str | None = None
    dogs: int | None = None
    name: str | None = None
    counts: tuple[tuple[str, int], ...] = ()

    @property
    def bonus(self) -> int:
        """The weapon bonus a fight adds to its roll (0 without a weapon)."""
        return self.weapons[0][0] if self.weapons else 0


def tile_counts(data: TileData, name: str, given: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """The full counts of a named tile (the tile data, then the event's ``given``
    counts); :class:`BadInputError` when one the rules need is missing (ruling 19)."""
    counts: dict[str, int] = {}
    found = data.lookup(name)
    if found:
        counts.update(found[1])
    counts.update(given)
    missing = [k for k in REQUIRED if k not in counts]
    if missing and not (given and "z" in counts):
        # ruling 19: no printed counts of our own, the Helipad included
        shown = found[0] if found else name
        raise BadInputError(f"{shown}: the tile data gives no "
                            f"{', '.join(missing)}: write them, e.g. "
                            f'`tile "{shown}" z=1 ammo=0 life=0`')
    for key in ("z", "ammo", "life", "dogs", "enhanced"):
        counts.setdefault(key, 0)
    return counts


# -- the cache ------------------------------------------------------------------------------

_KEYS: dict[Any, int] = {}
_NUMBERS = itertools.count()          # never reused, so a key outlives a cleared table
_CACHE: dict[tuple[str, int], Event] = {}
_CACHE_SIZE = 8192


def setup_key(names: tuple[str, ...], data: TileData) -> int:
    """A number naming what parsing reads of a set-up (the seats' names and the tile
    data's names and counts): set-ups with one key parse every text alike."""
    tiles = tuple((k, data.names[k], tuple(v.items())) for k, v in data.tiles.items())
    key = _KEYS.get((names, tiles))
    if key is None:
        if len(_KEYS) >= 1024:
            _KEYS.clear()
        key = _KEYS[names, tiles] = next(_NUMBERS)
    return key


def parse_event(text: str, setup: Setup) -> Event:
    """The :class:`Event` ``text`` names in a game set up as ``setup``;
    :class:`BadInputError` when malformed.  Cached (events are immutable)."""
    if not isinstance(text, str):
        return _parse(text, setup)
    key = (text, setup.key)
    event = _CACHE.get(key)
    if event is None:
        event = _parse(text, setup)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = event
    return event


def _parse(text: str, setup: Setup) -> Event:
    if not isinstance(text, str) or len(text) > 300:
        raise BadInputError("an event is one line of at most 300 characters")
    who, sep, rest = text.partition(":")
    if not sep or not who.strip():  # split_player refuses it, in these words
        split_player(text, f"write events as `Player: ...` (e.g. `Ann: roll 3`), not {text.strip()[:40]!r}",
                     blank_event_ok=True)
    seat = setup.index.get(player_key(who))
    if seat is None:
        seat = seat_of(setup.index, setup.names, who, 40)  # refuses the unknown name
    body = " ".join(rest.split())
    low = body.lower()
    word, _, tail = low.partition(" ")
    raw_tail = body[len(word):].strip()
    if word in ("town-square", "townsquare") or low in ("town square",):
        return Event(seat, "town-square")
    if word in ("tile",):
        return _parse_tile(seat, raw_tail, setup.data)
    if word in ("bid",):
        return Event(seat, "bid", n=_int(tail, "bid", 0, 999))
    if low == "pass":
        return Event(seat, "pass")
    if word == "fight":
        return _parse_fight(seat, raw_tail)
    if word == "draw":
        return Event(seat, "draw", n=_int(tail, "draw", 0, 9))
    if word == "roll":
        return Event(seat, "roll", n=_die(tail, "roll"))
    if word == "move":
        return Event(seat, "move", n=_int(tail, "move", 1, 99))
    if word == "pick":
        if tail not in ("ammo", "life"):
            raise BadInputError("write `pick ammo` or `pick life`")
        return Event(seat, "pick", what=tail)
    if low == "helipad":
        return Event(seat, "helipad")
    if word == "zombies":
        return _parse_zombies(seat, tail)
    if low in ("discard", "end"):
        return Event(seat, low)
    if word in ("event", "item", "drop"):
        m = re.fullmatch(_NAME, raw_tail) or re.fullmatch(r"([^\"]+)", raw_tail)
        if not m or not m.group(1).strip():
            raise BadInputError(f'write `{word} "Card Name"`')
        return Event(seat, word, card=_card_name(m.group(1)))
    if word == "adjust":
        return Event(seat, "adjust", changes=_parse_adjust(tail))
    if low == "duct":
        return Event(seat, "duct")
    if low == "reshuffle":
        return Event(seat, "reshuffle")
    if word == "spell":
        return Event(seat, "spell", n=_die(tail, "spell"))
    raise unknown("event", body.split()[0] if body.split() else body, VERBS)


def _parse_tile(seat: int, tail: str, data: TileData) -> Event:
    low = tail.lower()
    if low in ("none", "discard"):
        return Event(seat, "tile", tile=low)
    m = re.fullmatch(r"road\s+(\d+)((?:\s+\w+=\d+)*)", low)
    if m:
        n = int(m.group(1))
        if not 1 <= n <= MAX_ACCESS:
            raise BadInputError(f"an unnamed tile has 1 to {MAX_ACCESS} access spaces, not {n}")
        counts = dict(_counts(m.group(2), ("dogs",)))
        return Event(seat, "tile", tile="road", n=n, dogs=counts.get("dogs"))
    m = re.fullmatch(r'(?:"([^"]+)"|([A-Za-z][A-Za-z\' -]*?))((?:\s+\w+=\d+)*)', tail)
    if not m:
        raise BadInputError('write `tile road N`, `tile "Name" z=N ammo=N life=N`, '
                            '`tile none` or `tile discard`')
    name = _card_name(m.group(1) or m.group(2), "a tile name")
    counts = _counts(m.group(3).lower(), ("z", "ammo", "life", "dogs", "enhanced"))
    tile_counts(data, name, counts)   # ruling 19: the counts must be known, from the data or here
    return Event(seat, "tile", tile="named", name=name, counts=counts)


# -- writing events -------------------------------------------------------------------------

def zombie_text(name: str, roll: int, split: tuple[int, ...]) -> str:
    """``Ann: zombies 5: 2 2 1`` (no split: ``Ann: zombies 5``)."""
    return f"{name}: zombies {roll}" + (": " + " ".join(map(str, split)) if split else "")


def event_line(setup: Setup, e: Event) -> str:
    """``e`` written as a player types it, ``Player: ...`` (a named tile with its full
    counts, from the tile data)."""
    name = setup.names[e.seat]
    verb = e.verb
    if verb == "tile":
        k = e.tile
        if k in ("none", "discard"):
            return f"{name}: tile {k}"
        if k == "road":
            return f"{name}: tile road {e.n}" + (f" dogs={e.dogs}" if e.dogs else "")
        counts = tile_counts(setup.data, e.name, e.counts)
        t = f'{name}: tile "{e.name}" z={counts["z"]} ammo={counts["ammo"]} life={counts["life"]}'
        for key in ("dogs", "enhanced"):
            if counts[key]:
                t += f" {key}={counts[key]}"
        return t
    if verb == "fight":
        armed = "".join(f' +{b} "{w}"' for b, w in e.weapons)
        return (f"{name}: fight {e.n}" + (f" {e.kind}" if e.kind else "") + armed
                + (f" {e.choice}" if e.choice else ""))
    if verb in ("bid", "draw", "roll", "move", "spell"):
        return f"{name}: {verb} {e.n}"
    if verb == "pick":
        return f"{name}: pick {e.what}"
    if verb == "zombies":
        if e.split is None:
            return f"{name}: zombies {e.n}"
        return zombie_text(name, e.n, e.split)
    if verb in ("event", "item", "drop"):
        return f'{name}: {verb} "{e.card}"'
    return f"{name}: {verb}"


# -- small parsers ------------------------------------------------------------------------

def _int(text: str, what: str, low: int, high: int) -> int:
    t = text.strip()
    if not re.fullmatch(r"\d{1,4}", t):
        raise BadInputError(f"`{what}` takes a number, not {t[:20]!r}")
    n = int(t)
    if not low <= n <= high:
        raise BadInputError(f"`{what}` takes {low}..{high}, not {n}")
    return n


def _die(text: str, what: str) -> int:
    return die_roll(text, f"`{what}` takes a die roll 1..6, not {{!r}}")


_FIGHT_FORM = 'write `fight N [dog|enhanced] [+B "Weapon"] [ammo|life]`'


def _card_name(raw: str, what: str = "a card name") -> str:
    """A card or tile name with its spaces tidied; ``;`` would start a comment in a
    record, so it is refused (:class:`BadInputError`)."""
    name = " ".join(raw.split())
    if ";" in name:
        raise BadInputError(f"{what} cannot hold ';' (it starts a comment in a record)")
    return name


def _parse_fight(seat: int, tail: str) -> Event:
    """``fight 3 [dog|enhanced] [+2 "Chainsaw"] [ammo|life]`` (ruling 22: every weapon
    named is kept, refused later when there is more than one)."""
    if tail.count('"') % 2:
        raise BadInputError(f"unmatched quote in a fight: {_FIGHT_FORM}")
    words = re.findall(r'"[^"]*"|[^\s"]+', tail)
    if not words:
        raise BadInputError("`fight` takes the die roll: `fight 4`")
    roll = _die(words[0], "fight")
    kind = choice = None
    weapons: list[tuple[int, str]] = []
    i = 1
    while i < len(words):
        w = words[i]
        low = w.lower()
        if low in ("dog", "enhanced") and kind is None:
            kind = low
        elif low in ("ammo", "life") and choice is None:
            choice = low
        elif re.fullmatch(r"\+\d{1,2}", w):
            bonus = int(w[1:])
            if not 1 <= bonus <= MAX_BONUS:
                raise BadInputError(f"a weapon adds +1 to +{MAX_BONUS} to the roll, not {w}")
            if i + 1 >= len(words) or not words[i + 1].startswith('"'):
                raise BadInputError(f'name the weapon after its bonus: `fight {roll} {w} "Chainsaw"`')
            name = _card_name(words[i + 1][1:-1])
            if not name:
                raise BadInputError(f"an empty weapon name: {_FIGHT_FORM}")
            weapons.append((bonus, name))
            i += 1
        elif w.startswith('"'):
            raise BadInputError(f"write the weapon's bonus before its name: "
                                f'`fight {roll} +2 {w}`')
        else:
            raise BadInputError(f"unexpected {w[:20]!r} in a fight: {_FIGHT_FORM}")
        i += 1
    return Event(seat, "fight", n=roll, kind=kind, choice=choice, weapons=tuple(weapons))


def _parse_zombies(seat: int, tail: str) -> Event:
    head, sep, moves = tail.partition(":")
    n = _die(head, "zombies")
    if not sep or not moves.strip() or moves.strip() in ("none", "-"):
        return Event(seat, "zombies", n=n, split=None if not sep else ())
    parts = moves.split()
    if not all(re.fullmatch(r"\d{1,2}", p) for p in parts):
        raise BadInputError("write the zombie moves as numbers: `zombies 5: 2 2 1`")
    split = tuple(int(p) for p in parts)
    if any(p == 0 for p in split):
        raise BadInputError("each zombie moved takes at least one move")
    return Event(seat, "zombies", n=n, split=split)


def _counts(text: str, allowed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for pair in text.split():
        key, _, value = pair.partition("=")
        if key not in allowed:
            raise BadInputError(f"unknown tile count {key!r} (write {', '.join(k + '=N' for k in allowed)})")
        if key in out:
            raise BadInputError(f"{key}= is given twice")
        n = int(value)
        if n > 60:
            raise BadInputError(f"{key}={n} is more than a tile holds")
        out[key] = n
    return tuple(out.items())


def _parse_adjust(tail: str) -> tuple[tuple[str, int], ...]:
    words = tail.split()
    if not words or len(words) % 2:
        raise BadInputError("write `adjust life +1 ammo -2` (a field and a signed number each)")
    out: list[tuple[str, int]] = []
    for key, value in zip(words[::2], words[1::2]):
        if key not in ADJUST_FIELDS:
            raise BadInputError(f"unknown field {key!r} (adjust {', '.join(ADJUST_FIELDS)})")
        if any(k == key for k, _ in out):
            raise BadInputError(f"{key} is adjusted twice")
        if not re.fullmatch(r"[+-]\d{1,2}", value):
            raise BadInputError(f"write a signed number such as +1 or -2, not {value[:10]!r}")
        delta = int(value)
        if delta == 0:
            raise BadInputError("an adjustment of 0 changes nothing")
        out.append((key, delta))
    return tuple(out)
