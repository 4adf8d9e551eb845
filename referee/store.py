"""Stored games: each game's set-up and its append-only event log, in SQLite.

The position is never stored; it is rebuilt by replaying the log.  Undo is itself an
entry in the log (kind ``undo``), which cancels the latest event still in force.

The store is a store of record: nothing illegal, nothing half-written, nothing lost.

- Every write is one ``BEGIN IMMEDIATE`` transaction: the write lock is taken first,
  then the caller checks the event against the log *as it now stands*
  (:meth:`Store.writing`), appends and commits.  Two terminals typing at once can
  both succeed only if the result is legal in the order stored.
- WAL journal with ``synchronous=NORMAL`` (a committed event survives a crash of the
  process; a power cut may lose the last few commits, never corrupt the log), and a
  busy timeout (``$REFEREE_BUSY_TIMEOUT`` seconds, default 30) after which the user is
  told in one line who holds the write lock.
- The file is marked as ours (``application_id``) with its schema version
  (``user_version``).  An existing file is first opened read-only and inspected: a
  foreign SQLite file, a store written by a newer version, or a damaged store is
  refused (:class:`StoreError`, exit 2) and left byte-for-byte untouched; a store of
  this project's first schema (user_version 0, our tables with exactly our columns) is
  migrated.  A store that cannot be written (read-only, or on a full disk) is opened
  read-only, and immutable when WAL cannot make its index: it can still be read.

Location: ``--db PATH`` on the command line, else ``$REFEREE_DB``, else
``referee.db`` in the user data dir (platformdirs).
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator
from urllib.parse import quote

from .errors import BadInputError
from .files import shorten

#: ``PRAGMA application_id`` of a referee store ("ZREF").
APPLICATION_ID = 0x5A524546
#: ``PRAGMA user_version`` this version writes; 0 is the first schema (unmarked).
SCHEMA_VERSION = 1
#: The tables of a referee store.
TABLES = frozenset({"games", "events", "matches", "meta"})
#: Game ids and sequence numbers are SQLite integers.
MAX_ID = 2**63 - 1
DEFAULT_BUSY_TIMEOUT = 30.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      INTEGER PRIMARY KEY,
    game    TEXT NOT NULL,          -- engine name: fluffy, fight-or-flight
    tags    TEXT NOT NULL,          -- JSON object: the record header less Game
    base    TEXT,                   -- folder file-valued tags are relative to
    match   INTEGER,                -- match id, when the game belongs to a match
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,       -- 1, 2, ... in log order
    kind    TEXT NOT NULL CHECK (kind IN ('event', 'undo')),
    text    TEXT NOT NULL,          -- canonical event notation ('' for undo)
    notes   TEXT NOT NULL DEFAULT '[]',  -- JSON list: automatic results of the event
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS matches (
    id      INTEGER PRIMARY KEY,
    players TEXT NOT NULL,          -- JSON list of the two players
    tags    TEXT NOT NULL,          -- JSON object: set-up tags every game of the match shares
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
"""


def _columns(conn: sqlite3.Connection, tables) -> dict[str, list[tuple]]:
    """``{table: [(name, type, notnull, default, pk), ...]}`` for ``tables`` in ``conn``."""
    return {t: [tuple(r)[1:] for r in conn.execute(f"PRAGMA table_info({quote_id(t)})")]
            for t in sorted(tables)}


