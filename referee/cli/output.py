"""Output conventions shared by the commands: one JSON object on stdout for
``--json``, errors as one line on stderr, colour only on a terminal (rich honours
``NO_COLOR``).

Exit codes: 0 ok; 1 an illegal event (the rules forbid it, or a choice is left
open); 2 bad input (malformed text or file, usage error, a stale ``--expect``, a game
store that cannot be used); 3 an internal error (a bug: one line on stderr asking for
a report, never a traceback)."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from typing import Iterator, NoReturn

import typer

try:  # typer >= 0.2x carries its own copy of click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - older typer on top of click
    from click.exceptions import ClickException, UsageError

from referee.errors import ChoiceNeeded, RefereeError, printable

#: The longest event text and message an error report quotes (longer ones are cut).
MAX_EVENT = 80
MAX_MESSAGE = 300
#: Exit code of an internal error (a bug in the referee, not the user's input).
INTERNAL_ERROR = 3
REPORT = "please report this bug with the command that caused it"


#: Game, match and log numbers are SQLite integers (``min``/``max`` of int options).
MAX_ID = 2**63 - 1


def internal_error(exc: BaseException) -> str:
    """The one line reported for an unexpected exception (exit code 3)."""
    msg = " ".join(str(exc).split())
    if len(msg) > 200:
        msg = msg[:199] + "…"
    return printable(f"referee: internal error: {type(exc).__name__}: {msg} ({REPORT})")


def console(stderr: bool = False):
    """A rich Console on stdout (or stderr); colour only on a terminal, NO_COLOR honoured."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def print_plain(lines_at) -> bool:
    """Print without rich when rich would write no styles (stdout not a terminal):
    ``lines_at(width, height)`` gives the lines rich would print, or None when it
    cannot be sure of them (:mod:`referee.cli.plain`).  True when printed; False when
    the caller must print with rich."""
    from . import plain

    size = plain.console_size()
    lines = plain.checked(lines_at(*size), size[0]) if size is not None else None
    if lines is None:
        return False
    plain.write(lines)
    return True


class Paged:
    """A renderable to page when it is taller than the terminal (:func:`print_paged`);
    printed as it is anywhere else."""

    def __init__(self, renderable) -> None:
        self.renderable = renderable

    def __rich__(self):
        return self.renderable


def print_paged(out, renderable) -> None:
    """Print ``renderable`` on the console ``out``, through the pager (``$PAGER``, else
    ``less``) when ``out`` is a terminal and it is taller than the screen."""
    if isinstance(renderable, Paged):
        renderable = renderable.renderable
    if out.is_terminal and len(out.render_lines(renderable, out.options, pad=False)) > out.height - 1:
        with out.pager(styles=True):
            out.print(renderable)
        return
    out.print(renderable)


def legal_parts(game) -> list[tuple]:
    """What ``referee legal`` prints, as data: ``("table", columns, rows)`` (a rule id
    column is never wrapped), ``("lines", text)`` for the game's own grouping of a long
    list (to page when taller than the screen), ``("text", text)`` for a line (rich
    markup allowed) or a blank line."""
    out: list[tuple] = []
    due = game.due()
    if due:
        out += [("table", ("due now", "what to name"), [(d.text, d.description) for d in due]), ("text", "")]
    events = game.legal_events()
    lines = game.legal_lines() if events else None  # the game's grouping of a long list
    if lines is not None:
        out.append(("lines", "\n".join(lines)))
    elif events:
        out.append(("table", ("event", "what it does"), [(e.text, e.description) for e in events]))
    elif not due:
        out.append(("text", "No event is legal: the game is over." if game.over else "No event is legal now."))
    blocked = game.blocked_events()
    if blocked:
        out += [("text", ""), ("table", ("not now", "why", "rule"), [(b.event, b.reason, b.rule) for b in blocked])]
    return out


def legal_renderables(game, parts: list[tuple] | None = None) -> list:
    """What ``referee legal`` and ``legal`` in ``referee play`` print: the events due
    now (cards only the table knows), the legal events with what each does (or the
    game's own grouping of them, :meth:`legal_lines`, as a :class:`Paged` to page when
    taller than the screen), and the events that are not legal now with why and the
    rule id.  Rich renderables (print them with :func:`print_paged`); ``parts`` are
    :func:`legal_parts` when already worked out."""
    from rich.table import Table

    def table(columns: tuple[str, ...], rows) -> Table:
        t = Table(box=None, header_style="bold")
        for name in columns:  # a rule id is never split
            t.add_column(name, **({"no_wrap": True, "overflow": "fold"} if name == "rule" else {}))
        for row in rows:
            t.add_row(*row)
        return t

    out: list = []
    for kind, *rest in legal_parts(game) if parts is None else parts:
        if kind == "table":
            out.append(table(*rest))
        elif kind == "lines":
            from rich.text import Text

            out.append(Paged(Text(rest[0])))
        else:
            out.append(rest[0])
    return out


