"""Golden playthroughs (issue 26): seeded random games of every refereed game, written
step by step so that a change to an engine that changes what it does shows as a diff,
as OpenSpiel's playthroughs do.

Each game's file ``tests/golden/<game>.jsonl`` holds, for seeds 0, 1, 2... (see
:data:`STEPS`), one random legal game from the built-in sample's set-up (events chosen among
``legal_events()`` with ``random.Random(seed)``, at most :data:`CUT` events).  One line
a step::

    {"seed": 0, "step": 3, "event": "...", "text": "...", "notes": [...],
     "legal": n, "legal_hash": "...", "legal_set": "...", "blocked": "...", "due": "...",
     "stale": {"event": "...", "text"|"error": ..., "rule": ...}, "state": {...}}

``event`` is what was chosen, ``text`` and ``notes`` what ``apply`` said; ``legal`` the
number of legal events and ``legal_hash`` / ``legal_set`` digests of the list in order
and as a set (texts and descriptions); ``blocked`` and ``due`` digests of
``blocked_events()`` and ``due()``; ``stale`` an event legal some steps ago tried now on
a copy (what a player typing against an old picture meets: its canonical text, or its
error message and rule); ``state`` the ``replay --json`` state every
:data:`STATE_EVERY` steps and at the end.

    .venv/bin/python tools/golden.py           # rewrite tests/golden/*.jsonl
    .venv/bin/python tools/golden.py --check   # exit 1 and show the first difference

``tests/test_golden.py`` replays each file's events and compares every field.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
#: Random games are played with seeds 0, 1, 2... until a game has this many steps in all
#: (and at least :data:`MIN_GAMES` games, at most :data:`MAX_GAMES`).
STEPS = 400
MIN_GAMES, MAX_GAMES = 3, 40
#: At most this many events a game.
CUT = 160
#: The state is written every this many steps (and at the last).
STATE_EVERY = 20


def _digest(items: list[Any]) -> str:
    return hashlib.sha1(json.dumps(items, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _options(options) -> list[list[str]]:
    return [[o.text, o.description] for o in options]


def _try(game, text: str) -> dict[str, Any]:
    """``text`` applied to a copy of ``game``: its canonical text, or the error."""
    from referee.errors import RefereeError
    from referee.games.base import trial_copy

    try:
        return {"event": text, "text": trial_copy(game).apply(text).text}
    except RefereeError as exc:
        return {"event": text, "error": exc.message, "rule": exc.rule, "kind": type(exc).__name__}


def _observe(game) -> dict[str, Any]:
    legal = _options(game.legal_events())
    return {"legal": len(legal), "legal_hash": _digest(legal), "legal_set": _digest(sorted(legal)),
            "blocked": _digest([[b.event, b.reason, b.rule] for b in game.blocked_events()]),
            "due": _digest(_options(game.due()))}


def playthrough(spec, seed: int, events: list[str] | None = None) -> Iterator[dict[str, Any]]:
    """The lines of one golden game of ``spec``: chosen at random with ``seed``, or, when
    ``events`` is given, those events in turn (to compare with a stored file)."""
    from referee.records import parse_record
    from referee.replay import setup

    rng = random.Random(seed)
    game = setup(parse_record(spec.sample_text()))
    seen: list[str] = []
    for step in range(CUT if events is None else len(events)):
        line: dict[str, Any] = {"seed": seed, "step": step}
        legal = game.legal_events()
        line.update(_observe(game))
        if events is None:
            if not legal:
                break
            event = rng.choice(legal).text
        else:
            event = events[step]
        if len(seen) >= 3:
            line["stale"] = _try(game, seen[-3])
        applied = game.apply(event)
        seen.append(event)
        line.update(event=event, text=applied.text, notes=list(applied.notes))
        last = (events is None and (step == CUT - 1)) or (events is not None and step == len(events) - 1)
        if step % STATE_EVERY == 0 or last or game.over:
            line["state"] = game.to_json()
        yield line
        if game.over and events is None:
            break


def lines_of(spec) -> list[dict[str, Any]]:
    """Every line of ``spec``'s golden file, freshly played."""
    out: list[dict[str, Any]] = []
    seed = 0
    while seed < MAX_GAMES and (seed < MIN_GAMES or len(out) < STEPS):
        out += playthrough(spec, seed)
        seed += 1
    return out


def _write(path: Path, lines: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(x, ensure_ascii=False, sort_keys=True) + "\n" for x in lines),
                    encoding="utf-8")


def read(path: Path) -> list[dict[str, Any]]:
    """The lines of a golden file."""
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def replayed(spec, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines the engine gives now for the events of ``lines`` (same seeds, same
    events), with ``state`` where ``lines`` has one."""
    out = []
    for seed in dict.fromkeys(x["seed"] for x in lines):
        mine = [x for x in lines if x["seed"] == seed]
        fresh = list(playthrough(spec, seed, [x["event"] for x in mine]))
        for old, new in zip(mine, fresh):  # the state where the stored line has one
            if "state" in old:
                new.setdefault("state", None)
            else:
                new.pop("state", None)
        out += fresh
    return out


def first_difference(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> str | None:
    """The first line and field where ``new`` differs from ``old``, in words, or None."""
    for a, b in zip(old, new):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return (f"seed {a['seed']} step {a['step']} (event {a.get('event')!r}): {key} was "
                        f"{json.dumps(a.get(key), ensure_ascii=False)[:300]}, now "
                        f"{json.dumps(b.get(key), ensure_ascii=False)[:300]}")
    if len(old) != len(new):
        return f"{len(old)} lines before, {len(new)} now"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    ap.add_argument("--only", action="append", help="only this game")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from referee.games import refereed

    GOLDEN.mkdir(parents=True, exist_ok=True)
    bad = 0
    for spec in refereed():
        if args.only and spec.name not in args.only:
            continue
        path = GOLDEN / f"{spec.name}.jsonl"
        if args.check:
            old = read(path)
            diff = first_difference(old, replayed(spec, old))
            print(f"{spec.name}: {diff or 'same'}")
            bad += diff is not None
        else:
            lines = lines_of(spec)
            _write(path, lines)
            print(f"{spec.name}: {len(lines)} steps, {path.stat().st_size // 1024} KB")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
