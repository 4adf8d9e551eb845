"""Start-up of `show`, `move`, `legal` and their `--json` forms beside `python -c
"import typer"` (issue 26: each within 2x), in a regular install with bytecode compiled.

Run: python tests/benchmarks/startup_commands.py [--venv /tmp/bench] [--runs 15] [--fresh] [--all-games]

``--all-games`` measures the same six commands for every game's built-in sample, cut at
half its lines (a game in progress); each game's ``move`` plays the first event that
``legal --json`` lists there; ``import typer`` is measured again before each game (the
ratios of a long run on a shared machine otherwise drift with it).

How: the checkout is installed (not editable) into a venv of its own (`python -m venv
VENV && VENV/bin/pip install -q . && VENV/bin/python -m compileall -q VENV/lib`; kept
between runs unless --fresh).  The store holds the first 22 events of the built-in
Fluffy sample game (`referee import`), a game in progress.  Each command runs twice to
warm the file cache, then RUNS times; before every run the store file is restored from a
pristine copy, so a `move` always meets the same position and nothing is undone.  Wall
time is measured around the process; user CPU is the child's own (os.wait4).  The table
gives the medians and each command's ratio to `import typer` in the same venv.  The
machine may be shared: the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "referee" / "data" / "samples" / "fluffy.zwf"
PREFIX_LINES = 30  # tags and the first 22 events: Fluffy to play, "play F" legal

COMMANDS = [
    ("show", ["-m", "referee", "show"]),
    ("show --json", ["-m", "referee", "show", "--json"]),
    ("legal", ["-m", "referee", "legal"]),
    ("legal --json", ["-m", "referee", "legal", "--json"]),
    ("move play F", ["-m", "referee", "move", "play", "F"]),
    ("move --json play F", ["-m", "referee", "move", "--json", "play", "F"]),
]


def ensure_venv(venv: Path, fresh: bool) -> Path:
    """A regular (non-editable) install of this checkout in ``venv``, bytecode compiled;
    its python."""
    py = venv / "bin" / "python"
    if fresh and venv.exists():
        shutil.rmtree(venv)
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", str(ROOT)], check=True)
        subprocess.run([str(py), "-m", "compileall", "-q", str(venv / "lib")], check=True)
    return py


def run(py: Path, args: list[str], env: dict) -> tuple[float, float, int]:
    """One process: (wall seconds, user CPU seconds, exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen([str(py), *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=tempfile.gettempdir())
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime, proc.returncode


def bench_env(tmp: Path, db: Path) -> dict:
    """The environment of every measured process: the store ``db``, a rules index in
    ``tmp``, NO_COLOR at 80x24, and bytecode written as a regular install has it."""
    env = {**os.environ, "REFEREE_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80", "LINES": "24",
           "REFEREE_RULES_INDEX": str(tmp / "idx.db")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def measure(py: Path, args: list[str], env: dict, db: Path, pristine: Path, runs: int) -> tuple[float, float]:
    """Median wall and user CPU (seconds) of ``runs`` warm runs."""
    walls, users = [], []
    for i in range(runs + 2):
        shutil.copyfile(pristine, db)
        wall, user, code = run(py, args, env)
        if code != 0:
            raise SystemExit(f"{args} exited {code}")
        if i >= 2:
            walls.append(wall)
            users.append(user)
    return statistics.median(walls), statistics.median(users)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", type=Path, default=Path(tempfile.gettempdir()) / "bench")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--fresh", action="store_true", help="reinstall the checkout into the venv")
    parser.add_argument("--all-games", action="store_true", help="every game's sample, cut at half")
    opts = parser.parse_args()
    py = ensure_venv(opts.venv, opts.fresh)
    if opts.all_games:
        return all_games(py, opts.runs)
    with tempfile.TemporaryDirectory() as tmp:
        db, pristine = Path(tmp) / "b.db", Path(tmp) / "pristine.db"
        record = Path(tmp) / "half.zwf"
        record.write_text("".join(SAMPLE.read_text(encoding="utf-8").splitlines(True)[:PREFIX_LINES]),
                          encoding="utf-8")
        env = bench_env(Path(tmp), db)
        subprocess.run([str(py), "-m", "referee", "import", str(record)], env=env, stdout=subprocess.DEVNULL,
                       check=True)
        shutil.copyfile(db, pristine)
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
        base_wall, base_user = measure(py, ["-c", "import typer"], env, db, pristine, opts.runs)
        print(f"{'command':22} {'wall ms':>8} {'x typer':>8} {'user ms':>8} {'x typer':>8}")
        print(f"{'import typer':22} {base_wall * 1000:8.1f} {1:8.2f} {base_user * 1000:8.1f} {1:8.2f}")
        worst = 0.0
        for name, args in COMMANDS:
            wall, user = measure(py, args, env, db, pristine, opts.runs)
            worst = max(worst, wall / base_wall)
            print(f"{name:22} {wall * 1000:8.1f} {wall / base_wall:8.2f} {user * 1000:8.1f} "
                  f"{user / max(base_user, 1e-9):8.2f}")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
              f"worst wall ratio {worst:.2f} (goal: 2.00)")


def all_games(py: Path, runs: int) -> None:
    """The six commands for every game's sample cut at half its lines (see the docstring)."""
    import json

    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        db, pristine = Path(tmp) / "b.db", Path(tmp) / "pristine.db"
        env = bench_env(Path(tmp), db)
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
        print(f"{'command':36} {'wall ms':>8} {'x typer':>8} {'user ms':>8} {'x typer':>8}")
        for sample in sorted(SAMPLE.parent.iterdir()):
            lines = sample.read_text(encoding="utf-8").splitlines(True)
            record = Path(tmp) / f"half{sample.suffix}"
            record.write_text("".join(lines[:len(lines) // 2]), encoding="utf-8")
            db.unlink(missing_ok=True)
            subprocess.run([str(py), "-m", "referee", "import", str(record)], env=env,
                           stdout=subprocess.DEVNULL, check=True)
            shutil.copyfile(db, pristine)
            out = subprocess.run([str(py), "-m", "referee", "legal", "--json"], env=env, capture_output=True,
                                 text=True, check=True).stdout
            first = json.loads(out)["legal"][0]["event"]
            # typer again for every game: a shared machine drifts over a long run
            base_wall, base_user = measure(py, ["-c", "import typer"], env, db, pristine, runs)
            print(f"{sample.stem + ': import typer':36} {base_wall * 1000:8.1f} {1:8.2f} "
                  f"{base_user * 1000:8.1f} {1:8.2f}")
            for name, args in COMMANDS:
                if args[2] == "move":
                    args = args[:-2] + [first]
                wall, user = measure(py, args, env, db, pristine, runs)
                worst = max(worst, wall / base_wall)
                label = f"{sample.stem}: {name.split(' play')[0]}"
                print(f"{label:36} {wall * 1000:8.1f} {wall / base_wall:8.2f} {user * 1000:8.1f} "
                      f"{user / max(base_user, 1e-9):8.2f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"worst wall ratio {worst:.2f} (goal: 2.00)")


if __name__ == "__main__":
    main()
