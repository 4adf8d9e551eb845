"""Write each game's tag table into its page, docs/<game>.md, between the markers
(referee.setup.DOCS_BEGIN and DOCS_END), from the TagSpecs its GameSpec declares.

    python tools/docs_tags.py           # rewrite the tables; then read `git diff docs`
    python tools/docs_tags.py --check   # exit 1 and name the pages whose table is stale

tests/test_setup.py checks that the pages hold the tables this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.games import refereed  # noqa: E402
from referee.setup import with_docs_table  # noqa: E402


def pages() -> list[tuple[Path, str, str]]:
    """``(page, text now, text with the generated table)`` for every game with a set-up."""
    out = []
    for spec in refereed():
        if spec.tags:
            page = ROOT / "docs" / f"{spec.name}.md"
            text = page.read_text(encoding="utf-8")
            out.append((page, text, with_docs_table(text, spec.tags)))
    return out


def main(argv: list[str]) -> int:
    stale = [(page, new) for page, old, new in pages() if old != new]
    for page, new in stale:
        if "--check" in argv:
            print(f"stale tag table: {page.relative_to(ROOT)}")
        else:
            page.write_text(new, encoding="utf-8")
            print(f"wrote {page.relative_to(ROOT)}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
