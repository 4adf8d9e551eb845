"""Canonical yes/no questions, each with the verdict a reader wrote from the rulebook.

``rulesdb/data/verdicts/<game>.jsonl`` (``<game>`` a rules-database game) holds one JSON
object a line::

    {"q": "can two zombies stand on one square", "verdict": "no",
     "entry": "fluffy.zombie-block", "because": "one sentence in our words",
     "section": "the rulebook section"}

Several wordings of each fact, both polarities ("can ..." / "can't ..."), each with the
verdict for *that* wording.  ``referee rules ask`` states Yes or No only when a question
matches one of these closely, with the same polarity, numbers and key words
(:mod:`rulesdb.answer`); otherwise it says what the rule is.  An entry's own ``answer``
line is never read as a verdict: it was written for one way of asking.

Variants (``rulesdb/data/variants.toml``): the entries written for a variant or
handicap, the record tag that puts each in play, and the rules each one changes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

#: The shipped canonical questions, one file a game.
VERDICTS_DIR = Path(__file__).resolve().parent / "data" / "verdicts"
#: The variant entries and their tags.
VARIANTS_FILE = Path(__file__).resolve().parent / "data" / "variants.toml"


@dataclass(frozen=True)
class Canonical:
    """One canonical question: ``game``, ``q`` (its wording), ``verdict`` (``"yes"`` or
    ``"no"``, the rulebook's answer to that wording), ``entry`` (the id of the entry that
    states the fact), ``because`` (the fact in one sentence) and ``section`` (the
    rulebook section)."""

    game: str
    q: str
    verdict: str
    entry: str
    because: str
    section: str

    def to_json(self) -> dict[str, str]:
        return {"game": self.game, "q": self.q, "verdict": self.verdict, "entry": self.entry,
                "because": self.because, "section": self.section}


def files(directory: Path | None = None) -> list[Path]:
    """The verdict files (``<game>.jsonl``) of ``directory`` (default :data:`VERDICTS_DIR`),
    sorted; ``[]`` when there is no such folder."""
    directory = VERDICTS_DIR if directory is None else Path(directory)
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.jsonl") if p.is_file())


def from_bank(bank) -> list[Canonical]:
    """The banked questions (:class:`rulesdb.bank.AskedQuestion`) a reader gave a verdict,
    as canonical questions: players' own wordings, each with the verdict a reader wrote
    for it from the rulebook (``tools/merge_reader_labels.py``).  A question already
    among the canonical files is read there."""
    return [Canonical(game=b.game, q=b.q, verdict=b.verdict, entry=b.entry,
                      because=b.because or "", section=b.section or "")
            for b in bank if b.verdict in ("yes", "no")]


def load(directory: Path | None = None) -> list[Canonical]:
    """Every canonical question of ``directory``, by file (game) then line.  Raises
    ``ValueError`` naming the file and line for a row that is not a JSON object with
    non-empty string ``q``, ``entry``, ``because``, ``section`` and a ``verdict`` of
    ``"yes"`` or ``"no"``."""
    out: list[Canonical] = []
    for path in files(directory):
        game = path.stem
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                row = Canonical(game=game, q=obj["q"], verdict=obj["verdict"], entry=obj["entry"],
                                because=obj.get("because", ""), section=obj.get("section", ""))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise ValueError(f"{path.name}:{n}: not a canonical question ({exc})") from None
            if row.verdict not in ("yes", "no"):
                raise ValueError(f"{path.name}:{n}: verdict must be \"yes\" or \"no\"")
            if not all(isinstance(x, str) and x.strip() for x in (row.q, row.entry)) or \
                    not all(isinstance(x, str) for x in (row.because, row.section)):
                raise ValueError(f"{path.name}:{n}: q and entry must be non-empty strings")
            out.append(row)
    return out


def digest(directory: Path | None = None) -> str:
    """A sha256 over the verdict files' names and bytes, and the variants table (part of
    the index's key)."""
    h = hashlib.sha256()
    for path in files(directory):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    try:
        h.update(VARIANTS_FILE.read_bytes())
    except OSError:
        pass
    return h.hexdigest()


@dataclass(frozen=True)
class Variant:
    """An entry written for a variant: ``entry`` is in play when the game's record tag
    ``tag`` is set (to ``value``, compared with the tag's first word, when given), or,
    with ``default``, when the tag is absent; ``overrides`` are the entries whose fact it
    changes."""

    entry: str
    tag: str
    value: str | None = None
    default: bool = False
    overrides: tuple[str, ...] = ()

    def in_play(self, tags: dict[str, str]) -> bool:
        """True when the set-up ``tags`` (record tag -> value) put this variant in play."""
        found = {k.lower(): v for k, v in tags.items()}.get(self.tag.lower())
        if found is None:
            return self.default
        if self.value is None:
            return True
        words = str(found).split()
        return bool(words) and words[0].lower() == self.value.lower()


def variants(path: Path | None = None) -> dict[str, Variant]:
    """Entry id -> :class:`Variant` from the variants table (``{}`` when it is missing)."""
    import tomllib

    path = VARIANTS_FILE if path is None else Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    return {eid: Variant(entry=eid, tag=t["tag"], value=t.get("value"), default=bool(t.get("default")),
                         overrides=tuple(t.get("overrides", ())))
            for eid, t in data.items() if isinstance(t, dict) and "tag" in t}
