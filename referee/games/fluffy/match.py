"""Zombies Want Fluffy match play: the score table of a match (pure: no I/O).

A match is games between two players in pairs, swapping sides each game (rulebook,
MATCH PLAY).  Only the player running Fluffy scores, and scores even in a game Fluffy
loses: 1 for tagging the tree, 1 for each zombie on the board or destroyed by the pink
flower when the game ends, 1 for a win by Dawn's Early Light, 3 for a win by escaping.

The referee's readings (rules database): the player with more wins over the finished
games leads; the match-play points only break a tie on wins, and equal wins and
points call for another pair of games (``fluffy.ruling.match-wins-first``, which
updates ``fluffy.ruling.match-leader``); a game still being
played shows its points as things stand but counts for nobody until it is over
(``fluffy.ruling.match-unfinished-game``).

>>> escape = {"over": True, "winner": "fluffy", "ending": "escape",
...           "fluffy": {"tree": True}, "zombies": [{"name": "Raimi"}], "destroyed": []}
>>> capture = {"over": True, "winner": "zombies", "ending": "capture",
...            "fluffy": {"tree": False}, "zombies": [{"name": "George"}], "destroyed": []}
>>> table = score_match([PlayedGame("Ana", "Ben", escape), PlayedGame("Ben", "Ana", capture)])
>>> [(p.name, p.points, p.wins, p.games) for p in table.players]
[('Ana', 5, 2, 2), ('Ben', 1, 0, 2)]
>>> table.leader, table.pair_complete, table.next_fluffy
('Ana', True, 'Ana')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import BadInputError

from .scoring import ENDINGS, points  # noqa: F401  (ENDINGS: the engine's ending values)

#: The rule and rulings this module applies (entries of the rules database).
RULE_IDS = frozenset({"fluffy.match-play", "fluffy.ruling.match-leader",
                      "fluffy.ruling.match-wins-first", "fluffy.ruling.match-unfinished-game"})


@dataclass(frozen=True)
class Score:
    """Fluffy's match-play points for one game, item by item (whole points).

    ``tree`` 0 or 1, ``zombies`` one per zombie on the board or destroyed by the flower,
    ``dawn`` 0 or 1, ``escape`` 0 or 3; ``total`` their sum.
    """

    tree: int = 0
    zombies: int = 0
    dawn: int = 0
    escape: int = 0

    @property
    def total(self) -> int:
        return self.tree + self.zombies + self.dawn + self.escape

    @classmethod
    def of_state(cls, state: Mapping[str, Any]) -> "Score":
        """The points of an engine JSON state (``Game.to_json()``, records.md "JSON state").

        Reads ``fluffy.tree`` (bool), ``zombies`` and ``destroyed`` (lists), ``ending``
        (``escape``, ``dawn``, ``capture``, ``bladder`` or None).  Set-aside zombies are
        not on the board and score nothing.  :class:`BadInputError` for a state without
        those fields.

        >>> Score.of_state({"fluffy": {"tree": True}, "ending": "escape",
        ...                 "zombies": [{"name": "Raimi"}, {"name": "George"}],
        ...                 "destroyed": ["Romero"]}).to_json()
        {'tree': 1, 'zombies': 3, 'dawn': 0, 'escape': 3, 'total': 7}
        """
        try:
            tree = bool(state["fluffy"]["tree"])
            zombies = len(state["zombies"]) + len(state.get("destroyed") or [])
            ending = state.get("ending")
        except (KeyError, TypeError):
            raise BadInputError("not a Zombies Want Fluffy state: it needs fluffy.tree, "
                                "zombies and destroyed") from None
        parts = points(tree, zombies, ending)
        return cls(tree=parts["tree"], zombies=parts["zombies"], dawn=parts["dawn"], escape=parts["escape"])

    def to_json(self) -> dict[str, int]:
        """``{"tree", "zombies", "dawn", "escape", "total"}``, as in the engine's ``score``."""
        return {"tree": self.tree, "zombies": self.zombies, "dawn": self.dawn,
                "escape": self.escape, "total": self.total}


