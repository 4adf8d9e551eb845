"""The learned re-ranker: the search's top :data:`DEPTH` candidates put in the order a
reader would pick them.

The search (:meth:`rulesdb.index.Database.search`) adds its signals with hand-set weights.
For its best :data:`DEPTH` candidates it also knows, per candidate, a row of
:data:`FEATURES` (:func:`features`): the parts of its score, how it stands against the
other candidates, the banked questions near the query that this entry answered, and
what kind of entry it is.  A small model over the standardised features ``z_i = (x_i -
mean_i) / std_i``, a linear term and one hidden layer of a few tanh units::

    score = sum_i linear_i * z_i + sum_h out_h * tanh(bias_h + sum_i hidden_hi * z_i)

trained by ``tools/train_rerank.py`` on the development questions only (the question
bank and the dev/probe/extra sets' reader labels, each question scored with its own
cross-validation fold left out of the bank), re-orders those candidates.  The weights
are data, ``rulesdb/data/rerank.json``, with their provenance; applying them is a few
dot products in plain Python (no numpy on the query path).  The shipped weights are the
average of a few such nets trained from different seeds (one net with their hidden
units side by side), which depends less on the seed than one net.

Without the paraphrase table (no vectors, so half the features are missing) the search
keeps its own order.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

#: The shipped weights.
MODEL_FILE = Path(__file__).resolve().parent / "data" / "rerank.json"
#: How many of the search's best candidates are re-ordered.
DEPTH = 10
#: Banked questions nearer than this count as "asked like this" (feature ``bank_close``).
CLOSE = 0.6
#: How many nearest banked questions vote (features ``bank_vote`` and ``lex_vote``).
VOTERS = 10
#: How many banked questions nearest in words (bm25) are read (features ``lex``, ``lex_vote``).
LEX_NEIGHBOURS = 20

#: The features of one (question, candidate entry) pair, in the order of a row.
FEATURES = (
    "score",        # the search's score / the best candidate's score
    "recip_rank",   # 1 / the search's rank (1..DEPTH)
    "bm25",         # bm25 / the best bm25 of the 60 word-matching candidates
    "cover",        # rarity-weighted share of the query's word groups the entry holds
    "head",         # the same, in its title, keywords, phrases and asked phrasings
    "near",         # share of consecutive query-word pairs found close together
    "nearest",      # how well one of its own phrasings matches the query
    "para",         # cosine to its nearest phrasing or sentence
    "para_gap",     # para - the best para among the candidates
    "bank",         # cosine to the nearest banked question it answered (0 if none)
    "bank_gap",     # bank - the best bank among the candidates
    "bank2",        # cosine to its second nearest banked question
    "bank3",        # mean cosine of its three nearest banked questions (0 for missing ones)
    "bank_close",   # log(1 + its banked questions with cosine >= CLOSE)
    "bank_vote",    # its share of the cosines of the VOTERS nearest banked questions
    "ruling",       # 1 for a ruling (a specific reading), else 0
    "imported",     # 1 for an imported rulebook section
    "prior",        # log(1 + how many banked questions it answers)
    "length",       # log(characters of its text)
    "lex",          # bm25 of its banked question nearest in words / the nearest one's (0: none
                    # among the LEX_NEIGHBOURS nearest)
    "lex_vote",     # its share of the bm25 of the VOTERS banked questions nearest in words
)


@dataclass(frozen=True)
class Model:
    """A trained re-ranker: ``mean``, ``std`` and ``linear`` (one float per feature of
    ``names``, which must be :data:`FEATURES`), and per hidden unit its ``hidden`` weights
    (one per feature), ``bias`` and ``out`` weight (no hidden unit: a linear model)."""

    names: tuple[str, ...]
    mean: tuple[float, ...]
    std: tuple[float, ...]
    linear: tuple[float, ...]
    hidden: tuple[tuple[float, ...], ...] = ()
    bias: tuple[float, ...] = ()
    out: tuple[float, ...] = ()

    def score(self, row: list[float]) -> float:
        """The model's score of one feature row (higher: picked first)."""
        z = [(x - m) / s for x, m, s in zip(row, self.mean, self.std)]
        total = sum(w * x for w, x in zip(self.linear, z))
        for ws, b, o in zip(self.hidden, self.bias, self.out):
            total += o * math.tanh(b + sum(w * x for w, x in zip(ws, z)))
        return total

    def order(self, rows: list[list[float]]) -> list[int]:
        """The indexes of ``rows`` (candidates in the search's order), best first; a tie
        keeps the search's order."""
        scores = [self.score(r) for r in rows]
        return sorted(range(len(rows)), key=lambda i: (-scores[i], i))


