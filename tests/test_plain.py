"""The plain renderer (referee/cli/plain.py) prints the very bytes rich prints when
stdout is not a terminal, or declines (None) and leaves it to rich: random texts and
tables of the shapes the commands print (event texts, notes, summaries, the tables of
`legal`), with the characters the games use (board glyphs, ×, …, combining marks,
wide characters), long words and cells that wrap, at widths from cramped to wide."""

from __future__ import annotations

import functools
import io

import pytest
from hypothesis import given, settings, strategies as st
from rich.console import Console
from rich.table import Table

from referee.cli import plain
from referee.games import spec
from tests.test_table_layout import fluffy_positions
from tests.conftest import THOROUGH, examples, run_in_process, share

#: Letters the games print, and some to make trouble: wide (CJK, emoji), combining,
#: zero-width joiner, variation selector, brackets and colons (markup, emoji codes).
ALPHABET = ("abcdefghijklmnopqrstuvwxyzFLRB ''-.,;()0123456789 ♣✿†≈─│═×…↑→↓←·_"
            "é全🧟\u0332\u0330\u200d\ufe0f[]:/ \n")
words = st.text(alphabet=ALPHABET, max_size=12)
texts = st.lists(words, max_size=14).map(" ".join) | st.text(alphabet=ALPHABET, max_size=160)
widths = st.integers(min_value=1, max_value=130)


def rich_print(width: int, *renderables, height: int = 24, **kwargs) -> str:
    """What the referee's console prints to a pipe at ``width`` x ``height``."""
    buf = io.StringIO()
    console = Console(file=buf, width=width, height=height, highlight=False, force_terminal=False)
    for r in renderables:
        console.print(r, **kwargs)
    return buf.getvalue()


def joined(lines) -> str:
    return "".join(f"{line}\n" for line in lines)


@settings(max_examples=examples(600), deadline=None)
@given(texts, widths, st.booleans())
def test_text_is_printed_as_rich_prints_it(text, width, markup):
    lines = plain.text_lines(text, width, markup=markup) if width >= plain.MIN_WIDTH else None
    if lines is not None:
        assert joined(lines) == rich_print(width, text, markup=markup)


def test_plain_text_of_the_usual_kind_is_laid_out_here():
    text = ("Fluffy's turn (play or end): Fluffy e11W, hand 3; George d10S, Romero a1N; pile 38; "
            "score 1 ♣✿ — and a very-long-word-that-must-be-folded-somewhere-along-the-line.")
    for width in (20, 33, 80):
        lines = plain.text_lines(text, width)
        assert lines is not None and len(lines) > 1
        assert joined(lines) == rich_print(width, text)


def test_markup_emoji_and_control_characters_are_left_to_rich():
    assert plain.text_lines("[bold]x[/bold]", 80) is None
    assert plain.text_lines("a :smile: b", 80) is None
    assert plain.text_lines("tab\there", 80) is None
    assert plain.text_lines("cr\rhere", 80) is None
    assert plain.text_lines("[b] as text", 80, markup=False) == ["[b] as text"]


cells = st.text(alphabet=ALPHABET, max_size=60) | st.sampled_from(
    ["", "play F", "Fluffy moves f11-e11, facing W", "fluffy.ruling.sprint-conditions", "end",
     "the zombie player holds 5 cards; it snags only while holding fewer than 5"])


@st.composite
def tables(draw):
    ncol = draw(st.integers(1, 4))
    header = draw(st.lists(cells, min_size=ncol, max_size=ncol))
    rows = draw(st.lists(st.lists(cells, min_size=ncol, max_size=ncol), max_size=8))
    no_wrap = draw(st.lists(st.booleans(), min_size=ncol, max_size=ncol))
    return header, rows, no_wrap


def rich_table(header, rows, no_wrap) -> Table:
    """The table as ``legal_renderables`` builds it."""
    t = Table(box=None, header_style="bold")
    for name, nw in zip(header, no_wrap):
        t.add_column(name, **({"no_wrap": True, "overflow": "fold"} if nw else {}))
    for row in rows:
        t.add_row(*row)
    return t


