"""Which rows of the search's tuning tables earn their place: remove each, see what moves.

For every row of ``rulesdb/data/tuning/`` (a synonym group, a rewrite, a stop word, a
claimant), the row is taken out of the live tables, the dev questions that hold its
words are searched again, and the row is put back.  A row *moves a figure* when some dev
set's hit@1 or hit@3 count changes without it.  The report lists, per row, the question
whose rank moves most without it (its provenance) and whether any figure moved.

The search runs WITHOUT the question bank (``asked_before=0``): the bank holds the dev
questions themselves, so with it a row would look useless merely because the question
that motivated it was banked.  What the tables shape in the index (the rewritten asked
phrasings in tables ``asks`` and ``fts``, and each phrasing's count of content words) is
patched in place for the ablation and restored after it; the typo vocabulary of the index
and its key-word stems are not (they change little and only the typo path reads them).

The report mode measures search figures only: ``rules ask`` also reads the synonyms and
stop words when it picks the deciding sentence and the verdict (:mod:`rulesdb.answer`),
and rows redundant with each other ("roll" and "rolled") each move nothing alone but not
together.  In November 2026, dropping the 645 idle rows of a report at once cost 27
no-bank answers their rank and 10 of the 15 right calibration verdicts, so it was not made.

``--sequential`` is the removal that holds: one row at a time, tables in the order given
and rows in file order, the row is taken out and the dev questions holding its words are
searched again (without the bank) and the calibration verdicts (``verdicts-dev``, with the
bank, as ``rules ask`` has it) re-read: every verdict stated now, and those whose question
or matched canonical question holds the row's words.  The row stays out only when no dev
question crosses hit@1 or hit@3 and no verdict changes (right, opposite or none), and the
next row is tried on the reduced tables; otherwise it is put back.  Each table is rewritten
when done; ``--budget`` bounds the run (rows not reached stay).  It is a screen, not the
proof: afterwards run ``rules_eval.py`` on every dev set and ``verdict_eval.py`` in full
(a typo corrected into a row's word, or a canonical question the row changes for a
question that held no verdict, is not followed), and put back any row whose removal a
full figure shows.

Dev sets only: the shared set, extra, every non-blind optional set of ``rules_eval`` and
the probe sets; never a blind or held-out set.

Usage (from the repository root)::

    .venv/bin/python tools/tuning_ablation.py                    # report (JSON lines on stdout)
    .venv/bin/python tools/tuning_ablation.py --write-why        # fill each empty `why`
    .venv/bin/python tools/tuning_ablation.py --drop             # remove the rows that move nothing
    .venv/bin/python tools/tuning_ablation.py --table stop_words # one table only
    .venv/bin/python tools/tuning_ablation.py --sequential --budget 3000  # remove, one at a time
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

import rules_eval  # noqa: E402

from rulesdb import answer as _answer  # noqa: E402
from rulesdb import index as _index  # noqa: E402
from rulesdb import synonyms as _syn  # noqa: E402


def dev_sets() -> dict[str, list[dict]]:
    """Every dev question set by name (never a blind or held-out one)."""
    import qsets

    sets: dict[str, list[dict]] = {}
    if rules_eval.SHARED.exists():
        sets["shared"] = rules_eval.load(rules_eval.SHARED)
    sets["extra"] = rules_eval.load(rules_eval.EXTRA)
    for name, (path, blind, _) in rules_eval.OPTIONAL_SETS.items():
        if not blind and not qsets.unseen(path.stem):
            sets[name] = rules_eval.load(path)
    sets["probe"] = rules_eval.probe_questions()
    return sets


def _forms(word: str) -> set[str]:
    """``word`` and the plain forms :func:`rulesdb.index.synonyms_of` looks up for it."""
    out = {word}
    for suffix, repl in _index._ENDINGS:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            base = word[: -len(suffix)] + repl
            out.add(base)
            if suffix in ("ing", "ed") and len(base) > 2 and base[-1] == base[-2]:
                out.add(base[:-1])
    return out


class Ablation:
    """The live tables, an index built once, and the dev questions' baseline ranks."""

    def __init__(self, tmp: Path, verdicts: bool = False) -> None:
        from rulesdb import Database

        self.db = Database(index_path=tmp / "index.sqlite", imports_path=tmp / "none.db",
                           bank_path=tmp / "no-bank.jsonl", asked_before=0.0)
        #: the database the verdicts are measured on: as `rules ask` has it (the bank in)
        self.vdb = Database(index_path=tmp / "vindex.sqlite",
                            imports_path=tmp / "none.db") if verdicts else None
        self.dbs = [self.db] + ([self.vdb] if self.vdb is not None else [])
        self.verdict_rows = verdict_rows() if verdicts else []
        self.vtext = [" " + " ".join(_index.words(r["q"])) + " " for r in self.verdict_rows]
        self.vforms = [_all_forms(r["q"], t) for r, t in zip(self.verdict_rows, self.vtext)]
        self._vbase: dict[int, str | None] = {}
        self._vforms_canon: dict[int, set[str]] = {}
        self.questions = [(name, q) for name, qs in dev_sets().items() for q in qs]
        # each question's words, as typed and as rewritten, with their plain forms
        self.qtext = [" " + " ".join(_index.words(q["q"])) + " " for _, q in self.questions]
        self.qforms = [_all_forms(q["q"], t) for (_, q), t in zip(self.questions, self.qtext)]
        self._base: dict[int, int | None] = {}
        # the entries' phrasings in the order build_index numbers them (asks rowids)
        self.phrasings: list[tuple[int, int, str]] = []  # (askid, doc rowid, phrasing)
        askid = 0
        for rowid, e in enumerate(self.db.entries(), 1):
            for p in (e.title, getattr(e, "question", ""), *e.phrases, *e.asked):
                if p:
                    askid += 1
                    self.phrasings.append((askid, rowid, p))
        self.indexed = self._indexed()

    def base(self, i: int) -> int | None:
        """Question ``i``'s rank with every row in (searched when first needed)."""
        if i not in self._base:
            self._base[i] = rules_eval.rank(self.db, self.questions[i][1])
        return self._base[i]

    def vbase(self, j: int) -> str | None:
        """Verdict question ``j``'s outcome with every row in: "right", "wrong" or None."""
        if j not in self._vbase:
            self._vbase[j], canon = verdict_outcome(self.vdb, self.verdict_rows[j], True)
            if canon:  # the canonical question it was matched with: its words count too
                self._vforms_canon[j] = _all_forms(canon, " " + " ".join(_index.words(canon)) + " ")
        return self._vbase[j]

    # -- the index side ----------------------------------------------------------------

    def _indexed(self) -> tuple[dict[int, str], dict[int, str]]:
        """What the tables make of the phrasings now: askid -> rewritten text, and the
        ``asked`` column of each document."""
        asks = {a: _index.rewrite(p) for a, _, p in self.phrasings}
        cols = {rowid: _index._columns(e)[COL] for rowid, e in enumerate(self.db.entries(), 1)}
        return asks, cols

    def _sync_index(self, target: tuple[dict[int, str], dict[int, str]]) -> None:
        """Write into the indexes the rows of ``target`` that differ from what they hold."""
        asks_now, cols_now = self.indexed
        asks, cols = target
        for db in self.dbs:
            conn = db.conn
            meta = _askmeta(db)
            with conn:
                for a, text in asks.items():
                    if text != asks_now[a]:
                        conn.execute("UPDATE asks SET text = ? WHERE rowid = ?", (text, a))
                for rowid, text in cols.items():
                    if text != cols_now[rowid]:
                        conn.execute("UPDATE fts SET asked = ? WHERE rowid = ?", (text, rowid))
            # the content-word counts follow the stop words even where the text did not change
            for a, text in asks.items():
                doc, _ = meta[a]
                meta[a] = (doc, len([w for w in text.split() if w not in _index.STOP_WORDS]) or 1)
        self.indexed = target

    def _clear(self) -> None:
        for db in self.dbs:
            db._known, db._fixed, db._parsed, db._vecs, db._vocab = {}, {}, {}, {}, None
        _answer.content_words.cache_clear()
        _answer._forms.cache_clear()
        _answer.sense_forms.cache_clear()

    # -- one row -----------------------------------------------------------------------

    def affected(self, table: str, row: dict) -> list[int]:
        """The questions that hold the row's words (the only ones it can move; a typo
        corrected into the row's word is not followed)."""
        if table == "synonyms":
            return [i for i, f in enumerate(self.qforms) if row["word"] in f]
        if table == "stop_words":
            return [i for i, f in enumerate(self.qforms) if row["word"] in f]
        key = row["phrase"] if table == "rewrites" else row["word"]
        key = " " + " ".join(_index.words(key)) + " "
        return [i for i, t in enumerate(self.qtext) if key in t]

    def affected_verdicts(self, table: str, row: dict) -> list[int]:
        """The verdict questions the row can move: those holding its words, and every one
        that gets a verdict now (the canonical questions hold words too, so a stated
        verdict is re-checked whatever its words)."""
        stated = {j for j in range(len(self.verdict_rows)) if self.vbase(j)}
        if table == "claimants":
            return sorted(stated)  # a claimant changes how every claim is read
        if table in ("synonyms", "stop_words"):
            hold = {j for j, f in enumerate(self.vforms) if row["word"] in f}
            hold |= {j for j in stated if row["word"] in self._vforms_canon.get(j, ())}
        else:
            key = " " + " ".join(_index.words(row["phrase"])) + " "
            hold = {j for j, t in enumerate(self.vtext) if key in t}
            hold |= {j for j in stated if set(key.split()) <= self._vforms_canon.get(j, set())}
        return sorted(hold)

    def without(self, table: str, row: dict):
        """A context in which ``row`` is out of the live tables (and of the index)."""
        ab = self

        class _Ctx:
            def __enter__(self):
                self.keep = False
                self.saved = (dict(_syn.SYNONYMS), dict(_syn.PHRASES), _index.STOP_WORDS,
                              _index._CLAIMANT, _syn.CLAIMANTS)
                if table == "synonyms":
                    w = row["word"]
                    rest = _NUMBERS.get(w)
                    if rest:
                        _syn.SYNONYMS[w] = rest
                    else:
                        _syn.SYNONYMS.pop(w, None)
                elif table == "rewrites":
                    kept = {k: v for k, v in _syn.PHRASES.items() if k != row["phrase"]}
                    _syn.PHRASES.clear()
                    _syn.PHRASES.update(kept)
                elif table == "stop_words":
                    _set_stop(_index.STOP_WORDS - {row["word"]})
                elif table == "claimants":
                    _syn.CLAIMANTS = tuple(c for c in _syn.CLAIMANTS if c != row["word"])
                    _index._CLAIMANT = _index.claimant_pattern(_syn.CLAIMANTS)
                ab._clear()
                if table != "synonyms":
                    ab._sync_index(ab._indexed())
                return self

            def __exit__(self, *exc):
                if self.keep and exc[0] is None:  # a sequential run keeps the row out
                    return False
                syn, phr, stop, claim, claimants = self.saved
                _syn.CLAIMANTS = claimants
                _syn.SYNONYMS.clear()
                _syn.SYNONYMS.update(syn)
                _syn.PHRASES.clear()
                _syn.PHRASES.update(phr)
                _set_stop(stop)
                _index._CLAIMANT = claim
                ab._clear()
                if table != "synonyms":
                    ab._sync_index(ab._indexed())
                return False

        return _Ctx()

    def run(self, table: str, row: dict) -> dict:
        """The row's effect: the questions whose rank moves without it and whether a
        figure (a set's hit@1 or hit@3 count) moves."""
        idx = self.affected(table, row)
        for i in idx:
            self.base(i)
        with self.without(table, row):
            after = {i: rules_eval.rank(self.db, self.questions[i][1]) for i in idx}
        moved: list[tuple] = []
        delta: dict[str, list[int]] = {}
        for i, r in after.items():
            b = self.base(i)
            if r != b:
                name, q = self.questions[i]
                moved.append((_badness(r) - _badness(b), name, q, b, r))
                d = delta.setdefault(name, [0, 0])
                d[0] += (r == 1) - (b == 1)
                d[1] += (r is not None and r <= 3) - (b is not None and b <= 3)
        # provenance: the question the row helps most (worse without it), else the one
        # it hurts most
        moved.sort(key=lambda m: (m[0] <= 0, -abs(m[0])))
        figure = any(d != [0, 0] for d in delta.values())
        out = {"table": table, "row": _key(table, row), "questions": len(idx),
               "moved_ranks": len(moved), "worse_without": sum(1 for m in moved if m[0] > 0),
               "moves_figure": figure,
               "delta": {k: v for k, v in delta.items() if v != [0, 0]}}
        if moved:
            _, name, q, b, r = moved[0]
            out["why"] = f"{q['q']} [{name} {q.get('id', '?')}: rank {b} -> {r} without]"
        return out


