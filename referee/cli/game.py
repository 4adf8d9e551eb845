"""Commands on stored games and records: new, move, show, legal, undo, log, games,
switch, export, replay.  Thin: the work is in :mod:`referee.session`, the engines
and :mod:`referee.replay`."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from .app import app
from .output import console, emit_json, fail, guard, interactive, write_output

GAME_OPT = typer.Option(None, "--game", "-g", metavar="ID",
                        help="A stored game id (see `referee games`); default: the current game.")
JSON_OPT = typer.Option(False, "--json", help="Print one JSON object on stdout.")


def open_store(ctx: typer.Context):
    from referee.store import Store

    return Store((ctx.obj or {}).get("db"))


def ask_choice(need) -> Optional[str]:
    """Ask for a choice the rules leave to a player (questionary), or None when not at a terminal."""
    if not interactive():
        return None
    import questionary

    choices = [questionary.Choice(title=f"{o.text}   {o.description}".rstrip(), value=o.text)
               for o in need.options]
    return questionary.select(need.question, choices=choices).ask()


def _tags_from_options(game: str, board: Optional[Path], deck: Optional[str],
                       fluffy: Optional[str], zombies: Optional[str], players: Optional[str],
                       variant: Optional[str], tag: List[str]) -> tuple[dict[str, str], Optional[str]]:
    from referee.errors import BadInputError

    tags: dict[str, str] = {}
    base = None
    if board is not None:
        if str(board) in ("default",) or not str(board).endswith(".toml") and not board.exists():
            tags["Board"] = str(board)
        else:
            path = board.expanduser().resolve()
            try:
                tags["BoardText"] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise BadInputError(f"cannot read board {board}: {getattr(exc, 'strerror', exc)}")
            tags["Board"] = str(path)
            base = str(path.parent)
    for key, value in (("Deck", deck), ("Fluffy", fluffy), ("Zombies", zombies),
                       ("Players", players), ("Variant", variant)):
        if value is not None:
            tags[key] = value
    for item in tag:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BadInputError(f"--tag takes KEY=VALUE, not {item!r}")
        key = key.strip()
        tags[key[:1].upper() + key[1:]] = value.strip()
    return tags, base


def variant_tags(hand_size: Optional[int], some_zombies: bool, zombie_hand_hidden: bool,
                 fluffy_hand_open: bool, opening_clock: Optional[str]) -> dict[str, str]:
    """Record tags for the designer's variants chosen by name at ``referee new``."""
    tags: dict[str, str] = {}
    if hand_size is not None:
        tags["HandSize"] = str(hand_size)
    if some_zombies:
        tags["ZombieMoves"] = "some"
    if zombie_hand_hidden:
        tags["ZombieHand"] = "hidden"
    if fluffy_hand_open:
        tags["FluffyHand"] = "open"
    if opening_clock is not None:
        tags["OpeningClock"] = opening_clock
    return tags


