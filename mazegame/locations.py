"""Where mazegame finds its shipped assets and keeps its user files."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def assets_dir() -> Path:
    """The shipped assets folder: inside the package when installed from a wheel,
    beside the package in a source checkout."""
    for candidate in (_PACKAGE / "assets", _PACKAGE.parent / "assets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("mazegame's assets folder is missing from this installation")


def asset(*parts: str) -> Path:
    """Path of one shipped asset file."""
    return assets_dir().joinpath(*parts)


def own_levels_dir() -> Path:
    """Where the level editor saves the player's own levels (and the campaign finds them):
    `levels/` beside the saved results ($MAZEGAME_DATA_DIR, else the user data dir)."""
    from mazegame.storage import default_path

    return default_path().parent / "levels"


def configure_numba_cache() -> None:
    """Point numba's kernel cache at the user cache dir when the package is read-only.

    Must run before numba is imported; an explicit NUMBA_CACHE_DIR always wins.
    """
    if "NUMBA_CACHE_DIR" in os.environ or os.access(_PACKAGE, os.W_OK):
        return
    from platformdirs import user_cache_dir

    os.environ["NUMBA_CACHE_DIR"] = str(Path(user_cache_dir("mazegame")) / "numba")
