"""Drawing a Zombies!!! quick-play game with rich: one row per player (life, ammo,
kills against the kills needed, hand, event this round, cards in play), whose turn and
which step, the movement left, the zombies and tokens on the board, the tiles left and
the helipad.  Fits an 80x24 terminal.

rich is imported only to print with it: printed to a pipe, ``Picture.plain_lines``
gives the same lines without it (issue 26: start-up of ``show`` and ``move``)."""

from __future__ import annotations

from referee.games.zombies.engine import Game, kill_number
from referee.games.zombies.odds import fight_odds
from referee.words import plural

_STEPS = {"tile": "draw a tile", "bid": "bids for the Helipad",
          "fight": "fight (start of turn, or fight on)", "draw": "draw event cards",
          "roll": "roll for movement", "move": "move/fight/pick, then the zombie roll",
          "discard": "discard a card or end the turn"}


def _short(cards: list[str], width: int = 22) -> str:
    text = ", ".join(sorted(cards, key=str.lower)) or "-"
    return text if len(text) <= width else text[: width - 1] + "…"


def _players_cells(game: Game):
    """The players table as data: the header and the rows, each cell ``(text,
    style)`` (style None: a string rich reads markup in)."""
    cols = ["", "player", "life", "ammo", "kills", "hand", "event", "in play"]
    if game.has("schools-out"):
        cols.insert(6, "guts")
    due = game.to_move
    rows = []
    for i, p in enumerate(game.players):
        mark = "▶" if i == due else ""
        row = [(mark, None), (p.name[:12], "bold" if i == due else ""), (str(p.life), None), (str(p.ammo), None),
               (f"{p.kills}/{game.kills_to_win}", None), (str(p.hand), None),
               ("played" if p.event_round else "-", None), (_short(p.in_play), None)]
        if game.has("schools-out"):
            row.insert(6, (str(p.guts), None))
        rows.append(row)
    return cols, rows


def _players(game: Game):
    """The players table (a rich ``Table``)."""
    from rich.table import Table
    from rich.text import Text

    cols, rows = _players_cells(game)
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for col in cols:
        table.add_column(col, no_wrap=True)
    for row in rows:
        table.add_row(*(text if style is None else Text(text, style=style) for text, style in row))
    return table


def odds_line(game: Game, kind: str | None = None) -> str | None:
    """The chance to win the fight at hand (or one that may start now) with the ammo
    held, and what it costs on average, or None when no fight is possible.  In a fight
    opened with a weapon, the best weapon known (that one, or a higher bonus written
    before) counts on every roll; otherwise the best weapon in play whose bonus has been
    written is added as a second chance (ruling 22: one weapon a roll, named each roll)."""
    if game.over or game.phase in ("tile", "bid", "discard") or game.zombies <= 0:
        return None
    p = game.players[game.seat]
    kind = kind if kind is not None else (None if game.fight_open in (None, "zombie") else game.fight_open)
    if not game.fight_open:
        if game.phase == "start" and (game.drawn or game.start_fights >= game.start_fight_cap()):
            return None
        if game.phase == "move" and (game.fights_here is None
                                     or game.fights_here >= game.start_fight_cap()):
            return None
    k = kill_number(kind)
    dog = kind == "dog"
    what = "the fight at hand" if game.fight_open else "a fight now"
    if game.fight_weapon:
        # each roll names its weapon again (ruling 22): the best one known counts
        weapon, bonus = max([game.fight_weapon, *game.known_weapons(game.seat)], key=lambda wb: wb[1])
        o = fight_odds(k, p.ammo, p.life, "ammo", dog=dog, bonus=bonus)
        return (f"{what} ({kind or 'zombie'}, kills on {k}+, {weapon} +{bonus}): {o.percent()} "
                f"to win; costs about {float(o.life_lost):.1f} life, {float(o.ammo_spent):.1f} ammo")
    o = fight_odds(k, p.ammo, p.life, "ammo", dog=dog)
    line = (f"{what} ({kind or 'zombie'}, kills on {k}+): {o.percent()} to win; costs about "
            f"{float(o.life_lost):.1f} life, {float(o.ammo_spent):.1f} ammo")
    known = game.known_weapons(game.seat)
    if known:
        weapon, bonus = max(known, key=lambda wb: wb[1])
        armed = fight_odds(k, p.ammo, p.life, "ammo", dog=dog, bonus=bonus)
        line += f"; with {weapon} +{bonus}: {armed.percent()}"
    return line


