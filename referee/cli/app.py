"""The Typer application object every command module registers on."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .fast import install as _fast_params

_fast_params()  # plain str/int/Path parameters skip pydantic (start-up time)

app = typer.Typer(
    name="referee",
    help="A referee and rules lookup for zombie tabletop games: track a game event by "
         "event, check every event against the rules, replay and score game records, "
         "and look rules up.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
    rich_markup_mode=None,  # plain help: no `<bool>` beside flags, and no rich import for --help
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from referee import __version__

        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    db: Optional[Path] = typer.Option(
        None, "--db", envvar="REFEREE_DB", metavar="PATH",
        help="The game store (SQLite). Default: referee.db in the user data dir."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """A referee and rules lookup for zombie tabletop games."""
    ctx.obj = {"db": db}