def try_drop(ab: "Ablation", table: str, row: dict) -> dict:
    """Take ``row`` out for good unless that moves something: a dev question's hit@1 or
    hit@3, or a verdict question's outcome (right, opposite, none).  Stricter than "no
    figure moves" (two moves that cancel keep the row), so the search stops at the first
    move.  Returns the row's result; ``dropped`` says whether it stayed out."""
    idx = ab.affected(table, row)
    vidx = ab.affected_verdicts(table, row) if ab.vdb is not None else []
    for i in idx:
        ab.base(i)
    for j in vidx:
        ab.vbase(j)
    moved = None
    after: dict[int, int | None] = {}
    vafter: dict[int, str | None] = {}
    with ab.without(table, row) as ctx:
        for j in vidx:  # the stated verdicts first: the likeliest to move
            vafter[j] = verdict_outcome(ab.vdb, ab.verdict_rows[j])
            if vafter[j] != ab.vbase(j):
                moved = f"verdict {ab.verdict_rows[j]['q']!r}: {ab.vbase(j)} -> {vafter[j]}"
                break
        if moved is None:
            for i in idx:
                after[i] = rules_eval.rank(ab.db, ab.questions[i][1])
                if _hits(after[i]) != _hits(ab.base(i)):
                    name, q = ab.questions[i]
                    moved = f"{q['q']} [{name} {q.get('id') or '?'}: rank {ab.base(i)} -> {after[i]} without]"
                    break
        ctx.keep = moved is None
    if moved is None:
        ab._base.update(after)
        ab._vbase.update(vafter)
    out = {"table": table, "row": _key(table, row), "questions": len(idx),
           "verdict_questions": len(vidx), "dropped": moved is None}
    if moved is not None:
        out["why"] = moved
    return out


