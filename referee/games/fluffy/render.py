"""Drawing a Zombies Want Fluffy position with rich: the yard beside a panel.

The picture picks its layout from the space it is printed in (the console's width
and height, or ``render(game, width=..., height=...)``):

- *full*: the yard as the board file draws it, one cell three characters wide with a
  line of edges between ranks (``───`` wall, ``~~~`` bug, ``═══`` gate), the panel
  beside it or below it.  Needs about 100x32.
- *compact* (a laptop's 80x24): one line a rank, two characters a square and one for
  the wall east of it; a wall south of a square is ``_`` in its free second character
  (else a combining low line under both), a bug ``≈`` (else a combining tilde below),
  both also underlined in colour; the gate is ``══`` in the bottom border.  The 12x12 default yard and its panel fit in 80x24.

Marks: ``♣`` the tree, ``✿`` the flower, ``†`` and a letter a grave; Fluffy ``F`` and
each zombie by one letter (``G`` George, ``R`` Romero, ``C`` Campbell, ``A`` Raimi),
with an arrow for its facing.  A piece on the tree or the flower keeps the square's
mark as its background colour, and the panel says where it stands.  The legend under
the picture says all this in one or two lines.
"""

from __future__ import annotations

from referee.grid import mark_south


def _text_class(plain: bool = False):
    """rich's ``Text``, or :class:`referee.plaintext.PlainText` (the same calls, no
    styles) for a picture printed to a pipe without importing rich's console."""
    if plain:
        from referee.plaintext import PlainText

        return PlainText
    from rich.text import Text

    return Text

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
_EDGE_H = {None: "   ", "wall": "───", "bug": "~~~", "gate": "═══"}
_ON = {"tree": "on dark_green", "flower": "on magenta"}

#: Full and compact yard sizes: columns and lines for a board ``w`` x ``h``.
def _full_size(w: int, h: int) -> tuple[int, int]:
    return 4 + 4 * w, 2 + 2 * h + 1


def _compact_size(w: int, h: int) -> tuple[int, int]:
    return 3 + 3 * w, 3 + h


def zombie_letters(names) -> dict[str, str]:
    """One distinct capital letter a zombie: its first, else its first letter not taken.

    >>> zombie_letters(["George", "Romero", "Campbell", "Raimi"])
    {'George': 'G', 'Romero': 'R', 'Campbell': 'C', 'Raimi': 'A'}
    """
    out: dict[str, str] = {}
    for name in names:
        for ch in name.upper():
            if ch.isalpha() and ch not in out.values():
                out[name] = ch
                break
        else:
            out[name] = name[:1].upper() or "?"
    return out


def _letters(board) -> dict[str, str]:
    return zombie_letters(list(board.graves))


def _square_kind(board, sq) -> str | None:
    if sq == board.tree:
        return "tree"
    if sq == board.flower:
        return "flower"
    return None


# -- the full yard (a roomy terminal, and `referee board check`) ---------------------------

def _cell(board, sq, fluffy=None, zombies=None, plain: bool = False):
    """Three characters for square ``sq`` (a rich ``Text``; plain text with ``plain``);
    a piece on the tree or flower keeps the square's colour as its background."""
    Text = _text_class(plain)
    zombies = zombies or {}
    z = zombies.get(sq)
    under = _ON.get(_square_kind(board, sq) or "", "")
    if fluffy is not None and fluffy[0] == sq:
        t = Text("F" + ARROWS[fluffy[1]], style=f"bold yellow {under}".strip())
        t.append("!" if z else " ", style=f"bold red {under}".strip())  # Fluffy between a zombie's legs
        return t
    if z is not None:
        return Text(f"{z.name[:2]}{ARROWS[z.facing]}", style=f"bold green {under}".strip())
    if sq == board.tree:
        return Text(" ♣ ", style="green")
    if sq == board.flower:
        return Text(" ✿ ", style="magenta")
    for name, grave in board.graves.items():
        if grave == sq:
            return Text(f"†{name[:2]}", style="dim")
    return Text(" · ", style="dim")


