"""Replaying records through an engine (library side of ``referee replay``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import RefereeError
from .numbers import check_digits
from .games import Applied, Engine, canonical_name, spec, specs
from .records import Record, parse_record, read_record


@dataclass
class Replay:
    """The result of replaying a record: the ``game`` as far as it got, the events
    applied (``applied``, one :class:`Applied` per event line) and the first ``error``
    (with its ``line`` and ``event``), if any."""

    game: Engine
    applied: list[Applied] = field(default_factory=list)
    error: RefereeError | None = None


def setup(record: Record) -> Engine:
    """The game a record's header sets up; :class:`BadInputError` for a bad header."""
    from .session import setup_game

    return setup_game(canonical_name(record.game), record.game_tags(), record.base)


def replay_record(record: Record) -> Replay:
    """Replay every event of ``record``, stopping at the first error.

    Set-up errors (bad header, board) raise :class:`RefereeError` with ``line`` 1;
    event errors are returned in :attr:`Replay.error` with the record line.
    """
    try:
        game = setup(record)
    except RefereeError as exc:  # at the line of the tag it is about, when that is clear
        raise exc.at(line=exc.line or record.tag_line(exc) or 1)
    result = Replay(game)
    for line in record.events:
        try:
            result.applied.append(game.apply(check_digits(line.text, "the event")))
        except RefereeError as exc:
            result.error = exc.at(line=line.line, event=line.text)
            break
    return result


def sample_names() -> dict[str, str]:
    """``referee replay`` names of the built-in samples: ``sample`` (the first game's)
    and ``sample-<game>`` for each game that has one."""
    out: dict[str, str] = {}
    for s in specs():
        if s.sample:
            out.setdefault("sample", s.name)
            out[f"sample-{s.name}"] = s.name
    return out


def sample_record(name: str) -> Record | None:
    """The built-in sample record called ``name``, or None if there is none."""
    game = sample_names().get(name.strip().lower())
    text = spec(game).sample_text() if game else None
    return parse_record(text) if text is not None else None


def _exists(path: str | Path) -> bool:
    try:
        return Path(path).exists()
    except (OSError, ValueError):  # a name too long for a file, a NUL: not a file
        return False


def replay_file(path: str | Path) -> Replay:
    """Read the record at ``path`` and replay it (see :func:`replay_record`).  A sample
    name (:func:`sample_names`) that is not a file replays the built-in sample game."""
    if not _exists(path):
        sample = sample_record(str(path))
        if sample is not None:
            return replay_record(sample)
    return replay_record(read_record(path))
