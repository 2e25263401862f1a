"""The player's settings as text key/values in their own SQLite file, beside the results.

Only the file: what the keys are and which values they take is `mazegame.ui.preferences`.
No operation raises: trouble is told through `notices`, naming the file.
- a file that cannot be read as settings (not SQLite, damaged, a newer schema of another
  shape) is moved aside under a timestamped name and a fresh one started, as the results are;
- a read-only or missing folder: the settings are read when possible, changes are kept for
  this session only and the notice says so.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

SCHEMA_VERSION = 1  #: PRAGMA user_version of a settings file this code writes


def default_path() -> Path:
    """settings.sqlite3 beside the saved results ($MAZEGAME_DATA_DIR, else the user data dir)."""
    from mazegame.storage import default_path as results_path

    return results_path().parent / "settings.sqlite3"


class SettingsFile:
    """Settings as text key/values in SQLite; a file that cannot be read is set aside."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.notices: list[str] = []  #: what went wrong, for the player, oldest first
        self.writable = True  #: False: changes last this session only
        self._memory: dict[str, str] = {}  #: changes made while the file could not be written

    def _connect(self) -> sqlite3.Connection:
        """The file, opened and checked (sqlite3.DatabaseError when it is not settings)."""
        db = sqlite3.connect(self.path, timeout=3.0)
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                db.execute("CREATE TABLE IF NOT EXISTS settings "
                           "(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                db.commit()
            elif version != SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"settings schema {version}, this game reads "
                                            f"{SCHEMA_VERSION}")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("the file is damaged")
            db.execute("SELECT key, value FROM settings LIMIT 1").fetchall()
        except BaseException:
            db.close()
            raise
        return db

    def _open(self) -> sqlite3.Connection | None:
        """A checked connection; a damaged file set aside (and a fresh one made), or None
        when the folder cannot hold a settings file."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return self._connect()
        except sqlite3.OperationalError as err:
            if self.path.exists() and "locked" not in str(err) and "readonly" not in str(err):
                return self._set_aside(str(err))
            return self._not_saving(str(err))
        except sqlite3.DatabaseError as err:
            return self._set_aside(str(err))
        except OSError as err:
            return self._not_saving(err.strerror or str(err))

    def _set_aside(self, detail: str) -> sqlite3.Connection | None:
        """Move the unreadable file aside under a timestamped name and start a fresh one."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():  # never over an earlier one
            n += 1
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        try:
            self.path.rename(aside)
        except OSError as err:
            return self._not_saving(f"{detail}; it could not be moved aside: {err.strerror}")
        self.notices.append(f"Settings in {self.path} could not be read ({detail}); the file "
                            f"was kept as {aside.name} and the defaults are used.")
        try:
            return self._connect()
        except (sqlite3.Error, OSError) as err:
            return self._not_saving(str(err))

    def _not_saving(self, detail: str) -> None:
        """Say once that settings are kept for this session only."""
        if self.writable:
            self.notices.append(f"Settings cannot be saved in {self.path} ({detail}): changes "
                                f"last until the game is closed.")
        self.writable = False
        return None

    def read(self) -> dict[str, str]:
        """Every stored key and its text (changes this session could not save included)."""
        stored: dict[str, str] = {}
        if self.path.exists():  # nothing saved yet: no file is made to read nothing
            db = self._open()
            if db is not None:
                with db:
                    stored = dict(db.execute("SELECT key, value FROM settings"))
                db.close()
        return {**stored, **self._memory}

    def write(self, key: str, value: str | None) -> bool:
        """Store one key's text (None: forget it, the default applies); False when it could
        only be kept for this session."""
        db = self._open() if self.writable else None
        if db is None:
            self._memory[key] = value  # type: ignore[assignment]
            if value is None:
                self._memory.pop(key)
            return False
        with db:  # one transaction
            if value is None:
                db.execute("DELETE FROM settings WHERE key = ?", (key,))
            else:
                db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                           (key, value))
        db.close()
        return True
