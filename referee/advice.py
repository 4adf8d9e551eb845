"""What ``referee advise`` answers: the options open to a player, each with the odds the
game's advisor computed, and how it computed them.

Advisors are pure functions ``advise(game, **options) -> Advice`` named by a game's
``GameSpec.advise``; the CLI and the play session only print an :class:`Advice`.

>>> a = Advice("fluffy", "Fluffy to play", "exact enumeration over 3 zombie hands",
...            [Line("play F", 0.25, detail="2 steps to the tree")])
>>> a.to_json()["options"][0]["probability"]
0.25
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Line:
    """One option: the events (``plan``, in record notation, ``;``-separated when a
    sequence), the ``probability`` of the outcome the advice is about (0..1; e.g. that
    the zombies catch Fluffy next turn), its 95% interval (``low``, ``high``; equal to
    the probability when exact), and a ``detail`` in words (distance to the tree, ...)."""

    plan: str
    probability: float
    low: float | None = None
    high: float | None = None
    detail: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"plan", "probability", "low", "high", "detail", ...extra}``."""
        low = self.probability if self.low is None else self.low
        high = self.probability if self.high is None else self.high
        return {"plan": self.plan, "probability": round(self.probability, 6),
                "low": round(low, 6), "high": round(high, 6), "detail": self.detail, **self.extra}


@dataclass(frozen=True)
class Advice:
    """The advice for one position: the ``game``, who it is for and about what
    (``question``, e.g. "Fluffy: chance of capture in the zombies' next turn"), the
    ``method`` in words (exact enumeration, or Monte Carlo with N samples and a 95%
    interval), and the ``options`` ranked best first (``best`` says which way is best:
    ``low`` when a lower probability is better)."""

    game: str
    question: str
    method: str
    options: list[Line]
    best: str = "low"
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """One JSON object: game, question, method, best, options (ranked), notes."""
        return {"game": self.game, "question": self.question, "method": self.method,
                "best": self.best, "options": [o.to_json() for o in self.options],
                "notes": list(self.notes)}


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of ``successes`` in ``n`` trials.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
