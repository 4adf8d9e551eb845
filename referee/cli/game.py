"""Commands on stored games and records: new, move, show, legal, undo, log, games,
switch, export, replay.  Thin: the work is in :mod:`referee.session`, the engines
and :mod:`referee.replay`."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from .app import app
from . import complete
from .output import (MAX_ID, console, emit_json, fail, guard, interactive, legal_parts, legal_plain,
                     legal_renderables, print_paged, print_plain, write_output)

GAME_OPT = typer.Option(None, "--game", "-g", metavar="ID", min=1, max=MAX_ID, autocompletion=complete.game_ids,
                        help="A stored game id (see `referee games`); default: the current game.")
EXPECT_OPT = typer.Option(None, "--expect", metavar="N", min=0, max=MAX_ID,
                          help="Refuse (exit 2, nothing written) unless the game's log still has N "
                               "entries, undos included: the length you saw (the last # of `referee log`, "
                               "or log_length in `log --json` / `move --json`).")
JSON_OPT = typer.Option(False, "--json", help="Print one JSON object on stdout.")


def open_store(ctx: typer.Context):
    from referee.store import Store

    return Store((ctx.obj or {}).get("db"))


def ask_choice(need) -> Optional[str]:
    """Ask for a choice the rules leave to a player (questionary), or None when not at a terminal."""
    if not interactive():
        return None
    from referee.errors import BadInputError

    from .play import Refused, choose_at_terminal

    try:
        return choose_at_terminal(need)
    except Refused as refused:
        raise BadInputError(f"{refused.typed!r} is not one of the choices: nothing was entered") from None


def ask_definition(game, need) -> Optional[list[str]]:
    """At a terminal, the game's own questions for what an event names that the game
    does not know (a Fluxx card): the lines that define it; None when not at a
    terminal or when the game has no ``define`` hook (the event stays bad input)."""
    if not interactive():
        return None
    from referee.games import spec

    hook = spec(game.name).define
    return spec(game.name).load(hook)(game, need) if hook else None


def parse_tag_options(items: List[str]) -> dict[str, str]:
    """``--tag KEY=VALUE`` options as record tags (the key's first letter upper-cased)."""
    from referee.errors import BadInputError

    tags: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BadInputError(f"--tag takes KEY=VALUE, not {item[:40]!r}")
        key = key.strip()
        tags[key[:1].upper() + key[1:]] = value.strip()
    return tags


def start_game(ctx: typer.Context, game: str, tags: dict[str, str], extra: List[str],
               json_out: bool, match: Optional[int] = None) -> tuple[int, object]:
    """Set up, validate and store a new game of ``game`` (file tags read relative to
    the working folder), make it current and print it; return ``(id, engine)``."""
    with guard(json_out):
        from referee import session
        from referee.games import spec

        tags = {**tags, **parse_tag_options(extra)}
        check_tags(game, tags)
        base = str(Path.cwd())
        engine = session.setup_game(game, tags, base)  # validates the set-up before storing it
        stored = session.stored_tags(game, engine, tags, base)
        engine = session.check_loads(game, stored, base)  # ...and what will be stored loads
        store = open_store(ctx)
        gid = store.create_game(game, stored, base, match=match)
        if json_out:
            emit_json({"id": gid, "game": game, "state": engine.to_json()})
            return gid, engine
        out = console()
        out.print(f"Game {gid} ({game}) started; it is now the current game.")
        out.print(spec(game).render_module().render(engine))
        return gid, engine


#: Characters a player name may not hold: they would break the record's header.
NAME_FORBIDDEN = set(';"[]\\')
MAX_NAME = 60


def check_tags(game: str, tags: dict[str, str]) -> None:
    """Refuse tag values a record could not hold: control characters (newlines) in any
    tag, and in player names also ``; " [ ] \\`` or more than :data:`MAX_NAME` characters."""
    from referee.errors import BadInputError
    from referee.games import spec

    players = set(spec(game).player_tags)
    for key, value in tags.items():
        bad = next((c for c in value if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u2028\u2029"), None)
        if bad is not None:
            raise BadInputError(f"[{key}] cannot hold the control character {bad!r}")
        if key in players:
            shown = value if len(value) <= 40 else value[:39] + "…"
            if not value.strip():
                raise BadInputError(f"the {key} player's name is empty")
            if len(value) > MAX_NAME:
                raise BadInputError(f"the {key} player's name is longer than {MAX_NAME} characters")
            bad = next((c for c in value if c in NAME_FORBIDDEN), None)
            if bad is not None:
                raise BadInputError(f"a player name cannot hold {bad!r} (it would break the game "
                                    f"record): {shown!r}")


new_app = typer.Typer(no_args_is_help=True, help="Start a new stored game (one sub-command a game) and make it the current one.")
app.add_typer(new_app, name="new")


def register_new_commands() -> None:
    """One ``referee new <game>`` sub-command for each refereed game in the registry."""
    from referee.games import refereed

    from referee.cli.newgame import build

    for s in refereed():
        if s.new_command or s.tags:  # a command of its own, or one built from the set-up
            command = s.load(s.new_command) if s.new_command else build(s)
            new_app.command(s.name, help=f"Start a game of {s.title}.")(command)
            for alias in s.aliases:  # `referee new fof` as well as `referee new fight-or-flight`
                if " " not in alias and alias != s.name:
                    new_app.command(alias, hidden=True)(command)


@app.command()
def move(
    ctx: typer.Context,
    event: List[str] = typer.Argument(..., metavar="EVENT", autocompletion=complete.events,
                                      help='The event in record notation, e.g. `play F`, "play F >N" (quote > in '
                                           'a shell) or `draw x x` (x: a card nobody saw, also written ?).'),
    game_id: Optional[int] = GAME_OPT,
    expect: Optional[int] = EXPECT_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Enter one event (a draw, a card play, a snag, ...) into the current game."""
    with guard(json_out):
        from referee import session

        store = open_store(ctx)
        loaded = session.load(store, game_id)
        text = " ".join(event)
        applied = session.enter(store, loaded, text, None if json_out else ask_choice, expect=expect,
                                define=None if json_out else ask_definition)
        if json_out:
            emit_json({"event": applied.text, "notes": applied.notes, "log_length": loaded.length,
                       "state": loaded.game.to_json()})
            return
        summary = loaded.spec.render_module().summary(loaded.game)
        if not print_plain(moved_plain(applied, summary)):
            out = console()
            out.print(applied.text, style="bold", markup=False)
            for note in applied.notes:
                out.print(f"  {note}", markup=False)
            out.print(summary)
        warn(loaded)


def moved_plain(applied, summary):
    """``lines_at`` for :func:`print_plain`: what ``move`` prints after an event."""
    def lines_at(width: int, _height: int) -> list[str] | None:
        from . import plain

        if not isinstance(summary, str):
            return None
        out: list[str] = []
        for text, markup in [(applied.text, False), *((f"  {n}", False) for n in applied.notes), (summary, True)]:
            lines = plain.text_lines(text, width, markup=markup)
            if lines is None:
                return None
            out += lines
        return out

    return lines_at


def warn(loaded) -> None:
    """Say on stderr what the game warns of after an event (e.g. Fluffy's opening clock)."""
    from referee import session

    for line in session.warnings(loaded):
        console(stderr=True).print(f"[bold red]{line}[/bold red]", markup=True)


@app.command()
def show(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    json_out: bool = JSON_OPT,
    svg: Optional[Path] = typer.Option(None, "--svg", metavar="FILE", help="Also write the picture as SVG to FILE."),
) -> None:
    """Draw the position of the current game, with whose turn it is and the hands."""
    with guard(json_out):
        from referee import session

        loaded = session.load(open_store(ctx), game_id)
        if json_out:
            emit_json({"id": loaded.stored.id, **loaded.game.to_json()})
            return
        picture = loaded.spec.render_module().render(loaded.game, **session.render_extras(loaded))
        if svg is not None:
            from rich.console import Console

            rec = Console(record=True, width=110, file=open(__import__("os").devnull, "w"))
            rec.print(picture)
            try:
                svg.write_text(rec.export_svg(title=f"referee: game {loaded.stored.id}"), encoding="utf-8")
            except OSError as exc:
                from referee.errors import BadInputError

                raise BadInputError(f"cannot write {svg}: {exc.strerror}") from None
        lines_at = getattr(picture, "plain_lines", None)
        if lines_at is None or not print_plain(lines_at):
            console().print(picture)


@app.command()
def legal(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """List the events legal now, each with what it would do."""
    with guard(json_out):
        from referee import session

        loaded = session.load(open_store(ctx), game_id)
        if json_out:
            game = loaded.game
            emit_json({"legal": [{"event": e.text, "does": e.description} for e in game.legal_events()],
                       "due": [{"event": d.text, "does": d.description} for d in game.due()],
                       "blocked": [{"event": b.event, "reason": b.reason, "rule": b.rule}
                                   for b in game.blocked_events()]})
            return
        parts = legal_parts(loaded.game)
        if not print_plain(lambda width, _height: legal_plain(parts, width)):
            out = console()
            for item in legal_renderables(loaded.game, parts):
                print_paged(out, item)


@app.command()
def undo(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    expect: Optional[int] = EXPECT_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Take back the latest event (the undo is itself logged)."""
    with guard(json_out):
        from referee import session

        store = open_store(ctx)
        stored = store.resolve(game_id)
        undone = store.undo(stored.id, expect)
        loaded = session.load(store, stored.id)
        if json_out:
            emit_json({"undone": undone.text, "log_length": loaded.length, "state": loaded.game.to_json()})
            return
        out = console()
        out.print(f"Undid {undone.text}.", markup=False)
        out.print(loaded.spec.render_module().summary(loaded.game))


@app.command()
def log(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Show the game's whole event log, undos included."""
    with guard(json_out):
        store = open_store(ctx)
        stored = store.resolve(game_id)
        entries = store.log(stored.id)
        if json_out:
            emit_json({"id": stored.id, "game": stored.game, "log_length": len(entries), "log": [
                {"seq": e.seq, "kind": e.kind, "event": e.text, "notes": e.notes, "at": e.created}
                for e in entries]})
            return
        from rich.table import Table

        table = Table(box=None, header_style="bold", title=f"Game {stored.id} ({stored.game})")
        table.add_column("#", justify="right")
        table.add_column("event")
        table.add_column("automatic results")
        for e in entries:
            text = e.text if e.kind == "event" else "[italic]undo[/italic]"
            table.add_row(str(e.seq), text, "; ".join(e.notes))
        console().print(table)


@app.command()
def games(ctx: typer.Context, json_out: bool = JSON_OPT) -> None:
    """List the stored games; the current one is marked with *."""
    with guard(json_out):
        from referee import session
        from referee.errors import RefereeError
        from referee.games import spec

        store = open_store(ctx)
        current = store.current_id()
        rows = []
        for g in store.games():
            try:
                state = session.load(store, g.id).game.to_json()
            except RefereeError:  # a game an older version stored may no longer load
                state = {}
            people = ", ".join(g.tags[k] for k in spec(g.game).player_tags if k in g.tags)
            rows.append({"id": g.id, "game": g.game, "players": people, "created": g.created,
                         "current": g.id == current, "over": state.get("over"),
                         "events": len(store.effective(g.id)), "match": g.match})
        if json_out:
            emit_json({"games": rows})
            return
        from rich.table import Table

        table = Table(box=None, header_style="bold")
        in_match = any(r["match"] is not None for r in rows)
        for col in ("", "id", "game", "players", "events", "over", "started") + (("match",) if in_match else ()):
            table.add_column(col)
        for r in rows:
            table.add_row("*" if r["current"] else "", str(r["id"]), r["game"], r["players"],
                          str(r["events"]), "yes" if r["over"] else "no", r["created"],
                          *((str(r["match"] or ""),) if in_match else ()))
        console().print(table if rows else "No stored games yet: start one with `referee new GAME`.")


@app.command()
def switch(ctx: typer.Context,
           game_id: int = typer.Argument(..., metavar="ID", min=1, max=MAX_ID, autocompletion=complete.game_ids),
           json_out: bool = JSON_OPT) -> None:
    """Make stored game ID the current one."""
    with guard(json_out):
        stored = open_store(ctx).switch(game_id)
        if json_out:
            emit_json({"id": stored.id, "game": stored.game, "current": True})
            return
        console().print(f"Game {stored.id} ({stored.game}) is now the current game.")


@app.command()
def export(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the record to FILE (and a custom board beside it)."),
    json_out: bool = typer.Option(False, "--json", help='Print {"id", "game", "record", "output", "files"} as one JSON '
                                                        'object (the record text in "record").'),
) -> None:
    """Write a stored game as a game record that replays to the same state."""
    with guard(json_out):
        from referee import session
        from referee.errors import BadInputError

        store = open_store(ctx)
        loaded = session.load(store, game_id)
        written: dict[str, str] = {}
        if output is not None:  # a file kept with the game is written beside the record
            for key, text in session.attached_files(loaded).items():
                name = output.with_name(f"{output.stem}.{key.lower()}.toml")
                try:
                    name.write_text(text, encoding="utf-8")
                except OSError as exc:
                    raise BadInputError(f"cannot write {name}: {exc.strerror}") from None
                written[key] = name.name
        text = session.export_text(store, loaded, written)
        if json_out:
            if output is not None:
                try:
                    output.write_text(text, encoding="utf-8")
                except OSError as exc:
                    raise BadInputError(f"cannot write {output}: {exc.strerror}") from None
            emit_json({"id": loaded.stored.id, "game": loaded.stored.game, "record": text,
                       "output": None if output is None else str(output), "files": written})
            return
        write_output(text, output)


@app.command("import")
def import_(
    ctx: typer.Context,
    record: Path = typer.Argument(..., metavar="RECORD",
                                  help="A game record file (.zwf, .fof, ...), e.g. one a friend sent."),
    json_out: bool = JSON_OPT,
) -> None:
    """Store a game record as a new game and make it current, to carry on playing it.

    Every event is checked as `referee replay` checks it; a record that breaks a rule
    or cannot be read is refused at its line and nothing is stored."""
    with guard(json_out):
        from referee import session
        from referee.games import spec
        from referee.records import read_record

        from referee.games import canonical_name

        rec = read_record(record)
        check_tags(canonical_name(rec.game), rec.tags)
        store = open_store(ctx)
        gid, result = session.import_record(store, rec)
        loaded = session.load(store, gid)
        if json_out:
            emit_json({"id": gid, "game": loaded.stored.game, "events": len(result.applied),
                       "log_length": loaded.length, "state": loaded.game.to_json()})
            return
        rend = spec(loaded.stored.game).render_module()
        out = console()
        out.print(rend.render(loaded.game, **session.render_extras(loaded)))
        out.print(f"Game {gid} ({loaded.stored.game}) imported from {record.name}: "
                  f"{len(result.applied)} events, all legal; it is now the current game.",
                  markup=False)
        out.print(rend.summary(loaded.game), markup=False)


@app.command()
def replay(
    record: Path = typer.Argument(..., help="A game record file (.zwf, .fof, ...), or `sample` for the built-in sample game."),
    json_out: bool = JSON_OPT,
) -> None:
    """Replay a game record: check every event and print the final state."""
    with guard(json_out):
        from referee.games import spec
        from referee.replay import replay_file

        result = replay_file(record)
        if result.error is not None:
            fail(result.error, json_out)
        if json_out:
            emit_json(result.game.to_json())
            return
        rend = spec(result.game.name).render_module()
        out = console()
        out.print(rend.render(result.game))
        out.print(f"{len(result.applied)} events replayed, all legal. " + str(rend.summary(result.game)))
