"""Stored games: each game's set-up and its append-only event log, in SQLite.

The position is never stored; it is rebuilt by replaying the log.  Undo is itself an
entry in the log (kind ``undo``), which cancels the latest event still in force.
Every event is written in its own transaction, and only after the engine accepted it.

Location: ``--db PATH`` on the command line, else ``$REFEREE_DB``, else
``referee.db`` in the user data dir (platformdirs).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .errors import BadInputError

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


def default_path() -> Path:
    """``$REFEREE_DB`` if set, else ``referee.db`` in the user data dir."""
    from .paths import user_file

    return user_file("REFEREE_DB", "referee.db")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class StoredGame:
    """A stored game's set-up: ``id``, engine ``game`` name, header ``tags``, ``base`` folder."""

    id: int
    game: str
    tags: dict[str, str]
    base: str | None
    created: str
    match: int | None = None


@dataclass(frozen=True)
class LogEntry:
    """One log row: ``seq``, ``kind`` (``event`` or ``undo``), ``text``, ``notes``."""

    seq: int
    kind: str
    text: str
    notes: list[str]
    created: str


class Store:
    """The SQLite store at ``path`` (created on first use)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise BadInputError(f"cannot open the game store {self.path}: {exc}") from None
        self.db.row_factory = sqlite3.Row

    def close(self) -> None:
        self.db.close()

    # -- games -------------------------------------------------------------------------

    def create_game(self, game: str, tags: dict[str, str], base: str | None = None,
                    match: int | None = None) -> int:
        """Store a new game's set-up, make it the current game, and return its id."""
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute(
                "INSERT INTO games (game, tags, base, match, created) VALUES (?, ?, ?, ?, ?)",
                (game, json.dumps(tags), base, match, _now()))
            gid = cur.lastrowid
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(gid),))
        return gid

    def games(self) -> list[StoredGame]:
        """Every stored game, oldest first."""
        rows = self.db.execute("SELECT * FROM games ORDER BY id").fetchall()
        return [self._game(r) for r in rows]

    def get(self, gid: int) -> StoredGame:
        """The stored game ``gid``; :class:`BadInputError` if there is none."""
        row = self.db.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        if row is None:
            raise BadInputError(f"no stored game {gid} (see `referee games`)")
        return self._game(row)

    @staticmethod
    def _game(row: sqlite3.Row) -> StoredGame:
        return StoredGame(row["id"], row["game"], json.loads(row["tags"]), row["base"],
                          row["created"], row["match"])

    def current_id(self) -> int | None:
        """The current game's id, or None when no game was started."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        return int(row[0]) if row else None

    def resolve(self, gid: int | None = None) -> StoredGame:
        """The game ``gid``, or the current game; :class:`BadInputError` if none."""
        if gid is None:
            gid = self.current_id()
            if gid is None:
                raise BadInputError("no game yet: start one with `referee new GAME`")
        return self.get(gid)

    def switch(self, gid: int) -> StoredGame:
        """Make game ``gid`` the current one."""
        game = self.get(gid)
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(gid),))
        return game

    # -- the event log -------------------------------------------------------------------

    def log(self, gid: int) -> list[LogEntry]:
        """The whole log of game ``gid``, undo entries included, in order."""
        rows = self.db.execute(
            "SELECT seq, kind, text, notes, created FROM events WHERE game_id = ? ORDER BY seq",
            (gid,)).fetchall()
        return [LogEntry(r["seq"], r["kind"], r["text"], json.loads(r["notes"]), r["created"])
                for r in rows]

    def log_length(self, gid: int) -> int:
        """How many rows game ``gid``'s log holds (undo rows included): a cheap
        way to tell whether the game changed."""
        return self.db.execute("SELECT count(*) FROM events WHERE game_id = ?", (gid,)).fetchone()[0]

    def effective(self, gid: int) -> list[LogEntry]:
        """The events in force: the log with each undo cancelling the latest event left."""
        out: list[LogEntry] = []
        for entry in self.log(gid):
            if entry.kind == "undo":
                if out:
                    out.pop()
            else:
                out.append(entry)
        return out

    def append(self, gid: int, text: str, notes: list[str] | None = None,
               kind: str = "event") -> int:
        """Append one entry to game ``gid``'s log in its own transaction; return its seq."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            (seq,) = self.db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?", (gid,)).fetchone()
            self.db.execute(
                "INSERT INTO events (game_id, seq, kind, text, notes, created) VALUES (?, ?, ?, ?, ?, ?)",
                (gid, seq, kind, text, json.dumps(notes or []), _now()))
        return seq

    def undo(self, gid: int) -> LogEntry:
        """Record an undo of the latest event in force and return that event.

        :class:`BadInputError` when there is nothing to undo.
        """
        events = self.effective(gid)
        if not events:
            raise BadInputError("nothing to undo")
        self.append(gid, "", [f"undid: {events[-1].text}"], kind="undo")
        return events[-1]

    # -- matches -------------------------------------------------------------------------

    def create_match(self, players: list[str], tags: dict[str, str]) -> int:
        """Store a new match between ``players`` (two names) and return its id."""
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute("INSERT INTO matches (players, tags, created) VALUES (?, ?, ?)",
                                  (json.dumps(players), json.dumps(tags), _now()))
            mid = cur.lastrowid
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('match', ?)", (str(mid),))
        return mid

    def match(self, mid: int | None = None) -> tuple[int, list[str], dict[str, str]]:
        """``(id, players, tags)`` of match ``mid`` or the current match."""
        if mid is None:
            row = self.db.execute("SELECT value FROM meta WHERE key = 'match'").fetchone()
            if row is None:
                raise BadInputError("no match yet: start one with `referee match new`")
            mid = int(row[0])
        row = self.db.execute("SELECT * FROM matches WHERE id = ?", (mid,)).fetchone()
        if row is None:
            raise BadInputError(f"no stored match {mid}")
        return row["id"], json.loads(row["players"]), json.loads(row["tags"])

    def match_games(self, mid: int) -> list[StoredGame]:
        """The games of match ``mid``, in order."""
        rows = self.db.execute("SELECT * FROM games WHERE match = ? ORDER BY id", (mid,)).fetchall()
        return [self._game(r) for r in rows]
