"""Where mazegame finds its shipped assets and keeps its user files, and where it may write
them: anywhere the player says, except when the game is served to a browser
(`MAZEGAME_SERVED`), where only its data folder is open to a remote player."""

from __future__ import annotations

import errno
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent

#: Set (to anything but "" or "0") in the environment of a game played through a browser:
#: `mazegame serve` sets it for each game it starts; set it yourself when serving `mazegame
#: play` with another tool. Its games write files only inside the data folder.
SERVED_VARIABLE = "MAZEGAME_SERVED"


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
    return data_dir() / "levels"


def data_dir() -> Path:
    """The player's data folder: $MAZEGAME_DATA_DIR, else the platform's user data dir."""
    from mazegame.storage import default_path

    return default_path().parent


def served() -> bool:
    """Whether this game is played by a remote browser (`MAZEGAME_SERVED` is set)."""
    return os.environ.get(SERVED_VARIABLE, "") not in ("", "0")


def write_refusal(path: str | Path) -> str:
    """Why the game may not write a file at `path` ("" when it may): a served game writes
    only inside its data folder, with symlinks and `..` resolved first."""
    if not served():
        return ""
    home = data_dir().expanduser().resolve()
    try:
        target = Path(path).expanduser().resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL in the name
        return f"a game played in a browser cannot tell where {path} leads: not written"
    if target.is_relative_to(home):
        return ""
    return (f"a game played in a browser writes only inside its data folder {home}, "
            f"not {target}")


class OutsideDataFolder(PermissionError):
    """A served game asked to write outside its data folder (the message says so)."""


def writable_path(path: str | Path) -> Path:
    """`path`, its folder made, for the game to write a file the player chose. The one rule
    for such files: under `MAZEGAME_SERVED` a path outside the data folder is refused
    (OutsideDataFolder, an OSError whose strerror says why) before any folder is made."""
    refusal = write_refusal(path)
    if refusal:
        raise OutsideDataFolder(errno.EACCES, refusal)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def configure_numba_cache() -> None:
    """Point numba's kernel cache at the user cache dir when the package is read-only.

    Must run before numba is imported; an explicit NUMBA_CACHE_DIR always wins.
    """
    if "NUMBA_CACHE_DIR" in os.environ or os.access(_PACKAGE, os.W_OK):
        return
    from platformdirs import user_cache_dir

    os.environ["NUMBA_CACHE_DIR"] = str(Path(user_cache_dir("mazegame")) / "numba")
