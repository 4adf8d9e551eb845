"""Write ``referee/data/compiled.json``: every built-in TOML data file (boards, the Fluxx
catalogue, the Zombies!!! tiles) with its text and its document as JSON, which
:func:`referee.files.compiled_toml` reads instead of parsing the TOML at each start
(issue 26).  Run after changing a file under ``referee/data/*/``:

    .venv/bin/python tools/compile_data.py

``tests/test_compiled_data.py`` fails while the written file is stale.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "referee" / "data"


def compiled() -> str:
    """The text ``referee/data/compiled.json`` should hold."""
    out = {}
    for path in sorted(DATA.glob("*/*.toml")):
        text = path.read_text(encoding="utf-8")
        doc = tomllib.loads(text)
        as_json = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
        if json.loads(as_json) != doc:  # a TOML date or time has no JSON form
            raise SystemExit(f"{path}: a value JSON cannot hold")
        out[path.relative_to(DATA).as_posix()] = {"text": text, "json": as_json}
    return json.dumps(out, ensure_ascii=False, indent=1) + "\n"


def main() -> None:
    target = DATA / "compiled.json"
    text = compiled()
    if target.exists() and target.read_text(encoding="utf-8") == text:
        print(f"{target.relative_to(ROOT)} is up to date")
        return
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
