"""``referee rules``: search, ask, show, list and import rule entries.

A thin layer over :mod:`rulesdb`.  Every command takes ``--json`` (one JSON object on
stdout); a bad game name, an unknown id or an unreadable file is one line on stderr and
exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

app = typer.Typer(no_args_is_help=True)

_GAME_HELP = "The game: fluffy, fight-or-flight, fluxx, zombies or zombie-attack."


def _bad(message: str, json_mode: bool = False) -> "typer.Exit":
    """Report bad input (one line on stderr; with --json also the error object) -> exit 2."""
    from referee.errors import BadInputError
    from .output import fail

    fail(BadInputError(message), json_mode)


def _game(game: Optional[str], json_mode: bool) -> Optional[str]:
    import rulesdb

    if game is None:
        return None
    try:
        return rulesdb.canonical_game(game)
    except rulesdb.UnknownGameError as exc:
        _bad(str(exc), json_mode)


def _question(text: str, json_mode: bool) -> None:
    """Refuse (exit 2) a question longer than ``rulesdb.MAX_QUESTION`` characters."""
    from rulesdb.model import RulesError, check_question

    try:
        check_question(text)
    except RulesError as exc:
        _bad(str(exc), json_mode)


def _db(json_mode: bool):
    """The shared rules database, opened now so that broken entry files are reported."""
    import rulesdb

    db = rulesdb.database()
    try:
        db.conn
    except rulesdb.EntryError as exc:
        _bad(str(exc), json_mode)
    return db


@app.command()
def search(
    query: str = typer.Argument(..., help="What to look up, in plain words."),
    game: Optional[str] = typer.Option(None, "--game", "-g", help=_GAME_HELP),
    limit: int = typer.Option(5, "--limit", "-n", min=1, max=100, help="How many hits to show."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
) -> None:
    """Search the rules, best match first (rules, rulings and imported rulebooks)."""
    g = _game(game, json_out)
    _question(query, json_out)
    db = _db(json_out)
    hits = db.search(query, game=g, limit=limit)
    if json_out:
        from .output import emit_json

        emit_json({"query": query, "game": g, "hits": [
            {"id": h.id, "game": h.game, "kind": h.kind, "title": h.title, "text": h.text,
             "source": h.source, "score": h.score, "imported": h.imported,
             "answer": h.answer} for h in hits]})
        return
    from rich.markup import escape
    from rich.padding import Padding
    from rich.text import Text

    from .output import console

    out = console()
    if not hits:
        out.print(f"No rule matches {escape(query)!r}." if query.strip() else "Nothing to search for.")
        return
    for i, h in enumerate(hits, 1):
        tag = " [magenta](imported)[/]" if h.imported else (" [cyan](ruling)[/]" if h.kind == "ruling" else "")
        out.print(f"[bold]{i}. {escape(h.title)}[/]{tag}  [dim]{escape(h.id)} · {escape(h.game)} · "
                  f"{escape(h.source)}[/]")
        if h.answer:
            out.print(f"   [green]{escape(h.answer)}[/]")
        out.print(Padding(Text(h.text), (0, 0, 0, 3), expand=False))
        if i < len(hits):
            out.print()


def current_game(db_path=None):
    """The current game of the game store, read-only (:func:`referee.store.peek_current`),
    or None: ``rules ask`` answers for it when no ``--game`` is given."""
    from referee.store import peek_current

    return peek_current(db_path)


def answer_of(question: str, game: Optional[str], db=None, tags: Optional[dict] = None,
              game_from: Optional[str] = None) -> dict:
    """What ``rules ask`` says, as the JSON object of ``rules ask --json``:

    ``question``; ``game`` (the game answered for: the one asked, else the top hit's) and
    ``game_from`` (``"--game"``, ``"current game N"`` or None); ``verdict`` (``"yes"``,
    ``"no"`` or None: stated only when the question matches a canonical question, see
    :mod:`rulesdb.answer`) and ``verdict_from`` (``{"q", "similarity"}`` or None);
    ``sentence`` (the sentence of the rules that decides the question), ``section`` (its
    rulebook section), ``answer`` (the line shown first: "Yes. <the fact>" / "No. ..."
    with a verdict, else the sentence), ``rule`` and ``title`` (the entry), and two more
    ``candidates``.  With no hit every field but ``question``, ``game`` and
    ``game_from`` is None (``candidates`` empty).
    """
    import rulesdb
    from rulesdb.answer import ask

    db = db or rulesdb.database()
    found = ask(db, question, game, tags=tags)
    out = {"question": question, "game": game, "game_from": game_from, "verdict": None,
           "verdict_from": None, "sentence": None, "section": None, "answer": None,
           "rule": None, "title": None, "candidates": []}
    if not found.hits:
        return out
    v = found.verdict
    out.update(game=game or found.entry.game, sentence=found.sentence, section=found.section,
               rule=found.entry.id, title=found.entry.title,
               candidates=[{"rule": h.id, "title": h.title} for h in found.hits
                           if h.id != found.entry.id][:2])
    if v is not None:
        because = v.canonical.because or found.sentence
        out.update(verdict=v.verdict, verdict_from={"q": v.canonical.q, "similarity": v.similarity},
                   answer=f"{v.verdict.capitalize()}. {because}")
    else:
        out["answer"] = found.sentence
    return out


def _game_title(game: str) -> str:
    from referee.games import spec

    try:
        return spec(game).title
    except Exception:  # noqa: BLE001 - a name only for display
        return game


def ask_lines(question: str, game: Optional[str], db=None, tags: Optional[dict] = None,
              game_from: Optional[str] = None) -> list[str]:
    """``rules ask`` as rich-markup lines (shared with ``?`` in ``referee play``): the game
    answered for when it is the current game's, the verdict and the fact it rests on
    (only for a question the referee knows), the deciding sentence, its rule id, title
    and section, and two more candidates."""
    from rich.markup import escape

    found = answer_of(question, game, db, tags, game_from)
    if found["rule"] is None:
        return [f"No rule found for {escape(question)!r}." if question.strip()
                else "Nothing to ask: e.g. ? can two zombies share a square"]
    lines = []
    if game_from and game_from.startswith("current game"):
        lines.append(f"[dim]For the current game, {escape(_game_title(found['game']))} "
                     f"(game {escape(game_from.split()[-1])}).[/dim]")
    if found["verdict"]:
        lines.append(f"[bold]{escape(found['answer'])}[/bold]")
        lines.append(f"[dim]  (a known question: {escape(found['verdict_from']['q'])!r})[/dim]")
        if found["sentence"] and found["sentence"] not in found["answer"]:
            lines.append(escape(found["sentence"]))
    else:
        lines.append(f"[bold]{escape(found['sentence'])}[/bold]")
    section = f" · {escape(found['section'])}" if found["section"] else ""
    lines.append(f"  [cyan]{escape(found['rule'])}[/cyan]  {escape(found['title'])}[dim]{section}[/dim]")
    if found["candidates"]:
        lines.append("[dim]  see also: " + "; ".join(
            f"{escape(c['rule'])} ({escape(c['title'])})" for c in found["candidates"]) + "[/dim]")
    return lines


@app.command()
def ask(
    ctx: typer.Context,
    question: str = typer.Argument(..., help="The question, as you would ask it at the table."),
    game: Optional[str] = typer.Option(None, "--game", "-g", help=_GAME_HELP + " Default: the current game's, if any."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
) -> None:
    """Answer a question at the table: Yes or No only for a question the referee knows,
    the sentence of the rules that decides it, its rule and section, two more candidates.

    Without --game, a question asked while a game is going is answered for that game and
    the variants in play.
    """
    g = _game(game, json_out)
    _question(question, json_out)
    tags = None
    game_from = "--game" if g else None
    if g is None:
        stored = current_game((ctx.obj or {}).get("db") if ctx is not None else None)
        if stored is not None:
            import rulesdb

            try:
                g = rulesdb.canonical_game(stored.game)
            except rulesdb.UnknownGameError:
                g = None
            if g is not None:
                tags, game_from = stored.tags, f"current game {stored.id}"
    db = _db(json_out)
    if json_out:
        from .output import emit_json

        emit_json(answer_of(question, g, db, tags, game_from))
        return
    from .output import console

    out = console()
    for line in ask_lines(question, g, db, tags, game_from):
        out.print(line)


def _entry_json(db, entry) -> dict:
    out = entry.to_json()
    related = []
    for rid in entry.related:
        try:
            related.append({"id": rid, "title": db.get(rid).title})
        except KeyError:
            related.append({"id": rid, "title": None})
    out["related"] = related
    out["rulings"] = [{"id": r.id, "title": r.title, "question": r.question,
                       "answer": r.answer, "reason": r.reason}
                      for r in db.rulings_for(entry.id)]
    return out


@app.command()
def show(
    entry_id: str = typer.Argument(..., metavar="ID", help="The rule id, e.g. fluffy.bounce."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
) -> None:
    """Show one rule entry with its rulings and related rules."""
    import rulesdb

    db = _db(json_out)
    try:
        entry = db.resolve(entry_id)
    except rulesdb.UnknownIdError as exc:
        _bad(str(exc), json_out)
    data = _entry_json(db, entry)
    if json_out:
        from .output import emit_json

        emit_json(data)
        return
    from rich.markup import escape
    from rich.panel import Panel
    from rich.text import Text

    from .output import console

    out = console()
    body = Text()
    body.append(f"{entry.game} · {entry.section}\n", style="dim")
    if entry.kind == "ruling":
        body.append("Q: ", style="bold")
        body.append(entry.question + "\n")
        body.append("A: ", style="bold")
        body.append(entry.answer)
        if entry.reason:
            body.append("\nWhy: ", style="bold")
            body.append(entry.reason)
        if entry.rules:
            body.append("\nReads: ", style="bold")
            body.append(", ".join(entry.rules))
    else:
        from rulesdb.index import strip_verdict

        if strip_verdict(entry.answer):  # a statement: its Yes/No answered one way of asking
            body.append(strip_verdict(entry.answer) + "\n", style="bold")
        body.append(entry.text)
    if entry.imported:
        body.append(f"\n(imported from {entry.source_file})", style="magenta")
    kind = {"ruling": "ruling", "imported": "imported"}.get(entry.kind, "rule")
    out.print(Panel(body, title=f"[bold]{escape(entry.title)}[/]",
                    subtitle=f"{escape(entry.id)} ({kind})", title_align="left",
                    subtitle_align="right"))
    if data["rulings"]:
        out.print("[bold]Rulings[/]")
        for r in data["rulings"]:
            out.print(f"  [cyan]{escape(r['id'])}[/] {escape(r['title'])}")
            out.print(f"    Q: {escape(r['question'])}")
            out.print(f"    A: {escape(r['answer'])}")
            if r["reason"]:
                out.print(f"    [dim]Why: {escape(r['reason'])}[/]")
    shown = {r["id"] for r in data["rulings"]}
    related = [r for r in data["related"] if r["id"] not in shown]
    if related:
        out.print("[bold]Related[/]")
        for r in related:
            out.print(f"  [cyan]{escape(r['id'])}[/] {escape(r['title'] or '')}")


@app.command("list")
def list_(
    game: Optional[str] = typer.Option(None, "--game", "-g", help=_GAME_HELP),
    json_out: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
) -> None:
    """List the rule entries (of one game), in rulebook order."""
    g = _game(game, json_out)
    db = _db(json_out)
    entries = db.entries(game=g)
    if json_out:
        from .output import emit_json

        emit_json({"game": g, "count": len(entries), "entries": [
            {"id": e.id, "game": e.game, "kind": e.kind, "title": e.title, "section": e.section,
             "imported": e.imported} for e in entries]})
        return
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from .output import console

    out = console()
    if out.width >= 120:  # roomy: one table with the section as a third column
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("id", style="cyan", no_wrap=True)
        table.add_column("title")
        table.add_column("section", style="dim")
        for e in entries:
            mark = " (ruling)" if e.kind == "ruling" else (" (imported)" if e.imported else "")
            table.add_row(escape(e.id), escape(e.title) + mark, escape(e.section))
        out.print(table)
    else:  # a laptop: the section as a heading row over its entries; titles get the room left
        # an id is never split (issue 25: it is what `rules show` is given); when the
        # longest leaves a title too little room, each title goes under its id instead
        longest = max((len(e.id) for e in entries), default=10) + 2
        beside = out.width - longest - 1 >= 24
        table = Table(show_edge=False, pad_edge=False, show_header=False, box=None)
        table.add_column("id", style="cyan", min_width=longest if beside else None)
        if beside:
            table.add_column("title", ratio=1)
        section = object()
        for e in entries:
            if e.section != section:
                section = e.section
                heading = Text(section or "(no section)", style="bold", overflow="fold")
                table.add_row(heading, "") if beside else table.add_row(heading)
            mark = " (ruling)" if e.kind == "ruling" else (" (imported)" if e.imported else "")
            rid = Text("  " + e.id, no_wrap=True, overflow="fold")  # folded only past the screen
            if beside:
                table.add_row(rid, escape(e.title) + mark)
            else:
                table.add_row(rid)
                from rich.padding import Padding

                table.add_row(Padding(Text(e.title + mark, style="default"), (0, 0, 0, 6)))
        out.print(table)
    out.print(f"[dim]{len(entries)} entries[/]")


@app.command("import")
def import_(
    file: Path = typer.Argument(..., help="Your rulebook as a text or markdown file."),
    game: str = typer.Option(..., "--game", "-g", help=_GAME_HELP),
    json_out: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
) -> None:
    """Import your own rulebook text: split at its headings and searchable beside the entries.

    Importing the same file for the same game again replaces it.
    """
    import rulesdb

    g = _game(game, json_out)
    if not file.exists():
        _bad(f"no such file: {file}", json_out)
    if not file.is_file():  # a folder, a FIFO, a device: never opened, never waited on
        _bad(f"cannot read rulebook {file}: not a regular file", json_out)
    db = _db(json_out)
    try:
        sections = db.import_file(file, g)
    except rulesdb.RulesError as exc:
        _bad(str(exc), json_out)
    if json_out:
        from .output import emit_json

        emit_json({"game": g, "file": str(file.resolve()), "count": len(sections),
                   "sections": [{"id": s.id, "title": s.title, "chars": len(s.text)}
                                for s in sections]})
        return
    from rich.markup import escape

    from .output import console

    out = console()
    heads = list(dict.fromkeys(s.title for s in sections))
    out.print(f"Imported {len(sections)} section(s) of {escape(file.name)} for {g} "
              f"({sections[0].id} .. {sections[-1].id}).")
    out.print("[dim]Headings: " + escape(", ".join(heads)) + "[/]")
