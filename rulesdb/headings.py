"""Find the headings of a rulebook's plain text and split it into sections.

Three layouts are recognised (see the rulebooks in the shared folder):

* **markdown**: any line starting ``#``..``######``; then only those lines are headings
  (the ``#`` marks and ``**`` emphasis are removed, the rest kept as printed);
* **spaced** text, where paragraphs are separated by blank lines: an ALL-CAPS line after
  a blank line, or a short title line standing alone between blank lines;
* **dense** text with hardly any blank lines (one line per wrapped line): a short
  Title Case line after the end of a sentence (or after another short line), not
  followed by a line that continues a sentence; a one- to three-word Title Case line
  right after it is the heading's continuation (``Draw a Map Tile and Place`` / ``It``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on",
                "or", "the", "to", "with", "vs", "it", "is"}


@dataclass(frozen=True)
class Section:
    """A heading and the text under it (up to the next heading); ``line`` is 1-based."""

    heading: str
    text: str
    line: int


def clean_heading(text: str) -> str:
    """A heading as printed, without markdown ``#`` marks, ``**``/``*`` emphasis or padding."""
    text = text.strip().strip("#").strip()
    text = text.replace("**", "").replace("__", "")
    text = re.sub(r"(?<!\w)\*(\S[^*]*?)\*(?!\w)", r"\1", text)
    return " ".join(text.split())


def normalize_heading(text: str) -> str:
    """A comparison key for headings: case, quotes, dashes, spacing and a trailing colon
    do not matter (``"BASIC RULES:"`` == ``"Basic rules"``)."""
    text = unicodedata.normalize("NFKC", clean_heading(text))
    text = text.translate(str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"',
                                         "\u201d": '"', "\u2013": "-", "\u2014": "-"}))
    text = text.casefold().rstrip(" :.")
    return " ".join(text.split())


def _letters(line: str) -> str:
    return "".join(ch for ch in line if ch.isalpha())


def _is_caps(line: str) -> bool:
    letters = _letters(line)
    return len(letters) >= 3 and letters.isupper() and len(line) <= 70


def _title_words_ok(line: str) -> bool:
    words = re.findall(r"[^\W\d_][\w'’()!-]*", line)
    if not words:
        return False
    for w in words:
        core = w.strip("()'’!-")
        if not core:
            continue
        if core.lower() in _SMALL_WORDS:
            continue
        if not core[0].isupper():
            return False
    return True


def _plain_candidate(line: str, max_words: int) -> bool:
    s = line.strip()
    if not s or len(s) > 80 or len(s.split()) > max_words:
        return False
    if s[0] in "-|*+>" or "=" in s or "|" in s:
        return False
    if not (s[0].isalpha() and s[0].isupper()):
        return False
    if s[-1] in ".,;:" or s[-1].isdigit():
        return False
    return True


def _layout(lines: list[str]) -> str:
    if any(_MD_HEADING.match(line) for line in lines):
        return "markdown"
    nonblank = [line for line in lines if line.strip()]
    blank = len(lines) - len(nonblank)
    return "dense" if nonblank and blank < 0.1 * len(nonblank) else "spaced"


def _heading_lines(lines: list[str]) -> list[tuple[int, int, str]]:
    """``(first line index, last line index, heading text)`` of each heading."""
    layout = _layout(lines)
    out: list[tuple[int, int, str]] = []
    n = len(lines)

    def blank(i: int) -> bool:
        return i < 0 or i >= n or not lines[i].strip()

    if layout == "markdown":
        for i, line in enumerate(lines):
            m = _MD_HEADING.match(line)
            if m and clean_heading(m.group(2)):
                out.append((i, i, clean_heading(m.group(2))))
        return out

    if layout == "spaced":
        for i, line in enumerate(lines):
            s = line.strip()
            if not s or not blank(i - 1):
                continue
            if _is_caps(s) and s[0] not in "-|*" and "=" not in s and not s[-1] in ",;":
                out.append((i, i, clean_heading(s)))
            elif blank(i + 1) and _plain_candidate(s, 10):
                out.append((i, i, clean_heading(s)))
        return out

    # dense
    i = 0
    last_heading_end = -2
    while i < n:
        s = lines[i].strip()
        prev = lines[i - 1].strip() if i > 0 else ""
        nxt = lines[i + 1].strip() if i + 1 < n else ""
        prev_ok = (not prev or prev[-1] in ".!?:)" or last_heading_end == i - 1
                   or (len(prev.split()) <= 3 and prev[0] not in "-|" and _letters(prev)))
        if (s and prev_ok and _plain_candidate(s, 8) and _title_words_ok(s)
                and not (nxt and nxt[0].islower())):
            end = i
            if (nxt and len(nxt.split()) <= 3 and _plain_candidate(nxt, 3) and _title_words_ok(nxt)
                    and i + 2 < n and lines[i + 2].strip()[:1] in "-"):
                end = i + 1
                s = f"{s} {nxt}"
            out.append((i, end, clean_heading(s)))
            last_heading_end = end
            i = end + 1
            continue
        i += 1
    return out


def headings(text: str) -> list[str]:
    """The headings of a rulebook's text, in order, as printed (see the module doc)."""
    return [h for _, _, h in _heading_lines(text.splitlines())]


def _clean_body(lines: list[str]) -> str:
    body = "\n".join(line.rstrip() for line in lines)
    body = body.replace("**", "")
    body = re.sub(r"\n{3,}", "\n\n", body)
    return body.strip()


def split_sections(text: str, first_title: str = "Introduction") -> list[Section]:
    """Split a rulebook into :class:`Section` s at its headings.

    Text before the first heading becomes a section titled ``first_title``; headings with
    nothing under them (a title directly followed by a sub-heading) are dropped.
    """
    lines = text.splitlines()
    marks = _heading_lines(lines)
    sections: list[Section] = []
    start, title, at = 0, first_title, 1
    for first, last, heading in marks:
        body = _clean_body(lines[start:first])
        if body:
            sections.append(Section(title, body, at))
        start, title, at = last + 1, heading, first + 1
    body = _clean_body(lines[start:])
    if body:
        sections.append(Section(title, body, at))
    return sections


def chunk(text: str, size: int = 900) -> list[str]:
    """Split a long section body into pieces of about ``size`` characters at paragraph
    or list-item boundaries (a piece is never cut inside a paragraph)."""
    if len(text) <= size:
        return [text]
    blocks = re.split(r"\n\s*\n|\n(?=\s*-\s)", text)
    pieces: list[str] = []
    cur = ""
    for block in blocks:
        block = block.strip()
        if not block:
            continue
        if cur and len(cur) + len(block) + 1 > size:
            pieces.append(cur)
            cur = block
        else:
            cur = f"{cur}\n{block}" if cur else block
    if cur:
        pieces.append(cur)
    return pieces
