"""Fixtures: the project's own test files (tests/fixtures), the optional ../shared
examples (tests that read them skip without them), a private store for every test."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner as _TyperRunner

from referee.errors import IllegalEventError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SHARED = ROOT.parent / "shared"
EXAMPLES = SHARED / "examples"
#: Mark for tests that check the shared examples or rulebooks: they skip when a clone
#: of the project stands alone, without ../shared.
needs_shared = pytest.mark.skipif(not EXAMPLES.is_dir(), reason=f"no shared examples at {EXAMPLES}")
#: The 5x4 test yard and our own escape game on it (Ana runs Fluffy, Ben the zombies).
YARD = FIXTURES / "fluffy" / "yard.toml"
ESCAPE = FIXTURES / "fluffy" / "escape.zwf"
YARD_TEXT = """name = "Test yard"
map = \"\"\"
+-+-+-+-+-+
|T . . . .|
+ + +~+ + +
|. . .|. .|
+ + + + + +
|. . . . .|
+ + +-+ + +
|. . . . F|
+-+-+-+-+=+
\"\"\"

[graves]
George = "b3"
Romero = "d3"
Campbell = "a1"
Raimi = "e4"
"""


#: ``REFEREE_THOROUGH=1`` runs every property test that asks for 100 or more examples
#: with all of them (a long run, before a release); otherwise they run a third (at
#: least 40), which keeps the README's test command short.  Tests under 100 examples
#: always run their own count.
THOROUGH = os.environ.get("REFEREE_THOROUGH", "") not in ("", "0")


def _rewrite_only_our_own_modules() -> None:
    """Leave the installed pytest plugins' packages (hypothesis, platformdirs ...) to plain
    Python imports.  pytest marks every module of a distribution that registers a plugin
    for assertion rewriting, and with ``PYTHONDONTWRITEBYTECODE`` (set here and in CI) it
    cannot cache them, so every process of a run (the xdist controller and each worker)
    parsed, rewrote and compiled ~80 modules of hypothesis again when a test module first
    imported it: about 0.9 s of CPU a process.  Their asserts are their own internal
    checks, never the tests' assertions, which are rewritten as before (test modules and
    this file are matched by name, not by these marks).  Runs when this file is imported,
    before any test module imports hypothesis; the plugins' own modules, imported
    earlier, stay rewritten.  An installed module is one in a ``site-packages`` folder or
    under ``sys.prefix`` (a venv inside the checkout is no module of ours).  Uses pytest
    internals: when they are not of this shape, nothing changes."""
    import importlib.util
    import sys

    installed = {"site-packages", "dist-packages"}
    for hook in sys.meta_path:
        marked = getattr(hook, "_must_rewrite", None)
        cache = getattr(hook, "_marked_for_rewrite_cache", None)
        if type(hook).__name__ != "AssertionRewritingHook" or not isinstance(marked, set) \
                or not isinstance(cache, dict):
            continue
        for name in list(marked):
            try:
                spec = importlib.util.find_spec(name.partition(".")[0])
                origin = Path(spec.origin).resolve() if spec and spec.origin else None
            except (ImportError, ValueError, OSError):
                continue
            if origin is not None and (not origin.is_relative_to(ROOT) or installed.intersection(origin.parts)
                                       or origin.is_relative_to(Path(sys.prefix).resolve())):
                marked.discard(name)
        cache.clear()


_rewrite_only_our_own_modules()


def pytest_configure(config) -> None:
    """Compile ``referee/`` and ``rulesdb/`` to bytecode once, in the process that starts
    the run (the xdist controller, or the only process without ``-n``), before any
    worker starts.  With ``PYTHONDONTWRITEBYTECODE`` set (or in a clean clone, at first)
    every xdist worker and every ``python -m referee`` a test spawns would otherwise
    compile the modules it imports from source: about 0.08 s of CPU per process, over
    a hundred processes a run.  ``compileall`` writes the ``.pyc`` files whatever that
    variable says and skips the ones already up to date; a checkout it cannot write
    to is left as it is (the tests only run slower).  Then, with xdist workers to come,
    the run's rules index starts building (:func:`_start_index_cache`) and the test
    modules are rewritten (:func:`_rewrite_test_modules_once`)."""
    if hasattr(config, "workerinput"):
        return
    import compileall

    for package in ("referee", "rulesdb"):
        try:
            compileall.compile_dir(ROOT / package, quiet=2)
        except OSError:
            pass
    workers = bool(config.getoption("tx", None)) and config.getoption("dist", "no") != "no"
    files = _selected_test_files(config) if workers else set()
    _start_index_cache(config, files)
    _rewrite_test_modules_once(config, files)


def pytest_collection_finish(session) -> None:
    """Freeze what collection made (``gc.freeze``, after one last collection), in each
    process that runs tests: the collected items, the imported modules and hypothesis's
    strategies live until the run ends, and every full collection of the cyclic garbage
    collector scanned them all again (about 5% of the CPU of a run of test modules,
    measured on four of them in one process: 12.8 -> 12.1 s, three runs each).
    Objects the tests make are collected as before."""
    import gc

    gc.collect()
    gc.freeze()


def pytest_unconfigure(config) -> None:
    """The process that made this run's folder of rules indexes removes it."""
    _end_index_cache(config)


