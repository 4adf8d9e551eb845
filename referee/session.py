"""Library side of playing a stored game: rebuild it from its log, enter events,
undo, export.  The CLI commands and the interactive session both sit on this; it
reads the game registry and names no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from .errors import BadInputError, ChoiceNeeded, DefinitionNeeded, InternalError, Option, RefereeError
from .games import Applied, Engine, GameSpec, spec as game_spec
from .games.base import read_file_tags, trial_copy
from .numbers import check_digits
from .records import COMMON_TAGS, Record, format_record
from .store import LogEntry, Store, StoredGame, _effective

#: Asked when an event leaves a choice open: ``ChoiceNeeded -> chosen text or None``.
Chooser = Callable[[ChoiceNeeded], "str | None"]
#: Asked when an event names something the game does not know yet (a Fluxx card):
#: ``(game, DefinitionNeeded) -> the lines that define it, or None``.
Definer = Callable[[Engine, DefinitionNeeded], "list[str] | None"]


@dataclass
class Loaded:
    """A stored game rebuilt: its set-up ``stored``, its ``spec``, the ``game`` engine,
    the events in force (``events``) and ``length``, how many entries (undos included)
    the log held when it was read: the position belongs to that log length."""

    stored: StoredGame
    spec: GameSpec
    game: Engine
    events: list[LogEntry] = field(default_factory=list)
    length: int = 0


def setup_game(game: str, tags: dict[str, str], base: str | Path | None = None) -> Engine:
    """A fresh engine for ``game`` from its set-up ``tags``; files named by the game's
    file tags are read here (relative to ``base``) and passed as ``<Tag>Text``.  Tags
    every record may carry for people (``Site``, ``Date``, ...) are not the engine's."""
    spec = game_spec(game)
    own = {k: v for k, v in tags.items() if k not in COMMON_TAGS}
    for key, value in own.items():
        if not key.endswith("Text"):  # a file's text is bounded where it is parsed
            try:
                check_digits(value, f"[{key}]")
            except RefereeError as exc:
                exc.tag = key
                raise
    return spec.new_game(read_file_tags(spec, own, Path(base) if base else None))


def stored_tags(game: str, engine: Engine, tags: dict[str, str], base: str | Path | None) -> dict[str, str]:
    """The tags to store for a new game: the engine's own, plus the text of every file
    a file tag names, so the stored game never depends on the file again."""
    spec = game_spec(game)
    out = {k: v for k, v in tags.items() if k in COMMON_TAGS and k != "Game"}
    out.update(engine.tags())
    read = read_file_tags(spec, tags, Path(base) if base else None)
    for key in spec.file_tags:
        if f"{key}Text" in read:
            out[f"{key}Text"] = read[f"{key}Text"]
    return out


def check_loads(game: str, stored: dict[str, str], base: str | Path | None) -> Engine:
    """The engine of a new game rebuilt from ``stored``, the tags about to be stored,
    with its state, legal events and picture worked out once: a game is stored only
    when everything later commands do with its set-up works.  Raises what the set-up
    raises (nothing is stored then)."""
    engine = setup_game(game, stored, base)
    engine.to_json()
    engine.legal_events()
    spec = game_spec(game)
    if spec.renderer is not None:
        from io import StringIO

        from rich.console import Console

        Console(file=StringIO(), width=80, color_system=None).print(spec.render_module().render(engine))
    return engine


def rebuild(stored: StoredGame, events: list[LogEntry]) -> Engine:
    """The game ``stored`` after ``events``; :class:`BadInputError` when the log no
    longer replays (a store written by another version)."""
    game = setup_game(stored.game, stored.tags, stored.base)
    for entry in events:
        try:
            game.apply(entry.text)
        except RefereeError as exc:  # the log only holds accepted events; say so if not
            raise BadInputError(f"stored game {stored.id} no longer replays at event "
                                f"{entry.seq} ({entry.text!r}): {exc.message}") from None
    return game


def load(store: Store, gid: int | None = None) -> Loaded:
    """Rebuild game ``gid`` (default: the current game) by replaying its log."""
    stored = store.resolve(gid)
    log = store.log(stored.id)
    events = _effective(log)
    return Loaded(stored, game_spec(stored.game), rebuild(stored, events), events, len(log))


def extras(loaded: Loaded) -> dict[str, Any]:
    """What the game adds to its picture (keyword arguments for ``render``) and a
    ``warnings`` list, from the game's ``extras`` hook (e.g. Fluffy's opening clock)."""
    if loaded.spec.extras is None:
        return {"warnings": []}
    out = dict(loaded.spec.load(loaded.spec.extras)(loaded))
    out.setdefault("warnings", [])
    return out


