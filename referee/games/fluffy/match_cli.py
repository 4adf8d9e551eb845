"""``referee match``: Zombies Want Fluffy match play (pairs of games, sides swapped).

Commands: ``new`` (a match and its first game), ``next`` (the next game, sides
swapped), ``score`` (the table of the current match, or of record files) and
``export`` (JSON for a score-keeping app).  The scoring itself is
:mod:`referee.match`; games are stored and played with the ordinary game commands.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from referee.cli.output import console, emit_json, guard, write_output

app = typer.Typer(no_args_is_help=True)

JSON_OPT = typer.Option(False, "--json", help="Print one JSON object on stdout.")


def _n(count: int, word: str) -> str:
    """``1 point``, ``2 points``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _players(text: str) -> list[str]:
    from referee.errors import BadInputError

    names = [p.strip() for p in text.split(",")]
    if len(names) != 2 or not all(names) or names[0].casefold() == names[1].casefold():
        raise BadInputError(f"--players takes two different names, e.g. Ana,Ben, not {text!r}")
    return names


def _start_game(store, mid: int, shared: dict[str, str], fluffy: str, zombies: str,
                base: Optional[str]):
    """Set up, validate and store one game of match ``mid``; return ``(id, engine)``."""
    from referee import session

    tags = {**shared, "Fluffy": fluffy, "Zombies": zombies}
    engine = session.setup_game("fluffy", tags, base)
    stored = session.stored_tags("fluffy", engine, tags, base)
    engine = session.check_loads("fluffy", stored, base)  # never store a game that does not load
    return store.create_game("fluffy", stored, base, match=mid), engine


def _stored_table(store, mid: int, players: list[str]):
    """The match table of stored match ``mid`` and its stored games (oldest first)."""
    from referee import session
    from referee.games.fluffy.match import PlayedGame, score_match

    stored = store.match_games(mid)
    played = [PlayedGame(g.tags.get("Fluffy", ""), g.tags.get("Zombies", ""),
                         session.load(store, g.id).game.to_json()) for g in stored]
    return score_match(played, players), stored


def _started(out_json: bool, mid: int, number: int, gid: int, fluffy: str, zombies: str, engine) -> None:
    if out_json:
        emit_json({"match": mid, "game": number, "id": gid, "fluffy": fluffy, "zombies": zombies,
                   "state": engine.to_json()})
        return
    from .render import render

    out = console()
    out.print(f"Match {mid}, game {number} (stored game {gid}): {fluffy} plays Fluffy, "
              f"{zombies} the zombies. It is now the current game.")
    out.print(render(engine))


@app.command("new")
def new_match(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", metavar="A,B",
                                help="The two players, e.g. Ana,Ben; the first plays Fluffy in game 1."),
    board: Optional[str] = typer.Option(None, "--board", metavar="FILE", help="A board file (TOML) or `default`."),
    deck: Optional[str] = typer.Option(None, "--deck", help='The movement cards, e.g. "F=10 L=4 R=4 B=2 LR=2 FB=2".'),
    tag: List[str] = typer.Option([], "--tag", metavar="KEY=VALUE",
                                  help="Any other set-up tag every game shares, e.g. --tag HandSize=6."),
    json_out: bool = JSON_OPT,
) -> None:
    """Start a match of Zombies Want Fluffy and its first game (made the current game).

    Every game of the match shares the board, deck and tags given here; the sides swap
    each game (`referee match next`).
    """
    with guard(json_out):
        from referee.errors import BadInputError

        from referee.cli.game import check_tags, open_store, parse_tag_options

        names = _players(players)
        tags = parse_tag_options(tag)
        check_tags("fluffy", {**tags, "Fluffy": names[0], "Zombies": names[1]})
        tags.update({k: v for k, v in (("Board", board), ("Deck", deck)) if v is not None})
        base = str(Path.cwd())
        for key in ("Fluffy", "Zombies", "Players"):
            if key in tags:
                raise BadInputError(f"--tag {key}: the match assigns the sides itself (use --players)")
        from referee import session

        engine = session.setup_game("fluffy", {**tags, "Fluffy": names[0], "Zombies": names[1]}, base)
        shared = {k: v for k, v in session.stored_tags("fluffy", engine, tags, base).items()
                  if k not in ("Fluffy", "Zombies")}
        store = open_store(ctx)
        mid = store.create_match(names, shared)
        gid, engine = _start_game(store, mid, shared, names[0], names[1], base)
        _started(json_out, mid, 1, gid, names[0], names[1], engine)