@app.command()
def new(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game: fluffy or fight-or-flight."),
    board: Optional[Path] = typer.Option(None, "--board", help="Zombies Want Fluffy: a board file (TOML) or `default`."),
    deck: Optional[str] = typer.Option(None, "--deck", help='Zombies Want Fluffy: the movement cards, e.g. "F=10 L=4 R=4 B=2 LR=2 FB=2".'),
    fluffy: Optional[str] = typer.Option(None, "--fluffy", help="Zombies Want Fluffy: who plays Fluffy."),
    zombies: Optional[str] = typer.Option(None, "--zombies", help="Zombies Want Fluffy: who plays the zombies."),
    players: Optional[str] = typer.Option(None, "--players", help="Fight or Flight: the seats clockwise, first player first: Ann,Ben,Cat,Dan."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Fight or Flight: casual, experienced or challenge, optionally with counts: \"experienced heal=2\"."),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE", help="Any other record tag, e.g. --tag 'Site=club'."),
    hand_size: Optional[int] = typer.Option(None, "--hand-size", metavar="N", help="Zombies Want Fluffy handicap: Fluffy's hand size (tag HandSize)."),
    some_zombies: bool = typer.Option(False, "--some-zombies", help="Zombies Want Fluffy handicap: a zombie card moves any one or more zombies (tag ZombieMoves \"some\")."),
    zombie_hand_hidden: bool = typer.Option(False, "--zombie-hand-hidden", help="Zombies Want Fluffy handicap: the zombie player keeps every card face down (tag ZombieHand \"hidden\")."),
    fluffy_hand_open: bool = typer.Option(False, "--fluffy-hand-open", help="Zombies Want Fluffy handicap: Fluffy plays with his hand face up (tag FluffyHand \"open\")."),
    opening_clock: Optional[str] = typer.Option(None, "--opening-clock", metavar="TIME", help="Zombies Want Fluffy: cap Fluffy's zombie-free opening, e.g. 5m (tag OpeningClock)."),
    json_out: bool = JSON_OPT,
) -> None:
    """Start a new stored game and make it the current one."""
    with guard(json_out):
        from referee.games import canonical_name
        from referee.session import setup_game

        name = canonical_name(game)
        tags, base = _tags_from_options(name, board, deck, fluffy, zombies, players, variant, tag)
        tags.update(variant_tags(hand_size, some_zombies, zombie_hand_hidden, fluffy_hand_open, opening_clock))
        engine = setup_game(name, tags, base)  # validates the set-up before storing it
        stored_tags = engine.tags()
        if "BoardText" in tags:  # a board file's text is kept, so the game never depends on the file
            stored_tags["BoardText"] = tags["BoardText"]
        store = open_store(ctx)
        gid = store.create_game(name, stored_tags, base)
        if json_out:
            emit_json({"id": gid, "game": name, "state": engine.to_json()})
            return
        out = console()
        out.print(f"Game {gid} ({name}) started; it is now the current game.")
        from referee.games import renderer

        out.print(renderer(name).render(engine))


