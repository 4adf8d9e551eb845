"""Small immutable value classes that cost nothing to define (start-up, issue 26).

``@dataclass(frozen=True, slots=True)`` writes and compiles six methods for each class
when its module is imported: about 3.5 million instructions a class, 0.5 ms, and the
eleven event classes of Zombie Fluxx's notation were a tenth of the start-up of every
Fluxx command.  A :class:`Frozen` subclass names its fields in ``__slots__`` (in
order) and sets them in its own ``__init__`` with :data:`setter`; it then compares,
hashes, prints, copies and refuses assignment as that dataclass would::

    >>> class Move(Frozen):
    ...     __slots__ = ("p", "to")
    ...     def __init__(self, p: int, to: int | None = None) -> None:
    ...         setter(self, "p", p)
    ...         setter(self, "to", to)
    >>> Move(0, 2), Move(0, 2) == Move(p=0, to=2), Move(0) != Move(0, 1), hash(Move(0)) == hash((0, None))
    (Move(p=0, to=2), True, True, True)
    >>> Move(0).to = 1
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'to'
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

#: Sets a field in ``__init__`` (``object.__setattr__``, as a frozen dataclass does).
setter = object.__setattr__


class Frozen:
    """An immutable value: equal to an instance of the same class whose fields are
    equal (as a tuple of the fields: a field equal to itself by identity counts), hashed
    as that tuple, printed ``Name(field=value, ...)``, copied and pickled by calling the
    class with its fields; assigning or deleting a field raises
    :class:`dataclasses.FrozenInstanceError`.  ``__match_args__`` are the fields."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.__match_args__ = tuple(cls.__slots__)

    def _fields(self) -> tuple:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({fields})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple:
        return (self.__class__, self._fields())
