"""Several processes at once on one stored game, and a writer killed with SIGKILL:
nothing illegal, lost or half-written ever reaches the log.  Kept small here (a few
seconds); tests/benchmarks/store_race.py runs hundreds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from referee import session
from referee.store import Store

from .test_store import new_fluffy

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")


def referee_procs(n: int, *args: str) -> list[subprocess.Popen]:
    env = {**os.environ, "NO_COLOR": "1", "REFEREE_BUSY_TIMEOUT": "30"}
    return [subprocess.Popen([sys.executable, "-m", "referee", *args], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(n)]


def test_three_processes_race_for_fluffys_fifth_play(private_store):
    """Fluffy has played four cards; three `referee move "play F"` start at once.
    Exactly one fifth play goes in; the others are refused as illegal (exit 1), and
    the log replays."""
    store = Store()
    gid = new_fluffy(store, plays=4)
    results = [(p.wait(), *p.communicate()) for p in referee_procs(3, "move", "play F", "--json")]
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 1, 1], results
    for code, out, err in results:
        assert "Traceback" not in err
        if code == 1:
            assert err.count("\n") == 1
    log = Store().log(gid)
    assert [e.text for e in log] == ["play F"] * 5
    session.load(Store(), gid)  # replays
    acked = [json.loads(out) for code, out, _ in results if code == 0]
    assert acked[0]["log_length"] == 5


def test_racing_writers_in_a_legal_order_all_succeed(private_store):
    """Three writers each enter `play F` once with Fluffy at his first play: all three
    are legal in any order, so all three are acknowledged and stored."""
    gid = new_fluffy(Store(), plays=0)
    results = [(p.wait(), *p.communicate()) for p in referee_procs(3, "move", "play F")]
    assert [code for code, _, _ in results] == [0, 0, 0], results
    assert [e.seq for e in Store().log(gid)] == [1, 2, 3]
    assert session.load(Store(), gid).length == 3


WRITER = """
import sys
from referee import session
from referee.store import Store

store = Store(sys.argv[1])
loaded = session.load(store)
while not loaded.game.over:
    applied = session.enter(store, loaded, loaded.game.legal_events()[0].text)
    print(loaded.length, applied.text, flush=True)  # acknowledged: it is committed
"""


@pytest.mark.parametrize("after", [3, 17])
def test_a_writer_killed_with_sigkill_loses_no_acknowledged_event(private_store, after):
    store = Store()
    gid = new_fluffy(store)
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(private_store)],
                            stdout=subprocess.PIPE, text=True)
    acked = []
    for line in proc.stdout:
        acked.append(line.split(" ", 1))
        if len(acked) >= after:
            break
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate()
    acked += [line.split(" ", 1) for line in rest.splitlines() if line]
    log = Store().log(gid)
    by_seq = {e.seq: e.text for e in log}
    for seq, text in acked:
        assert by_seq[int(seq)] == text.strip()
    assert len(log) >= len(acked)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))  # no gap, nothing half-written
    session.load(Store(), gid)  # the log replays


# -- every game: races and kills (issue 24) ----------------------------------------------------

def _games():
    from referee.games import refereed

    return [pytest.param(s, id=s.name) for s in refereed() if s.sample_text()]


def _stored_sample(spec, store: Store) -> tuple[int, list[str]]:
    from referee.records import parse_record

    record = parse_record(spec.sample_text())
    tags = {k: v for k, v in record.tags.items() if k != "Game"}
    engine = session.setup_game(spec.name, tags)
    gid = store.create_game(spec.name, session.stored_tags(spec.name, engine, tags, None))
    return gid, [line.text for line in record.events]


@pytest.mark.parametrize("spec", _games())
def test_every_game_the_same_event_raced_with_expect_goes_in_once(private_store, spec):
    """Three processes enter the sample's first event with `--expect 0`: one is stored,
    the other two are refused as stale (exit 2); then `undo --expect 1` races `move
    SECOND --expect 1`: exactly one wins.  The log replays."""
    gid, events = _stored_sample(spec, Store())
    results = [(p.wait(), *p.communicate()) for p in referee_procs(3, "move", events[0], "--expect", "0")]
    assert sorted(code for code, _, _ in results) == [0, 2, 2], results
    assert all("Traceback" not in err for _, _, err in results)
    env = {**os.environ, "NO_COLOR": "1"}
    procs = [subprocess.Popen([sys.executable, "-m", "referee", *args, "--expect", "1"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for args in (["undo"], ["move", events[1]])]
    codes = sorted(p.wait() for p in procs)
    assert codes == [0, 2], codes
    log = Store().log(gid)
    assert len(log) == 2 and log[0].text == events[0]
    session.load(Store(), gid)  # replays


ANY_WRITER = """
import sys
from referee import session
from referee.store import Store

store = Store(sys.argv[1])
loaded = session.load(store)
for _ in range(400):
    options = loaded.game.legal_events()
    if loaded.game.over or not options:
        break
    applied = session.enter(store, loaded, options[len(options) // 2].text)
    print(loaded.length, applied.text, flush=True)  # acknowledged: it is committed
"""


@pytest.mark.parametrize("spec", _games())
def test_every_game_a_writer_killed_with_sigkill_loses_no_acknowledged_event(private_store, spec):
    _stored_sample(spec, Store())
    gid = Store().current_id()
    proc = subprocess.Popen([sys.executable, "-c", ANY_WRITER, str(private_store)],
                            stdout=subprocess.PIPE, text=True)
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if len(seen) >= 5:
            break
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate()
    # an event is acknowledged by its whole line: a line the kill cut short has no newline
    *lines, _cut = ("".join(seen) + rest).split("\n")
    acked = [line.split(" ", 1) for line in lines if line]
    log = Store().log(gid)
    by_seq = {e.seq: e.text for e in log}
    assert acked, "the writer acknowledged nothing"
    for seq, text in acked:
        assert by_seq[int(seq)] == text.strip()
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    session.load(Store(), gid)  # the log replays
