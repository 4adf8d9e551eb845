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