@app.command("next")
def next_game(ctx: typer.Context, json_out: bool = JSON_OPT) -> None:
    """Start the next game of the current match with the sides swapped.

    Refused (exit 1) while the match's latest game is not over; exit 2 with no match.
    """
    with guard(json_out):

        from referee.cli.game import open_store

        store = open_store(ctx)
        mid, _, _ = store.match()
        number, gid, fluffy, zombies, engine = _next(store, mid)
        _started(json_out, mid, number, gid, fluffy, zombies, engine)


def _next(store, mid: int):
    """Start the next game of match ``mid``, sides swapped: ``(number, id, fluffy, zombies, engine)``.

    :class:`IllegalEventError` while the latest game is not over.
    """
    from referee.errors import IllegalEventError

    _, players, shared = store.match(mid)
    table, stored = _stored_table(store, mid, players)
    if table.games and not table.games[-1].over:
        last = table.games[-1]
        raise IllegalEventError(
            f"game {last.number} of match {mid} (stored game {stored[-1].id}) is not over yet: "
            f"finish it before starting the next", "fluffy.ruling.match-unfinished-game")
    base = stored[-1].base if stored else None
    gid, engine = _start_game(store, mid, shared, table.next_fluffy, table.next_zombies, base)
    return len(stored) + 1, gid, table.next_fluffy, table.next_zombies, engine


def start_next_game(store, mid: int) -> int:
    """Start the next game of match ``mid`` (for ``referee play``); return its stored id."""
    return _next(store, mid)[1]


def match_picture(store, mid: int) -> list:
    """The stored match's table as rich renderables (for ``referee play``)."""
    _, players, _ = store.match(mid)
    table, _ = _stored_table(store, mid, players)
    return table_renderables(table, f"Match {mid}")


def _file_error(path: Path, exc, json_out: bool) -> None:
    """Report an error in record ``path`` (naming the file) and exit with its code."""
    if json_out:
        emit_json({"error": {**exc.to_json(), "file": str(path)}})
    sys.stderr.write(f"referee: {path}: {exc}\n")
    raise typer.Exit(exc.exit_code)


def _records_table(paths: List[Path], json_out: bool):
    from referee.errors import BadInputError, RefereeError
    from referee.games.fluffy.match import PlayedGame, score_match
    from referee.replay import replay_file

    played = []
    for path in paths:
        try:
            result = replay_file(path)
        except RefereeError as exc:
            _file_error(path, exc, json_out)
        if result.error is not None:
            _file_error(path, result.error, json_out)
        if result.game.name != "fluffy":
            _file_error(path, BadInputError(
                f"a {result.game.name} record: match play is for Zombies Want Fluffy"), json_out)
        tags = result.game.tags()
        fluffy, zombies = tags.get("Fluffy", "").strip(), tags.get("Zombies", "").strip()
        if not fluffy or not zombies:
            _file_error(path, BadInputError(
                'needs [Fluffy "..."] and [Zombies "..."] tags naming the players'), json_out)
        if fluffy.casefold() == zombies.casefold():
            _file_error(path, BadInputError(f"{fluffy} cannot play both Fluffy and the zombies"), json_out)
        played.append(PlayedGame(fluffy, zombies, result.game.to_json()))
    return score_match(played)


def _print_table(table, title: str) -> None:
    out = console()
    for item in table_renderables(table, title):
        out.print(item)


