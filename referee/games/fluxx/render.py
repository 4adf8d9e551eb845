"""Drawing a Zombie Fluxx game with rich: the rules in play, the Goal, each player's
Keepers, Creepers and hand size, and what the player whose turn it is still owes.
Fits an 80x24 terminal for a typical position (one line a player).

rich is imported only to draw with it: printed to a pipe, :meth:`Picture.plain_lines`
gives the same lines without rich's console (issue 26: start-up)."""

from __future__ import annotations

from referee.games.fluxx.engine import Game


def _names(names: list[str]) -> str:
    """Card names in full, each once with its count: ``Pair of Zombies, Zombie ×2``.
    Never cut: a name hidden behind "…" once decided two endings (issue 25); the
    tables wrap instead.

    >>> _names(["Zombie", "Pair of Zombies", "Zombie"]), _names([])
    ('Zombie ×2, Pair of Zombies', '-')
    """
    from collections import Counter

    counts = Counter(names)
    return ", ".join(n if c == 1 else f"{n} ×{c}" for n, c in counts.items()) if names else "-"


def rules_text(game: Game) -> str:
    """The rules in play in words: ``Draw 1  Play 1  no Hand Limit  no Keeper Limit``."""
    play = game.rule_value("play")
    bits = [f"Draw {game.rule_value('draw')}", f"Play {'All' if play == 'all' else play}"]
    hl, kl = game.rule_value("hand-limit"), game.rule_value("keeper-limit")
    bits.append(f"Hand Limit {hl}" if hl is not None else "no Hand Limit")
    bits.append(f"Keeper Limit {kl}" if kl is not None else "no Keeper Limit")
    return "  ".join(bits)


def rules_line(game: Game):
    """:func:`rules_text` after a bold ``Rules:``, as a rich ``Text``."""
    from rich.text import Text

    line = Text("Rules: ", style="bold")
    line.append(rules_text(game))
    return line


def owes_line(game: Game) -> str:
    """What the player whose turn it is still owes, in words."""
    if game.over:
        return ""
    if game.first_round:
        owing = [f"{game.players[q]} {n}" for q, n in enumerate(game.replacements) if n]
        return ("First round: lay down dealt Creepers; replacement draws owed: " + ", ".join(owing)
                if owing else "First round: lay down dealt Creepers, then the first turn begins")
    o = game.owes()
    who = game.players[game.current]
    bits = []
    if o["draws"]:
        bits.append(f"draw {o['draws']}")
    if o["action_plays"]:
        bits.append(f"play {o['action_plays']} for the Action")
    if o["plays"]:
        bits.append(f"play {o['plays']}" + (" (Play All)" if game.rule_value("play") == "all" else ""))
    discards = discards_at_end(game, o)
    if discards:
        bits.append(f"discard {discards} at the end")
    if o["drops"]:
        bits.append(f"drop {o['drops']} Keeper(s) at the end")
    if game.trio:
        bits.insert(0, f"say where {game.trio} goes (trio left/right)")
    if game.flee:
        bits.insert(0, "move the fleeing Pair of Zombies")
    text = f"{who} owes: " + (", ".join(bits) if bits else "nothing (may end the turn)")
    text += f"  (drawn {game.drawn}, played {game.played})"
    groups: dict[str, list[str]] = {}  # players who owe the same, on one line
    for name, d in o["pushed"].items():
        what = " and ".join([f"discard {d['discards']}"] * bool(d["discards"])
                            + [f"drop {d['drops']}"] * bool(d["drops"]))
        groups.setdefault(what, []).append(name)
    for what, names in groups.items():
        text += f"\n{', '.join(names)} must first {what}" + (" each" if len(names) > 1 else "")
    return text


def discards_at_end(game: Game, owed: dict) -> int:
    """The cards the player whose turn it is will have to discard to the Hand Limit at
    the end of the turn, once the draws and plays still owed are made: 5 cards in hand,
    3 plays owed and a Hand Limit of 2 make no discard, not 3 (issue 25).  Play All
    leaves nothing to discard."""
    limit = game.rule_value("hand-limit")
    if limit is None:
        return 0
    if game.rule_value("play") == "all":
        return 0
    hand = game.hands[game.current].size + owed["draws"] - owed["plays"] - owed["action_plays"]
    return max(0, hand - limit)


#: The players' table: (header, max_width, ratio, justify, overflow) a column.
_COLUMNS = (("", None, None, "left", "ellipsis"), ("player", 16, None, "left", "fold"),
            ("hand", None, None, "right", "ellipsis"), ("keepers", None, 3, "left", "fold"),
            ("creepers", None, 2, "left", "fold"))


