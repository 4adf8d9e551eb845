"""Where the referee keeps its files: one helper for every default path.

Each file has an environment variable that overrides it (tests and users point the
referee elsewhere with it), else it lives in the user data or cache directory
(platformdirs).
"""

from __future__ import annotations

import os
from pathlib import Path


def user_file(env: str, name: str, kind: str = "data") -> Path:
    """``$env`` if set, else ``name`` in the user ``kind`` directory (``data`` or
    ``cache``) of the ``referee`` application."""
    value = os.environ.get(env)
    if value:
        return Path(value).expanduser()
    import platformdirs

    folder = platformdirs.user_cache_dir if kind == "cache" else platformdirs.user_data_dir
    return Path(folder("referee", appauthor=False)) / name


def data_text(*parts: str) -> str:
    """The UTF-8 text of a file shipped in ``referee/data``, e.g.
    ``data_text("boards", "default.toml")``.

    Read straight from the package folder; through :mod:`importlib.resources` only when
    the package is not a folder on disk (a zip), since that costs an import of
    :mod:`zipfile` on every start.  :class:`OSError` (``FileNotFoundError``) when there
    is no such file.

    >>> data_text("boards", "default.toml").startswith("# The referee")
    True
    """
    try:
        return Path(__file__).with_name("data").joinpath(*parts).read_text(encoding="utf-8")
    except OSError:
        from importlib import resources

        return resources.files("referee.data").joinpath(*parts).read_text(encoding="utf-8")
