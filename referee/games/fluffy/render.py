"""Drawing a Zombies Want Fluffy position with rich: the yard beside a panel.

The yard is drawn as the board file draws it, one cell three characters wide:
``-`` walls, ``~`` bugs, ``=`` the gate; ``♣`` the tree, ``✿`` the flower, ``†`` and two
letters a grave; Fluffy ``F`` and each zombie by two letters (``Ge``, ``Ro``, ``Ca``,
``Ra``), with an arrow for its facing; ``F↑!`` is Fluffy on a zombie's square.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
_EDGE_H = {None: "   ", "wall": "───", "bug": "~~~", "gate": "═══"}


def _cell(board, sq, fluffy=None, zombies=None) -> Text:
    """Three characters for square ``sq``."""
    zombies = zombies or {}
    z = zombies.get(sq)
    if fluffy is not None and fluffy[0] == sq:
        t = Text("F" + ARROWS[fluffy[1]], style="bold yellow")
        t.append("!" if z else " ", style="bold red")  # Fluffy between a zombie's legs
        return t
    if z is not None:
        return Text(f"{z.name[:2]}{ARROWS[z.facing]}", style="bold green")
    if sq == board.tree:
        return Text(" ♣ ", style="green")
    if sq == board.flower:
        return Text(" ✿ ", style="magenta")
    for name, grave in board.graves.items():
        if grave == sq:
            return Text(f"†{name[:2]}", style="dim")
    return Text(" · ", style="dim")


def draw_yard(board, fluffy=None, zombies=None, tree_tagged=False, escaped=False) -> Text:
    """The yard as text.  ``fluffy`` is ``(square, facing)`` or None; ``zombies`` maps
    squares to zombies (objects with ``name`` and ``facing``)."""
    out = Text()
    files = "".join(f" {chr(ord('a') + f)}  " for f in range(board.width))
    out.append("    " + files.rstrip() + "\n", style="dim")
    for rank in range(board.height - 1, -1, -1):
        # the edge line north of this rank
        line = Text("   +")
        for f in range(board.width):
            kind = board.edges.get(((f, rank), "N")) if rank < board.height - 1 else "wall"
            line.append(_EDGE_H[kind], style="red" if kind == "bug" else "bold" if kind else "")
            line.append("+")
        out.append_text(line)
        out.append("\n")
        row = Text(f"{rank + 1:>2} │", style="")
        for f in range(board.width):
            row.append_text(_cell(board, (f, rank), fluffy, zombies))
            east = board.edges.get(((f, rank), "E")) if f < board.width - 1 else "wall"
            row.append("│" if east else " ", style="bold")
        out.append_text(row)
        out.append("\n")
    line = Text("   +")
    for f in range(board.width):
        kind = "gate" if (f, 0) == board.flower else "wall"
        style = ("green" if tree_tagged else "magenta") if kind == "gate" else "bold"
        line.append(_EDGE_H[kind], style=style)
        line.append("+")
    out.append_text(line)
    if escaped:
        out.append("\n   " + " " * (4 * board.flower[0]) + "  F↓  (escaped)", style="bold yellow")
    return out


def render_board(board) -> Group:
    """A board on its own (``referee board check``), with its name and a legend."""
    return Group(Text(board.name, style="bold"), draw_yard(board), Text(_LEGEND, style="dim"))


_LEGEND = "♣ tree  ✿ flower (Fluffy's start)  †Ge grave  ─│ wall  ~~~ bug  ═══ gate"


def _panel(game, clock=None) -> Table:
    from referee.games.fluffy.engine import card_name

    s = game.s
    info = Table.grid(padding=(0, 1))
    info.add_column(style="bold", justify="right")
    info.add_column()
    players = game._tags
    if s.ending:
        who = {"fluffy": "Fluffy wins", "zombies": "the zombies win"}[s.winner]
        from .scoring import ENDINGS

        ending = ENDINGS[s.ending]
        info.add_row("result", Text(f"{who} by {ending}", style="bold"))
    else:
        side = "Fluffy" if s.turn == "fluffy" else "zombies"
        name = players.get("Fluffy" if s.turn == "fluffy" else "Zombies")
        info.add_row("turn", f"{side}{f' ({name})' if name else ''}, turn {s.turn_no}")
        info.add_row("next", game.phase())
    fluffy_hand = s.fluffy_hand
    known = " ".join(fluffy_hand.known_list())
    info.add_row("Fluffy", f"{game.fluffy_at} facing {s.facing}" + ("" if not players.get("Fluffy") else
                                                                    f"  [{players['Fluffy']}]"))
    info.add_row("hand", f"{fluffy_hand.size} card{'s' if fluffy_hand.size != 1 else ''}"
                         + (f" (known: {known})" if known else ""))
    info.add_row("tree", "tagged" if s.tree else "not yet")
    zh = game.to_json()["zombie_hand"]
    zknown = " ".join(zh["known"])
    info.add_row("zombie hand", f"{zh['size']} ({zh['unknown']} face down" + (f", face up: {zknown}" if zknown else "")
                 + ")" + ("" if not players.get("Zombies") else f"  [{players['Zombies']}]"))
    if s.snag and not s.ending:
        info.add_row("may snag", card_name(s.snag))
    info.add_row("draw pile", f"{s.pile} (zombie cards still in it: {4 - len(s.drawn)})")
    zs = ", ".join(f"{z.name} {game.board.sq(z.at)} {z.facing}" for z in s.zombies) or "none"
    info.add_row("zombies", zs)
    if s.aside:
        info.add_row("set aside", ", ".join(s.aside))
    if s.destroyed:
        info.add_row("destroyed", ", ".join(s.destroyed))
    if clock is not None:
        info.add_row("opening clock", Text(clock.text(), style="bold red" if clock.out and clock.running else ""))
    variants = game.variants()
    if variants:
        info.add_row("variants", "; ".join(variants))
    sc = game.score()
    info.add_row("score", f"{sc['total']} (tree {sc['tree']}, zombies {sc['zombies']}, dawn {sc['dawn']}, "
                          f"escape {sc['escape']})")
    return info


def render(game, clock=None):
    """The yard with every piece, beside the panel (below it on a narrow terminal):
    turn, phase, hands, pile, score; ``clock`` is the opening clock, if one is kept
    (:class:`referee.session.Clock`)."""
    from rich.columns import Columns

    s = game.s
    zombies = {z.at: z for z in s.zombies}
    fluffy = (s.fluffy, s.facing) if s.fluffy is not None else None
    yard = draw_yard(game.board, fluffy, zombies, s.tree, escaped=s.fluffy is None)
    return Columns([yard, _panel(game, clock)], padding=(0, 3))


def summary(game) -> str:
    """One line: whose turn and what comes next, or the result and score."""
    s = game.s
    score = game.score()["total"]
    if s.ending:
        who = "Fluffy wins" if s.winner == "fluffy" else "the zombies win"
        return f"Game over: {who} ({s.ending}); Fluffy's score {score}."
    side = "Fluffy's" if s.turn == "fluffy" else "the zombies'"
    zs = ", ".join(f"{z.name} {game.board.sq(z.at)}{z.facing}" for z in s.zombies) or "no zombies"
    return (f"{side.capitalize()} turn ({game.phase()}): Fluffy {game.fluffy_at}{s.facing}, "
            f"hand {s.fluffy_hand.size}; {zs}; pile {s.pile}; score {score}.")
