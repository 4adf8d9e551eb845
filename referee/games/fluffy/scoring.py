"""Zombies Want Fluffy's match-play points and the ways a game ends (MATCH PLAY).

The one score function of the game: the engine's ``score`` and match play's
:class:`~referee.games.fluffy.match.Score` both call :func:`points`.

>>> points(tree=True, zombies=2, ending="escape")
{'tree': 1, 'zombies': 2, 'dawn': 0, 'escape': 3, 'total': 6}
"""

from __future__ import annotations

TREE_POINTS = 1     #: tagging the tree
ZOMBIE_POINTS = 1   #: each zombie on the board, or destroyed by the flower, at the end
DAWN_POINTS = 1     #: winning by Dawn's Early Light
ESCAPE_POINTS = 3   #: winning by escaping through the gate

#: The ways a game ends (the engine's ``ending`` values), in words: "Fluffy wins by ...".
ENDINGS = {
    "escape": "escape",
    "dawn": "Dawn's Early Light",
    "capture": "capture",
    "bladder": "Bladder Explosion",
}


def points(tree: bool, zombies: int, ending: str | None) -> dict[str, int]:
    """Fluffy's points item by item: ``tree`` (bool), ``zombies`` (count on the board
    plus destroyed by the flower), ``ending`` (a key of :data:`ENDINGS` or None)."""
    parts = {"tree": TREE_POINTS * int(tree), "zombies": ZOMBIE_POINTS * zombies,
             "dawn": DAWN_POINTS * int(ending == "dawn"),
             "escape": ESCAPE_POINTS * int(ending == "escape")}
    parts["total"] = sum(parts.values())
    return parts
