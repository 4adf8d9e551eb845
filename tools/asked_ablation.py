"""Which of the entries' asked phrasings earn their place: take them out, see what moves.

The sibling of ``tools/tuning_ablation.py`` for ``rulesdb/data/tuning/asked.jsonl`` (one
``{"entry", "q", "why"}`` a line).  A phrasing shapes its entry only: its row of table
``asks`` (the nearest-phrasing signal), the entry's ``asked`` column of table ``fts``
(bm25, coverage, near pairs), the words of table ``vocab`` (typo corrections) and its
vector in table ``vecs`` (the paraphrase signal).  All four are patched in place, in both
indexes (without the question bank, for the ranks; with it, as ``rules ask`` has it, for
the verdicts), so a trial costs only the searches it repeats.

Which questions are searched again when phrasings of entry E go out: those where E's
score can change, that is that hold a word of those phrasings (their bm25, coverage and
nearest phrasing read only the question's words) or whose nearest vector of E is one of
those phrasings (the paraphrase signal), and of those only

- the dev questions E could move across hit@1 or hit@3 by falling: those E answers at
  rank 1 to 3; those answered at rank 2 or 4 with E above the answer (E falling below it
  lifts the answer one place); and those where E has the best bm25 or the best word
  score, which scale every other candidate's (so the others may reorder);
- the verdict questions that had E among their 10 first hits with the bank (``rules
  ask`` reads the canonical questions of the first 8: a verdict changes only when that
  set does, since the phrasings are no part of the canonical questions);
- every question holding a word that E no longer holds at all (that word's document
  frequency falls, which moves its bm25 weight in every game and its coverage weight in
  E's game).

Not followed: E's bm25 on the question's words rising a little (a shorter ``asked``
column), near pairs across the end of one phrasing and the start of the next, and the
mean document length of bm25.  So it is a
screen: the full ``rules_eval.py`` and ``verdict_eval.py`` runs are the proof.

The search runs WITHOUT the question bank for the ranks (the bank holds the dev questions
themselves: with it, a phrasing would look useless merely because its question was
banked), as ``tuning_ablation.py`` does.

``--sequential`` (the removal that holds): entry by entry, most phrasings first, the entry's
phrasings past its first two are taken out together; when nothing moves (no dev question
crosses hit@1 or hit@3, no verdict changes: right, opposite or none) they stay out.
Otherwise the phrasing sharing most words with the question that moved stays and the
rest are tried again (the last phrasing so kept is needed: the trial without it was the
one that moved; earlier ones are tried alone at the end); with no word shared, the group
is split in halves, each tried alone.
Then each of the first two is tried alone while the entry keeps more than two.  Every
entry keeps at least two phrasings (``tests/test_rulesdb.py`` asks for them).  A row
kept because a question moved without it gets that question as its ``why`` when it had
none ("written with the entry").  ``--keep Q`` keeps the phrasing ``Q`` (a row a test pins,
or one the full figures show is needed); ``--budget`` bounds the run.

The report mode (no ``--sequential``) takes each row out alone and searches again the
questions above that hold one of its words (fast, and the question that motivated a
phrasing shares its words), and prints the question whose rank moves most without it;
``--write-why`` writes it into each row whose ``why`` is still "written with the entry".

Dev sets only (``tuning_ablation.dev_sets``, ``verdicts-dev``): never a blind or
held-out set.

Usage (from the repository root)::

    .venv/bin/python tools/asked_ablation.py                  # report (JSON lines on stdout)
    .venv/bin/python tools/asked_ablation.py --write-why      # and fill the placeholder whys
    .venv/bin/python tools/asked_ablation.py --sequential     # remove, rewrite asked.jsonl
    .venv/bin/python tools/asked_ablation.py --sequential --entry fluffy.tree  # one entry
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import tuning_ablation as _ta  # noqa: E402

from rulesdb import answer as _answer  # noqa: E402
from rulesdb import index as _index  # noqa: E402
from rulesdb.model import ASKED_FILE, load_entries  # noqa: E402

#: The ``why`` of a phrasing nobody traced to a question.
PLACEHOLDER = "written with the entry"
#: Phrasings every entry keeps (tests/test_rulesdb.py asks for two).
FLOOR = 2
#: How deep a question's hits are read (``rules_eval.rank`` reads 10).
DEPTH = 10
#: The report mode searches again the questions that hold a phrasing's words and have
#: its entry among their first HOLD hits.
HOLD = 4
COL = _index.COLUMNS.index("asked")


def load_rows(path: Path = ASKED_FILE) -> list[dict]:
    """The rows of ``asked.jsonl`` in file order."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_rows(rows: list[dict], path: Path = ASKED_FILE) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def _norm(q: str) -> str:
    return " ".join(q.split())