@app.command()
def move(
    ctx: typer.Context,
    event: List[str] = typer.Argument(..., help='The event in record notation, e.g. `play F` or "play F >N" (quote > in a shell).'),
    game_id: Optional[int] = GAME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Enter one event (a draw, a card play, a snag, ...) into the current game."""
    with guard(json_out):
        from referee import session

        store = open_store(ctx)
        loaded = session.load(store, game_id)
        text = " ".join(event)
        applied = session.enter(store, loaded, text, None if json_out else ask_choice)
        if json_out:
            emit_json({"event": applied.text, "notes": applied.notes, "state": loaded.game.to_json()})
            return
        out = console()
        out.print(applied.text, style="bold", markup=False)
        for note in applied.notes:
            out.print(f"  {note}", markup=False)
        from referee.games import renderer

        out.print(renderer(loaded.stored.game).summary(loaded.game))
        warn_clock(loaded)


def warn_clock(loaded) -> None:
    """Say on stderr when Fluffy's opening clock has run out (it keeps running)."""
    from referee import session

    clock = session.opening_clock(loaded)
    if clock is not None and clock.running and clock.out:
        console(stderr=True).print(f"[bold red]opening clock: {clock.text()}[/bold red]")


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
        from referee.games import renderer

        loaded = session.load(open_store(ctx), game_id)
        if json_out:
            emit_json({"id": loaded.stored.id, **loaded.game.to_json()})
            return
        picture = renderer(loaded.stored.game).render(loaded.game, **session.render_extras(loaded))
        if svg is not None:
            from rich.console import Console

            rec = Console(record=True, width=110, file=open(__import__("os").devnull, "w"))
            rec.print(picture)
            try:
                svg.write_text(rec.export_svg(title=f"referee: game {loaded.stored.id}"), encoding="utf-8")
            except OSError as exc:
                from referee.errors import BadInputError

                raise BadInputError(f"cannot write {svg}: {exc.strerror}") from None
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
        events = loaded.game.legal_events()
        # Engines may also say why other events are not legal now: (event, reason, rule).
        blocked = getattr(loaded.game, "blocked_events", lambda: [])()
        if json_out:
            emit_json({"legal": [{"event": e.text, "does": e.description} for e in events],
                       "blocked": [{"event": b[0], "reason": b[1], "rule": b[2]} for b in blocked]})
            return
        from rich.table import Table

        table = Table(box=None, show_header=True, header_style="bold")
        table.add_column("event")
        table.add_column("what it does")
        for e in events:
            table.add_row(e.text, e.description)
        out = console()
        out.print(table if events else "No event is legal: the game is over.")
        if blocked:
            out.print()
            not_now = Table(box=None, header_style="bold")
            not_now.add_column("not now")
            not_now.add_column("why")
            not_now.add_column("rule", no_wrap=True, overflow="fold")
            for b in blocked:
                not_now.add_row(*b)
            out.print(not_now)


@app.command()
def undo(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Take back the latest event (the undo is itself logged)."""
    with guard(json_out):
        from referee import session

        store = open_store(ctx)
        stored = store.resolve(game_id)
        undone = store.undo(stored.id)
        loaded = session.load(store, stored.id)
        if json_out:
            emit_json({"undone": undone.text, "state": loaded.game.to_json()})
            return
        from referee.games import renderer

        out = console()
        out.print(f"Undid {undone.text}.", markup=False)
        out.print(renderer(stored.game).summary(loaded.game))


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
            emit_json({"id": stored.id, "game": stored.game, "log": [
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

        store = open_store(ctx)
        current = store.current_id()
        rows = []
        for g in store.games():
            try:
                state = session.load(store, g.id).game.to_json()
            except Exception:  # a game an older version stored may no longer load
                state = {}
            people = ", ".join(v for k, v in g.tags.items() if k in ("Fluffy", "Zombies", "Players"))
            rows.append({"id": g.id, "game": g.game, "players": people, "created": g.created,
                         "current": g.id == current, "over": state.get("over"),
                         "events": len(store.effective(g.id))})
        if json_out:
            emit_json({"games": rows})
            return
        from rich.table import Table

        table = Table(box=None, header_style="bold")
        for col in ("", "id", "game", "players", "events", "over", "started"):
            table.add_column(col)
        for r in rows:
            table.add_row("*" if r["current"] else "", str(r["id"]), r["game"], r["players"],
                          str(r["events"]), "yes" if r["over"] else "no", r["created"])
        console().print(table if rows else "No stored games yet: start one with `referee new GAME`.")


@app.command()
def switch(ctx: typer.Context, game_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Make stored game ID the current one."""
    with guard():
        stored = open_store(ctx).switch(game_id)
        console().print(f"Game {stored.id} ({stored.game}) is now the current game.")


@app.command()
def export(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the record to FILE (and a custom board beside it)."),
) -> None:
    """Write a stored game as a game record that replays to the same state."""
    with guard():
        from referee import session
        from referee.errors import BadInputError

        store = open_store(ctx)
        loaded = session.load(store, game_id)
        board_path = None
        board_text = loaded.stored.tags.get("BoardText")
        if output is not None and board_text is not None:
            board_file = output.with_name(output.stem + ".board.toml")
            board_path = board_file.name
            try:
                board_file.write_text(board_text, encoding="utf-8")
            except OSError as exc:
                raise BadInputError(f"cannot write {board_file}: {exc.strerror}") from None
        text = session.export_text(store, loaded, board_path)
        write_output(text, output)


@app.command()
def replay(
    record: Path = typer.Argument(..., help="A game record file (.zwf, .fof, ...), or `sample` for the built-in sample game."),
    json_out: bool = JSON_OPT,
) -> None:
    """Replay a game record: check every event and print the final state."""
    with guard(json_out):
        from referee.games import renderer
        from referee.replay import replay_file

        result = replay_file(record)
        if result.error is not None:
            fail(result.error, json_out)
        if json_out:
            emit_json(result.game.to_json())
            return
        rend = renderer(result.game.name)
        out = console()
        out.print(rend.render(result.game))
        out.print(f"{len(result.applied)} events replayed, all legal. " + str(rend.summary(result.game)))
