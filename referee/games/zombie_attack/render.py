"""Drawing a Zombie Attack position with rich: the mansion beside a panel, within 80x24.

The mansion is drawn as its board file draws it, one square two characters wide:
``|`` and ``--`` walls, ``=`` locked doors, ``+`` corners.  An empty room square shows
its room's letter in lower case (``k`` kitchen; the legend names them), a hallway
``.``, the table ``##``, an exit ``fr``, ``bk`` or ``fi``.  Tokens: a human by the
player's initial (``A``), ``A~`` hiding, ``A*`` a zombie player, ``Z`` a zombie
(``ZZ`` two on one square); a square with several tokens shows their first marks.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from referee.grid import square_name

from .board import EXIT_NAMES, Mansion

EXIT_MARK = {"front": "fr", "back": "bk", "fire": "fi"}


def initials(names: list[str]) -> dict[str, str]:
    """One character per player: the initial, or the seat number if initials clash."""
    first = [n[0].upper() for n in names]
    if len(set(first)) == len(first) and "Z" not in first:
        return dict(zip(names, first))
    return {n: str(i + 1) for i, n in enumerate(names)}


def _plain(m: Mansion, sq) -> Text:
    kind = m.kind[sq]
    if kind == "table":
        return Text("##", style="bold")
    if kind == "exit":
        return Text(EXIT_MARK[m.exit_at(sq)], style="bold magenta")
    if kind == "room":
        return Text(m.room[sq].lower() + " ", style="dim cyan")
    return Text(" .", style="dim")


def draw_mansion(m: Mansion, tokens: dict | None = None) -> Text:
    """The mansion as text; ``tokens`` maps squares to a 2-character :class:`Text`."""
    tokens = tokens or {}
    out = Text()
    out.append("   " + "".join(f" {chr(97 + f)} " for f in range(m.width)).rstrip() + "\n", style="dim")
    for rank in range(m.height - 1, -1, -1):
        line = Text("  +")
        for f in range(m.width):
            sq = (f, rank)
            if (sq, "N") in m.open:
                line.append("==" if m.open[(sq, "N")] else "  ", style="bold magenta")
            else:
                line.append("--")
            line.append("+")
        out.append_text(line)
        out.append("\n")
        row = Text(f"{rank + 1:>2}")
        row.append("|")
        for f in range(m.width):
            sq = (f, rank)
            row.append_text(tokens.get(sq) or _plain(m, sq))
            if (sq, "E") in m.open:
                row.append("=" if m.open[(sq, "E")] else " ", style="bold magenta")
            else:
                row.append("|")
        out.append_text(row)
        out.append("\n")
    out.append("  +" + "--+" * m.width)
    return out


def room_legend(m: Mansion, width: int = 32) -> list[Text]:
    """The room letters and names, packed into lines of at most ``width`` characters."""
    lines: list[Text] = []
    cur = Text()
    for letter, name in m.rooms.items():
        item = f"{letter.lower()} {name}"
        if cur.plain and len(cur.plain) + 2 + len(item) > width:
            lines.append(cur)
            cur = Text()
        if cur.plain:
            cur.append("  ")
        cur.append(item, style="cyan")
    if cur.plain:
        lines.append(cur)
    exits = "  ".join(f"{EXIT_MARK[e]} {e} {square_name(m.exits[e])}" for e in EXIT_NAMES)
    lines.append(Text(exits, style="magenta"))
    return lines


_TOKENS = "A human  A~ hiding  A* zombie player  Z zombie"


def render_board(m: Mansion) -> Group:
    """A mansion on its own (``referee board check``), with its name and a legend."""
    return Group(Text(m.name, style="bold"), draw_mansion(m), *room_legend(m, 76),
                 Text("## the dining-room table  = locked door  | -- wall", style="dim"))


def _tokens(game) -> dict:
    s = game.s
    marks = initials(game.players)
    per: dict = {}
    for p in s.players:
        if p.at is None:
            continue
        if p.human:
            t = (marks[p.name] + ("~" if p.hiding else " "), "bold yellow")
        else:
            t = (marks[p.name] + "*", "bold red")
        per.setdefault(p.at, []).append(t)
    for z in s.zombies:
        if z.at is not None:
            per.setdefault(z.at, []).append(("Z ", "bold green"))
    out = {}
    for sq, items in per.items():
        if len(items) == 1:
            out[sq] = Text(items[0][0], style=items[0][1])
        else:
            t = Text()
            t.append(items[0][0][0], style=items[0][1])
            t.append(items[1][0][0] if len(items) == 2 else "+", style=items[1][1])
            out[sq] = t
    return out


def _panel(game) -> Table:
    s = game.s
    m = game.mansion
    marks = initials(game.players)
    info = Table.grid(padding=(0, 1))
    info.add_column(overflow="fold", max_width=33)
    info.add_row(Text(f"Zombie Attack  round {s.round}, {s.phase}", style="bold"))
    if game.over:
        if s.winner == "zombies":
            info.add_row(Text("Every player is a zombie: the zombies win", style="bold red"))
        else:
            info.add_row(Text(f"{s.winner} escapes and wins", style="bold green"))
    else:
        info.add_row(Text(game.phase_text(), style="bold"))
    info.add_row(f"First Mover: {s.players[s.first].name}")
    info.add_row(f"pile {sum(s.pile.values())}  discard {sum(s.discard.values())}  destroyed {s.destroyed}")
    mover = game.mover()
    for i, p in enumerate(s.players):
        cards = ", ".join(p.cards) or "-"
        state = "zombie" if not p.human else ("escaped" if p.escaped else cards)
        at = square_name(p.at) if p.at is not None else "-"
        line = Text("▶" if i == mover else " ")
        line.append(f"{marks[p.name]}", style="bold red" if not p.human else "bold yellow")
        line.append(f" {p.name[:8]:<8} {at:<3} {state}")
        info.add_row(line)
    zs = sorted(square_name(z.at) for z in s.zombies if z.at is not None)
    moving = ""
    if s.phase == "zombies" and not game.over:
        moving = f" ({sum(1 for z in s.zombies if not z.moved)} to move)"
    info.add_row(f"zombies: {' '.join(zs) or 'none'}{moving}")
    for line in room_legend(m, 32):
        info.add_row(line)
    info.add_row(Text("A human A~ hiding A* zombie pl.", style="dim"))
    info.add_row(Text("Z zombie  ## table  = door", style="dim"))
    return info


def render(game, **_extras):
    """The mansion with every token beside the panel: phase, whose move, roll and steps,
    cards, First Mover, pile and discard counts, and the legend."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(draw_mansion(game.mansion, _tokens(game)), _panel(game))
    return grid


def summary(game) -> str:
    """One line: what happens next (or the result) and the counts."""
    s = game.s
    if game.over:
        if s.winner == "zombies":
            return "Game over: every player is a zombie player; the zombies win."
        return f"Game over: {s.winner} escapes and wins (round {s.round})."
    humans = sum(1 for p in s.players if p.human)
    return (f"Round {s.round}, {s.phase}: {game.phase_text()}; First Mover {s.players[s.first].name}; "
            f"{humans} human{'s' if humans != 1 else ''}, {sum(1 for z in s.zombies if z.at is not None)} zombies; "
            f"pile {sum(s.pile.values())}.")
