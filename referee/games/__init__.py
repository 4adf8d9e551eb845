"""The registry: every game the referee knows, one :class:`~.base.GameSpec` each.

Adding a game is its folder ``referee/games/<package>/`` (whose ``__init__.py``
defines ``SPEC``) and one line in :data:`REGISTRY`.  Nothing else names a game.

>>> canonical_name("ZWF"), spec("fof").title
('fluffy', 'Zombie Fight or Flight')
>>> [s.name for s in specs()]
['fluffy', 'fight-or-flight', 'zombie-attack', 'zombies', 'fluxx']
"""

from __future__ import annotations

import importlib
from functools import cache

from referee.errors import BadInputError

from .base import Applied, Blocked, Engine, EngineBase, GameSpec, Option, Problem, refuse

#: The game packages, in display order: one line a game.
REGISTRY: tuple[str, ...] = (
    "referee.games.fluffy",
    "referee.games.fight_or_flight",
    "referee.games.zombie_attack",
    "referee.games.zombies",
    "referee.games.fluxx",
)

__all__ = ["Applied", "Blocked", "Engine", "EngineBase", "GameSpec", "Option", "Problem",
           "REGISTRY", "canonical_name", "refuse", "refereed", "spec", "specs"]


@cache
def specs() -> tuple[GameSpec, ...]:
    """Every registered game's spec, in :data:`REGISTRY` order."""
    return tuple(importlib.import_module(pkg).SPEC for pkg in REGISTRY)


def refereed() -> tuple[GameSpec, ...]:
    """The games the referee can track (those with an engine)."""
    return tuple(s for s in specs() if s.refereed)


@cache
def _names() -> dict[str, str]:
    out: dict[str, str] = {}
    for s in specs():
        for key in (s.name, s.title, s.rules_game, *s.aliases, s.extension.lstrip(".")):
            out.setdefault(" ".join(key.lower().split()), s.name)
    return out


def canonical_name(name: str, *, refereed_only: bool = True) -> str:
    """The canonical name of a game (aliases, titles and record extensions accepted).

    :class:`BadInputError` for an unknown game, or (``refereed_only``) for a game with
    rules lookup only.
    """
    key = _names().get(" ".join(str(name).strip().lower().split()))
    if key is None:
        known = ", ".join(s.name for s in (refereed() if refereed_only else specs()))
        raise BadInputError(f"unknown game {str(name)[:40]!r} (known: {known})")
    if refereed_only and not spec(key).refereed:
        raise BadInputError(f"{spec(key).title} has rules lookup only: no referee yet")
    return key


def spec(name: str) -> GameSpec:
    """The spec of the named game (any alias), referee or not."""
    key = _names().get(" ".join(str(name).strip().lower().split()))
    if key is None:
        raise BadInputError(f"unknown game {str(name)[:40]!r} (known: "
                            f"{', '.join(s.name for s in specs())})")
    return next(s for s in specs() if s.name == key)