def draw_yard(board, fluffy=None, zombies=None, tree_tagged=False, escaped=False, plain: bool = False):
    """The yard as a rich ``Text`` (plain text with ``plain``), full size.  ``fluffy``
    is ``(square, facing)`` or None; ``zombies`` maps squares to zombies (objects with
    ``name`` and ``facing``)."""
    Text = _text_class(plain)
    out = Text()
    files = "".join(f" {chr(ord('a') + f)}  " for f in range(board.width))
    out.append("    " + files.rstrip() + "\n", style="dim")
    for rank in range(board.height - 1, -1, -1):
        line = Text("   +")
        for f in range(board.width):
            kind = board.edges.get(((f, rank), "N")) if rank < board.height - 1 else "wall"
            line.append(_EDGE_H[kind], style="red" if kind == "bug" else "bold" if kind else "")
            line.append("+")
        out.append_text(line)
        out.append("\n")
        row = Text(f"{rank + 1:>2} │", style="")
        for f in range(board.width):
            row.append_text(_cell(board, (f, rank), fluffy, zombies, plain))
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


# -- the compact yard (80x24) --------------------------------------------------------------

def draw_compact(board, fluffy=None, zombies=None, tree_tagged=False, escaped=False, plain: bool = False):
    """The yard in one line a rank (a rich ``Text``; plain text with ``plain``): two
    characters a square, then ``│`` for a wall east of it (or a space); a wall or bug
    south of a square is written into it by :func:`referee.grid.mark_south` (plain
    text keeps it) and underlined in colour."""
    Text = _text_class(plain)
    zombies = zombies or {}
    letters = _letters(board)
    graves = {sq: name for name, sq in board.graves.items()}
    out = Text()
    out.append("   " + "".join(f"{chr(ord('a') + f)}  " for f in range(board.width)).rstrip() + "\n",
               style="dim")
    out.append("  ┌" + "─" * (3 * board.width - 1) + "┐\n", style="bold")
    for rank in range(board.height - 1, -1, -1):
        row = Text(f"{rank + 1:>2}")
        row.append("│", style="bold")
        for f in range(board.width):
            sq = (f, rank)
            south = board.edges.get((sq, "S")) if rank > 0 else None
            line = " underline" if south in ("wall", "bug") else ""
            line += " red" if south == "bug" else ""
            under = _ON.get(_square_kind(board, sq) or "", "")
            z = zombies.get(sq)
            if fluffy is not None and fluffy[0] == sq:
                text, style = "F" + ARROWS[fluffy[1]], "bold yellow" + (" reverse" if z else "")
            elif z is not None:
                text, style = letters.get(z.name, z.name[:1]) + ARROWS[z.facing], "bold green"
            elif sq == board.tree:
                text, style, under = "♣ ", "green", ""
            elif sq == board.flower:
                text, style, under = "✿ ", "magenta", ""
            elif sq in graves:
                text, style = "†" + letters.get(graves[sq], "?"), "dim"
            else:
                text, style = "· ", "dim"
            text = mark_south(text, south)
            if line and style == "dim":
                style = ""
            row.append(text, style=f"{style}{line} {under}".strip())
            east = board.edges.get((sq, "E")) if f < board.width - 1 else "wall"
            row.append("│" if east else " ", style="bold")
        out.append_text(row)
        out.append("\n")
    bottom = Text("  └", style="bold")
    for f in range(board.width):
        if (f, 0) == board.flower:
            if escaped:
                bottom.append("F↓", style="bold yellow")
            else:
                bottom.append("══", style="green" if tree_tagged else "magenta")
        else:
            bottom.append("──", style="bold")
        bottom.append("─" if f < board.width - 1 else "┘", style="bold")
    out.append_text(bottom)
    return out


def legend(board, compact: bool) -> str:
    """The marks of the picture in words (one or two lines at 80 columns)."""
    names = " ".join(f"{letter} {name}" for name, letter in _letters(board).items())
    if compact:
        return ("♣ tree ✿ flower †G grave F Fluffy " + names + " ↑ facing\n"
                "│ wall east  _ or underlined: wall south  ≈ or red: bug south  ══ gate")
    return ("♣ tree  ✿ flower (Fluffy's start)  †Ge grave  ─│ wall  ~~~ bug  ═══ gate  "
            "F Fluffy; zombies by two letters; arrows face; F↑! Fluffy on a zombie's square")


