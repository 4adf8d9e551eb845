"""Shared fixtures: paths to ../shared and a private game store for every test."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EXAMPLES = SHARED / "examples"
YARD = EXAMPLES / "fluffy" / "yard.toml"
YARD_TEXT = """name = "Test yard"
map = \"\"\"
+-+-+-+-+-+
|T . . . .|
+ + +~+ + +
|. . .|. .|
+ + + + + +
|. . . . .|
+ + +-+ + +
|. . . . F|
+-+-+-+-+=+
\"\"\"

[graves]
George = "b3"
Romero = "d3"
Campbell = "a1"
Raimi = "e4"
"""


@pytest.fixture(autouse=True)
def private_store(tmp_path, monkeypatch):
    """Every test gets its own game store and rules index and imports (the user's own
    data and cache dirs are never touched)."""
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "games.db"))
    monkeypatch.setenv("REFEREE_RULES_INDEX", str(tmp_path / "rules-index.db"))
    monkeypatch.setenv("REFEREE_RULES_DB", str(tmp_path / "rules-imports.db"))
    monkeypatch.setenv("NO_COLOR", "1")
    import rulesdb

    rulesdb.reset()
    yield tmp_path / "games.db"
    rulesdb.reset()


@pytest.fixture
def yard_file(tmp_path) -> Path:
    """The shared examples' 5x4 test yard, written into the test's folder."""
    path = tmp_path / "yard.toml"
    path.write_text(YARD_TEXT, encoding="utf-8")
    return path
