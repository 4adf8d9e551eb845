"""Typed records of the rules database and the loader of ``rulesdb/entries/*.toml``.

One TOML file per game (or several): top-level ``game`` and ``rulebook`` keys, then
``[[rule]]`` tables (``id``, ``title``, ``section``, ``text``) and ``[[ruling]]`` tables
(``id``, ``title``, ``question``, ``answer``, ``reason``, ``rules``: the rule ids it
reads).  Both may carry ``keywords``, ``phrases`` (the question as a rulebook reader
words it), ``asked`` (how players ask at the table: situations, slang, yes/no
disputes; the shipped entries keep theirs as tuning data, :data:`ASKED_FILE`, each
with the question that motivated it) and ``related`` ids; a rule that settles a yes/no dispute carries a one-line
``answer`` ("Yes: ..." / "No: ..."), shown by ``referee rules search`` as a plain statement
without its Yes/No: it was written for one way of asking, so it is never a verdict on
another question (verdicts come from :mod:`rulesdb.verdicts`).
:func:`load_entries` reads every file and validates the whole set
(:class:`EntryError` lists every problem found).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

def _registry():
    from referee.games import specs

    return specs()


#: The games the rules database knows, in display order (from the game registry).
GAMES: tuple[str, ...] = tuple(s.rules_game for s in _registry())

#: The rulebook file (in the shared rulebooks folder) each game's entries are written from.
RULEBOOKS: dict[str, str] = {s.rules_game: s.rulebook for s in _registry()}

ENTRIES_DIR = Path(__file__).resolve().parent / "entries"
#: The entries' ``asked`` phrasings (tuning data: one ``{"entry", "q", "why"}`` a line, in
#: each entry's order), read with the entry files of :data:`ENTRIES_DIR`.
ASKED_FILE = Path(__file__).resolve().parent / "data" / "tuning" / "asked.jsonl"

_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$")


class RulesError(Exception):
    """Base class of the rules database errors; ``str(exc)`` is one line."""


#: The longest question search takes, in characters (docs/limits.md); a longer one is
#: refused (:class:`QuestionTooLongError`), never cut silently.
MAX_QUESTION = 2000
#: The longest word the typo corrector tries to correct (no index word is near it).
MAX_TYPO_WORD = 40


class QuestionTooLongError(RulesError, ValueError):
    """A question longer than :data:`MAX_QUESTION` characters (pasted text, not a question)."""


def check_question(text: str) -> str:
    """``text`` when it is at most :data:`MAX_QUESTION` characters long, else
    :class:`QuestionTooLongError` (one line, quoting none of it).

    >>> check_question("can zombies share a square")
    'can zombies share a square'
    """
    if len(text) > MAX_QUESTION:
        raise QuestionTooLongError(f"a question is at most {MAX_QUESTION:,} characters; this one has "
                                   f"{len(text):,}: ask it in fewer words")
    return text


class UnknownGameError(RulesError, ValueError):
    """A game name the rules database does not know."""


class UnknownIdError(RulesError, KeyError):
    """An entry id that is not in the database; ``suggestion`` is the closest id, if any."""

    def __init__(self, entry_id: str, suggestion: str | None = None) -> None:
        super().__init__(entry_id)
        self.entry_id = entry_id
        self.suggestion = suggestion

    def __str__(self) -> str:
        hint = f" (did you mean {self.suggestion}?)" if self.suggestion else ""
        return f"no rule entry {self.entry_id!r}{hint}"


class EntryError(RulesError):
    """The entry files are invalid; ``problems`` lists each problem as ``file: message``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s) in the rule entries: " + "; ".join(problems[:5]))
        self.problems = problems


def canonical_game(name: str) -> str:
    """The rules-database game id for ``name`` (any alias the game registry knows);
    :class:`UnknownGameError` for an unknown game."""
    from referee.errors import BadInputError
    from referee.games import spec

    try:
        return spec(name).rules_game
    except BadInputError:
        raise UnknownGameError(f"unknown game {str(name)[:40]!r} (known: {', '.join(GAMES)})") from None


