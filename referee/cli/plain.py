"""Output without rich, for when rich would add nothing but layout: stdout is not a
terminal, so rich writes no colour and no escape codes (issue 26: start-up of
``show``, ``legal``, ``move``).  Importing ``rich.console`` and ``rich.table`` costs more
than the rest of those commands; this module lays out the few shapes they print (text
wrapped to the width, the tables of ``legal``) and gives the very bytes rich would.

It is layout beside a library, so it is guarded: every function returns None for any
input it is not sure to lay out exactly as rich does (markup or emoji codes, control
characters, tabs, a cramped width, a line that would not fit), and the caller then
prints with rich.  ``tests/test_plain.py`` compares both on random texts and tables.
Cell widths, word division and cropping are rich's own (``rich.cells``,
``rich._wrap``: small modules, cheap to import), so wide and combining characters
measure the same.
"""

from __future__ import annotations

import os
import re
import sys
from math import ceil
from typing import Sequence

from referee.plaintext import wrap

#: The narrowest width laid out here (rich's layout of very narrow widths is its own).
MIN_WIDTH = 20
#: Characters rich's Text strips or splits lines on, tabs it expands, and the joiner and
#: variation selector its grapheme rules treat apart: never laid out here.
_UNSAFE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u200d\u2028\u2029\ufe0f]")
#: An emoji code (``:smile:``) as rich's replacer looks for it.
_EMOJI = re.compile(r":\S*?:")


def console_size() -> tuple[int, int] | None:
    """``(columns, lines)`` rich would lay stdout out in when it would write plain
    text (stdout not a terminal, as rich decides it: ``TTY_COMPATIBLE``, ``FORCE_COLOR``,
    ``isatty``); None when rich would style the output, or when the case is one rich
    treats specially (Windows, Jupyter, IDLE, an encoding other than UTF-8) or the width
    is under :data:`MIN_WIDTH`."""
    if os.name == "nt" or "get_ipython" in getattr(__builtins__, "__dict__", __builtins__):
        return None
    try:  # rich's own measures: without them (another rich), rich prints everything
        from rich._wrap import divide_line  # noqa: F401
        from rich.cells import cell_len, set_cell_size  # noqa: F401
    except ImportError:
        return None
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return None
    env = os.environ
    out = sys.stdout
    if out is None or hasattr(out, "rich_proxied_file"):
        return None
    if (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "").replace("_", "") != "utf8":
        return None  # rich words an encoding error its own way
    compatible = env.get("TTY_COMPATIBLE", "")
    if compatible == "1":
        return None
    if compatible != "0":
        force = env.get("FORCE_COLOR")
        if force is not None:
            if force != "":
                return None
        else:
            isatty = getattr(out, "isatty", None)
            try:
                if isatty is not None and isatty():
                    return None
            except ValueError:
                pass
    columns, lines = env.get("COLUMNS"), env.get("LINES")
    try:  # rich's reading; a digit int() refuses ("²") is rich's to report
        width = int(columns) if columns is not None and columns.isdigit() else None
        height = int(lines) if lines is not None and lines.isdigit() else None
    except ValueError:
        return None
    if width is None or height is None:
        size = None
        for fd in _std_streams():
            try:
                size = os.get_terminal_size(fd)
            except (AttributeError, ValueError, OSError):
                continue
            break
        w, h = size if size is not None else (None, None)
        width = width if width is not None else (w or 80)
        height = height if height is not None else (h or 25)
    if width < MIN_WIDTH:
        return None
    return width, height


def _std_streams() -> tuple[int, int, int]:
    """The descriptors rich asks for the terminal size, in its order."""
    fds = []
    for stream, default in ((sys.__stdin__, 0), (sys.__stdout__, 1), (sys.__stderr__, 2)):
        try:
            fds.append(stream.fileno())
        except Exception:
            fds.append(default)
    return tuple(fds)  # type: ignore[return-value]


def safe(text: str, markup: bool = True) -> bool:
    """Whether rich would print ``text`` as it is: no control character or tab, no
    emoji code, and (with ``markup``) no ``[`` that could open a tag."""
    return not (_UNSAFE.search(text) or _EMOJI.search(text) or (markup and "[" in text))