def _player_rows(game: Game) -> list[tuple[str, str, str, str, str]]:
    """One row a player: the turn mark, name, hand size, Keepers and Creepers."""
    rows = []
    for q, name in enumerate(game.players):
        mark = "▶" if not game.over and q == game.current else ""
        rows.append((mark, name, str(game.hands[q].size), _names(sorted(game.keepers[q].elements())),
                     _names(sorted(game.creepers[q].elements()))))
    return rows


def _players(game: Game):
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, expand=True)
    for header, max_width, ratio, justify, overflow in _COLUMNS:
        table.add_column(header, max_width=max_width, ratio=ratio, justify=justify,
                         overflow=overflow)
    for mark, name, hand, keepers, creepers in _player_rows(game):
        table.add_row(mark, Text(name, style="bold" if mark else ""), hand,
                      Text(keepers, style="green"), Text(creepers, style="red"))
    return table


def result_text(game: Game) -> str:
    """Who won, in words (the game is over)."""
    if game.winner == "zombies":
        return f"The Ungoal {game.ungoal} is met: everybody loses, the Zombies win."
    return f"{game.winner} wins: {game.goal}."


def _head_text(game: Game) -> str:
    return (f"Zombie Fluxx  turn {game.turn}  ({'no zombies, ' if game.zombies_out else ''}pile {game.pile}, "
            f"discard {len(game.discard)})  {'Ungoal: ' if game.ungoal else 'Goal: '}{game.goal or 'none yet'}")


def _rules_also(game: Game) -> str:
    return "Rules: " + rules_text(game) + (f"  Also in play: {_names(sorted(game.others))}" if game.others else "")


def _known_text(game: Game) -> str:
    known = [f"{game.players[q]}: {_names(game.hands[q].known_list())}"
             for q in range(len(game.players)) if game.hands[q].known]
    text = "Known in hands: " + "; ".join(known) if known else ""
    if game.top:
        text += ("; " if known else "") + f"on top of the draw pile: {game.top[-1]}"
    return text


class Picture:
    """The whole picture: a rich renderable (``__rich__``), and its lines without rich
    for a console that writes no styles (:meth:`plain_lines`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __rich__(self):
        from rich.console import Group
        from rich.text import Text

        game = self.game
        head = Text.assemble(("Zombie Fluxx", "bold"), f"  turn {game.turn}",
                             f"  ({'no zombies, ' if game.zombies_out else ''}pile {game.pile}, "
                             f"discard {len(game.discard)})")
        head.append("  ")
        head.append("Ungoal: " if game.ungoal else "Goal: ", style="bold")
        head.append(game.goal or "none yet")
        rules = rules_line(game)
        if game.others:
            rules.append("  Also in play: ", style="bold")
            rules.append(_names(sorted(game.others)))
        parts = [head, rules, _players(game)]
        known = [f"{game.players[q]}: {_names(game.hands[q].known_list())}"
                 for q in range(len(game.players)) if game.hands[q].known]
        line = Text()
        if known:
            line.append("Known in hands: " + "; ".join(known), style="dim")
        if game.top:
            line.append(("; " if known else "") + f"on top of the draw pile: {game.top[-1]}", style="red")
        if line:
            parts.append(line)
        if game.over:
            parts.append(Text(result_text(game), style="bold " + ("red" if game.winner == "zombies" else "green")))
        else:
            parts.append(Text(owes_line(game), style="bold"))
        return Group(*parts)

    def plain_lines(self, width: int, height: int) -> list[str] | None:
        """The lines rich prints for the picture at ``width`` columns on a console that
        writes no styles, or None when only rich can be sure of them
        (:mod:`referee.cli.plain`)."""
        from referee.cli import plain

        game = self.game
        out: list[str] = []
        for text in (_head_text(game), _rules_also(game)):
            lines = plain.text_lines(text, width, markup=False)
            if lines is None:
                return None
            out += lines
        table = plain.column_table_lines([c[0] for c in _COLUMNS], _player_rows(game), width,
                                         max_widths=[c[1] for c in _COLUMNS], ratios=[c[2] for c in _COLUMNS],
                                         justify=[c[3] for c in _COLUMNS], overflow=[c[4] for c in _COLUMNS],
                                         pad_edge=False, expand=True)
        if table is None:
            return None
        out += table
        tail = [_known_text(game)] if _known_text(game) else []
        tail.append(result_text(game) if game.over else owes_line(game))
        for text in tail:
            lines = plain.text_lines(text, width, markup=False)
            if lines is None:
                return None
            out += lines
        return out


def render(game: Game, **_extras) -> Picture:
    """The whole picture (at most ~20 lines with six players)."""
    return Picture(game)


def summary(game: Game) -> str:
    """One or two lines: the rules, the Goal and who owes what (or the result)."""
    if game.over:
        return result_text(game)
    rules = rules_text(game)
    kind = "Ungoal" if game.ungoal else "Goal"
    return f"turn {game.turn}; {rules}; {kind}: {game.goal or 'none'}; {owes_line(game)}"
