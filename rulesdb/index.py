"""The search index (SQLite FTS5, porter stemmer, bm25) and the :class:`Database` API.

The index is built from the entry files plus the imported rulebook sections and cached
in ``rules-index.sqlite`` under the user cache dir (``$REFEREE_RULES_INDEX`` overrides).
A sha256 of the entry files' contents, of the imported sections and of
:data:`INDEX_VERSION` is stored in the index; when it no longer matches, the index is
rebuilt.  If the cache file cannot be written the index lives in memory.

Search: the query is normalised (NFKC, lower case), multi-word expressions and single
words are widened with the synonyms of :mod:`rulesdb.synonyms`, stop words dropped, and
a word found nowhere in the index is replaced by the word it scrambles (two neighbouring
letters swapped: "trun" -> "turn") or else its closest index word (rapidfuzz).
Each word and its synonyms form a group; the FTS5 query is the OR of every group's
terms, each a quoted string (so no text a user types is ever FTS5 syntax), passed as a
bound parameter.  Candidates are ranked by bm25 with column weights (the players'
``asked`` phrasings have their own column), then re-scored by the share of the query's
groups they match (weighted by rarity), by the pairs of query words found near each
other, and by their nearest phrasing: each entry's title, ruling question, ``phrases``
and ``asked`` are also indexed one by one (table ``asks``), and a query that holds most
of one phrasing, and most of whose words that phrasing holds, lands on its entry.
Queries and phrasings are rewritten alike first (:func:`rewrite`: "we're only two" ->
"two players", "7 of us" -> "7 players").

Last, the paraphrase signal (:mod:`rulesdb.paraphrase`): each phrasing and each sentence
of an entry has a vector (table ``vecs``, built with the index); the query's cosine to an
entry's nearest one is added to the word-matching score of each candidate (scaled so the
best candidate's is 1).  Entries that share no word with the query stay out: the word
query is an OR of every word and its synonyms, so its 60 candidates already hold most
of a game's entries, and adding the nearest in meaning changed no figure on the dev
sets.  Then "asked before" (:mod:`rulesdb.bank`): the query's cosine to the nearest
banked question each entry answered (table ``bank``), above a floor, is added the same
way.  Without numpy or tokenizers the search is word matching alone.

Last of all, the learned re-ranker (:mod:`rulesdb.rerank`) orders the best
``rerank.DEPTH`` candidates from features of each (the parts above, the banked questions
nearest in meaning and, through table ``bankfts``, in words, the entry's kind and size);
``Database(rerank=False)`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sqlite3
import unicodedata
from pathlib import Path
from typing import Iterable

from . import bank as _bank
from . import imports as _imports
from . import verdicts as _verdicts
from .model import (MAX_TYPO_WORD, Entry, Hit, Imported, Ruling, UnknownIdError, canonical_game,
                    check_question, entry_files, entry_from_json, files_digest, first_sentence, load_entries)
from .synonyms import CLAIMANTS, GAME_NAMES, PHRASES, STOP_WORDS, SYNONYMS
from .synonyms import digest as _tuning_digest

#: Bump when the index layout or what is indexed changes.
INDEX_VERSION = "17"

#: FTS5 columns, in order, and their bm25 weights (tuned on the eval sets: see
#: tests/benchmarks/rules_eval.py --tune).
COLUMNS = ("title", "keywords", "phrases", "asked", "body", "section", "extra")
WEIGHTS: dict[str, float] = {"title": 2.0, "keywords": 1.0, "phrases": 1.0, "asked": 1.0,
                             "body": 1.0, "section": 1.0, "extra": 0.3}
#: The columns that say what an entry is about (head coverage is counted in them).
HEAD_COLUMNS = ("title", "keywords", "phrases", "asked")

#: Re-scoring: final = bm25/best_bm25 + COVERAGE * coverage + HEAD * head coverage
#: + NEAR * near-pair share, where coverage is the rarity-weighted share of the query's
#: word groups a candidate holds anywhere, head coverage the same in its title, keywords
#: and phrases only.
COVERAGE = 1.0
HEAD = 0.5
NEAR = 0.3
#: Share of a group's weight earned by matching only a synonym of the word typed.
SYNONYM_CREDIT = 0.7
#: Score factor of an imported rulebook section (curated entries first on a tie).
IMPORTED_FACTOR = 0.9
#: How many bm25 candidates are re-scored.
CANDIDATES = 60
#: Weight of the nearest phrasing: how fully one of an entry's own phrasings (``asked``,
#: ``phrases`` or its title) is matched by the query, and how much of that phrasing the
#: query covers.  A question worded like one way players ask for an entry lands on it.
ASKED = 2.0
#: Weight of the paraphrase signal: the cosine between the query and an entry's nearest
#: phrasing or sentence, added to the word-matching score scaled to 1 for the best
#: candidate (chosen on the round-three dev set: tests/benchmarks/rules_eval.py --dev3).
PARAPHRASE = 2.0
#: Weight of "asked before" (:mod:`rulesdb.bank`): the cosine between the query and the
#: nearest banked question an entry answered, above :data:`ASKED_BEFORE_FLOOR` (below it
#: two questions share little more than their topic), added like the paraphrase signal.
#: Chosen on the round-three dev set, which the bank leaves out, and checked on the
#: round-six probe sets as they stood before their fixes.
ASKED_BEFORE = 2.0
ASKED_BEFORE_FLOOR = 0.5


_WORD = re.compile(r"[^\W_]+")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "`": "'"})


def default_index_path() -> Path:
    """``$REFEREE_RULES_INDEX`` or ``<user cache dir>/referee/rules-index.sqlite``."""
    from referee.paths import user_file

    return user_file("REFEREE_RULES_INDEX", "rules-index.sqlite", "cache")


def strip_verdict(answer: str) -> str:
    """An entry's answer line as a plain statement, its leading Yes/No removed.

    >>> strip_verdict("No: two zombies never share a square.")
    'Two zombies never share a square.'
    >>> strip_verdict("Yes.")
    ''
    """
    s = re.sub(r"^\s*(?:yes|no)\b\s*[.:,;!-]?\s*", "", answer or "", flags=re.I).strip()
    return s[:1].upper() + s[1:] if s else ""


def normalize(text: str) -> str:
    """NFKC, lower case, typographic quotes made plain, possessive ``'s`` dropped."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    return re.sub(r"(\w)'s\b", r"\1", text)


