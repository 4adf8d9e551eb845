"""Seats at the table, and the ``Player: ...`` prefix of the games whose events name
the player who makes them (Fight or Flight, Zombie Attack, Zombies!!!, Fluxx).

A seat is a player's place in the ``[Players]`` order, counted from 0.  A name in an
event matches its player whatever the case and the spacing.

>>> players = ["Ann", "Ben Low"]
>>> index = seat_index(players)
>>> seat_of(index, players, "  ben   LOW ")
1
>>> seat_of(index, players, "Cat")
Traceback (most recent call last):
...
referee.errors.BadInputError: unknown player 'Cat' (players: Ann, Ben Low)
>>> split_player("Ann: roll 3", "expected 'Player: event'")
('Ann', ' roll 3')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import BadInputError


def player_key(name: str) -> str:
    """The key a player's name is looked up by: spaces tidied, lower case.

    >>> player_key("  Ben   LOW ")
    'ben low'
    """
    return " ".join(name.split()).lower()


def seat_index(players: Sequence[str]) -> dict[str, int]:
    """``{lower-cased name: seat}`` for the players in seat order (their names are
    already tidied by :func:`referee.records.parse_players`)."""
    return {p.lower(): i for i, p in enumerate(players)}


def seat_of(index: dict[str, int], players: Iterable[str], name: str, width: int | None = None) -> int:
    """The seat of player ``name`` in ``index`` (from :func:`seat_index`).

    :class:`BadInputError` ``unknown player 'NAME' (players: A, B)`` when no player has
    that name; the name is shown stripped, and cut to ``width`` characters if given
    (each game keeps its own width, so its messages stay word for word)."""
    seat = index.get(player_key(name))
    if seat is None:
        shown = name.strip() if width is None else name.strip()[:width]
        raise BadInputError(f"unknown player {shown!r} (players: {', '.join(players)})")
    return seat


def split_player(text: str, expected: str, *, blank_event_ok: bool = False) -> tuple[str, str]:
    """``"Ann: play Heal"`` -> ``("Ann", " play Heal")``: the player's name and the rest,
    neither stripped.

    :class:`BadInputError` with the game's own ``expected`` message when there is no
    ``:``, or nothing after it (or, with ``blank_event_ok``, nothing before it instead:
    the game then refuses the blank event itself).

    >>> split_player("Ann:", "say who and what")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: say who and what
    >>> split_player("Ann:", "say who", blank_event_ok=True)
    ('Ann', '')
    """
    who, sep, what = text.partition(":")
    if not sep or not (who.strip() if blank_event_ok else what.strip()):
        raise BadInputError(expected)
    return who, what