def legal_plain(parts: list[tuple], width: int) -> list[str] | None:
    """The lines :func:`legal_renderables` prints on a console ``width`` wide that
    writes no styles (stdout not a terminal), without rich; None when one part is
    beyond :mod:`referee.cli.plain` (rich prints it then)."""
    from . import plain

    out: list[str] = []
    for kind, *rest in parts:
        if kind == "table":
            columns, rows = rest
            lines = plain.table_lines(columns, rows, width, [name == "rule" for name in columns])
        else:
            lines = plain.text_lines(rest[0], width, markup=kind == "text")
        if lines is None:
            return None
        out += lines
    return out


def emit_json(obj: object) -> None:
    """Write ``obj`` as one JSON object on stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def error_line(exc: RefereeError) -> str:
    """The one-line form of an error, e.g. ``line 10: 'play F': ... [fluffy.bounce]``."""
    return f"referee: {exc}"


def fail(exc: RefereeError, json_mode: bool = False) -> NoReturn:
    """Report ``exc`` (JSON on stdout when asked, one line on stderr) and exit with its
    code.  Long input quoted back is cut (:data:`MAX_EVENT`, :data:`MAX_MESSAGE`)."""
    from referee.files import shorten

    if exc.event and len(exc.event) > MAX_EVENT:
        exc.event = shorten(exc.event, MAX_EVENT)
    if len(exc.message) > MAX_MESSAGE:
        exc.message = shorten(exc.message, MAX_MESSAGE)
    if json_mode:
        emit_json({"error": exc.to_json()})
    line = error_line(exc)
    if isinstance(exc, ChoiceNeeded) and exc.options:
        line += " (choose one: " + " | ".join(o.text for o in exc.options) + ")"
    sys.stderr.write(printable(line) + "\n")
    raise typer.Exit(exc.exit_code)


@contextmanager
def guard(json_mode: bool = False) -> Iterator[None]:
    """Turn any :class:`RefereeError` raised inside into the error report and exit
    code; anything else unexpected (a bug) into one ``internal error`` line, exit 3."""
    try:
        yield
    except RefereeError as exc:
        fail(exc, json_mode)
    except (typer.Exit, typer.Abort, ClickException, KeyboardInterrupt, BrokenPipeError):
        raise
    except OSError as exc:  # a path too long, a disk full, a file vanished: the system said no
        from referee.errors import BadInputError
        from referee.files import shorten

        name = f" {shorten(str(exc.filename))}" if getattr(exc, "filename", None) else ""
        fail(BadInputError(f"cannot use{name}: {exc.strerror or exc}"), json_mode)
    except MemoryError:
        from referee.errors import BadInputError

        fail(BadInputError("out of memory: the input is too large"), json_mode)
    except RecursionError:
        from referee.errors import BadInputError

        fail(BadInputError("the input is nested too deeply"), json_mode)
    except Exception as exc:  # the last guard: a bug, reported in one line
        line = internal_error(exc)
        if json_mode:
            emit_json({"error": {"line": None, "event": None, "message": line[9:], "rule": None}})
        sys.stderr.write(line + "\n")
        raise typer.Exit(INTERNAL_ERROR)


def run_command(invoke) -> int:
    """Run ``invoke()`` (the click/typer ``main`` in non-standalone mode) and return the
    exit code, so that nothing but one line ever reaches stderr on failure: a usage
    error (unknown option, missing argument, bad number) is one line and exit 2; an
    unexpected exception is one ``internal error`` line and exit 3."""
    try:
        from typer._click.exceptions import NoArgsIsHelpError
    except ImportError:  # pragma: no cover
        NoArgsIsHelpError = ()  # noqa: N806
    try:
        rv = invoke()
    except NoArgsIsHelpError as exc:  # `referee` alone, `referee new`: the help
        exc.show()
        return exc.exit_code
    except UsageError as exc:
        msg = " ".join(exc.format_message().split())
        where = exc.ctx.command_path if getattr(exc, "ctx", None) is not None else "referee"
        sys.stderr.write(printable(f"referee: {msg} (see `{where} --help`)") + "\n")
        return 2
    except ClickException as exc:
        sys.stderr.write(printable(f"referee: {' '.join(exc.format_message().split())}") + "\n")
        return exc.exit_code
    except typer.Exit as exc:
        return exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("referee: interrupted\n")
        return 130
    except SystemExit:
        raise
    except RecursionError:
        sys.stderr.write("referee: the input is nested too deeply\n")
        return 2
    except MemoryError:
        sys.stderr.write("referee: out of memory: the input is too large\n")
        return 2
    except BaseException as exc:  # noqa: BLE001 - the very last guard
        sys.stderr.write(internal_error(exc) + "\n")
        return INTERNAL_ERROR
    return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0


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
