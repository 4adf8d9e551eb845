"""The Zombie Fluxx card catalogue: cards as data (spec ``fluxx.md``, "Card catalogue").

A catalogue is TOML, one table a card keyed by its name.  The project ships a default
catalogue (``referee/data/fluxx/cards.toml``, our own incomplete transcription); a
table's own file (``[Cards "my-deck.toml"]``) adds cards to it or overrides cards of
the same name.  :func:`parse_catalogue` validates a file and names the card and field
at fault in a :class:`~referee.errors.BadInputError`.  Pure: the text is handed in.

>>> cat = default_catalogue()
>>> cat.card("draw 3").value, cat.card("Shotgun").kills
(3, 1)
>>> cat.card("Draw 3 Play 2 of them").name
'Draw 3, Play 2 of Them'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from referee.errors import BadInputError
from referee.files import load_toml

TYPES = ("rule", "keeper", "creeper", "goal", "ungoal", "action")
SLOTS = ("draw", "play", "hand-limit", "keeper-limit", "none")
ZOMBIE_KINDS = {1: "plain", 2: "pair", 3: "trio", 4: "quartet"}

#: The fields each card type may carry (besides type, count, text, set_aside).
FIELDS: dict[str, tuple[str, ...]] = {
    "rule": ("slot", "value", "bare_hand_kills", "weapon_kills"),
    "keeper": ("weapon", "kills"),
    "creeper": ("zombie",),
    "goal": ("needs", "zombies"),
    "ungoal": ("needs", "zombies"),
    "action": ("plays", "draws"),
}
COMMON = ("type", "count", "text", "set_aside")

#: Names the notation cannot carry: they would read as a comment, a quote or a keyword.
_RESERVED = {"?", "bare-hands", "with", "to", "from", "take", "give", "discard", "draw",
             "trash", "rule-discard", "goal-discard", "left", "right"}


def name_key(name: str) -> str:
    """The key names are matched by: lower case, punctuation dropped, spaces collapsed.

    >>> name_key("Draw 2 and Use 'em") == name_key("draw 2 and use em")
    True
    """
    return " ".join(re.sub(r"[^0-9a-z ]+", "", name.lower().replace("-", " ")).split())


@dataclass(frozen=True)
class Card:
    """One card of the catalogue; fields that do not apply to its type keep defaults."""

    name: str
    type: str
    count: int = 1
    text: str = ""
    set_aside: bool = False
    slot: str = "none"
    value: int | str | None = None
    bare_hand_kills: int = 0
    weapon_kills: int = 0
    weapon: bool = False
    kills: int = 0
    zombie: int = 0
    needs: tuple[str, ...] | None = None
    zombies: str = "any"
    plays: int = 0
    draws: int | None = None
    source: str = "built-in"

    @property
    def is_zombie(self) -> bool:
        return self.type == "creeper" and self.zombie > 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "count": self.count}
        for key in FIELDS[self.type]:
            value = getattr(self, key)
            if key == "needs" and value is not None:
                value = list(value)
            if value is None:
                continue
            out[key] = value
        if self.set_aside:
            out["set_aside"] = True
        out["text"] = self.text
        out["source"] = self.source
        return out

    def describe(self) -> str:
        """The card's data in a few words (``referee cards check``)."""
        t = self.type
        if t == "rule":
            bits = [f"slot {self.slot}"]
            if self.value is not None:
                bits.append(f"value {self.value}")
            if self.bare_hand_kills:
                bits.append(f"bare-hand kills {self.bare_hand_kills}")
            if self.weapon_kills:
                bits.append(f"weapon kills {self.weapon_kills}")
        elif t == "keeper":
            bits = (["weapon"] if self.weapon else []) + ([f"kills {self.kills}"] if self.kills else [])
        elif t == "creeper":
            bits = [f"zombie ({ZOMBIE_KINDS[self.zombie]})"] if self.zombie else ["not a zombie"]
        elif t in ("goal", "ungoal"):
            bits = [("needs " + " + ".join(self.needs)) if self.needs is not None else "conditions unknown"]
            if self.zombies != "any":
                bits.append(f"zombies {self.zombies}")
        else:
            bits = ([f"draws {self.draws}"] if self.draws is not None else []) + (
                [f"plays {self.plays}"] if self.plays else [])
        if self.count != 1:
            bits.append(f"x{self.count}")
        if self.set_aside:
            bits.append("set aside without zombies")
        return ", ".join(bits)


@dataclass
class Catalogue:
    """Cards by name (:func:`name_key` lookup); ``files`` are the user files layered on."""

    cards: dict[str, Card] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

    def find(self, name: str) -> Card | None:
        exact = self.__dict__.get("_exact")
        if exact is None or len(exact) != len(self.cards):
            exact = self.__dict__["_exact"] = {c.name: c for c in self.cards.values()}
        found = exact.get(name)
        return found if found is not None else self.cards.get(name_key(name))

    def card(self, name: str) -> Card:
        """The card called ``name``; :class:`BadInputError` naming the file to add it to."""
        found = self.find(name)
        if found is None:
            raise BadInputError(unknown_card_message(name, self.files))
        return found

    def merged(self, other: "Catalogue") -> "Catalogue":
        """This catalogue with ``other``'s cards added or overriding (by name)."""
        return Catalogue({**self.cards, **other.cards}, self.files + other.files)

    def __iter__(self):
        return iter(sorted(self.cards.values(), key=lambda c: c.name.lower()))

    def __len__(self) -> int:
        return len(self.cards)


def unknown_card_message(name: str, files: list[str]) -> str:
    where = (f"add it to {files[-1]}" if files else
             'add it to a catalogue file of your own and name it with [Cards "my-deck.toml"] '
             "(referee new fluxx --cards FILE)")
    return f"unknown card {name.strip()[:60]!r}: the catalogue does not know it; {where}"


