"""Replaying records and event lists through an engine (library side of ``referee replay``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import RefereeError
from .games import Applied, canonical_name, new_game
from .records import Record, parse_record, read_record


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


#: Built-in sample records: ``referee replay sample`` (or ``sample-<game>``).
SAMPLES = {"sample": "fluffy.zwf", "sample-fluffy": "fluffy.zwf", "sample-fight-or-flight": "fight-or-flight.fof"}


def sample_record(name: str) -> Record | None:
    """The built-in sample record called ``name``, or None if there is none."""
    from importlib import resources

    file = SAMPLES.get(name.strip().lower())
    if file is None:
        return None
    res = resources.files("referee.data").joinpath("samples", file)
    if not res.is_file():
        return None
    return parse_record(res.read_text(encoding="utf-8"))


def replay_file(path: str | Path) -> Replay:
    """Read the record at ``path`` and replay it (see :func:`replay_record`).  A name in
    :data:`SAMPLES` that is not a file replays the built-in sample game."""
    if not Path(path).exists():
        sample = sample_record(str(path))
        if sample is not None:
            return replay_record(sample)
    return replay_record(read_record(path))
