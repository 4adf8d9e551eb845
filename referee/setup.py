"""A game's set-up, declared once: one :class:`TagSpec` per record tag in the game's
:class:`~referee.games.base.GameSpec` (``tags``).  From it come

- the check every engine's ``from_tags`` starts with (:func:`read_tags`): unknown tags
  (one message for every game), whole numbers and their range, and fixed choices;
- what each engine's ``tags()`` writes back (:func:`written`);
- the options of ``referee new <game>`` (:mod:`referee.cli.newgame`);
- the tag table of each game's page in ``docs/`` (:func:`docs_table`,
  ``tools/docs_tags.py``).

Checks that join several tags (enough tiles for the players, a Linen Closet on the board
for ``[WeaponHumans "closet"]``) and values with a grammar of their own (players,
decks, variants, durations, files) stay in the engine; the kind names them for the
docs and the CLI.  This module is pure and light: game packages import it when the
registry is listed.
"""

from __future__ import annotations

from referee.errors import BadInputError

#: The kinds of tag value.  ``int`` and ``choice`` are checked here; the others by the
#: engine (``file``: a file name or a built-in's name, with ``<Tag>Text`` beside it).
KINDS = ("int", "choice", "text", "file", "players", "deck", "duration")

#: When ``tags()`` writes a tag: ``always`` (its default when the record gave none),
#: ``given`` (when the record gave it), ``changed`` (when it differs from the default).
WRITES = ("always", "given", "changed")

#: Tags every record may carry for people (they annotate, they do not change play).
COMMON_TAGS = ("Game", "Event", "Site", "Date", "Round", "Annotator", "Note")


class TagSpec:
    """One record tag of a game's set-up, treated as read-only.  A plain class, not a
    dataclass: every command that loads a game builds these, and making a dataclass
    costs start-up time.

    - ``name``: the tag as written (``HandSize``); matched without regard to case.
    - ``kind``: one of :data:`KINDS`.
    - ``meaning``: the docs' "meaning" column.
    - ``default``: the value the game uses when the tag is absent (as a tag value), or
      None; ``shown``: the docs' "default" column in words when ``default`` is not it.
    - ``low``, ``high``: the range of an ``int`` tag (inclusive).
    - ``choices``: the values a ``choice`` tag allows (lower case; ``""`` allows a blank
      value, read as the default).
    - ``required``: the game cannot start without it (``--players``).
    - ``option``: the flag of ``referee new <game>`` (``--hand-size``), or None (tag only);
      ``help``: its help line; ``metavar``: its metavar; ``switch``: for an on/off flag,
      the tag value it writes (``--some-zombies`` writes ``some``).
    - ``write``: when the engine's ``tags()`` writes it back (:data:`WRITES`).

    ValueError for a declaration that contradicts itself (an ``int`` tag without its
    range, a ``choice`` tag without choices, an unknown kind).
    """

    __slots__ = ("name", "kind", "meaning", "default", "shown", "low", "high", "choices", "required",
                 "option", "help", "metavar", "switch", "write")

    def __init__(self, name: str, kind: str = "text", meaning: str = "", *, default: str | None = None,
                 shown: str | None = None, low: int | None = None, high: int | None = None,
                 choices: tuple[str, ...] = (), required: bool = False, option: str | None = None,
                 help: str = "", metavar: str | None = None, switch: str | None = None,
                 write: str = "given") -> None:
        if kind not in KINDS or write not in WRITES:
            raise ValueError(f"tag {name}: kind {kind!r} / write {write!r}")
        if (kind == "int") != (low is not None and high is not None):
            raise ValueError(f"tag {name}: an int tag has low and high, no other tag does")
        if (kind == "choice") != bool(choices):
            raise ValueError(f"tag {name}: a choice tag has choices, no other tag does")
        self.name, self.kind, self.meaning, self.default, self.shown = name, kind, meaning, default, shown
        self.low, self.high, self.choices, self.required = low, high, choices, required
        self.option, self.help, self.metavar, self.switch, self.write = option, help, metavar, switch, write

    def __repr__(self) -> str:
        return f"TagSpec({self.name!r}, {self.kind!r})"

    @property
    def default_words(self) -> str:
        """The docs' "default" column: ``shown``, else the default in backticks, else
        ``required`` or ``none``."""
        if self.shown is not None:
            return self.shown
        if self.default is not None:
            return f"`{self.default}`"
        return "required" if self.required else "none"

    @property
    def param(self) -> str:
        """The Python parameter name of its ``new`` option (``--hand-size`` -> ``hand_size``)."""
        return (self.option or self.name).lstrip("-").replace("-", "_").lower()