def status_lines(game: Game) -> list[str]:
    """Whose turn, the step, the allowance left, the board's books."""
    lines = []
    if game.over:
        p = game.players[game.winner]
        how = {"kills": plural(p.kills, "kill"), "helipad": "reached the helipad",
               "spell": "cast the spell"}[game.ending]
        lines.append(f"Game over: {p.name} wins ({how}).")
    else:
        who = game.players[game.to_move].name
        if game.phase == "bid":
            lines.append(f"Turn {game.turns + 1} ({game.players[game.seat].name}): {who} "
                         f"{_STEPS['bid']}")
        else:
            lines.append(f"Turn {game.turns + 1}: {who}, {_STEPS[game.turn_step]}")
        if game.allowance is not None:
            extra = " (stopped: lost a fight)" if game.stopped else (
                " (ended on the Town Square)" if game.move_over else "")
            lines.append(f"Movement: allowance {game.allowance}, moved {game.moved}, "
                         f"{game.left_to_move()} left{extra}; picks open {game.picks}")
        if game.bidding is not None:
            b = game.bidding
            lead = "no bid yet" if b.high is None else f"high bid {b.high} by {game.players[b.leader].name}"
            passed = ", ".join(game.players[s].name for s in b.order if s in b.passed) or "nobody"
            lines.append(f"Helipad bidding: {lead}; passed: {passed}")
    helipad = "being bid for" if game.bidding is not None else game.helipad
    lines.append(f"Board: {plural(game.zombies, 'zombie')}, {plural(game.tokens['ammo'], 'ammo token')} "
                 f"and {plural(game.tokens['life'], 'life token')}; tiles left {game.tiles_left}; "
                 f"helipad {helipad}")
    lines.append(f"Event deck: {game.events_left} left, {game.discards} discarded"
                 + (f"; expansions: {', '.join(game.expansions)}" if game.expansions else ""))
    odds = odds_line(game)
    if odds:
        lines.append(odds)
    return lines


class Picture:
    """The whole picture as a rich renderable: the head, the players table, the
    status lines; :meth:`plain_lines` gives the same lines without rich."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def _head(self) -> list[tuple[str, str]]:
        game = self.game
        return [("Zombies!!! quick play", "bold"),
                (f"  {len(game.players)} players, {game.kills_to_win} kills to win", "")]

    def __rich_console__(self, console, options):
        from rich.console import Group
        from rich.text import Text

        parts = [Text.assemble(*self._head()), _players(self.game)]
        for i, line in enumerate(status_lines(self.game)):
            parts.append(Text(line, style="bold" if i == 0 else ""))
        yield Group(*parts)

    def plain_lines(self, width: int, height: int) -> list[str] | None:
        """The lines rich prints for this picture ``width`` columns wide to a pipe,
        without rich; None when they cannot be sure (a players table that would not
        fit its natural width, markup or emoji codes in a name or a card)."""
        from referee.cli import plain

        cols, rows = _players_cells(self.game)
        table = plain.grid_lines(cols, [[text for text, _ in row] for row in rows], width, pad_edge=False)
        if table is None:
            return None
        out: list[str] = []
        for text in ["".join(t for t, _ in self._head()), None, *status_lines(self.game)]:
            lines = table if text is None else plain.text_lines(text, width, markup=False)
            if lines is None:
                return None
            out += lines
        return out


def render(game: Game, **extras):
    """The whole picture (a rich renderable; ``Picture.plain_lines`` without rich)."""
    return Picture(game)


def summary(game: Game) -> str:
    """One line: the step and who is due, or the result."""
    lines = status_lines(game)
    if game.over:
        return lines[0]
    bits = [lines[0]]
    if game.allowance is not None and game.phase == "move":
        bits.append(f"{game.left_to_move()} to move")
    return "; ".join(bits)
