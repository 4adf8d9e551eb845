"""Drawing a Zombie Attack position with rich: the mansion beside a panel, within 80x24.

The picture picks its layout from the space it is printed in (the console's size, or
``render(game, width=..., height=...)``):

- *full*: the mansion as its board file draws it, one square two characters wide with
  a line of edges between ranks: ``|`` and ``--`` walls, ``=`` locked doors, ``+``
  corners; the legend in the panel.  Needs the mansion's lines and 9 more (the
  summary, the event, its notes and the prompt of ``referee play``).
- *compact* (a laptop's 80x24, issue 25): one line a rank; a wall (``_``) or door
  (``=``) south of a square is written into it, so plain text keeps it; the legend under the mansion.  The 14x10 default mansion takes 13
  lines, the whole picture 16, so the redraw after an event in ``referee play`` (the
  picture, the summary, the event and its notes, the prompt) fits 24 lines.
  An empty room square shows
its room's letter in lower case (``k`` kitchen; the legend names them), a hallway
``.``, the table ``##``, an exit ``fr``, ``bk`` or ``fi``.  Tokens: a human by the
player's initial (``A``), ``A~`` hiding, ``A*`` a zombie player, ``Z`` a zombie
(``ZZ`` two on one square); a square with several tokens shows their first marks.

rich is imported only to draw with it: printed to a pipe, :meth:`Picture.plain_lines`
gives the same lines without rich's console (issue 26: start-up).
"""

from __future__ import annotations

from referee.grid import mark_south, square_name

from .board import EXIT_NAMES, Mansion

EXIT_MARK = {"front": "fr", "back": "bk", "fire": "fi"}


def _text_class(plain: bool = False):
    """rich's ``Text``, or :class:`referee.plaintext.PlainText` (the same calls, no
    styles) for a picture printed to a pipe without importing rich's console."""
    if plain:
        from referee.plaintext import PlainText

        return PlainText
    from rich.text import Text

    return Text


def initials(names: list[str]) -> dict[str, str]:
    """One character per player: the initial, or the seat number if initials clash."""
    first = [n[0].upper() for n in names]
    if len(set(first)) == len(first) and "Z" not in first:
        return dict(zip(names, first))
    return {n: str(i + 1) for i, n in enumerate(names)}


def _plain(m: Mansion, sq, plain: bool = False):
    Text = _text_class(plain)
    kind = m.kind[sq]
    if kind == "table":
        return Text("##", style="bold")
    if kind == "exit":
        return Text(EXIT_MARK[m.exit_at(sq)], style="bold magenta")
    if kind == "room":
        return Text(m.room[sq].lower() + " ", style="dim cyan")
    return Text(" .", style="dim")


def draw_mansion(m: Mansion, tokens: dict | None = None, plain: bool = False):
    """The mansion as text; ``tokens`` maps squares to a 2-character :class:`Text`
    (``plain``: of :class:`referee.plaintext.PlainText`)."""
    Text = _text_class(plain)
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
            row.append_text(tokens.get(sq) or _plain(m, sq, plain))
            if (sq, "E") in m.open:
                row.append("=" if m.open[(sq, "E")] else " ", style="bold magenta")
            else:
                row.append("|")
        out.append_text(row)
        out.append("\n")
    out.append("  +" + "--+" * m.width)
    return out


def draw_compact(m: Mansion, tokens: dict | None = None, plain: bool = False):
    """The mansion in one line a rank, as :func:`draw_mansion` draws its ranks without
    the lines between them: a wall or a door south of a square is written into the
    square (:func:`referee.grid.mark_south`: ``_`` or ``=`` in its free second
    character, else a combining mark under it), and a wall is underlined in colour too
    (a locked door is the exit square's one open side, so it is not marked).  ``plain``:
    of :class:`referee.plaintext.PlainText`, without the underlining."""
    Text = _text_class(plain)
    tokens = tokens or {}
    out = Text()
    out.append("   " + "".join(f" {chr(97 + f)} " for f in range(m.width)).rstrip() + "\n", style="dim")
    out.append("  +" + "--+" * m.width + "\n")
    for rank in range(m.height - 1, -1, -1):
        row = Text(f"{rank + 1:>2}")
        row.append("|")
        for f in range(m.width):
            sq = (f, rank)
            cell = (tokens.get(sq) or _plain(m, sq, plain)).copy()
            edge = None if rank == 0 else "wall" if (sq, "S") not in m.open else (
                "door" if m.open[(sq, "S")] else None)
            cell.plain = mark_south(cell.plain, edge)  # plain text keeps the mark
            if edge == "wall" and not plain:
                cell.stylize("underline")
            row.append_text(cell)
            if (sq, "E") in m.open:
                row.append("=" if m.open[(sq, "E")] else " ", style="bold magenta")
            else:
                south = rank > 0 and (sq, "S") not in m.open and f < m.width - 1 \
                    and ((f + 1, rank), "S") not in m.open
                row.append("|", style="underline" if south else "")
        out.append_text(row)
        out.append("\n")
    out.append("  +" + "--+" * m.width)
    return out


