"""The shape every game has: the engine protocol, its optional capabilities, and the
:class:`GameSpec` that registers a game with every shared layer.

A game is one folder ``referee/games/<package>/`` whose ``__init__.py`` defines
``SPEC = GameSpec(...)``, and one line in :data:`referee.games.REGISTRY`.  The CLI,
the store, ``replay``, the session and ``rulesdb`` read the registry and name no game.

Engines are pure: no I/O, no typer, no rich.  Events are strings in the game's record
notation.  ``apply`` is atomic: it applies the whole event or raises and leaves the
game unchanged.  A file a record's tag names (``[Board "yard.toml"]``) is read by the
shared layer and handed to the engine as the tag ``<Tag>Text`` beside the tag itself,
so engines never open files.

Checks follow one pattern in every engine: a check function returns ``None`` when the
event passes, or a :data:`Problem` ``(reason, rule_id)``; :func:`refuse` turns a
problem into an :class:`~referee.errors.IllegalEventError`, and the same functions
explain why other events are blocked (:meth:`EngineBase.blocked_events`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, NamedTuple, Protocol, runtime_checkable

from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError, Option
from referee.setup import TagSpec


def rule_ids(namespace: dict[str, Any]) -> frozenset[str]:
    """Every rule id an engine module names as an ``R_*`` string constant: its
    ``RULE_IDS``, written ``RULE_IDS = rule_ids(globals())`` after the constants, so the
    set cannot drift from the names the checks raise.

    >>> sorted(rule_ids({"R_A": "g.a", "R_B": "g.ruling.b", "OTHER": "x", "R_N": 3}))
    ['g.a', 'g.ruling.b']
    """
    return frozenset(v for k, v in namespace.items() if k.startswith("R_") and isinstance(v, str))

__all__ = ["Applied", "Blocked", "ChoiceNeeded", "EngineBase", "Engine", "GameSpec", "Kernel",
           "Option", "Problem", "Step", "refuse"]

#: What a check function returns when an event breaks a rule: ``(reason, rule_id)``.
Problem = tuple[str, str]


def refuse(problem: Problem | None) -> None:
    """Raise :class:`IllegalEventError` for ``problem``; do nothing for ``None``.

    >>> refuse(None)
    >>> refuse(("the game is over", "fluffy.game-over"))
    Traceback (most recent call last):
    ...
    referee.errors.IllegalEventError: the game is over [fluffy.game-over]
    """
    if problem is not None:
        raise IllegalEventError(problem[0], problem[1])


@dataclass(frozen=True)
class Applied:
    """What :meth:`Engine.apply` did: the canonical event ``text`` (every choice
    written out, so replaying it needs no prompt) and ``notes``, the automatic results
    in words (spawns, bounces, captures, the end of the game)."""

    text: str
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Blocked:
    """An event that is not legal now: the ``event`` as a player would type it, the
    ``reason`` in words and the ``rule`` id that forbids it."""

    event: str
    reason: str
    rule: str


@runtime_checkable
class Engine(Protocol):
    """The protocol of every game's ``Game`` class (see :class:`EngineBase`)."""

    name: ClassVar[str]

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Engine":
        """Set up from a record's game tags; :class:`~referee.errors.BadInputError`
        for a bad or unknown tag.  A file-valued tag ``X`` comes with ``XText``."""

    def tags(self) -> dict[str, str]:
        """The header tags (besides ``Game``) that set this game up again."""

    def apply(self, text: str) -> Applied:
        """Check and apply one event; raise ``BadInputError`` (malformed) or
        ``IllegalEventError`` / ``ChoiceNeeded`` (forbidden or incomplete)."""

    def legal_events(self) -> list[Option]:
        """Every event legal now, as complete notation with what it would do."""

    def to_json(self) -> dict[str, Any]:
        """The JSON state of ``referee replay --json``."""

    @property
    def over(self) -> bool:
        """True once the game has ended."""

    def blocked_events(self) -> list[Blocked]:
        """Events a player might try that are not legal now, and why."""

    def choice_before(self, text: str) -> ChoiceNeeded | None:
        """A choice to ask before applying ``text`` (e.g. the order of a shamble when
        it changes the outcome), or None."""

    def due(self) -> list[Option]:
        """Reminders: events due now that name cards only the table knows."""

    def choice_after(self) -> ChoiceNeeded | None:
        """A choice the last event left for the next line (e.g. the exit a player hit by
        a Weapon names), to offer at once in ``referee play``, or None."""

    def legal_lines(self) -> list[str] | None:
        """The legal events grouped as plain lines for ``referee legal`` when a table of
        them would be too long to read, or None for the table."""

    def fill_dice(self, text: str, roll: Callable[[], int]) -> str:
        """``text`` with each die roll it leaves out rolled by ``roll()`` (1..6)."""


