"""``referee cards``: Zombie Fluxx card catalogues.

``check FILE`` validates a catalogue (layered on the built-in one, as a game would
use it) and lists its cards; ``show NAME`` shows one card of the built-in catalogue
(or of ``--cards FILE`` layered on it)."""

from __future__ import annotations

from typing import Optional

import typer

from referee.cli.output import console, emit_json, guard

app = typer.Typer(no_args_is_help=True, help="Zombie Fluxx card catalogues: check a file, show a card.")

JSON_OPT = typer.Option(False, "--json", help="Print one JSON object on stdout.")


def _load(path: Optional[str]):
    from referee import files
    from referee.games.fluxx import catalogue

    if path is None:
        return catalogue.load(), None
    text = files.read_text(files.resolve(path, None), what="cards")
    own = catalogue.parse_catalogue(text, path)
    return catalogue.load(text, path), own


@app.command("check")
def check(
    path: str = typer.Argument(..., metavar="FILE", help="A catalogue file (TOML, one table a card)."),
    json_out: bool = JSON_OPT,
) -> None:
    """Validate a card catalogue and list its cards (with what they override)."""
    with guard(json_out):
        from referee.games.fluxx import catalogue

        cat, own = _load(path)
        default = catalogue.default_catalogue()
        rows = []
        for card in own:
            rows.append({**card.to_json(),
                         "overrides": default.find(card.name) is not None})
        if json_out:
            emit_json({"file": path, "ok": True, "cards": rows, "total": len(cat),
                       "deck": sum(c.count for c in cat)})
            return
        from rich.table import Table

        out = console()
        table = Table(box=None, header_style="bold", pad_edge=False)
        for col in ("card", "type", "data", ""):
            table.add_column(col)
        for card in own:
            table.add_row(card.name, card.type, card.describe(),
                          "overrides built-in" if default.find(card.name) else "new")
        out.print(f"{path}: {len(own)} card{'s' if len(own) != 1 else ''}, valid; with the built-in "
                  f"catalogue {len(cat)} cards, {sum(c.count for c in cat)} in the deck")
        out.print(table)


@app.command("show")
def show(
    name: str = typer.Argument(..., metavar="NAME", help="A card name (case and punctuation do not matter)."),
    cards: Optional[str] = typer.Option(None, "--cards", metavar="FILE", help="A catalogue layered on the built-in one."),
    json_out: bool = JSON_OPT,
) -> None:
    """Show one card: its type, data and what the rulebook says of it."""
    with guard(json_out):
        cat, _ = _load(cards)
        card = cat.card(name)
        if json_out:
            emit_json(card.to_json())
            return
        out = console()
        out.print(f"[bold]{card.name}[/bold] ({card.type}; {card.source})", highlight=False)
        out.print(card.describe() or "-", markup=False, highlight=False)
        if card.text:
            out.print(card.text, markup=False, highlight=False)