def table_renderables(table, title: str) -> list:
    """The match table as rich renderables: the games, the players, the verdict."""
    from rich import box
    from rich.table import Table

    items: list = []
    games = Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False)
    for col, just in (("#", "right"), ("Fluffy", "left"), ("zombies", "left"),
                      ("ended", "left"), ("tree", "right"), ("zmb", "right"),
                      ("dawn", "right"), ("escape", "right"), ("total", "right")):
        games.add_column(col, justify=just, no_wrap=col in ("Fluffy", "zombies", "total"))
    for g in table.games:
        s = g.score
        if g.over:
            ended = f"{g.ending}, {g.winner} wins"
            total = str(s.total)
        else:
            ended = "in play"
            total = f"{s.total} so far"
        games.add_row(str(g.number), g.fluffy, g.zombies, ended, str(s.tree), str(s.zombies),
                      str(s.dawn), str(s.escape), total)
    if table.games:
        items.append(games)
        items.append("Fluffy's points: tree 1, each zombie (zmb) on the board or destroyed by the "
                  "flower 1, dawn 1, escape 3.")
    else:
        items.append("No game in this match yet.")
    people = Table(header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False)
    for col, just in (("player", "left"), ("points", "right"), ("wins", "right"), ("games", "right")):
        people.add_column(col, justify=just)
    for p in table.players:
        people.add_row(p.name, str(p.points), str(p.wins), str(p.games))
    items.append(people)
    a, b = table.players
    if table.leader is not None:
        lead = table.standing(table.leader)
        other = b if lead is a else a
        if table.decided_by == "wins":
            verdict = (f"Leader: {lead.name}, {_n(lead.wins, 'win')} to {other.wins}"
                       f" ({_n(lead.points, 'point')} to {other.points})")
        else:
            verdict = (f"Leader: {lead.name} on points, {_n(lead.points, 'point')} to {other.points}"
                       f" ({_n(lead.wins, 'win')} each)")
        verdict += " (pair complete)." if table.pair_complete else " (pair not complete yet)."
    elif table.pair_complete:
        verdict = f"Tie: play another pair ({_n(a.wins, 'win')} and {_n(a.points, 'point')} each)."
    else:
        verdict = (f"Tie so far ({_n(a.wins, 'win')} and {_n(a.points, 'point')} each); "
                   "the pair is not complete yet.")
    items.append(verdict)
    if table.games and not table.games[-1].over:
        items.append(f"Game {table.games[-1].number} is still in play.")
    else:
        items.append(f"Next game: {table.next_fluffy} plays Fluffy, {table.next_zombies} the zombies.")
    return items


@app.command("score")
def score(
    ctx: typer.Context,
    records: Optional[List[Path]] = typer.Argument(
        None, metavar="[RECORD]...",
        help='Game records (.zwf) carrying [Fluffy "..."] and [Zombies "..."] tags, in playing order; '
             "default: the current stored match."),
    json_out: bool = JSON_OPT,
) -> None:
    """The match table: each game's scoring items and each player's points and wins.

    Only Fluffy scores: tree 1, each zombie on the board or destroyed by the flower 1,
    Dawn's Early Light 1, escape 3. More wins leads; the points break a tie on wins;
    equal wins and points call for another pair of games. --json: {"players": {NAME: {"points", "wins", "games"}},
    "leader": NAME or null, "decided_by": "wins"|"points"|null, "games": [{"game", "fluffy", "zombies", "over", "winner",
    "winner_side", "ending", "score": {"tree", "zombies", "dawn", "escape", "total"}}]}.
    """
    with guard(json_out):
        if records:
            table = _records_table(records, json_out)
            title = "Match from " + ", ".join(p.name for p in records)
        else:
            from referee.cli.game import open_store

            store = open_store(ctx)
            mid, players, _ = store.match()
            table, _stored = _stored_table(store, mid, players)
            title = f"Match {mid}: {players[0]} v {players[1]}"
        if json_out:
            emit_json(table.to_json())
            return
        _print_table(table, title)


@app.command("export")
def export(
    ctx: typer.Context,
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the JSON to FILE instead of stdout."),
    json_out: bool = typer.Option(False, "--json", help="Errors as JSON too; with --output, print "
                                                        '{"output": FILE, "match": ID} on stdout.'),
) -> None:
    """Write the current match as JSON for a score-keeping app.

    Shape: {"match": ID, "players": [NAME, NAME], "games": [{"game": N, "players":
    [{"name": NAME, "side": "fluffy" or "zombies", "score": POINTS, "winner": true or
    false}, ...]}, ...]}: one entry per player per finished game (a game still in play
    is left out); only Fluffy scores, so the zombies' player always has score 0.
    """
    with guard(json_out):
        import json

        from referee.cli.game import open_store

        store = open_store(ctx)
        mid, players, _ = store.match()
        table, _stored = _stored_table(store, mid, players)
        if json_out and output is None:
            emit_json(table.export(mid))  # already JSON: one object on one line
            return
        text = json.dumps(table.export(mid), ensure_ascii=False, indent=2) + "\n"
        if json_out:
            from referee.errors import BadInputError

            try:
                output.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise BadInputError(f"cannot write {output}: {exc.strerror}") from None
            emit_json({"output": str(output), "match": mid})
            return
        write_output(text, output)
