"""Rules-search quality: hit@1, hit@3 and MRR on the rules-question sets.

A question is answered at rank k when the k-th hit of ``search(q, game)`` holds every
fact regex (case-insensitive) in its title and text together (the eval README).

Usage (from the repository root)::

    .venv/bin/python tests/benchmarks/rules_eval.py            # shared set
    .venv/bin/python tests/benchmarks/rules_eval.py --extra    # also our extra set
    .venv/bin/python tests/benchmarks/rules_eval.py --extra --misses   # list the misses
    .venv/bin/python tests/benchmarks/rules_eval.py --extra --tune     # grid over weights
    .venv/bin/python tests/benchmarks/rules_eval.py --dev        # our situational dev set
    .venv/bin/python tests/benchmarks/rules_eval.py --situational  # the blind set, per game
    .venv/bin/python tests/benchmarks/rules_eval.py --dev2 --misses  # round-two dev set, per game
    .venv/bin/python tests/benchmarks/rules_eval.py --blind2       # round-two blind set, per game
    .venv/bin/python tests/benchmarks/rules_eval.py --dev3 --misses  # round-three dev set
    .venv/bin/python tests/benchmarks/rules_eval.py --blind3       # round-three blind set, per game
    .venv/bin/python tests/benchmarks/rules_eval.py --probe --per-game  # the helpers' probe sets

The index is built in a temporary file, so the user's cache and imports are untouched.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SHARED = ROOT.parent / "shared" / "eval" / "rules-questions.jsonl"
EXTRA = Path(__file__).with_name("rules_questions_extra.jsonl")
HOLDOUT = Path(__file__).with_name("rules_questions_holdout.jsonl")
DEV = Path(__file__).with_name("rules_questions_dev.jsonl")
#: Written blind (from the rulebooks, never seeing the entries): measure with it, never tune on it.
SITUATIONAL = Path(__file__).with_name("rules_questions_situational.jsonl")
#: Round two (issue 15), both written blind from the rulebooks: dev2 is for tuning,
#: blind2 is measured once at the end (never with --tune or --misses).
DEV2 = Path(__file__).with_name("rules_questions_dev2.jsonl")
BLIND2 = Path(__file__).with_name("rules_questions_blind2.jsonl")
#: Round three (issue 15, stop 8): written blind from the rulebooks by a helper who never
#: saw the entries, committed before the paraphrase signal was measured on it; dev3 is for
#: choosing and tuning, blind3 is measured once at the end.
DEV3 = Path(__file__).with_name("rules_questions_dev3.jsonl")
BLIND3 = Path(__file__).with_name("rules_questions_blind3.jsonl")
#: Written the same way after blind3 was measured, committed before round four of probes
#: was measured on it: measured once at the end of that round.
BLIND4 = Path(__file__).with_name("rules_questions_blind4.jsonl")
#: And again after blind4, for round five of probes.
BLIND5 = Path(__file__).with_name("rules_questions_blind5.jsonl")
#: Round six (stop 9): two sets written blind by two helpers who never saw the entries,
#: committed before the question bank and round six of probes were measured on them.
BLIND6A = Path(__file__).with_name("rules_questions_blind6a.jsonl")
BLIND6B = Path(__file__).with_name("rules_questions_blind6b.jsonl")
#: Round seven (stop 9): two more blind sets, written after blind6a/b were measured, with
#: the facts asked loose (the decisive word or number, never a rulebook phrase word for
#: word), as the issue asks; committed unread before round seven was measured on them.
BLIND7A = Path(__file__).with_name("rules_questions_blind7a.jsonl")
BLIND7B = Path(__file__).with_name("rules_questions_blind7b.jsonl")
#: Round six, for development and the question bank: three sets of 150 written the same
#: way (from the rulebooks and specs only), by three more helpers.
DEV4A = Path(__file__).with_name("rules_questions_dev4a.jsonl")
DEV4B = Path(__file__).with_name("rules_questions_dev4b.jsonl")
DEV4C = Path(__file__).with_name("rules_questions_dev4c.jsonl")
#: And three more (150 each), told to keep their facts loose (the decisive word or number).
DEV5A = Path(__file__).with_name("rules_questions_dev5a.jsonl")
DEV5B = Path(__file__).with_name("rules_questions_dev5b.jsonl")
DEV5C = Path(__file__).with_name("rules_questions_dev5c.jsonl")
#: And three more (150 each), in three voices: a family game night, a phone between
#: turns, a dispute written out in full.
DEV6A = Path(__file__).with_name("rules_questions_dev6a.jsonl")
DEV6B = Path(__file__).with_name("rules_questions_dev6b.jsonl")
DEV6C = Path(__file__).with_name("rules_questions_dev6c.jsonl")
#: Round seven: three more of 150 (a game in progress, yes/no disputes, mixed voices).
DEV7A = Path(__file__).with_name("rules_questions_dev7a.jsonl")
DEV7B = Path(__file__).with_name("rules_questions_dev7b.jsonl")
DEV7C = Path(__file__).with_name("rules_questions_dev7c.jsonl")
#: The sets run on request: option name -> (file, blind?, what it is).  A blind set was
#: written from the rulebooks by a helper who never saw the entries: a measure only.
OPTIONAL_SETS: dict[str, tuple[Path, bool, str]] = {
    "dev": (DEV, False, "our situational development set"),
    "situational": (SITUATIONAL, True, "the round-one blind situational set"),
    "dev2": (DEV2, False, "the round-two dev set"),
    "blind2": (BLIND2, True, "the round-two blind set"),
    "dev3": (DEV3, False, "the round-three dev set"),
    "blind3": (BLIND3, True, "the round-three blind set"),
    "blind4": (BLIND4, True, "the round-four blind set"),
    "blind5": (BLIND5, True, "the round-five blind set"),
    "dev4a": (DEV4A, False, "the first round-six dev set"),
    "dev4b": (DEV4B, False, "the second round-six dev set"),
    "dev4c": (DEV4C, False, "the third round-six dev set"),
    "dev5a": (DEV5A, False, "the fourth round-six dev set"),
    "dev5b": (DEV5B, False, "the fifth round-six dev set"),
    "dev5c": (DEV5C, False, "the sixth round-six dev set"),
    "dev6a": (DEV6A, False, "the seventh round-six dev set"),
    "dev6b": (DEV6B, False, "the eighth round-six dev set"),
    "dev6c": (DEV6C, False, "the ninth round-six dev set"),
    "dev7a": (DEV7A, False, "the first round-seven dev set"),
    "dev7b": (DEV7B, False, "the second round-seven dev set"),
    "dev7c": (DEV7C, False, "the third round-seven dev set"),
    "blind6a": (BLIND6A, True, "the first round-six blind set"),
    "blind6b": (BLIND6B, True, "the second round-six blind set"),
    "blind7a": (BLIND7A, True, "the first round-seven blind set"),
    "blind7b": (BLIND7B, True, "the second round-seven blind set"),
}
#: Sets that are a blind measure only, printed per game.
BLIND = tuple(name for name, (_, blind, _) in OPTIONAL_SETS.items() if blind)


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def rank(db, q: dict, depth: int = 10) -> int | None:
    """1-based rank of the first hit holding every fact, or None."""
    facts = [re.compile(f, re.I) for f in q["facts"]]
    for k, hit in enumerate(db.search(q["q"], game=q["game"], limit=depth), 1):
        blob = f"{hit.title}\n{hit.text}"
        if all(f.search(blob) for f in facts):
            return k
    return None


def evaluate(db, questions: list[dict]) -> tuple[dict, list[tuple[dict, int | None]]]:
    ranks = [(q, rank(db, q)) for q in questions]
    n = len(ranks) or 1
    out = {
        "n": len(ranks),
        "hit@1": sum(1 for _, r in ranks if r == 1) / n,
        "hit@3": sum(1 for _, r in ranks if r is not None and r <= 3) / n,
        "mrr": sum(1 / r for _, r in ranks if r) / n,
    }
    return out, ranks


def fmt(name: str, m: dict) -> str:
    return f"{name:<8} n={m['n']:<4} hit@1={m['hit@1']:.3f}  hit@3={m['hit@3']:.3f}  MRR={m['mrr']:.3f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--extra", action="store_true", help="also run the extra question set")
    ap.add_argument("--only-extra", action="store_true", help="run only the extra set")
    ap.add_argument("--holdout", action="store_true",
                    help="also run the held-out set (never use it with --tune: it stands for unseen questions)")
    for name, (_, blind, what) in OPTIONAL_SETS.items():
        ap.add_argument(f"--{name}", action="store_true", help=f"also run {what}" + (
            ", with per-game figures (a measure only: never with --tune or --misses)" if blind else ""))
    ap.add_argument("--probe", action="store_true",
                    help="also run the per-game probe sets (rules_questions_probe*_<game>.jsonl), "
                         "written from the rulebooks by the helpers who then fixed their misses")
    ap.add_argument("--per-game", action="store_true", help="print per-game figures for every set")
    ap.add_argument("--misses", action="store_true", help="list questions not answered at rank 1")
    ap.add_argument("--tune", action="store_true", help="grid-search column weights")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args()

    from rulesdb import Database

    sets: dict[str, list[dict]] = {}
    if not args.only_extra:
        if SHARED.exists():
            sets["shared"] = load(SHARED)
        else:
            print(f"(shared set not found at {SHARED})", file=sys.stderr)
    if args.extra or args.only_extra:
        sets["extra"] = load(EXTRA)
    if args.holdout:
        if args.tune:
            ap.error("--holdout stays out of --tune")
        sets["holdout"] = load(HOLDOUT)
    for name, (path, blind, _) in OPTIONAL_SETS.items():
        if getattr(args, name):
            if blind and (args.tune or args.misses):
                ap.error(f"--{name} is a blind measure: not with --tune or --misses")
            sets[name] = load(path)
    if args.probe:
        sets["probe"] = [q for p in sorted(Path(__file__).parent.glob("rules_questions_probe*_*.jsonl"))
                         for q in load(p)]

    with tempfile.TemporaryDirectory() as tmp:
        def make(**kw):
            return Database(index_path=Path(tmp) / "index.sqlite",
                            imports_path=Path(tmp) / "none.db", **kw)

        if args.tune:
            allq = [q for qs in sets.values() for q in qs]
            results = []
            grid = itertools.product([2, 4, 8], [1, 3], [1, 2, 4], [0.5, 1, 2], [0, 0.5, 1],
                                     [0, 0.3], [0, 0.5, 1])
            db = make()
            db.conn  # build once; the weights below are query-time only
            for t, k, p, cov, head, near, body in grid:
                db.weights.update(title=t, keywords=k, phrases=p, body=body or 0.5)
                db.coverage, db.head, db.near = cov, head, near
                m, _ = evaluate(db, allq)
                results.append((m["hit@1"], m["mrr"], (t, k, p, body or 0.5, cov, head, near)))
            db.close()
            results.sort(reverse=True)
            for h1, mrr, cfg in results[:15]:
                print(f"hit@1={h1:.3f} mrr={mrr:.3f} title,kw,phr,body,cov,head,near={cfg}")
            return 0

        db = make()
        report = {}
        for name, qs in sets.items():
            m, ranks = evaluate(db, qs)
            report[name] = m
            if not args.json:
                print(fmt(name, m))
            if args.per_game or name in BLIND or name in ("dev2", "dev3"):
                games = list(dict.fromkeys(q["game"] for q in qs))
                m["per_game"] = {}
                for game in games:
                    gm, _ = evaluate(db, [q for q in qs if q["game"] == game])
                    m["per_game"][game] = gm
                    if not args.json:
                        print("  " + fmt(game[:16], gm).replace("\n", ""))
            if args.misses and name not in BLIND:
                for q, r in ranks:
                    if r != 1:
                        top = db.search(q["q"], game=q["game"], limit=3)
                        print(f"  {q['id']} rank={r} [{q['game']}] {q['q']!r} facts={q['facts']}")
                        for h in top:
                            print(f"      {h.score:.3f} {h.id}: {h.title} | {h.text[:100]}")
        if args.json:
            print(json.dumps(report))
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
