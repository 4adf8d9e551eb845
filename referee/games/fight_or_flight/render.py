"""Drawing a Zombie Fight or Flight game with rich: the weeks as rows of seven cards,
the recovery state, the five-day count, the direction of play, the hands and the deck.

The picture lays itself out for the space it is printed in (``render(game, width=...,
height=...)``, by default the console's size): card names in full from 100 columns,
else five-letter names with a legend; when the weeks and the players do not all fit
in the height, the earliest weeks are folded into one line.

rich is imported only to print with it: printed to a pipe, ``Picture.plain_lines``
gives the same lines without it (issue 26: start-up of ``show`` and ``move``).
"""

from __future__ import annotations

from referee.games.fight_or_flight.engine import (
    BACKTRACK, COMBAT, EVADE, FIGHT_FREE_NEEDED, FIGHTS, FIRST_COUNTING_DAY, FLEE, FLIGHTS,
    HEAL, PROVISION, RECOVERY, REST, SKIRMISH, THE_END, WEEK, Game,
)

#: Short card names for a narrow terminal (at most five letters).
SHORT = {SKIRMISH: "Skirm", COMBAT: "Comb", BACKTRACK: "Backt", EVADE: "Evade", FLEE: "Flee",
         HEAL: "Heal", REST: "Rest", PROVISION: "Prov", THE_END: "End"}


def card_style(card: str) -> str:
    """The rich style of a card: Fight red, Flight yellow, Recovery green, Provision blue."""
    if card in FIGHTS:
        return "bold red"
    if card in FLIGHTS:
        return "yellow"
    if card in RECOVERY:
        return "green"
    if card == PROVISION:
        return "bold blue"
    if card == THE_END:
        return "bold magenta"
    return ""


def _weeks_cells(game: Game, short: bool = False, first: int = 1):
    """The weeks table as data: the header and the rows, each cell ``(text, style)``."""
    header = ["wk" if short else "week", *((f"d{d}" if short else f"day {d}") for d in range(1, WEEK + 1)), ""]
    rows = []
    for w, row in enumerate(game.weeks() or [[]], start=1):
        if w < first:
            continue
        cells = [(SHORT[card] if short else card, card_style(card)) for _, card in row]
        cells += [("·", "dim")] * (WEEK - len(cells))
        fed = any(card == PROVISION for _, card in row)
        mark = ("fed", "blue") if fed else ("no Prov yet" if short else "no Provision yet", "dim")
        if len(row) == WEEK and not fed:
            mark = ("hunger", "bold red")
        rows.append([(str(w), None), *cells, mark])
    return header, rows


def _weeks(game: Game, short: bool = False, first: int = 1):
    """The weeks from week ``first`` on, one row of seven cards each (a rich ``Table``)."""
    return _table("weeks", *_weeks_cells(game, short, first))


