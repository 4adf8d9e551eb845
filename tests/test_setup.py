"""The set-up declared once (issue 26): each game's ``GameSpec.tags`` drives the tag
checks of its engine's ``from_tags``, what ``tags()`` writes, the options of ``referee new
<game>`` and the tag table of its docs page."""

from __future__ import annotations

import json
import re

import pytest
import typer
from .conftest import CliRunner

from referee.cli import app
from referee.errors import BadInputError
from referee.games import refereed, spec
from referee.setup import COMMON_TAGS, TagSpec, check_value, read_tags, with_docs_table

from .conftest import FIXTURES, ROOT, SHARED, needs_shared

runner = CliRunner()
GAMES = [s.name for s in refereed()]
#: The least set-up each game starts from.
MINIMAL = {"fluffy": {}, "fight-or-flight": {"Players": "Ann, Ben"}, "zombie-attack": {"Players": "Ann, Ben"},
           "zombies": {"Players": "Ann, Ben"}, "fluxx": {"Players": "Ann, Ben"}}


def refusal(game: str, **tags: str) -> str:
    with pytest.raises(BadInputError) as exc:
        spec(game).new_game({**MINIMAL[game], **tags})
    return exc.value.message


# -- the checks: one wording for every game ---------------------------------------------

@pytest.mark.parametrize("game, known", [
    ("fluffy", "Board, Deck, Fluffy, Zombies, HandSize, ZombieMoves, ZombieHand, FluffyHand, OpeningClock"),
    ("fight-or-flight", "Players, Variant"),
    ("zombie-attack", "Players, Board, Deck, Empty, Zombies, Keep, Hiding, ZombieReturn, WeaponHumans"),
    ("zombies", "Players, Tiles, Events, Expansions, TileData"),
    ("fluxx", "Players, Cards, Zombies"),
])
def test_an_unknown_tag_is_refused_in_one_wording_naming_the_known_tags(game, known):
    with pytest.raises(BadInputError) as exc:
        spec(game).new_game({**MINIMAL[game], "Colour": "red"})
    assert exc.value.message == f"unknown tag [Colour] for {game} (known: {known})"
    assert exc.value.tag == "Colour"  # so that a record's error names the tag's line


@pytest.mark.parametrize("game, tag, value, message", [
    ("fluffy", "HandSize", "0", "[HandSize] is a whole number from 1 to 10, not '0'"),
    ("fluffy", "HandSize", "x", "[HandSize] is a whole number from 1 to 10, not 'x'"),
    ("fluffy", "HandSize", "²", "[HandSize] is a whole number from 1 to 10, not '²'"),
    ("fluffy", "ZombieMoves", "most", "[ZombieMoves] is 'all' or 'some', not 'most'"),
    ("fluffy", "ZombieHand", "shown", "[ZombieHand] is 'open' or 'hidden', not 'shown'"),
    ("fluffy", "FluffyHand", "face up", "[FluffyHand] is 'hidden' or 'open', not 'face up'"),
    ("zombie-attack", "Zombies", "7", "[Zombies] is a whole number from 1 to 6, not '7'"),
    ("zombie-attack", "Keep", "3", "[Keep] is '1' or '2', not '3'"),
    ("zombie-attack", "Empty", "", "[Empty] is 'out' or 'in', not ''"),
    ("zombie-attack", "WeaponHumans", "maybe", "[WeaponHumans] is 'out' or 'closet' or 'off', not 'maybe'"),
    ("zombies", "Tiles", "x", "[Tiles] is a whole number from 10 to 200, not 'x'"),
    ("zombies", "Tiles", "9", "[Tiles] is a whole number from 10 to 200, not '9'"),
    ("zombies", "Events", "501", "[Events] is a whole number from 6 to 500, not '501'"),
    ("fluxx", "Zombies", "maybe", "[Zombies] is 'out' or 'in', not 'maybe'"),
])
def test_a_bad_value_is_refused_naming_the_tag_and_what_it_takes(game, tag, value, message):
    assert refusal(game, **{tag: value}) == message


def test_checks_that_join_tags_stay_with_the_engine():
    assert refusal("zombies", Players="A, B, C", Events="8") == '[Events "8"] is too few for 3 players: at least 9'
    assert spec("zombies").new_game({"Players": "A, B", "Events": "6"}).tags()["Events"] == "6"
    house = (FIXTURES / "zombie-attack" / "house.toml").read_text(encoding="utf-8")
    assert refusal("zombie-attack", WeaponHumans="closet", Board="house.toml",
                   BoardText=house.replace('L = "Linen closet"', 'L = "Laundry"')) == (
        '[WeaponHumans "closet"] needs a room named "Linen closet" on the board')