def sequential(tmp: Path, tables: list[str], budget: float, verdicts: bool = True,
               keep: tuple[str, ...] = ()) -> dict:
    """The sequential ablation: each table in turn, each row in file order, taken out and
    kept out when nothing moves (:func:`try_drop`), the next row tried on the reduced
    tables.  Each table is rewritten when its rows are done; rows not reached within
    ``budget`` seconds are kept as they are, and so are the rows named in ``keep``
    (``TABLE:ROW``: rows a test pins, or whose removal the full figures show).  Returns a
    summary by table."""
    import time

    t0 = time.perf_counter()
    ab = Ablation(tmp, verdicts=verdicts)
    summary: dict[str, dict] = {"setup_s": round(time.perf_counter() - t0, 1)}
    for table in tables:
        rows = _syn.load_rows(table)
        kept, dropped, tried, t1 = [], 0, 0, time.perf_counter()
        for row in rows:
            if time.perf_counter() - t0 > budget or f"{table}:{_key(table, row)}" in keep:
                kept.append(row)
                continue
            res = try_drop(ab, table, row)
            tried += 1
            print(json.dumps(res, ensure_ascii=False), flush=True)
            if res["dropped"]:
                dropped += 1
            else:
                kept.append(row)
        write_table(table, kept)
        summary[table] = {"rows": len(rows), "tried": tried, "dropped": dropped,
                          "seconds": round(time.perf_counter() - t1, 1)}
        print(json.dumps({"table_done": table, **summary[table]}), file=sys.stderr, flush=True)
    return summary