def text_lines(text: str, width: int, markup: bool = True) -> list[str] | None:
    """The lines rich's ``Console.print(text)`` writes at ``width`` columns (no style,
    no highlighting), or None when :func:`safe` says rich must do it."""
    if not isinstance(text, str) or not safe(text, markup):
        return None
    lines = wrap(text, width)
    return lines if _fits(lines, width) else None


def _fits(lines: Sequence[str], width: int) -> bool:
    from rich.cells import cell_len

    return all(cell_len(line) <= width for line in lines)


# -- tables (rich.table.Table(box=None), the defaults otherwise) --------------------------------


def _measure_column(cells: Sequence[str], width: int) -> int:
    """A column's width as rich measures it in ``width`` cells: its longest line (at
    most ``width`` less the padding of one each side) plus that padding."""
    from rich.cells import cell_len

    if width < 1:
        return 0
    inner = width - 2
    if inner < 1:  # no room inside the padding: rich gives the whole width
        return width
    longest = max((cell_len(line) for cell in cells for line in cell.splitlines()), default=0)
    return min(longest, inner) + 2


def _ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's ``ratio_reduce``: take ``total`` from ``values`` in proportion to ``ratios``."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    out = []
    for ratio, most, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            given = min(most, round(ratio * remaining / total_ratio))
            out.append(value - given)
            remaining -= given
            total_ratio -= ratio
        else:
            out.append(value)
    return out


def _ratio_distribute(total: int, ratios: list[int], minimums: list[int] | None = None) -> list[int]:
    """rich's ``ratio_distribute``: ``total`` in parts in proportion to ``ratios``, each
    at least its ``minimums`` entry.  Written here because ``rich._ratio`` imports
    :mod:`fractions` (and :mod:`decimal`), a start-up cost of every Fluxx and Zombie
    Attack picture (issue 26)."""
    if minimums:
        ratios = [ratio if least else 0 for ratio, least in zip(ratios, minimums)]
    total_ratio = sum(ratios)
    assert total_ratio > 0, "Sum of ratios must be > 0"
    remaining = total
    out = []
    for ratio, least in zip(ratios, [0] * len(ratios) if minimums is None else minimums):
        given = max(least, ceil(ratio * remaining / total_ratio)) if total_ratio > 0 else remaining
        out.append(given)
        total_ratio -= ratio
        remaining -= given
    return out


def _collapse(widths: list[int], wrapable: list[bool], max_width: int) -> list[int]:
    """rich's ``Table._collapse_widths``: shrink the widest wrapable columns first."""
    total = sum(widths)
    excess = total - max_width
    if any(wrapable):
        while total and excess > 0:
            top = max(w for w, ok in zip(widths, wrapable) if ok)
            second = max(w if ok and w != top else 0 for w, ok in zip(widths, wrapable))
            diff = top - second
            ratios = [1 if (w == top and ok) else 0 for w, ok in zip(widths, wrapable)]
            if not any(ratios) or not diff:
                break
            widths = _ratio_reduce(excess, ratios, [min(excess, diff)] * len(widths), widths)
            total = sum(widths)
            excess = total - max_width
    return widths


