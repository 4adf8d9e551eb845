"""Game records: the plain-text log of one game (``docs/records.md``).

A record is a header of ``[Key "value"]`` tags, one a line, then one event a line.
``;`` starts a comment running to the end of the line; blank lines are ignored.

>>> rec = parse_record('[Game "fluffy"]\\n; a comment\\nplay F  ; forward\\n')
>>> rec.game, rec.events
('fluffy', [RecordLine(line=3, text='play F', comment='forward')])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import BadInputError

_TAG = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')

#: Tags every game accepts besides its own (they annotate, they do not change play).
COMMON_TAGS = ("Game", "Event", "Site", "Date", "Round", "Annotator", "Note")


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
    events: list[RecordLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body, comment = _split_comment(raw)
        if not body:
            continue
        if body.startswith("["):
            match = _TAG.match(body)
            if not match:
                raise BadInputError('malformed tag: expected [Key "value"]', line=number, event=body)
            if events:
                raise BadInputError("a tag after the first event", line=number, event=body)
            key = match.group(1)
            key = key[:1].upper() + key[1:]
            if key in tags:
                raise BadInputError(f"tag {key} given twice", line=number, event=body)
            tags[key] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
            continue
        events.append(RecordLine(number, " ".join(body.split()), comment))
    if "Game" not in tags:
        raise BadInputError('the record has no [Game "..."] tag', line=1)
    return Record(tags, events, path)


def read_record(path: str | Path) -> Record:
    """Read and parse the record file at ``path``; unreadable files raise :class:`BadInputError`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInputError(f"cannot read record {p}: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_record(text, p)


def format_tag(key: str, value: str) -> str:
    """``[Key "value"]`` with quotes and backslashes escaped."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{key} "{escaped}"]'


def format_record(tags: dict[str, str], lines: list[tuple[str, str]]) -> str:
    """A record's text from ``tags`` and ``(event, comment)`` pairs; comments aligned."""
    out = [format_tag(k, v) for k, v in tags.items()]
    width = max((len(e) for e, _ in lines), default=0)
    width = min(width, 28)
    for event, comment in lines:
        out.append(f"{event:<{width}}   ; {comment}" if comment else event)
    return "\n".join(out) + "\n"