@dataclass(frozen=True)
class PlayedGame:
    """One game of a match as input: who ran Fluffy, who ran the zombies, and the
    game's final (or current) engine JSON ``state`` (``Game.to_json()``)."""

    fluffy: str
    zombies: str
    state: Mapping[str, Any]


@dataclass(frozen=True)
class GameResult:
    """One row of the match table.

    ``number`` counts from 1; ``over`` False for a game still being played (its
    ``score`` is then as things stand); ``winner_side`` is ``fluffy``, ``zombies`` or
    None and ``winner`` the player on that side; ``ending`` as in :data:`ENDINGS`.
    """

    number: int
    fluffy: str
    zombies: str
    over: bool
    winner_side: str | None
    winner: str | None
    ending: str | None
    score: Score

    @property
    def points(self) -> int:
        """What the game adds to its Fluffy player's points: its total once it is over, else 0."""
        return self.score.total if self.over else 0

    def to_json(self) -> dict[str, Any]:
        """``{"game", "fluffy", "zombies", "over", "winner", "winner_side", "ending", "score"}``;
        ``winner`` is a player name or None, ``score`` is :meth:`Score.to_json`."""
        return {"game": self.number, "fluffy": self.fluffy, "zombies": self.zombies,
                "over": self.over, "winner": self.winner, "winner_side": self.winner_side,
                "ending": self.ending, "score": self.score.to_json()}


@dataclass(frozen=True)
class Standing:
    """One player's line: ``points`` (match-play points over finished games), ``wins``
    (finished games won, on either side) and ``games`` (finished games played)."""

    name: str
    points: int
    wins: int
    games: int

    def to_json(self) -> dict[str, int]:
        return {"points": self.points, "wins": self.wins, "games": self.games}


@dataclass(frozen=True)
class MatchTable:
    """The table of a match.

    ``players`` in match order; ``games`` in playing order; ``leader`` the player with
    more wins, or on equal wins the one with more points, None when both are equal
    (``fluffy.ruling.match-wins-first``); ``decided_by`` ``"wins"``, ``"points"`` or None; ``pair_complete`` True when every game is
    over and each player has run Fluffy equally often (at least once);
    ``next_fluffy``/``next_zombies`` who takes which side in the next game (sides swap
    every game).
    """

    players: tuple[Standing, ...]
    games: tuple[GameResult, ...]
    leader: str | None
    pair_complete: bool
    next_fluffy: str
    next_zombies: str
    decided_by: str | None = None

    @property
    def tie(self) -> bool:
        """True when neither player has more wins, nor (on equal wins) more points."""
        return self.leader is None

    @property
    def needs_another_pair(self) -> bool:
        """True when the pair is complete and tied: the match goes on (fluffy.ruling.match-leader)."""
        return self.pair_complete and self.tie

    def standing(self, name: str) -> Standing:
        """The line of player ``name``; KeyError if not in the match."""
        for s in self.players:
            if s.name == name:
                return s
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """``{"players": {name: {"points", "wins", "games"}}, "leader": name or None,
        "games": [GameResult.to_json(), ...]}``."""
        return {"players": {s.name: s.to_json() for s in self.players},
                "leader": self.leader, "decided_by": self.decided_by,
                "games": [g.to_json() for g in self.games]}

    def export(self, match_id: int | None = None) -> dict[str, Any]:
        """The match for a score-keeping app: finished games only, one entry per player
        per game; the zombies' player always scores 0.

        ``{"match": id, "players": [name, ...], "games": [{"game": n, "players":
        [{"name": str, "side": "fluffy"|"zombies", "score": int, "winner": bool}, ...]}]}``
        """
        games = []
        for g in self.games:
            if not g.over:
                continue
            games.append({"game": g.number, "players": [
                {"name": g.fluffy, "side": "fluffy", "score": g.score.total, "winner": g.winner_side == "fluffy"},
                {"name": g.zombies, "side": "zombies", "score": 0, "winner": g.winner_side == "zombies"},
            ]})
        return {"match": match_id, "players": [s.name for s in self.players], "games": games}


