"""The player's settings as text key/values in their own SQLite file, beside the results.

Only the file: what the keys are and which values they take is `mazegame.ui.preferences`.
No operation raises: trouble is told in `notices` (reading) and `problem` (the last change),
naming the file, as the results store does (`storage`):
- another program holding the file, a read-only file or folder: the settings are read when
  possible; a change that cannot be saved is kept for this session (and written with the next
  change that can be);
- a file of a newer version of mazegame is never moved or changed: read where its table is
  still ours, changes kept for this session;
- a damaged file is moved aside under a timestamped name (the notice says where) and a fresh
  one started, but only by a writer: a `read_only` reader (`config get`) changes no file and
  says in `unreadable` why the settings could not be read.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from mazegame.results_db import BUSY, CORRUPT, ERRORS, READ_ONLY, kind_of

SCHEMA_VERSION = 1  #: PRAGMA user_version of a settings file this code writes


def default_path() -> Path:
    """settings.sqlite3 beside the saved results ($MAZEGAME_DATA_DIR, else the user data dir)."""
    from mazegame.storage import default_path as results_path

    return results_path().parent / "settings.sqlite3"


class Damaged(Exception):
    """The file is not a settings file this code can read (the message says why)."""


class SettingsFile:
    """Settings as text key/values in SQLite; a damaged file is set aside by writers."""

    WAIT = 3.0  #: longest wait for another program's lock, in seconds

    def __init__(self, path: Path | str | None = None, *, read_only: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.read_only = read_only  #: change no file (a reader: `config get`, `config list`)
        self.notices: list[str] = []  #: what went wrong reading, for the player, oldest first
        self.unreadable: str | None = None  #: why the stored settings could not be read
        self.problem: str | None = None  #: why the last change could not be saved (None: saved)
        self.newer = False  #: the file is a newer version's: never changed
        self._memory: dict[str, str | None] = {}  #: changes not saved yet (None: forget)

    # -- reading --------------------------------------------------------------------------
    def read(self) -> dict[str, str]:
        """Every stored key and its text (with the changes this session could not save)."""
        stored: dict[str, str] = {}
        if self.path.exists():  # nothing saved yet: no file is made to read nothing
            stored = self._read_file()
        merged = {**stored, **self._memory}
        return {key: value for key, value in merged.items() if value is not None}

    def _read_file(self) -> dict[str, str]:
        """The file's key/values; {} (and a notice) when it cannot be read."""
        writable = os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)
        try:  # read-write where allowed (never written here): SQLite then rolls back a save
            db = self._connect("rw" if writable else "ro")  # a crash left half done
            try:
                version = self._check(db)
                if version > SCHEMA_VERSION:
                    return self._read_newer(db)
                return dict(self._table(db)) if version or self._has_table(db) else {}
            finally:
                db.close()
        except Damaged as err:
            self._damaged(str(err))
        except ERRORS as err:
            if kind_of(err) == BUSY:
                self._cannot_read(f"another program holds {self.path} (busy)")
            elif kind_of(err) == CORRUPT:
                self._damaged(str(err))
            else:
                self._cannot_read(f"{self.path} could not be read ({err})")
        return {}

    def _check(self, db: sqlite3.Connection) -> int:
        """The file's schema version; Damaged if it is not a settings file of ours (a newer
        version's file is not checked: it is never changed)."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION or (version == 0 and not self._has_table(db)):
            return version
        if version < 0:
            raise Damaged(f"settings schema {version}")
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise Damaged("the file is damaged")
        try:
            db.execute("SELECT key, value FROM settings LIMIT 0")
        except sqlite3.OperationalError as err:
            if kind_of(err) in (BUSY, READ_ONLY):
                raise
            raise Damaged(f"its settings table is damaged: {err}") from None
        return version

    def _read_newer(self, db: sqlite3.Connection) -> dict[str, str]:
        """A newer version's settings, read where its table is still ours; never changed."""
        if not self.newer:
            self.newer = True
            self.notices.append(f"Settings in {self.path} were written by a newer version of "
                                "mazegame: they are read, never changed here, and a change "
                                "lasts only until mazegame closes.")
        try:
            return dict(self._table(db))
        except ERRORS as err:
            if kind_of(err) == BUSY:
                raise
            self._cannot_read(f"{self.path} was written by a newer version of mazegame "
                              "that this one cannot read; it was left untouched")
            return {}

    @staticmethod
    def _table(db: sqlite3.Connection) -> list[tuple[str, str]]:
        """Every row of the settings table whose key and value are text."""
        return [(k, v) for k, v in db.execute("SELECT key, value FROM settings")
                if isinstance(k, str) and isinstance(v, str)]

    @staticmethod
    def _has_table(db: sqlite3.Connection) -> bool:
        return db.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'settings'"
                          ).fetchone()[0] > 0

    def _cannot_read(self, why: str) -> None:
        self.unreadable = why
        self.notices.append(f"Settings could not be read: {why}; the defaults are used.")

    def _damaged(self, detail: str) -> None:
        """A damaged file: a writer sets it aside; a reader leaves it and says so."""
        if self.read_only:
            self._cannot_read(f"{self.path} is damaged ({detail}); it was left as it is")
            return
        aside = self._set_aside()
        if isinstance(aside, str):
            self._cannot_read(f"{self.path} is damaged ({detail}) and could not be moved "
                              f"aside ({aside})")
            return
        self.notices.append(f"Settings in {self.path} could not be read ({detail}); the file "
                            f"was kept as {aside.name} and the defaults are used.")

    def _set_aside(self) -> Path | str:
        """Move the damaged file aside under a timestamped name (never over an earlier
        one); where it went, or why it could not be moved."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        try:
            self.path.rename(aside)
        except OSError as err:
            return err.strerror or str(err)
        return aside

    # -- writing --------------------------------------------------------------------------
    def write(self, key: str, value: str | None) -> bool:
        """Store one key's text (None: forget it, the default applies), with any change that
        could not be saved before; False (and `problem` says why) when it lasts this session
        only."""
        self._memory[key] = value
        self.problem = self._save(dict(self._memory))
        if self.problem is None:
            self._memory.clear()
        return self.problem is None

    def _save(self, changes: dict[str, str | None], fresh: bool = False) -> str | None:
        """Write the changes in one transaction; None when done, else why not."""
        if self.read_only:
            return "the settings were opened to read only"
        if self.newer:
            return f"{self.path} was written by a newer version of mazegame; it was left untouched"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = self._connect("rwc")
        except OSError as err:
            return f"the folder {self.path.parent} cannot be used ({err.strerror})"
        except ERRORS as err:
            return self._write_trouble(err)
        try:
            db.execute("BEGIN IMMEDIATE")  # checked under the lock: nobody changes it meanwhile
            version = self._check(db)
            if version > SCHEMA_VERSION:
                self.newer = True
                db.execute("ROLLBACK")
                return self._save(changes)
            if version == 0:
                db.execute("CREATE TABLE IF NOT EXISTS settings "
                           "(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            for key, value in changes.items():
                if value is None:
                    db.execute("DELETE FROM settings WHERE key = ?", (key,))
                else:
                    db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                               (key, value))
            db.execute("COMMIT")
        except (Damaged, *ERRORS) as err:
            if db.in_transaction:
                db.execute("ROLLBACK")
            damaged = isinstance(err, Damaged) or kind_of(err) == CORRUPT
            if damaged and not fresh:
                db.close()
                return self._start_afresh(str(err), changes)
            return self._write_trouble(err)
        finally:
            db.close()
        return None

    def _start_afresh(self, detail: str, changes: dict[str, str | None]) -> str | None:
        """Set a damaged file aside and save the changes in a fresh one."""
        aside = self._set_aside()
        if isinstance(aside, str):
            return f"{self.path} is damaged ({detail}) and could not be moved aside ({aside})"
        self.notices.append(f"Settings in {self.path} could not be read ({detail}); the file "
                            f"was kept as {aside.name} and a fresh one started.")
        return self._save(changes, fresh=True)

    def _write_trouble(self, err: Exception) -> str:
        """Why a write failed, in the player's words."""
        kind = kind_of(err)
        if kind == BUSY:
            return f"another program holds {self.path} (busy)"
        if kind == READ_ONLY and not os.access(self.path.parent, os.W_OK):
            return f"the folder {self.path.parent} is read-only"
        if kind == READ_ONLY:
            return f"{self.path} is read-only"
        return f"{self.path} could not be written ({err})"

    def _connect(self, mode: str) -> sqlite3.Connection:
        """The file ("ro", "rw", or "rwc": made if missing), autocommit, waiting up to WAIT
        seconds for another program's lock."""
        db = sqlite3.connect(f"file:{self.path}?mode={mode}", uri=True, timeout=self.WAIT,
                             isolation_level=None)
        db.text_factory = lambda raw: raw.decode("utf-8", "replace")  # damage is not a crash
        return db