class EngineBase:
    """Default implementations of the optional capabilities of :class:`Engine`.

    Subclasses set ``name`` and implement the required methods; they override a
    capability only when the game offers it.
    """

    name: ClassVar[str] = ""

    def blocked_events(self) -> list[Blocked]:
        """None by default: the game does not explain blocked events."""
        return []

    def due(self) -> list[Option]:
        """Events the rules call for now whose cards only the table knows, so they
        cannot be listed among :meth:`legal_events`: each an :class:`Option` whose
        ``text`` is the event to type with its placeholders (``deal C C C C C``,
        ``Ben: show CARD``) and whose ``description`` says what is due and why.
        ``referee legal`` and ``referee play`` show them as reminders, and Tab offers
        their first words.  None by default."""
        return []

    def choice_before(self, text: str) -> ChoiceNeeded | None:
        """None by default: no choice to ask before applying ``text``."""
        return None

    def choice_after(self) -> ChoiceNeeded | None:
        """None by default: no event leaves a choice for the next line."""
        return None

    def legal_lines(self) -> list[str] | None:
        """None by default: ``referee legal`` prints the table of legal events."""
        return None

    def fill_dice(self, text: str, roll: Callable[[], int]) -> str:
        """``text`` unchanged by default: the game rolls no dice."""
        return text


class Step(NamedTuple):
    """What :meth:`Kernel.step` returns: the new ``state`` (a new object: the old one is
    never changed), the canonical ``text`` of the event (every choice written out, so
    replaying it needs no prompt) and the ``notes`` of what the rules did."""

    state: Any
    text: str
    notes: list[str]


class Kernel(EngineBase):
    """The shape every engine follows (issue 26), after python-chess's ``parse_san`` /
    ``is_legal`` / ``push``.  A game writes three functions:

    - :meth:`parse` ``(text) -> Event``: the notation, a typed event; pure, no rules
      checked.  :class:`~referee.errors.BadInputError` for malformed text.  Where the
      notation itself depends on the position (whose turn reads ``play``), ``parse``
      may read :attr:`state`, as ``parse_san`` reads the board, but never changes it.
    - :meth:`check` ``(state, event) -> Problem | None``: the first rule ``event``
      breaks in ``state``, as ``(reason, rule_id)``, or None.  Every refusal a player
      can meet comes from a check function, so :meth:`blocked_events` and the dry run
      explain it the same way.
    - :meth:`step` ``(state, event) -> Step``: the event applied to a position it has
      passed :meth:`check` in, returning a new position (copy-on-write: the old one is
      never changed) with the canonical text and the notes.  A check that can only be
      made on the way (a bounce met mid-move, a choice found open) is still a check
      function, raised with :func:`refuse` (or :class:`ChoiceNeeded`).

    Built on them once, here: :meth:`apply` (all or nothing for free, since ``state``
    is replaced only after ``step`` returns), :meth:`dry_run` (what ``apply`` would do,
    nothing changed), :meth:`legal_events` from the game's :meth:`candidates`, and
    :meth:`blocked_events` from its :meth:`attempts`.  A game may still override
    ``legal_events`` where its own enumeration is faster or groups choices.
    """

    #: The current position: never mutated, only replaced.
    state: Any

    def parse(self, text: str) -> Any:
        """The event ``text`` names (see the class docstring)."""
        raise NotImplementedError

    def check(self, state: Any, event: Any) -> Problem | None:
        """The first rule ``event`` breaks in ``state``, or None."""
        raise NotImplementedError

    def step(self, state: Any, event: Any) -> Step:
        """``event`` applied to ``state`` (which it has passed :meth:`check` in)."""
        raise NotImplementedError

    # -- built once ----------------------------------------------------------------------

    def play(self, state: Any, text: str) -> Step:
        """Parse, check and step ``text`` from ``state``; raises as :meth:`apply` does.
        ``state`` is not changed."""
        event = self.parse(text)
        problem = self.check(state, event)
        if problem is not None:
            raise IllegalEventError(problem[0], problem[1], event=self.event_text(event))
        return self.step(state, event)

    def event_text(self, event: Any) -> str | None:
        """``event`` written in the notation, for error messages: its ``text()`` when it
        has one, else None (the caller names the line as typed)."""
        text = getattr(event, "text", None)
        return text() if callable(text) else None

    def apply(self, text: str) -> Applied:
        """Check and apply one event, all or nothing: :class:`Applied` with the canonical
        text and the notes.  Raises ``BadInputError``, ``IllegalEventError`` (with the
        rule id) or ``ChoiceNeeded``; the position is unchanged when it raises."""
        done = self.play(self.state, text)
        self.state = done.state
        return Applied(done.text, done.notes)

    def dry_run(self, text: str) -> Applied:
        """What :meth:`apply` would return for ``text``, raising what it would raise, with
        nothing changed (``referee check``)."""
        done = self.play(self.state, text)
        return Applied(done.text, done.notes)

    def candidates(self, state: Any) -> Iterable[Any]:
        """Events worth trying for :meth:`legal_events` in ``state`` (a superset of the
        legal ones; each is checked and stepped).  None by default."""
        return ()

    def attempts(self, state: Any) -> Iterable[tuple[str, Any]]:
        """``(text, event)`` pairs a player might try now, for :meth:`blocked_events`:
        those a check refuses are listed with the reason.  None by default."""
        return ()

    def legal_events(self) -> list[Option]:
        """Every candidate event that passes :meth:`check` and :meth:`step`, once each,
        as its canonical text with the notes joined by ``"; "``."""
        state, out, seen = self.state, [], set()
        for event in self.candidates(state):
            if self.check(state, event) is not None:
                continue
            try:
                done = self.step(state, event)
            except (IllegalEventError, BadInputError):  # ChoiceNeeded too: listed complete
                continue
            if done.text not in seen:
                seen.add(done.text)
                out.append(Option(done.text, "; ".join(done.notes)))
        return out

    def blocked_events(self) -> list[Blocked]:
        """The :meth:`attempts` a check refuses now, each with its reason and rule."""
        state, out = self.state, []
        for text, event in self.attempts(state):
            problem = self.check(state, event)
            if problem is not None:
                out.append(Blocked(text, *problem))
        return out