def words(text: str) -> list[str]:
    """The words of ``text`` as the index splits them (letters and digits), normalised."""
    return _WORD.findall(normalize(text))


def claimant_pattern(claimants: Iterable[str]) -> re.Pattern:
    """The pattern of a claimant (``claimants``: :data:`~rulesdb.synonyms.CLAIMANTS`)
    followed by a claim verb: " my sister says", " the zombie player thinks"."""
    alts = "|".join(re.escape(c) for c in claimants) or "(?!)"
    return re.compile(rf" (?:the |my |our )?(?:{alts}) (?:says|said|claims|thinks|insists|reckons)(?= )")


_CLAIMANT = claimant_pattern(CLAIMANTS)


def rewrite(text: str) -> str:
    """``text``'s words, normalised, with the multi-word expressions of
    :data:`~rulesdb.synonyms.PHRASES` rewritten ("we're only two" -> "we re two players").
    Queries and the entries' own phrasings go through it alike, so they meet."""
    text = " " + " ".join(words(text)) + " "
    for phrase, repl in PHRASES.items():
        text = text.replace(f" {phrase} ", f" {repl} ")
    # the player count in any words: "7 of us", "we re five", "three people", "3p"
    text = _COUNT_OF_US.sub(lambda m: f" {m.group(1) or m.group(2) or m.group(3)} players ", text)
    # who makes a claim in a dispute is not what the claim is about: "the zombie player
    # says my dog can't leave" asks about the dog leaving, not about the zombie player
    text = _CLAIMANT.sub(" ", text)
    return " ".join(text.split())


def synonyms_of(word: str) -> tuple[str, ...]:
    """The synonyms of ``word``, also found through its plain form ("looking" -> "look",
    "grabbed" -> "grab", "begins" -> "begin")."""
    found = SYNONYMS.get(word)
    if found is not None:
        return found
    for suffix, repl in _ENDINGS:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            base = word[: -len(suffix)] + repl
            if base in SYNONYMS:
                return (base, *SYNONYMS[base])
            if suffix in ("ing", "ed") and len(base) > 2 and base[-1] == base[-2]:
                if base[:-1] in SYNONYMS:  # grabbed -> grab
                    return (base[:-1], *SYNONYMS[base[:-1]])
    return ()