@dataclass(frozen=True)
class Entry:
    """One searchable entry.

    ``kind`` is ``"rule"``, ``"ruling"`` or ``"imported"``; ``section`` the rulebook
    heading it comes from; ``text`` the body searched and shown (for a ruling, its
    question and answer).  ``keywords``/``phrases`` are extra search terms, ``related``
    ids of other entries.
    """

    id: str
    game: str
    title: str
    section: str
    text: str
    keywords: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    file: str = ""
    #: How players ask for this entry at the table: situations, slang, yes/no disputes.
    asked: tuple[str, ...] = ()
    #: A one-line answer to the dispute the entry settles ("Yes: ..." / "No: ..."), or "".
    #: For a ruling, its full answer (required); :attr:`answer_line` is its first sentence.
    answer: str = ""

    kind = "rule"

    @property
    def answer_line(self) -> str:
        """The one-line answer shown first: the rule's ``answer``, or the first sentence of
        a ruling's answer; "" when the entry settles no dispute."""
        return first_sentence(self.answer) if self.kind == "ruling" else self.answer

    @property
    def imported(self) -> bool:
        """True for a section of a rulebook the user imported."""
        return self.kind == "imported"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field, plus ``kind`` and ``imported``."""
        out = asdict(self)
        for key, value in out.items():
            if isinstance(value, tuple):
                out[key] = list(value)
        out["kind"] = self.kind
        out["imported"] = self.imported
        return out


@dataclass(frozen=True)
class Rule(Entry):
    """A rule of a rulebook, in our own words (``[[rule]]`` table)."""

    kind = "rule"


@dataclass(frozen=True)
class Ruling(Entry):
    """A reading the referee takes where the rulebook is open (``[[ruling]]`` table).

    ``text`` is ``question`` + ``answer``; ``rules`` are the rule ids it reads; its
    ``section`` is that of its first rule.
    """

    question: str = ""
    reason: str = ""
    rules: tuple[str, ...] = ()

    kind = "ruling"


@dataclass(frozen=True)
class Imported(Entry):
    """A section of a rulebook the user imported (``import.<game>.<n>``)."""

    source_file: str = ""
    n: int = 0

    kind = "imported"


@dataclass(frozen=True)
class Hit:
    """One search result: higher ``score`` is better; ``source`` is the rulebook section."""

    id: str
    game: str
    kind: str
    title: str
    text: str
    source: str
    score: float
    imported: bool = False
    #: The entry's one-line answer (:attr:`Entry.answer_line`), or "".
    answer: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"id", "game", "kind", "title", "text", "source", "score", "imported", "answer"}``."""
        return {"id": self.id, "game": self.game, "kind": self.kind, "title": self.title,
                "text": self.text, "source": self.source, "score": self.score,
                "imported": self.imported, "answer": self.answer}


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'])")


_LIST_ITEM = re.compile(r"^(?:[-*\u2022]|\d+[.)])\s")


