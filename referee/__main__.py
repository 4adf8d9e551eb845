"""``python -m referee``: the same as the ``referee`` command."""

import referee

referee.LEAN_START = True

from referee.cli import main  # noqa: E402  (after the flag: the console script's entry point too)

if __name__ == "__main__":
    main()