def quote_id(name: str) -> str:
    """``name`` as a quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


_OUR_COLUMNS: dict[str, list[tuple]] | None = None


def our_columns() -> dict[str, list[tuple]]:
    """The columns of every table of :data:`SCHEMA` (read from an in-memory copy)."""
    global _OUR_COLUMNS
    if _OUR_COLUMNS is None:
        mem = sqlite3.connect(":memory:")
        try:
            mem.executescript(SCHEMA)
            _OUR_COLUMNS = _columns(mem, TABLES)
        finally:
            mem.close()
    return _OUR_COLUMNS


def has_our_schema(conn: sqlite3.Connection, tables: set[str]) -> bool:
    """True when every table of ``tables`` (all ours by name) has exactly our columns:
    names, types, NOT NULL, defaults and keys.  A file is recognised as a store of the
    first schema only by its full schema, never by table names alone."""
    mine = our_columns()
    return tables <= TABLES and all(cols == mine[t] for t, cols in _columns(conn, tables).items())


class StoreError(BadInputError):
    """The game store cannot be used: foreign, newer, damaged, read-only, busy, full.
    Exit code 2; the message is one line naming the file."""


class StaleError(BadInputError):
    """``--expect N`` was given but the log no longer has N entries: another player
    entered or undid an event since the position was shown.  Exit code 2."""


def default_path() -> Path:
    """``$REFEREE_DB`` if set, else ``referee.db`` in the user data dir."""
    from .paths import user_file

    return user_file("REFEREE_DB", "referee.db")


def busy_timeout() -> float:
    """Seconds to wait for another writer's lock: ``$REFEREE_BUSY_TIMEOUT`` or 30."""
    raw = os.environ.get("REFEREE_BUSY_TIMEOUT", "").strip()
    try:
        value = float(raw) if raw else DEFAULT_BUSY_TIMEOUT
    except ValueError:
        value = DEFAULT_BUSY_TIMEOUT
    return min(max(value, 0.0), 3600.0) if value == value else DEFAULT_BUSY_TIMEOUT


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def lock_holders(path: Path) -> list[str]:
    """Best effort (Linux ``/proc/locks``): ``"pid 123 (sqlite3 games.db)"`` for each
    process holding a lock on the store or its WAL index; empty when unknown."""
    inodes = set()
    for p in (path, Path(f"{path}-shm"), Path(f"{path}-wal")):
        try:
            st = os.stat(p)
            inodes.add((os.major(st.st_dev), os.minor(st.st_dev), st.st_ino))
        except OSError:
            pass
    out: list[str] = []
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as fh:
            lines = fh.read(1 << 20).splitlines()
    except OSError:
        return out
    me = os.getpid()
    for line in lines:
        parts = line.split()
        try:
            i = parts.index("WRITE") if "WRITE" in parts else -1
            if i < 0:
                continue
            pid = int(parts[i + 1])
            maj, mino, ino = parts[i + 2].split(":")
            key = (int(maj, 16), int(mino, 16), int(ino))
        except (ValueError, IndexError):
            continue
        if key not in inodes or pid == me:
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                cmd = " ".join(fh.read(200).replace(b"\0", b" ").decode("utf-8", "replace").split())
        except OSError:
            cmd = ""
        label = f"pid {pid}" + (f" ({cmd[:60]})" if cmd else "")
        if label not in out:
            out.append(label)
    return out


def explain(exc: sqlite3.Error, path: Path) -> StoreError:
    """One-line :class:`StoreError` for an SQLite failure on the store at ``path``."""
    msg = " ".join(str(exc).split())
    low = msg.lower()
    if "locked" in low or "busy" in low:
        who = lock_holders(path)
        by = f" by {', '.join(who[:3])}" if who else " by another program"
        return StoreError(f"the game store {path} is locked{by}; waited {busy_timeout():g} s for "
                          f"its write lock (set REFEREE_BUSY_TIMEOUT to wait longer); nothing was written")
    if "readonly" in low or "read-only" in low:
        return StoreError(f"the game store {path} is read-only: it can be read (show, log, export, "
                          f"games) but nothing can be entered; nothing was written")
    if "full" in low:
        return StoreError(f"the disk holding the game store {path} is full; nothing was written")
    if "malformed" in low or "not a database" in low or "corrupt" in low:
        return StoreError(f"the game store {path} is damaged ({msg}); it was left untouched: "
                          f"restore a backup or use another --db")
    if "unable to open" in low:
        return StoreError(f"cannot open the game store {path}: {msg}")
    return StoreError(f"the game store {path} failed: {msg}")


