"""The paraphrase signal: texts that say the same thing in other words get close vectors.

Word matching (:mod:`rulesdb.index`) finds an entry when the question shares its words or
their listed synonyms.  A player at the table often shares neither ("the pooch already
peed on the tree, do we keep going?").  This module embeds a text as the mean of static
token vectors distilled from the sentence model all-MiniLM-L6-v2 (see
``rulesdb/data/paraphrase/README.md``): no neural network runs, a query takes well
under a millisecond, and the search adds the cosine between the query and each entry's
nearest phrasing or sentence to its word-matching score.

Shapes: every vector is ``float32[DIMS]`` with unit length (all zeros for a text with no
known token); :func:`embed` returns ``float32[len(texts), DIMS]``.

>>> import numpy as np
>>> v = embed(["Can the dog leave by the gate?", "May Fluffy exit through the gate?",
...            "How many cards does each player draw?"])
>>> v.shape
(3, 256)
>>> bool(v[0] @ v[1] > v[0] @ v[2])
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    import numpy as np

#: Dimensions of a vector.
DIMS = 256

_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


class _Table:
    """The token table: tokenizer, int8 rows and their scales (loaded once, lazily)."""

    def __init__(self) -> None:
        import numpy as np
        from tokenizers import Tokenizer

        base = resources.files("rulesdb") / "data" / "paraphrase"
        with resources.as_file(base / "tokenizer.json") as p:
            self.tokenizer = Tokenizer.from_file(str(p))
        self.tokenizer.no_truncation()
        self.tokenizer.no_padding()
        with resources.as_file(base / "vectors.npy") as p:
            self.rows = np.load(p, mmap_mode="r")
        with resources.as_file(base / "scales.npy") as p:
            self.scales = np.load(p)
        if self.rows.shape[1] != DIMS or self.rows.shape[0] != self.scales.shape[0]:
            raise ValueError(f"paraphrase table has shape {self.rows.shape}, expected (n, {DIMS})")
        unk = self.tokenizer.token_to_id("[UNK]")
        self.unk = -1 if unk is None else unk


@lru_cache(maxsize=1)
def _table() -> _Table:
    return _Table()


@lru_cache(maxsize=1)
def table_digest() -> str:
    """A sha256 of the table's per-row scales (118 KB; they change whenever the table is
    rebuilt), so that a cached index drops entry vectors made with another table; ""
    when the table is missing.  Reads no numpy and no tokenizer."""
    import hashlib

    try:
        data = (resources.files("rulesdb") / "data" / "paraphrase" / "scales.npy").read_bytes()
    except OSError:
        return ""
    return hashlib.sha256(data).hexdigest()


def available() -> bool:
    """True when the table and its libraries (numpy, tokenizers) load; the search falls
    back to word matching alone when they do not."""
    try:
        _table()
    except Exception:  # noqa: BLE001 - any failure to load means "not available"
        return False
    return True


def knows(word: str) -> bool:
    """True when ``word`` (lower case) is a whole token of the table's vocabulary: an
    English word the paraphrase signal understands as it is ("resolved"), as opposed to
    a typo ("sprnt") better replaced by the search's correction.

    >>> knows("resolved"), knows("sprnt")
    (True, False)
    """
    return _table().tokenizer.token_to_id(word) is not None


def embed(texts: Sequence[str]) -> "np.ndarray":
    """Unit vectors of ``texts``: ``float32[len(texts), DIMS]``, each the normalised mean of
    its tokens' rows (unknown tokens skipped; a text with no token gives zeros).

    Raises ``ImportError``/``OSError`` when the table cannot be loaded (see :func:`available`).
    """
    import numpy as np

    t = _table()
    out = np.zeros((len(texts), DIMS), dtype=np.float32)
    if not texts:
        return out
    for i, enc in enumerate(t.tokenizer.encode_batch(list(texts), add_special_tokens=False)):
        ids = [x for x in enc.ids if x != t.unk]
        if not ids:
            continue
        idx = np.asarray(ids)
        v = (t.rows[idx].astype(np.float32) * t.scales[idx, None]).mean(axis=0)
        n = float(np.linalg.norm(v))
        if n > 0:
            out[i] = v / n
    return out


def sentences(text: str, shortest: int = 12) -> list[str]:
    """The sentences of an entry's ``text`` worth a vector of their own (longer than
    ``shortest`` characters).

    >>> sentences("Fluffy moves first. He may not leave before tagging the tree; it is.")
    ['Fluffy moves first.', 'He may not leave before tagging the tree;']
    """
    return [s for s in _SENTENCE_END.split(text) if len(s) > shortest]
