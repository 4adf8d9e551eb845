"""The games the referee knows, and the shape every engine has.

An engine is a module ``referee.engines.<name>`` exposing a class ``Game`` that
follows :class:`Engine`.  Engines are pure: no I/O beyond reading a file a record's
tag names, no typer, no rich.  The CLI, the store and ``replay`` only use this
protocol, so a new game plugs in by adding its module here.

Events are strings in the game's record notation.  ``apply`` is atomic: it either
applies the whole event or raises and leaves the game unchanged.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .errors import BadInputError

#: Game name (the ``[Game]`` tag) -> engine module.
ENGINES: dict[str, str] = {
    "fluffy": "referee.engines.fluffy",
    "fight-or-flight": "referee.engines.fight_or_flight",
}

#: Other names players type for a game.
ALIASES: dict[str, str] = {
    "zwf": "fluffy",
    "zombies-want-fluffy": "fluffy",
    "fof": "fight-or-flight",
    "zombie-fight-or-flight": "fight-or-flight",
}

#: Renderer module per game: ``render(game) -> rich renderable`` and ``summary(game) -> str``.
RENDERERS: dict[str, str] = {
    "fluffy": "referee.render.fluffy",
    "fight-or-flight": "referee.render.fight_or_flight",
}


@dataclass(frozen=True)
class Applied:
    """What :meth:`Engine.apply` did: the canonical event ``text`` (with every choice
    made written out, so that replaying it needs no prompt) and ``notes``, the
    automatic results in words (spawns, bounces, captures, the end of the game)."""

    text: str
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class LegalEvent:
    """An event legal now, as complete notation, with what it would do."""

    text: str
    description: str = ""


class Engine(Protocol):
    """The protocol of ``referee.engines.<name>.Game``."""

    name: str          #: the ``[Game]`` tag value
    extension: str     #: record file extension, e.g. ``.zwf``

    @classmethod
    def from_tags(cls, tags: dict[str, str], base: Path | None = None) -> "Engine":
        """Set up from a record's game tags; :class:`BadInputError` on a bad or unknown tag."""

    def tags(self) -> dict[str, str]:
        """The header tags (besides ``Game``) that set this game up again."""

    def apply(self, text: str) -> Applied:
        """Check and apply one event; raise ``BadInputError`` (malformed) or
        ``IllegalEventError`` / ``ChoiceNeeded`` (forbidden or incomplete)."""

    def legal_events(self) -> list[LegalEvent]:
        """Every event legal now, as complete notation."""

    def to_json(self) -> dict[str, Any]:
        """The JSON state of ``referee replay --json``."""

    @property
    def over(self) -> bool:
        """True once the game has ended."""


def canonical_name(name: str) -> str:
    """The game's canonical name; :class:`BadInputError` for an unknown game."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in ENGINES:
        known = ", ".join(sorted(ENGINES))
        raise BadInputError(f"unknown game {name!r} (known: {known})")
    return key


def engine_class(name: str) -> type:
    """The ``Game`` class of the named game (imported on first use)."""
    return importlib.import_module(ENGINES[canonical_name(name)]).Game


def renderer(name: str):
    """The rendering module of the named game."""
    return importlib.import_module(RENDERERS[canonical_name(name)])


def new_game(name: str, tags: dict[str, str], base: Path | None = None):
    """A fresh game of ``name`` set up from ``tags`` (the record header less ``Game``)."""
    return engine_class(name).from_tags(tags, base)
