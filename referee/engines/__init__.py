"""The games' rule engines: one pure module (or package) a game, see :mod:`referee.games`."""
