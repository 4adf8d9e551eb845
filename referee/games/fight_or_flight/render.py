"""Drawing a Zombie Fight or Flight game with rich: the weeks as rows of seven cards,
the recovery state, the five-day count, the direction of play, the hands and the deck."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from referee.games.fight_or_flight.engine import (
    FIGHT_FREE_NEEDED, FIGHTS, FIRST_COUNTING_DAY, FLIGHTS, PROVISION, RECOVERY, THE_END,
    WEEK, Game,
)

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


def _weeks(game: Game) -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("week")
    for d in range(1, WEEK + 1):
        table.add_column(f"day {d}")
    table.add_column("")
    rows = game.weeks() or [[]]
    for w, row in enumerate(rows, start=1):
        cells = [Text(card, style=card_style(card)) for _, card in row]
        cells += [Text("·", style="dim")] * (WEEK - len(cells))
        fed = any(card == PROVISION for _, card in row)
        mark = Text("fed", style="blue") if fed else Text("no Provision yet", style="dim")
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


def count_line(game: Game) -> str:
    """The five fight-free days count."""
    if game.day < FIRST_COUNTING_DAY - 1:
        return (f"fight-free days: counting starts on day {FIRST_COUNTING_DAY} "
                f"(after {FIRST_COUNTING_DAY - 1 - game.day} more cards)")
    n = game.fight_free_days
    tail = "The End may be played" if n >= FIGHT_FREE_NEEDED else f"{FIGHT_FREE_NEEDED - n} to go"
    return f"fight-free days: {min(n, FIGHT_FREE_NEEDED)}/{FIGHT_FREE_NEEDED} ({tail})"


def _hands(game: Game) -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for col in ("", "player", "cards", "face-up", ""):
        table.add_column(col)
    for seat, name in enumerate(game.players):
        to_play = not game.over and seat == game.turn
        shown = game.shown(seat)
        status = ""
        if seat in game.skipped:
            status = "skipped"
        if game.must_show == seat:
            status = "must show a new card"
        table.add_row("▶" if to_play else "", Text(name, style="bold" if to_play else ""),
                      str(game.hands[seat].size),
                      Text(shown, style=card_style(shown)) if shown else Text("-", style="dim"),
                      status)
    return table


def _result(game: Game) -> Text:
    if game.result == "win":
        return Text("The group wins: The End was played.", style="bold green")
    return Text(f"The group loses ({game.reason}): {game.detail}.", style="bold red")


def render(game: Game):
    """The whole picture: weeks, state lines, hands."""
    arrow = "clockwise ↻" if game.direction > 0 else "counter-clockwise ↺"
    head = Text.assemble(("Zombie Fight or Flight", "bold"), f"  ({game.tags()['Variant']}, "
                         f"{len(game.players)} players)  day {game.day}, week {game.week}")
    parts = [head, _weeks(game), Text(recovery_line(game)), Text(count_line(game)),
             Text(f"play runs {arrow}; deck: {game.deck} card{'s' if game.deck != 1 else ''}"
                  + ("" if game.week_provisioned or game.over else "; this week still needs a Provision")),
             _hands(game)]
    if game.over:
        parts.append(_result(game))
    else:
        nxt = f"Next: {game.players[game.turn]}"
        if game.skipped:
            nxt += " (skipped: " + ", ".join(game.players[s] for s in game.skipped) + ")"
        parts.append(Text(nxt, style="bold"))
    return Group(*parts)


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