class _Lazy:
    """An :class:`Ablation` made on first use (not at all when a report covers every row)."""

    def __init__(self, tmp: Path) -> None:
        self._tmp, self._ab = tmp, None

    def __getattr__(self, name):
        if self._ab is None:
            self._ab = Ablation(self._tmp)
        return getattr(self._ab, name)


COL = _index.COLUMNS.index("asked")
_NUMBERS = _syn._numbers()


def _all_forms(q: str, text: str) -> set[str]:
    """The words of question ``q`` (``text``: its words, space-padded), as typed and as
    rewritten, with their plain forms."""
    ws = set(text.split()) | set(_index.rewrite(q).split())
    return set().union(*(_forms(w) for w in ws)) if ws else set()


def _askmeta(db) -> dict[int, tuple[int, int]]:
    if db._askmeta is None:
        db._askmeta = {r[0]: (r[1], r[2]) for r in db.conn.execute(
            "SELECT rowid, doc, n FROM askmeta")}
    return db._askmeta


def verdict_rows() -> list[dict]:
    """The verdict calibration set (``questions/verdicts-dev.jsonl``): a dev set."""
    import qsets

    return qsets.load("verdicts-dev")


def verdict_outcome(db, row: dict, canonical: bool = False):
    """``"right"`` when `rules ask` states the rulebook's verdict on ``row``, ``"wrong"``
    when it states the opposite, None when it states none: as
    ``tests/benchmarks/verdict_eval.py`` counts them, at the shipped thresholds.  With
    ``canonical``, a pair: that and the canonical question matched (None when none)."""
    out, canon = _verdict(db, row)
    return (out, canon) if canonical else out