@settings(max_examples=examples(600), deadline=None)
@given(tables(), st.integers(min_value=plain.MIN_WIDTH, max_value=130))
def test_table_is_printed_as_rich_prints_it(table, width):
    header, rows, no_wrap = table
    lines = plain.table_lines(header, rows, width, no_wrap)
    if lines is not None:
        assert joined(lines) == rich_print(width, rich_table(header, rows, no_wrap))


def test_a_cell_that_is_none_prints_as_rich_prints_it_and_other_objects_are_left_to_rich():
    rows = [("end", None), ("play F", "Fluffy moves")]
    assert joined(plain.table_lines(("event", "what it does"), rows, 80)) == rich_print(
        80, rich_table(("event", "what it does"), rows, (False, False)))
    assert plain.table_lines(("event", "n"), [("end", 3)], 80) is None
    assert plain.text_lines(None, 80) is None


def test_the_legal_tables_of_a_game_are_laid_out_here():
    header = ("not now", "why", "rule")
    rows = [("discard", "Fluffy discards at the start of his turn, before drawing or playing",
             "fluffy.ruling.refill-first"),
            ("snag", "the zombie player holds 5 cards; it snags only while holding fewer than 5", "fluffy.snag")]
    for width in (20, 40, 80, 120):
        lines = plain.table_lines(header, rows, width, (False, False, True))
        if width >= 40:
            assert lines is not None
        if lines is not None:
            assert joined(lines) == rich_print(width, rich_table(header, rows, (False, False, True)))


@pytest.fixture(scope="module")
def positions():
    """Along a random game on the default yard and the sample's end, and along random
    games on the 5x4 test yard with the variants' tags (its picture and panel differ)."""
    import copy
    import random

    from tests.conftest import YARD_TEXT

    out = fluffy_positions()
    rng = random.Random(5)
    for tags in ({}, {"HandSize": "6", "ZombieHand": "hidden", "ZombieMoves": "some"}):
        game = spec("fluffy").new_game({"Board": "yard", "BoardText": YARD_TEXT,
                                        "Deck": "F=10 L=4 R=4 B=2 LR=2 FB=2", **tags})
        for _ in range(200):
            legal = game.legal_events()
            if not legal:
                break
            game.apply(rng.choice(legal).text)
            if rng.random() < 0.1:
                out.append(copy.deepcopy(game))
        out.append(game)
    return out


FLUFFY_SIZES = [(80, 24), (20, 24), (45, 30), (60, 24), (79, 40), (100, 32), (130, 40), (200, 60)]


@pytest.mark.parametrize("width, height", FLUFFY_SIZES)
def test_fluffy_picture_is_printed_as_rich_prints_it(width, height, positions):
    """Every layout (compact or full, the panel beside or below the yard) along a
    random game and the sample's end; at 80x24 also with a clock, a narrower or wider
    picture asked for, and a taller one.  Each size takes half the positions (every
    position is checked at four sizes; all at every size with ``REFEREE_THOROUGH=1``),
    80x24 all of them."""
    from referee.games.fluffy.clock import Clock

    render = spec("fluffy").render_module().render
    clock = Clock(used=330, limit=300, running=True)
    index = FLUFFY_SIZES.index((width, height))
    for game in positions if index == 0 else share(positions, index, 2):
        pictures = [render(game)]
        if (width, height) == (80, 24):
            pictures += [render(game, width=65), render(game, height=40), render(game, clock=clock),
                         render(game, width=110)]
        for picture in pictures:
            assert joined(picture.plain_lines(width, height)) == rich_print(width, picture, height=height)


#: The games whose `show` picture has ``plain_lines`` (the others are printed by rich).
PLAIN_PICTURES = ("fluffy", "fight-or-flight", "zombies")


