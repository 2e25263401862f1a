"""Saved results in SQLite under the user's data dir: best runs per maze, puzzle progress.

One transaction per write; a schema version in `PRAGMA user_version`. No operation raises:
trouble is told through `notices` (and `on_notice`), naming the file.
- busy (another program holds the lock): wait up to `wait` s, then keep the result in the
  journal beside the file (`storage_journal`: one fsync'd line per result) and write it into
  the file at the next save, or the next launch at the latest; never set aside.
- read-only file or folder, newer schema, unknown format: left untouched (opened read-only,
  if at all); history is read when possible, new results wait in the journal.
- corrupt (`PRAGMA quick_check` at open, or a damaged page met later): moved aside under a
  timestamped name, a fresh file started, this session's results written again into it.
Results the journal cannot take either (its folder is read-only) wait in memory; `close` then
leaves `closing_note` saying how many were not saved and where they are, for the player.
A store opened `read_only` (the `records` and `replay` commands) changes nothing: no folder or
file is made, nothing is set aside or written; `unreadable` says why the history could not be
read. SQLite's own journal is its default rollback journal, not WAL: WAL needs shared memory,
which a data folder on a network filesystem cannot give. Writes take `BEGIN IMMEDIATE`, so
two writers queue in SQLite's busy handler instead of failing with a deadlock error.
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
    INSERT_ONCE,
    READ_ONLY,
    SCHEMA_VERSION,
    UNUSABLE,
    Unusable,
    delete_rows,
    kind_of,
    newer,
)
from mazegame.results_queries import Best, ResultQueries, Saved  # noqa: F401 (re-exported)
from mazegame.storage_journal import Journal, journal_path
from mazegame.storage_open import LEFT_DAMAGED, FileOpening
from mazegame.words import plural


def default_path() -> Path:
    """$MAZEGAME_DATA_DIR/mazegame.sqlite3, else the platform's user data dir."""
    folder = os.environ.get("MAZEGAME_DATA_DIR")
    if folder is None:
        from platformdirs import user_data_dir

        folder = user_data_dir("mazegame")
    return Path(folder) / "mazegame.sqlite3"


