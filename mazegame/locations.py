"""Where mazegame finds its shipped assets and keeps its user files, and where it may write
them: anywhere the player says, except when the game is served to a browser
(`MAZEGAME_SERVED`), where only its data folder is open to a remote player."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import time
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


#: The folder under numba's cache base that holds one engine's kernels ("engine-" + stamp).
KERNEL_CACHE_PREFIX = "engine-"
STALE_KERNEL_CACHE_SECONDS = 86400  #: another engine's cache folder unused this long goes


def engine_stamp(root: Path = _PACKAGE / "engine") -> str:
    """A digest of every Python file under `root` (by default the engine): its name, size
    and modification time, the stamp numba itself keeps for a kernel's own file. A cached
    kernel holds the kernels it calls compiled into it, so an edit in any engine file must
    retire every cached kernel (numba checks only the kernel's own file)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        st = path.stat()
        digest.update(f"{path.relative_to(root).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\n"
                      .encode())
    return digest.hexdigest()[:16]


def configure_numba_cache() -> None:
    """Point numba's kernel cache (NUMBA_CACHE_DIR) at a folder of this engine's own, named
    by `engine_stamp`, under the base: an explicit NUMBA_CACHE_DIR, else the package's
    `__pycache__` when it is writable, else the user cache dir. Another engine's folder
    left unused for a day is removed. Must run before numba is imported; idempotent, so a
    child process inheriting the variable keeps it."""
    folder = KERNEL_CACHE_PREFIX + engine_stamp()
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        base = Path(given)
        if base.name.startswith(KERNEL_CACHE_PREFIX):
            base = base.parent
    elif os.access(_PACKAGE, os.W_OK):
        base = _PACKAGE / "__pycache__" / "numba"
    else:
        from platformdirs import user_cache_dir

        base = Path(user_cache_dir("mazegame")) / "numba"
    os.environ["NUMBA_CACHE_DIR"] = str(base / folder)
    _remove_stale_kernel_caches(base, folder)


def _remove_stale_kernel_caches(base: Path, keep: str) -> None:
    """Remove other engines' cache folders under `base` unused for a day; mark `keep` used."""
    now = time.time()
    try:
        (base / keep).mkdir(parents=True, exist_ok=True)
        os.utime(base / keep)
        for other in base.glob(KERNEL_CACHE_PREFIX + "*"):
            if other.name != keep and now - other.stat().st_mtime > STALE_KERNEL_CACHE_SECONDS:
                shutil.rmtree(other, ignore_errors=True)
    except OSError:
        pass  # a read-only cache base: numba then compiles without caching, as it would
