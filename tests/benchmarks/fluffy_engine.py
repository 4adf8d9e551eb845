"""Benchmarks for Zombies Want Fluffy (run on demand, not part of the test suite).

    python tests/benchmarks/fluffy_engine.py [--no-processes] [--no-chess]

Reports:
- events applied per second in process (replaying the built-in sample game);
- legal_events(): mean and worst time over every position of the sample game and of
  seeded random playouts, and at the worst position found (four zombies, the shamble
  pending, all packed round Fluffy);
- python-chess perft (push/pop, depth 4 from the start position) measured in the same
  run as a pure-Python reference, from a separate venv (``/tmp/chessenv``, made on
  first use: ``python3 -m venv /tmp/chessenv && /tmp/chessenv/bin/pip install chess``);
  chess is not a project dependency;
- wall time of `referee replay sample`, `referee show` and `python -c "import typer"`
  as separate processes (median of several runs), to compare start-up cost.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

CHESS_PY = "/tmp/chessenv/bin/python"
PERFT = r"""
import time, chess
def perft(b, d):
    if d == 0:
        return 1
    n = 0
    for m in b.legal_moves:
        b.push(m); n += perft(b, d - 1); b.pop()
    return n
b = chess.Board(); t = time.perf_counter(); n = perft(b, 4); dt = time.perf_counter() - t
print(n, dt)
"""


def replay_speed(repeats: int = 200) -> float:
    """Best of 5 runs, by wall clock and by CPU time (the CPU figure is steadier on a
    shared machine)."""
    from referee.replay import sample_record, setup

    record = sample_record("sample")
    events = [line.text for line in record.events]
    best = best_cpu = 0.0
    for _ in range(5):
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(repeats):
            game = setup(record)
            for text in events:
                game.apply(text)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        best = max(best, repeats * len(events) / dt)
        best_cpu = max(best_cpu, repeats * len(events) / max(dc, 1e-9))
    print(f"apply: replaying the sample ({len(events)} events, set-up included): {best:,.0f} events/s wall, "
          f"{best_cpu:,.0f} events/s CPU ({len(events) / best * 1000:.2f} ms a game)")
    return best


def _timed_legal(game, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        game.legal_events()
        best = min(best, time.perf_counter() - t0)
    return best


def positions(seed: int = 1, games: int = 30):
    """Every position of the sample game, then of seeded random playouts (default yard)."""
    from referee.replay import sample_record, setup

    record = sample_record("sample")
    game = setup(record)
    yield game
    for line in record.events:
        game.apply(line.text)
        yield game
    rng = random.Random(seed)
    for _ in range(games):
        game = setup(record)
        for _ in range(400):
            if game.over:
                break
            yield game
            options = game.legal_events()
            game.apply(rng.choice(options).text)


def constructed():
    """Four zombies in a file (or rank) behind one another, all facing Fluffy at the far
    end, the shamble pending: every order of the shamble is tried (24), the zombies
    behind bouncing off those in front with two facings each time."""
    from referee.games.fluffy.engine import Game, Zombie
    from referee.grid import parse_square

    def make(fluffy, zombies):
        g = Game.from_tags({"Board": "default"})
        g.s.zombies = tuple(Zombie(n, parse_square(sq), f)
                            for n, (sq, f) in zip(("George", "Romero", "Campbell", "Raimi"), zombies))
        g.s.drawn = ("George", "Romero", "Campbell", "Raimi")
        g.s.fluffy, g.s.turn = parse_square(fluffy), "zombies"
        return g

    for col in "bcdefghijk":
        yield make(f"{col}11", [(f"{col}{r}", "N") for r in (5, 4, 3, 2)])
        yield make(f"{col}1", [(f"{col}{r}", "S") for r in (8, 9, 10, 11)])
    for row in range(2, 12):
        yield make(f"l{row}", [(f"{c}{row}", "E") for c in "hgfe"])
        yield make(f"a{row}", [(f"{c}{row}", "W") for c in "defg"])


def legal_speed() -> None:
    """Each position timed as the best of 3 calls (5 for four zombies with the shamble
    pending), so a stray pause elsewhere on the machine does not count."""
    times, worst, worst_at = [], 0.0, None
    for source, games in (("play", positions()), ("constructed", constructed())):
        for game in games:
            heavy = game.turn == "zombies" and len(game.s.zombies) == 4 and not game.s.shambled
            t = _timed_legal(game, runs=5 if heavy else 3)
            if source == "play":
                times.append(t)
            if t > worst:
                zs = " ".join(f"{z.name}@{game.board.sq(z.at)}{z.facing}" for z in game.s.zombies)
                worst, worst_at = t, f"{source}: {game.phase()}, Fluffy {game.fluffy_at}, {zs}"
    print(f"legal_events: {len(times)} positions in play, mean {statistics.mean(times) * 1000:.3f} ms, "
          f"p95 {sorted(times)[int(len(times) * .95)] * 1000:.3f} ms; worst (with the constructed "
          f"four-zombie shambles) {worst * 1000:.3f} ms")
    print(f"  worst at {worst_at}")


def chess_perft() -> None:
    if not os.path.exists(CHESS_PY):
        subprocess.run(["python3", "-m", "venv", "/tmp/chessenv"], capture_output=True)
        r = subprocess.run([CHESS_PY, "-m", "pip", "install", "-q", "chess"], capture_output=True)
        if r.returncode:
            print("chess perft: could not install python-chess in /tmp/chessenv")
            return
    r = subprocess.run([CHESS_PY, "-c", PERFT], capture_output=True, text=True)
    if r.returncode:
        print("chess perft failed:", r.stderr.strip().splitlines()[-1:])
        return
    n, dt = r.stdout.split()
    n, dt = int(n), float(dt)
    print(f"python-chess perft(4) push/pop: {n:,} nodes in {dt:.2f} s = {n / dt:,.0f} moves/s (reference)")


def timed(cmd: list[str], env: dict, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def processes() -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "REFEREE_DB": os.path.join(tmp, "bench.db")}
        subprocess.run([py, "-m", "referee", "new", "fluffy"], env=env, stdout=subprocess.DEVNULL, check=True)
        for event in ["play F", "play F", "play F"]:
            subprocess.run([py, "-m", "referee", "move", *event.split()], env=env,
                           stdout=subprocess.DEVNULL, check=True)
        rows = [
            ("python -c 'import typer'", [py, "-c", "import typer"]),
            ("referee --help", [py, "-m", "referee", "--help"]),
            ("referee replay sample", [py, "-m", "referee", "replay", "sample"]),
            ("referee replay sample --json", [py, "-m", "referee", "replay", "sample", "--json"]),
            ("referee show", [py, "-m", "referee", "show"]),
            ("referee move play F (then undo)", [py, "-m", "referee", "move", "play", "F"]),
        ]
        for label, cmd in rows:
            t = timed(cmd, env)
            if "move" in label:
                subprocess.run([py, "-m", "referee", "undo"], env=env, stdout=subprocess.DEVNULL)
            print(f"{label:<40} {t * 1000:7.0f} ms")


if __name__ == "__main__":
    replay_speed()
    legal_speed()
    if "--no-chess" not in sys.argv:
        chess_perft()
    if "--no-processes" not in sys.argv:
        processes()