def result_of(number: int, game: PlayedGame) -> GameResult:
    """The table row of ``game``, the ``number``-th of its match.

    :class:`BadInputError` when one player holds both sides or a name is empty, or the
    state is not a Zombies Want Fluffy state.
    """
    fluffy, zombies = game.fluffy.strip(), game.zombies.strip()
    if not fluffy or not zombies:
        raise BadInputError(f"game {number}: both players must be named (Fluffy and Zombies)")
    if fluffy.casefold() == zombies.casefold():
        raise BadInputError(f"game {number}: {fluffy} cannot play both Fluffy and the zombies")
    state = game.state
    over = bool(state.get("over"))
    side = state.get("winner") if over else None
    if side not in (None, "fluffy", "zombies"):
        raise BadInputError(f"game {number}: unknown winner {side!r}")
    winner = {"fluffy": fluffy, "zombies": zombies}.get(side) if side else None
    return GameResult(number, fluffy, zombies, over, side, winner,
                      state.get("ending") if over else None, Score.of_state(state))


def score_match(games: Sequence[PlayedGame], players: Sequence[str] | None = None) -> MatchTable:
    """The match table of ``games`` (in playing order) between ``players``.

    Without ``players`` the two are taken from the games, in order of first appearance
    (Fluffy of the first game first).  With no game at all, ``players`` is required and
    its first player runs Fluffy next.  :class:`BadInputError` when a game names a
    player outside the match, the match does not have exactly two players, or a game is
    malformed (see :func:`result_of`).  Rulebook: MATCH PLAY; rulings
    ``fluffy.ruling.match-leader`` and ``fluffy.ruling.match-unfinished-game``.

    >>> t = score_match([], ["Ana", "Ben"])
    >>> t.leader, t.pair_complete, t.next_fluffy, t.next_zombies
    (None, False, 'Ana', 'Ben')
    """
    rows = [result_of(n, g) for n, g in enumerate(games, 1)]
    names: list[str] = [p.strip() for p in players] if players is not None else []
    if players is None:
        for row in rows:
            for name in (row.fluffy, row.zombies):
                if name not in names:
                    names.append(name)
    if len(names) != 2 or names[0].casefold() == names[1].casefold():
        shown = ", ".join(names) or "nobody"
        raise BadInputError(f"a match is between two players, not {shown}")
    for row in rows:
        for name in (row.fluffy, row.zombies):
            if name not in names:
                raise BadInputError(f"game {row.number}: {name} is not a player of the match "
                                    f"({names[0]} and {names[1]})")
    standings = []
    for name in names:
        done = [r for r in rows if r.over and name in (r.fluffy, r.zombies)]
        standings.append(Standing(name=name,
                                  points=sum(r.points for r in done if r.fluffy == name),
                                  wins=sum(1 for r in done if r.winner == name),
                                  games=len(done)))
    first, second = standings
    leader, decided_by = None, None
    if first.wins != second.wins:  # fluffy.ruling.match-wins-first: wins decide,
        leader, decided_by = max(standings, key=lambda s: s.wins).name, "wins"
    elif first.points != second.points:  # points only break a tie on wins
        leader, decided_by = max(standings, key=lambda s: s.points).name, "points"
    as_fluffy = [sum(1 for r in rows if r.fluffy == name) for name in names]
    complete = bool(rows) and all(r.over for r in rows) and as_fluffy[0] == as_fluffy[1]
    if rows:
        next_fluffy, next_zombies = rows[-1].zombies, rows[-1].fluffy
    else:
        next_fluffy, next_zombies = names
    return MatchTable(tuple(standings), tuple(rows), leader, complete, next_fluffy, next_zombies,
                      decided_by)
