"""Text without rich's console: rich's word wrapping of a plain string, and
:class:`PlainText`, the part of ``rich.text.Text`` a picture is built with, holding no
styles.  A render module builds its picture with it to print to a pipe without
importing ``rich.console`` (issue 26: start-up); the plain renderer of the commands
is :mod:`referee.cli.plain`.  Cell widths, word division and cropping are rich's own
(``rich.cells``, ``rich._wrap``: small modules, cheap to import), so the lines are the
ones rich lays out; ``tests/test_plain.py`` compares both.
"""

from __future__ import annotations

import re

_TRAILING_SPACE = re.compile(r"\s+$")


def wrap(text: str, width: int, overflow: str = "fold", justify: str | None = None,
         no_wrap: bool = False) -> list[str]:
    """``text`` as rich's ``Text.wrap`` lays it out in ``width`` cells: each line
    divided at words (a word longer than the width folded, or cut with ``…`` when
    ``overflow`` is ``ellipsis``), whitespace beyond the width dropped, cut to the
    width, and padded to it when ``justify`` is ``left``.  ``text`` must be
    :func:`safe`."""
    from rich._wrap import divide_line

    out: list[str] = []
    for line in text.split("\n"):
        if no_wrap:
            pieces = [line]
        else:
            offsets = divide_line(line, width, fold=overflow == "fold")
            bounds = [0, *offsets, len(line)]
            pieces = [line[a:b] for a, b in zip(bounds, bounds[1:])]
            pieces = [_rstrip_end(p, width) for p in pieces]
        for piece in pieces:
            if justify == "left":
                piece = _truncate(piece, width, overflow, pad=True)
            out.append(_truncate(piece, width, overflow))
    return out


def _rstrip_end(text: str, size: int) -> str:
    """Whitespace beyond ``size`` characters dropped from the end (rich counts characters here)."""
    if len(text) > size:
        m = _TRAILING_SPACE.search(text)
        if m is not None:
            cut = min(len(m.group(0)), len(text) - size)
            text = text[:-cut] if cut else text
    return text


def _truncate(text: str, width: int, overflow: str, pad: bool = False) -> str:
    from rich.cells import cell_len, set_cell_size

    length = cell_len(text)
    if length > width:
        text = set_cell_size(text, width - 1) + "…" if overflow == "ellipsis" else set_cell_size(text, width)
    if pad and length < width:
        text += " " * (width - length)
    return text




class PlainText:
    """The subset of ``rich.text.Text`` the pictures use (``append``, ``append_text``,
    ``split``, ``copy``, ``pad_right``, ``cell_len``, ``wrap``, ``join``, ``no_wrap``),
    on a plain string: styles are accepted and dropped."""

    def __init__(self, text: str = "", style: str = "") -> None:
        self.plain = text
        self.no_wrap: bool | None = None

    def __str__(self) -> str:
        return self.plain

    def __repr__(self) -> str:
        return f"PlainText({self.plain!r})"

    def append(self, text, style: str | None = None) -> "PlainText":
        self.plain += text.plain if isinstance(text, PlainText) else text
        return self

    def append_text(self, text: "PlainText") -> "PlainText":
        self.plain += text.plain
        return self

    def split(self, separator: str = "\n") -> list["PlainText"]:
        """The lines, as rich's ``Text.split``: a separator at the very end gives no blank line."""
        parts = self.plain.split(separator)
        if len(parts) > 1 and parts[-1] == "":
            parts.pop()
        return [PlainText(p) for p in parts]

    def copy(self) -> "PlainText":
        out = PlainText(self.plain)
        out.no_wrap = self.no_wrap
        return out

    def pad_right(self, count: int, character: str = " ") -> None:
        if count:
            self.plain += character * count

    @property
    def cell_len(self) -> int:
        from rich.cells import cell_len

        return cell_len(self.plain)

    def wrap(self, console, width: int) -> list["PlainText"]:
        """The lines rich's ``Text.wrap`` gives (justify and overflow by default)."""
        return [PlainText(line) for line in wrap(self.plain, width, no_wrap=bool(self.no_wrap))]

    def join(self, lines) -> "PlainText":
        return PlainText(self.plain.join(line.plain if isinstance(line, PlainText) else line for line in lines))

    def lines(self, width: int) -> list[str]:
        """The lines rich's console prints for this text at ``width`` columns."""
        return wrap(self.plain, width, no_wrap=bool(self.no_wrap))