def render_board(board):
    """A board on its own (``referee board check``), with its name and a legend: a rich ``Group``."""
    from rich.console import Group
    from rich.text import Text

    return Group(Text(board.name, style="bold"), draw_yard(board), Text(_LEGEND, style="dim"))


_LEGEND = "♣ tree  ✿ flower (Fluffy's start)  †Ge grave  ─│ wall  ~~~ bug  ═══ gate"


# -- the panel --------------------------------------------------------------------------------

def hints(game) -> list[tuple[str, str]]:
    """What the player to move may do that is easy to forget, each as ``(words,
    event)`` where ``event`` is one of ``game.legal_events()`` (so a hint is never an
    event the referee would then refuse)."""
    if game.over:
        return []
    from referee.games.fluffy.engine import card_name

    legal = [o.text for o in game.legal_events()]
    out: list[tuple[str, str]] = []
    if "snag" in legal and game.s.snag:
        out.append((f"snag {card_name(game.s.snag)}", "snag"))
    sprint = next((t for t in legal if t.split(" ", 1)[0] == "sprint"), None)
    if sprint is not None:
        out.append(("sprint (an extra Move Forward)", sprint))
    return out


def cards_text(cards: list[str]) -> str:
    """Cards in a short form: ``F×3 L`` for ``F F F L``.

    >>> cards_text(["F", "F", "F", "L"])
    'F×3 L'
    """
    from collections import Counter

    counts = Counter(cards)
    return " ".join(c if n == 1 else f"{c}×{n}" for c, n in counts.items())


def discard_pile(game) -> tuple[int, list[str]]:
    """The discard pile: how many cards, and those whose identity the referee knows."""
    from collections import Counter

    s = game.s
    deck = s.count.composition  # the deck as corrected by any `deck` event
    total = sum(deck.values()) + len(game.board.graves)
    size = total - s.pile - s.fluffy_hand.size - s.zombie_hand.size - len(s.drawn)
    known = Counter(s.count.seen) - Counter(s.fluffy_hand.known) - Counter(s.zombie_hand.known)
    cards = [c for c in sorted(known.elements()) if c in deck]
    return max(size, 0), cards


def _sprint_line(game, shown_hints) -> str:
    s = game.s
    if s.turn != "fluffy" or game.over:
        return "on Fluffy's turn"
    if any(t.split(" ", 1)[0] == "sprint" for _, t in shown_hints):
        return "yes, now"
    if s.sprinted:
        return "done this turn"
    if not s.zombies:
        return "no (no zombie out)"
    return "once his hand is played out"


_SHORT_VARIANTS = (("Fluffy's hand size", "hand size"), ("zombie cards move one or more zombies", "some zombies move"),
                   ("zombie hand face down", "zombie hand hidden"), ("Fluffy's hand face up", "open hand"),
                   ("opening clock", "clock"))


def _short_variant(text: str) -> str:
    for long, short in _SHORT_VARIANTS:
        if text.startswith(long):
            return short + text[len(long):]
    return text


class Rows:
    """The panel's rows (label, value), laid out by hand: a right-aligned bold label
    and the value wrapped beside it.  (A rich table measures every cell twice over;
    the panel is redrawn after every event, so this keeps the redraw fast.)  Values
    are rich ``Text``, or plain text with ``plain``."""

    def __init__(self, plain: bool = False) -> None:
        self.rows: list = []
        self.Text = _text_class(plain)

    def add_row(self, label: str, value) -> None:
        Text = self.Text
        self.rows.append((label, value if isinstance(value, Text) else Text(str(value))))

    def lines(self, console, width: int) -> list:
        """The panel as lines at most ``width`` cells wide."""
        Text = self.Text
        if not self.rows:
            return []
        lw = max(len(label) for label, _ in self.rows)
        out: list[Text] = []
        for label, value in self.rows:
            for i, part in enumerate(value.wrap(console, max(8, width - lw - 1))):
                line = Text(label.rjust(lw) if i == 0 else " " * lw, style="bold")
                line.append(" ")
                line.append_text(part)
                out.append(line)
        return out

    def __rich_console__(self, console, options):
        yield self.Text("\n").join(self.lines(console, options.max_width))