class Store(FileOpening, ResultQueries):
    """The player's saved results; never raises, says what went wrong in `notices`."""

    def __init__(self, path: Path | str | None = None, *, wait: float = 3.0,
                 on_notice: Callable[[str], None] | None = None,
                 read_only: bool = False) -> None:
        self.path = default_path() if path is None else Path(path)
        self.wait = wait  #: longest wait for another game's lock, per attempt, in seconds
        self.on_notice = on_notice
        self.read_only = read_only  #: read the history only; change no file
        self.notices: list[str] = []  #: everything said so far, oldest first
        self.journal = Journal(journal_path(self.path))  #: results waiting for the file
        self.db: sqlite3.Connection | None = None
        self.writable = not read_only  #: False once the file is known read-only or newer
        self.busy = False  #: the last attempt found the file locked
        self.unreadable: str | None = None  #: why the last lookup could not read the history
        self.problem = ""  #: why results are not going into the file (once known)
        self.closing_note = ""  #: set by `close`: the results left unsaved, and where they are
        self._busy_at = 0.0  #: when (time.monotonic) it last did
        self._closed_why: str | None = None  #: why `db` is None (None: no file, or all well)
        self._journal_trouble: str | None = None  #: why the journal could not take results
        self._waiting: list[tuple] = []  #: results neither in the file nor in the journal
        self._journaled: list[tuple] = self.journal.read()  #: results waiting in the journal
        self._identity: tuple[int, int] | None = None  #: (device, inode) of the file opened
        self._asides = 0  #: files set aside by this store (a bound against a failing disk)
        self._saved: list[tuple] = []  #: this session's rows in the file, redone if it is set aside
        self._open()
        if self.db is not None and self.writable and self.journal.exists():
            self.flush()  # the last session's waiting results: the first chance to save them

    @property
    def notice(self) -> str:
        """The latest thing said ("" if all is well)."""
        return self.notices[-1] if self.notices else ""

    @property
    def pending(self) -> list[tuple]:
        """Results not in the file yet: in the journal, or (if it cannot take them) in memory."""
        return self._journaled + self._waiting

    def _say(self, text: str) -> None:
        self.notices.append(text)
        if self.on_notice is not None:
            self.on_notice(text)

    # -- trouble -------------------------------------------------------------------
    def _not_saving(self, why: str) -> None:
        self.writable = False
        self.problem = why
        self._keep()
        self._say(f"Results are not being saved: {why}. You can play on; finished games are "
                  f"{self._where_kept()}.")

    def _cannot_read(self, why: str) -> None:
        """The history cannot be read (said once)."""
        self._close_db(why)
        if self.unreadable != why:
            self._say(why)
        self.unreadable = why

    def _fail(self, err: Exception, doing: str) -> None:
        """Say what went wrong while `doing`, and leave the store usable."""
        kind = kind_of(err)
        if self.read_only:  # only reading: say why, change nothing
            if kind == BUSY:
                why = f"another program holds {self.path} (busy); try again when it is done"
            elif kind == CORRUPT:
                why = f"{self.path} is damaged ({err}); {LEFT_DAMAGED}"
            else:
                why = f"{self.path} cannot be read ({err})"
            self._cannot_read(why)
        elif kind == BUSY:
            self._found_busy()
            self.problem = "another program is using the file"
            if self.db is None:
                self._closed_why = f"another program holds {self.path} (busy)"
            self._keep()
            waiting = plural(len(self.pending), "result") if self.pending else "Finished games are"
            self._say(f"Saved results are busy: another program is using {self.path}. "
                      f"{waiting} {self._where_kept()}.")
        elif kind == CORRUPT and self.writable:
            self._set_aside(str(err))
        elif kind == CORRUPT:
            self._close_db(f"{self.path} is damaged ({err})")
            self._say(f"Saved results in {self.path} are damaged ({err}); the file is "
                      "read-only, so it was left as it is.")
        elif kind == READ_ONLY:
            self._close_db(f"{self.path} cannot be read ({err})")
            self._not_saving(f"{self.path} cannot be written ({err})")
        elif kind == UNUSABLE:
            self._close_db(f"{self.path} cannot be used ({err})")
            self._not_saving(f"{self.path} cannot be used ({err}); it was left untouched")
        else:
            self.problem = f"{doing} failed ({err})"
            self._keep()
            self._say(f"Saved results in {self.path}: {doing} failed ({err}); "
                      f"results {self._where_kept()}.")

    def _where_kept(self) -> str:
        """Where results that cannot go into the file are kept, for a notice."""
        if self._journal_trouble is None and (self.journal.exists()
                                              or os.access(self.path.parent, os.W_OK)):
            return f"kept in {self.journal.path.name} beside it, to be saved at the next chance"
        trouble = self._journal_trouble or "its folder is read-only"
        return f"kept in memory until you quit (not in {self.journal.path.name}: {trouble})"

    def _keep(self) -> None:
        """Move results waiting in memory into the journal, durably; those it cannot take
        stay in memory (and `_where_kept` says so)."""
        if not self._waiting or self.read_only:
            return
        try:
            self.journal.append(self._waiting)
        except (OSError, ValueError) as err:
            self._journal_trouble = getattr(err, "strerror", None) or str(err)
            return
        self._journal_trouble = None
        self._journaled += self._waiting
        self._waiting = []

    def _close_db(self, why: str | None = None) -> None:
        """Close the connection; `why` (if given) is what lookups say meanwhile."""
        if why is not None:
            self._closed_why = why
        if self.db is not None:
            self.db.close()
            self.db = None

    # -- results -------------------------------------------------------------------
    def record(self, mode: str, maze: str, *, won: bool, moves: int, optimum: int,
               seconds: float, played_at: float | None = None,
               replay: str | None = None, daily: str | None = None) -> bool:
        """Save one finished game (played now, unless `played_at` says when: a result moved
        to a new key keeps its time), with its `replay` if any, and the `daily` day if it
        was a maze of the day's; True when it is in the file (else it waits in the journal,
        or in memory)."""
        when = time.time() if played_at is None else played_at
        self._waiting.append((mode, maze, int(won), moves, optimum, seconds, when, replay,
                              daily))
        return self.flush()

    def flush(self, *, retry: bool = True) -> bool:
        """Write the results waiting (in memory and in the journal) into the file, if it can
        be written; True if none are left waiting. Those that cannot go in go to the journal."""
        if not self._waiting and not self.journal.exists():
            self._journaled = []  # (another game has saved them)
            return True
        if self.read_only:
            return False
        if not self.writable:
            self._keep()
            return False
        was_busy = self.busy
        if self.db is None:  # busy or failed at open: try again now
            self._open()
            if self.db is None or not self.writable:
                self._keep()
                return False
        try:  # one bounded wait per save: none again if a lookup has just waited in vain
            with self._hurried(self.busy and time.monotonic() - self._busy_at < self.wait):
                taken = self._write(self.db, self._waiting, self.journal)
        except Unusable as why:
            self._close_db(f"{self.path} {why}")
            self._not_saving(f"{self.path} {why}; it was left untouched")
            return False
        except ERRORS as err:
            corrupt = kind_of(err) == CORRUPT
            self._fail(err, "saving")
            return self.flush(retry=False) if corrupt and retry else False
        except OSError as err:  # the journal could not be read, or emptied after the commit
            self.problem = f"{self.journal.path} could not be used ({err.strerror})"
            self._keep()  # (a row both saved and kept goes in once: see INSERT_ONCE)
            self._say(f"Saved results: {self.problem}; results {self._where_kept()}.")
            return False
        saved = len(self._waiting) + len(taken)
        if was_busy or taken:
            self._say(f"{plural(saved, 'waiting result')} saved to {self.path}.")
        self.busy = False
        self._saved += self._waiting + taken
        self._waiting, self._journaled = [], []
        return True

    @staticmethod
    def _write(db: sqlite3.Connection, rows: list[tuple], journal: Journal) -> list[tuple]:
        """Insert rows and the journal's in one transaction, unless a newer mazegame has
        upgraded the file; the journal's rows are removed from it once committed (and
        returned)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise newer(version)
            with journal.taking() as journaled:
                db.executemany(INSERT, rows)
                db.executemany(INSERT_ONCE, [(*row, *row[:7]) for row in journaled])
                db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return journaled

    def _query(self, sql: str, args: tuple, *, retry: bool = True) -> list[tuple]:
        """Rows from the file; [] if it cannot be read just now (`unreadable` says why)."""
        if self.db is None:
            self.unreadable = self._closed_why
            return []
        try:
            with self._hurried(self.busy):  # busy already: do not freeze every lookup
                rows = self.db.execute(sql, args).fetchall()
        except ERRORS as err:
            if kind_of(err) == BUSY and not self.read_only:  # said when a result has to wait
                self._found_busy()
                self.unreadable = f"another program holds {self.path} (busy)"
                return []
            self._fail(err, "reading")  # a damaged file is set aside: ask the fresh one
            if retry and kind_of(err) == CORRUPT and self.db is not None:
                return self._query(sql, args, retry=False)
            self.unreadable = self._closed_why or f"{self.path} could not be read ({err})"
            return []
        self.unreadable = None
        return rows

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
        """Delete the saved games with these ids (None: every one, and those waiting in the
        journal or memory); True when done, else a notice says why."""
        if not ids and ids is not None:
            return True
        if self.db is None or not self.writable:
            self._say(f"Saved results in {self.path} cannot be changed just now.")
            return False
        try:
            delete_rows(self.db, ids)
            if ids is None:
                with self.journal.taking():
                    pass  # (its rows dropped: every result is deleted)
        except ERRORS as err:
            self._fail(err, "deleting")
            return False
        except OSError as err:
            self._say(f"Saved results: {self.journal.path} could not be emptied "
                      f"({err.strerror}).")
            return False
        if ids is None:
            self._waiting, self._journaled, self._saved = [], [], []
        return True

    def close(self) -> None:
        """Write what is waiting (one bounded try), and close; `closing_note` says what is
        left unsaved, and where it is kept."""
        if not self.read_only:
            if self._waiting:  # in memory only: the last chance, worth the full wait
                self._busy_at = float("-inf")
                self.flush()
            elif not self.busy or self.db is not None:  # busy: one quick try; the journal
                self._busy_at = time.monotonic()  # keeps them for the next start anyway
                self.flush()
            if self.pending:
                self.closing_note = self._unsaved_note()
                self._say(self.closing_note)
        self._close_db()

    def _unsaved_note(self) -> str:
        """What is left unsaved at close, and where it is kept."""
        why = self.problem or "it could not be written"
        notes = []
        if self._journaled:
            notes.append(f"{plural(len(self._journaled), 'finished game')} not in {self.path} "
                         f"yet ({why}): kept in {self.journal.path}, they will be saved the "
                         "next time mazegame starts (or when the file can be written)")
        if self._waiting:
            notes.append(f"{plural(len(self._waiting), 'finished game')} not saved ({why}) "
                         f"nor kept in {self.journal.path} "
                         f"({self._journal_trouble or 'its folder is read-only'})")
        return "; ".join(notes) + "."
