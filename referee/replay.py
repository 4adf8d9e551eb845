"""Replaying records and event lists through an engine (library side of ``referee replay``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import RefereeError
from .games import Applied, canonical_name, new_game
from .records import Record, read_record


@dataclass
class Replay:
    """The result of replaying a record: the ``game`` as far as it got, the events
    applied (``applied``, one :class:`Applied` per event line) and the first ``error``
    (with its ``line`` and ``event``), if any."""

    game: object
    applied: list[Applied] = field(default_factory=list)
    error: RefereeError | None = None


def setup(record: Record):
    """The game a record's header sets up; :class:`BadInputError` for a bad header."""
    name = canonical_name(record.game)
    return new_game(name, record.game_tags(), record.base)


def replay_record(record: Record) -> Replay:
    """Replay every event of ``record``, stopping at the first error.

    Set-up errors (bad header, board) raise :class:`RefereeError` with ``line`` 1;
    event errors are returned in :attr:`Replay.error` with the record line.
    """
    try:
        game = setup(record)
    except RefereeError as exc:
        raise exc.at(line=exc.line or 1)
    result = Replay(game)
    for line in record.events:
        try:
            result.applied.append(game.apply(line.text))
        except RefereeError as exc:
            result.error = exc.at(line=line.line, event=line.text)
            break
    return result


def replay_file(path: str | Path) -> Replay:
    """Read the record at ``path`` and replay it (see :func:`replay_record`)."""
    return replay_record(read_record(path))
