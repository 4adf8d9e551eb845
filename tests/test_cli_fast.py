"""``referee.cli.fast`` patches private typer internals for start-up time.  When they
are missing or differ, it must leave typer as shipped, and every command must still
work the same (only slower): never an exit 3 because typer changed."""

from __future__ import annotations

import re
import sys

import pytest
import typer.core
from typer.testing import CliRunner

from referee.cli import app
from referee.cli import fast

runner = CliRunner()
STAMP = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?(\+00:00)?")

# A real Fluffy game and the other command groups, with the exit code each must give.
SCRIPT = [
    (["new", "fluffy", "--board", "default", "--fluffy", "Ana", "--zombies", "Ben"], 0),
    (["move", "play", "F"], 0),
    (["move", "--json", "play", "L"], 0),
    (["move", "snag"], 1),
    (["move", "frobnicate"], 2),
    (["show", "--json"], 0),
    (["show"], 0),
    (["legal", "--json"], 0),
    (["legal"], 0),
    (["check", "--json", "play F"], 0),
    (["undo"], 0),
    (["log", "--json"], 0),
    (["export"], 0),
    (["games", "--json"], 0),
    (["switch", "1", "--json"], 0),
    (["switch", "x"], 2),
    (["show", "--game", "99999999999999999999999"], 2),
    (["replay", "sample", "--json"], 0),
    (["replay", "sample-zombies", "--json"], 0),
    (["board", "check", "default"], 0),
    (["rules", "show", "fluffy.bounce"], 0),
    (["rules", "list", "--game", "fluffy"], 0),
    (["new", "fight-or-flight", "--players", "Ann, Ben", "--json"], 0),
    (["move", "Ann: Provision"], 0),
    (["advise", "--json", "--samples", "50", "--seed", "1"], 0),
    (["simulate", "fight-or-flight", "--players", "2", "--games", "3", "--seed", "1"], 0),
    (["simulate", "fight-or-flight", "--players", "2", "--games", "x"], 2),
    (["match", "new", "--players", "Ana,Ben"], 0),
    (["match", "score", "--json"], 0),
    (["--version"], 0),
]


def _run_script(runner=runner) -> list[tuple[int, str]]:
    out = []
    for args, code in SCRIPT:
        res = runner.invoke(app, args)
        assert res.exit_code == code, (args, res.exit_code, res.stdout, res.stderr)
        if code:  # one line on stderr (typer's own wording of a bad number may differ)
            assert res.stderr.startswith("referee: ") and res.stderr.count("\n") == 1, (args, res.stderr)
        out.append((res.exit_code, STAMP.sub("<time>", res.stdout)))
    return out


def _commands(group, path=()):
    """Every command path of the click tree under ``group``."""
    import typer.main

    for name, cmd in sorted(group.commands.items()):
        yield (*path, name)
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, (*path, name))


@pytest.fixture
def typer_as_shipped(monkeypatch):
    """typer's own ``build_runtime_param`` back in place; :func:`fast.install` run with
    ``typer._coercion`` unimportable (as if a release had moved it), then with its
    ``RuntimeParam`` gone (as if renamed): it must patch nothing."""
    light = typer.core.build_runtime_param
    original = light.__closure__ and next(
        (c.cell_contents for c in light.__closure__ if callable(c.cell_contents)
         and c.cell_contents.__name__ == "build_runtime_param"), None)
    assert getattr(light, "_referee_light", False) and original is not None
    monkeypatch.setattr(typer.core, "build_runtime_param", original)
    with monkeypatch.context() as gone:
        gone.setitem(sys.modules, "typer._coercion", None)
        fast.install()
    assert typer.core.build_runtime_param is original  # nothing patched
    from typer import _coercion

    monkeypatch.delattr(_coercion, "RuntimeParam")  # and the class it subclasses gone for good
    fast.install()
    assert typer.core.build_runtime_param is original
    return original


def test_the_light_path_is_installed_with_the_tested_typer():
    assert getattr(typer.core.build_runtime_param, "_referee_light", False)


def test_every_command_works_the_same_when_typer_internals_are_missing(typer_as_shipped, monkeypatch, tmp_path):
    """The script and every command's --help with typer as shipped, then the script
    through the light path: the same output.  typer builds the commands once in each
    state (a runner with its own builds, tests/conftest.py), not at every invoke."""
    from .conftest import CliRunner as BuiltOnce

    shipped = BuiltOnce(commands={})
    slow = _run_script(shipped)
    import typer.main

    for path in _commands(typer.main.get_command(app)):
        res = shipped.invoke(app, [*path, "--help"])
        assert res.exit_code == 0, (path, res.stdout, res.stderr)
    # the same script through the light path gives the same output, word for word
    monkeypatch.undo()
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "light.db"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("REFEREE_FLUXX_CARDS", str(tmp_path / "fluxx-cards.toml"))
    assert getattr(typer.core.build_runtime_param, "_referee_light", False)
    assert _run_script(BuiltOnce(commands={})) == slow


def test_internals_of_another_shape_leave_typer_alone(monkeypatch):
    from typer import _coercion

    original = typer.core.build_runtime_param
    # a _coerce_value with another signature: the light subclass would be called wrongly
    monkeypatch.setattr(_coercion.RuntimeParam, "_coerce_value", lambda self, value, param, ctx, extra=None: value)
    assert not fast.compatible(typer.core, _coercion.RuntimeParam, _coercion.TypeDescriptor)
    monkeypatch.undo()
    assert fast.compatible(typer.core, _coercion.RuntimeParam, _coercion.TypeDescriptor)
    # a RuntimeParam that is no longer a dataclass, a TypeDescriptor without file_annotation
    assert not fast.compatible(typer.core, type("RuntimeParam", (), {}), _coercion.TypeDescriptor)
    assert not fast.compatible(typer.core, _coercion.RuntimeParam, type("TypeDescriptor", (), {}))
    assert not fast.compatible(object(), _coercion.RuntimeParam, _coercion.TypeDescriptor)
    assert typer.core.build_runtime_param is original