def render_extras(loaded: Loaded) -> dict[str, Any]:
    """Keyword arguments for the game's ``render`` beyond the game itself."""
    return {k: v for k, v in extras(loaded).items() if k != "warnings"}


def warnings(loaded: Loaded) -> list[str]:
    """One-line warnings to show after an event or picture (e.g. a clock run out)."""
    return list(extras(loaded)["warnings"])


def roll_die() -> int:
    """A fair six-sided die rolled for the table (the number is what gets stored)."""
    import random  # only when a die is rolled (start-up of the other commands)

    return random.SystemRandom().randint(1, 6)


def definer(loaded: Loaded) -> Definer | None:
    """The game's ``define`` hook (asks at a terminal for what an event names that the
    game does not know), or None when the game has none."""
    return loaded.spec.load(loaded.spec.define) if loaded.spec.define else None


def complete(game: Engine, text: str, choose: Chooser | None,
             roll: Callable[[], int] = roll_die, define: Definer | None = None,
             defined: list[Applied] | None = None) -> Applied:
    """Apply ``text`` to ``game``: dice left out are rolled for the table, a choice
    the game asks before applying (the order of a shamble) and every choice left open
    are asked of ``choose``.  Without ``choose`` (or when it returns None) the
    :class:`ChoiceNeeded` is raised.  When the event names something the game does
    not know (:class:`DefinitionNeeded`), ``define`` is asked for the lines that define
    it; they are applied first (and appended to ``defined``), then the event again."""
    try:
        check_digits(text, "the event")
    except RefereeError as exc:
        raise exc.at(event=text)
    text = game.fill_dice(text, roll)
    before = game.choice_before(text)
    if before is not None and choose is not None:
        text = choose(before) or text
    asked: set[str] = set()
    while True:
        try:
            return game.apply(text)
        except DefinitionNeeded as need:
            lines = define(game, need) if define and need.name not in asked else None
            if not lines:
                raise need.at(event=text)
            asked.add(need.name)
            for line in lines:
                try:
                    done = game.apply(line)
                except RefereeError as exc:
                    raise exc.at(event=line)
                if defined is not None:
                    defined.append(done)
        except ChoiceNeeded as need:
            picked = choose(need) if choose else None
            if picked is None:
                need.options = complete_options(game, need.options)
                raise need.at(event=text)
            text = picked
        except RefereeError as exc:  # name the event refused, whatever the engine said
            raise exc.at(event=text)


def complete_options(game: Engine, options: list[Option], depth: int = 3) -> list[Option]:
    """``options`` with each one that still leaves a choice open replaced by its own
    completions (up to ``depth`` choices deep), so a refusal in a script lists only
    events that would be accepted as typed: ``play LR`` -> ``play LR:L``, ``play LR:R
    >N``, ``play LR:R >S`` when the right turn bounces.  Each option is tried on a copy
    of ``game``; one the rules refuse is left out.  The list is returned unchanged if
    no option completes (a game that cannot be tried this way)."""
    out: list[Option] = []
    for opt in options:
        trial = trial_copy(game)
        try:
            trial.apply(opt.text)
            out.append(opt)
        except ChoiceNeeded as need:
            if depth > 1:
                out.extend(complete_options(game, need.options, depth - 1))
        except RefereeError:
            continue
    return out or options


def check_replays(before: Engine, applied: list[Applied], after: Engine) -> None:
    """Check that the canonical texts about to be stored (``applied``, in order: any
    lines a ``define`` hook gave, then the event), re-apply to
    ``before`` (the position the event was accepted in, which this changes: pass a
    position that is no longer needed, or a copy) and reaches the same state as
    ``after``.  Whatever is appended must replay: a stored
    event the game cannot apply again would make every later ``show``, ``legal``,
    ``move`` and ``export`` of the game fail.

    :class:`~referee.errors.InternalError` (exit 3: the engine contradicted itself, so
    it is our bug, but nothing was stored and the game goes on) when the text is refused
    or leads elsewhere.  Cost: one ``apply`` and two ``to_json`` of the position (no
    replay of the log; about 0.1 ms an event on the Fluffy sample).
    """
    for done in applied:
        try:
            before.apply(done.text)
        except RefereeError as exc:
            raise InternalError(f"the event was accepted, but its stored form {done.text[:80]!r} does not "
                                f"replay ({exc.message[:120]}); nothing was stored (a bug: please report it)") from None
    if before.to_json() != after.to_json():
        raise InternalError(f"the event was accepted, but its stored form {applied[-1].text[:80]!r} replays "
                            f"to another position; nothing was stored (a bug: please report it)")