def _selected_test_files(config) -> set[Path]:
    """The test modules (and this file) the run's arguments name, as the controller sees
    them before any worker collects."""
    import fnmatch

    base = Path(config.invocation_params.dir)
    ignored = [(base / p).resolve() for p in config.getoption("ignore", None) or ()]
    patterns = [*config.getini("python_files"), "conftest.py"]
    files: set[Path] = set()
    for arg in config.args:
        path = (base / str(arg).split("::")[0]).resolve()
        found = path.rglob("*.py") if path.is_dir() else [path]
        files.update(p for p in found if any(fnmatch.fnmatch(p.name, pat) for pat in patterns)
                     and not any(p.is_relative_to(i) for i in ignored))
    files.add(Path(__file__).resolve())
    return files


def _rewrite_test_modules_once(config, files: set[Path]) -> None:
    """With xdist workers to come, write pytest's cache of the assertion-rewritten test
    modules (``tests/__pycache__/*-pytest-*.pyc``) here, once, for the workers to read.
    pytest writes that cache only when ``sys.dont_write_bytecode`` is off; with
    ``PYTHONDONTWRITEBYTECODE`` (set here and in CI) every worker parsed, rewrote and
    compiled all the test modules again: about 3 s of CPU a worker.  The cache is
    pytest's own hash-checked one (a changed test file is rewritten again by whoever
    imports it), so a stale file cannot be run.  This uses pytest internals: when they
    are not there or not of this shape, nothing is written and the workers rewrite as
    before.  A run without workers is left to pytest (it would rewrite every module
    here even for one file)."""
    if config.getoption("assertmode", "rewrite") != "rewrite" or not files:
        return
    try:
        from _pytest.assertion import rewrite as _rw

        read, rewrite, write = _rw._read_pyc, _rw._rewrite_test, _rw._write_pyc
        cache_dir, tail = _rw.get_cache_dir, _rw.PYC_TAIL
    except (ImportError, AttributeError):
        return

    class _Quiet:
        trace = staticmethod(lambda *args: None)

    for fn in sorted(files):
        try:
            pyc = cache_dir(fn) / (fn.name[:-3] + tail)
            if read(fn, pyc) is None:
                pyc.parent.mkdir(exist_ok=True)
                source_hash, code = rewrite(fn, config)
                write(_Quiet, code, source_hash, pyc)
        except Exception:  # noqa: BLE001 - a module that fails here fails in the worker, as usual
            continue


def share(items, index: int, shares: int) -> list:
    """The ``index``-th of ``shares`` interleaved shares of ``items`` (every ``shares``-th
    item from ``index % shares``); all of ``items`` with :data:`THOROUGH`.  A sweep
    parametrised over sizes gives each size its own share of the positions, so that a
    default run still checks every position at some size and every size on some
    positions, and ``REFEREE_THOROUGH=1`` every position at every size."""
    items = list(items)
    return items if THOROUGH else items[index % shares::shares]