@dataclass(frozen=True)
class StoredGame:
    """A stored game's set-up: ``id``, engine ``game`` name, header ``tags``, ``base`` folder."""

    id: int
    game: str
    tags: dict[str, str]
    base: str | None
    created: str
    match: int | None = None


def peek_current(path: str | Path | None = None) -> StoredGame | None:
    """The current game of the store at ``path`` (default :func:`default_path`), read
    without writing anything: the file is opened read-only and never created.  None when
    there is no store, no current game, or a file that is not a usable referee store (a
    question about the rules must not fail on the game store)."""
    try:
        p = Path(path).expanduser() if path else default_path()
        if not p.is_file() or "\x00" in str(p):
            return None
        conn = sqlite3.connect(f"file:{quote(str(p.resolve()))}?mode=ro", uri=True, timeout=1.0)
    except (OSError, RuntimeError, ValueError, sqlite3.Error):
        return None
    try:
        if conn.execute("PRAGMA application_id").fetchone()[0] not in (0, APPLICATION_ID):
            return None
        row = conn.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        if row is None:
            return None
        game = conn.execute("SELECT id, game, tags, base, created, match FROM games WHERE id = ?",
                            (int(str(row[0]).strip()),)).fetchone()
        if game is None:
            return None
        tags = json.loads(game[2])
        if not isinstance(tags, dict):
            return None
        return StoredGame(game[0], str(game[1]), {str(k): str(v) for k, v in tags.items()},
                          game[3], game[4], game[5])
    except (sqlite3.Error, ValueError, TypeError, RecursionError):
        return None
    finally:
        conn.close()


@dataclass(frozen=True)
class LogEntry:
    """One log row: ``seq``, ``kind`` (``event`` or ``undo``), ``text``, ``notes``."""

    seq: int
    kind: str
    text: str
    notes: list[str]
    created: str


def _effective(entries: list[LogEntry]) -> list[LogEntry]:
    out: list[LogEntry] = []
    for entry in entries:
        if entry.kind == "undo":
            if out:
                out.pop()
        else:
            out.append(entry)
    return out


def check_id(gid: int, what: str = "game id") -> int:
    """``gid`` if it is a valid SQLite row id (1 .. 2**63-1), else :class:`BadInputError`."""
    if isinstance(gid, bool) or not isinstance(gid, int) or not 1 <= gid <= MAX_ID:
        raise BadInputError(f"a {what} is a number from 1 to {MAX_ID}, not {str(gid)[:30]}")
    return gid