def table_lines(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int,
                no_wrap: Sequence[bool] = ()) -> list[str] | None:
    """The lines rich prints for ``Table(box=None)`` with a header ``columns`` and the
    rows ``rows`` (strings) at ``width`` columns; a column whose ``no_wrap`` is true is
    never wrapped and folds what does not fit (``no_wrap=True, overflow="fold"``), the
    others wrap at words and cut a word too long with ``…`` (rich's defaults).  None
    when a cell is not :func:`safe` or the width is too cramped to be sure."""
    ncol = len(columns)
    no_wrap = list(no_wrap) + [False] * (ncol - len(no_wrap))
    if not ncol or any(len(r) != ncol for r in rows):
        return None
    cols = [["" if c is None else c for c in (columns[i], *(r[i] for r in rows))] for i in range(ncol)]
    if not all(isinstance(c, str) and safe(c) for col in cols for c in col):  # rich prints None as ""
        return None
    widths = [_measure_column(col, width) or 1 for col in cols]
    if sum(widths) > width:
        widths = _collapse(widths, [not nw for nw in no_wrap], width)
        if sum(widths) > width:
            widths = _ratio_reduce(sum(widths) - width, [1] * ncol, widths, widths)
        widths = [_measure_column(col, w) for col, w in zip(cols, widths)]
    if any(w < 3 for w in widths) or sum(widths) > width:
        return None
    out: list[str] = []
    for index in range(len(rows) + 1):
        cells = []
        for col, w, nw in zip(cols, widths, no_wrap):
            lines = wrap(col[index], w - 2, overflow="fold" if nw else "ellipsis", justify="left", no_wrap=nw)
            cells.append([f" {line} " for line in lines])
        height = max(len(c) for c in cells)
        for c, w in zip(cells, widths):
            blank = [" " * w] * (height - len(c))
            c[:] = blank + c if index == 0 else c + blank  # the header sits at the bottom of its row
        out.extend("".join(parts) for parts in zip(*cells))
    return out if _fits(out, width) else None


def checked(lines: Sequence[str] | None, width: int) -> Sequence[str] | None:
    """``lines`` when each fits ``width`` and holds no character rich would strip or
    expand (:data:`_UNSAFE`), else None."""
    if lines is None or any(_UNSAFE.search(line) for line in lines) or not _fits(lines, width):
        return None
    return lines


def write(lines: Sequence[str]) -> None:
    """Write ``lines`` to stdout, each ended by a newline, at once."""
    sys.stdout.write("".join(f"{line}\n" for line in lines))
    sys.stdout.flush()


# -- grids that fit (rich.table.Table(box=None), any pad_edge, per-column justify) --------------


def grid_lines(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int,
               justify: Sequence[str] = (), pad_edge: bool = True) -> list[str] | None:
    """The lines rich prints for ``Table(box=None, pad_edge=pad_edge)`` with a header
    ``columns`` and the rows ``rows`` (one-line strings) at ``width`` columns, each
    column justified ``"left"`` (the default) or ``"right"`` as ``justify`` says; only
    when every column gets its natural width (the table fits, no cell is wrapped,
    cropped or squeezed).  None otherwise, or when a cell is not :func:`safe` (it
    holds markup, an emoji code, a newline): the caller then prints with rich.  Used
    by the pictures of ``show`` (issue 26); :func:`table_lines` is the ``legal`` one."""
    from rich.cells import cell_len

    ncol = len(columns)
    if not ncol or any(len(r) != ncol for r in rows):
        return None
    justify = list(justify) + ["left"] * (ncol - len(justify))
    if any(j not in ("left", "right") for j in justify):
        return None
    table = [list(columns), *(list(r) for r in rows)]
    if not all(isinstance(c, str) and "\n" not in c and safe(c) for row in table for c in row):
        return None
    pads = []
    for i in range(ncol):
        left = 0 if (not pad_edge and i == 0) else 1
        right = 0 if (not pad_edge and i == ncol - 1) else 1
        pads.append((left, right))
    natural = [max(cell_len(row[i]) for row in table) for i in range(ncol)]
    widths = [(n + l + r) or 1 for n, (l, r) in zip(natural, pads)]
    if sum(widths) > width or any(w - l - r < n for w, n, (l, r) in zip(widths, natural, pads)):
        return None
    out = []
    for row in table:
        parts = []
        for cell, w, (l, r), j in zip(row, widths, pads, justify):
            inner = w - l - r
            gap = " " * (inner - cell_len(cell))
            parts.append(" " * l + (gap + cell if j == "right" else cell + gap) + " " * r)
        out.append("".join(parts))
    return out if _fits(out, width) else None


# -- tables of a picture: Table(box=None, expand=...) with per-column settings (issue 26) ----


