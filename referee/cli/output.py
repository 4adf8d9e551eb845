"""Output conventions shared by the commands: one JSON object on stdout for
``--json``, errors as one line on stderr, exit codes 0 ok / 1 illegal / 2 bad input,
colour only on a terminal (rich honours ``NO_COLOR``)."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from typing import Iterator, NoReturn

import typer

from referee.errors import RefereeError


def console(stderr: bool = False):
    """A rich Console on stdout (or stderr); colour only on a terminal, NO_COLOR honoured."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def emit_json(obj: object) -> None:
    """Write ``obj`` as one JSON object on stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def error_line(exc: RefereeError) -> str:
    """The one-line form of an error, e.g. ``line 10: 'play F': ... [fluffy.bounce]``."""
    return f"referee: {exc}"


def fail(exc: RefereeError, json_mode: bool = False) -> NoReturn:
    """Report ``exc`` (JSON on stdout when asked, one line on stderr) and exit with its code."""
    if json_mode:
        emit_json({"error": exc.to_json()})
    options = getattr(exc, "options", None)
    line = error_line(exc)
    if options:
        line += " (choose one: " + " | ".join(o.text for o in options) + ")"
    sys.stderr.write(line + "\n")
    raise typer.Exit(exc.exit_code)


@contextmanager
def guard(json_mode: bool = False) -> Iterator[None]:
    """Turn any :class:`RefereeError` raised inside into the error report and exit code."""
    try:
        yield
    except RefereeError as exc:
        fail(exc, json_mode)


def interactive() -> bool:
    """True when stdin and stdout are terminals, so a missing choice may be asked."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def write_output(text: str, output) -> None:
    """Write ``text`` to the file ``output`` (a Path), or to stdout when it is None;
    :class:`~referee.errors.BadInputError` when the file cannot be written."""
    from referee.errors import BadInputError

    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInputError(f"cannot write {output}: {exc.strerror}") from None
    console(stderr=True).print(f"Wrote {output}.")
