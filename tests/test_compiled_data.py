"""The built-in TOML data files read from their compiled JSON form (issue 26: start-up):
``referee/data/compiled.json`` must give exactly what parsing each TOML file gives."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from referee import files

DATA = Path(files.__file__).with_name("data")
TOMLS = sorted(DATA.glob("*/*.toml"))


def through_tomllib(text: str, monkeypatch) -> dict:
    """What :func:`files.load_toml` reads from ``text`` with no compiled form at all."""
    monkeypatch.setattr(files, "_compiled", {})
    return files.load_toml(text, "built-in")


def test_every_built_in_toml_file_is_compiled_and_the_compiled_file_is_not_stale():
    compiled = json.loads((DATA / files.COMPILED).read_text(encoding="utf-8"))
    assert sorted(compiled) == [p.relative_to(DATA).as_posix() for p in TOMLS], \
        "stale: run python tools/compile_data.py"
    for path in TOMLS:
        assert compiled[path.relative_to(DATA).as_posix()]["text"] == path.read_text(encoding="utf-8"), \
            f"stale {path.name}: run python tools/compile_data.py"


@pytest.mark.parametrize("path", TOMLS, ids=lambda p: p.relative_to(DATA).as_posix())
def test_a_built_in_text_reads_as_the_toml_parser_and_the_bounds_read_it(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    fast = files.load_toml(text, "built-in")
    assert fast == tomllib.loads(text)
    assert json.dumps(fast) == json.dumps(tomllib.loads(text))  # the same order of keys too
    assert fast == through_tomllib(text, monkeypatch)


def test_each_read_of_a_built_in_text_is_a_fresh_document():
    text = (DATA / "fluxx" / "cards.toml").read_text(encoding="utf-8")
    first = files.load_toml(text)
    first.clear()
    assert files.load_toml(text) == tomllib.loads(text) != {}


def test_a_text_that_differs_from_the_built_in_file_is_parsed_as_toml():
    text = (DATA / "boards" / "default.toml").read_text(encoding="utf-8")
    changed = text.replace('name = "Referee yard"', 'name = "My yard"')
    assert changed != text and files.compiled_toml(changed) is None
    assert files.load_toml(changed)["name"] == "My yard"
    with pytest.raises(files.BadInputError, match="not valid TOML"):
        files.load_toml(text + "\n= broken", "yard.toml")
