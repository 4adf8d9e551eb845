"""Words the referee says: the closest known word to a typo, and a count with its noun.

Shared by every game, so that "unknown event 'tlie'" and "1 zombie" read the same way
everywhere.  rapidfuzz is imported only when a word is unknown.
"""

from __future__ import annotations

from typing import Iterable

from referee.errors import BadInputError

#: How alike (0-100, rapidfuzz's normalised Indel similarity, case folded) a known word
#: must be to a typed one to be suggested: "paly" and "play" score 75, "strat" and
#: "start" 80, "tlie" and "tile" 75; "xyz" and "end" score 0.
SUGGEST_CUTOFF = 60.0


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word most like ``word``, or None when none is alike enough.

    >>> closest("paly", ["deal", "draw", "play", "end"])
    'play'
    >>> closest("Skirmsh", ["Skirmish", "Combat", "Evade"])
    'Skirmish'
    >>> closest("qqq", ["play", "end"]) is None
    True
    """
    choices = [k for k in known if k]
    if not word or not choices:
        return None
    from rapidfuzz import fuzz, process, utils

    best = process.extractOne(word[:64], choices, scorer=fuzz.ratio, processor=utils.default_process,
                              score_cutoff=SUGGEST_CUTOFF)
    return best[0] if best else None


def unknown(what: str, word: str, known: Iterable[str], listed: str | None = None) -> BadInputError:
    """The :class:`BadInputError` for an unknown ``what`` (``"verb"``, ``"card"``,
    ``"event"``) typed as ``word``: it suggests the closest of ``known`` and lists them
    (or ``listed``, a shorter way to write them).

    >>> str(unknown("verb", "paly", ["play", "end"]))
    "unknown verb 'paly': did you mean 'play'? (known: play, end)"
    >>> str(unknown("event", "zzz", ["tile", "bid"]))
    "unknown event 'zzz' (known: tile, bid)"
    """
    known = list(known)
    shown = word.strip()[:30]
    best = closest(shown, known)
    hint = f": did you mean {best!r}?" if best else ""
    return BadInputError(f"unknown {what} {shown!r}{hint} (known: {listed or ', '.join(known)})")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one.

    >>> plural(1, "zombie"), plural(2, "zombie"), plural(0, "ammo", "ammo"), plural(3, "life", "lives")
    ('1 zombie', '2 zombies', '0 ammo', '3 lives')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"