class AskedAblation:
    """Both indexes built once, the phrasings each entry has live, and every dev and
    verdict question's first hits (kept current as phrasings go)."""

    def __init__(self, tmp: Path, rows: list[dict], verdicts: bool = True, db=None,
                 sets: dict[str, list[dict]] | None = None, games: set[str] | None = None,
                 fast: bool = True) -> None:
        """``rows``: the rows of ``asked.jsonl`` (the entries are read with them); ``db``:
        the index to patch for the ranks (default: one built in ``tmp`` without the bank);
        ``sets``: the questions (default :func:`tuning_ablation.dev_sets`), of ``games``
        only when given; ``fast``: the paraphrase signal's cosines computed with numpy
        (:func:`_fast_nearest`).  Searches every question once."""
        from rulesdb import Database

        self.db = db or Database(index_path=tmp / "index.sqlite", imports_path=tmp / "none.db",
                                 bank_path=tmp / "no-bank.jsonl", asked_before=0.0)
        self.vdb = Database(index_path=tmp / "vindex.sqlite",
                            imports_path=tmp / "none.db") if verdicts else None
        self.dbs = [self.db] + ([self.vdb] if self.vdb is not None else [])
        if fast:
            import types

            for d in self.dbs:
                d._nearest = types.MethodType(_fast_nearest, d)
        self.rows = rows
        entries = load_entries()
        assert [e.id for e in entries] == self.db.ids(), "the index holds other entries"
        self.entry = {e.id: e for e in entries}
        self.doc = {e.id: rowid for rowid, e in enumerate(entries, 1)}
        self.by_entry: dict[str, list[int]] = collections.defaultdict(list)
        for i, r in enumerate(rows):
            self.by_entry[r["entry"]].append(i)
        # the phrasings of an entry's TOML table come first (none today), then the file's
        self.fixed = {eid: e.asked[: len(e.asked) - len(self.by_entry.get(eid, ()))]
                      for eid, e in self.entry.items()}
        for eid, idx in self.by_entry.items():
            assert list(self.entry[eid].asked[len(self.fixed[eid]):]) == [
                _norm(rows[i]["q"]) for i in idx], eid
        self.live = {eid: list(idx) for eid, idx in self.by_entry.items()}
        # askids as build_index numbers them
        self.askid: dict[int, int] = {}
        askid = 0
        for e in entries:
            n_heads = sum(1 for p in (e.title, getattr(e, "question", ""), *e.phrases,
                                      *self.fixed[e.id]) if p)
            askid += n_heads
            for i in self.by_entry.get(e.id, ()):
                askid += 1
                self.askid[i] = askid
        n_asks = self.db.conn.execute("SELECT count(*) FROM askmeta").fetchone()[0]
        assert n_asks == askid, (n_asks, askid)
        # the vectors' rowids as build_index numbers them (none without the paraphrase table)
        self.vrow: dict[tuple[int, str], int] = {}
        n_vecs = self.db.conn.execute("SELECT count(*) FROM vecs").fetchone()[0]
        if n_vecs:
            k = 0
            for e in entries:
                for t in _index._vector_texts(e):
                    k += 1
                    self.vrow[self.doc[e.id], t] = k
            assert k == n_vecs, (k, n_vecs)
        self._blobs: dict[tuple[int, int], bytes] = {}  # (db index, vec rowid) -> blob

        sets = _ta.dev_sets() if sets is None else sets
        self.questions = [(name, q) for name, qs in sets.items() for q in qs
                          if games is None or q["game"] in games]
        self.facts = [[re.compile(f, re.I) for f in q["facts"]] for _, q in self.questions]
        self.verdict_rows = [r for r in (_ta.verdict_rows() if verdicts else [])
                             if games is None or r["game"] in games]
        #: entry -> the questions that moved in its trials (searched first in the next)
        self.movers: dict[str, list[int]] = collections.defaultdict(list)
        # the words each question is searched with, for "who holds word w"
        self.qwords = sqlite3.connect(":memory:")
        self.qwords.execute("CREATE VIRTUAL TABLE q USING fts5(kind UNINDEXED, text, "
                            "tokenize = 'porter unicode61 remove_diacritics 2')")
        with self.qwords:
            for i, (_, q) in enumerate(self.questions):
                self._index_words("d", i, q["q"])
            for j, r in enumerate(self.verdict_rows):
                self._index_words("v", j, r["q"])
        # baseline: every question's rank and first hits
        t0 = time.perf_counter()
        self.rank: dict[int, int | None] = {}
        self.top: dict[int, list[str]] = {}
        #: entry -> the questions it could move across hit@1/hit@3 by falling (:meth:`_exposed`)
        self.holders: dict[str, set[int]] = collections.defaultdict(set)
        #: entry -> the questions with it among their first HOLD hits (the report mode's)
        self.near: dict[str, set[int]] = collections.defaultdict(set)
        self.exposed: dict[int, set[str]] = {}
        #: question -> {entry exposed to it: the text of its nearest vector}
        self.nearest: dict[int, dict[str, str]] = {}
        self.vnearest: dict[int, dict[str, str]] = {}
        self._vec_of: dict[str, dict[str, object]] = {}  # entry -> {text: vector}
        for i in range(len(self.questions)):
            self._set_top(i, *self._search(i))
        self.vout: dict[int, str | None] = {}
        self.vtop: dict[int, list[str]] = {}
        self.vholders: dict[str, set[int]] = collections.defaultdict(set)
        for j in range(len(self.verdict_rows)):
            self._set_vtop(j, *self._verdict(j))
        self.setup_searches_s = round(time.perf_counter() - t0, 1)

    # -- questions ---------------------------------------------------------------------

    def _index_words(self, kind: str, n: int, text: str) -> None:
        terms = {t for grp in self.db.parse(text) for t in grp} | set(_index.rewrite(text).split())
        self.qwords.execute("INSERT INTO q (rowid, kind, text) VALUES (?, ?, ?)",
                            ((n + 1) * 2 + (kind == "v"), kind, " ".join(sorted(terms))))

    def holding(self, words_: set[str]) -> tuple[set[int], set[int]]:
        """The dev questions and the verdict questions holding any of ``words_``
        (porter stems, as the index matches)."""
        if not words_:
            return set(), set()
        expr = " OR ".join(_index._quote(w) for w in sorted(words_))
        d, v = set(), set()
        for (rowid,) in self.qwords.execute("SELECT rowid FROM q WHERE q MATCH ?", (expr,)):
            (v if rowid % 2 else d).add(rowid // 2 - 1)
        return d, v

    def _search(self, i: int) -> tuple[int | None, list[str], set[str]]:
        """Question ``i``'s rank, first hits, and the entries that could move it across
        hit@1 or hit@3 by falling (see the module docstring)."""
        _, q = self.questions[i]
        db = self.db
        db.explain = {}
        try:
            hits = db.search(q["q"], game=q["game"], limit=DEPTH)
            parts = db.explain
        finally:
            db.explain = None
        rank = None
        for k, hit in enumerate(hits, 1):
            blob = f"{hit.title}\n{hit.text}"
            if all(f.search(blob) for f in self.facts[i]):
                rank = k
                break
        ids = [h.id for h in hits]
        exposed: set[str] = set()
        if rank is not None and rank <= 3:
            exposed.add(ids[rank - 1])
        if rank in (2, 4):
            exposed.update(ids[: rank - 1])
        if parts:  # the candidates' scalers: the best bm25 and the best word score
            exposed.add(max(parts, key=lambda e: parts[e]["bm25"]))
            exposed.add(max(parts, key=lambda e: (parts[e]["bm25"] + db.coverage * parts[e]["cover"]
                                                  + db.head * parts[e]["head"] + db.near * parts[e]["near"]
                                                  + db.asked * parts[e]["nearest"])))
        return rank, ids, exposed, self._nearest_texts(q["q"], q["game"], exposed)

    def _nearest_texts(self, query: str, game: str, eids) -> dict[str, str]:
        """For each entry of ``eids``: the text of its vector nearest ``query`` (as
        :meth:`rulesdb.Database.search` computes the paraphrase signal); {} without vectors."""
        from operator import mul

        if not self.vrow:
            return {}
        qv = self.db.query_vector(self.db._corrected(_index.strip_game_name(query, game)))
        if qv is None:
            return {}
        out = {}
        for eid in eids:
            vecs = self._vectors(eid)
            if vecs:
                out[eid] = max(vecs, key=lambda t: sum(map(mul, qv, vecs[t])))
        return out

    def _vectors(self, eid: str) -> dict[str, object]:
        """Entry ``eid``'s live vectors by text."""
        from array import array

        if not self._vec_of:  # every entry's vectors, read at the first search (all in)
            text = {v: (d, t) for (d, t), v in self.vrow.items()}
            eid_of = {doc: e for e, doc in self.doc.items()}
            for rowid, blob in self.db.conn.execute("SELECT rowid, vec FROM vecs"):
                vec = array("f")
                vec.frombytes(blob)
                d, t = text[rowid]
                self._vec_of.setdefault(eid_of[d], {})[t] = vec
        live = set(_index._vector_texts(self._entry_with(eid, self.live[eid])))
        return {t: v for t, v in self._vec_of[eid].items() if t in live}

    def _set_top(self, i: int, rank: int | None, ids: list[str], exposed: set[str],
                 nearest: dict[str, str]) -> None:
        for eid in self.top.get(i, ()):
            self.near[eid].discard(i)
        for eid in self.exposed.get(i, ()):
            self.holders[eid].discard(i)
        self.rank[i], self.top[i], self.exposed[i], self.nearest[i] = rank, ids, exposed, nearest
        for eid in ids[:HOLD]:
            self.near[eid].add(i)
        for eid in exposed:
            self.holders[eid].add(i)

    def _verdict(self, j: int) -> tuple[str | None, list[str], dict[str, str]]:
        """As ``tuning_ablation.verdict_outcome`` (``rules ask``: the first 8 hits' canonical
        questions), with the first hits."""
        out, ids = self._verdict_only(j)
        return out, ids, self._nearest_texts(self.verdict_rows[j]["q"], self.verdict_rows[j]["game"], ids)

    def _verdict_only(self, j: int) -> tuple[str | None, list[str]]:
        row = self.verdict_rows[j]
        ids = [h.id for h in self.vdb.search(row["q"], game=row["game"], limit=DEPTH)]
        q = _answer.read(row["q"])
        ex: list = []
        _answer.match(self.vdb, q, row["game"], floor=-9, extra=99, missing=99, explain=ex,
                      entries=ids[:8])
        f = ex[0] if ex else None
        if f is None or not q.yes_no or not (f["polarity"] and f["numbers"]) or f["rival"]:
            return None, ids
        if (f["score"] < _answer.VERDICT_FLOOR or f["extra"] > _answer.EXTRA_WORDS
                or f["missing"] > _answer.MISSING_WORDS or f["extra_keys"]):
            return None, ids
        return ("right" if f["verdict"] == row["verdict"] else "wrong"), ids

    def _set_vtop(self, j: int, out: str | None, ids: list[str], nearest: dict[str, str]) -> None:
        for eid in self.vtop.get(j, ()):
            self.vholders[eid].discard(j)
        self.vout[j], self.vtop[j], self.vnearest[j] = out, ids, nearest
        for eid in ids:
            self.vholders[eid].add(j)

    # -- the index side ----------------------------------------------------------------

    def _entry_with(self, eid: str, live: list[int]) -> object:
        asked = self.fixed[eid] + tuple(_norm(self.rows[i]["q"]) for i in live)
        return dataclasses.replace(self.entry[eid], asked=asked)

    def set_live(self, eid: str, live: list[int]) -> None:
        """Patch both indexes so that entry ``eid`` has the phrasings ``live`` (row indices)."""
        old, new = self.live[eid], list(live)
        if old == new:
            return
        e_old, e_new = self._entry_with(eid, old), self._entry_with(eid, new)
        doc = self.doc[eid]
        gone, back = set(old) - set(new), set(new) - set(old)
        col = _index._columns(e_new)[COL]
        count = collections.Counter
        vdiff = count(w for w in _index.words(" ".join(_index._columns(e_new))) if not w.isdigit())
        vdiff.subtract(w for w in _index.words(" ".join(_index._columns(e_old))) if not w.isdigit())
        t_old, t_new = _index._vector_texts(e_old), _index._vector_texts(e_new)
        vgone = [self.vrow[doc, t] for t in set(t_old) - set(t_new) if (doc, t) in self.vrow]
        vback = [self.vrow[doc, t] for t in set(t_new) - set(t_old) if (doc, t) in self.vrow]
        for k, db in enumerate(self.dbs):
            conn = db.conn
            for v in vgone:
                if (k, v) not in self._blobs:
                    self._blobs[k, v] = conn.execute(
                        "SELECT vec FROM vecs WHERE rowid = ?", (v,)).fetchone()[0]
            with conn:
                for i in gone:
                    conn.execute("DELETE FROM asks WHERE rowid = ?", (self.askid[i],))
                for i in back:
                    conn.execute("INSERT INTO asks (rowid, text, game) VALUES (?, ?, ?)",
                                 (self.askid[i], _index.rewrite(self.rows[i]["q"]),
                                  _index._game_token(self.entry[eid].game)))
                conn.execute("UPDATE fts SET asked = ? WHERE rowid = ?", (col, doc))
                for w, d in vdiff.items():
                    if d:
                        conn.execute("INSERT INTO vocab (word, n) VALUES (?, ?) ON CONFLICT (word) "
                                     "DO UPDATE SET n = n + excluded.n", (w, d))
                conn.execute("DELETE FROM vocab WHERE n <= 0")
                for v in vgone:
                    conn.execute("DELETE FROM vecs WHERE rowid = ?", (v,))
                for v in vback:
                    conn.execute("INSERT INTO vecs (rowid, doc, vec) VALUES (?, ?, ?)",
                                 (v, doc, self._blobs[k, v]))
            db._known, db._fixed, db._parsed, db._vocab = {}, {}, {}, None
            db._vecs.get("vecs", {}).pop(doc, None)
        self.live[eid] = new

    def lost_words(self, eid: str, rows: list[int]) -> set[str]:
        """The words of phrasings ``rows`` that entry ``eid`` no longer holds anywhere (call
        with them out)."""
        doc = self.doc[eid]
        ws = {w for i in rows for w in _index.rewrite(self.rows[i]["q"]).split()}
        return {w for w in ws if self.db.conn.execute(
            "SELECT 1 FROM fts WHERE rowid = ? AND fts MATCH ?", (doc, _index._quote(w))).fetchone() is None}

    # -- trials ------------------------------------------------------------------------

    def affected(self, eid: str, rows: list[int]) -> tuple[list[int], list[int]]:
        """The dev and verdict questions phrasings ``rows`` of ``eid`` can move (call with
        them out), likeliest first: those whose first hit is ``eid``."""
        d, v = self.holding(self.lost_words(eid, rows))
        ws = {w for i in rows for w in _index.rewrite(self.rows[i]["q"]).split()
              if w not in _index.STOP_WORDS}
        hd, hv = self.holding(ws)
        texts = {_norm(self.rows[i]["q"]) for i in rows}
        d |= {i for i in self.holders[eid] if i in hd or self.nearest[i].get(eid) in texts}
        v |= {j for j in self.vholders[eid] if j in hv or self.vnearest[j].get(eid) in texts}
        pos = {i: (self.top[i].index(eid) if eid in self.top[i] else DEPTH) for i in d}
        first = self.movers[eid]
        return sorted(d, key=lambda i: (i not in first, pos[i], i)), sorted(v)

    def _describe(self, i: int, before, after) -> str:
        name, q = self.questions[i]
        better = _ta._badness(after) < _ta._badness(before)
        return ("(its removal lifts this one) " * better
                + f"{q['q']} [{name} {q.get('id') or '?'}: rank {before} -> {after} without]")

    def try_drop(self, eid: str, rows: list[int]) -> str | None:
        """Take phrasings ``rows`` of ``eid`` out for good unless a dev question crosses
        hit@1 or hit@3 or a verdict changes; then put them back and say what moved (and
        set :attr:`moved_q` to the question that moved)."""
        before = self.live[eid]
        self.set_live(eid, [i for i in before if i not in rows])
        d, v = self.affected(eid, rows)
        vnew, dnew, moved, self.moved_q = {}, {}, None, ""
        for j in v:
            vnew[j] = self._verdict(j)
            if vnew[j][0] != self.vout[j]:
                moved = f"verdict {self.verdict_rows[j]['q']!r}: {self.vout[j]} -> {vnew[j][0]}"
                self.moved_q = self.verdict_rows[j]["q"]
                break
        if moved is None:
            for i in d:
                dnew[i] = self._search(i)
                if _ta._hits(dnew[i][0]) != _ta._hits(self.rank[i]):
                    moved = self._describe(i, self.rank[i], dnew[i][0])
                    self.moved_q = self.questions[i][1]["q"]
                    self.movers[eid].append(i)
                    break
        if moved is not None:
            self.set_live(eid, before)
            return moved
        for i, res in dnew.items():
            self._set_top(i, *res)
        for j, res in vnew.items():
            self._set_vtop(j, *res)
        return None

    def report(self, i_row: int) -> dict:
        """Row ``i_row`` out alone: the questions holding its words and its entry among their
        first hits searched again; the one whose rank moves most, and whether a figure
        (a set's hit@1 or hit@3 count) moves.  The row is put back."""
        row = self.rows[i_row]
        eid = row["entry"]
        before = self.live[eid]
        ws = {w for w in _index.rewrite(row["q"]).split() if w not in _index.STOP_WORDS}
        hold, _ = self.holding(ws)
        self.set_live(eid, [i for i in before if i != i_row])
        try:
            lost, _ = self.holding(self.lost_words(eid, [i_row]))
            idx = sorted((hold & self.near[eid]) | lost)
            after = {i: self._search(i)[0] for i in idx}
        finally:
            self.set_live(eid, before)
        moved, delta = [], collections.Counter()
        for i, r in after.items():
            b = self.rank[i]
            if r != b:
                moved.append((_ta._badness(r) - _ta._badness(b), i, b, r))
                name = self.questions[i][0]
                delta[name, "hit@1"] += (r == 1) - (b == 1)
                delta[name, "hit@3"] += (r is not None and r <= 3) - (b is not None and b <= 3)
        moved.sort(key=lambda m: (m[0] <= 0, -abs(m[0]), m[1]))
        out = {"entry": eid, "q": row["q"], "questions": len(idx), "moved_ranks": len(moved),
               "worse_without": sum(1 for m in moved if m[0] > 0),
               "moves_figure": any(delta.values())}
        if moved:
            _, i, b, r = moved[0]
            out["why"] = self._describe(i, b, r)
        return out


def _fast_nearest(self, query: str, game, tables, docs=None, all_bank=None) -> list[dict[int, float]]:
    """:meth:`rulesdb.Database._nearest` with numpy (float64: the same cosines but for the
    order of the additions), ``all_bank`` filled as it fills it (for the re-ranker); the
    tool's own, the query path stays pure Python."""
    import numpy as np

    q = self.query_vector(query)
    if q is None:
        return [{} for _ in tables]
    qn = np.asarray(q, dtype=np.float64)
    docs = list(docs) if docs is not None else None
    mats = self.__dict__.setdefault("_np_mats", {})
    out = []
    for table in tables:
        res = {}
        for d, vs in self._doc_vectors(table, docs, game).items():
            m = mats.get((table, d))
            if m is None or m[0] is not vs:  # a document whose vectors were patched
                m = mats[table, d] = (vs, np.array([np.frombuffer(v, dtype=np.float32) for v in vs],
                                                   dtype=np.float64))
            cos = m[1] @ qn
            if table == "bank" and all_bank is not None:
                all_bank[d] = [float(c) for c in cos]
            res[d] = float(cos.max())
        out.append(res)
    return out


def _stems(text: str) -> set[str]:
    return {w[:5] for w in _index.rewrite(text).split() if w not in _index.STOP_WORDS}


def _suspect(ab: AskedAblation, group: list[int], question: str) -> int | None:
    """The phrasing of ``group`` sharing the most words (their first five letters) with
    ``question``; None when none shares one."""
    q = _stems(question)
    best = max(group, key=lambda i: len(_stems(ab.rows[i]["q"]) & q))
    return best if _stems(ab.rows[best]["q"]) & q else None


def sequential(ab: AskedAblation, budget: float, keep: set[str], only: set[str],
               fewest_first: bool = False) -> dict:
    """Entry by entry: the phrasings past the first two out together, a suspect kept (or
    halves) on failure (``attempt``), then the first two alone while more than two
    remain (see the module docstring).  Returns counts; rewrites nothing (the caller writes ``ab.live``)."""
    t0 = time.perf_counter()
    tried = dropped = 0
    kept_why: dict[int, str] = {}

    def attempt(eid: str, group: list[int]) -> None:
        """Out with ``group``; when something moves, the phrasing nearest the question that
        moved (the most words shared) is the suspect: it stays, and the rest are tried
        again.  With no suspect (no word shared), the group is halved."""
        nonlocal tried, dropped
        group = [i for i in group if _norm(ab.rows[i]["q"]) not in keep]
        suspects: list[tuple[int, str]] = []
        passed = False
        while group and time.perf_counter() - t0 <= budget:
            tried += 1
            moved = ab.try_drop(eid, group)
            print(json.dumps({"entry": eid, "rows": [ab.rows[i]["q"] for i in group],
                              "dropped": moved is None, **({"why": moved} if moved else {})},
                             ensure_ascii=False), flush=True)
            if moved is None:
                dropped += len(group)
                passed = True
                break
            if len(group) == 1:
                kept_why[group[0]] = moved
                break
            s = _suspect(ab, group, ab.moved_q)
            if s is None:
                half = len(group) // 2
                attempt(eid, group[:half])
                attempt(eid, group[half:])
                break
            suspects.append((s, moved))
            group = [i for i in group if i != s]
        # the last suspect is needed when the rest went: without it too, the phrasings
        # out are those of the trial that moved; any earlier one is tried alone
        if passed and suspects:
            s, moved = suspects.pop()
            kept_why[s] = moved
        for s, _ in suspects:
            attempt(eid, [s])

    # the entries with the most phrasings first: the most rows a trial can take out
    for eid in sorted(ab.by_entry, key=lambda e: len(ab.by_entry[e]) * (1 if fewest_first else -1)):
        if only and eid not in only:
            continue
        live = ab.live[eid]
        attempt(eid, live[FLOOR:])
        for i in live[:FLOOR]:
            if len(ab.live[eid]) > FLOOR:
                attempt(eid, [i])
    return {"tried": tried, "dropped": dropped, "kept_why": kept_why,
            "seconds": round(time.perf_counter() - t0, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sequential", action="store_true",
                    help="remove phrasings, keeping each out when nothing moves, and rewrite asked.jsonl")
    ap.add_argument("--write-why", action="store_true",
                    help="report mode: write the question that moves most into each row "
                         f"whose why is {PLACEHOLDER!r}")
    ap.add_argument("--keep", action="append", default=[], help="a phrasing never dropped")
    ap.add_argument("--entry", action="append", default=[], help="only these entries")
    ap.add_argument("--budget", type=float, default=float("inf"), metavar="SECONDS",
                    help="with --sequential: stop trying after this long (the rest stay)")
    ap.add_argument("--no-verdicts", action="store_true", help="do not measure the verdicts (weaker)")
    ap.add_argument("--game", action="append", default=[],
                    help="only these games' entries and questions (runs of disjoint games "
                         "may go side by side, each with --out; a word a game's entry loses "
                         "is then not followed into the others' questions)")
    ap.add_argument("--fewest-first", action="store_true",
                    help="with --sequential: the entries with the fewest phrasings first (a "
                         "second run from the other end)")
    ap.add_argument("--out", type=Path, default=ASKED_FILE, help="where the rows are written")
    args = ap.parse_args()
    rows = load_rows()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        ab = AskedAblation(Path(tmp), rows, verdicts=not args.no_verdicts,
                           games=set(args.game) or None)
        if args.game:
            args.entry = args.entry or [e for e, en in ab.entry.items() if en.game in args.game]
        setup = {"setup_s": round(time.perf_counter() - t0, 1), "searches_s": ab.setup_searches_s,
                 "questions": len(ab.questions), "verdict_questions": len(ab.verdict_rows)}
        print(json.dumps(setup), file=sys.stderr, flush=True)
        if args.sequential:
            res = sequential(ab, args.budget, {_norm(k) for k in args.keep}, set(args.entry),
                             args.fewest_first)
            out = []
            for eid, idx in ab.by_entry.items():
                for i in idx:
                    if i in ab.live[eid]:
                        row = dict(rows[i])
                        if i in res["kept_why"] and row["why"] == PLACEHOLDER:
                            row["why"] = res["kept_why"][i]
                        out.append((i, row))
            write_rows([r for _, r in sorted(out, key=lambda x: x[0])], args.out)
            summary = {"rows": len(rows), "kept": len(out), "tried": res["tried"],
                       "dropped": res["dropped"], "seconds": res["seconds"]}
            print(json.dumps({"summary": summary}), file=sys.stderr)
            return 0
        idle = 0
        for i, row in enumerate(rows):
            if args.entry and row["entry"] not in args.entry:
                continue
            if args.write_why and row["why"] != PLACEHOLDER:
                continue  # it has its question already
            res = ab.report(i)
            idle += not res["moves_figure"]
            print(json.dumps(res, ensure_ascii=False), flush=True)
            if args.write_why and row["why"] == PLACEHOLDER:
                row["why"] = res.get("why") or (
                    f"no dev question moves without it ({res['questions']} hold its words "
                    "and find its entry)")
                if res.get("why") and res["worse_without"] == 0:
                    row["why"] = "(helps no dev question; hurts) " + row["why"]
        if args.write_why:
            write_rows(rows, args.out)
        print(json.dumps({"summary": {"rows": len(rows), "move_nothing": idle,
                                      "seconds": round(time.perf_counter() - t0, 1)}}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