@pytest.mark.parametrize("game", GAMES)
def test_tag_names_ignore_case_and_annotation_tags_pass_every_game(game):
    given = {k.upper(): v for k, v in MINIMAL[game].items()}
    engine = spec(game).new_game({**given, "Site": "club", "Note": "a game"})
    assert set(MINIMAL[game]) <= set(engine.tags())


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_an_unknown_tag_is_refused_at_that_tag_s_line(game, tmp_path):
    record = tmp_path / f"bad{spec(game).extension}"
    header = [f'[Game "{game}"]', *(f'[{k} "{v}"]' for k, v in MINIMAL[game].items()), '[Site "club"]']
    record.write_text("\n".join([*header, '[Colour "red"]', ""]), encoding="utf-8")
    res = runner.invoke(app, ["replay", str(record), "--json"])
    assert res.exit_code == 2
    assert json.loads(res.stdout)["error"]["line"] == len(header) + 1  # before: line 1 in four games


def test_values_are_read_as_the_game_reads_them():
    assert read_tags("g", (TagSpec("N", "int", low=1, high=9),), {"n": " 07 "}) == {"N": "7"}
    assert check_value(TagSpec("C", "choice", choices=("a", "b", "")), " ") == ""
    assert spec("fluffy").new_game({"handsize": "6", "zombiemoves": "Some"}).tags() == {
        "Board": "default", "HandSize": "6", "ZombieMoves": "some"}


def test_a_tag_spec_that_contradicts_itself_is_refused_where_it_is_declared():
    for bad in (dict(kind="int"), dict(kind="choice"), dict(kind="text", low=1, high=2),
                dict(kind="number"), dict(kind="text", write="sometimes")):
        with pytest.raises(ValueError):
            TagSpec("X", **bad)


# -- tags(): written from the declaration ------------------------------------------------

@pytest.mark.parametrize("game, given, written", [
    ("fluffy", {"ZombieHand": "hidden", "Board": "default", "HandSize": "05"},
     {"Board": "default", "HandSize": "5", "ZombieHand": "hidden"}),
    ("fight-or-flight", {"Players": "Ann, Ben"}, {"Players": "Ann, Ben", "Variant": "casual"}),
    ("zombie-attack", {"Players": "Ann, Ben", "Keep": "1", "Zombies": "6", "Hiding": "halt"},
     {"Players": "Ann, Ben", "Board": "default", "Hiding": "halt"}),
    ("zombies", {"Players": "Ann, Ben", "Site": "club"},
     {"Site": "club", "Players": "Ann, Ben", "Tiles": "29", "Events": "41"}),
    ("fluxx", {"Players": "Ann, Ben", "Zombies": "IN"}, {"Players": "Ann, Ben"}),
])
def test_tags_writes_the_declared_tags_in_order_with_their_defaults(game, given, written):
    engine = spec(game).new_game(given)
    assert engine.tags() == written and list(engine.tags()) == list(written)
    assert spec(game).new_game(engine.tags()).tags() == written


@pytest.mark.parametrize("game", GAMES)
def test_each_declared_default_is_what_the_game_plays_without_the_tag(game):
    """A tag given at its declared default sets the game up exactly as no tag does, and
    any other value of a choice or number does not (the state or the variants differ)."""
    def seen(tags):
        engine = spec(game).new_game({**MINIMAL[game], **tags})
        return engine.to_json(), getattr(engine, "variants", list)()

    plain = seen({})
    for tag in spec(game).tags:
        if tag.default is not None and tag.kind != "file":
            assert seen({tag.name: tag.default}) == plain, tag.name
        others = [c for c in tag.choices if c and c != tag.default]
        if tag.kind == "int":
            others = [str(tag.low) if tag.default != str(tag.low) else str(tag.high)]
        for value in others:
            assert seen({tag.name: value}) != plain, (tag.name, value)


# -- referee new <game>: its options are the declared ones --------------------------------

def new_command(game: str):
    return typer.main.get_command(app).commands["new"].commands[game]


