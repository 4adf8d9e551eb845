"""``python -m referee``: the same as the ``referee`` command."""

import gc

# Start-up (issue 26): no garbage collection while the modules load.  What they create
# lives to the end of the process, yet each collection scans it again (and the one at
# exit scans it all).  :func:`referee.cli.main` freezes it (gc.freeze: never scanned)
# and turns collection back on before the command runs.
gc.disable()

import referee  # noqa: E402

referee.LEAN_START = True

from referee.cli import main  # noqa: E402  (after the flag: the console script's entry point too)

if __name__ == "__main__":
    main()
