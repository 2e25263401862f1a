"""Saved results in SQLite under the user's data dir: best runs per maze, puzzle progress.

One transaction per write; a schema version in `PRAGMA user_version`. No operation raises:
trouble is told through `notices` (and `on_notice`), naming the file.
- busy (another game holds the lock): wait up to `wait` s, then queue the result in memory
  and write it on the next save or at close; never set aside.
- read-only file or folder, newer schema, unknown format: left untouched (opened read-only,
  if at all); history is read when possible, new results are kept for this session only.
- corrupt (`PRAGMA quick_check` at open, or a damaged page met later): moved aside under a
  timestamped name, a fresh file started, this session's results written again into it.
The journal is SQLite's default rollback journal, not WAL: WAL needs shared memory, which a
data folder on a network filesystem cannot give. Writes take `BEGIN IMMEDIATE`, so two
writers queue in SQLite's busy handler instead of failing with a deadlock error.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from mazegame.results_db import (
    BUSY,
    CORRUPT,
    ERRORS,
    INSERT,
    READ_ONLY,
    SCHEMA_VERSION,
    UNUSABLE,
    Unusable,
    check_file,
    create_tables,
    delete_rows,
    kind_of,
    newer,
)
from mazegame.results_queries import Best, ResultQueries, Saved  # noqa: F401 (re-exported)


def default_path() -> Path:
    """$MAZEGAME_DATA_DIR/mazegame.sqlite3, else the platform's user data dir."""
    folder = os.environ.get("MAZEGAME_DATA_DIR")
    if folder is None:
        from platformdirs import user_data_dir

        folder = user_data_dir("mazegame")
    return Path(folder) / "mazegame.sqlite3"