def _panel(game, clock=None, compact: bool = False, plain: bool = False) -> Rows:
    """The panel: whose turn and what comes next, this turn's plays and the sprint,
    hands, piles, pieces, hints (legal events), variants and score.  ``compact`` keeps
    every row short enough for the 38 columns beside the compact yard; ``plain``
    builds it of plain text."""
    Text = _text_class(plain)
    from referee.games.fluffy.engine import ZOMBIE_PLAYS

    s = game.s
    shown_hints = hints(game)  # legal_events once for the whole panel
    info = Rows(plain)
    players = game._tags
    if s.ending:
        who = {"fluffy": "Fluffy wins", "zombies": "the zombies win"}[s.winner]
        from .scoring import ENDINGS

        info.add_row("result", Text(f"{who} by {ENDINGS[s.ending]}", style="bold"))
    else:
        side = "Fluffy" if s.turn == "fluffy" else "zombies"
        name = players.get("Fluffy" if s.turn == "fluffy" else "Zombies")
        info.add_row("turn", f"{side}{f' ({name})' if name else ''}, turn {s.turn_no}")
        info.add_row("next", game.phase())
        if s.turn == "fluffy":
            info.add_row("played", f"{s.plays} of {game.rules.plays_per_turn} this turn")
            info.add_row("sprint", _sprint_line(game, shown_hints))
        else:
            info.add_row("played", f"{s.zplays} of {ZOMBIE_PLAYS} zombie cards"
                                   + ("" if s.shambled else "; shamble first"))
    on = _square_kind(game.board, s.fluffy) if s.fluffy is not None else None
    face = f"{s.facing}" if compact else f"facing {s.facing}"
    info.add_row("Fluffy", f"{game.fluffy_at} {face}" + (f", on the {on}" if on else "")
                 + ("" if not players.get("Fluffy") or compact else f"  [{players['Fluffy']}]")
                 )
    info.add_row("tree", "tagged" if s.tree else "not yet")
    hand = s.fluffy_hand
    known = cards_text(hand.known_list())
    info.add_row("hand", f"{hand.size} card{'s' if hand.size != 1 else ''}"
                         + (f" (known: {known})" if known else ""))
    zh = game.to_json()["zombie_hand"]
    zknown = cards_text(zh["known"])
    hidden = "hidden" if compact else "face down"
    info.add_row("zmb hand" if compact else "zombie hand", f"{zh['size']} ({zh['unknown']} {hidden}" + (f"; up: {zknown}" if zknown else "")
                 + ")" + ("" if not players.get("Zombies") or compact else f"  [{players['Zombies']}]"))
    info.add_row("draw pile", f"{s.pile} ({4 - len(s.drawn)} zombie{'s' if compact else ' cards'} in it)")
    size, cards = discard_pile(game)
    info.add_row("discards", f"{size}" + (f" (seen: {cards_text(cards)})" if cards else ""))
    if s.zombies:
        pieces = []
        for z in s.zombies:
            mark = _square_kind(game.board, z.at)
            pieces.append(f"{z.name} {game.board.sq(z.at)}{z.facing}" + (f" ({mark})" if mark else ""))
        info.add_row("zombies", ", ".join(pieces))
    elif not compact:
        info.add_row("zombies", "none on the board")
    if s.aside:
        info.add_row("set aside", ", ".join(s.aside))
    if s.destroyed:
        info.add_row("destroyed", ", ".join(s.destroyed))
    for words, _event in shown_hints:
        info.add_row("may", Text(words, style="bold cyan"))
    if clock is not None:
        info.add_row("clock" if compact else "opening clock",
                     Text(clock.text(), style="bold red" if clock.out and clock.running else ""))
    variants = game.variants()
    if variants:
        info.add_row("variants", "; ".join(_short_variant(v) if compact else v for v in variants))
    sc = game.score()
    if compact:
        info.add_row("score", f"{sc['total']} (tree {sc['tree']} zmb {sc['zombies']} dawn {sc['dawn']} "
                              f"esc {sc['escape']})")
    else:
        info.add_row("score", f"{sc['total']} (tree {sc['tree']}, zombies {sc['zombies']}, dawn {sc['dawn']}, "
                              f"escape {sc['escape']})")
    return info