def known_names(specs: tuple[TagSpec, ...]) -> dict[str, str]:
    """Lower-cased tag name -> the name as declared, ``<Tag>Text`` included for file tags
    (the shared layer passes a named file's text so)."""
    out = {s.name.lower(): s.name for s in specs}
    out.update({f"{s.name}text".lower(): f"{s.name}Text" for s in specs if s.kind == "file"})
    return out


def unknown_tag(game: str, key: str, specs: tuple[TagSpec, ...]) -> BadInputError:
    """The one refusal of a tag a game does not know, naming the tags it does.

    >>> unknown_tag("fluxx", "Colour", (TagSpec("Players", "players"),)).message
    'unknown tag [Colour] for fluxx (known: Players)'
    """
    shown = key if len(key) <= 40 else key[:39] + "…"
    exc = BadInputError(f"unknown tag [{shown}] for {game} (known: {', '.join(s.name for s in specs)})")
    exc.tag = key
    return exc


def _bad(spec: TagSpec, raw: str) -> BadInputError:
    shown = raw if len(raw) <= 20 else raw[:19] + "…"
    if spec.kind == "int":
        text = f"[{spec.name}] is a whole number from {spec.low} to {spec.high}, not {shown!r}"
    else:
        text = f"[{spec.name}] is {' or '.join(repr(c) for c in spec.choices if c)}, not {shown!r}"
    exc = BadInputError(text)
    exc.tag = spec.name
    return exc


def check_value(spec: TagSpec, raw: str) -> str:
    """The value of tag ``spec`` as the game reads it: an ``int`` tag's whole number in
    range, written plainly (``"06"`` -> ``"6"``); a ``choice`` tag's choice in lower
    case (a blank one allowed only if ``""`` is a choice); other kinds unchanged.
    :class:`BadInputError` naming the tag otherwise.

    >>> check_value(TagSpec("Keep", "int", low=1, high=2), " 02 ")
    '2'
    >>> check_value(TagSpec("Keep", "int", low=1, high=2), "3")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: [Keep] is a whole number from 1 to 2, not '3'
    >>> check_value(TagSpec("Hiding", "choice", choices=("keep", "halt")), "Halt")
    'halt'
    """
    if spec.kind == "int":
        value = raw.strip()
        digits = value[1:] if value[:1] in ("+", "-") else value
        if not (0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()
                and spec.low <= int(value) <= spec.high):  # type: ignore[operator]
            raise _bad(spec, raw)
        return str(int(value))
    if spec.kind == "choice":
        value = raw.strip().lower()
        if value not in spec.choices:
            raise _bad(spec, raw)
        return value
    return raw


def read_tags(game: str, specs: tuple[TagSpec, ...], tags: dict[str, str]) -> dict[str, str]:
    """The game's own tags of ``tags``, keyed by their declared names, each checked by
    :func:`check_value`.  :data:`COMMON_TAGS` are left out (:func:`notes` keeps them);
    any other tag the game does not declare is refused (:func:`unknown_tag`).  Absent
    tags are absent: the engine applies each tag's ``default``.
    :class:`BadInputError` naming the tag.

    >>> specs = (TagSpec("Players", "players"), TagSpec("Keep", "int", low=1, high=2))
    >>> read_tags("za", specs, {"players": "Ann, Ben", "KEEP": "2", "Site": "club"})
    {'Players': 'Ann, Ben', 'Keep': '2'}
    """
    known = known_names(specs)
    by_name = {s.name: s for s in specs}
    out: dict[str, str] = {}
    for key, raw in tags.items():
        if key in COMMON_TAGS:
            continue
        name = known.get(key.lower())
        if name is None:
            raise unknown_tag(game, key, specs)
        out[name] = check_value(by_name[name], raw) if name in by_name else raw
    return out


def notes(tags: dict[str, str]) -> dict[str, str]:
    """The annotation tags of ``tags`` (:data:`COMMON_TAGS` but ``Game``), in order."""
    return {k: v for k, v in tags.items() if k in COMMON_TAGS and k != "Game"}


