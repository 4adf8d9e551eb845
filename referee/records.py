"""Game records: the plain-text log of one game (``docs/records.md``).

A record is a header of ``[Key "value"]`` tags, one a line, then one event a line.
``;`` starts a comment running to the end of the line; blank lines are ignored.
Inside a tag's quotes ``;`` is part of the value, and ``\\"``, ``\\\\``, ``\\n``,
``\\r``, ``\\t`` and ``\\xNN`` are escapes, so that any name round-trips through
:func:`format_record`.  A UTF-8 byte-order mark is accepted; a line longer than
:data:`MAX_LINE` characters is refused at once.

>>> rec = parse_record('[Game "fluffy"]\\n; a comment\\nplay F  ; forward\\n')
>>> rec.game, rec.events
('fluffy', [RecordLine(line=3, text='play F', comment='forward')])
>>> parse_record('[Game "fluffy"]\\n[Fluffy "Ana; \\\\"Bo\\\\""] ; who\\n').tags["Fluffy"]
'Ana; "Bo"'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import BadInputError
from .files import shorten
from .setup import COMMON_TAGS  # the annotation tags every game accepts

# A tag line: the quoted value may hold `;`, and a comment may follow the bracket.
_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\](?:\s*;.*)?$')
_LINES = re.compile(r"\r\n|\n|\r")
_ESCAPED = re.compile(r"\\(x[0-9A-Fa-f]{2}|.)")
_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "r": "\r", "t": "\t"}
_TO_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')

#: The longest line a record may have, in characters; a longer one is refused at once.
MAX_LINE = 10_000


def unescape(value: str) -> str:
    """A tag value as written between the quotes -> its text; a backslash before any
    other character is kept as it is (``C:\\boards``)."""
    def one(m: re.Match) -> str:
        code = m.group(1)
        if len(code) == 3:
            return chr(int(code[1:], 16))
        return _ESCAPES.get(code, "\\" + code)

    return _ESCAPED.sub(one, value) if "\\" in value else value


def escape(value: str) -> str:
    """The inverse of :func:`unescape`: quotes, backslashes and control characters
    (newlines included) escaped.

    >>> unescape(escape('Ana "B"\\n\\x01\\\\x41')) == 'Ana "B"\\n\\x01\\\\x41'
    True
    """
    back = {v: k for k, v in _ESCAPES.items()}

    def one(m: re.Match) -> str:
        c = m.group(0)
        return "\\" + back[c] if c in back else f"\\x{ord(c):02x}"

    return _TO_ESCAPE.sub(one, value)


@dataclass(frozen=True)
class RecordLine:
    """One event line: its 1-based ``line`` number, the event ``text``, its comment."""

    line: int
    text: str
    comment: str = ""


@dataclass
class Record:
    """A parsed record: ``tags`` in file order (keys as written) and its event lines."""

    tags: dict[str, str]
    events: list[RecordLine] = field(default_factory=list)
    path: Path | None = None
    #: The 1-based line of each tag (by key as kept in ``tags``), to name it in errors.
    tag_lines: dict[str, int] = field(default_factory=dict)

    def tag_line(self, exc: Exception) -> int | None:
        """The line of the tag a set-up error is about: the one it names (``tag``), else
        the only tag whose ``[Key``, key word or value (a file name) its message
        mentions; None if unclear."""
        named = getattr(exc, "tag", None)
        if named in self.tag_lines:
            return self.tag_lines[named]
        msg = str(getattr(exc, "message", exc)).lower()
        hits = [k for k in self.tag_lines if k != "Game" and (f"[{k.lower()}" in msg or re.search(
            r"\b" + re.escape(k.lower()) + r"\b", msg) or (len(self.tags.get(k, "")) >= 4
                                                         and self.tags[k].lower() in msg))]
        return self.tag_lines[hits[0]] if len(hits) == 1 else None

    @property
    def game(self) -> str:
        """The ``[Game]`` tag, lower-cased (``fluffy``, ``fight-or-flight``)."""
        return self.tags.get("Game", "").strip().lower()

    @property
    def base(self) -> Path:
        """The folder that file-valued tags are relative to."""
        return self.path.parent if self.path else Path.cwd()

    def game_tags(self) -> dict[str, str]:
        """The tags other than :data:`COMMON_TAGS`: those the game's engine must know."""
        return {k: v for k, v in self.tags.items() if k not in COMMON_TAGS}


def _split_comment(raw: str) -> tuple[str, str]:
    text, _, comment = raw.partition(";")
    return text.strip(), comment.strip()


def parse_record(text: str, path: Path | None = None) -> Record:
    """Parse record ``text``.

    Tag names are matched case-insensitively against the common ones and kept with
    the first letter upper-cased.  Raises :class:`BadInputError` (with ``line``) for a
    malformed tag line, a tag after the first event, a repeated tag, or a missing
    ``[Game]`` tag.
    """
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    events: list[RecordLine] = []
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark
        text = text[1:]
    lines = _LINES.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE:
            raise BadInputError(f"the line is {len(raw):,} characters long; a record line may "
                                f"have at most {MAX_LINE:,}", line=number, event=shorten(raw.strip()))
        stripped = raw.strip()
        if stripped.startswith("["):
            match = _TAG.match(stripped)
            body = shorten(_split_comment(stripped)[0] or stripped)
            if not match:
                raise BadInputError('malformed tag: expected [Key "value"]', line=number, event=body)
            if events:
                raise BadInputError("a tag after the first event", line=number, event=body)
            key = match.group(1)
            key = key[:1].upper() + key[1:]
            if key in tags:
                raise BadInputError(f"tag {key} given twice", line=number, event=body)
            tags[key] = unescape(match.group(2))
            tag_lines[key] = number
            continue
        body, comment = _split_comment(raw)
        if not body:
            continue
        events.append(RecordLine(number, " ".join(body.split()), comment))
    if "Game" not in tags:
        raise BadInputError('the record has no [Game "..."] tag', line=1)
    return Record(tags, events, path, tag_lines)


def read_record(path: str | Path) -> Record:
    """Read and parse the record file at ``path`` (a regular file within the record
    size cap, see :func:`referee.files.read_text`); :class:`BadInputError` otherwise."""
    from .files import read_text

    p = Path(path)
    return parse_record(read_text(p, "record"), p)


def format_tag(key: str, value: str) -> str:
    """``[Key "value"]`` with quotes, backslashes and control characters escaped."""
    return f'[{key} "{escape(value)}"]'


def format_record(tags: dict[str, str], lines: list[tuple[str, str]]) -> str:
    """A record's text from ``tags`` and ``(event, comment)`` pairs; comments aligned."""
    out = [format_tag(k, v) for k, v in tags.items()]
    width = max((len(e) for e, _ in lines), default=0)
    width = min(width, 28)
    for event, comment in lines:
        comment = " ".join(comment.split())  # a comment runs to the end of its line
        out.append(f"{event:<{width}}   ; {comment}" if comment else event)
    return "\n".join(out) + "\n"


def parse_players(text: str | None, title: str, low: int, high: int,
                  reserved: tuple[str, ...] = ()) -> list[str]:
    """The seats of a ``[Players "Ann, Ben, Cat"]`` tag, clockwise: ``low`` to ``high``
    distinct names (compared without case), none empty, none holding ``:`` (it splits
    ``Ann: event``), ``;`` (a comment) or ``"``, none of the ``reserved`` words.
    :class:`BadInputError` naming the game (``title``) otherwise.

    >>> parse_players(" Ann ,Ben  Lee", "Zombie Fluxx", 2, 6)
    ['Ann', 'Ben Lee']
    >>> parse_players("Ann, ann", "Zombie Fluxx", 2, 6)
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: a player is named twice in 'Ann, ann'
    """
    if not text or not text.strip():
        raise BadInputError(f'{title} needs [Players "Ann, Ben, ..."] ({low} to {high} names, clockwise)')
    shown = text if len(text) <= 60 else text[:59] + "…"
    names = [" ".join(p.split()) for p in text.split(",")]
    if any(not n for n in names):
        raise BadInputError(f"empty player name in {shown!r}")
    if any(c in n for n in names for c in ':;"'):
        raise BadInputError("player names cannot hold ':', ';' or '\"'")
    if any(n.lower() in reserved for n in names):
        raise BadInputError("a player cannot be called " + ", ".join(repr(r) for r in reserved))
    if len({n.lower() for n in names}) != len(names):
        raise BadInputError(f"a player is named twice in {shown!r}")
    if not low <= len(names) <= high:
        raise BadInputError(f"{title} is for {low} to {high} players, not {len(names)}")
    return names
