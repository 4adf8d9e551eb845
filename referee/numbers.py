"""Whole numbers in user input: tag values, options, square names, deck counts.

Only ASCII digits count (``²`` and ``٣`` are digits to :meth:`str.isdigit` but not
numbers a record may hold), at most :data:`MAX_DIGITS` of them (Python refuses to
convert very long numbers, and no count in a game needs more), within a range.  Every
failure is a :class:`~referee.errors.BadInputError` whose message quotes the input cut
short.

>>> parse_int("12", "hand size", 1, 20)
12
>>> is_number("1²"), is_number("007"), is_number("")
(False, True, False)
>>> die_roll(" 4 ", "no roll: {!r}"), die_roll("06", "no roll: {!r}")
(4, 6)
"""

from __future__ import annotations

import re

from referee.errors import BadInputError

#: The most digits a number may have (2**63-1, SQLite's largest integer, has 19).
MAX_DIGITS = 19
_LONG = re.compile(r"[0-9]{%d,}" % (MAX_DIGITS + 1))


def check_digits(text: str, what: str = "the input") -> str:
    """``text`` when no run of ASCII digits in it is longer than :data:`MAX_DIGITS`;
    else :class:`BadInputError`.  The shared guard in front of every engine: events
    (``move``, ``play``, ``replay``) and set-up tags pass it before any engine parses
    them, so no number reaches ``int()`` with more digits than any count needs
    (Python refuses more than 4,300).

    >>> check_digits("Ann: road 3")
    'Ann: road 3'
    >>> check_digits("draw " + "9" * 20, "the event")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: the event holds a number of more than 19 digits (the most any count may have)
    """
    if _LONG.search(text):
        raise BadInputError(f"{what} holds a number of more than {MAX_DIGITS} digits (the most any count may have)")
    return text


def is_number(text: str) -> bool:
    """True when ``text`` is 1 to :data:`MAX_DIGITS` ASCII digits."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def parse_int(text: str, what: str = "number", low: int | None = None,
              high: int | None = None) -> int:
    """``text`` (surrounding spaces allowed) as a whole number from ``low`` to ``high``;
    :class:`BadInputError` naming ``what`` otherwise."""
    t = str(text).strip()
    shown = t if len(t) <= 30 else t[:29] + "…"
    span = (f" from {low} to {high}" if low is not None and high is not None
            else f" of at least {low}" if low is not None else "")
    if not is_number(t):
        raise BadInputError(f"{what} must be a whole number{span} (ASCII digits), not {shown!r}")
    n = int(t)
    if (low is not None and n < low) or (high is not None and n > high):
        raise BadInputError(f"{what} must be a whole number{span}, not {shown}")
    return n


def to_int(text: str, what: str = "number") -> int:
    """Like ``int(text)`` for ASCII digits already matched by a pattern, with the
    digit cap: a drop-in for engines' ``int(m.group(1))``."""
    return parse_int(text, what)


def die_roll(text: str, message: str, width: int = 20) -> int:
    """One six-sided die's roll typed by a player: ``text`` (spaces around allowed) in
    ASCII digits, 1 to 6 -> that number (Zombie Attack's and Zombies!!!'s rolls).

    Otherwise :class:`BadInputError` with the game's own ``message``, whose ``{!r}`` is
    filled with the stripped input cut to ``width`` characters.

    >>> die_roll("7", "`roll` takes a die roll 1..6, not {!r}")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: `roll` takes a die roll 1..6, not '7'
    """
    t = text.strip()
    if is_number(t) and 1 <= int(t) <= 6:
        return int(t)
    raise BadInputError(message.format(t[:width]))