def written(specs: tuple[TagSpec, ...], given: dict[str, str], **now: str | None) -> dict[str, str]:
    """The tags an engine's ``tags()`` writes, in declared order: for each tag, the
    engine's value ``now[name]`` when it passes one (None: not written), else by its
    ``write``: ``always`` the given value or the default, ``given`` the given value,
    ``changed`` the given value unless it is the default.  ``given`` holds the tags as
    :func:`read_tags` returned them; ``<Tag>Text`` is never written (the shared layer
    stores a file's text itself).

    >>> specs = (TagSpec("Board", "file", default="default", write="always"),
    ...          TagSpec("Keep", "int", low=1, high=2, default="1", write="changed"))
    >>> written(specs, {"Keep": "1"}), written(specs, {"Keep": "2", "BoardText": "..."})
    ({'Board': 'default'}, {'Board': 'default', 'Keep': '2'})
    """
    out: dict[str, str] = {}
    for s in specs:
        if s.name in now:
            value = now[s.name]
        elif s.write == "always":
            value = given.get(s.name, s.default)
        elif s.write == "changed" and given.get(s.name) == s.default:
            value = None
        else:
            value = given.get(s.name)
        if value is not None:
            out[s.name] = value
    return out


def option_tags(specs: tuple[TagSpec, ...], options: dict[str, object]) -> dict[str, str]:
    """The record tags of the ``new`` options given, by parameter name (:attr:`TagSpec.param`):
    a switch that is on writes its value, any other option given writes itself.

    >>> specs = (TagSpec("ZombieMoves", "choice", choices=("all", "some"), option="--some-zombies",
    ...                  switch="some"), TagSpec("HandSize", "int", low=1, high=10, option="--hand-size"))
    >>> option_tags(specs, {"some_zombies": True, "hand_size": 6})
    {'ZombieMoves': 'some', 'HandSize': '6'}
    """
    out: dict[str, str] = {}
    for s in specs:
        if s.option is None:
            continue
        value = options.get(s.param)
        if s.switch is not None:
            if value:
                out[s.name] = s.switch
        elif value is not None:
            out[s.name] = str(value)
    return out


#: The docs' placeholder of an option's value, by kind, when the tag names no metavar.
_METAVARS = {"int": "N", "players": "NAMES", "deck": "CARDS", "file": "FILE", "duration": "TIME"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def docs_table(specs: tuple[TagSpec, ...]) -> str:
    """The Markdown table of a game's tags for its page in ``docs/``: the tag, its
    ``new`` option, its meaning and its default."""
    rows = ["| tag | `referee new` option | meaning | default |", "| --- | --- | --- | --- |"]
    for s in specs:
        if s.option is None:
            option = "(`--tag`)"
        elif s.switch is not None:
            option = f"`{s.option}` (`{s.switch}`)"
        else:
            option = f"`{s.option} {s.metavar or _METAVARS.get(s.kind, 'VALUE')}`"
        rows.append(f"| `{s.name}` | {_cell(option)} | {_cell(s.meaning)} | {_cell(s.default_words)} |")
    return "\n".join(rows) + "\n"


#: The markers around the generated table in a game's page of ``docs/``.
DOCS_BEGIN = "<!-- tags: generated from the game's TagSpecs by tools/docs_tags.py -->"
DOCS_END = "<!-- end of tags -->"


def with_docs_table(page: str, specs: tuple[TagSpec, ...]) -> str:
    """``page`` (a game's Markdown page) with the text between :data:`DOCS_BEGIN` and
    :data:`DOCS_END` replaced by :func:`docs_table`; ValueError when the markers are
    not there once each, in order.

    >>> with_docs_table("a\\n" + DOCS_BEGIN + "\\nold\\n" + DOCS_END + "\\nb", ()).splitlines()[2]
    '| tag | `referee new` option | meaning | default |'
    """
    start, end = page.find(DOCS_BEGIN), page.find(DOCS_END)
    if start < 0 or end < start or page.count(DOCS_BEGIN) != 1 or page.count(DOCS_END) != 1:
        raise ValueError("the page needs the two tag-table markers, once each, in order")
    return page[:start + len(DOCS_BEGIN)] + "\n" + docs_table(specs) + page[end:]


__all__ = ["COMMON_TAGS", "KINDS", "DOCS_BEGIN", "DOCS_END", "TagSpec", "WRITES", "check_value", "docs_table",
           "known_names", "notes", "option_tags", "read_tags", "unknown_tag", "with_docs_table", "written"]
