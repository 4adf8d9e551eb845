"""Read-only containers of a Zombie Fluxx position (:mod:`.state`).

A settled position holds only these: a :class:`FrozenList`, :class:`FrozenDict`,
:class:`FrozenCounter` or :class:`FrozenHand` reads as the plain list, dict, Counter or
:class:`~referee.cards.Hand` it stands for (and compares equal to one), but refuses
every change in place with :class:`TypeError`, so that nothing worked out from a
position can go stale (:attr:`FrozenHand.size`, counted once; the values
:mod:`.state` remembers in a position).  A step writes to *draft* copies of the lists,
dicts and Counters (:class:`DraftList`, ...; same layout), which
:meth:`.state.State.settle` turns into the frozen classes by reassigning ``__class__``
(no copy); hands and the Counters in front of the seats are replaced whole by new
frozen ones.  ``.copy()`` of a frozen container gives a plain, changeable one.
"""

from __future__ import annotations

from collections import Counter

from referee.cards import Hand

MESSAGE = ("a Zombie Fluxx position is never changed in place: build a new one "
           "(Game.edit or State.edited)")


def _refuse(self, *args, **kwargs):
    raise TypeError(MESSAGE)


_LIST_WRITES = ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert",
                "pop", "remove", "clear", "sort", "reverse")
_DICT_WRITES = ("__setitem__", "__delitem__", "__ior__", "pop", "popitem", "clear", "update",
                "setdefault")
_COUNTER_WRITES = _DICT_WRITES + ("subtract", "__iadd__", "__isub__", "__iand__")


class DraftList(list):
    """A list a step may still change (becomes a :class:`FrozenList` when settled)."""
    __slots__ = ()


class FrozenList(list):
    """A list that refuses changes (see the module docstring)."""
    __slots__ = ()

    def copy(self) -> list:
        return list(self)

    def __reduce__(self):
        return frozen_list, (list(self),)


class DraftDict(dict):
    """A dict a step may still change (becomes a :class:`FrozenDict` when settled)."""
    __slots__ = ()


class FrozenDict(dict):
    """A dict that refuses changes (see the module docstring)."""
    __slots__ = ()

    def copy(self) -> dict:
        return dict(self)

    def __reduce__(self):
        return frozen_dict, (dict(self),)


class DraftCounter(Counter):
    """A Counter a step may still change (becomes a :class:`FrozenCounter` when settled)."""
    __slots__ = ()


class FrozenCounter(Counter):
    """A Counter that refuses changes (see the module docstring)."""
    __slots__ = ()

    def copy(self) -> Counter:
        new = dict.__new__(Counter)
        dict.update(new, self)
        return new

    def __reduce__(self):
        return frozen_counter, (dict(self),)


for _cls, _names in ((FrozenList, _LIST_WRITES), (FrozenDict, _DICT_WRITES), (FrozenCounter, _COUNTER_WRITES)):
    for _n in _names:
        setattr(_cls, _n, _refuse)
del _cls, _names, _n


class FrozenHand(Hand):
    """A hand that refuses changes: ``known`` is a :class:`FrozenCounter`, and setting
    an attribute raises :class:`TypeError`.  ``size`` is counted once, when settled."""

    #: cards held, known and unknown: counted once, when the hand is frozen, and kept in
    #: the instance (this plain class attribute lets it shadow Hand's property)
    size = 0

    def __setattr__(self, name, value):
        raise TypeError(MESSAGE)

    __delattr__ = __setattr__
    __hash__ = None

    def __eq__(self, other):
        return isinstance(other, Hand) and self.unknown == other.unknown and self.known == other.known

    def copy(self) -> Hand:
        return Hand(self.known.copy(), self.unknown)

    def __reduce__(self):
        return frozen_hand, (dict(self.known), self.unknown)




def frozen_list(items=()) -> FrozenList:
    """``items`` as a :class:`FrozenList`."""
    return FrozenList(items)


def frozen_dict(d=()) -> FrozenDict:
    """``d`` as a :class:`FrozenDict`."""
    return FrozenDict(d)


def frozen_counter(d=()) -> FrozenCounter:
    """``d`` (a mapping name -> count) as a :class:`FrozenCounter`."""
    new = dict.__new__(FrozenCounter)
    dict.update(new, d)
    return new


def frozen_hand(known=(), unknown: int = 0) -> FrozenHand:
    """A :class:`FrozenHand` holding ``known`` (name -> count) and ``unknown`` cards."""
    h = object.__new__(FrozenHand)
    k = frozen_counter(known)
    h.__dict__.update(known=k, unknown=unknown, size=unknown + sum(k.values()))
    return h


def freeze_hand(h: Hand) -> FrozenHand:
    """``h`` as a :class:`FrozenHand` (a copy unless it is one already)."""
    return h if type(h) is FrozenHand else frozen_hand(h.known, h.unknown)
