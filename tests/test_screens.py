"""What a player sees at an 80x24 terminal (issue 25), for every game:

- ``referee play`` driven in a pseudo-terminal whose screen is emulated (pyte): after
  every event the whole picture stays on the screen (its first line is not scrolled
  off), and an event entered from a second terminal redraws the window;
- plain-text snapshots of every game's picture with NO_COLOR, compared with the files
  in ``tests/snapshots`` (regenerate them with ``python tools/snapshots.py`` after a
  deliberate change, and read the diff).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pexpect
import pyte
import pytest
from rich.cells import cell_len
from rich.console import Console

from referee.games import refereed, spec
from referee.records import parse_record
from referee.replay import replay_record

from .conftest import run_in_process, spawn_referee, terminal_env

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
GAMES = [s.name for s in refereed() if s.sample]
#: The prompt of `referee play` on its own row: nothing typed after it yet.
PROMPT_ROW = re.compile(r"game \d+ \S*>")


def sample(name: str):
    return parse_record(spec(name).sample_text())


def picture_lines(game, width: int = 80, height: int = 24) -> list[str]:
    """The game's picture as plain text at ``width`` x ``height`` (NO_COLOR)."""
    console = Console(width=width, height=height, record=True, file=open(os.devnull, "w"),
                      color_system=None)
    console.print(spec(game.name).render_module().render(game))
    return console.export_text().rstrip("\n").split("\n")


class Screen:
    """A pseudo-terminal running ``referee play`` at 80x24, its screen emulated."""

    def __init__(self, env: dict) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)
        self.child = spawn_referee(env, "play", rows=24, columns=80)
        self.child.logfile_read = self
        self.child.expect(r"game \d+ \S*>")

    def write(self, text: str) -> None:  # pexpect's logfile: everything the child prints
        self.stream.feed(text)

    def flush(self) -> None:
        pass

    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.screen.display]

    def at_prompt(self) -> None:
        """Read until the emulated screen's cursor row is an empty prompt (``game N
        X>`` and nothing typed after it): the picture above it is drawn.  A program
        that stops printing first fails the read after the spawn's timeout."""
        while not PROMPT_ROW.fullmatch(self.screen.display[self.screen.cursor.y].rstrip()):
            self.child.read_nonblocking(4096, timeout=self.child.timeout)

    def enter(self, line: str) -> None:
        """Type ``line`` and wait for the next empty prompt, drawn after the picture.
        The prompt's own text is no sign: accepting a line redraws it, prompt and all,
        before the event is entered.  Its end is: prompt_toolkit switches bracketed
        paste off (``ESC [ ? 2004 l``) when its prompt returns the line."""
        self.child.sendline(line)
        self.child.expect_exact("\x1b[?2004l")
        self.at_prompt()

    def close(self) -> None:
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)


def new_game_from(env: dict, record) -> None:
    """Store the sample's set-up as a new game, as `referee import` would with no event."""
    head = "\n".join(f'[{k} "{v}"]' for k, v in record.tags.items())
    path = Path(env["REFEREE_DB"]).with_name("setup.txt")
    path.write_text(head + "\n", encoding="utf-8")
    res = run_in_process(env, "import", str(path))
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("name", GAMES)
def test_play_at_80x24_keeps_the_whole_picture_on_screen_and_sees_a_second_terminal(tmp_path, name):
    env = terminal_env(tmp_path, 80, 24)
    env.pop("NO_COLOR", None)  # colour on, as at a real table: marks must not depend on it
    record = sample(name)
    new_game_from(env, record)
    events = [e.text for e in record.events[:7]]
    term = Screen(env)
    game = replay_record(parse_record("\n".join(f'[{k} "{v}"]' for k, v in record.tags.items()))).game
    for event in events[:6]:
        term.enter(event)
        game.apply(event)
        top = next(line for line in picture_lines(game) if line.strip())
        rows = term.rows()
        assert any(top.strip() in row for row in rows), (event, "\n".join(rows))
    # a second terminal enters the next event: the window redraws and says so
    assert run_in_process(env, "move", events[6]).returncode == 0
    term.child.expect("Changed in another window", timeout=15)
    term.at_prompt()                           # the redraw ends with the prompt again
    rows = "\n".join(term.rows())
    assert "Changed in another window: 1 new log entry" in " ".join(rows.split())
    term.close()


def snapshot_positions(name: str) -> list[tuple[str, object]]:
    """(label, game) at the start, a third, two thirds and the end of the sample."""
    record = sample(name)
    head = [f'[{k} "{v}"]' for k, v in record.tags.items()]
    events = [e.text for e in record.events]
    out = []
    for label, n in (("start", 0), ("third", len(events) // 3), ("two-thirds", 2 * len(events) // 3),
                     ("end", len(events))):
        out.append((label, replay_record(parse_record("\n".join(head + events[:n]))).game))
    return out


def snapshot_text(name: str) -> str:
    """Every snapshot picture of ``name``, one after another, as plain text."""
    parts = []
    for label, game in snapshot_positions(name):
        lines = picture_lines(game)
        parts.append(f"=== {name} {label} (80x24, NO_COLOR) ===\n" + "\n".join(line.rstrip() for line in lines))
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_plain_text_pictures_match_their_snapshots(name):
    """Every mark must survive plain text: the snapshot is what a pipe, NO_COLOR or a
    copied screen shows.  A deliberate change: `python tools/snapshots.py`, read the diff."""
    want = (SNAPSHOTS / f"{name}.txt").read_text(encoding="utf-8")
    got = snapshot_text(name)
    assert got == want, f"picture of {name} changed: run python tools/snapshots.py and read the diff"
    for block in got.split("=== ")[1:]:
        body = block.split("\n", 1)[1].rstrip("\n").split("\n")
        assert len(body) <= 20 and max(cell_len(line) for line in body) <= 80, block[:60]
