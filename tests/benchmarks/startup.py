"""Start-up of each one-shot command beside `python -c "import typer"`, and the time
from an event typed in `referee play` to the redrawn screen (issue 14).

Run: .venv/bin/python tests/benchmarks/startup.py [--runs N]
     .venv/bin/python tests/benchmarks/startup.py --ask    # only `rules ask` / `import typer`

Start-up: the best and the median of N fresh processes per command, on a scratch store
holding one Zombies Want Fluffy game (and one Fight or Flight game for `fof` rows).
`rules ask` (issue 21): the median of 15 runs (after 3 to warm the caches: byte code, the
rules index, the page cache) of `python -c "import typer"` and of `referee rules ask`
with a question, and their ratio (the goal: at most 2.5).
Turnaround: a Fluffy game 150 events into a random legal game on the default yard;
each further event goes through PlayLoop.handle (store, engine, picture, hints) and
is printed to an 80x24 string console; p50 / p95 / max over the events.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable

COMMANDS = [
    ("import typer", ["-c", "import typer"]),
    ("referee --version", ["-m", "referee", "--version"]),
    ("referee --help", ["-m", "referee", "--help"]),
    ("referee move --help", ["-m", "referee", "move", "--help"]),
    ("referee show --json", ["-m", "referee", "show", "--json"]),
    ("referee show", ["-m", "referee", "show"]),
    ("referee legal --json", ["-m", "referee", "legal", "--json"]),
    ("referee move --json (+undo)", ["-m", "referee", "move", "--json", "play", "F"]),
    ("referee games --json", ["-m", "referee", "games", "--json"]),
    ("referee switch 1 --json", ["-m", "referee", "switch", "1", "--json"]),
    ("referee export --json", ["-m", "referee", "export", "--json"]),
    ("referee replay sample --json", ["-m", "referee", "replay", "sample", "--json"]),
    ("referee rules show fluffy.bounce", ["-m", "referee", "rules", "show", "fluffy.bounce"]),
    ("fof: referee show --json -g 2", ["-m", "referee", "show", "--json", "-g", "2"]),
]


def timed(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run([PY, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def startup(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "REFEREE_DB": str(Path(tmp) / "b.db"), "NO_COLOR": "1", "COLUMNS": "80",
               "LINES": "24", "REFEREE_RULES_INDEX": str(Path(tmp) / "idx.db")}
        subprocess.run([PY, "-m", "referee", "new", "fight-or-flight", "--players", "Ann, Ben"], env=env,
                       stdout=subprocess.DEVNULL, check=True)
        subprocess.run([PY, "-m", "referee", "new", "fluffy", "--board", "default"], env=env,
                       stdout=subprocess.DEVNULL, check=True)
        subprocess.run([PY, "-m", "referee", "switch", "2"], env=env, stdout=subprocess.DEVNULL, check=True)
        subprocess.run([PY, "-m", "referee", "rules", "show", "fluffy.bounce"], env=env,
                       stdout=subprocess.DEVNULL, check=False)  # build the rules index once
        base = None
        print(f"{'command':36} {'best ms':>8} {'median':>8} {'x typer':>8}")
        for name, args in COMMANDS:
            if name.startswith("fof"):
                args = [a if a != "2" else "1" for a in args]
            times = []
            for _ in range(runs):
                times.append(timed(args, env))
                if "move" in args and "--help" not in args:
                    subprocess.run([PY, "-m", "referee", "undo"], env=env, stdout=subprocess.DEVNULL)
            best, med = min(times) * 1000, statistics.median(times) * 1000
            base = base or best
            print(f"{name:36} {best:8.0f} {med:8.0f} {best / base:8.2f}")


ASK = ["-m", "referee", "rules", "ask", "can two walkers stand on the same square"]  # the README example


def _cpu_timed(args: list[str], env: dict) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one fresh process."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = timed(args, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def ask_ratio(runs: int = 15) -> float:
    """Median seconds of ``import typer`` and of ``referee rules ask``, printed with their
    ratio, in wall time and in CPU time (steadier on a shared machine); returns the wall
    ratio."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update({"REFEREE_DB": str(Path(tmp) / "b.db"), "NO_COLOR": "1", "COLUMNS": "80",
                    "REFEREE_RULES_INDEX": str(Path(tmp) / "idx.db"),
                    "REFEREE_RULES_DB": str(Path(tmp) / "r.db")})
        wall, cpu = {}, {}
        for name, args in (("import typer", ["-c", "import typer"]), ("referee rules ask", ASK)):
            for _ in range(3):
                timed(args, env)
            got = [_cpu_timed(args, env) for _ in range(runs)]
            wall[name] = statistics.median(w for w, _ in got)
            cpu[name] = statistics.median(c for _, c in got)
        for label, t in (("wall", wall), ("cpu", cpu)):
            print(f"{label}: import typer {t['import typer'] * 1000:.0f} ms, referee rules ask "
                  f"{t['referee rules ask'] * 1000:.0f} ms (medians of {runs}): "
                  f"ratio {t['referee rules ask'] / t['import typer']:.2f}")
        return wall["referee rules ask"] / wall["import typer"]


def turnaround(events: int = 150, samples: int = 60, seed: int = 5) -> None:
    from rich.console import Console

    from referee import session
    from referee.cli.play import PlayLoop
    from referee.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "t.db")
        tags = {"Board": "default"}
        engine = session.setup_game("fluffy", tags)
        rng = random.Random(seed)
        texts: list[str] = []
        while True:  # a game long enough: 150 events and then the ones to time
            texts.clear()
            engine = session.setup_game("fluffy", tags)
            for _ in range(events + samples):
                legal = engine.legal_events()
                if not legal:
                    break
                # keep the game going: prefer events that do not end it
                rng.shuffle(legal)
                pick = next((o for o in legal if "wins" not in o.description and "captur" not in o.description
                             and "escape" not in o.description), legal[0])
                texts.append(engine.apply(pick.text).text)
            if len(texts) == events + samples:
                break
        gid = store.create_game("fluffy", session.stored_tags("fluffy", session.setup_game("fluffy", tags),
                                                             tags, None), tmp)
        for text in texts[:events]:
            store.append(gid, text, [])
        loop = PlayLoop(store, gid)
        loop.picture()  # the session is open: the game is loaded once
        out = []
        profile = None
        if os.environ.get("PROFILE"):
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        for text in texts[events:]:
            start = time.perf_counter()
            console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
            for item in loop.handle(text):
                console.print(item)
            out.append((time.perf_counter() - start) * 1000)
        if profile is not None:
            import pstats

            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        out.sort()
        p95 = out[int(0.95 * (len(out) - 1))]
        print(f"\nplay turnaround after {events} events ({len(out)} events timed): "
              f"p50 {statistics.median(out):.1f} ms, p95 {p95:.1f} ms, max {out[-1]:.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--skip-startup", action="store_true")
    parser.add_argument("--ask", action="store_true", help="only the rules ask ratio (median of 15)")
    a = parser.parse_args()
    if a.ask:
        ask_ratio()
        raise SystemExit(0)
    if not a.skip_startup:
        startup(a.runs)
    turnaround()
