"""The Typer application object every command module registers on."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import sys

import typer
from typer.core import TyperGroup


class RefereeGroup(TyperGroup):
    """The root command: whatever goes wrong reaches the user as one line on stderr
    and an exit code (see :func:`referee.cli.output.run_command`), never a traceback
    or a framed box; ``--help`` is unchanged."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        from .output import run_command

        def invoke():
            return TyperGroup.main(self, args, prog_name, complete_var, standalone_mode=False, **extra)

        if not standalone_mode:
            return invoke()
        sys.exit(run_command(invoke))


from .fast import install as _fast_params

_fast_params()  # plain str/int/Path parameters skip pydantic (start-up time)

app = typer.Typer(
    cls=RefereeGroup,
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
    if db is not None:
        check_db_path(str(db))
    ctx.obj = {"db": db}


def check_db_path(text: str) -> None:
    """Refuse a ``--db`` (or ``$REFEREE_DB``) value that is surely a slip, before any
    store is created under its name: blank, or an option's name (``--db --help``)."""
    try:
        from typer._click.exceptions import BadParameter
    except ImportError:  # pragma: no cover - older typer on top of click
        from click.exceptions import BadParameter

    if not text.strip():
        raise BadParameter("the game store's path is blank", param_hint="'--db'")
    if text.startswith("-"):
        raise BadParameter(f"{text[:40]!r} looks like an option, not a file (write ./{text[:40]} for a file "
                           f"of that name)", param_hint="'--db'")
