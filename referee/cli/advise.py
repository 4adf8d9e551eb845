"""``referee advise``: what the game's advisor says of the current position, for any
game whose :class:`~referee.games.base.GameSpec` names an ``advise`` function.

:func:`run_advisor` calls the advisor and :func:`advice_renderables` draws its
:class:`~referee.advice.Advice`; ``advise`` inside ``referee play`` uses both.
"""

from __future__ import annotations

from typing import Optional

import typer

from referee.errors import RefereeError

from .app import app
from .game import GAME_OPT, JSON_OPT, open_store
from .output import console, emit_json, guard


#: Advisor options a player may give (``--plan``, ``--hand``) and what each means; an
#: advisor takes the ones its function names as keyword parameters.
ASK_OPTIONS = {"plan": "--plan", "hand": "--hand"}


def run_advisor(loaded, seed: int | None = None, samples: int | None = None, **asked):
    """The :class:`~referee.advice.Advice` of ``loaded``'s advisor for its position.

    ``asked`` holds the options of this question only (``plan="play F; end"``,
    ``hand="F F R"``: nothing is stored), given to advisors that name them.
    :class:`~referee.errors.BadInputError` (exit 2) when the game has no advisor or
    its advisor takes no such option; :class:`AdvisorFailed` (exit 3) when the advisor
    breaks for a reason of its own."""
    import inspect

    from referee.errors import BadInputError

    spec = loaded.spec
    if not spec.advise:
        raise BadInputError(f"no advisor for {spec.title}")
    advisor = spec.load(spec.advise)
    options = {k: v for k, v in (("seed", seed), ("samples", samples), *asked.items()) if v is not None}
    takes = inspect.signature(advisor).parameters
    for key in options:
        if key in ASK_OPTIONS and key not in takes:
            raise BadInputError(f"the {spec.title} advisor takes no {ASK_OPTIONS[key]}")
    try:
        return advisor(loaded.game, **options)
    except RefereeError:
        raise
    except Exception as exc:  # a bug in an advisor: one line and exit 3, not a traceback
        raise AdvisorFailed(f"the {spec.title} advisor failed: {type(exc).__name__}: {exc}") from None


class AdvisorFailed(RefereeError):
    """An advisor raised something other than the project's typed errors (exit 3)."""

    exit_code = 3


def _percent(p: float) -> str:
    """``0.2345`` -> ``23.5%``; 0 and 1 exactly as ``0%`` and ``100%``."""
    if p in (0.0, 1.0):
        return f"{p:.0%}"
    return f"{100 * p:.1f}%"


def advice_renderables(advice) -> list:
    """The advice as rich renderables that fit 80 columns: the question, the method,
    a ranked table (plan, chance, 95% interval, detail) and the notes."""
    from rich.markup import escape
    from rich.table import Table

    out: list = [f"[bold]{escape(advice.question)}[/bold] [dim]({escape(advice.method)})[/dim]"]
    if advice.options:
        table = Table(box=None, header_style="bold", pad_edge=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("plan", overflow="fold", max_width=28)
        table.add_column("chance", justify="right", no_wrap=True)
        table.add_column("95% interval", no_wrap=True)
        table.add_column("detail", overflow="fold")
        for rank, line in enumerate(advice.options, 1):
            low = line.probability if line.low is None else line.low
            high = line.probability if line.high is None else line.high
            interval = "exact" if low == high == line.probability else f"{_percent(low)}–{_percent(high)}"
            if interval == "exact" and line.extra.get("lower_bound"):
                interval = "lower bound"   # enumerated, but under a model that leaves cases out
            elif interval == "exact" and line.extra.get("exact") is False:
                interval = "simplified"   # no sampling, but not every case of the rules (see the method)
            table.add_row(str(rank), escape(line.plan), _percent(line.probability), interval,
                          escape(line.detail))
        out.append(table)
        better = "higher" if advice.best == "high" else "lower"
        out.append(f"[dim]Ranked best first ({better} is better).[/dim]")
    else:
        out.append("No option to advise on.")
    out += [f"[dim]Note: {escape(n)}[/dim]" for n in advice.notes]
    return out


@app.command()
def advise(
    ctx: typer.Context,
    game_id: Optional[int] = GAME_OPT,
    samples: Optional[int] = typer.Option(None, "--samples", "-n", metavar="N",
                                          help="Games simulated per option (Monte Carlo advisors); "
                                               "default: the advisor's."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S",
                                       help="Seed of the random deals, for repeatable advice."),
    plan: Optional[str] = typer.Option(None, "--plan", metavar="EVENTS",
                                       help='Evaluate this plan too, e.g. "play F; play F; end" '
                                            "(games whose advisor takes plans)."),
    hand: Optional[str] = typer.Option(None, "--hand", metavar="CARDS",
                                       help="The hand of the player to move, for this question only "
                                            "(hidden hands: nothing is stored), e.g. \"F F R\"."),
    json_out: bool = JSON_OPT,
) -> None:
    """Advice for the player to play: each option now with its chances (exact or Monte
    Carlo with a 95% interval), best first."""
    with guard(json_out):
        from referee import session
        from referee.errors import BadInputError

        if samples is not None and samples < 1:
            raise BadInputError(f"--samples must be at least 1, not {samples}")
        loaded = session.load(open_store(ctx), game_id)
        advice = run_advisor(loaded, seed=seed, samples=samples, plan=plan, hand=hand)
        if json_out:
            emit_json(advice.to_json())
            return
        out = console()
        for item in advice_renderables(advice):
            out.print(item)
