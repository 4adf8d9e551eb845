"""referee: a command-line referee and rules lookup for zombie tabletop games.

The library side: engines (``referee.engines``), records (``referee.records``),
the store (``referee.store``) and replay (``referee.replay``); the CLI in
``referee.cli`` is a thin layer over them.
"""

__version__ = "0.1.0"

#: Set by ``python -m referee`` and the ``referee`` script before ``referee.cli`` is
#: imported: the games' own commands are then registered only when the command line
#: needs them (start-up time; see ``referee.cli.register_games``).
LEAN_START = False