def examples(full: int) -> int:
    """How many hypothesis examples a test that asks for ``full`` runs: ``full`` when
    :data:`THOROUGH` or under 100, else ``max(full // 3, 40)``."""
    return full if THOROUGH or full < 100 else max(full // 3, 40)


#: The environment variable naming this run's folder of built rules indexes, each named
#: by the key the product builds it under (``rulesdb.Database.key``): ``<key>.sqlite``.
#: Set by the process that starts the run, inherited by the xdist workers.
INDEX_CACHE = "REFEREE_TEST_INDEX_CACHE"
#: The command that builds the index of the shipped entries, bank and verdicts (no
#: imports) into the run's folder, in a process of its own started with the run.
_BUILD_DEFAULT = """
import os, sys
from pathlib import Path
cache = Path(sys.argv[1])
try:
    from rulesdb import Database
    db = Database(index_path=cache / "building.sqlite", imports_path=cache / "no-imports.db")
    key = db.key()
    db.conn
    db.close()
    if db.location == str(cache / "building.sqlite"):
        os.replace(cache / "building.sqlite", cache / (key + ".sqlite"))
finally:
    (cache / "default.done").touch()
"""


def _start_index_cache(config, files: set[Path]) -> None:
    """Make this run's folder of rules indexes (:data:`INDEX_CACHE`); with xdist workers
    to come and a selected test module that names ``rulesdb``, start building the index
    of the shipped data there at once, in a process of its own, while the workers start
    and collect (about 1.5 s of CPU).  Each worker then copies it
    (:func:`session_rules_index`) instead of building its own.  A run without workers
    builds it at the first test that needs it, as before."""
    import subprocess
    import sys
    import tempfile

    if os.environ.get(INDEX_CACHE):
        return  # a run inside a test's run: the outer one's folder serves
    cache = Path(tempfile.mkdtemp(prefix="referee-test-indexes-"))
    os.environ[INDEX_CACHE] = str(cache)
    config._referee_index_cache = cache
    if any("rulesdb" in f.read_text(encoding="utf-8", errors="replace") for f in files
           if f.name != "conftest.py"):
        (cache / "default.building").touch()
        with open(cache / "default.log", "wb") as log:
            config._referee_index_build = subprocess.Popen(
                [sys.executable, "-c", _BUILD_DEFAULT, str(cache)], cwd=ROOT,
                stdin=subprocess.DEVNULL, stdout=log, stderr=log)


def _end_index_cache(config) -> None:
    """Wait for the build :func:`_start_index_cache` started and remove the folder."""
    import shutil

    cache = getattr(config, "_referee_index_cache", None)
    if cache is None:
        return
    build = getattr(config, "_referee_index_build", None)
    if build is not None:
        build.wait()
    if os.environ.get(INDEX_CACHE) == str(cache):
        del os.environ[INDEX_CACHE]
    shutil.rmtree(cache, ignore_errors=True)


def _index_cache() -> Path | None:
    folder = os.environ.get(INDEX_CACHE)
    return Path(folder) if folder and Path(folder).is_dir() else None


def _key_covers_the_inputs() -> bool:
    """False while a test patches an input of the index that its key does not cover: the
    ``asked`` phrasings file read (the key covers the shipped one) or whether the
    paraphrase table loads."""
    from rulesdb import model, paraphrase, synonyms

    return (Path(model.ASKED_FILE) == synonyms.TUNING_DIR / f"{synonyms.ASKED}.jsonl"
            and getattr(paraphrase.available, "__module__", "") == "rulesdb.paraphrase")


def _store_in_index_cache(path: Path, key: str) -> None:
    """Leave a copy of the index file ``path``, built under ``key``, in the run's folder."""
    import shutil

    cache = _index_cache()
    if cache is None or (cache / f"{key}.sqlite").exists():
        return
    tmp = cache / f"{key}.{os.getpid()}.tmp"
    try:
        shutil.copyfile(path, tmp)
        os.replace(tmp, cache / f"{key}.sqlite")
    except OSError:
        tmp.unlink(missing_ok=True)


def copy_built_index(db) -> bool:
    """Put into ``db.index_path`` (a ``rulesdb.Database`` with an explicit index path
    that does not exist yet) the index this run already built from the same inputs,
    when there is one: the same key (``db.key()``, the product's own, the one
    ``Database`` compares when it opens the file, so a copy is used exactly when the
    database would have found it current).  True when copied.  Not while a test
    patches an input the key does not cover (:func:`_key_covers_the_inputs`)."""
    import shutil

    cache = _index_cache()
    path = db.index_path
    if cache is None or path is None or path.exists() or not _key_covers_the_inputs():
        return False
    built = cache / f"{db.key()}.sqlite"
    if not built.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(built, path)
    return True


def shared_index(db):
    """``db`` (a ``rulesdb.Database`` with an explicit index path, of inputs the key
    covers) opened, on a copy of the index built from the same inputs earlier in this
    run (by this worker or another) when there is one (:func:`copy_built_index`);
    otherwise built, and a copy left for the next test or worker that opens the same.
    For the fixtures that open an index of their own verdicts or bank for a module: the
    module's tests run on both xdist workers, each of which built it.  A worker that
    finds the other building the same index waits for it (a lock on the key): the
    wait is as long as its own build would have been, without its CPU."""
    import contextlib

    assert _key_covers_the_inputs(), "an input the index key does not cover is patched"
    cache = _index_cache()
    key = db.key()
    with contextlib.ExitStack() as stack:
        if cache is not None:
            try:
                import fcntl

                lock = stack.enter_context(open(cache / f"{key}.lock", "w"))
                fcntl.flock(lock, fcntl.LOCK_EX)
            except (ImportError, OSError):
                pass
        copy_built_index(db)
        db.conn
        if db.rebuilt and db.location == str(db.index_path):
            _store_in_index_cache(db.index_path, key)
    return db


_SESSION_INDEX = {"settled": False}


@functools.lru_cache(maxsize=None)
def _mentions_rules(module: Path) -> bool:
    """True when the test module's text says ``rules`` (rulesdb, ``referee rules``, a
    rule id looked up): a test of it may open the rules index."""
    try:
        return "rules" in module.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True


def _settle_session_index(path: Path, wait: bool) -> None:
    """Copy the index the run built (:func:`_start_index_cache`) to ``path``, the worker's
    session index, once: at once when it is ready, else (its build still running) only
    when ``wait``, after waiting for it.  Nothing when the run builds none, or when a
    test already made ``path`` (the product built it: the copy would be no newer)."""
    import time

    cache = _index_cache()
    if cache is None or not (cache / "default.building").exists():
        _SESSION_INDEX["settled"] = True
        return
    if not (cache / "default.done").exists():
        if not wait:
            return
        deadline = time.monotonic() + 300
        while not (cache / "default.done").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
    from rulesdb import Database

    copy_built_index(Database(index_path=path, imports_path=path.with_name("no-imports.db")))
    _SESSION_INDEX["settled"] = True


@pytest.fixture(scope="session")
def session_rules_index(tmp_path_factory) -> Path:
    """The rules index file of this worker (or of the run, without xdist): the test's
    ``$REFEREE_RULES_INDEX``.  With xdist it starts as a copy of the index the run built
    once, in a process of its own (:func:`_start_index_cache`): copied by the first test
    after that build is done, or waited for by the first test of a module that may
    search (:func:`private_store`); without xdist, the first test that searches builds
    it.  The index carries the key of the entries, imports, word vectors, bank and
    verdicts it was built from, so a test that imports rules or points at other entries
    rebuilds it (and the next test rebuilds it back; such a test uses
    :func:`own_rules_index`): sharing the file can cost time, never a stale answer."""
    path = tmp_path_factory.mktemp("rules") / "rules-index.db"
    _settle_session_index(path, wait=False)
    return path


@pytest.fixture(autouse=True)
def private_store(request, tmp_path, monkeypatch, session_rules_index):
    """Every test gets its own game store and rules imports, and the session's rules
    index (the user's own data and cache dirs are never touched)."""
    if not _SESSION_INDEX["settled"]:
        _settle_session_index(session_rules_index, wait=_mentions_rules(Path(request.path)))
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "games.db"))
    monkeypatch.setenv("REFEREE_RULES_INDEX", str(session_rules_index))
    monkeypatch.setenv("REFEREE_RULES_DB", str(tmp_path / "rules-imports.db"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("REFEREE_FLUXX_CARDS", str(tmp_path / "fluxx-cards.toml"))
    import rulesdb

    rulesdb.reset()
    yield tmp_path / "games.db"
    rulesdb.reset()


def entries_of(folder: Path, *games: str) -> Path:
    """``folder`` (made if missing) holding a copy of the shipped entry files of ``games``
    (``fluffy.toml``, ``fluffy-*.toml`` ...): for the tests of how the index is cached,
    rebuilt, kept in memory or extended by imports, which any entries show.  An index of
    one or two games builds in about half the time of all five's.  Entry files outside
    ``rulesdb/entries`` get no ``asked`` phrasings (:func:`rulesdb.model.load_entries`)."""
    import shutil

    from rulesdb.model import ENTRIES_DIR

    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted(ENTRIES_DIR.glob("*.toml")):
        if any(path.name == f"{game}.toml" or path.name.startswith(f"{game}-") for game in games):
            shutil.copy(path, folder / path.name)
    assert any(folder.iterdir()), games
    return folder


@pytest.fixture
def own_rules_index(tmp_path, monkeypatch) -> Path:
    """A rules index of the test's own, for a test that imports rules: the imports are
    part of what an index is built from, so importing into the session's shared index
    would make this test rebuild it and the next test rebuild it back (about a second of
    CPU each).  Returns the index path."""
    path = tmp_path / "own-rules-index.db"
    monkeypatch.setenv("REFEREE_RULES_INDEX", str(path))
    import rulesdb

    rulesdb.reset()
    return path


@pytest.fixture
def yard_file(tmp_path) -> Path:
    """The 5x4 test yard, written into the test's folder."""
    path = tmp_path / "yard.toml"
    path.write_text(YARD_TEXT, encoding="utf-8")
    return path


def _shape(app) -> tuple:
    """What typer builds an app's Click command from that can change after import: the
    app and its registered commands and groups, the groups' apps likewise (by identity)."""
    return (id(app), tuple(id(c) for c in app.registered_commands),
            tuple((id(g), _shape(g.typer_instance)) for g in app.registered_groups if g.typer_instance))


_COMMANDS: dict = {}


def _built_command(app, build, commands: dict = _COMMANDS):
    """``build(app)`` once for each :func:`_shape` of ``app`` (kept in ``commands``); the
    same command after."""
    key = _shape(app)
    if key not in commands:
        commands[key] = (app, build(app))      # the app kept alive, so its id stays its own
    return commands[key][1]


class CliRunner(_TyperRunner):
    """typer's CliRunner, except that the Click command of an app is built once (typer
    rebuilds the whole command tree on every ``invoke``: about 20 ms for ``referee``'s,
    a tenth of the suite's time).  Invoking is typer's own, unchanged.  A command added
    to the app later makes a new build.  The builds are shared by every runner of the
    session, or kept in ``commands`` when given: tests/test_cli_fast.py builds the
    commands once in each state of typer it sets up, with a dict of its own."""

    def __init__(self, *args, commands: dict | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._commands = _COMMANDS if commands is None else commands

    def invoke(self, app, *args, **kwargs):
        import typer.testing

        real = typer.testing._get_command
        typer.testing._get_command = lambda a: _built_command(a, real, self._commands)
        try:
            return super().invoke(app, *args, **kwargs)
        finally:
            typer.testing._get_command = real


def terminal_env(tmp_path: Path, columns: int | None = None, lines: int | None = None) -> dict:
    """The environment of a `referee` process in a pseudo-terminal test: a private
    store, no colour, no cursor-position queries, and the terminal's size if given."""
    import os

    env = {**os.environ, "REFEREE_DB": str(tmp_path / "play.db"), "NO_COLOR": "1",
           "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm"}
    if columns is not None:
        env.update(COLUMNS=str(columns), LINES=str(lines))
    return env


def spawn_referee(env: dict, *args: str, rows: int, columns: int, timeout: float = 30):
    """``python -m referee ARGS`` in a pseudo-terminal of ``rows`` x ``columns`` (a
    ``pexpect.spawn``, text mode).  pexpect sleeps 50 ms before every ``send`` unless
    told otherwise (``delaybeforesend``, for programs that flush their input when they
    show a prompt): here it is off.  The referee flushes nothing (prompt_toolkit and
    questionary switch the terminal to raw mode with ``TCSANOW``), so text sent before
    a prompt is up waits for it; the tests expect the prompt or menu they answer before
    they type.  The sleep was most of the time of a game typed line by line."""
    import sys

    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "referee", *args], env=env, encoding="utf-8",
                          timeout=timeout, dimensions=(rows, columns))
    child.delaybeforesend = None
    return child


def run_referee(env: dict, *args: str):
    """Run ``python -m referee ARGS`` in ``env``; the completed process (text output)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "referee", *args], env=env, capture_output=True,
                          text=True, timeout=60)


def run_in_process(env: dict, *args: str):
    """``referee ARGS`` run in this process (:class:`CliRunner`) with ``env`` as its
    environment: the same ``returncode``, ``stdout`` and ``stderr`` as
    :func:`run_referee`, without starting Python and importing the referee again
    (about 0.1-0.2 s of CPU a process).  For the set-ups and checks of the terminal
    tests (a new game, the stored log, a write while a ``play`` window is open, which
    comes from another process all the same: this one); a test about the process
    itself (its exit on a signal, its stdin, its imports) uses :func:`run_referee`."""
    import subprocess

    from referee.cli import app

    result = CliRunner().invoke(app, list(args), env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(["referee", *args], result.exit_code, result.stdout, result.stderr)


def refused(game, event: str, rule: str | None = None, *, known=None) -> IllegalEventError:
    """Apply ``event`` to an engine ``game``, expect an IllegalEventError (with ``rule``
    when given, and a rule among ``known`` when given) and check that the game's JSON
    state is unchanged; return the error."""
    before = game.to_json()
    with pytest.raises(IllegalEventError) as exc:
        game.apply(event)
    if rule is not None:
        assert exc.value.rule == rule, (exc.value.message, exc.value.rule)
    assert game.to_json() == before, "a refused event changed the game"
    if known is not None:
        assert exc.value.rule in known
    return exc.value
