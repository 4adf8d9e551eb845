"""The question sets: one folder (``tests/benchmarks/questions/``), one row schema, one loader.

Every tool and test that reads a question set reads it here.  A set is the file
``questions/<name>.jsonl``; :func:`load` gives its rows in file order, each a dict with
every field of :data:`FIELDS` (a field the file lacks is ``None``, or ``[]`` for ``also``
and ``facts``)::

    {"id": "d4a-fluffy-01", "game": "fluffy", "q": "can the dog ...",
     "kind": "yesno" | "open" | None, "entry": "fluffy.tree" | None, "also": [ids],
     "verdict": "yes" | "no" | None, "because": str | None, "section": str | None,
     "facts": [regex, ...]}

``facts`` are case-insensitive regexes that the entry answering the question states
(``rules_eval.py`` judges a hit by them); ``entry``/``also``/``verdict``/``because``/
``section`` are a reader's label, written from the rulebooks (never taken from the
search's hits).  Blind sets keep the fields they were written with: their ``rule`` is read
as ``because``, and for a set with a ``<name>-labels.jsonl`` beside it (labels written by
another reader after the questions were committed) the labels are merged by ``id``
(``entry``, ``also``, and ``check``: whether the labeller agreed with the writer's
verdict).

A set whose name holds ``blind`` or ``holdout`` stands for questions the search has never
seen (:func:`unseen`): it is measured, never tuned on, never banked, and no tuning row
may copy one of its questions.
"""

from __future__ import annotations

import json
from pathlib import Path

#: The folder of every question set.
FOLDER = Path(__file__).resolve().with_name("questions")
#: The fields of a loaded row, in the order a set file writes them.
FIELDS = ("id", "game", "q", "kind", "entry", "also", "verdict", "because", "section", "facts")
_LISTS = ("also", "facts")
LABELS_SUFFIX = "-labels"
#: A second reader's corrections to banked labels (``relabel-<date>.jsonl``: each row a
#: label for ``tools/merge_reader_labels.py`` with ``was``, the entry before, and ``why``),
#: kept as the record of what changed: not a question set.
RELABEL_PREFIX = "relabel-"


def path(name: str) -> Path:
    """The file of set ``name`` (e.g. ``"dev4a"``, ``"blind9"``); it may not exist."""
    return FOLDER / f"{name}.jsonl"


def names() -> list[str]:
    """Every set's name, sorted (label and relabel files are not sets)."""
    return sorted(p.stem for p in FOLDER.glob("*.jsonl")
                  if not p.stem.endswith(LABELS_SUFFIX) and not p.stem.startswith(RELABEL_PREFIX))


def unseen(name: str) -> bool:
    """True for a blind or held-out set (a measure only: never tuned on nor banked)."""
    return "blind" in name or "holdout" in name


def probes() -> list[str]:
    """The probe sets (``probe<N>-<game>``), sorted."""
    return [n for n in names() if n.startswith("probe")]


def banked() -> list[str]:
    """The sets the question bank is made from: extra, the dev sets (``dev``, ``dev2``,
    ``dev4a`` ...) and the probes; never a blind or held-out set, nor the verdict
    calibration sets (``verdicts-dev``, ``verdicts-dev2``)."""
    return [n for n in names() if not unseen(n)
            and (n == "extra" or n.startswith("probe") or (n.startswith("dev")))]


def normalise(row: dict) -> dict:
    """``row`` with every field of :data:`FIELDS` (missing ones ``None`` or ``[]``), any
    other field kept after them; a blind set's ``rule`` becomes ``because``."""
    row = dict(row)
    if "rule" in row and row.get("because") is None:
        row["because"] = row.pop("rule")
    out = {k: row.pop(k, None) for k in FIELDS}
    for k in _LISTS:
        if out[k] is None:
            out[k] = []
    out.update(row)
    return out


def read(file: Path) -> list[dict]:
    """The rows of one jsonl file as written (no merge, no defaults)."""
    text = Path(file).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def load(name_or_path: str | Path) -> list[dict]:
    """The rows of a set (a name, or a path to a set file), normalised, with the labels of
    its ``-labels.jsonl`` file merged by id when there is one.  Raises ``OSError`` when
    the file is missing, ``KeyError`` when a question has no label."""
    file = Path(name_or_path) if isinstance(name_or_path, Path) or str(name_or_path).endswith(
        ".jsonl") else path(str(name_or_path))
    rows = [normalise(r) for r in read(file)]
    labels_file = file.with_name(f"{file.stem}{LABELS_SUFFIX}.jsonl")
    if labels_file.exists():
        labels = {d["id"]: d for d in read(labels_file)}
        for r in rows:
            lab = labels[r["id"]]
            r["entry"], r["also"] = lab["entry"], list(lab.get("also", []))
            r["check"] = lab.get("verdict_check", "agree")
    return rows


def dump(rows: list[dict]) -> str:
    """Set rows as file text: one JSON object a line, fields in :data:`FIELDS` order."""
    return "".join(json.dumps(normalise(r), ensure_ascii=False) + "\n" for r in rows)


def unseen_questions() -> set[tuple[str, str]]:
    """(game, question lower-cased with spaces collapsed) of every blind and held-out set."""
    return {key(r["game"], r["q"]) for n in names() if unseen(n) for r in load(n)}


def key(game: str, q: str) -> tuple[str, str]:
    """The key two questions share when they are the same question (case and spacing aside)."""
    return game, " ".join(q.lower().split())
