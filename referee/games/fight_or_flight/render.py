"""Drawing a Zombie Fight or Flight game with rich: the weeks as rows of seven cards,
the recovery state, the five-day count, the direction of play, the hands and the deck.

The picture lays itself out for the space it is printed in (``render(game, width=...,
height=...)``, by default the console's size): card names in full from 100 columns,
else five-letter names with a legend; when the weeks and the players do not all fit
in the height, the earliest weeks are folded into one line.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

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


def _weeks(game: Game, short: bool = False, first: int = 1) -> Table:
    """The weeks from week ``first`` on, one row of seven cards each."""
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("wk" if short else "week", justify="right")
    for d in range(1, WEEK + 1):
        table.add_column(f"d{d}" if short else f"day {d}", no_wrap=True)
    table.add_column("")
    rows = game.weeks() or [[]]
    for w, row in enumerate(rows, start=1):
        if w < first:
            continue
        cells = [Text(SHORT[card] if short else card, style=card_style(card)) for _, card in row]
        cells += [Text("·", style="dim")] * (WEEK - len(cells))
        fed = any(card == PROVISION for _, card in row)
        mark = Text("fed", style="blue") if fed else Text("no Prov yet" if short else "no Provision yet", style="dim")
        if len(row) == WEEK and not fed:
            mark = Text("hunger", style="bold red")
        table.add_row(str(w), *cells, mark)
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


def _hands(game: Game) -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for col in ("", "player", "cards", "face-up", ""):
        table.add_column(col)
    acting = to_act(game)
    for seat, name in enumerate(game.players):
        shown = game.shown(seat)
        status = ""
        if seat in game.skipped:
            status = "skipped"
        if game.must_show == seat:
            status = "must show a new card first"
        elif game.must_show is not None and seat == game.turn and not game.over:
            status = "plays next, after the show"
        table.add_row("▶" if seat == acting else "", Text(name, style="bold" if seat == acting else ""),
                      str(game.hands[seat].size),
                      Text(shown, style=card_style(shown)) if shown else Text("-", style="dim"),
                      status)
    return table


def _result(game: Game) -> Text:
    if game.result == "win":
        return Text("The group wins: The End was played.", style="bold green")
    return Text(f"The group loses ({game.reason}): {game.detail}.", style="bold red")


def next_line(game: Game) -> str:
    """Who acts now and who plays next."""
    nxt = f"Next: {game.players[game.turn]}"
    if game.must_show is not None:
        nxt = f"Now: {game.players[game.must_show]} shows a new card; then {game.players[game.turn]} plays"
    if game.skipped:
        nxt += " (skipped: " + ", ".join(game.players[s] for s in game.skipped) + ")"
    return nxt


class Picture:
    """The game as a rich renderable that lays itself out for the space it gets."""

    def __init__(self, game: Game, width: int | None = None, height: int | None = None) -> None:
        self.game, self.width, self.height = game, width, height

    def __rich_console__(self, console, options):
        game = self.game
        width = self.width or options.max_width
        height = self.height or options.height or console.height
        short = width < 100
        arrow = "clockwise ↻" if game.direction > 0 else "counter-clockwise ↺"
        head = Text.assemble(("Zombie Fight or Flight", "bold"), f"  ({game.tags()['Variant']}, "
                             f"{len(game.players)} players)  day {game.day}, week {game.week}")
        weeks = max(1, len(game.weeks()))
        # head, weeks header, 3 state lines, hands header and players, next/result, legend
        fixed = 1 + 1 + 3 + 1 + len(game.players) + 1 + (1 if short else 0)
        room = max(1, height - 4 - fixed)  # leave the summary, notes and prompt their lines
        first = 1
        parts = [head]
        if weeks > room:
            first = weeks - room + 2
            parts.append(Text(f"weeks 1-{first - 1}: {(first - 1) * WEEK} cards (folded; `referee log` "
                              "lists them)", style="dim"))
        parts += [_weeks(game, short, first), Text(recovery_short(game) if short else recovery_line(game)), Text(count_line(game)),
                  Text(f"play runs {arrow}; deck: {game.deck} card{'s' if game.deck != 1 else ''}"
                       + ("" if game.week_provisioned or game.over else "; this week still needs a Provision")),
                  _hands(game)]
        parts.append(_result(game) if game.over else Text(next_line(game), style="bold"))
        if short:
            parts.append(Text("Skirm Comb: fights  Backt Evade Flee: flights  Heal Rest  Prov: Provision  "
                              "End", style="dim"))
        from rich.constrain import Constrain

        yield Constrain(Group(*parts), width)


def render(game: Game, width: int | None = None, height: int | None = None):
    """The whole picture: weeks, state lines, hands; laid out for ``width`` x
    ``height`` (default: the console's size)."""
    return Picture(game, width, height)


def summary(game: Game) -> str:
    """One or two lines: day, recovery, count, and who plays next (or the result)."""
    if game.over:
        return _result(game).plain
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