def enter(store: Store, loaded: Loaded, text: str, choose: Chooser | None = None,
          expect: int | None = None, define: Definer | None = None) -> Applied:
    """Check ``text`` against the rules and, if legal, append it to the log.

    Nothing illegal enters the log.  The event is first completed on a copy of the
    loaded position (dice rolled, choices asked: no lock is held while a player
    thinks).  Then, holding the store's write lock, the log is read again: when
    ``expect`` is given and the log no longer has that many entries the event is
    refused (:class:`~referee.store.StaleError`); when someone else appended since the
    game was loaded, the game is rebuilt from the log as it now stands and the
    completed event checked again there.  Its canonical text (every choice written
    out) is then re-applied to the position it was accepted in (:func:`check_replays`:
    what is stored must replay; the old position itself is used, as it is replaced
    anyway, so the check costs one apply and no copy), and only then appended and
    committed.  ``loaded`` is brought up to date (or, when the check fails, reloaded).
    Lines ``define`` gave for something the event names (a card the game did not know)
    are appended before it; the notes returned then start with them.
    """
    if expect is not None and loaded.length != expect:  # the position loaded is not the one seen
        store.expect(loaded.stored.id, expect)
    trial = trial_copy(loaded.game)
    defined: list[Applied] = []
    applied = complete(trial, text, choose, define=define, defined=defined)
    before = loaded.game  # the position the event is accepted in; replaced by trial below
    gid = loaded.stored.id
    with store.writing():
        length = store.expect(gid, expect)
        if length != loaded.length:  # the log moved on since the game was loaded
            fresh = load(store, gid)
            before = trial_copy(fresh.game)
            try:
                defined = [fresh.game.apply(d.text) for d in defined]
                applied = fresh.game.apply(applied.text)
            except RefereeError as exc:
                exc.message += (f" (the game changed while the event was typed: "
                                f"{length - loaded.length} new log entr{'y' if length - loaded.length == 1 else 'ies'})")
                loaded.game, loaded.events, loaded.length = fresh.game, fresh.events, fresh.length
                raise exc.at(event=text)
            trial, loaded.events, loaded.length = fresh.game, fresh.events, fresh.length
        try:  # re-applied to the old position itself (no copy): loaded.game becomes trial
            check_replays(before, [*defined, applied], trial)
        except BaseException:
            fresh = load(store, gid)  # put loaded back in step with the log, then refuse
            loaded.game, loaded.events, loaded.length = fresh.game, fresh.events, fresh.length
            raise
        seqs = [store.append(gid, a.text, a.notes) for a in [*defined, applied]]
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    loaded.game = trial
    for seq, a in zip(seqs, [*defined, applied]):
        loaded.events.append(LogEntry(seq, "event", a.text, a.notes, now))
    loaded.length = seqs[-1]
    if defined:
        logged = [note for d in defined for note in [f"logged first: {d.text}", *d.notes]]
        return Applied(applied.text, logged + applied.notes)
    return applied


def import_record(store: Store, record: Record, match: int | None = None) -> tuple[int, Any]:
    """Store ``record`` as a new game and make it current: the set-up as ``new`` stores
    it (files its tags name read now, relative to the record) and every event's
    canonical text, all in one write transaction.  Every event is checked first, as
    ``referee replay`` does: a record that stops at an illegal or malformed line raises
    that error (with its ``line``) and nothing is stored.  Returns ``(game id, the
    replay)``."""
    from .games import canonical_name
    from .replay import replay_record

    result = replay_record(record)
    if result.error is not None:
        raise result.error
    game = canonical_name(record.game)
    tags = record.tags
    stored = stored_tags(game, setup_game(game, tags, record.base), tags, record.base)
    with store.writing():
        gid = store.create_game(game, stored, str(record.base), match=match)
        for applied in result.applied:
            store.append(gid, applied.text, applied.notes)
    return gid, result


def export_text(store: Store, loaded: Loaded, files: dict[str, str] | None = None) -> str:
    """The stored game as a record whose replay reaches the same state.

    Automatic results are written as comments.  ``files`` maps a file tag (``Board``)
    to the path written in its place (the caller writes the file's text there); a file
    tag left out keeps its stored value.
    """
    files = files or {}
    tags = {"Game": loaded.stored.game}
    for key, value in loaded.stored.tags.items():
        if key.endswith("Text") and key[:-4] in loaded.spec.file_tags:
            continue
        tags[key] = files.get(key, value)
    lines = [(e.text, "; ".join(e.notes)) for e in loaded.events]
    return format_record(tags, lines)


def attached_files(loaded: Loaded) -> dict[str, str]:
    """``{tag: text}`` of the files kept with a stored game (``{"Board": "..."}``)."""
    return {key: loaded.stored.tags[f"{key}Text"] for key in loaded.spec.file_tags
            if f"{key}Text" in loaded.stored.tags}