def trial_copy(game: Any) -> Any:
    """A copy of the engine ``game`` to try an event on, leaving ``game`` as it is.  A
    :class:`Kernel` engine replaces its position on ``apply`` and never changes it (nor
    anything else it holds), so a shallow copy is a fair trial and costs nothing; any
    other engine is deep-copied."""
    import copy

    return copy.copy(game) if isinstance(game, Kernel) else copy.deepcopy(game)


def due_prefix(text: str) -> str:
    """The words of a :meth:`EngineBase.due` event before its first placeholder (a word
    in capitals: ``C``, ``CARD``), with a trailing space: what Tab can offer.

    >>> due_prefix("deal C C C C C"), due_prefix("Ben: show CARD")
    ('deal ', 'Ben: show ')
    """
    words = text.split()
    n = next((i for i, w in enumerate(words) if w.isalpha() and w.isupper()), len(words))
    return " ".join(words[:n]) + " "


def _load(path: str) -> Any:
    """Import ``"module:attribute"`` (or a bare module path)."""
    module, _, attr = path.partition(":")
    mod = importlib.import_module(module)
    return getattr(mod, attr) if attr else mod


@dataclass(frozen=True)
class GameSpec:
    """One game as every shared layer sees it.  Paths are ``"module:attribute"``
    strings imported on first use, so listing the games imports no engine.

    - ``name``: the ``[Game]`` tag value (``fluffy``); ``title``: its printed name;
      ``aliases``: other names players type (lower case).
    - ``extension``: the record file extension (``.zwf``).
    - ``state_keys``: the keys the ``replay --json`` contract fixes for the state.
    - ``engine``: the ``Game`` class (``None`` for a game with rules lookup only).
    - ``renderer``: a module with ``render(game, **extras)`` (a rich renderable that
      fits the console width) and ``summary(game)``.
    - ``new_command``: a Typer command of ``referee new <name>`` of its own; without it
      the command is built from ``tags`` (:mod:`referee.cli.newgame`).
    - ``rules_game``: the game id in ``rulesdb``; ``rulebook``: the rulebook file the
      entries were written from.
    - ``sample``: a built-in record under ``referee/data/samples`` (``referee replay
      sample-<name>``).
    - ``file_tags``: record tags whose value names a file the shared layer reads and
      keeps with a stored game (``Board``): the engine receives ``<Tag>Text``.
    - ``extras``: ``"module:function"`` giving ``(loaded) -> dict`` of keyword
      arguments for ``render`` and a ``"warnings"`` list (Fluffy's opening clock).
    - ``commands``: ``(name, "module:typer_app", help)`` sub-apps the game adds to the
      CLI (``match``, ``cards``).
    - ``board``: ``"module:function"`` ``(path_or_name) -> (board, renderable, json)``
      for ``referee board check``; ``board_marker``: a TOML key only this game's
      board files have.
    - ``simulate``: the Typer command of ``referee simulate <name>``.
    - ``advise``: ``"module:function"`` ``(game, **options) -> referee.advice.Advice``
      for ``referee advise`` (options: ``seed``, ``samples``).
    - ``player_tags``: the record tags that name the players (``referee games``).
    - ``match``: a module with ``match_picture(store, match_id)`` and
      ``start_next_game(store, match_id) -> game_id`` for games played in matches.
    - ``define``: ``"module:function"`` ``(game, DefinitionNeeded) -> list[str] | None``,
      called only at a terminal when an event names something the game does not know
      (a Fluxx card): it asks the player and returns the lines that define it, which
      are logged before the event (None: the event stays bad input).
    - ``tags``: the set-up, one :class:`~referee.setup.TagSpec` per record tag: the
      engine's ``from_tags`` checks and ``tags()`` writes from it, ``referee new <name>``
      takes its options from it (unless ``new_command`` names a command of its own), and
      the docs' tag tables are generated from it.
    - ``new_hook``: ``"module:function"`` ``(tags) -> tags``, the game's own step in
      ``referee new`` between the options and the start (Fluxx: the player's saved cards).
    """

    name: str
    title: str
    extension: str
    rules_game: str
    rulebook: str
    aliases: tuple[str, ...] = ()
    state_keys: tuple[str, ...] = ("game", "over")
    engine: str | None = None
    renderer: str | None = None
    new_command: str | None = None
    sample: str | None = None
    file_tags: tuple[str, ...] = ()
    extras: str | None = None
    commands: tuple[tuple[str, str, str], ...] = ()
    board: str | None = None
    board_marker: str | None = None
    simulate: str | None = None
    advise: str | None = None
    player_tags: tuple[str, ...] = ("Players",)
    match: str | None = None
    define: str | None = None
    tags: tuple[TagSpec, ...] = ()
    new_hook: str | None = None

    @property
    def refereed(self) -> bool:
        """True when the referee can track this game (it has an engine)."""
        return self.engine is not None

    def engine_class(self) -> type:
        """The ``Game`` class (imported on first use)."""
        if self.engine is None:
            from referee.errors import BadInputError

            raise BadInputError(f"{self.title} has rules lookup only: no referee yet")
        return _load(self.engine)

    def render_module(self) -> Any:
        """The module with ``render`` and ``summary``."""
        if self.renderer is None:
            from referee.errors import BadInputError

            raise BadInputError(f"{self.title} has rules lookup only: no picture")
        return _load(self.renderer)

    def load(self, path: str) -> Any:
        """Import one of this spec's ``"module:attribute"`` paths."""
        return _load(path)

    def new_game(self, tags: dict[str, str]) -> Engine:
        """A fresh game set up from ``tags`` (file tags already read: ``<Tag>Text``)."""
        return self.engine_class().from_tags(tags)

    def sample_text(self) -> str | None:
        """The built-in sample record's text, or None."""
        if not self.sample:
            return None
        from importlib import resources

        res = resources.files("referee.data").joinpath("samples", self.sample)
        return res.read_text(encoding="utf-8") if res.is_file() else None


def read_file_tags(spec: GameSpec, tags: dict[str, str], base: Path | None) -> dict[str, str]:
    """``tags`` with ``<Tag>Text`` added for each of ``spec.file_tags`` whose value names
    a file (relative to ``base``); a bare word names a built-in and is left to the
    engine.  :class:`~referee.errors.BadInputError` when a named file cannot be read."""
    from referee import files
    from referee.errors import BadInputError

    out = dict(tags)
    for key in spec.file_tags:
        value = tags.get(key)
        if value is None or f"{key}Text" in tags or not files.names_a_file(value):
            continue
        try:
            out[f"{key}Text"] = files.read_text(files.resolve(value, base), what=key.lower())
        except BadInputError as exc:
            exc.tag = key  # so that a record's error names this tag's line
            raise
    return out
