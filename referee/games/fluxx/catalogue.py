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
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from referee.errors import BadInputError, DefinitionNeeded
from referee.files import load_toml

TYPES = ("rule", "keeper", "creeper", "goal", "ungoal", "action")
SLOTS = ("draw", "play", "hand-limit", "keeper-limit", "none")
ZOMBIE_KINDS = {1: "plain", 2: "pair", 3: "trio", 4: "quartet"}

#: The fields each card type may carry (besides type, count, text, set_aside).
FIELDS: dict[str, tuple[str, ...]] = {
    "rule": ("slot", "value", "bare_hand_kills", "weapon_kills"),
    "keeper": ("weapon", "kills"),
    "creeper": ("zombie",),
    "goal": ("needs", "zombies", "zombies_min", "table_zombies_min"),
    "ungoal": ("needs", "zombies", "zombies_min", "table_zombies_min"),
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
    zombies_min: int = 0
    table_zombies_min: int = 0
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
            bits = [("needs " + " + ".join(self.needs)) if self.needs else
                    "no card needed" if self.needs is not None else "conditions unknown"]
            if self.zombies != "any":
                bits.append(f"zombies {self.zombies}")
            if self.zombies_min:
                bits.append(f"{self.zombies_min}+ zombies in front of the player")
            if self.table_zombies_min:
                bits.append(f"{self.table_zombies_min}+ zombies on the table")
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
            from referee.words import closest

            near = closest(name.strip(), [c.name for c in self.cards.values()])
            raise DefinitionNeeded(unknown_card_message(name, self.files, near), " ".join(name.split()),
                                   near=near)
        return found

    def merged(self, other: "Catalogue") -> "Catalogue":
        """This catalogue with ``other``'s cards added or overriding (by name)."""
        return Catalogue({**self.cards, **other.cards}, self.files + other.files)

    def __iter__(self):
        return iter(sorted(self.cards.values(), key=lambda c: c.name.lower()))

    def __len__(self) -> int:
        return len(self.cards)


def card_line_example(name: str) -> str:
    """The ``card`` line that would define ``name``, with its type still to choose."""
    return f'card "{" ".join(name.split())[:60]}" type=TYPE'


def unknown_card_message(name: str, files: list[str], near: str | None = None) -> str:
    """Why a card is refused (spec ruling 23): the known card it may be a typo of
    (``near``), the ``card`` line that would define it in the game, and the catalogue
    file it could be added to for the next games."""
    where = (f"add it to {files[-1]}" if files else
             'add it to a catalogue file of your own and name it with [Cards "my-deck.toml"]')
    hint = f"did you mean {near!r}? If not, " if near else ""
    return (f"unknown card {name.strip()[:60]!r}: {hint}write the line {card_line_example(name)} "
            f"before this event (TYPE: {', '.join(TYPES)}; then its fields, e.g. kills=1), "
            f"or {where}")


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
        for key in ("zombies_min", "table_zombies_min"):
            if key in table:
                kw[key] = _int(source, name, key, table[key])
        if "needs" not in table and any(k in table for k in ("zombies", "zombies_min", "table_zombies_min")):
            kw["needs"] = ()    # the card gives its conditions: it names no card
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
    from referee.paths import data_text

    return data_text("fluxx", "cards.toml")


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


# -- card lines: a card defined inside a game (spec ruling 23) ------------------------------

_FIELD = re.compile(r'\s*([A-Za-z_]+)=("[^"]*"|\[[^\]]*\]|[^\s"\[\]=]+)')
_ITEM = re.compile(r'\s*(?:"([^"]*)"|([^",\s][^",]*?))\s*(?:,|$)')
CARD_LINE_SOURCE = "card line"


def _line_value(key: str, raw: str) -> Any:
    """One ``field=value`` value as TOML would give it: a whole number, true or false, a
    word, a quoted text, or (for ``needs``) a bracketed list of names."""
    if raw.startswith("["):
        if key != "needs":
            raise BadInputError(f"card line: only needs takes a list, not {key}")
        inner = raw[1:-1].strip()
        items: list[str] = []
        pos = 0
        while pos < len(inner):
            m = _ITEM.match(inner, pos)
            if m is None or m.end() == pos:
                raise BadInputError(f"card line: needs must be a list of names in brackets, "
                                    f'e.g. needs=["Tin Lantern", Compass], not {raw[:60]}')
            items.append(m.group(1) if m.group(1) is not None else m.group(2).strip())
            pos = m.end()
        return items
    if key == "needs":
        raise BadInputError(f'card line: needs is a list in brackets, e.g. needs=["Coffee"] (or needs=[]), '
                            f"not {raw[:40]}")
    if raw.startswith('"'):
        if ";" in raw:
            raise BadInputError(f"card line: {key} cannot hold ';' (it starts a comment in a record)")
        return raw[1:-1]
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if raw in ("true", "false"):
        return raw == "true"
    return raw


def parse_card_line(rest: str) -> tuple[str, dict[str, Any]]:
    """``NAME field=value ...`` (what follows ``card``) -> the name and the fields as a
    catalogue table; :class:`BadInputError` for a malformed line or a field given twice.

    >>> parse_card_line('"Tin Whistle" type=keeper weapon=true kills=1')
    ('Tin Whistle', {'type': 'keeper', 'weapon': True, 'kills': 1})
    >>> parse_card_line('Horde type=ungoal needs=[] table_zombies_min=5')[1]["needs"]
    []
    """
    rest = rest.strip()
    example = 'e.g. card "Tin Whistle" type=keeper weapon=true'
    if rest.startswith('"'):
        end = rest.find('"', 1)
        if end < 0:
            raise BadInputError(f"card line: unbalanced quote ({example})")
        name, tail = rest[1:end], rest[end + 1:]
    else:
        name, _, tail = rest.partition(" ")
        if "=" in name:
            raise BadInputError(f"card line: the card's name comes first ({example})")
    name = " ".join(name.split())
    if not name:
        raise BadInputError(f"card line: the card's name is missing ({example})")
    table: dict[str, Any] = {}
    pos, tail = 0, tail.rstrip()
    while pos < len(tail):
        m = _FIELD.match(tail, pos)
        if m is None:
            raise BadInputError(f"card line: expected field=value (no spaces around =) at "
                                f"{tail[pos:].strip()[:30]!r} ({example})")
        key = m.group(1).lower()
        if key in table:
            raise BadInputError(f"card line: field {key} is given twice")
        table[key] = _line_value(key, m.group(2))
        pos = m.end()
    if "type" not in table:
        raise BadInputError(f"card line: type=... is required (one of {', '.join(TYPES)}; {example})")
    return name, table


def card_line(card: Card) -> str:
    """The canonical ``card`` line of ``card``: type first, then each field that differs
    from its default (so the line defines the same card again)."""
    quoted = f'"{card.name}"'
    bits = [f"card {quoted} type={card.type}"]
    default = Card(name=card.name, type=card.type)
    if card.count != 1:
        bits.append(f"count={card.count}")
    for key in FIELDS[card.type] + ("set_aside",):
        value = getattr(card, key)
        if value == getattr(default, key) and not (key == "needs" and value is not None):
            continue
        if key == "needs":
            bits.append("needs=[" + ", ".join(f'"{n}"' for n in value) + "]")
        elif isinstance(value, bool):
            bits.append(f"{key}={'true' if value else 'false'}")
        else:
            bits.append(f"{key}={value}")
    if card.text:
        bits.append(f'text="{card.text}"')
    return " ".join(bits)


def same_data(a: Card, b: Card) -> bool:
    """Whether two cards have the same type, count and fields (text and source aside)."""
    keys = ("type", "count", "set_aside") + FIELDS[a.type]
    return a.type == b.type and all(getattr(a, k) == getattr(b, k) for k in keys)


def card_toml(card: Card) -> str:
    """``card`` as a catalogue table, to append to a catalogue file."""
    def val(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (tuple, list)):
            return "[" + ", ".join(val(x) for x in v) + "]"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return str(v)

    lines = [f"[{val(card.name)}]", f"type = {val(card.type)}"]
    default = Card(name=card.name, type=card.type)
    if card.count != 1:
        lines.append(f"count = {card.count}")
    for key in FIELDS[card.type]:
        value = getattr(card, key)
        if value is None or (value == getattr(default, key) and key != "needs"):
            continue
        lines.append(f"{key} = {val(value)}")
    if card.text:
        lines.append(f"text = {val(card.text)}")
    return "\n".join(lines) + "\n"
