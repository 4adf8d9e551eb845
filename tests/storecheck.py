"""Fuzzed events through a stored game, as `move` enters them (``session.enter``),
then the store checked to replay: shared by the per-game property tests (issue 24)."""

from __future__ import annotations

from pathlib import Path

from referee import session
from referee.errors import InternalError, RefereeError
from referee.records import parse_record
from referee.replay import replay_record
from referee.store import Store


def enter_all(store: Store, loaded, texts: list[str]) -> None:
    """Enter each of ``texts`` as `move` does: refusals allowed, an internal error never
    (it means an accepted event would not replay)."""
    for text in texts:
        try:
            session.enter(store, loaded, text)
        except InternalError:
            raise
        except RefereeError:
            pass


def assert_store_replays(store: Store, loaded, folder: Path) -> None:
    """The stored log of ``loaded``'s game replays to its state, and so does its export
    (files kept with the game written into ``folder``, as `export -o` does)."""
    again = session.load(store, loaded.stored.id)
    assert again.game.to_json() == loaded.game.to_json()
    written = {}
    for key, text in session.attached_files(again).items():
        (folder / f"x.{key.lower()}.toml").write_text(text, encoding="utf-8")
        written[key] = f"x.{key.lower()}.toml"
    exported = replay_record(parse_record(session.export_text(store, again, written), folder / "x.rec"))
    assert exported.error is None, exported.error
    assert exported.game.to_json() == loaded.game.to_json()


def enter_and_check(store_path: Path, game: str, tags: dict[str, str], texts: list[str]) -> None:
    """Store a new ``game`` set up from ``tags``, enter each of ``texts``
    (:func:`enter_all`), then check that the store replays (:func:`assert_store_replays`)."""
    store = Store(store_path)
    try:
        engine = session.setup_game(game, tags)
        gid = store.create_game(game, session.stored_tags(game, engine, tags, None))
        loaded = session.load(store, gid)
        enter_all(store, loaded, texts)
        assert_store_replays(store, loaded, store_path.parent)
    finally:
        store.close()