# -- the picture ------------------------------------------------------------------------------

class Picture:
    """The position as a rich renderable that lays itself out for the space it gets."""

    def __init__(self, game, clock=None, width: int | None = None, height: int | None = None) -> None:
        self.game, self.clock, self.width, self.height = game, clock, width, height

    def layout(self, width: int, height: int) -> str:
        """``full-beside``, ``full-below``, ``compact-beside`` or ``compact-below``."""
        b = self.game.board
        fw, fh = _full_size(b.width, b.height)
        cw, _ch = _compact_size(b.width, b.height)
        if width >= fw + 3 + 44 and height >= fh + 4:
            return "full-beside"
        if width >= cw + 2 + 30:
            return "compact-beside"
        return "compact-below"

    def _parts(self, console, width: int, height: int, plain: bool = False, room: int = 0) -> list:
        """What the picture prints, top to bottom, laid out for ``width`` x ``height``:
        the body (the yard and the panel side by side as one unwrapped text, or the
        yard then the panel) and the legend; rich renderables, or plain text with
        ``plain`` (the panel below the yard then wrapped to ``room`` columns, the
        width it is printed in)."""
        Text = _text_class(plain)
        game, s = self.game, self.game.s
        zombies = {z.at: z for z in s.zombies}
        fluffy = (s.fluffy, s.facing) if s.fluffy is not None else None
        kind = self.layout(width, height)
        compact = kind.startswith("compact")
        draw = draw_compact if compact else draw_yard
        yard = draw(game.board, fluffy, zombies, s.tree, escaped=s.fluffy is None, plain=plain)
        panel = _panel(game, self.clock, compact=compact, plain=plain)
        if kind.endswith("beside"):  # the yard's lines and the panel's, side by side
            left = yard.split("\n")
            yw = max(line.cell_len for line in left)
            right = panel.lines(console, max(20, width - yw - 2))
            body = Text()
            for i in range(max(len(left), len(right))):
                line = left[i].copy() if i < len(left) else Text()
                line.pad_right(yw - line.cell_len)
                if i < len(right):
                    line.append("  ")
                    line.append_text(right[i])
                body.append_text(line)
                if i < max(len(left), len(right)) - 1:
                    body.append("\n")
            body.no_wrap = True
            parts = [body]
        else:
            parts = [yard, Text("\n").join(panel.lines(console, room)) if plain else panel]
        return parts + [Text(legend(game.board, compact), style="dim")]

    def __rich_console__(self, console, options):
        from rich.console import Group
        from rich.constrain import Constrain

        width = self.width or options.max_width
        height = self.height or options.height or console.height
        yield Constrain(Group(*self._parts(console, width, height)), width)

    def plain_lines(self, width: int, height: int) -> list[str]:
        """The lines rich prints for the picture on a console of ``width`` x ``height``
        that writes no styles (stdout not a terminal), built without rich's console."""
        room = min(self.width or width, width)  # rich's Constrain
        parts = self._parts(None, self.width or width, self.height or height, plain=True, room=room)
        return [line for part in parts for line in part.lines(room)]


def render(game, clock=None, width: int | None = None, height: int | None = None):
    """The yard with every piece, beside the panel (below it on a narrow terminal):
    turn, phase, cards played this turn and whether Fluffy may sprint, hands, piles,
    score, and hints (each a legal event); ``clock`` is the opening clock, if one is
    kept.  The layout follows ``width`` x ``height``, by default the console's size."""
    return Picture(game, clock, width, height)


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