def _fail(source: str, name: str, key: str | None, message: str) -> BadInputError:
    where = f"{source}: card {name!r}" + (f": field {key}" if key else "")
    return BadInputError(f"{where}: {message}")


def _int(source: str, name: str, key: str, value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, name, key, f"must be a whole number, not {value!r}")
    if value < low:
        raise _fail(source, name, key, f"must be at least {low}, not {value}")
    return value


def parse_card(source: str, name: str, table: Any) -> Card:
    """One card from its TOML table; :class:`BadInputError` naming the card and field."""
    if not isinstance(table, dict):
        raise _fail(source, name, None, 'must be a table: ["Name"] then type = "..."')
    if not name.strip() or name.strip().lower() in _RESERVED or any(c in name for c in '";\n'):
        raise _fail(source, name, None, "bad card name (no quotes, ';' or reserved words)")
    if not name_key(name):
        raise _fail(source, name, None, "a card name needs a letter or digit")
    ctype = table.get("type")
    if ctype is None:
        raise _fail(source, name, "type", f"missing (one of {', '.join(TYPES)})")
    if ctype not in TYPES:
        raise _fail(source, name, "type", f"must be one of {', '.join(TYPES)}, not {ctype!r}")
    allowed = COMMON + FIELDS[ctype]
    for key in table:
        if key not in allowed:
            raise _fail(source, name, key, f"unknown for a {ctype} card (allowed: {', '.join(allowed)})")
    kw: dict[str, Any] = {"name": " ".join(name.split()), "type": ctype, "source": source}
    if "count" in table:
        kw["count"] = _int(source, name, "count", table["count"])
    if "text" in table:
        if not isinstance(table["text"], str):
            raise _fail(source, name, "text", "must be a string")
        kw["text"] = " ".join(table["text"].split())
    for key in ("set_aside", "weapon"):
        if key in table:
            if not isinstance(table[key], bool):
                raise _fail(source, name, key, f"must be true or false, not {table[key]!r}")
            kw[key] = table[key]
    for key in ("bare_hand_kills", "weapon_kills", "kills"):
        if key in table:
            kw[key] = _int(source, name, key, table[key])
    if ctype == "rule":
        slot = table.get("slot", "none")
        if slot not in SLOTS:
            raise _fail(source, name, "slot", f"must be one of {', '.join(SLOTS)}, not {slot!r}")
        kw["slot"] = slot
        value = table.get("value")
        if slot == "none":
            if value is not None:
                raise _fail(source, name, "value", "a rule with slot none takes no value")
        elif value is None:
            raise _fail(source, name, "value", f"missing (a {slot} rule needs a number)")
        elif slot == "play" and isinstance(value, str):
            if value.lower() != "all":
                raise _fail(source, name, "value", f'must be a whole number or "all", not {value!r}')
            kw["value"] = "all"
        else:
            kw["value"] = _int(source, name, "value", value, 1 if slot in ("draw", "play") else 0)
    if ctype == "creeper" and "zombie" in table:
        z = _int(source, name, "zombie", table["zombie"], 1)
        if z not in ZOMBIE_KINDS:
            raise _fail(source, name, "zombie", f"must be 1 (plain), 2 (pair), 3 (trio) or 4 (quartet), not {z}")
        kw["zombie"] = z
    if ctype in ("goal", "ungoal"):
        if "needs" in table:
            needs = table["needs"]
            if not isinstance(needs, list) or not all(isinstance(n, str) and n.strip() for n in needs):
                raise _fail(source, name, "needs", "must be a list of card names")
            kw["needs"] = tuple(" ".join(n.split()) for n in needs)
        if "zombies" in table:
            z = table["zombies"]
            if z not in ("none", "any", "need"):
                raise _fail(source, name, "zombies", f'must be "none", "any" or "need", not {z!r}')
            kw["zombies"] = z
    if ctype == "action":
        if "plays" in table:
            kw["plays"] = _int(source, name, "plays", table["plays"])
        if "draws" in table:
            kw["draws"] = _int(source, name, "draws", table["draws"])
    return Card(**kw)


def parse_catalogue(text: str, source: str = "cards.toml") -> Catalogue:
    """A catalogue from TOML ``text`` (``source`` names the file in errors)."""
    doc = load_toml(text, source)  # bounded numbers, one-line errors
    cards: dict[str, Card] = {}
    for name, table in doc.items():
        card = parse_card(source, name, table)
        key = name_key(card.name)
        if key in cards:
            raise _fail(source, name, None, f"the same card as {cards[key].name!r} (names match "
                        "without case and punctuation)")
        cards[key] = card
    return Catalogue(cards, [source] if source != "built-in" else [])


def check_references(cat: Catalogue) -> None:
    """Every Goal's ``needs`` names a Keeper or Creeper of the catalogue."""
    for card in cat:
        for need in card.needs or ():
            other = cat.find(need)
            if other is None or other.type not in ("keeper", "creeper"):
                raise _fail(card.source, card.name, "needs",
                            f"{need!r} is not a Keeper or Creeper of the catalogue")


@cache
def default_text() -> str:
    from importlib import resources

    return resources.files("referee.data").joinpath("fluxx", "cards.toml").read_text(encoding="utf-8")


@cache
def default_catalogue() -> Catalogue:
    """The built-in catalogue (incomplete; our own transcription)."""
    return parse_catalogue(default_text(), "built-in")


def load(text: str | None = None, source: str = "cards.toml") -> Catalogue:
    """The default catalogue with ``text`` (a user catalogue) layered on, checked."""
    cat = default_catalogue()
    if text is not None:
        cat = cat.merged(parse_catalogue(text, source))
    check_references(cat)
    return cat