class Store:
    """The SQLite store at ``path`` (created on first use; see the module docstring).

    With ``read_only`` the file is opened read-only (SQLite ``mode=ro``) and never
    created, migrated or written: a missing store reads as an empty one, and every
    write raises :class:`StoreError`.  Commands that only look (``referee check``) use it.
    """

    def __init__(self, path: str | Path | None = None, *, read_only: bool = False) -> None:
        try:
            self.path = Path(path).expanduser() if path else default_path()
        except RuntimeError as exc:  # REFEREE_DB="~nobody/x.db": no such home folder
            raise StoreError(f"cannot place the game store: {exc}") from None
        self.db: sqlite3.Connection | None = None
        self.version = SCHEMA_VERSION
        self.read_only = read_only
        #: How the file is opened: ``rw``, ``ro`` (read-only) or ``immutable`` (read-only,
        #: without the WAL index a folder the user cannot write cannot hold).
        self.mode = "rw"
        #: Why a store opened read-only cannot be written: ``read-only`` or ``full``.
        self.cannot_write = "read-only"
        kind = self._inspect()
        if read_only:
            self._open_looking(kind)
            return
        with self._opening():
            if kind == "new":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = self._connect()
            if kind != "new" and self.mode == "rw":
                self._probe_or_read_only()
            if kind in ("new", "old"):
                self._initialise()
            self._tune()
        self.db.row_factory = sqlite3.Row

    # -- opening -------------------------------------------------------------------

    @contextmanager
    def _opening(self) -> Iterator[None]:
        """Open the store inside: an OS or SQLite failure closes what was opened and
        becomes one :class:`StoreError` naming the file."""
        try:
            yield
        except OSError as exc:
            self.close()
            raise StoreError(f"cannot open the game store {self.path}: {exc.strerror or exc}") from None
        except sqlite3.Error as exc:
            self.close()
            raise explain(exc, self.path) from None

    def _inspect(self) -> str:
        """Look at the file read-only: ``new`` (absent or empty), ``ours``, ``old`` (the
        first schema, to migrate); :class:`StoreError` for anything else."""
        p = self.path
        if "\x00" in str(p):
            raise StoreError("a game store path cannot hold a NUL byte")
        try:
            info = os.stat(p)
        except FileNotFoundError:
            return "new"
        except OSError as exc:
            raise StoreError(f"cannot open the game store {p}: {exc.strerror or exc}") from None
        if not stat.S_ISREG(info.st_mode):
            raise StoreError(f"the game store {p} is not a regular file")
        if info.st_size == 0:
            return "new"
        try:
            with open(p, "rb") as fh:
                head = fh.read(100)
        except OSError as exc:
            raise StoreError(f"cannot open the game store {p}: {exc.strerror or exc}") from None
        if not head.startswith(b"SQLite format 3\x00"):
            raise StoreError(f"{p} is not a referee game store (not an SQLite database); "
                             f"it was left untouched")
        ro = self._open_read_only()
        try:
            app_id = ro.execute("PRAGMA application_id").fetchone()[0]
            version = ro.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in ro.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                      if not r[0].startswith("sqlite_")}
            check = ro.execute("PRAGMA quick_check(1)").fetchone()[0]
            ours = check == "ok" and has_our_schema(ro, tables)
        except sqlite3.Error as exc:
            raise explain(exc, p) from None
        finally:
            ro.close()
        if check != "ok":
            raise StoreError(f"the game store {p} is damaged ({shorten(' '.join(str(check).split()), 80)}); it was left "
                             f"untouched: restore a backup or use another --db")
        if app_id == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise StoreError(f"the game store {p} was written by a newer referee (schema "
                                 f"{version}; this one knows {SCHEMA_VERSION}); it was left untouched: "
                                 f"upgrade referee")
            self.version = version
            return "ours" if version == SCHEMA_VERSION else "old"
        if app_id == 0 and version == 0 and ours and (not tables or {"games", "events"} <= tables):
            self.version = 0
            return "old" if tables else "new"
        raise StoreError(f"{p} is not a referee game store (another program's SQLite file); "
                         f"it was left untouched: give another --db")

    def _open_looking(self, kind: str) -> None:
        """Open for reading only: the file in SQLite's ``mode=ro``, or, when there is no
        store yet, an empty one in memory (so lookups say "no game yet")."""
        with self._opening():
            if kind == "new":
                self.db = sqlite3.connect(":memory:", isolation_level=None)
                self.db.executescript(SCHEMA)
            else:
                self.db = self._open_read_only(immutable_ok=not self._writable())
                self.db.execute("PRAGMA query_only = ON")
        self.db.row_factory = sqlite3.Row

    def _writable(self) -> bool:
        """Whether this process may write the store: the file, and its folder (WAL keeps
        its index, ``-shm``, beside the file) unless that index is already there.  A
        read-only mount or an immutable file is not writable, even for root."""
        p = self.path
        if not os.access(p, os.W_OK):
            return False
        return os.path.exists(f"{p}-shm") or os.access(p.parent, os.W_OK)

    def _probe_or_read_only(self) -> None:
        """Read the schema through the read-write connection; when that fails because
        nothing can be written (a full disk: WAL cannot grow its index; a file or folder
        that became read-only), reopen the store read-only so that it can still be read,
        and a game exported to rescue it.  Writes then fail with the reason."""
        try:
            self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return
        except sqlite3.Error as exc:
            low = str(exc).lower()
            if not any(w in low for w in ("full", "i/o", "readonly", "read-only", "unable to open")):
                raise
            reason = "full" if "full" in low or "i/o" in low else "read-only"
        self.db.close()
        self.db = self._open_read_only(immutable_ok=True)
        self.mode = self.mode if self.mode != "rw" else "ro"
        self.cannot_write = reason

    def _cannot_write(self, failure: sqlite3.Error | None, known: bool) -> bool:
        """Whether a failed read-only open failed because nothing can be written here
        (then nobody is writing, and an immutable open reads the file as it is)."""
        low = str(failure).lower()
        return known or not self._writable() or any(
            w in low for w in ("full", "i/o", "readonly", "read-only", "unable to open"))

    def _open_read_only(self, immutable_ok: bool = False) -> sqlite3.Connection:
        """A read-only connection to the existing file, checked by reading its schema:
        ``mode=ro`` first, then ``immutable=1`` when the file cannot be written and
        the read-only open fails (WAL needs a ``-shm`` file the folder cannot hold).
        A rollback journal left by a crashed writer (a hot journal) is never
        rolled back here: :class:`StoreError`, the file left untouched."""
        p = self.path
        base = f"file:{quote(str(p.resolve()))}"
        tries = [("ro", f"{base}?mode=ro"), ("immutable", f"{base}?mode=ro&immutable=1")]
        hot = os.path.exists(f"{p}-journal")
        failure: sqlite3.Error | None = None
        for mode, uri in tries:
            if mode == "immutable" and (hot or not self._cannot_write(failure, immutable_ok)):
                break  # immutable would read around an unfinished transaction or a live writer
            try:
                conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout(), isolation_level=None)
            except sqlite3.Error as exc:
                failure = exc
                continue
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error as exc:
                conn.close()
                failure = exc
                low = str(exc).lower()
                if "locked" in low or "busy" in low or "malformed" in low or "not a database" in low:
                    break
                continue
            if mode == "immutable" or immutable_ok or not self._writable():
                self.mode = mode
            if failure is not None and ("full" in str(failure).lower() or "i/o" in str(failure).lower()):
                self.cannot_write = "full"
            return conn
        low = str(failure).lower()
        if hot and ("readonly" in low or "read-only" in low or "unable to open" in low):
            raise StoreError(f"{p} holds an unfinished transaction (its journal {p.name}-journal was left by "
                             f"a program that stopped while writing); it was left untouched: open it "
                             f"with that program, or give another --db")
        raise explain(failure, p)

    def _connect(self) -> sqlite3.Connection:
        if self.mode != "rw":
            uri = f"file:{quote(str(self.path.resolve()))}?mode=ro" + ("&immutable=1" if self.mode == "immutable" else "")
            return sqlite3.connect(uri, uri=True, timeout=busy_timeout(), isolation_level=None)
        return sqlite3.connect(self.path, timeout=busy_timeout(), isolation_level=None)

    def _initialise(self) -> None:
        """Create the tables of a new store, or migrate a first-schema store, under the
        write lock (re-checked inside: another process may have done it meanwhile).  A
        read-only old store is left as it is and read."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "readonly" in str(exc).lower():
                return
            raise
        try:
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                      if not r[0].startswith("sqlite_")}
            if (app_id not in (0, APPLICATION_ID) or version > SCHEMA_VERSION
                    or (app_id == 0 and not has_our_schema(db, tables))):
                raise StoreError(f"{self.path} changed while it was opened and is not a referee "
                                 f"store any more; it was left untouched")
            if version < SCHEMA_VERSION or app_id != APPLICATION_ID:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK") if db.in_transaction else None
            raise
        self.version = SCHEMA_VERSION
        if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            db.execute("PRAGMA journal_mode = WAL")

    def _tune(self) -> None:
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _q(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        """Run one statement; an SQLite failure becomes a one-line :class:`StoreError`."""
        try:
            return self.db.execute(sql, args)
        except sqlite3.Error as exc:
            if self.mode != "rw" and self.cannot_write == "full" and "readonly" in str(exc).lower():
                raise StoreError(f"the disk holding the game store {self.path} is full: the games can be "
                                 f"read (show, log, export, games) but nothing can be entered; nothing "
                                 f"was written") from None
            raise explain(exc, self.path) from None
        except OverflowError:
            raise BadInputError(f"a number is out of range (ids go from 1 to {MAX_ID})") from None

    # -- transactions ------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator["Store"]:
        """One write transaction: the write lock is taken first (``BEGIN IMMEDIATE``,
        waiting up to the busy timeout), so what the caller reads inside is the log as it
        now stands and nobody can append before the commit.  An exception rolls back."""
        if self.db.in_transaction:  # nested: part of the caller's transaction
            yield self
            return
        self._q("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise
        self._q("COMMIT")

    # -- games -------------------------------------------------------------------------

    def create_game(self, game: str, tags: dict[str, str], base: str | None = None,
                    match: int | None = None) -> int:
        """Store a new game's set-up, make it the current game, and return its id."""
        with self.writing():
            cur = self._q(
                "INSERT INTO games (game, tags, base, match, created) VALUES (?, ?, ?, ?, ?)",
                (game, json.dumps(tags), base, match, _now()))
            gid = cur.lastrowid
            self._q("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(gid),))
        return gid

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""
        rows = self._q("SELECT * FROM games ORDER BY id").fetchall()
        return [self._game(r) for r in rows]

    def get(self, gid: int) -> StoredGame:
        """The stored game ``gid``; :class:`BadInputError` if there is none."""
        check_id(gid)
        row = self._q("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        if row is None:
            raise BadInputError(f"no stored game {gid} (see `referee games`)")
        return self._game(row)

    def _game(self, row: sqlite3.Row) -> StoredGame:
        tags = self._json(row["tags"], dict, f"game {row['id']}'s set-up")
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items()):
            raise StoreError(f"the game store {self.path} is damaged: game {row['id']}'s set-up "
                             f"holds a value that is not text")
        return StoredGame(row["id"], str(row["game"]), tags, row["base"], row["created"], row["match"])

    def _json(self, text, kind: type, what: str):
        try:
            value = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            value = None
        if not isinstance(value, kind):
            raise StoreError(f"the game store {self.path} is damaged: {what} is not valid JSON "
                             f"({kind.__name__} expected)")
        return value

    def current_id(self) -> int | None:
        """The current game's id, or None when no game was started."""
        row = self._q("SELECT value FROM meta WHERE key = 'current'").fetchone()
        if row is None:
            return None
        try:
            return check_id(int(str(row[0]).strip()))
        except (ValueError, BadInputError):
            return None

    def resolve(self, gid: int | None = None) -> StoredGame:
        """The game ``gid``, or the current game; :class:`BadInputError` if none."""
        if gid is None:
            gid = self.current_id()
            if gid is None:
                raise BadInputError("no game yet: start one with `referee new GAME`")
        return self.get(gid)

    def switch(self, gid: int) -> StoredGame:
        """Make game ``gid`` the current one."""
        with self.writing():
            game = self.get(gid)
            self._q("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(gid),))
        return game

    # -- the event log -------------------------------------------------------------------

    def log(self, gid: int) -> list[LogEntry]:
        """The whole log of game ``gid``, undo entries included, in order."""
        check_id(gid)
        rows = self._q(
            "SELECT seq, kind, text, notes, created FROM events WHERE game_id = ? ORDER BY seq",
            (gid,)).fetchall()
        out = []
        for r in rows:
            notes = self._json(r["notes"], list, f"the notes of game {gid}'s event {r['seq']}")
            out.append(LogEntry(r["seq"], r["kind"], str(r["text"]), [str(n) for n in notes], r["created"]))
        return out

    def log_length(self, gid: int) -> int:
        """How many rows game ``gid``'s log holds (undo rows included): a cheap way to
        tell whether the game changed; it only ever grows."""
        check_id(gid)
        return self._q("SELECT count(*) FROM events WHERE game_id = ?", (gid,)).fetchone()[0]

    def effective(self, gid: int) -> list[LogEntry]:
        """The events in force: the log with each undo cancelling the latest event left."""
        return _effective(self.log(gid))

    def expect(self, gid: int, expected: int | None) -> int:
        """The log length of game ``gid`` now; :class:`StaleError` when ``expected`` is
        given and differs (the position the player saw is no longer the game's)."""
        length = self.log_length(gid)
        if expected is not None and expected != length:
            raise StaleError(f"game {gid} changed: its log has {length} entries, not the {expected} "
                             f"expected (another player entered or undid an event); nothing was "
                             f"written: look again with `referee show` and retry")
        return length

    def append(self, gid: int, text: str, notes: list[str] | None = None,
               kind: str = "event") -> int:
        """Append one entry to game ``gid``'s log (in its own transaction unless inside
        :meth:`writing`); return its seq."""
        with self.writing():
            (seq,) = self._q(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?", (gid,)).fetchone()
            self._q(
                "INSERT INTO events (game_id, seq, kind, text, notes, created) VALUES (?, ?, ?, ?, ?, ?)",
                (gid, seq, kind, text, json.dumps(notes or []), _now()))
        return seq

    def undo(self, gid: int, expect: int | None = None) -> LogEntry:
        """Record an undo of the latest event in force and return that event, checked
        and written under the write lock.

        :class:`BadInputError` when there is nothing to undo; :class:`StaleError` when
        ``expect`` is given and the log no longer has that many entries.
        """
        with self.writing():
            self.get(gid)
            self.expect(gid, expect)
            events = self.effective(gid)
            if not events:
                raise BadInputError("nothing to undo")
            self.append(gid, "", [f"undid: {events[-1].text}"], kind="undo")
        return events[-1]

    # -- matches -------------------------------------------------------------------------

    def create_match(self, players: list[str], tags: dict[str, str]) -> int:
        """Store a new match between ``players`` (two names) and return its id."""
        with self.writing():
            cur = self._q("INSERT INTO matches (players, tags, created) VALUES (?, ?, ?)",
                          (json.dumps(players), json.dumps(tags), _now()))
            mid = cur.lastrowid
            self._q("INSERT OR REPLACE INTO meta VALUES ('match', ?)", (str(mid),))
        return mid

    def match(self, mid: int | None = None) -> tuple[int, list[str], dict[str, str]]:
        """``(id, players, tags)`` of match ``mid`` or the current match."""
        if mid is None:
            row = self._q("SELECT value FROM meta WHERE key = 'match'").fetchone()
            if row is None:
                raise BadInputError("no match yet: start one with `referee match new`")
            try:
                mid = int(str(row[0]).strip())
            except ValueError:
                raise StoreError(f"the game store {self.path} is damaged: the current match is "
                                 f"{str(row[0])[:30]!r}") from None
        check_id(mid, "match id")
        row = self._q("SELECT * FROM matches WHERE id = ?", (mid,)).fetchone()
        if row is None:
            raise BadInputError(f"no stored match {mid}")
        return (row["id"], self._json(row["players"], list, f"match {mid}'s players"),
                self._json(row["tags"], dict, f"match {mid}'s set-up"))

    def match_games(self, mid: int) -> list[StoredGame]:
        """The games of match ``mid``, in order."""
        check_id(mid, "match id")
        rows = self._q("SELECT * FROM games WHERE match = ? ORDER BY id", (mid,)).fetchall()
        return [self._game(r) for r in rows]
