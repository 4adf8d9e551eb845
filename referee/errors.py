"""Typed errors shared by every engine, the store and the CLI.

The CLI maps them to exit codes: :class:`IllegalEventError` (and its subclass
:class:`ChoiceNeeded`) exit 1, :class:`BadInputError` exits 2.  Every error carries
a one-line ``message`` and, where a rule decides it, the stable ``rule`` id of the
entry in the rules database (``referee rules show RULE``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Characters that act on a terminal instead of showing: C0 and C1 controls, DEL, the
#: line and paragraph separators, and the bidirectional overrides.
_CONTROL = re.compile("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]")


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``,
    ``\\n``, ``\\u202e``), so that a value echoed from a file or a record can neither
    break a one-line message nor drive the terminal (set its title, clear the screen).
    The one escape function for everything echoed: :class:`RefereeError` applies it to
    its whole line.

    >>> printable("Toy\\x1b[2J\\nStore")
    'Toy\\\\x1b[2J\\\\nStore'
    >>> printable("Zombie Fluxx: fine, é ☃")
    'Zombie Fluxx: fine, é ☃'
    """
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


class RefereeError(Exception):
    """Base class: a one-line ``message`` and an optional rule id (``fluffy.bounce``)."""

    exit_code = 2
    #: The record tag a set-up error is about (``Cards``), when known: a record's error
    #: then names that tag's line.
    tag: str | None = None

    def __init__(self, message: str, rule: str | None = None, *, event: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.event = event
        self.line = line

    def at(self, line: int | None = None, event: str | None = None) -> "RefereeError":
        """Return this error with the record ``line`` (1-based) and ``event`` text filled in."""
        if line is not None:
            self.line = line
        if event is not None and self.event is None:
            self.event = event
        return self

    def to_json(self) -> dict:
        """The ``{"line", "event", "message", "rule"}`` object of the replay contract."""
        return {"line": self.line, "event": self.event, "message": self.message, "rule": self.rule}

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        what = f"{self.event!r}: " if self.event else ""
        rule = f" [{self.rule}]" if self.rule else ""
        return printable(f"{where}{what}{self.message}{rule}")


class BadInputError(RefereeError):
    """Malformed input: an unknown verb or tag, a bad card code, an invalid board file.

    Exit code 2.  ``rule`` is usually ``None``; a board error names its own line and
    column in the message.
    """

    exit_code = 2


class DefinitionNeeded(BadInputError):
    """Bad input that a definition logged before the event would fix: the event names
    ``name`` (a Zombie Fluxx card the catalogue lacks), which no earlier line defines.

    Exit code 2 in a record or a script.  At a terminal the CLI asks the game's
    ``define`` hook (:class:`referee.games.base.GameSpec`) for the lines that define
    it, logs them, then enters the event again.
    """

    exit_code = 2

    def __init__(self, message: str, name: str, *, near: str | None = None,
                 event: str | None = None) -> None:
        super().__init__(message, event=event)
        self.name = name
        self.near = near   # a known name the typed one is close to (a typo?), or None


class IllegalEventError(RefereeError):
    """A well-formed event that the rules forbid in the current position.

    Exit code 1.  ``rule`` always names the rule entry broken, e.g. ``fluffy.snag``.
    """

    exit_code = 1

    def __init__(self, message: str, rule: str, *, event: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message, rule, event=event, line=line)


class InternalError(RefereeError):
    """The referee contradicted itself (a bug, not the user's input): e.g. an engine
    accepted an event whose canonical text it then cannot replay.  Exit code 3; the
    message says what was caught and that nothing was stored."""

    exit_code = 3


@dataclass(frozen=True)
class Option:
    """One way to complete an event: the full event ``text`` and what it would do."""

    text: str
    description: str = ""


class ChoiceNeeded(IllegalEventError):
    """The event leaves open a choice the rules give to a player.

    ``question`` says what must be chosen; ``options`` are the completed events
    (:class:`Option`), each of which may itself leave a further choice open.  At a
    terminal the CLI asks; in a record or a script it is an illegal event.
    """

    def __init__(self, message: str, rule: str, question: str, options: list[Option], *,
                 event: str | None = None) -> None:
        super().__init__(message, rule, event=event)
        self.question = question
        self.options = options

    def to_json(self) -> dict:
        out = super().to_json()
        out["options"] = [o.text for o in self.options]
        return out
