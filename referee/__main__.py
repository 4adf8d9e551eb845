"""``python -m referee``: the same as the ``referee`` command."""

from referee.cli import main

if __name__ == "__main__":
    main()
