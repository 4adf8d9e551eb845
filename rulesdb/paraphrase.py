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
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    import numpy as np

#: Dimensions of a vector.
DIMS = 256
#: At most this many texts' vectors are kept for reuse in one process (about 1 KB each).
MEMO_LIMIT = 40_000

_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


class _Table:
    """The token table: tokenizer, int8 rows and their scales (loaded once, lazily)."""

    def __init__(self) -> None:
        from importlib import resources

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
        #: text -> its unit vector, for texts embedded before by this process: a rebuilt
        #: index (after ``rules import``) embeds only the texts it has not met.
        self.memo: dict[str, "np.ndarray"] = {}


@lru_cache(maxsize=1)
def _table() -> _Table:
    return _Table()


@lru_cache(maxsize=1)
def table_digest() -> str:
    """A sha256 of the table's per-row scales (118 KB; they change whenever the table is
    rebuilt), so that a cached index drops entry vectors made with another table; ""
    when the table is missing.  Reads no numpy and no tokenizer."""
    import hashlib
    from pathlib import Path

    try:  # a plain path, not importlib.resources: this runs at every start of the index
        data = (Path(__file__).resolve().parent / "data" / "paraphrase" / "scales.npy").read_bytes()
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
    memo = t.memo
    todo = []
    for i, x in enumerate(texts):
        v = memo.get(x)
        if v is None:
            todo.append(i)
        else:
            out[i] = v
    if not todo:
        return out
    encoded = t.tokenizer.encode_batch([texts[i] for i in todo], add_special_tokens=False)
    rows = t.rows.view(np.ndarray)  # indexed as a plain array: a memmap's indexing costs more than the row
    for i, enc in zip(todo, encoded):
        ids = [x for x in enc.ids if x != t.unk]
        if ids:
            idx = np.asarray(ids)
            v = (rows[idx].astype(np.float32) * t.scales[idx, None]).mean(axis=0)
            n = float(np.linalg.norm(v))
            if n > 0:
                out[i] = v / n
        if len(memo) < MEMO_LIMIT:
            memo[texts[i]] = out[i].copy()
    return out


def sentences(text: str, shortest: int = 12) -> list[str]:
    """The sentences of an entry's ``text`` worth a vector of their own (longer than
    ``shortest`` characters).

    >>> sentences("Fluffy moves first. He may not leave before tagging the tree; it is.")
    ['Fluffy moves first.', 'He may not leave before tagging the tree;']
    """
    return [s for s in _SENTENCE_END.split(text) if len(s) > shortest]


# -- the query path without numpy or tokenizers ------------------------------------------
#
# A question is embedded at every ``rules ask``; loading numpy, the tokenizers library and
# the 7.5 MB table costs several times the start of the command itself.  So the index
# keeps the table's rows (table ``pieces``: each WordPiece token, its int8 row and scale,
# written when the index is built), and a question is split and averaged here in plain
# Python, the same way as :func:`embed` (same tokens, same rows, float64 arithmetic).

_CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
        (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))
_MAX_WORD = 100


def _is_punct(ch: str) -> bool:
    import unicodedata

    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def pre_tokens(text: str) -> list[str]:
    """``text`` normalised and split as the table's BERT tokenizer does before WordPiece
    (control characters dropped, Chinese characters and punctuation split off, accents
    stripped, lower case).

    >>> pre_tokens("Can't the Dog go, café?")
    ['can', "'", 't', 'the', 'dog', 'go', ',', 'cafe', '?']
    """
    import unicodedata

    out: list[str] = []
    chars: list[str] = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD:
            continue
        cat = unicodedata.category(ch)
        if ch in "\t\n\r" or ch == " " or cat == "Zs":
            chars.append(" ")
        elif cat in ("Cc", "Cf"):
            continue
        elif any(lo <= cp <= hi for lo, hi in _CJK):
            chars.append(f" {ch} ")
        else:
            chars.append(ch)
    norm = unicodedata.normalize("NFD", "".join(chars))
    norm = "".join(c for c in norm if unicodedata.category(c) != "Mn").lower()
    for word in norm.split():
        cur = ""
        for ch in word:
            if _is_punct(ch):
                if cur:
                    out.append(cur)
                    cur = ""
                out.append(ch)
            else:
                cur += ch
        if cur:
            out.append(cur)
    return out


def wordpieces(word: str, lookup) -> list[int] | None:
    """The token ids of one pre-token by greedy longest match (``##`` marks a piece inside
    a word); None when it cannot be split (the tokenizer's ``[UNK]``).  ``lookup(pieces)``
    returns ``{piece: id}`` for those of ``pieces`` in the vocabulary."""
    if len(word) > _MAX_WORD:
        return None
    cands = [(word[s:e] if s == 0 else "##" + word[s:e]) for s in range(len(word))
             for e in range(s + 1, len(word) + 1)]
    known = lookup(cands)
    ids: list[int] = []
    start = 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in known:
                ids.append(known[piece])
                start = end
                break
        else:
            return None
        continue
    return ids


class Pieces:
    """The table's rows as kept in an index (table ``pieces``: ``piece``, ``id``, ``row``
    int8 bytes, ``scale``): :meth:`vector` embeds a text like :func:`embed`, in pure
    Python.  Lookups are cached per word."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self._ids: dict[str, list[int] | None] = {}
        self._rows: dict[int, tuple[bytes, float]] = {}

    def _lookup(self, cands: list[str]) -> dict[str, int]:
        cands = list(dict.fromkeys(cands))
        out: dict[str, int] = {}
        for i in range(0, len(cands), 500):
            part = cands[i:i + 500]
            for piece, pid, row, scale in self.conn.execute(
                    f"SELECT piece, id, row, scale FROM pieces WHERE piece IN "
                    f"({','.join('?' * len(part))})", part):
                out[piece] = pid
                self._rows[pid] = (row, scale)
        return out

    def ids(self, word: str) -> list[int] | None:
        """The token ids of one pre-token (None for ``[UNK]``)."""
        if word not in self._ids:
            self._ids[word] = wordpieces(word, self._lookup)
        return self._ids[word]

    def knows(self, word: str) -> bool:
        """True when ``word`` is a whole token of the vocabulary (see :func:`knows`)."""
        return bool(self._lookup([word]))

    def vector(self, text: str) -> list[float]:
        """The unit vector of ``text`` as ``DIMS`` floats (all zeros without a known token)."""
        from array import array

        acc = [0.0] * DIMS
        n = 0
        for word in pre_tokens(text):
            for pid in self.ids(word) or ():
                row, scale = self._rows[pid]
                acc = [a + b * scale for a, b in zip(acc, array("b", row))]
                n += 1
        if not n:
            return acc
        norm = sum(a * a for a in acc) ** 0.5
        return [a / norm for a in acc] if norm > 0 else [0.0] * DIMS


def pieces_rows():
    """``(piece, id, int8 row bytes, scale)`` for every token of the table, to store in an
    index (needs numpy and tokenizers: the index build only)."""
    t = _table()
    data, width, scales = t.rows.tobytes(), t.rows.shape[1], t.scales.tolist()
    for piece, pid in sorted(t.tokenizer.get_vocab().items(), key=lambda kv: kv[1]):
        if pid < t.rows.shape[0]:
            yield piece, pid, data[pid * width:(pid + 1) * width], scales[pid]