def _verdict(db, row: dict) -> tuple[str | None, str | None]:
    q = _answer.read(row["q"])
    ex: list = []
    found = [h.id for h in db.search(row["q"], game=row["game"], limit=8)]
    v = _answer.match(db, q, row["game"], explain=ex, entries=found)
    canon = ex[0]["q"] if ex else None
    if v is None:
        return None, canon
    return ("right" if v.verdict == row["verdict"] else "wrong"), canon


def _hits(r: int | None) -> tuple[bool, bool]:
    return r == 1, r is not None and r <= 3


def _badness(r: int | None) -> int:
    return 11 if r is None else r


def _key(table: str, row: dict) -> str:
    return row["phrase"] if table == "rewrites" else row["word"]


def _set_stop(words: frozenset[str]) -> None:
    _index.STOP_WORDS = words
    _answer.STOP_WORDS = words


def write_table(table: str, rows: list[dict]) -> None:
    path = _syn.TUNING_DIR / f"{table}.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", choices=_syn.TABLES, action="append", help="only these tables")
    ap.add_argument("--write-why", action="store_true",
                    help="fill each empty `why` with the question that moves most without the row")
    ap.add_argument("--drop", action="store_true", help="remove the rows whose removal moves no figure")
    ap.add_argument("--keep", action="append", default=[],
                    help="TABLE:ROW never dropped (a row the full figures show is needed)")
    ap.add_argument("--verify", action="store_true",
                    help="after each row is put back, check every affected rank is as before")
    ap.add_argument("--row", action="append", default=[], help="TABLE:ROW: only these rows")
    ap.add_argument("--report", type=Path, action="append", default=[],
                    help="a report this tool printed before: its rows are not run again")
    ap.add_argument("--report-only", action="store_true",
                    help="with --report: leave the rows it lacks as they are (run none)")
    ap.add_argument("--sequential", action="store_true",
                    help="remove rows one at a time, keeping each out when nothing moves "
                         "(dev ranks and the calibration verdicts), and rewrite the tables")
    ap.add_argument("--budget", type=float, default=float("inf"), metavar="SECONDS",
                    help="with --sequential: stop trying rows after this long (the rest stay)")
    ap.add_argument("--no-verdicts", action="store_true",
                    help="with --sequential: do not measure the verdicts (faster, weaker)")
    args = ap.parse_args()
    tables = args.table or list(_syn.TABLES)
    if args.sequential:
        with tempfile.TemporaryDirectory() as tmp:
            summary = sequential(Path(tmp), tables, args.budget, verdicts=not args.no_verdicts,
                                 keep=tuple(args.keep))
        print(json.dumps({"summary": summary}), file=sys.stderr)
        return 0
    summary = {}
    saved: dict[tuple[str, str], dict] = {}
    for path in args.report:
        for line in path.read_text(encoding="utf-8").splitlines():
            res = json.loads(line) if line.startswith("{") else {}
            if "table" in res:
                saved[res["table"], res["row"]] = res
    with tempfile.TemporaryDirectory() as tmp:
        ab = _Lazy(Path(tmp))
        for table in tables:
            rows = _syn.load_rows(table)
            kept, dropped, idle = [], 0, 0
            for row in rows:
                if args.row and f"{table}:{_key(table, row)}" not in args.row:
                    kept.append(row)
                    continue
                res = saved.get((table, _key(table, row)))
                if res is None and args.report_only:
                    kept.append(row)
                    continue
                res = res or ab.run(table, row)
                idle += not res["moves_figure"]
                if args.verify:  # the row is back: every rank as before
                    for i in ab.affected(table, row):
                        assert rules_eval.rank(ab.db, ab.questions[i][1]) == ab.base(i), (table, row)
                print(json.dumps(res, ensure_ascii=False), flush=True)
                if args.write_why and not row.get("why"):
                    helps_none = res.get("why") and res.get("worse_without", 1) == 0
                    row["why"] = res.get("why") or (
                        f"no dev question moves without it ({res['questions']} hold its words)")
                    if helps_none:
                        row["why"] = "(helps no dev question; hurts) " + row["why"]
                if (args.drop and not res["moves_figure"]
                        and f"{table}:{_key(table, row)}" not in args.keep):
                    dropped += 1
                    continue
                kept.append(row)
            summary[table] = {"rows": len(rows), "move_nothing": idle, "dropped": dropped}
            if args.write_why or args.drop:
                write_table(table, kept)
    print(json.dumps({"summary": summary}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
