"""Regenerate tests/snapshots/<game>.txt: every game's picture as plain text at 80x24
(NO_COLOR) at the start, a third, two thirds and the end of its sample record.

    python tools/snapshots.py          # then read `git diff tests/snapshots`
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_screens import GAMES, SNAPSHOTS, snapshot_text  # noqa: E402

if __name__ == "__main__":
    SNAPSHOTS.mkdir(exist_ok=True)
    for name in GAMES:
        (SNAPSHOTS / f"{name}.txt").write_text(snapshot_text(name), encoding="utf-8")
        print(f"wrote {SNAPSHOTS / (name + '.txt')}")