def test_a_descriptor_the_light_path_cannot_read_goes_to_typer(monkeypatch):
    calls = []
    monkeypatch.setattr(typer.core, "build_runtime_param", lambda d: calls.append(d) or "typer's")
    fast.install()
    light = typer.core.build_runtime_param
    assert light._referee_light and light(object()) == "typer's" and len(calls) == 1


def _main(args, capsys):
    from referee.cli import main

    with pytest.raises(SystemExit) as done:
        main(list(args))
    out = capsys.readouterr()
    return done.value.code, STAMP.sub("<time>", out.out), out.err


def test_one_command_is_built_when_one_is_named(monkeypatch):
    from referee.cli import lean_app

    lean = lean_app(["--db", "x.db", "show", "--json"])
    assert [c.callback.__name__ for c in lean.registered_commands] == ["show"] and lean.registered_groups == []
    lean = lean_app(["rules", "show", "fluffy.bounce"])
    assert lean.registered_commands == [] and [g.name for g in lean.registered_groups] == ["rules"]
    for whole in (["shw"], ["--help"], ["--version"], [], ["-g", "1", "show"]):
        assert lean_app(whole) is None, whole
    monkeypatch.setenv("_REFEREE_COMPLETE", "complete_zsh")
    assert lean_app(["show"]) is None
    assert len(app.registered_commands) > 10 and len(app.registered_groups) > 3  # the whole app untouched


def test_the_lean_app_says_what_the_whole_app_says(monkeypatch, capsys, tmp_path):
    """Each line through main() (one command built) and through the whole app."""
    import referee.cli as cli

    lines = [["new", "fluffy", "--board", "default"], ["move", "play", "F"], ["move", "snag"],
             ["show", "--json"], ["show", "--bogus"], ["legal", "--json"], ["show", "--help"],
             ["--db", str(tmp_path / "other.db"), "games", "--json"], ["rules", "show", "fluffy.bounce"],
             ["rules", "nope"], ["match", "--help"], ["undo", "--json"], ["shw"], ["log", "--json"]]
    lean = [_main(line, capsys) for line in lines]
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "whole.db"))
    monkeypatch.setattr(cli, "lean_app", lambda args: None)
    whole = [_main(line, capsys) for line in lines]
    assert lean == whole
    assert [code for code, _, _ in lean] == [0, 0, 1, 0, 2, 0, 0, 0, 0, 2, 0, 0, 2, 0]


def _probe(probe: str, env: dict, *args: str) -> tuple[str, object]:
    """Run ``probe`` (Python source that runs ``python -m referee`` with ``args`` and
    prints a repr on its last line of stderr) in a fresh interpreter: its stdout and that
    value."""
    import subprocess

    res = subprocess.run([sys.executable, "-c", probe, *args], env=env, capture_output=True, text=True,
                         timeout=60)
    return res.stdout, eval(res.stderr.strip().splitlines()[-1])


def test_python_m_referee_registers_the_games_commands_only_when_the_line_needs_them(tmp_path):
    import os

    env = {**os.environ, "REFEREE_DB": str(tmp_path / "lean.db"), "NO_COLOR": "1",
           "REFEREE_FLUXX_CARDS": str(tmp_path / "cards.toml")}
    probe = ("import runpy, sys\nsys.argv = ['referee', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('referee', run_name='__main__')\nexcept SystemExit as e:\n    code = e.code\n"
             "cli = sorted(m for m in sys.modules if m.startswith('referee.games.') and 'cli' in m)\n"
             "print(repr((code, cli)), file=sys.stderr)")

    def run(*args):
        return _probe(probe, env, *args)

    assert run("new", "fluffy", "--board", "default")[1][0] == 0
    assert run("show", "--json")[1] == (0, [])  # no game's CLI module imported
    assert run("move", "--json", "play", "F")[1] == (0, [])
    for line in (["match", "new", "--players", "Ana,Ben"], ["cards", "show", "Zombie"], ["simulate", "--help"],
                 ["new", "fof", "--players", "Ann, Ben"], ["--help"]):
        out, (code, cli) = run(*line)
        assert code == 0 and cli, (line, code, out)  # registered, and found
    assert "match" in run("--help")[0] and "Zombie (creeper" in run("cards", "show", "Zombie")[0]


def test_python_m_referee_loads_its_modules_without_collecting_then_runs_the_command_collecting(tmp_path):
    """Start-up (issue 26): ``referee.__main__`` turns garbage collection off while the
    modules load, and ``main`` freezes what they made and turns it back on before the
    command runs (a `play` session collects as any program does)."""
    import os

    env = {**os.environ, "REFEREE_DB": str(tmp_path / "gc.db"), "NO_COLOR": "1"}
    probe = ("import gc, runpy, sys\nsys.argv = ['referee', *sys.argv[1:]]\n"
             "import referee.__main__\nloading = gc.isenabled()\n"
             "try:\n    runpy.run_module('referee', run_name='__main__')\nexcept SystemExit as e:\n    code = e.code\n"
             "print(repr((code, loading, gc.isenabled(), gc.get_freeze_count() > 10000)), file=sys.stderr)")

    def run(*args):
        return _probe(probe, env, *args)[1]

    assert run("new", "fluffy", "--board", "default") == (0, False, True, True)
    assert run("show", "--json") == (0, False, True, True)
    assert run("move", "play", "F") == (0, False, True, True)