def _cli_both(monkeypatch, *args: str) -> tuple[str, str, bool]:
    """The output of ``referee ARGS`` printed by the plain renderer (when it takes
    it) and by rich, and whether the plain renderer took it."""
    from referee.cli import app
    from tests.conftest import CliRunner

    runner = CliRunner()
    written = []
    with monkeypatch.context() as m:
        m.setattr(plain, "write", lambda lines, write=plain.write: (written.append(1), write(lines)))
        first = runner.invoke(app, list(args))
    with monkeypatch.context() as m:
        m.setattr(plain, "console_size", lambda: None)  # rich prints everything
        second = runner.invoke(app, list(args))
    assert first.exit_code == second.exit_code == 0, (first.output, second.output)
    return first.stdout, second.stdout, bool(written)


CLI_SIZES = [("80", "24"), ("33", "24"), ("120", "40"), (None, None)]


@pytest.mark.parametrize("name", ["sample", "sample-fight-or-flight", "sample-zombie-attack", "sample-zombies",
                                  "sample-fluxx"])
@pytest.mark.parametrize("columns, lines", CLI_SIZES)
def test_show_legal_and_move_print_the_same_bytes_either_way(name, columns, lines, tmp_path, monkeypatch):
    """Each game's sample record cut at a few points, imported: `show`, `legal` and
    the next event's `move` print the same bytes through the plain renderer as
    through rich (whether the plain one took them or declined), and the plain one
    prints Fluffy's three, and every game's `legal` and the `show` of
    :data:`PLAIN_PICTURES`, without rich.  Each size takes two of the four cuts, the
    two pairs alternating down the sizes (all four with ``REFEREE_THOROUGH=1``)."""
    from referee.records import read_record
    from referee.replay import sample_names

    size = CLI_SIZES.index((columns, lines))
    for key, value in (("COLUMNS", columns), ("LINES", lines)):  # unset: the size rich finds
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)
    game = sample_names()[name] if name in sample_names() else "fluffy"
    text = spec(game).sample_text()
    record = tmp_path / "whole.rec"
    record.write_text(text, encoding="utf-8")
    events = read_record(record).events
    lines = text.splitlines(True)
    for ev in share(events[1:: max(1, len(events) // 4)], size, 2):
        cut = tmp_path / "cut.rec"
        cut.write_text("".join(lines[: ev.line - 1]), encoding="utf-8")
        from referee.cli import app
        from tests.conftest import CliRunner

        assert CliRunner().invoke(app, ["import", str(cut)]).exit_code == 0
        for args in (["show"], ["legal"]):
            ours, theirs, took = _cli_both(monkeypatch, *args)
            assert ours == theirs
            # at 33 rich squeezes columns to nothing: left to it; the plain renderer draws
            # Fluffy's, Fight or Flight's and Zombies!!!'s pictures and every `legal`
            assert took or columns == "33" or (args == ["show"] and game not in PLAIN_PICTURES)
        written = []
        with monkeypatch.context() as m:
            m.setattr(plain, "write", lambda lines, write=plain.write: (written.append(1), write(lines)))
            moved = CliRunner().invoke(app, ["move", ev.text])
        assert moved.exit_code == 0, moved.output
        assert written or game != "fluffy"
        assert CliRunner().invoke(app, ["undo"]).exit_code == 0
        with monkeypatch.context() as m:
            m.setattr(plain, "console_size", lambda: None)
            assert CliRunner().invoke(app, ["move", ev.text]).stdout == moved.stdout


def run_through_a_pipe(env: dict, *args: str) -> tuple[int, list[str], str, str]:
    """``python -m referee ARGS`` with ``env``, stdout a pipe: (exit code, the rich
    modules the process loaded, stdout, stderr less the probe's line)."""
    import subprocess
    import sys

    probe = ("import runpy, sys\nsys.argv = ['referee', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('referee', run_name='__main__')\nexcept SystemExit as e:\n    code = e.code\n"
             "rich = sorted(m for m in sys.modules if m.split('.')[0] == 'rich')\n"
             "print(repr((code, rich)), file=sys.stderr)")
    res = subprocess.run([sys.executable, "-c", probe, *args], env=env, capture_output=True, text=True, timeout=60)
    *err, last = res.stderr.strip().splitlines() or [""]
    code, loaded = eval(last)
    return code, loaded, res.stdout, "\n".join(err)


RICH_LAYOUT = {"rich.console", "rich.table", "rich.text", "rich.markup"}


def test_fluffy_show_legal_and_move_to_a_pipe_import_no_rich_console(tmp_path):
    """The point of the plain renderer (issue 26, start-up): printed to a pipe, the
    human forms of `show`, `legal` and `move` load none of rich's console, table or
    text modules, and print what they print on a terminal less the styles."""
    import os

    env = {**os.environ, "REFEREE_DB": str(tmp_path / "p.db"), "COLUMNS": "80", "LINES": "24"}
    for key in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR"):
        env.pop(key, None)
    assert run_in_process(env, "new", "fluffy").returncode == 0  # the set-up: in this process
    for args, shown in ((["show"], "♣ tree"), (["legal"], "what it does"), (["move", "play", "F"], "Fluffy moves")):
        code, loaded, out, _ = run_through_a_pipe(env, *args)
        assert code == 0 and shown in out and "\x1b" not in out, (args, out)
        assert not RICH_LAYOUT & set(loaded), (args, loaded)


# -- fight-or-flight and zombies: their pictures without rich (issue 26) ----------------------

PICTURE_SIZES = [(80, 24), (60, 20), (100, 30), (40, 20)]


def half_sample(game: str):
    """``game``'s built-in sample played to half its events (a game in progress)."""
    from referee.records import parse_record

    record = parse_record(spec(game).sample_text())
    engine = spec(game).new_game(record.tags)
    for ev in record.events[: len(record.events) // 2]:
        engine.apply(ev.text)
    return engine


def random_positions(game: str, seeds: int = 5, steps: int = 250) -> list:
    """Positions along seeded random legal play of ``game`` (2 to 6 players; for
    Zombies!!! each set of expansions, School's Out's guts column among them), and
    each game's end."""
    import copy
    import random

    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        tags = {"Players": ", ".join(["Ann", "Ben", "Catherine-Ann", "Dan", "Eve", "Fay"][: 2 + seed % 5])}
        if game == "zombies":
            tags |= {"Tiles": "14", "Expansions": ["", "the-end, schools-out",
                                                   "zombie-corps, six-feet-under"][seed % 3]}
        engine = spec(game).new_game(tags)
        for step in range(steps):
            legal = [o.text for o in engine.legal_events() if not o.text.endswith("stuck")]
            if not legal:
                break
            engine.apply(rng.choice(legal))
            if step % (9 if THOROUGH else 27) == 0:  # REFEREE_THOROUGH=1: every 9th event
                out.append(copy.deepcopy(engine))
        out.append(engine)
    return out


@pytest.fixture(scope="module")
def fof_and_zombies_positions():
    return {game: random_positions(game) for game in ("fight-or-flight", "zombies")}


@pytest.mark.parametrize("game", ["fight-or-flight", "zombies"])
@pytest.mark.parametrize("width, height", PICTURE_SIZES)
def test_fof_and_zombies_pictures_are_printed_as_rich_prints_them(game, width, height, fof_and_zombies_positions):
    """Along random games: where the plain picture is given, it is rich's byte for
    byte (the weeks folded to the height, short or full card names, the guts column,
    the game's end); at 80x24 and 100x30 it is given for every position, and for
    Fight or Flight also with a narrower or wider picture asked for.  Each size takes
    half the positions, the two halves alternating down the sizes (all of them with
    ``REFEREE_THOROUGH=1``)."""
    render = spec(game).render_module().render
    positions = share(fof_and_zombies_positions[game], PICTURE_SIZES.index((width, height)), 2)
    taken = 0
    for engine in positions:
        pictures = [render(engine)]
        if game == "fight-or-flight" and (width, height) == (80, 24):
            pictures += [render(engine, width=65), render(engine, width=110, height=40)]
        for picture in pictures:
            lines = picture.plain_lines(width, height)
            if lines is not None:
                taken += 1
                assert joined(lines) == rich_print(width, picture, height=height)
    if (width, height) in ((80, 24), (100, 30)):
        assert taken >= len(positions)


@pytest.mark.parametrize("game", ["fight-or-flight", "zombies"])
def test_fof_and_zombies_half_samples_take_the_plain_path(game):
    """A game in progress (the sample at half) is laid out here at each size but the
    cramped 40 columns, and prints as rich prints it."""
    engine = half_sample(game)
    picture = spec(game).render_module().render(engine)
    for width, height in PICTURE_SIZES[:3]:
        lines = picture.plain_lines(width, height)
        assert lines is not None, (width, height)
        assert joined(lines) == rich_print(width, picture, height=height)


def test_a_name_rich_would_read_differently_is_left_to_rich():
    """A player's name with a bracket (markup in a string cell): the plain picture
    declines and rich prints it; a grid cell with an emoji code, or that does not
    fit, is declined too."""
    for game in ("fight-or-flight", "zombies"):
        for name in ("[b]Ann", "Ann [red]"):
            engine = spec(game).new_game({"Players": f"{name}, Ben"})
            picture = spec(game).render_module().render(engine)
            assert picture.plain_lines(80, 24) is None, name
    assert plain.grid_lines(["a", "b"], [["x", ":smile:"]], 80) is None
    assert plain.grid_lines(["a", "b"], [["x", "a very long cell"]], 10) is None
    assert plain.grid_lines(["a", "b"], [["x", "y"]], 80, justify=["right"], pad_edge=False) == ["a  b", "x  y"]


@pytest.mark.parametrize("game, head", [("fight-or-flight", "Zombie Fight or Flight"),
                                        ("zombies", "Zombies!!! quick play"),
                                        ("fluxx", "Zombie Fluxx"), ("zombie-attack", "First Mover:")])
def test_show_and_move_of_a_game_in_progress_to_a_pipe_import_no_rich_console(game, head, tmp_path):
    """Issue 26: `show` and `move` of a game in progress (the sample cut at half),
    printed to a pipe with NO_COLOR at 80 columns, load none of rich's console, table,
    text or markup modules, and print the picture and the event."""
    import json
    import os

    lines = spec(game).sample_text().splitlines(True)
    cut = tmp_path / "cut.rec"
    cut.write_text("".join(lines[: len(lines) // 2]), encoding="utf-8")
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "p.db"), "COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"}
    for key in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        env.pop(key, None)
    # the set-up in this process (conftest.run_in_process): the test is about the two below
    assert run_in_process(env, "import", str(cut)).returncode == 0
    listed = run_in_process(env, "legal", "--json")
    assert listed.returncode == 0, listed.stderr
    event = json.loads(listed.stdout)["legal"][0]["event"]
    for args, shown in ((["show"], head), (["move", event], event)):
        code, loaded, out, err = run_through_a_pipe(env, *args)
        assert code == 0 and shown in out and "\x1b" not in out, (args, out, err)
        assert not RICH_LAYOUT & set(loaded), (args, loaded)


# -- Zombie Fluxx and Zombie Attack: the pictures of `show` (issue 26) ----------------------------

PICTURE_GAMES = {"fluxx": [{"Players": "Ann, Ben, Cat"}, {"Players": "Annabelle Longname, Ben, Cat, Dan, Eve, Finn"}],
                 "zombie-attack": [{"Players": "Ann, Ben", "Board": "default"},
                                   {"Players": "Annabelle, Zed, Cat, Carl, Eve, Finnegan", "Board": "default"}]}


@functools.lru_cache(maxsize=None)
def fluxx_za_positions(game_name: str, seed: int = 7, every: int = 6 if THOROUGH else 18) -> list:
    """Positions along seeded random legal play (one per ``every`` events, and the end;
    every 6th with ``REFEREE_THOROUGH=1``) from each set of tags of :data:`PICTURE_GAMES`,
    computed once a run (the tests only read them)."""
    import copy
    import random

    out = []
    for n, tags in enumerate(PICTURE_GAMES[game_name]):
        rng = random.Random(seed + n)
        game = spec(game_name).new_game(dict(tags))
        for step in range(400):
            legal = game.legal_events()
            if not legal:
                break
            if step % every == 0:
                out.append(copy.deepcopy(game))
            game.apply(rng.choice(legal).text)
        out.append(game)
    return out


@pytest.mark.parametrize("game_name", ["fluxx", "zombie-attack"])
@pytest.mark.parametrize("width, height", PICTURE_SIZES)
def test_fluxx_and_zombie_attack_pictures_are_printed_as_rich_prints_them(game_name, width, height):
    """Along seeded random games (three and six players), the plain lines of the picture
    are rich's output byte for byte; the plain renderer takes every picture that fits
    (Zombie Attack's 14-square mansion, 45 columns, does not fit 40: rich crops it, so it
    is left to rich).  Each size takes a quarter of the positions, so every position is
    checked at one size (at every size with ``REFEREE_THOROUGH=1``)."""
    render = spec(game_name).render_module().render
    positions = fluxx_za_positions(game_name)
    assert len(positions) > 20
    for game in share(positions, PICTURE_SIZES.index((width, height)), 4):
        pictures = [render(game)]
        if game_name == "zombie-attack" and (width, height) == (80, 24):
            pictures += [render(game, width=65), render(game, height=40), render(game, width=120, height=40)]
        for picture in pictures:
            lines = picture.plain_lines(width, height)
            if game_name == "zombie-attack" and width == 40:
                assert lines is None
                continue
            assert lines is not None, (width, height)
            assert joined(lines) == rich_print(width, picture, height=height)


@pytest.mark.parametrize("game_name", ["fluxx", "zombie-attack"])
def test_fluxx_and_zombie_attack_half_samples_take_the_plain_path(game_name):
    """The position `startup_commands.py --all-games` measures: at 80x24 the picture
    is laid out here (not handed back to rich), and the bytes are rich's."""
    picture = spec(game_name).render_module().render(half_sample(game_name))
    lines = picture.plain_lines(80, 24)
    assert lines is not None
    assert joined(lines) == rich_print(80, picture, height=24)


def test_zombie_attack_picture_leaves_markup_in_a_name_to_rich():
    """A panel row rich reads markup in (``First Mover: [b]...``) is not laid out here."""
    game = spec("zombie-attack").new_game({"Players": "[b]Ann, Ben", "Board": "default"})
    picture = spec("zombie-attack").render_module().render(game)
    assert picture.plain_lines(80, 24) is None
    assert "First Mover: Ann" in rich_print(80, picture)  # rich's markup took the [b]


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 200), st.lists(st.integers(0, 5), min_size=1, max_size=6),
       st.one_of(st.none(), st.lists(st.integers(0, 30), max_size=6)))
def test_ratio_distribute_and_reduce_give_riches_parts(total, ratios, minimums):
    """plain's copies of rich._ratio's functions (rich._ratio imports fractions and decimal:
    start-up, issue 26) give rich's parts, or fail as rich's do."""
    from rich._ratio import ratio_distribute, ratio_reduce

    def both(ours, theirs, *args):
        try:
            expected = theirs(*args)
        except AssertionError:
            with pytest.raises(AssertionError):
                ours(*args)
            return
        assert ours(*args) == expected

    both(plain._ratio_distribute, ratio_distribute, total, ratios, minimums)
    values = [total + i for i in range(len(ratios))]
    both(plain._ratio_reduce, ratio_reduce, total, ratios, minimums or [1] * len(ratios), values)


def test_a_fluxx_picture_to_a_pipe_imports_no_fractions():
    """rich._ratio (fractions, decimal) stays out of the plain path of the players' table."""
    import subprocess
    import sys

    code = ("import sys; from referee.cli import plain; from referee.games import spec\n"
            "g = spec('fluxx').new_game({'Players': 'Ann, Ben, Cat'})\n"
            "print(spec('fluxx').render_module().render(g).plain_lines(80, 24) is not None,"
            " 'fractions' in sys.modules, 'rich._ratio' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False", "False"]
