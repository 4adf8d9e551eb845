"""The learned verdict gate: whether a canonical question the hand-set checks turned down
may give its verdict after all.

:func:`rulesdb.answer.decide` reads a question against its nearest canonical questions
and states a verdict only when the best of them passes every check (score floor, no
rival of the other verdict within the margin, no key word swapped, the search's first
entry, ...).  Those checks are each right most of the time and each turns down many
verdicts that were right: on the K-fold development questions, three in four of the
best candidates turned down for a rival or a swapped key word give the rulebook's
verdict.  The gate weighs all the evidence at once, :data:`FEATURES` of the best
candidate and its rivals, and lifts a refusal of :data:`LIFTABLE` when the probability
that the verdict is right reaches the shipped threshold.  A contrast, a role swap,
another side ("do the other players ..."), an unnamed opening circumstance or a variant
in play is never lifted.

The model is a small gradient-boosted tree ensemble (``tools/train_gate.py``, trained
with scikit-learn on development data only: the K-fold questions of
``tests/benchmarks/verdict_loo.py``, each read with its own fact or question set held
out of the index); its trees, threshold and figures are data, ``rulesdb/data/gate.json``,
with their provenance.  Applying it walks a few hundred depth-3 trees in plain Python.

>>> g = Gate({"features": ["score"], "init": 0.0, "rate": 1.0, "threshold": 0.9,
...           "trees": [[[0, 1.5, 1, 2, 0.0], [-1, 0, 0, 0, -2.0], [-1, 0, 0, 0, 3.0]]]})
>>> round(g.probability({"score": 1.7}), 3), g.lifts({"score": 1.7}), g.lifts({"score": 1.2})
(0.953, True, False)
"""

from __future__ import annotations

import json
import math
import struct
from functools import lru_cache
from pathlib import Path

#: The shipped model.
GATE_FILE = Path(__file__).resolve().parent / "data" / "gate.json"

#: The refusals of :func:`rulesdb.answer.decide` the gate may lift: each a matter of
#: degree.  The others say the canonical question is another question ("contrast",
#: "roles", "actor"; "opening": the question is asked under a circumstance the canonical
#: question does not name, which may change the answer), or its rule is not in play
#: ("overridden"): never lifted.
LIFTABLE = frozenset({"rival", "swapped", "entry", "words", "floor"})

#: The features of a decision, as :func:`rulesdb.answer.gate_features` computes them.
FEATURES = (
    "score",         # the best candidate's score (cosine + word overlap)
    "cos",           # its cosine
    "dice",          # its word overlap (score - cosine)
    "extra",         # question's content words it leaves unpaired
    "missing",       # its content words the question leaves unpaired
    "nq",            # the question's content words
    "nc",            # its content words
    "ek",            # key words of the question it leaves unpaired (contrast words aside)
    "mk",            # its key words the question leaves unpaired
    "swapped",       # 1 when a key word was swapped (or the question's subject left over)
    "flipped",       # 1 when read with the opposite of its own verdict
    "contrast",      # contrast pairs between them
    "roles",         # role swaps between them
    "cond",          # words of the question's conditions it leaves unpaired
    "assumes",       # words of its conditions the question leaves unpaired
    "gap",           # its score - the best score of the other verdict (1 when none; capped at 1)
    "gap_nq",        # the same, over rivals that are not another question
    "same_e",        # candidates of its entry within 0.3 that agree
    "same_any",      # candidates within 0.3 that agree
    "opp_any",       # candidates within 0.3 of the other verdict
    "top",           # 1 when its entry is the search's first
    "claim",         # 1 when the question is a claim ("he says X")
    "neg",           # the question's negations (0-2)
    "oblig",         # 1 when the question words an obligation
    "actor_diff",    # 1 when the question's side differs from its side
    "opening",       # words of the question's opening circumstance it leaves unpaired
    "hand",          # 1 when the hand-set checks accept it
    "verdict_yes",   # 1 when the verdict read is "yes"
    "n_entries",     # entries among the candidates within 0.3
    "entry_share",   # share of the candidates within 0.3 that are of its entry
    "same_fact",     # agreeing candidates within 0.3 stating the same fact (its "because")
    "rival_same_entry",  # 1 when the best rival within 0.3 is of its own entry
    "clauses",       # clauses of the question
    "gap2",          # its score - the next candidate's, either verdict (capped at 1)
    "extra_ratio",   # extra / the question's content words
    "missing_ratio",  # missing / its content words
)


class Gate:
    """A gradient-boosted ensemble over :data:`FEATURES`: ``features`` (names, in the
    order the trees index them), ``init`` (the log-odds before any tree), ``rate`` (the
    learning rate), ``trees`` (each a list of nodes ``[feature index, threshold, left,
    right, value]``, a leaf when the index is -1; a row goes left when its feature is at
    most the threshold) and ``threshold`` (the least probability that lifts).  Raises
    ``ValueError`` for a model that is not of that shape."""

    def __init__(self, data: dict) -> None:
        try:
            self.features = tuple(data["features"])
            self.init = float(data["init"])
            self.rate = float(data["rate"])
            self.threshold = float(data["threshold"])
            self.trees = [[(int(n[0]), float(n[1]), int(n[2]), int(n[3]), float(n[4])) for n in t]
                          for t in data["trees"]]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"not a verdict gate model ({exc})") from None
        for t in self.trees:
            for f, _, left, right, _ in t:
                if f >= len(self.features) or (f >= 0 and not (0 < left < len(t) and 0 < right < len(t))):
                    raise ValueError("not a verdict gate model (a node points outside its tree)")

    def probability(self, features: dict) -> float:
        """The probability (0-1) that the verdict read is the rulebook's, for ``features``
        (a dict with every name of :attr:`features`)."""
        # the trees were grown on float32 features (scikit-learn): compare as they were
        row = [_f32(features[name]) for name in self.features]
        raw = self.init
        for tree in self.trees:
            i = 0
            while True:
                f, thr, left, right, value = tree[i]
                if f < 0:
                    raw += self.rate * value
                    break
                i = left if row[f] <= thr else right
        return 1.0 / (1.0 + math.exp(-raw))

    def lifts(self, features: dict) -> bool:
        """True when :meth:`probability` reaches :attr:`threshold`."""
        return self.probability(features) >= self.threshold


def _f32(x) -> float:
    return struct.unpack("f", struct.pack("f", float(x)))[0]


@lru_cache(maxsize=1)
def shipped() -> Gate | None:
    """The shipped gate (:data:`GATE_FILE`), or None when there is none (then no refusal
    is lifted).  Raises ``ValueError`` for a file that is not a model."""
    try:
        text = GATE_FILE.read_text(encoding="utf-8")
    except OSError:
        return None
    return Gate(json.loads(text))