def column_table_lines(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int, *,
                       max_widths: Sequence[int | None] = (), ratios: Sequence[int | None] = (),
                       justify: Sequence[str] = (), overflow: Sequence[str] = (),
                       padding: int = 1, pad_edge: bool = True, expand: bool = False,
                       show_header: bool = True) -> list[str] | None:
    """The lines rich prints for ``Table(box=None, padding=(0, padding), pad_edge=...,
    expand=..., show_header=...)`` whose columns have the given ``max_width``,
    ``ratio``, ``justify`` (``left`` or ``right``) and ``overflow`` (``fold`` or
    ``ellipsis``; none is ``no_wrap``), every cell a string without markup, at
    ``width`` columns.  Separate from :func:`table_lines` (the ``legal`` tables), for
    the pictures of Zombie Fluxx and Zombie Attack.  None when a cell is not
    :func:`safe`, the width is under :data:`MIN_WIDTH` or a column would be squeezed
    to nothing (rich's own layout then)."""
    from rich.cells import cell_len

    ncol = len(columns)

    def pick(values, default):
        return [values[i] if i < len(values) and values[i] is not None else default for i in range(ncol)]

    max_widths, ratios = pick(max_widths, None), pick(ratios, None)
    justify, overflow = pick(justify, "left"), pick(overflow, "ellipsis")
    if not ncol or any(len(r) != ncol for r in rows) or width < MIN_WIDTH:
        return None
    if any(j not in ("left", "right") for j in justify) or any(o not in ("fold", "ellipsis") for o in overflow):
        return None
    cols = [[*([columns[i]] if show_header else []), *(r[i] for r in rows)] for i in range(ncol)]
    if not all(isinstance(c, str) and safe(c) for col in cols for c in col):
        return None
    pads = []
    for i in range(ncol):
        left = 0 if (i == 0 and not pad_edge) else padding
        right = 0 if (i == ncol - 1 and not pad_edge) else padding
        pads.append((left, right))

    def measure(i: int, room: int) -> int:
        """``_measure_column(...).maximum`` of column ``i`` in ``room`` cells."""
        if room < 1:
            return 0
        left, right = pads[i]
        extra = left + right
        best = 0
        for cell in cols[i]:
            if room - extra < 1:
                m = room
            else:
                longest = max((cell_len(line) for line in cell.splitlines()), default=0)
                inner = min(longest, room)
                m = min((0 if inner < 1 else inner) + extra, room)
            best = max(best, m)
        best = min(best, room)
        if max_widths[i] is not None:
            best = min(best, max_widths[i] + extra)
        return best

    ranges = [measure(i, width) for i in range(ncol)]
    widths = [r or 1 for r in ranges]
    flexible = [r is not None for r in ratios]
    if expand and any(ratios[i] for i in range(ncol) if flexible[i]):
        fixed = [0 if flexible[i] else ranges[i] for i in range(ncol)]
        minimum = [1 + sum(pads[i]) for i in range(ncol) if flexible[i]]
        shares = iter(_ratio_distribute(width - sum(fixed), [ratios[i] or 0 for i in range(ncol) if flexible[i]],
                                       minimum))
        widths = [fixed[i] + next(shares) if flexible[i] else widths[i] for i in range(ncol)]
    total = sum(widths)
    if total > width:
        widths = _collapse(widths, [True] * ncol, width)
        total = sum(widths)
        if total > width:
            widths = _ratio_reduce(total - width, [1] * ncol, widths, widths)
            total = sum(widths)
        widths = [measure(i, w) for i, w in enumerate(widths)]
    if total < width and expand:
        if not any(widths):
            return None
        widths = [w + p for w, p in zip(widths, _ratio_distribute(width - total, widths))]
    if any(w - sum(pad) < 1 for w, pad in zip(widths, pads)) or sum(widths) > width:
        return None
    out: list[str] = []
    for index in range(len(cols[0])):
        cells = []
        for i in range(ncol):
            left, right = pads[i]
            inner = widths[i] - left - right
            lines = wrap(cols[i][index], inner, overflow=overflow[i], justify="left")
            if justify[i] == "right":
                lines = [" " * (inner - cell_len(line.rstrip())) + line.rstrip() for line in lines]
            cells.append([" " * left + line + " " * right for line in lines])
        height = max(len(c) for c in cells)
        for c, w in zip(cells, widths):
            blank = [" " * w] * (height - len(c))
            c[:] = blank + c if (show_header and index == 0) else c + blank
        out.extend("".join(parts) for parts in zip(*cells))
    return out if _fits(out, width) else None