def prose(text: str) -> str:
    r"""An entry's ``text`` as shown: paragraphs (split at blank lines) and list items
    (lines starting with ``-``, ``*`` or ``1.``) keep their own lines; other line
    breaks and runs of spaces become one space.

    >>> prose("Fluffy moves\n  first.\n\nThen:\n- a zombie\n- another")
    'Fluffy moves first.\n\nThen:\n- a zombie\n- another'
    """
    paragraphs = []
    for para in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for raw in para.splitlines():
            line = " ".join(raw.split())
            if not line:
                continue
            if lines and not _LIST_ITEM.match(line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (up to its first ``.``, ``!`` or ``?`` followed by
    a capital or a digit), spaces collapsed.

    >>> first_sentence("Yes: the border is a wall. A bounce turns the piece.")
    'Yes: the border is a wall.'
    """
    text = " ".join(text.split())
    return _SENTENCE_END.split(text, maxsplit=1)[0] if text else ""


def entry_from_json(data: dict[str, Any]) -> Entry:
    """Rebuild an :class:`Entry` subclass from :meth:`Entry.to_json` output."""
    data = dict(data)
    kind = data.pop("kind", "rule")
    data.pop("imported", None)
    cls = {"rule": Rule, "ruling": Ruling, "imported": Imported}[kind]
    names = cls.__dataclass_fields__
    kwargs = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k in names}
    return cls(**kwargs)


def entry_files(directory: Path | None = None) -> list[Path]:
    """The entry files (``*.toml``) of ``directory`` (default: the package's), sorted."""
    directory = Path(directory) if directory is not None else ENTRIES_DIR
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.toml") if p.is_file())


def files_digest(paths: Iterable[Path]) -> str:
    """A sha256 over the names and contents of ``paths`` (the index's freshness key)."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode() + b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _strs(value: Any, where: str, name: str, problems: list[str]) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(f"{where}: {name} must be a list of strings")
        return ()
    return tuple(v.strip() for v in value if v.strip())


def _asked(value: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    """The ``asked`` phrasings: a list of non-empty strings."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        problems.append(f"{where}: asked must be a list of non-empty strings")
        return ()
    return tuple(" ".join(v.split()) for v in value)


def _answer_line(table: dict, where: str, problems: list[str]) -> str:
    """A rule's optional ``answer``: one line of text (at most 200 characters)."""
    value = table.get("answer")
    if value is None:
        return ""
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{where}: answer must be a non-empty string")
        return ""
    if "\n" in value.strip() or len(value.strip()) > 200:
        problems.append(f"{where}: answer must be one line of at most 200 characters")
        return ""
    return value.strip()


def _str(table: dict, key: str, where: str, problems: list[str], required: bool = True) -> str:
    value = table.get(key)
    if value is None:
        if required:
            problems.append(f"{where}: missing {key}")
        return ""
    if not isinstance(value, str):
        problems.append(f"{where}: {key} must be a string")
        return ""
    value = prose(value) if key == "text" else " ".join(value.split())
    if required and not value:
        problems.append(f"{where}: empty {key}")
    return value


def load_asked(path: Path | None = None) -> dict[str, list[str]]:
    """The ``asked`` phrasings of ``path`` (default :data:`ASKED_FILE`) by entry id, each
    entry's in file order: ``{"fluffy.tree": ["the pooch peed on the tree, now what", ...]}``.
    Each line of the file is ``{"entry": id, "q": phrasing, "why": provenance}``; ``{}``
    when the file is missing.  Raises ``ValueError`` naming the line for a line that is not
    such an object."""
    import json

    path = ASKED_FILE if path is None else Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    out: dict[str, list[str]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            entry, q = row["entry"], row["q"]
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path.name}:{n}: not an asked phrasing ({exc})") from None
        if not (isinstance(entry, str) and isinstance(q, str) and q.strip()):
            raise ValueError(f"{path.name}:{n}: entry and q must be non-empty strings")
        out.setdefault(entry, []).append(" ".join(q.split()))
    return out


@lru_cache(maxsize=64)
def _toml(data: bytes) -> dict:
    """The TOML document ``data`` (an entry file's bytes), parsed once a process: a
    rebuild after ``rules import`` (and every index a test builds) reads the same files
    again, and parsing them was a tenth of a rebuild.  :func:`load_entries` only reads
    the document.  Raises what ``tomllib.load`` raises."""
    import tomllib

    return tomllib.loads(data.decode())


def load_entries(directory: Path | None = None, files: list[Path] | None = None,
                 asked: Path | None = None) -> list[Entry]:
    """Load and validate every entry file; return the rules and rulings in file order.

    An entry's ``asked`` phrasings are those of its TOML table, then those of the
    phrasings file ``asked`` (default: :data:`ASKED_FILE` when every entry file is in
    :data:`ENTRIES_DIR`, else none); a phrasing naming an entry not loaded is ignored
    (``tests/test_tuning_data.py`` checks the shipped file names only entries that exist).
    Checks: each file parses and names a known ``game``; ids are well formed, start with
    their game and are unique across all files; rules have title, section and text;
    rulings have title, question and answer; every ``related`` and ``rules`` id exists;
    ``asked`` is a list of strings; a rule's ``answer`` is one line.
    Raises :class:`EntryError` listing every problem.
    """
    import tomllib  # only when the index is (re)built: not on the start path of a search

    paths = files if files is not None else entry_files(directory)
    problems: list[str] = []
    if asked is None and all(Path(p).resolve().parent == ENTRIES_DIR for p in paths):
        asked = ASKED_FILE
    try:
        more_asked = load_asked(asked) if asked is not None else {}
    except (OSError, ValueError) as exc:
        problems.append(f"asked phrasings: {exc}")
        more_asked = {}
    raw: list[tuple[str, dict, str, str]] = []  # (kind, table, game, file)
    for path in paths:
        try:
            doc = _toml(Path(path).read_bytes())
        except (OSError, tomllib.TOMLDecodeError) as exc:
            problems.append(f"{path.name}: cannot read: {exc}")
            continue
        game = doc.get("game")
        if game not in GAMES:
            problems.append(f"{path.name}: unknown game {game!r}")
            continue
        for kind in ("rule", "ruling"):
            tables = doc.get(kind, [])
            if not isinstance(tables, list):
                problems.append(f"{path.name}: [[{kind}]] must be an array of tables")
                continue
            for table in tables:
                raw.append((kind, table, game, path.name))

    seen: dict[str, str] = {}
    entries: list[Entry] = []
    for kind, t, game, fname in raw:
        eid = t.get("id")
        where = f"{fname}: {kind} {eid!r}"
        if not isinstance(eid, str) or not _ID_RE.match(eid):
            problems.append(f"{where}: bad id (want <game>.<topic>, lower case, dashes)")
            continue
        if not eid.startswith(game + "."):
            problems.append(f"{where}: id does not start with its game {game!r}")
        if eid in seen:
            problems.append(f"{where}: duplicate id (also in {seen[eid]})")
            continue
        seen[eid] = fname
        common = dict(
            id=eid, game=game, title=_str(t, "title", where, problems),
            keywords=_strs(t.get("keywords"), where, "keywords", problems),
            phrases=_strs(t.get("phrases"), where, "phrases", problems),
            related=_strs(t.get("related"), where, "related", problems),
            asked=_asked(t.get("asked"), where, problems) + tuple(more_asked.get(eid, ())),
            file=fname,
        )
        if kind == "rule":
            entries.append(Rule(section=_str(t, "section", where, problems),
                                text=_str(t, "text", where, problems),
                                answer=_answer_line(t, where, problems), **common))
        else:
            question = _str(t, "question", where, problems)
            answer = _str(t, "answer", where, problems)
            rules = _strs(t.get("rules"), where, "rules", problems)
            entries.append(Ruling(section=_str(t, "section", where, problems, required=False),
                                  text=f"{question} {answer}".strip(), question=question,
                                  answer=answer, reason=_str(t, "reason", where, problems, False),
                                  rules=rules, **common))

    by_id = {e.id: e for e in entries}
    out: list[Entry] = []
    for e in entries:
        for ref in e.related:
            if ref not in by_id:
                problems.append(f"{e.file}: {e.id}: related id {ref!r} does not exist")
        if isinstance(e, Ruling):
            for ref in e.rules:
                if ref not in by_id:
                    problems.append(f"{e.file}: {e.id}: rules id {ref!r} does not exist")
            if not e.section:
                first = next((by_id[r] for r in e.rules if r in by_id), None)
                if first is not None:
                    e = Ruling(**{**{k: getattr(e, k) for k in e.__dataclass_fields__},
                                  "section": first.section})
        out.append(e)
    if problems:
        raise EntryError(problems)
    return out