@pytest.mark.parametrize("game", GAMES)
def test_new_offers_one_option_per_declared_tag_with_its_help(game):
    options = new_command(game).params
    declared = [t for t in spec(game).tags if t.option]
    assert [p.opts for p in options] == [[t.option] for t in declared] + [["--tag"], ["--json"]]
    for param, tag in zip(options, declared):
        assert (param.help, param.required, param.is_flag) == (tag.help, tag.required, tag.switch is not None)
        assert param.default in (None, False)
    for alias in (a for a in spec(game).aliases if " " not in a and a != game):
        assert [(p.opts, p.help) for p in new_command(alias).params] == [(p.opts, p.help) for p in options]


@pytest.mark.parametrize("game, args, tags", [
    ("fluffy", ["--hand-size", "6", "--some-zombies", "--zombie-hand-hidden", "--fluffy-hand-open",
                "--opening-clock", "5m", "--fluffy", "Ana", "--zombies", "Ben"],
     {"Board": "default", "Fluffy": "Ana", "Zombies": "Ben", "HandSize": "6", "ZombieMoves": "some",
      "ZombieHand": "hidden", "FluffyHand": "open", "OpeningClock": "5m"}),
    ("fight-or-flight", ["--players", "Ann,Ben", "--variant", "experienced"],
     {"Players": "Ann, Ben", "Variant": "experienced"}),
    ("zombie-attack", ["--players", "Ann,Ben", "--empty-out", "--zombies", "3", "--keep-two", "--hiding-halt",
                       "--zombie-return", "--weapons-vs-humans", "out"],
     {"Players": "Ann, Ben", "Board": "default", "Empty": "out", "Zombies": "3", "Keep": "2", "Hiding": "halt",
      "ZombieReturn": "door", "WeaponHumans": "out"}),
    ("zombies", ["--players", "Ann,Ben", "--tiles", "20", "--events", "40", "--expansions", "the-end"],
     {"Players": "Ann, Ben", "Tiles": "20", "Events": "40", "Expansions": "the-end"}),
    ("fluxx", ["--players", "Ann,Ben", "--no-zombies", "--cards", "default"],
     {"Players": "Ann, Ben", "Cards": "default", "Zombies": "out"}),
])
def test_new_writes_each_option_as_its_tag(game, args, tags, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_FLUXX_CARDS", str(tmp_path / "none.toml"))
    res = runner.invoke(app, ["new", game, *args, "--tag", "Site=club"])
    assert res.exit_code == 0, res.output
    record = runner.invoke(app, ["export", "--json"])
    header = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', json.loads(record.stdout)["record"], re.M))
    assert header == {"Game": game, "Site": "club", **tags}


def test_new_refuses_a_bad_option_value_with_exit_2_and_the_tag():
    res = runner.invoke(app, ["new", "za", "--players", "Ann,Ben", "--zombies", "9"])
    assert res.exit_code == 2 and "[Zombies] is a whole number from 1 to 6, not '9'" in res.stderr


def test_fluxx_new_plays_the_cards_a_player_saved(tmp_path, monkeypatch):
    saved = tmp_path / "mine.toml"
    saved.write_text('["Tin Whistle"]\ntype = "keeper"\n', encoding="utf-8")
    monkeypatch.setenv("REFEREE_FLUXX_CARDS", str(saved))
    assert runner.invoke(app, ["new", "fluxx", "--players", "Ann,Ben"]).exit_code == 0
    assert f'[Cards "{saved}"]' in json.loads(runner.invoke(app, ["export", "--json"]).stdout)["record"]


# -- the docs tables -----------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_docs_tag_table_is_the_one_generated_from_the_declaration(game):
    page = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    assert page == with_docs_table(page, spec(game).tags), "stale: run python tools/docs_tags.py"
    for tag in spec(game).tags:
        assert f"| `{tag.name}` |" in page


#: The shared specs and the games whose tags they name.
SPEC_GAMES = {"records.md": ("fluffy", "fight-or-flight"), "zombie-attack.md": ("zombie-attack",),
              "zombies.md": ("zombies",), "fluxx.md": ("fluxx",)}


@needs_shared
@pytest.mark.parametrize("page", sorted(SPEC_GAMES))
def test_every_tag_the_shared_specs_name_is_declared_and_its_example_value_accepted(page):
    text = (SHARED / "specs" / page).read_text(encoding="utf-8")
    named = [(k, v) for k, v in re.findall(r'\[([A-Z][A-Za-z]*) "([^"]*)"\]', text) if k not in (*COMMON_TAGS, "Key")]
    assert named
    for key, value in named:
        found = [t for g in SPEC_GAMES[page] for t in spec(g).tags if t.name == key]
        assert found, f"{page} names [{key}], which no game declares"
        assert any(check_value(t, value) is not None for t in found)
