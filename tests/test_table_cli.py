"""CLI conventions at the table (issue 14): shell completion of commands, game names,
stored game ids and `move` events; --json on every command; flags without `<bool>`."""

from __future__ import annotations

import json

import pytest
from .conftest import CliRunner

from referee.cli import app

runner = CliRunner()


def cli(*args: str, code: int = 0, env=None):
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def complete(line: str) -> list[str]:
    """What zsh would be offered for ``line`` (typer's completion protocol)."""
    res = runner.invoke(app, [], prog_name="referee",
                        env={"_REFEREE_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line})
    out = res.stdout
    if "(((" in out or "((" not in out:
        return []
    body = out.split("((", 1)[1].rsplit("))", 1)[0]
    return [item.strip().strip('"').split('":"')[0] for item in body.split("\n") if item.strip()]


@pytest.fixture
def refill_game():
    cli("new", "fluffy", "--board", "default")
    for event in ("play FR:F", "play FL:F", "play FB:F", "end"):
        cli("move", *event.split())


def test_completion_is_offered():
    assert "--install-completion" in cli("--help").stdout


def test_completes_commands_and_game_names():
    assert complete("referee mo") == ["move"]
    assert {"fluffy", "fight-or-flight"} <= set(complete("referee new f"))


def test_completes_stored_game_ids(refill_game):
    cli("new", "fight-or-flight", "--players", "Ann, Ben")
    assert complete("referee switch ") == ["1", "2"]
    assert complete("referee show --game 2") == ["2"]


def test_completes_move_events_token_by_token_with_a_shell_safe_unseen_card(refill_game):
    assert "draw" in complete("referee move dr")
    first = complete("referee move draw ")
    assert "x" in first and "George" in first and "?" not in first
    assert "x" in complete("referee move draw x x ")
    assert complete("referee move draw x x x ") == []  # the hand is full after three
    cli("move", "draw", "x", "x", "x")  # the engine reads x as an unseen card
    state = json.loads(cli("show", "--json").stdout)
    assert state["fluffy"]["hand"] == 5


def test_completion_never_fails_without_a_store(tmp_path):
    assert complete("referee move dr") == []
    assert complete("referee switch ") == []


@pytest.mark.parametrize("command", [["move", "--help"], ["show", "--help"], ["switch", "--help"],
                                     ["export", "--help"], ["match", "export", "--help"]])
def test_flags_show_no_metavar(command):
    out = cli(*command).stdout
    assert "<bool>" not in out and "--json" in out


def test_switch_json(refill_game):
    cli("new", "fight-or-flight", "--players", "Ann, Ben")
    assert json.loads(cli("switch", "1", "--json").stdout) == {"id": 1, "game": "fluffy", "current": True}
    err = json.loads(cli("switch", "9", "--json", code=2).stdout)["error"]
    assert "9" in err["message"]


def test_export_json(refill_game, tmp_path):
    got = json.loads(cli("export", "--json").stdout)
    assert got["id"] == 1 and got["record"].startswith("[Game \"fluffy\"]") and "end" in got["record"]
    path = tmp_path / "out.zwf"
    got = json.loads(cli("export", "--json", "-o", str(path)).stdout)
    assert got["output"] == str(path) and path.read_text(encoding="utf-8") == got["record"]


def test_match_export_json(tmp_path):
    cli("match", "new", "--players", "Ana,Ben", "--board", "default")
    got = json.loads(cli("match", "export", "--json").stdout)
    assert got == {"match": 1, "players": ["Ana", "Ben"], "games": []}
    path = tmp_path / "m.json"
    assert json.loads(cli("match", "export", "--json", "-o", str(path)).stdout) == {"output": str(path), "match": 1}
    assert json.loads(path.read_text())["match"] == 1
    err = json.loads(cli("match", "export", "--json", "-o", str(tmp_path / "no" / "x.json"), code=2).stdout)
    assert "cannot write" in err["error"]["message"]


def test_rules_import_json(tmp_path, own_rules_index):
    book = tmp_path / "book.md"
    book.write_text("# Setup\n\nDeal five cards.\n\n# Play\n\nTake turns.\n", encoding="utf-8")
    got = json.loads(cli("rules", "import", str(book), "--game", "fluffy", "--json").stdout)
    assert got["count"] == 2 and got["game"] == "fluffy"


def test_rules_list_fits_80_columns():
    out = cli("rules", "list", env={"COLUMNS": "80"}).stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    # titles get more than a 12-column strip: a typical title stays on one line
    assert any("Provision cards (blue): 8" in line for line in lines)


@pytest.mark.parametrize("value, message", [
    ("0", "Input should be greater than or equal to 1"),
    ("abc", "Input should be a valid integer, unable to parse string as an integer"),
    ("1.5", "Input should be a valid integer"),
])
def test_light_int_coercion_keeps_typers_messages(value, message):
    res = runner.invoke(app, ["switch", value])
    assert res.exit_code == 2 and message in res.stderr


def test_a_json_command_imports_neither_pydantic_nor_rich(tmp_path):
    import os
    import subprocess
    import sys

    from .conftest import run_in_process

    env = {**os.environ, "REFEREE_DB": str(tmp_path / "p.db")}
    assert run_in_process(env, "new", "fight-or-flight", "--players", "A, B").returncode == 0  # the set-up
    code = ("import sys; sys.argv = ['referee', 'show', '--json', '-g', '1']\n"
            "from referee.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'rich', 'questionary'))\n"
            "games = sorted(m for m in sys.modules if m.endswith('.engine'))\n"
            "print(repr((heavy, games)), file=sys.stderr)")
    res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    heavy, games = eval(res.stderr.strip().splitlines()[-1])
    assert heavy == [] and games == ["referee.games.fight_or_flight.engine"]
