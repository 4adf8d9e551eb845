"""Reading the files users hand the referee: records, boards, catalogues, rulebooks.

Only regular files are read (a FIFO or a device is refused at once, never waited on),
each kind has a size cap, a UTF-8 byte-order mark is accepted, and every failure is a
:class:`~referee.errors.BadInputError` in one line.

>>> names_a_file("default"), names_a_file("yard.toml"), names_a_file("boards/yard")
(False, True, True)
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from referee.errors import BadInputError

#: Size caps in bytes, per kind of file (documented in docs/limits.md).
LIMITS: dict[str, int] = {
    "record": 8 * 1024 * 1024,
    "board": 256 * 1024,
    "tiledata": 1024 * 1024,
    "cards": 1024 * 1024,
    "rulebook": 8 * 1024 * 1024,
}
DEFAULT_LIMIT = 1024 * 1024

_BUILTIN = re.compile(r"^[A-Za-z0-9_-]+$")


def names_a_file(value: str) -> bool:
    """True when a tag or option value names a file rather than a built-in (a bare
    word such as ``default`` names a built-in unless a file of that name exists)."""
    if "\x00" in value or not _BUILTIN.match(value):
        return True
    try:
        return Path(value).is_file()
    except (OSError, ValueError):  # a name too long to be a file is a built-in's name
        return False


def resolve(value: str, base: Path | str | None) -> Path:
    """``value`` as a path, relative to ``base`` (the record's folder) when relative."""
    if "\x00" in value:
        raise BadInputError(f"a file name cannot hold a NUL byte: {shorten(value)!r}")
    try:
        path = Path(value).expanduser()
    except RuntimeError:  # `~name` of a user this system does not know
        raise BadInputError(f"no home folder for {shorten(value)!r}") from None
    if not path.is_absolute() and base is not None:
        path = Path(base) / path
    return path


#: The built-in TOML files (under ``referee/data``) read again as JSON: ``{path: {"text":
#: the file's text, "json": its document}}``, written by ``tools/compile_data.py``.
COMPILED = "compiled.json"
_compiled: dict[str, str] | None = None


def compiled_toml(text: str) -> dict | None:
    """The document of the built-in data file whose text is exactly ``text`` (a board,
    the Fluxx catalogue, the Zombies!!! tiles), a fresh copy read from its JSON form in
    :data:`COMPILED`; None for any other text, or when that file is missing.

    Start-up (issue 26): parsing the TOML (and importing :mod:`tomllib`) cost more than
    the rest of loading a Fluxx game; JSON is parsed in C.  ``tests/test_compiled_data.py``
    checks every document equals what :func:`load_toml` reads from the TOML, so a stale
    file fails the tests (a text that changed only misses the compiled form)."""
    import json

    global _compiled
    if _compiled is None:
        try:
            raw = Path(__file__).with_name("data").joinpath(COMPILED).read_text(encoding="utf-8")
        except OSError:
            raw = "{}"
        _compiled = {entry["text"]: entry["json"] for entry in json.loads(raw).values()}
    found = _compiled.get(text)
    return None if found is None else json.loads(found)


def load_toml(text: str, source: str = "file") -> dict:
    """The TOML document ``text``, with every integer in it bounded like every other
    number the referee reads (:data:`referee.numbers.MAX_DIGITS` digits).

    :class:`BadInputError` starting ``{source}: `` when the text is not valid TOML, is
    nested too deeply, or holds a longer integer (Python refuses to convert more than
    4,300 digits, and no count in a game needs more than 19).

    >>> load_toml("a = 12", "t.toml")
    {'a': 12}
    >>> load_toml("a = [1, " + "9" * 20 + "]", "t.toml")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: t.toml, line 1: a number has more than 19 digits (the most any count may have)
    """
    doc = compiled_toml(text)
    if doc is not None:
        return doc
    import tomllib

    from referee.numbers import MAX_DIGITS

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInputError(f"{source}: not valid TOML ({exc})") from None
    except RecursionError:
        raise BadInputError(f"{source}: not valid TOML (nested too deeply)") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise BadInputError(f"{source}: a number has more than {MAX_DIGITS} digits (the most any count "
                            f"may have)") from None
    from referee.errors import printable

    limit = 10 ** MAX_DIGITS
    stack: list = [(doc, "")]
    while stack:
        item, key = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                if printable(k) != k:
                    raise BadInputError(f"{source}{_line_of(text, k)}: the name '{printable(k)}' holds a control "
                                        f"character")
                stack.append((v, k))
        elif isinstance(item, list):
            stack.extend((v, key) for v in item)
        elif isinstance(item, str) and printable(item.replace("\n", "")) != item.replace("\n", ""):
            raise BadInputError(f"{source}{_line_of(text, key)}: the value of '{printable(key)}' holds a control "
                                f"character: '{shorten(printable(item), 40)}'")
        elif isinstance(item, int) and not isinstance(item, bool) and not -limit < item < limit:
            raise BadInputError(f"{source}{_line_of(text, key)}: a number has more than {MAX_DIGITS} digits "
                                f"(the most any count may have)")
    return doc


def _line_of(text: str, key: str) -> str:
    """``", line N"`` of the first line of ``text`` that sets ``key`` (or names it as a
    table), or ``""`` when it cannot be found."""
    if not key:
        return ""
    for number, raw in enumerate(text.splitlines(), start=1):
        s = raw.strip()
        head = s.split("=", 1)[0].strip().strip("[]").strip().strip("\"'") if ("=" in s or s.startswith("[")) else None
        if head is not None and (head == key or head.encode().decode("unicode_escape", "ignore") == key):
            return f", line {number}"
    return ""


def shorten(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters with an ellipsis, for error messages.

    >>> shorten("x" * 100, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


def read_text(path: str | Path, what: str = "file", errors: str = "strict") -> str:
    """The UTF-8 text of the regular file at ``path`` (a BOM is dropped).

    :class:`BadInputError` when the path is missing, not a regular file (a FIFO, a
    device, a folder), larger than the cap for ``what`` (:data:`LIMITS`), or not UTF-8
    (unless ``errors="replace"``).  The file is opened without blocking, so a FIFO is
    refused at once rather than waited on.
    """
    p = Path(path)
    limit = LIMITS.get(what, DEFAULT_LIMIT)
    name = str(p) if len(str(p)) <= 60 else "…" + str(p)[-59:]  # the file's own name shows
    if "\x00" in str(p):
        raise BadInputError(f"a file name cannot hold a NUL byte: {name!r}")
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:
        raise BadInputError(f"cannot read {what} {name}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadInputError(f"cannot read {what} {name}: not a regular file")
        if info.st_size > limit:
            raise BadInputError(f"{what} {name} is {info.st_size:,} bytes; the limit is {limit:,}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise BadInputError(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise BadInputError(f"{what} {name} is larger than the limit of {limit:,} bytes")
    try:
        return data.decode("utf-8-sig", errors=errors)
    except UnicodeDecodeError as exc:
        raise BadInputError(f"cannot read {what} {name}: not UTF-8 text (byte {exc.start})") from None
