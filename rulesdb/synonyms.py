"""Words players use and the words the rule entries use: data for the query parser.

``SYNONYMS`` maps a word a player types (lower case) to words searched beside it;
``PHRASES`` rewrites multi-word expressions before the words are split;
``STOP_WORDS`` are dropped from a query unless nothing else is left;
``CLAIMANTS`` name who makes a claim ("my sister says ..."), dropped before the claim.
Numbers and negations are not stop words: "two players", "The End", "Four, Three, Two, One".

The tables are data, one JSON object a line in ``rulesdb/data/tuning/`` (``synonyms``,
``rewrites``, ``stop_words``, ``claimants``), each row with ``why``: the question that
motivated it (a dev or probe question whose rank moves without the row).  They are read
once, when this module is imported; ``tools/tuning_ablation.py`` finds the rows whose
removal moves no figure.
"""

from __future__ import annotations

import json
from pathlib import Path

#: The folder of the tuning tables (a plain path: read at every start of the query path).
TUNING_DIR = Path(__file__).resolve().parent / "data" / "tuning"
#: The tables' files, by role.
TABLES = ("synonyms", "rewrites", "stop_words", "claimants")
#: The entries' ``asked`` phrasings (read by :func:`rulesdb.model.load_asked` when the
#: index is built, not here), in the same folder and in the index key.
ASKED = "asked"


def load_rows(table: str, folder: Path | None = None) -> list[dict]:
    """The rows of tuning ``table`` (one of :data:`TABLES`), in file order: dicts with
    ``why`` and ``word`` (``phrase`` and ``to`` for rewrites; ``also``, a list of words, for
    synonyms).  Raises OSError when the file is missing, ValueError on a malformed line."""
    text = ((folder or TUNING_DIR) / f"{table}.jsonl").read_text(encoding="utf-8")
    # one json.loads for the file: a third of the time of one a line (on every start)
    return json.loads("[" + ",".join(line for line in text.splitlines() if line.strip()) + "]")


def digest(folder: Path | None = None) -> str:
    """A sha256 of the tuning files, for the index key: the rewrites and stop words shape
    the indexed phrasings, and ``asked.jsonl`` holds them, so a changed file rebuilds the
    index."""
    import hashlib

    h = hashlib.sha256()
    for table in (*TABLES, ASKED):
        try:
            h.update(((folder or TUNING_DIR) / f"{table}.jsonl").read_bytes())
        except OSError:
            h.update(b"-")
        h.update(b"\0")
    return h.hexdigest()


SYNONYMS: dict[str, tuple[str, ...]] = {
    r["word"]: tuple(r["also"]) for r in load_rows("synonyms")}

#: Multi-word expressions rewritten before splitting (lower case, whole words), in order.
PHRASES: dict[str, str] = {r["phrase"]: r["to"] for r in load_rows("rewrites")}

STOP_WORDS: frozenset[str] = frozenset(r["word"] for r in load_rows("stop_words"))

#: Who makes a claim in a dispute ("the zombie player", "my sister"), in file order.
CLAIMANTS: tuple[str, ...] = tuple(r["word"] for r in load_rows("claimants"))


#: How players name each game inside a question (longest first); dropped from the query
#: when the search is limited to that game.  Plain "zombies" is never dropped: it is a
#: word of every game.
GAME_NAMES = {
    "fluffy": ("zombies want fluffy", "zwf"),
    "fight-or-flight": ("zombie fight or flight", "fight or flight", "fof"),
    "fluxx": ("zombie fluxx", "fluxx", "fluxxx"),
    "zombies": ("zombies!!!", "zombies quick play", "quick play variant"),
    "zombie-attack": ("zombie attack",),
}


def _numbers() -> dict[str, tuple[str, ...]]:
    """Digits and number words, cardinals and ordinals, each searched beside the other
    ("2 players" finds "two players", "7th card" the "seventh card")."""
    names = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
             "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
    ordinals = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth "
                "eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth "
                "eighteenth nineteenth twentieth").split()
    suffix = {1: "st", 2: "nd", 3: "rd"}
    out: dict[str, tuple[str, ...]] = {}
    for n, (name, nth) in enumerate(zip(names, ordinals)):
        digit = str(n)
        short = digit + (suffix.get(n % 10, "th") if n not in (11, 12, 13) else "th")
        out[digit] = (name,)
        out.setdefault(name, (digit,))
        out[short] = (nth, digit)
        out.setdefault(nth, (short,))
    return out


for _word, _also in _numbers().items():
    SYNONYMS[_word] = tuple(dict.fromkeys((*SYNONYMS.get(_word, ()), *_also)))