def _table(kind: str, header: list[str], rows: list[list[tuple]]):
    """The rich ``Table`` of the weeks or the hands (``kind``) from their cells; a cell
    whose style is None is a string (rich reads markup in it), the others ``Text``."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for i, name in enumerate(header):
        if kind == "weeks" and i == 0:
            table.add_column(name, justify="right")
        elif kind == "weeks" and i < len(header) - 1:
            table.add_column(name, no_wrap=True)
        else:
            table.add_column(name)
    for row in rows:
        table.add_row(*(text if style is None else Text(text, style=style) for text, style in row))
    return table


def recovery_line(game: Game) -> str:
    """The recovery state in words, with what it still needs."""
    if game.recovering is None:
        return "not recovering"
    need = game.recovery_needed()
    what = f"{need} more Recovery card{'s' if need != 1 else ''}"
    if game.recovering == "combat" and game.recovery_heals == 0:
        what += " (a Heal among them)" if need > 1 else " (a Heal)"
    return (f"recovering from a {game.recovering.capitalize()}: {game.recovery_cards} played, "
            f"{what} needed; only Provision, Heal or Rest"
            + (" or a second Skirmish" if game.recovering == "skirmish" else ""))


def recovery_short(game: Game) -> str:
    """The recovery state in at most about 75 characters (a narrow terminal)."""
    if game.recovering is None:
        return "not recovering"
    need = game.recovery_needed()
    heal = " (a Heal among them)" if game.recovering == "combat" and game.recovery_heals == 0 else ""
    return (f"recovering from a {game.recovering.capitalize()}: {need} more Recovery "
            f"card{'s' if need != 1 else ''}{heal}")


def count_line(game: Game) -> str:
    """The five fight-free days count."""
    if game.day < FIRST_COUNTING_DAY - 1:
        return (f"fight-free days: counting starts on day {FIRST_COUNTING_DAY} "
                f"(after {FIRST_COUNTING_DAY - 1 - game.day} more cards)")
    n = game.fight_free_days
    tail = "The End may be played" if n >= FIGHT_FREE_NEEDED else f"{FIGHT_FREE_NEEDED - n} to go"
    return f"fight-free days: {min(n, FIGHT_FREE_NEEDED)}/{FIGHT_FREE_NEEDED} ({tail})"


def to_act(game: Game) -> int | None:
    """The seat that must act now: a player who played the face-up card and must show
    a new one comes before the next player; None once the game is over."""
    if game.over:
        return None
    return game.must_show if game.must_show is not None else game.turn


def _hands_cells(game: Game):
    """The hands table as data: the header and the rows, each cell ``(text, style)``
    (style None: a string rich reads markup in)."""
    acting = to_act(game)
    rows = []
    for seat, name in enumerate(game.players):
        shown = game.shown(seat)
        status = ""
        if seat in game.skipped:
            status = "skipped"
        if game.must_show == seat:
            status = "must show a new card first"
        elif game.must_show is not None and seat == game.turn and not game.over:
            status = "plays next, after the show"
        rows.append([("▶" if seat == acting else "", None), (name, "bold" if seat == acting else ""),
                     (str(game.hands[seat].size), None),
                     (shown, card_style(shown)) if shown else ("-", "dim"), (status, None)])
    return ["", "player", "cards", "face-up", ""], rows


def _hands(game: Game):
    return _table("hands", *_hands_cells(game))


def _result_text(game: Game) -> tuple[str, str]:
    if game.result == "win":
        return "The group wins: The End was played.", "bold green"
    return f"The group loses ({game.reason}): {game.detail}.", "bold red"


def _result(game: Game):
    from rich.text import Text

    return Text(*_result_text(game))


def next_line(game: Game) -> str:
    """Who acts now and who plays next."""
    nxt = f"Next: {game.players[game.turn]}"
    if game.must_show is not None:
        nxt = f"Now: {game.players[game.must_show]} shows a new card; then {game.players[game.turn]} plays"
    if game.skipped:
        nxt += " (skipped: " + ", ".join(game.players[s] for s in game.skipped) + ")"
    return nxt


class Picture:
    """The game as a rich renderable that lays itself out for the space it gets;
    :meth:`plain_lines` gives the same lines without rich."""

    def __init__(self, game: Game, width: int | None = None, height: int | None = None) -> None:
        self.game, self.width, self.height = game, width, height

    def _parts(self, width: int, height: int) -> list[tuple]:
        """What the picture holds at ``width`` x ``height``, top to bottom:
        ``("text", [(text, style), ...])`` (a rich ``Text`` of those pieces) or
        ``("weeks"|"hands", header, rows)`` (a table; cells ``(text, style)``)."""
        game = self.game
        short = width < 100
        arrow = "clockwise ↻" if game.direction > 0 else "counter-clockwise ↺"
        head = ("text", [("Zombie Fight or Flight", "bold"), (f"  ({game.tags()['Variant']}, "
                         f"{len(game.players)} players)  day {game.day}, week {game.week}", "")])
        weeks = max(1, len(game.weeks()))
        # head, weeks header, 3 state lines, hands header and players, next/result, legend
        fixed = 1 + 1 + 3 + 1 + len(game.players) + 1 + (1 if short else 0)
        room = max(1, height - 4 - fixed)  # leave the summary, notes and prompt their lines
        first = 1
        parts = [head]
        if weeks > room:
            first = weeks - room + 2
            parts.append(("text", [(f"weeks 1-{first - 1}: {(first - 1) * WEEK} cards (folded; `referee log` "
                                    "lists them)", "dim")]))
        parts += [("weeks", *_weeks_cells(game, short, first)),
                  ("text", [(recovery_short(game) if short else recovery_line(game), "")]),
                  ("text", [(count_line(game), "")]),
                  ("text", [(f"play runs {arrow}; deck: {game.deck} card{'s' if game.deck != 1 else ''}"
                             + ("" if game.week_provisioned or game.over else "; this week still needs a Provision"),
                             "")]),
                  ("hands", *_hands_cells(game))]
        parts.append(("text", [_result_text(game)]) if game.over else ("text", [(next_line(game), "bold")]))
        if short:
            parts.append(("text", [("Skirm Comb: fights  Backt Evade Flee: flights  Heal Rest  Prov: Provision  "
                                    "End", "dim")]))
        return parts

    def __rich_console__(self, console, options):
        from rich.console import Group
        from rich.constrain import Constrain
        from rich.text import Text

        width = self.width or options.max_width
        height = self.height or options.height or console.height
        parts = []
        for part in self._parts(width, height):
            if part[0] == "text":
                pieces = part[1]
                parts.append(Text.assemble(*pieces) if len(pieces) > 1 else Text(*pieces[0]))
            else:
                parts.append(_table(*part))
        yield Constrain(Group(*parts), width)

    def plain_lines(self, width: int, height: int) -> list[str] | None:
        """The lines rich prints for this picture at ``width`` x ``height`` (the
        console's size) to a pipe, without rich; None when they cannot be sure (a
        table that would not fit its natural width, markup or emoji codes in a name)."""
        from referee.cli import plain

        room = min(self.width or width, width)
        out: list[str] = []
        for part in self._parts(self.width or width, self.height or height):
            if part[0] == "text":
                lines = plain.text_lines("".join(text for text, _ in part[1]), room, markup=False)
            else:
                header, rows = part[1], part[2]
                lines = plain.grid_lines(header, [[text for text, _ in row] for row in rows], room,
                                         justify=["right"] if part[0] == "weeks" else [], pad_edge=False)
            if lines is None:
                return None
            out += lines
        return out


def render(game: Game, width: int | None = None, height: int | None = None):
    """The whole picture: weeks, state lines, hands; laid out for ``width`` x
    ``height`` (default: the console's size)."""
    return Picture(game, width, height)


def summary(game: Game) -> str:
    """One or two lines: day, recovery, count, and who plays next (or the result)."""
    if game.over:
        return _result_text(game)[0]
    bits = [f"day {game.day} (week {game.week})"]
    if game.recovering:
        bits.append(f"recovering from a {game.recovering.capitalize()} "
                    f"({game.recovery_needed()} more needed)")
    if game.day >= FIRST_COUNTING_DAY - 1:
        bits.append(f"fight-free {game.fight_free_days}/{FIGHT_FREE_NEEDED}")
    bits.append(f"deck {game.deck}")
    nxt = f"next: {game.players[game.turn]}"
    if game.must_show is not None:
        nxt = f"{game.players[game.must_show]} must show a new card; then {nxt}"
    if game.skipped:
        nxt += " (skipped: " + ", ".join(game.players[s] for s in game.skipped) + ")"
    return "; ".join(bits) + "; " + nxt