def from_json(data: dict) -> Model:
    """The model of a weights object (``{"features", "mean", "std", "linear", "hidden",
    "bias", "out", ...}``; the last three may be missing or empty).  Raises ``ValueError``
    when its features are not :data:`FEATURES` or a list has the wrong length."""
    names = tuple(data["features"])
    if names != FEATURES:
        raise ValueError(f"re-ranker features {names} are not {FEATURES}")
    vec = lambda xs: tuple(float(x) for x in xs)  # noqa: E731
    m, s, w = (vec(data[k]) for k in ("mean", "std", "linear"))
    hidden = tuple(vec(h) for h in data.get("hidden", ()))
    bias, out = vec(data.get("bias", ())), vec(data.get("out", ()))
    if not len(w) == len(m) == len(s) == len(names) or any(x <= 0 for x in s):
        raise ValueError("re-ranker linear, mean and std need one value per feature (std > 0)")
    if not len(hidden) == len(bias) == len(out) or any(len(h) != len(names) for h in hidden):
        raise ValueError("re-ranker hidden units need one weight per feature, a bias and an out weight")
    return Model(names, m, s, w, hidden, bias, out)


def load(path: Path | None = None) -> Model | None:
    """The model in ``path`` (default :data:`MODEL_FILE`); None when the file is missing
    or does not fit :data:`FEATURES` (the search then keeps its own order)."""
    try:
        return from_json(json.loads(Path(path or MODEL_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def features(cands: list[dict]) -> list[list[float]]:
    """One row of :data:`FEATURES` per candidate of ``cands`` (the search's best, in its
    order), each a dict with ``score``, ``bm25``, ``cover``, ``head``, ``near``,
    ``nearest``, ``para`` (cosines, 0 when none), ``bank`` (the cosines to the banked
    questions this entry answered, any order), ``kind`` ("rule", "ruling", "imported"),
    ``banked`` (how many banked questions it answers), ``chars`` (its text's length) and
    ``lex`` (the bm25 scores, over the best one of all, of its banked questions among the
    :data:`LEX_NEIGHBOURS` nearest to the query in words, best first)."""
    if not cands:
        return []
    top = max(c["score"] for c in cands) or 1.0
    best_para = max(c["para"] for c in cands)
    banks = [sorted(c["bank"], reverse=True) for c in cands]
    best_bank = max((b[0] for b in banks if b), default=0.0)
    voters = sorted(((cos, i) for i, b in enumerate(banks) for cos in b[:VOTERS]), reverse=True)[:VOTERS]
    total = sum(max(0.0, cos) for cos, _ in voters) or 1.0
    vote = [0.0] * len(cands)
    for cos, i in voters:
        vote[i] += max(0.0, cos) / total
    lex_voters = sorted(((r, i) for i, c in enumerate(cands) for r in c["lex"]), reverse=True)[:VOTERS]
    lex_total = sum(r for r, _ in lex_voters) or 1.0
    lex_vote = [0.0] * len(cands)
    for r, i in lex_voters:
        lex_vote[i] += r / lex_total
    rows = []
    for k, (c, b) in enumerate(zip(cands, banks)):
        first = b[0] if b else 0.0
        rows.append([
            c["score"] / top, 1.0 / (k + 1), c["bm25"], c["cover"], c["head"], c["near"],
            c["nearest"], c["para"], c["para"] - best_para,
            first, first - best_bank, b[1] if len(b) > 1 else 0.0, sum(b[:3]) / 3,
            math.log1p(sum(1 for x in b if x >= CLOSE)), vote[k],
            float(c["kind"] == "ruling"), float(c["kind"] == "imported"),
            math.log1p(c["banked"]), math.log(1 + c["chars"]),
            max(c["lex"], default=0.0), lex_vote[k],
        ])
    return rows