def room_legend(m: Mansion, width: int = 32, exits: bool = True, more: tuple = (), plain: bool = False) -> list:
    """The room letters and names, then the ``more`` items (dim), packed into lines of
    at most ``width`` characters, then (``exits``) a line naming the exits; each a
    rich ``Text`` (``plain``: a :class:`referee.plaintext.PlainText`)."""
    Text = _text_class(plain)
    lines: list = []
    cur = Text()
    items = [(f"{letter.lower()} {name}", "cyan") for letter, name in m.rooms.items()]
    for item, style in items + [(i, "dim") for i in more]:
        if cur.plain and len(cur.plain) + 2 + len(item) > width:
            lines.append(cur)
            cur = Text()
        if cur.plain:
            cur.append("  ")
        cur.append(item, style=style)
    if cur.plain:
        lines.append(cur)
    if not exits:
        return lines
    exits = "  ".join(f"{EXIT_MARK[e]} {e} {square_name(m.exits[e])}" for e in EXIT_NAMES)
    lines.append(Text(exits, style="magenta"))
    return lines


_TOKENS = "A human  A~ hiding  A* zombie player  Z zombie"


def render_board(m: Mansion):
    """A mansion on its own (``referee board check``), with its name and a legend."""
    from rich.console import Group
    from rich.text import Text

    return Group(Text(m.name, style="bold"), draw_mansion(m), *room_legend(m, 76),
                 Text("## the dining-room table  = locked door  | -- wall", style="dim"))


def _tokens(game, plain: bool = False) -> dict:
    Text = _text_class(plain)
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


def _panel_rows(game, compact: bool = False) -> list[tuple[str, str, bool]]:
    """The panel's rows: ``(text, style, markup)``; a row with ``markup`` is a string
    rich reads markup in (as ``Table.add_row`` of a string does), the others are
    ``Text``."""
    s = game.s
    m = game.mansion
    marks = initials(game.players)
    rows = [(f"Zombie Attack  round {s.round}, {s.phase}", "bold", False)]
    if game.over:
        if s.winner == "zombies":
            rows.append(("Every player is a zombie: the zombies win", "bold red", False))
        else:
            rows.append((f"{s.winner} escapes and wins", "bold green", False))
    elif not compact:            # compact: the summary under the picture says it
        rows.append((game.phase_text(), "bold", False))
    rows.append((f"First Mover: {s.players[s.first].name}", "", True))
    rows.append((f"pile {sum(s.pile.values())}  discard {sum(s.discard.values())}  destroyed {s.destroyed}",
                 "", True))
    mover = game.mover()
    for i, p in enumerate(s.players):
        cards = ", ".join(p.cards) or "-"
        state = "out" if p.out else "zombie" if not p.human else ("escaped" if p.escaped else cards)
        at = square_name(p.at) if p.at is not None else "-"
        rows.append((("▶" if i == mover else " ") + f"{marks[p.name]} {p.name[:8]:<8} {at:<3} {state}",
                     f"player{i}", False))
    zs = sorted(square_name(z.at) for z in s.zombies if z.at is not None)
    moving = ""
    if s.phase == "zombies" and not game.over and not compact:
        moving = f" ({sum(1 for z in s.zombies if not z.moved)} to move)"
    rows.append((f"zombies: {' '.join(zs) or 'none'}{moving}", "", True))
    if compact:                  # the room and token legend go under the mansion
        rows.append(("exits: " + "  ".join(f"{EXIT_MARK[e]} {square_name(m.exits[e])}" for e in EXIT_NAMES),
                     "magenta", False))
        rows.append(("A~ hiding A* zombie pl. Z zombie", "dim", False))
        return rows
    for line in room_legend(m, 32, plain=True):
        rows.append((line.plain, "legend", False))
    rows.append(("A human A~ hiding A* zombie pl.", "dim", False))
    rows.append(("Z zombie  ## table  = door", "dim", False))
    return rows


