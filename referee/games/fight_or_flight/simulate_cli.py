"""``referee simulate fight-or-flight``: many games played by a simple cooperative policy."""

from __future__ import annotations

from typing import Optional

import typer

FOF_HELP = (
    "Play many games of Zombie Fight or Flight with a simple cooperative policy and "
    "report the win rate (with a 95% Wilson interval) and why games were lost.\n\n"
    "Hands are dealt from a shuffled deck and stay hidden: each player decides from their "
    "own hand and the public state only. The policy, in order: play The End when allowed; "
    "play a Provision when the week still lacks one from its fourth day on; while "
    "recovering, play the Recovery card that helps (a Heal when a Combat still needs one, "
    "else Rest before Heal), else a Provision, else a second Skirmish, else declare stuck; "
    "when not recovering, play a Flight card, else (before day 22) a Skirmish, else a "
    "Provision the week needs, else waste the cheapest card (Rest, Provision, Heal, "
    "Skirmish, Combat). From week two a player shows a card from their hand, Fights first."
)


def fight_or_flight(
    players: int = typer.Option(4, "--players", "-p", min=2, max=8, help="Number of players (2 to 8)."),
    variant: str = typer.Option("casual", "--variant", "-v",
                                help='casual, experienced or challenge; counts as in a record, e.g. "experienced heal=2".'),
    games: int = typer.Option(1000, "--games", "-n", min=1, help="How many games to play."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for a repeatable run (default: random, reported)."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
) -> None:
    # the help text is FOF_HELP (set below)
    from referee.cli.output import console, emit_json, guard, interactive

    with guard(json_out):
        from referee.games.fight_or_flight.simulate import simulate

        if json_out or not interactive():
            result = simulate(players, variant, games, seed)
        else:
            from rich.progress import Progress

            with Progress(console=console(stderr=True), transient=True) as bar:
                task = bar.add_task("playing", total=games)
                result = simulate(players, variant, games, seed,
                                  progress=lambda done: bar.update(task, completed=done))
        data = result.to_json()
        if json_out:
            emit_json(data)
            return
        lo, hi = data["ci95"]
        out = console()
        out.print(f"Zombie Fight or Flight, {players} players, {data['variant']}: "
                  f"{games} games (seed {data['seed']})")
        out.print(f"wins: {data['wins']} ({data['win_rate']:.1%}; 95% CI {lo:.1%} to {hi:.1%})")
        from rich.table import Table

        table = Table(box=None, header_style="bold")
        table.add_column("lost by")
        table.add_column("games", justify="right")
        table.add_column("share", justify="right")
        for reason, n in data["losses"].items():
            table.add_row(reason, str(n), f"{n / games:.1%}")
        if data["losses"]:
            out.print(table)
            out.print(f"most common loss: {data['most_common_loss']}")
        out.print(f"games ended on day {data['mean_day']} on average")


fight_or_flight.__doc__ = FOF_HELP