_ENDINGS = (("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("es", ""), ("s", ""))
_NUMBER = (r"(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)")
_COUNT_OF_US = re.compile(
    rf" (?:there are |we are |we re |were )?(?:only |just |like |about )?{_NUMBER}"
    rf" (?:of us|people|persons|players|player|kids|friends|guys)(?= )"
    rf"| (?:we are|we re|there are) (?:only |just |like |about )?{_NUMBER}(?= )"
    # shorthand: "3p game"
    r"| (\d)p(?= )")


def strip_game_name(query: str, game: str) -> str:
    """The query without the name of ``game`` when the search is already limited to it
    ("who goes first in fluxx" with ``--game fluxx``): the name would only pull up the
    entries that happen to mention the game.

    >>> strip_game_name("who goes first in Fluxx?", "fluxx").split()
    ['who', 'goes', 'first', 'in', '?']
    """
    for name in GAME_NAMES.get(game, ()):
        query = re.sub(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", " ", query)
    return query


def _game_token(game: str) -> str:
    """The single token that tags a document's game in the ``game`` column."""
    return "game" + game.replace("-", "")


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


_SCHEMA = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs (rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, game TEXT NOT NULL,
                   kind TEXT NOT NULL, json TEXT NOT NULL);
CREATE TABLE vocab (word TEXT PRIMARY KEY, n INTEGER NOT NULL);
CREATE VIRTUAL TABLE fts USING fts5({", ".join(COLUMNS)}, game,
    tokenize = 'porter unicode61 remove_diacritics 2');
CREATE TABLE askmeta (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, n INTEGER NOT NULL);
CREATE VIRTUAL TABLE asks USING fts5(text, game, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE TABLE vecs (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, vec BLOB NOT NULL);
CREATE TABLE bank (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, vec BLOB NOT NULL);
CREATE VIRTUAL TABLE bankfts USING fts5(text, game, doc UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2');
CREATE INDEX vecs_doc ON vecs (doc);
CREATE INDEX bank_doc ON bank (doc);
CREATE TABLE canon (rowid INTEGER PRIMARY KEY, game TEXT NOT NULL, entry TEXT NOT NULL,
                    json TEXT NOT NULL, words TEXT NOT NULL, vec BLOB);
CREATE INDEX canon_entry ON canon (game, entry);
CREATE TABLE keywords (game TEXT NOT NULL, stem TEXT NOT NULL, PRIMARY KEY (game, stem));
CREATE TABLE sentences (rowid INTEGER PRIMARY KEY, doc INTEGER NOT NULL, text TEXT NOT NULL,
                        vec BLOB);
CREATE INDEX sentences_doc ON sentences (doc);
CREATE TABLE pieces (piece TEXT PRIMARY KEY, id INTEGER NOT NULL, row BLOB NOT NULL,
                     scale REAL NOT NULL);
"""


def _columns(e: Entry, rewritten=None) -> tuple[str, ...]:
    """The FTS columns of ``e`` (:data:`COLUMNS`); ``rewritten``: the phrasings already
    put through :func:`rewrite` (a dict), so that the build rewrites each once."""
    idwords = " ".join(e.id.split(".")[1:]).replace("-", " ")
    extra = " ".join(x for x in (getattr(e, "reason", ""), idwords) if x)
    known = rewritten or {}
    return (e.title, " ; ".join(e.keywords), " ; ".join(e.phrases),
            " ; ".join(known[a] if a in known else rewrite(a) for a in e.asked), e.text, e.section, extra)


def _vector_texts(e: Entry) -> list[str]:
    """What an entry is embedded as: its title, ruling question, phrasings and sentences."""
    from .paraphrase import sentences

    heads = (e.title, getattr(e, "question", ""), *e.phrases, *e.asked)
    return list(dict.fromkeys(t for t in (*heads, *sentences(e.text)) if t))


def _insert_vectors(conn: sqlite3.Connection, table: str, rows: list[tuple[int, str]]) -> None:
    """Embed each ``(document rowid, text)`` of ``rows`` (sorted by rowid, so that rows of
    one document are together) into ``table`` as float32 blobs holding float16-rounded
    values (the precision the signal was tuned with; float32 because the query path
    reads them with :mod:`array`, without numpy); nothing when the paraphrase table
    cannot be loaded."""
    from . import paraphrase

    if not rows or not paraphrase.available():
        return
    vecs = paraphrase.embed([t for _, t in rows]).astype("float16").astype("float32")
    conn.executemany(f"INSERT INTO {table} (doc, vec) VALUES (?, ?)",
                     ((doc, v.tobytes()) for (doc, _), v in zip(rows, vecs)))


def _build_vectors(conn: sqlite3.Connection, entries: list[Entry]) -> None:
    """Fill table ``vecs``: a vector per title, phrasing and sentence of each entry."""
    _insert_vectors(conn, "vecs", [(rowid, t) for rowid, e in enumerate(entries, 1)
                                   for t in _vector_texts(e)])


def _build_bank(conn: sqlite3.Connection, entries: list[Entry], bank: Iterable) -> None:
    """Fill table ``bank``: a vector per banked question whose entry is in the index; and
    table ``bankfts``: its words (rewritten as queries are), for the re-ranker."""
    rowids = {e.id: rowid for rowid, e in enumerate(entries, 1)}
    bank = list(bank)
    games = {e.id: e.game for e in entries}
    conn.executemany("INSERT INTO bankfts (text, game, doc) VALUES (?, ?, ?)",
                     ((rewrite(b.q), _game_token(games[b.entry]), rowids[b.entry])
                      for b in bank if b.entry in rowids))
    _insert_vectors(conn, "bank", sorted(((rowids[b.entry], b.q) for b in bank if b.entry in rowids),
                                         key=lambda x: x[0]))


def _build_pieces(conn: sqlite3.Connection) -> None:
    """Fill table ``pieces``: the paraphrase table's tokens and rows, so that a query is
    embedded without numpy (:class:`rulesdb.paraphrase.Pieces`); nothing when the table
    cannot be loaded."""
    from . import paraphrase

    if paraphrase.available():
        conn.executemany("INSERT INTO pieces (piece, id, row, scale) VALUES (?, ?, ?, ?)",
                         paraphrase.pieces_rows())


def _build_canon(conn: sqlite3.Connection, entries: list[Entry], canon: Iterable) -> None:
    """Fill table ``canon``: each canonical yes/no question (:mod:`rulesdb.verdicts`)
    whose entry is in the index, with its content words and vector (none without the
    paraphrase table); and table ``keywords``: the stems of each game's key words."""
    from .answer import entry_key_words

    conn.executemany("INSERT OR IGNORE INTO keywords (game, stem) VALUES (?, ?)",
                     ((e.game, k) for e in entries if e.kind != "imported" for k in entry_key_words(e)))
    ids = {e.id for e in entries}
    rows = [c for c in canon if c.entry in ids]
    if not rows:
        return
    from . import paraphrase

    vecs = None
    if paraphrase.available():
        vecs = paraphrase.embed([" ".join(words(c.q)) for c in rows]).astype("float32")
    from .answer import content_words, word_forms

    conn.executemany("INSERT INTO canon (game, entry, json, words, vec) VALUES (?, ?, ?, ?, ?)",
                     ((c.game, c.entry, json.dumps(c.to_json(), ensure_ascii=False),
                       json.dumps(word_forms(content_words(c.q))),
                       None if vecs is None else vecs[i].tobytes()) for i, c in enumerate(rows)))


def _build_sentences(conn: sqlite3.Connection, entries: list[Entry]) -> None:
    """Fill table ``sentences``: the sentences ``rules ask`` may show as the one that
    decides a question (:func:`rulesdb.answer.candidate_sentences`), with their vectors."""
    from . import paraphrase
    from .answer import candidate_sentences

    rows = [(rowid, t) for rowid, e in enumerate(entries, 1) for t in candidate_sentences(e)]
    if not rows:
        return
    vecs = None
    if paraphrase.available():
        vecs = paraphrase.embed([" ".join(words(t)) for _, t in rows]).astype("float32")
    conn.executemany("INSERT INTO sentences (doc, text, vec) VALUES (?, ?, ?)",
                     ((doc, t, None if vecs is None else vecs[i].tobytes())
                      for i, (doc, t) in enumerate(rows)))


def build_index(conn: sqlite3.Connection, entries: Iterable[Entry], key: str,
                bank: Iterable = (), canon: Iterable = ()) -> None:
    """Create the index tables in ``conn`` and fill them with ``entries`` and the banked
    questions ``bank`` (:class:`rulesdb.bank.AskedQuestion`; those naming no entry of
    ``entries`` are left out) and the canonical yes/no questions ``canon``
    (:class:`rulesdb.verdicts.Canonical`, likewise)."""
    entries = list(entries)
    conn.executescript(_SCHEMA)
    vocab: dict[str, int] = {}
    asks: list[tuple[int, int, int, str, str]] = []
    docs: list[tuple] = []
    fts: list[tuple] = []
    with conn:
        for rowid, e in enumerate(entries, 1):
            game = _game_token(e.game)
            rewritten: dict[str, str] = {}
            for phrasing in (e.title, getattr(e, "question", ""), *e.phrases, *e.asked):
                if not phrasing:
                    continue
                if phrasing not in rewritten:
                    rewritten[phrasing] = rewrite(phrasing)
                text = rewritten[phrasing]
                n = len([w for w in text.split() if w not in STOP_WORDS]) or 1
                asks.append((len(asks) + 1, rowid, n, text, game))
            cols = _columns(e, rewritten)
            docs.append((rowid, e.id, e.game, e.kind, json.dumps(e.to_json(), ensure_ascii=False)))
            fts.append((rowid, *cols, game))
            for w in words(" ".join(cols)):
                if not w.isdigit():
                    vocab[w] = vocab.get(w, 0) + 1
        conn.executemany("INSERT INTO askmeta (rowid, doc, n) VALUES (?, ?, ?)", (a[:3] for a in asks))
        conn.executemany("INSERT INTO asks (rowid, text, game) VALUES (?, ?, ?)",
                         ((a[0], a[3], a[4]) for a in asks))
        conn.executemany("INSERT INTO docs (rowid, id, game, kind, json) VALUES (?, ?, ?, ?, ?)", docs)
        conn.executemany(f"INSERT INTO fts (rowid, {', '.join(COLUMNS)}, game) "
                         f"VALUES (?, {', '.join('?' * len(COLUMNS))}, ?)", fts)
        conn.executemany("INSERT INTO vocab (word, n) VALUES (?, ?)", vocab.items())
        _build_vectors(conn, entries)
        _build_bank(conn, entries, bank)
        _build_pieces(conn)
        _build_canon(conn, entries, canon)
        _build_sentences(conn, entries)
        conn.execute("INSERT INTO meta (key, value) VALUES ('key', ?)", (key,))
        conn.execute("INSERT INTO fts (fts) VALUES ('optimize')")
        conn.execute("INSERT INTO asks (asks) VALUES ('optimize')")
        conn.execute("INSERT INTO bankfts (bankfts) VALUES ('optimize')")


class Database:
    """The rules database: entries, imported rulebook sections and their search index.

    ``entries_dir`` (default: the package's ``entries``), ``index_path`` (default:
    :func:`default_index_path`) and ``imports_path`` (default:
    :func:`rulesdb.imports.default_path`) may be given explicitly.  The index is opened
    (and built if stale) on first use.  Raises :class:`~rulesdb.model.EntryError` on
    first use when the entry files are invalid.
    """

    def __init__(self, entries_dir: Path | None = None, index_path: Path | None = None,
                 imports_path: Path | None = None, *, weights: dict[str, float] | None = None,
                 coverage: float | None = None, near: float | None = None,
                 head: float | None = None, asked: float | None = None,
                 paraphrase: float | None = None, asked_before: float | None = None,
                 bank_path: Path | None = None, verdicts_dir: Path | None = None,
                 rerank=None) -> None:
        self.entries_dir = entries_dir
        self.index_path = Path(index_path) if index_path is not None else None
        self.imports_path = Path(imports_path) if imports_path is not None else None
        self.weights = {**WEIGHTS, **(weights or {})}
        self.coverage = COVERAGE if coverage is None else coverage
        self.near = NEAR if near is None else near
        self.head = HEAD if head is None else head
        self.asked = ASKED if asked is None else asked
        self.paraphrase = PARAPHRASE if paraphrase is None else paraphrase
        self.asked_before = ASKED_BEFORE if asked_before is None else asked_before
        self.bank_path = Path(bank_path) if bank_path is not None else None
        self.verdicts_dir = Path(verdicts_dir) if verdicts_dir is not None else None
        self._askmeta: dict[int, tuple[int, int]] | None = None
        #: The re-ranker (:mod:`rulesdb.rerank`): None until first used (then the shipped
        #: model, or False when it cannot be loaded); False turns it off; a ``Model`` is used.
        self.rerank = rerank
        #: When a list, each search appends ``(ids, rows, cands)``: its best ``rerank.DEPTH``
        #: candidates in the search's own order, their feature rows, and what the search
        #: knew of each (:func:`rulesdb.rerank.features` reads it), for training.
        self.features: list | None = None
        #: When a dict, each search fills it with id -> the parts of its score (for tuning).
        self.explain: dict[str, dict[str, float]] | None = None
        self._conn: sqlite3.Connection | None = None
        self._entries: list[Entry] | None = None
        self._vocab: list[str] | None = None
        self._vocab_n: dict[str, int] = {}
        self._known: dict[str, bool] = {}
        self._fixed: dict[str, str | None] = {}
        self._parsed: dict[str, list[list[str]]] = {}
        self._ndocs: dict[str | None, int] = {}
        self._vecs: dict[str, dict] = {}
        self._piece_table = None
        #: Where the index lives: a file path, or ``":memory:"`` when it could not be cached.
        self.location: str = ""
        #: True when opening the index had to (re)build it.
        self.rebuilt = False

    # -- the index ---------------------------------------------------------------------

    def _key(self, files: list[Path], imported: list[Imported]) -> str:
        h = hashlib.sha256(f"v{INDEX_VERSION}\0".encode())
        h.update(files_digest(files).encode())
        h.update(_imports.digest(imported).encode())
        from .paraphrase import table_digest

        h.update(table_digest().encode())
        h.update(_bank.digest(self.bank_path).encode())
        h.update(_verdicts.digest(self.verdicts_dir).encode())
        h.update(_tuning_digest().encode())  # rewrites and stop words shape the phrasings
        return h.hexdigest()

    def key(self) -> str:
        """The freshness key (sha256, 64 hex digits) of this database's index as its inputs
        stand now: the entry files, the imported sections, the paraphrase table, the
        question bank, the canonical questions and variants, the tuning tables and
        :data:`INDEX_VERSION`.  Opening an index file stored under another key rebuilds it.
        Raises ``OSError`` when an entry file cannot be read."""
        return self._key(entry_files(self.entries_dir),
                         _imports.load(self.imports_path or _imports.default_path()))

    @property
    def conn(self) -> sqlite3.Connection:
        """The open index (built or rebuilt as needed)."""
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        files = entry_files(self.entries_dir)
        imported = _imports.load(self.imports_path or _imports.default_path())
        key = self._key(files, imported)
        path = self.index_path or default_index_path()
        self.rebuilt = False
        if path.exists():
            try:
                conn = sqlite3.connect(path)
                row = conn.execute("SELECT value FROM meta WHERE key = 'key'").fetchone()
                if row and row[0] == key:
                    self.location = str(path)
                    return conn
                conn.close()
            except sqlite3.Error:
                pass
        entries: list[Entry] = [*load_entries(files=files), *imported]
        try:
            bank = _bank.load(self.bank_path)
        except (OSError, ValueError):
            bank = []
        try:
            canon = _verdicts.load(self.verdicts_dir)
        except (OSError, ValueError):
            canon = []
        known = {(c.game, c.q) for c in canon}  # the readers' verdicts on banked questions too
        canon += [c for c in _verdicts.from_bank(bank) if (c.game, c.q) not in known]
        self.rebuilt = True
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.unlink(missing_ok=True)
            conn = sqlite3.connect(tmp)
            try:
                # a file of our own until os.replace: no journal, no waiting on the disk
                # at each statement (a crash leaves a .tmp file, never a broken index)
                conn.execute("PRAGMA journal_mode = OFF")
                conn.execute("PRAGMA synchronous = OFF")
                build_index(conn, entries, key, bank, canon)
            finally:
                conn.close()
            os.replace(tmp, path)
            self.location = str(path)
            return sqlite3.connect(path)
        except (OSError, sqlite3.Error):
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            conn = sqlite3.connect(":memory:")
            build_index(conn, entries, key, bank, canon)
            self.location = ":memory:"
            return conn

    def close(self) -> None:
        """Close the index; the next use opens it again (rebuilding it if stale)."""
        if self._conn is not None:
            self._conn.close()
        self._conn = None
        self._entries = None
        self._vocab = None
        self._known = {}
        self._fixed = {}
        self._parsed = {}
        self._ndocs = {}
        self._vecs = {}
        self._piece_table = None
        self._askmeta = None

    # -- entries -----------------------------------------------------------------------

    def entries(self, game: str | None = None, kind: str | None = None) -> list[Entry]:
        """Every entry (rules, rulings, imported sections) in file order, of one ``game``
        (aliases accepted; :class:`~rulesdb.model.UnknownGameError`) and/or ``kind``."""
        if self._entries is None:
            rows = self.conn.execute("SELECT json FROM docs ORDER BY rowid").fetchall()
            self._entries = [entry_from_json(json.loads(r[0])) for r in rows]
        out = self._entries
        if game is not None:
            g = canonical_game(game)
            out = [e for e in out if e.game == g]
        if kind is not None:
            out = [e for e in out if e.kind == kind]
        return list(out)

    def ids(self) -> list[str]:
        """Every entry id."""
        return [r[0] for r in self.conn.execute("SELECT id FROM docs ORDER BY rowid")]

    def closest_ids(self, entry_id: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` ids that look like ``entry_id`` (best first; may be empty)."""
        from rapidfuzz import fuzz, process

        key = entry_id.strip().lower()
        found = process.extract(key, self.ids(), scorer=fuzz.WRatio, limit=limit,
                                score_cutoff=70)
        return [m[0] for m in found]

    def get(self, entry_id: str) -> Entry:
        """The entry with this id (case and surrounding space ignored);
        :class:`~rulesdb.model.UnknownIdError` (with the closest id) otherwise."""
        key = str(entry_id).strip().lower()
        row = self.conn.execute("SELECT json FROM docs WHERE id = ?", (key,)).fetchone()
        if row is None:
            close = self.closest_ids(key, 1)
            raise UnknownIdError(str(entry_id), close[0] if close else None)
        return entry_from_json(json.loads(row[0]))

    def resolve(self, entry_id: str) -> Entry:
        """Like :meth:`get`, but also accepts an id without its game prefix when only one
        entry ends that way (``bounce`` -> ``fluffy.bounce``)."""
        try:
            return self.get(entry_id)
        except UnknownIdError as exc:
            key = str(entry_id).strip().lower()
            matches = [i for i in self.ids() if i.endswith("." + key)] if key else []
            if len(matches) == 1:
                return self.get(matches[0])
            raise exc

    def rulings_for(self, entry_id: str) -> list[Ruling]:
        """The rulings that read rule ``entry_id`` (their ``rules`` name it) or that it
        lists as related; :class:`~rulesdb.model.UnknownIdError` for an unknown id."""
        entry = self.get(entry_id)
        out = [e for e in self.entries(kind="ruling")
               if entry.id in getattr(e, "rules", ()) or e.id in entry.related]
        return [e for e in out if e.id != entry.id]  # type: ignore[misc]

    # -- imports -----------------------------------------------------------------------

    def import_file(self, file: Path, game: str) -> list[Imported]:
        """Import a rulebook text file for ``game`` (see :func:`rulesdb.imports.import_file`);
        the index is rebuilt on next use."""
        out = _imports.import_file(Path(file), game, self.imports_path)
        self.close()
        return out

    def import_text(self, text: str, game: str, name: str) -> list[Imported]:
        """Import rulebook ``text`` for ``game`` under the source name ``name``."""
        out = _imports.import_text(text, game, name, self.imports_path)
        self.close()
        return out

    def remove_imports(self, game: str) -> int:
        """Forget every rulebook imported for ``game``; return the sections removed."""
        n = _imports.remove(game, self.imports_path)
        self.close()
        return n

    # -- search ------------------------------------------------------------------------

    def _pieces(self):
        """The query embedder (:class:`rulesdb.paraphrase.Pieces`) on this index, or None
        when the index holds no paraphrase table."""
        if self._piece_table is None:
            from .paraphrase import Pieces

            try:
                has = self.conn.execute("SELECT 1 FROM pieces LIMIT 1").fetchone() is not None
            except sqlite3.Error:
                has = False
            self._piece_table = Pieces(self.conn) if has else False
        return self._piece_table or None

    def query_vector(self, text: str) -> list[float] | None:
        """``text``'s unit vector (``DIMS`` floats, pure Python, as
        :func:`rulesdb.paraphrase.embed` computes it); None when the index has no
        paraphrase table or ``text`` no known token."""
        pieces = self._pieces()
        if pieces is None:
            return None
        v = pieces.vector(text)
        return v if any(v) else None

    def _doc_vectors(self, table: str, docs: Iterable[int] | None = None,
                     game: str | None = None) -> dict[int, list]:
        """Document rowid -> its vectors in ``table`` (``vecs``: its phrasings and sentences;
        ``bank``: the banked questions it answered), for ``docs`` (else every document of
        ``game``, or of all games); decoded once and cached."""
        from array import array

        cache = self._vecs.setdefault(table, {})
        if docs is None:
            key = ("game", game)
            if key not in cache:
                rows = self.conn.execute(
                    "SELECT rowid FROM docs" + (" WHERE game = ?" if game else ""),
                    (game,) if game else ()).fetchall()
                cache[key] = [r[0] for r in rows]
            docs = cache[key]
        want = [d for d in docs if d not in cache]
        for i in range(0, len(want), 500):
            part = want[i:i + 500]
            for d in part:
                cache[d] = []
            for doc, blob in self.conn.execute(
                    f"SELECT doc, vec FROM {table} WHERE doc IN ({','.join('?' * len(part))}) "
                    "ORDER BY rowid", part):
                vec = array("f")
                vec.frombytes(blob)
                cache[doc].append(vec)
        return {d: cache[d] for d in docs if cache[d]}

    def _nearest(self, query: str, game: str | None, tables: tuple[str, ...],
                 docs: Iterable[int] | None = None,
                 all_bank: dict[int, list[float]] | None = None) -> list[dict[int, float]]:
        """For each of ``tables``: document rowid -> cosine between ``query`` and the
        document's nearest vector there, for ``docs`` (else every document of ``game``);
        ``{}`` for a table with no vectors, and for all when the query has no token or the
        index no paraphrase table.  ``all_bank``, when a dict, receives for table ``bank``
        each document's cosines to every banked question it answered (for the re-ranker).
        Pure Python: no numpy on the query path."""
        from operator import mul

        q = self.query_vector(query)
        if q is None:
            return [{} for _ in tables]
        docs = list(docs) if docs is not None else None
        out: list[dict[int, float]] = []
        for table in tables:
            found = self._doc_vectors(table, docs, game)
            if table == "bank" and all_bank is not None:
                for d, vs in found.items():
                    all_bank[d] = [sum(map(mul, q, v)) for v in vs]
                out.append({d: max(cs) for d, cs in all_bank.items()})
            else:
                out.append({d: max(sum(map(mul, q, v)) for v in vs) for d, vs in found.items()})
        return out

    def entry_sentences(self, entry_id: str) -> list[tuple]:
        """The sentences of an entry that may decide a question, in order, as ``(text,
        vector or None)`` (table ``sentences``, built with the index)."""
        from array import array

        out = []
        for text, blob in self.conn.execute(
                "SELECT s.text, s.vec FROM sentences s JOIN docs d ON d.rowid = s.doc "
                "WHERE d.id = ? ORDER BY s.rowid", (entry_id,)):
            vec = None
            if blob:
                vec = array("f")
                vec.frombytes(blob)
            out.append((text, vec))
        return out

    def canonical_questions(self, game: str, entries: Iterable[str] | None = None) -> list[tuple]:
        """The canonical yes/no questions of ``game`` (:mod:`rulesdb.verdicts`), of the
        entries ``entries`` only when given, in file order, as ``(Canonical, word forms,
        vector or None)``: the forms of each content word (:func:`rulesdb.answer.word_forms`,
        read at build time), the vector a float32 :class:`array.array`."""
        from array import array

        from .verdicts import Canonical

        sql = "SELECT json, words, vec FROM canon WHERE game = ?"
        args: list = [game]
        if entries is not None:
            entries = list(dict.fromkeys(entries))
            sql += f" AND entry IN ({','.join('?' * len(entries))})"
            args += entries
        out = []
        for data, cw, blob in self.conn.execute(sql + " ORDER BY rowid", args):
            vec = None
            if blob:
                vec = array("f")
                vec.frombytes(blob)
            out.append((Canonical(**json.loads(data)), tuple(frozenset(f) for f in json.loads(cw)), vec))
        return out

    def nearest_in_meaning(self, query: str, game: str | None = None) -> dict[int, float]:
        """Document rowid -> cosine between ``query`` and the document's nearest phrasing or
        sentence (the paraphrase signal), for every document of ``game`` (all games when
        None); empty when the paraphrase table is unavailable or the query has no token."""
        return self._nearest(query, game, ("vecs",))[0]

    def nearest_asked(self, query: str, game: str | None = None) -> dict[int, float]:
        """Document rowid -> cosine between ``query`` and the nearest banked question the
        document answered (:mod:`rulesdb.bank`), for the documents of ``game`` that answer
        one; empty when there is no bank or no paraphrase table."""
        return self._nearest(query, game, ("bank",))[0]

    def _reranker(self):
        """The re-ranker in use (:mod:`rulesdb.rerank`), or None when it is off or the
        shipped weights cannot be read."""
        if self.rerank is None:
            from . import rerank

            self.rerank = rerank.load() or False
        return self.rerank or None

    def _rerank(self, scored: list[tuple], parts: dict[int, tuple], meaning: dict[int, float],
                bank_cos: dict[int, list[float]], expr: str) -> list[tuple]:
        """``scored`` (``(score, not a rule, rowid, json)`` best first) with its best
        :data:`rulesdb.rerank.DEPTH` re-ordered by the re-ranker.  ``parts``: rowid ->
        (bm25, cover, head, near, nearest), as the search computed them; ``meaning``: rowid
        -> the paraphrase cosine; ``bank_cos``: rowid -> its cosines to its banked questions;
        ``expr``: the search's FTS5 query, matched against the banked questions' words too.
        A re-ranked candidate's score becomes the lowest search score among them plus the
        re-ranker's margin over the lowest, so scores still fall down the list.  Appends
        the candidates and their features to :attr:`features` when it is a list."""
        from . import rerank

        head = scored[:rerank.DEPTH]
        lex: dict[int, list[float]] = {}
        try:
            for doc, r in self.conn.execute(
                    "SELECT doc, -bm25(bankfts) AS r FROM bankfts WHERE bankfts MATCH ? ORDER BY bm25(bankfts) "
                    "LIMIT ?", (expr, rerank.LEX_NEIGHBOURS)):
                lex.setdefault(doc, []).append(r)
        except sqlite3.Error:
            pass
        lex_top = max((r for rs in lex.values() for r in rs), default=0.0) or 1.0
        lex = {doc: [r / lex_top for r in rs] for doc, rs in lex.items()}
        cands, ids = [], []
        for score, _, rowid, data in head:
            e = json.loads(data)
            ids.append(e["id"])
            bm, cov, hd, nr, nst = parts[rowid]
            cands.append({"score": score, "bm25": bm, "cover": cov, "head": hd, "near": nr, "nearest": nst,
                          "para": max(0.0, meaning.get(rowid, 0.0)), "bank": bank_cos.get(rowid, []),
                          "kind": e["kind"], "banked": len(bank_cos.get(rowid, ())), "chars": len(e["text"]),
                          "lex": lex.get(rowid, [])})
        rows = rerank.features(cands)
        if self.features is not None:
            self.features.append((ids, rows, cands))
        model = self._reranker()
        if model is None:
            return scored
        margin = [model.score(r) for r in rows]
        order = sorted(range(len(rows)), key=lambda i: (-margin[i], i))  # as model.order, scored once
        low, low_m = min(h[0] for h in head), min(margin)
        return [(low + margin[i] - low_m, *head[i][1:]) for i in order] + scored[rerank.DEPTH:]

    def _is_known(self, term: str) -> bool:
        hit = self._known.get(term)
        if hit is None:
            row = self.conn.execute("SELECT 1 FROM fts WHERE fts MATCH ? LIMIT 1",
                                    (_quote(term),)).fetchone()
            hit = self._known[term] = row is not None
        return hit

    def _correct(self, word: str) -> str | None:
        """The index word closest to an unknown ``word`` (rapidfuzz), or None."""
        if len(word) < 3 or any(c.isdigit() for c in word):
            return None
        if word not in self._fixed:
            self._fixed[word] = self._closest(word)
        return self._fixed[word]

    def _closest(self, word: str) -> str | None:
        # no index word is longer than MAX_TYPO_WORD letters: a longer "word" (a pasted
        # run of letters) is no typo of one, and its edits would cost its length squared
        if len(word) > MAX_TYPO_WORD:
            return None
        if self._vocab is None:
            rows = [r for r in self.conn.execute("SELECT word, n FROM vocab")
                    if r[0] not in STOP_WORDS and len(r[0]) > 2]
            # stop words are candidates too: a typo of one ("wat") is dropped, not
            # "corrected" into a content word ("want")
            self._vocab = [r[0] for r in rows] + sorted(STOP_WORDS)
            self._vocab_n = {r[0]: r[1] for r in rows}
        # two neighbouring letters swapped ("trun", "emtpy", "wich" -> "turn", "empty",
        # "which") is the commonest typo at a table: it wins over a closer-scoring word
        swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
        known = [w for w in swapped if w in STOP_WORDS or w in self._vocab_n]
        if known:
            best_swap = max(known, key=lambda w: (w in STOP_WORDS, self._vocab_n.get(w, 0)))
            return None if best_swap in STOP_WORDS else best_swap
        from rapidfuzz import fuzz, process

        cutoff = 80 if len(word) <= 4 else 75
        found = process.extract(word, self._vocab, scorer=fuzz.ratio, limit=5,
                                score_cutoff=cutoff)
        if not found:
            return None
        best = max(found, key=lambda m: (m[1], m[0] in STOP_WORDS, self._vocab_n.get(m[0], 0)))
        return None if best[0] in STOP_WORDS else best[0]

    def _corrected(self, query: str) -> str:
        """``query``'s words, each typo replaced by the correction :meth:`parse` found for
        it ("sprnt" -> "sprint"), for the paraphrase signal.  A real word the index lacks
        ("resolved") is kept: the signal knows it, and its correction would change the
        meaning."""
        pieces = self._pieces()
        if pieces is None:
            return " ".join(words(query))
        return " ".join(w if pieces.knows(w) else self._fixed.get(w) or w for w in words(query))

    def parse(self, query: str) -> list[list[str]]:
        """The query's word groups: each a word (or its correction) and its synonyms,
        all known to the index, in query order.  Empty when nothing searchable is left."""
        if query in self._parsed:
            return [list(g) for g in self._parsed[query]]
        groups = self._parse(query)
        self._parsed[query] = [list(g) for g in groups]
        return groups

    def _parse(self, query: str) -> list[list[str]]:
        toks = rewrite(query).split()[:40]
        content = [t for t in toks if t not in STOP_WORDS]
        if not content:
            content = toks
        groups: list[list[str]] = []
        seen: set[str] = set()
        for tok in content:
            if tok in seen:
                continue
            seen.add(tok)
            terms = [tok, *synonyms_of(tok)]
            known = [t for t in terms if self._is_known(t)]
            if not known:
                # a typo: the closest word of the index (a word with known synonyms is
                # slang, not a typo, and keeps only its synonyms)
                fixed = self._correct(tok)
                if fixed is None:
                    continue
                known = [fixed, *[t for t in synonyms_of(fixed) if self._is_known(t)]]
            if known:
                groups.append(list(dict.fromkeys(known)))
        return groups

    def search(self, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
        """Entries answering ``query``, best first (at most ``limit``; higher score better).

        ``game`` restricts the search to one game (aliases accepted;
        :class:`~rulesdb.model.UnknownGameError`).  Any text is safe: it is split into
        words that are quoted and bound as parameters.  An empty or meaningless query
        gives no hits.
        """
        check_question(query or "")
        g = canonical_game(game) if game is not None else None
        if limit <= 0:
            return []
        text = strip_game_name(query or "", g) if g else (query or "")
        groups = self.parse(text)
        if not groups:
            return []
        conn = self.conn
        # the game filter is part of the MATCH (an indexed token), not a column compare
        gfilter = f"{{game}} : {_game_token(g)} AND " if g else ""
        expr = gfilter + "(" + " OR ".join(_quote(t) for grp in groups for t in grp) + ")"
        w = ", ".join(str(self.weights[c]) for c in COLUMNS)
        try:
            rows = conn.execute(
                f"SELECT fts.rowid, bm25(fts, {w}, 0) AS r FROM fts WHERE fts MATCH ? "
                f"ORDER BY r LIMIT ?", (expr, max(CANDIDATES, limit))).fetchall()
        except sqlite3.Error:
            return []
        if not rows:
            return []
        cands = {rowid: -r for rowid, r in rows}
        best = max(cands.values()) or 1.0

        # coverage: rarity-weighted share of the query's groups each candidate holds
        if g not in self._ndocs:
            self._ndocs[g] = conn.execute(
                "SELECT count(*) FROM docs" + (" WHERE game = ?" if g else ""),
                (g,) if g else ()).fetchone()[0]
        ndocs = self._ndocs[g]
        total = 0.0
        cover = dict.fromkeys(cands, 0.0)
        headc = dict.fromkeys(cands, 0.0)
        # one query per word (and one more for the word alone when it has synonyms): the
        # matching documents, and by a bm25 weighted on the head columns only (non-zero
        # exactly when the word is in them), whether it is in title/keywords/phrases
        head_w = ", ".join("1" if c in HEAD_COLUMNS else "0" for c in COLUMNS)

        def matching(expr: str) -> dict[int, bool]:
            """rowid -> is the match in a head column, for every document matching ``expr``."""
            return {r[0]: r[1] < 0 for r in conn.execute(
                f"SELECT rowid, bm25(fts, {head_w}, 0) FROM fts WHERE fts MATCH ?",
                (f"{gfilter}({expr})",))}

        if self._askmeta is None:
            self._askmeta = {r[0]: (r[1], r[2]) for r in conn.execute("SELECT rowid, doc, n FROM askmeta")}
        askmeta = self._askmeta
        ask_w: dict[int, float] = {}  # phrasing -> weight of the query's groups it holds
        ask_n: dict[int, int] = {}  # phrasing -> how many of the query's groups it holds
        agfilter = f"{{game}} : {_game_token(g)} AND " if g else ""
        for grp in groups:
            expr_g = " OR ".join(_quote(t) for t in grp)
            found = matching(expr_g)
            if not found:
                continue
            own = matching(_quote(grp[0])) if len(grp) > 1 else found
            weight = math.log(1 + ndocs / len(found))
            total += weight
            for (arow,) in conn.execute("SELECT rowid FROM asks WHERE asks MATCH ?",
                                        (f"{agfilter}({expr_g})",)):
                if askmeta[arow][0] in cands:
                    ask_w[arow] = ask_w.get(arow, 0.0) + weight
                    ask_n[arow] = ask_n.get(arow, 0) + 1
            for rowid in found.keys() & cands.keys():
                mine = rowid in own
                cover[rowid] += weight * (1.0 if mine else SYNONYM_CREDIT)
                if found[rowid]:
                    headc[rowid] += weight * (1.0 if mine and own[rowid] else SYNONYM_CREDIT)
        # near pairs: consecutive query words found within a few words of each other
        near = dict.fromkeys(cands, 0.0)
        pairs = list(zip(groups, groups[1:]))
        for a, b in pairs:
            for (rowid,) in conn.execute(
                    "SELECT rowid FROM fts WHERE fts MATCH ?",
                    (f"{gfilter}NEAR({_quote(a[0])} {_quote(b[0])}, 3)",)):
                if rowid in near:
                    near[rowid] += 1.0

        # nearest phrasing: share of the query held by one phrasing, times (the square root
        # of) the share of that phrasing the query covers
        nearest = dict.fromkeys(cands, 0.0)
        if total:
            for arow, wsum in ask_w.items():
                doc, n = askmeta[arow]
                sim = (wsum / total) * math.sqrt(min(1.0, ask_n[arow] / n))
                if sim > nearest[doc]:
                    nearest[doc] = sim

        lex: dict[int, float] = {}
        for rowid, bm in cands.items():
            score = bm / best
            if total:
                score += self.coverage * cover[rowid] / total
                score += self.head * headc[rowid] / total
            if pairs:
                score += self.near * near[rowid] / len(pairs)
            score += self.asked * nearest[rowid]
            lex[rowid] = score

        # the paraphrase signal: nearest in meaning, scaled against the best word match
        tables = ("vecs",) * bool(self.paraphrase) + ("bank",) * bool(self.asked_before)
        bank_cos: dict[int, list[float]] = {}
        near_by = dict(zip(tables, self._nearest(self._corrected(text), g, tables, lex, bank_cos))) \
            if tables else {}
        meaning = near_by.get("vecs", {})
        before = near_by.get("bank", {})
        marks = ",".join("?" * len(lex))
        meta = {r[0]: r[1:] for r in conn.execute(
            f"SELECT rowid, json, kind FROM docs WHERE rowid IN ({marks})", tuple(lex))}
        for rowid, (data, kind) in meta.items():
            if kind == "imported":
                lex[rowid] *= IMPORTED_FACTOR
        top = max(lex.values()) or 1.0
        scored = []
        for rowid, score in lex.items():
            data, kind = meta[rowid]
            final = score / top + self.paraphrase * max(0.0, meaning.get(rowid, 0.0))
            final += self.asked_before * max(0.0, before.get(rowid, 0.0) - ASKED_BEFORE_FLOOR)
            if self.explain is not None:
                self.explain[json.loads(data)["id"]] = {
                    "bm25": cands[rowid] / best, "cover": cover[rowid] / (total or 1),
                    "head": headc[rowid] / (total or 1), "near": near[rowid] / (len(pairs) or 1),
                    "nearest": nearest[rowid], "paraphrase": meaning.get(rowid, 0.0),
                    "asked_before": before.get(rowid, 0.0)}
            scored.append((final, kind != "rule", rowid, data))
        scored.sort(key=lambda s: (-s[0], s[1], s[2]))
        if meaning and (self.features is not None or self._reranker() is not None):
            parts = {rowid: (cands[rowid] / best, cover[rowid] / (total or 1), headc[rowid] / (total or 1),
                             near[rowid] / (len(pairs) or 1), nearest[rowid]) for rowid in lex}
            scored = self._rerank(scored, parts, meaning, bank_cos, expr)
        hits = []
        for score, _, _, data in scored[:limit]:
            e = json.loads(data)
            # the entry's answer line as a plain statement: its Yes/No was written for one
            # way of asking, and is no verdict on the question searched for
            answer = strip_verdict(e.get("answer", "") or "")
            if e["kind"] == "ruling":
                answer = first_sentence(answer)
            elif e["kind"] == "imported":
                answer = ""
            hits.append(Hit(id=e["id"], game=e["game"], kind=e["kind"], title=e["title"],
                            text=e["text"], source=e["section"], score=round(score, 4),
                            imported=e["kind"] == "imported", answer=answer))
        return hits

