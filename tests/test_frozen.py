"""referee.frozen.Frozen behaves as @dataclass(frozen=True, slots=True) of the same fields
(issue 26: the Fluxx events are Frozen classes, which cost nothing to define)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from referee.frozen import Frozen
from referee.games.fluxx import notation

EVENTS = [notation.CardLine, notation.Creeper, notation.Draw, notation.Effect, notation.Play, notation.Kill,
          notation.Trio, notation.Move, notation.Discard, notation.Drop, notation.End]
#: Values for each field name: two that differ, and one a list (unhashable)
VALUES = {"p": (0, 2), "name": ("Coffee", None), "cards": (("Coffee", None), ()), "word": ("take", "give"),
          "q": (1, None), "effects": ((), ("x",)), "extra": (False, True), "rest": ((), (("w", False),)),
          "target": ("Zombie", "Zombie Baby"), "source": (None, "Shotgun"), "side": ("left", None),
          "to": (None, 3), "card": ("a card", "another")}


def twin(cls: type) -> type:
    """The dataclass a Frozen class stands for: same name, fields and defaults."""
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = [(p.name, object) if p.default is p.empty else (p.name, object, dataclasses.field(default=p.default))
              for p in params]
    made = dataclasses.make_dataclass(cls.__name__, fields, frozen=True, slots=True)
    made.__qualname__ = cls.__qualname__
    return made


def test_every_fluxx_event_is_frozen_and_its_fields_are_its_init_parameters():
    for cls in EVENTS:
        assert issubclass(cls, Frozen)
        assert list(inspect.signature(cls.__init__).parameters)[1:] == list(cls.__slots__) == list(cls.__match_args__)


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_a_fluxx_event_compares_hashes_prints_copies_and_refuses_changes_as_its_dataclass(cls):
    dc = twin(cls)
    names = cls.__slots__
    first = {n: VALUES[n][0] for n in names}
    for changed in [None, *names]:
        other = dict(first) if changed is None else {**first, changed: VALUES[changed][1]}
        a, b, da, db = cls(**first), cls(**other), dc(**first), dc(**other)
        assert (a == b, a != b, hash(a) == hash(b)) == (da == db, da != db, hash(da) == hash(db))
        assert hash(a) == hash(da) and repr(a) == repr(da) and repr(b) == repr(db)
        for c in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
            assert type(c) is cls and c == a and c is not a
    a = cls(*(VALUES[n][0] for n in names))  # positional, as the parser builds them
    assert a == cls(**first) and a != dc(**first) and a != tuple(first.values())
    for name in names:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, name, VALUES[name][1])
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(a, name)
    with pytest.raises(AttributeError):
        object.__setattr__(a, "other", 1)  # slots: no other attribute


def test_defaults_are_the_dataclass_defaults():
    assert notation.Effect("take") == notation.Effect("take", None, None, ())
    assert notation.Play(0, "Coffee") == notation.Play(0, "Coffee", (), False, ())
    with pytest.raises(TypeError):
        notation.Kill(0, "Zombie")  # no default for source
