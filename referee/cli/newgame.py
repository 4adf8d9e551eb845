"""``referee new <game>`` built from the game's declared set-up (``GameSpec.tags``):
one option per tag that declares one, then ``--tag KEY=VALUE`` and ``--json``.  The
options write their tags (:func:`referee.setup.option_tags`), the game's ``new_hook``
adds its own step, and :func:`referee.cli.game.start_game` checks and stores the game.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, List, Optional

import typer

from referee.games.base import GameSpec
from referee.setup import TagSpec

TAG_HELP = "Any other record tag, e.g. --tag 'Site=club'."


def _parameter(tag: TagSpec) -> inspect.Parameter:
    """The typer parameter of one tag's option."""
    extra: dict[str, Any] = {"help": tag.help}
    if tag.metavar:
        extra["metavar"] = tag.metavar
    if tag.switch is not None:
        annotation: Any = bool
        default = typer.Option(False, tag.option, **extra)
    elif tag.required:
        annotation = int if tag.kind == "int" else str
        default = typer.Option(..., tag.option, **extra)
    else:
        annotation = Optional[int] if tag.kind == "int" else Optional[str]
        default = typer.Option(None, tag.option, **extra)
    return inspect.Parameter(tag.param, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=annotation)


def build(spec: GameSpec) -> Callable[..., None]:
    """The ``new`` command of ``spec``: a function whose signature typer reads, with
    ``ctx``, one keyword parameter per declared option, ``tag`` and ``json_out``."""
    declared = tuple(t for t in spec.tags if t.option)
    params = [inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)]
    params += [_parameter(t) for t in declared]
    params.append(inspect.Parameter("tag", inspect.Parameter.KEYWORD_ONLY, annotation=List[str],
                                    default=typer.Option([], "--tag", metavar="KEY=VALUE", help=TAG_HELP)))
    params.append(inspect.Parameter("json_out", inspect.Parameter.KEYWORD_ONLY, annotation=bool,
                                    default=typer.Option(False, "--json", help="Print one JSON object on stdout.")))

    def new(ctx: typer.Context, **options: Any) -> None:
        from referee.cli.game import start_game
        from referee.setup import option_tags

        tags = option_tags(spec.tags, options)
        if spec.new_hook:
            tags = spec.load(spec.new_hook)(tags)
        start_game(ctx, spec.name, tags, options["tag"], options["json_out"])

    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    new.__annotations__ = {p.name: p.annotation for p in params}
    new.__name__ = new.__qualname__ = "new_" + spec.name.replace("-", "_")
    new.__doc__ = f"Start a game of {spec.title} and make it the current game."
    return new


__all__ = ["TAG_HELP", "build"]