def _panel(game, compact: bool = False):
    from rich.table import Table
    from rich.text import Text

    s = game.s
    info = Table.grid(padding=(0, 1))
    info.add_column(overflow="fold", max_width=33)
    legend = iter(room_legend(game.mansion, 32)) if not compact else iter(())
    for text, style, markup in _panel_rows(game, compact):
        if markup:
            info.add_row(text)
        elif style.startswith("player"):
            p = s.players[int(style.removeprefix("player"))]
            line = Text(text[0])
            line.append(text[1], style="bold red" if not p.human else "bold yellow")
            line.append(text[2:])
            info.add_row(line)
        elif style == "legend":
            info.add_row(next(legend))
        else:
            info.add_row(Text(text, style=style))
    return info


#: Lines ``referee play`` prints after the picture: the summary, the event, its notes
#: (up to five) and the prompt.
AFTER = 9


def full_height(m: Mansion) -> int:
    """Lines of the full mansion drawing: the file letters, two a rank, the bottom border."""
    return 2 * m.height + 2


class Picture:
    """The position as a rich renderable that lays itself out for the space it gets:
    full when the console has room for the full mansion and :data:`AFTER` more lines,
    compact otherwise."""

    def __init__(self, game, width: int | None = None, height: int | None = None) -> None:
        self.game, self.width, self.height = game, width, height

    def compact(self, height: int) -> bool:
        return height < full_height(self.game.mansion) + AFTER

    def __rich_console__(self, console, options):
        from rich.console import Group
        from rich.constrain import Constrain
        from rich.table import Table

        width = self.width or options.max_width
        height = self.height or options.height or console.height
        game = self.game
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        if not self.compact(height):
            grid.add_row(draw_mansion(game.mansion, _tokens(game)), _panel(game))
            yield Constrain(grid, width)
            return
        grid.add_row(draw_compact(game.mansion, _tokens(game)), _panel(game, compact=True))
        legend = room_legend(game.mansion, width - 1, exits=False,
                             more=("= door", "_ wall south"))
        yield Constrain(Group(grid, *legend), width)

    def plain_lines(self, width: int, height: int) -> list[str] | None:
        """The lines rich prints for the picture on a console of ``width`` x ``height``
        that writes no styles (stdout not a terminal), built without rich's console; None
        when only rich can be sure of them: the panel squeezed under 6 columns, a mansion
        wider than the space, a row rich would read markup or an emoji code in."""
        from rich.cells import cell_len

        from referee.cli import plain

        game = self.game
        own = self.width or width
        room = min(own, width)  # rich's Constrain
        compact = self.compact(self.height or height)
        draw = draw_compact if compact else draw_mansion
        left = [line.plain for line in draw(game.mansion, _tokens(game, plain=True), plain=True).split("\n")]
        rows = _panel_rows(game, compact=compact)
        if not all(plain.safe(text, markup) for text, _style, markup in rows + [(t, "", False) for t in left]):
            return None
        # the grid: Table.grid(padding=(0, 1)) of the mansion (no_wrap) and the panel
        # (one column, max_width 33); the padding collapses to one space between them
        mansion = max(cell_len(line) for line in left)
        panel = min(max(cell_len(line) for text, _s, _m in rows for line in text.splitlines()), 33)
        inner = min(panel, room - mansion - 1)  # rich narrows the panel (the mansion never wraps)
        if inner < 6:
            return None
        right = [line for text, _s, _m in rows for line in plain.wrap(text, inner, overflow="fold", justify="left")]
        out = []
        for i in range(max(len(left), len(right))):
            a = left[i] if i < len(left) else ""
            b = right[i] if i < len(right) else " " * inner
            out.append(a + " " * (mansion - cell_len(a)) + " " + b)
        if compact:
            for line in room_legend(game.mansion, own - 1, exits=False, more=("= door", "_ wall south"),
                                    plain=True):
                lines = plain.text_lines(line.plain, room, markup=False)
                if lines is None:
                    return None
                out += lines
        return out


def render(game, width: int | None = None, height: int | None = None, **_extras):
    """The mansion with every token beside the panel: phase, whose move, roll and steps,
    cards, First Mover, pile and discard counts, and the legend.  The layout (full or
    compact) follows ``width`` x ``height``, by default the console's size."""
    return Picture(game, width, height)


def summary(game) -> str:
    """One line: what happens next (or the result) and the counts."""
    s = game.s
    if game.over:
        if s.winner == "zombies":
            return "Game over: every player is a zombie player; the zombies win."
        return f"Game over: {s.winner} escapes and wins (round {s.round})."
    # one line of 80 columns (the panel shows the rest: issue 25)
    what = f"Round {s.round}, {s.phase}: {game.phase_text()}"
    if len(what) > 66:
        what = what.split(" (")[0]
    return f"{what}; pile {sum(s.pile.values())}."
