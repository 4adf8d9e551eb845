"""The question bank: questions players have asked, each with the entry that answered it.

``rulesdb/data/questions.jsonl`` holds one JSON object a line::

    {"game": "fluffy", "q": "can the pooch pee on the tree twice", "entry": "fluffy.tree",
     "verdict": "no", "because": "...", "section": "GOAL"}

``game`` is a rules-database game, ``q`` the question as a player typed it (typos and
slang kept), ``entry`` the id of the entry a reader picked as its answer, from the
rulebooks (never from the search's hits).  ``verdict`` (``"yes"``/``"no"``), ``because``
(the reader's reason) and ``section`` (the rulebook's) are there when the reader wrote
them; the search reads only ``game``, ``q`` and ``entry``.  The questions come from the
project's development and probe sets in ``tests/benchmarks/questions/`` (never from a
blind or held-out set, which is a measure only); ``tools/build_question_bank.py`` merges
their labelled rows, so the bank is rebuilt from those sets, never edited by hand.

The search uses the bank as one more signal ("asked before", :mod:`rulesdb.index`): a
new question near in meaning to one asked before is pulled toward the entry that
answered it.  Players word the same dispute in many ways; the bank keeps the ways they
have been seen to word it, where an entry's own ``asked`` phrasings keep a few.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

#: The shipped bank.
BANK_FILE = Path(__file__).resolve().parent / "data" / "questions.jsonl"


@dataclass(frozen=True)
class AskedQuestion:
    """One banked question: ``game`` (e.g. ``"fluffy"``), ``q`` (the question's text),
    ``entry`` (the id of the entry that answers it, e.g. ``"fluffy.tree"``), and the
    reader's ``verdict`` (``"yes"``/``"no"``), ``because`` and ``section`` (``None`` when
    not written)."""

    game: str
    q: str
    entry: str
    verdict: str | None = None
    because: str | None = None
    section: str | None = None


def load(path: Path | None = None) -> list[AskedQuestion]:
    """The questions of ``path`` (default :data:`BANK_FILE`), in file order; ``[]`` when
    the file is missing.  Raises ``ValueError`` naming the line for a line that is not a
    JSON object with string ``game``, ``q`` and ``entry`` (and, when present, ``verdict``
    "yes" or "no", string ``because`` and ``section``)."""
    path = BANK_FILE if path is None else Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    out: list[AskedQuestion] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            q = AskedQuestion(game=obj["game"], q=obj["q"], entry=obj["entry"],
                              verdict=obj.get("verdict"), because=obj.get("because"),
                              section=obj.get("section"))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path.name}:{n}: not a banked question ({exc})") from None
        if not all(isinstance(x, str) and x for x in (q.game, q.q, q.entry)):
            raise ValueError(f"{path.name}:{n}: game, q and entry must be non-empty strings")
        if q.verdict not in (None, "yes", "no") or not all(
                x is None or isinstance(x, str) for x in (q.because, q.section)):
            raise ValueError(f"{path.name}:{n}: verdict must be yes or no, because and "
                             "section strings")
        out.append(q)
    return out


def digest(path: Path | None = None) -> str:
    """A sha256 of the bank file's bytes ("" when missing): part of the index's key."""
    path = BANK_FILE if path is None else Path(path)
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return ""
