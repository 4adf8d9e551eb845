"""Drawing a Zombie Fluxx game with rich: the rules in play, the Goal, each player's
Keepers, Creepers and hand size, and what the player whose turn it is still owes.
Fits an 80x24 terminal for a typical position (one line a player)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

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


def rules_line(game: Game) -> Text:
    play = game.rule_value("play")
    bits = [f"Draw {game.rule_value('draw')}", f"Play {'All' if play == 'all' else play}"]
    hl, kl = game.rule_value("hand-limit"), game.rule_value("keeper-limit")
    bits.append(f"Hand Limit {hl}" if hl is not None else "no Hand Limit")
    bits.append(f"Keeper Limit {kl}" if kl is not None else "no Keeper Limit")
    line = Text("Rules: ", style="bold")
    line.append("  ".join(bits))
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


def _players(game: Game) -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, expand=True)
    table.add_column("")
    table.add_column("player", max_width=16, overflow="fold")
    table.add_column("hand", justify="right")
    table.add_column("keepers", ratio=3, overflow="fold")
    table.add_column("creepers", ratio=2, overflow="fold")
    for q, name in enumerate(game.players):
        mark = "▶" if not game.over and q == game.current else ""
        keepers = sorted(game.keepers[q].elements())
        creepers = sorted(game.creepers[q].elements())
        hand = str(game.hands[q].size)
        table.add_row(mark, Text(name, style="bold" if mark else ""), hand,
                      Text(_names(keepers), style="green"),
                      Text(_names(creepers), style="red"))
    return table


def _result(game: Game) -> Text:
    if game.winner == "zombies":
        return Text(f"The Ungoal {game.ungoal} is met: everybody loses, the Zombies win.", style="bold red")
    return Text(f"{game.winner} wins: {game.goal}.", style="bold green")


def render(game: Game, **_extras):
    """The whole picture (at most ~20 lines with six players)."""
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
    parts = [head, rules]
    parts.append(_players(game))
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
        parts.append(_result(game))
    else:
        parts.append(Text(owes_line(game), style="bold"))
    return Group(*parts)


def summary(game: Game) -> str:
    """One or two lines: the rules, the Goal and who owes what (or the result)."""
    if game.over:
        return _result(game).plain
    rules = rules_line(game).plain.removeprefix("Rules: ")
    kind = "Ungoal" if game.ungoal else "Goal"
    return f"turn {game.turn}; {rules}; {kind}: {game.goal or 'none'}; {owes_line(game)}"