class Store(ResultQueries):
    """The player's saved results; never raises, says what went wrong in `notices`."""

    def __init__(self, path: Path | str | None = None, *, wait: float = 3.0,
                 on_notice: Callable[[str], None] | None = None) -> None:
        self.path = default_path() if path is None else Path(path)
        self.wait = wait  #: longest wait for another game's lock, per attempt, in seconds
        self.on_notice = on_notice
        self.notices: list[str] = []  #: everything said so far, oldest first
        self.pending: list[tuple] = []  #: results not yet in the file (busy, read-only, ...)
        self.db: sqlite3.Connection | None = None
        self.writable = True  #: False once the file is known read-only or newer: say it once
        self.busy = False  #: the last attempt found the file locked
        self._busy_at = 0.0  #: when (time.monotonic) it last did
        self._identity: tuple[int, int] | None = None  #: (device, inode) of the file opened
        self._asides = 0  #: files set aside by this store (a bound against a failing disk)
        self._saved: list[tuple] = []  #: this session's rows in the file, redone if it is set aside
        self._open()

    @property
    def notice(self) -> str:
        """The latest thing said ("" if all is well)."""
        return self.notices[-1] if self.notices else ""

    def _say(self, text: str) -> None:
        self.notices.append(text)
        if self.on_notice is not None:
            self.on_notice(text)

    # -- opening -------------------------------------------------------------------
    def _open(self) -> None:
        """Open the file, or say why results are not saved there; never raises."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            exists = self.path.exists()
        except OSError as err:
            self._not_saving(f"the folder {folder} cannot be used ({err.strerror})")
            return
        if not os.access(folder, os.W_OK):  # the journal lives beside the file
            self._not_saving(f"the folder {folder} is read-only")
            self._open_read_only(exists)
        elif exists and not os.access(self.path, os.W_OK):
            self._not_saving(f"{self.path} is read-only")
            self._open_read_only(exists)
        else:
            self._open_for_writing(exists)

    def _open_read_only(self, exists: bool) -> None:
        """Read the history of a file we may not write; change nothing."""
        if not exists:
            return
        try:
            db = self._connect(read_only=True)
            check_file(db)
            self.db = db
        except Unusable as why:
            self._say(f"Saved results in {self.path} cannot be read: {why}; "
                      "the file is read-only, so it was left as it is.")
        except ERRORS as err:
            self._fail(err, "reading")

    def _open_for_writing(self, exists: bool) -> None:
        """Check the file (version first, read-only), then open it to write."""
        try:
            checked = not exists or self._probe()
            db = self._connect(read_only=False)
            try:
                if not checked:
                    check_file(db)
                create_tables(db)
            except BaseException:
                db.close()
                raise
        except Unusable as why:
            if why.kind == CORRUPT:
                self._set_aside(str(why))
            else:
                self._not_saving(f"{self.path} {why}; it was left untouched")
            return
        except ERRORS as err:
            self._fail(err, "opening")
            return
        self.db, self.busy = db, False
        self._identify()

    def _probe(self) -> bool:
        """Check the file through a read-only connection; False if only a writer can read it."""
        self._identify()
        probe = self._connect(read_only=True)
        try:
            check_file(probe)
        except ERRORS as err:
            if kind_of(err) != READ_ONLY:
                raise
            return False  # a game that died mid-save left a journal only a writer may roll back
        finally:
            probe.close()
        return True

    def _connect(self, *, read_only: bool) -> sqlite3.Connection:
        """A connection that waits up to `wait` s for a lock, in autocommit mode."""
        target = f"file:{self.path}?mode=ro" if read_only else f"file:{self.path}"
        db = sqlite3.connect(target, uri=True, timeout=self.wait, isolation_level=None)
        db.text_factory = lambda raw: raw.decode("utf-8", "replace")  # damage is not a crash
        return db

    def _identify(self) -> None:
        """Remember which file we opened, so we never set aside another game's fresh one."""
        try:
            stat = os.stat(self.path)
            self._identity = (stat.st_dev, stat.st_ino)
        except OSError:
            self._identity = None

    def _set_aside(self, detail: str) -> None:
        """Move a damaged file aside under a timestamped name and start a fresh one."""
        self._close_db()
        self._asides += 1
        if self._asides > 3:  # fresh files keep failing: the disk itself is in trouble
            self._not_saving(f"{self.path} keeps failing ({detail})")
            return
        try:
            stat = os.stat(self.path)
            if self._identity not in (None, (stat.st_dev, stat.st_ino)):
                # another game already replaced it with a fresh file: use that one
                self._identity = None
                self._open()
                return
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
            n = 1
            while aside.exists():  # never over an earlier one
                n += 1
                aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            self.path.rename(aside)
            journal = self.path.with_name(self.path.name + "-journal")
            if journal.exists():
                journal.rename(aside.with_name(aside.name + "-journal"))
        except FileNotFoundError:  # another game moved it aside first
            self._identity = None
            self._open()
            return
        except OSError as err:
            self.writable = False
            self._say(f"Saved results in {self.path} are damaged ({detail}) and could not be "
                      f"moved aside ({err.strerror}): results are not being saved.")
            return
        self._say(f"Saved results in {self.path} were damaged ({detail}); the file was kept "
                  f"as {aside.name} and a fresh one started.")
        self.pending[:0], self._saved = self._saved, []  # this session's results go in the new one
        self._identity = None
        self._open()
        if self.pending and self.db is not None:
            self.flush(retry=False)

    # -- trouble -------------------------------------------------------------------
    def _not_saving(self, why: str) -> None:
        self.writable = False
        self._say(f"Results are not being saved: {why}. You can play on; this session's "
                  "results are kept until you quit.")

    def _fail(self, err: Exception, doing: str) -> None:
        """Say what went wrong while `doing`, and leave the store usable."""
        kind = kind_of(err)
        if kind == BUSY:
            self._found_busy()
            waiting = f"{len(self.pending)} result(s)" if self.pending else "Results"
            self._say(f"Saved results are busy: another mazegame is using {self.path}. "
                      f"{waiting} kept in memory, to be saved later.")
        elif kind == CORRUPT and self.writable:
            self._set_aside(str(err))
        elif kind == CORRUPT:
            self._close_db()
            self._say(f"Saved results in {self.path} are damaged ({err}); the file is "
                      "read-only, so it was left as it is.")
        elif kind == READ_ONLY:
            self._close_db()
            self._not_saving(f"{self.path} cannot be written ({err})")
        elif kind == UNUSABLE:
            self._close_db()
            self._not_saving(f"{self.path} cannot be used ({err}); it was left untouched")
        else:
            self._say(f"Saved results in {self.path}: {doing} failed ({err}); "
                      "results kept in memory, to be saved later.")

    def _close_db(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    # -- results -------------------------------------------------------------------
    def record(self, mode: str, maze: str, *, won: bool, moves: int, optimum: int,
               seconds: float, played_at: float | None = None,
               replay: str | None = None) -> bool:
        """Save one finished game (played now, unless `played_at` says when: a result moved
        to a new key keeps its time), with its `replay` if any; True when it is in the file
        (else it waits in memory)."""
        when = time.time() if played_at is None else played_at
        self.pending.append((mode, maze, int(won), moves, optimum, seconds, when, replay))
        return self.flush()

    def flush(self, *, retry: bool = True) -> bool:
        """Write the results waiting in memory, if the file can be written; True if none left."""
        if not self.pending:
            return True
        if not self.writable:
            return False
        was_busy = self.busy
        if self.db is None:  # busy or failed at open: try again now
            self._open()
            if self.db is None or not self.writable:
                return False
        try:  # one bounded wait per save: none again if a lookup has just waited in vain
            with self._hurried(self.busy and time.monotonic() - self._busy_at < self.wait):
                self._write(self.db, self.pending)
        except Unusable as why:
            self._close_db()
            self._not_saving(f"{self.path} {why}; it was left untouched")
            return False
        except ERRORS as err:
            corrupt = kind_of(err) == CORRUPT
            self._fail(err, "saving")
            return self.flush(retry=False) if corrupt and retry else False
        if was_busy:
            self._say(f"{len(self.pending)} waiting result(s) saved to {self.path}.")
        self.busy = False
        self._saved += self.pending
        self.pending.clear()
        return True

    @staticmethod
    def _write(db: sqlite3.Connection, rows: list[tuple]) -> None:
        """Insert rows in one transaction, unless a newer mazegame has upgraded the file."""
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise newer(version)
            db.executemany(INSERT, rows)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _query(self, sql: str, args: tuple, *, retry: bool = True) -> list[tuple]:
        """Rows from the file; [] (and a notice) if it cannot be read just now."""
        if self.db is None:
            return []
        try:
            with self._hurried(self.busy):  # busy already: do not freeze every lookup
                return self.db.execute(sql, args).fetchall()
        except ERRORS as err:
            if kind_of(err) == BUSY:  # said when a result has to wait, not on every lookup
                self._found_busy()
                return []
            self._fail(err, "reading")  # a damaged file is set aside: ask the fresh one
            again = retry and kind_of(err) == CORRUPT and self.db is not None
            return self._query(sql, args, retry=False) if again else []

    @contextmanager
    def _hurried(self, hurry: bool) -> Iterator[None]:
        """Wait at most 50 ms for a lock inside this block, if `hurry`."""
        db = self.db
        if hurry and db is not None:
            db.execute("PRAGMA busy_timeout = 50")
        try:
            yield
        finally:
            if hurry and db is not None and db is self.db:
                db.execute(f"PRAGMA busy_timeout = {int(self.wait * 1000)}")

    def _found_busy(self) -> None:
        self.busy, self._busy_at = True, time.monotonic()

    def delete(self, ids: list[int] | None = None) -> bool:
        """Delete the saved games with these ids (None: every one, and those waiting in
        memory); True when done, else a notice says why."""
        if ids is None:
            self.pending.clear()
            self._saved.clear()
        if not ids and ids is not None:
            return True
        if self.db is None or not self.writable:
            self._say(f"Saved results in {self.path} cannot be changed just now.")
            return False
        try:
            delete_rows(self.db, ids)
        except ERRORS as err:
            self._fail(err, "deleting")
            return False
        return True

    def close(self) -> None:
        """Write what is waiting (one bounded try), say what could not be, and close."""
        self._busy_at = float("-inf")  # the last chance: wait the full time
        if not self.flush() and self.pending:
            self._say(f"{len(self.pending)} result(s) could not be saved to {self.path}.")
        self._close_db()
