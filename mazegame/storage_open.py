"""Opening the results file for `storage.Store`: to write, to read only, or not at all; and
moving a damaged file aside.

A mixin of `Store` (see its docstring for what each kind of trouble leads to), which provides
`path`, `wait`, `read_only`, `db`, the trouble handlers (`_fail`, `_not_saving`,
`_cannot_read`, `_say`) and `flush`. Nothing here raises.
"""

from __future__ import annotations

import os
import sqlite3
import time

from mazegame.results_db import (
    CORRUPT,
    ERRORS,
    READ_ONLY,
    Unusable,
    check_file,
    create_tables,
    kind_of,
)

#: What a reader says of a damaged file it leaves alone.
LEFT_DAMAGED = "it was left as it is (the game keeps it aside and starts afresh when it next saves)"


class FileOpening:
    """How `Store` opens its file, checks it, and sets a damaged one aside."""

    def _open(self) -> None:
        """Open the file, or say why results are not saved there; never raises."""
        if self.read_only:
            self._open_to_read()
            return
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            exists = self.path.exists()
        except OSError as err:
            self._not_saving(f"the folder {folder} cannot be used ({err.strerror})")
            return
        if not os.access(folder, os.W_OK):  # SQLite's journal lives beside the file
            self._not_saving(f"the folder {folder} is read-only")
            self._open_read_only(exists)
        elif exists and not os.access(self.path, os.W_OK):
            self._not_saving(f"{self.path} is read-only")
            self._open_read_only(exists)
        else:
            self._open_for_writing(exists)

    def _open_to_read(self) -> None:
        """Open the file only to read its history (a read-only store): no file is made,
        nothing is moved or migrated. Read-write where allowed, so that SQLite can roll back
        a save a crash left half done (which it does on reading)."""
        if not self.path.exists():
            return
        writable = os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)
        try:
            db = self._connect_checked("rw" if writable else "ro")
        except Unusable as why:
            if why.kind == CORRUPT:
                self._cannot_read(f"{self.path} is damaged ({why}); {LEFT_DAMAGED}")
            else:
                self._cannot_read(f"{self.path} {why}; it was left untouched")
            return
        except ERRORS as err:
            self._fail(err, "reading")
            return
        self.db, self._closed_why = db, None

    def _connect_checked(self, mode: str, check: bool = True, create: bool = False):
        """The file opened in `mode`, its version checked (and its tables made, `create`);
        closed again when either fails (Unusable, or an error to report)."""
        db = self._connect(mode)
        try:
            if check:
                check_file(db)
            if create:
                create_tables(db)
        except BaseException:
            db.close()
            raise
        return db

    def _open_read_only(self, exists: bool) -> None:
        """Read the history of a file we may not write; change nothing."""
        if not exists:
            return
        try:
            self.db = self._connect_checked("ro")
        except Unusable as why:
            self._cannot_read(f"Saved results in {self.path} cannot be read: {why}; "
                              "the file is read-only, so it was left as it is.")
        except ERRORS as err:
            self._fail(err, "reading")

    def _open_for_writing(self, exists: bool) -> None:
        """Check the file (version first, read-only), then open it to write."""
        try:
            checked = not exists or self._probe()
            db = self._connect_checked("rwc", check=not checked, create=True)
        except Unusable as why:
            if why.kind == CORRUPT:
                self._set_aside(str(why))
            else:
                self._closed_why = f"{self.path} {why}"
                self._not_saving(f"{self.path} {why}; it was left untouched")
            return
        except ERRORS as err:
            self._fail(err, "opening")
            return
        self.db, self.busy, self._closed_why = db, False, None
        self._identify()

    def _probe(self) -> bool:
        """Check the file through a read-only connection; False if only a writer can read it."""
        self._identify()
        probe = self._connect("ro")
        try:
            check_file(probe)
        except ERRORS as err:
            if kind_of(err) != READ_ONLY:
                raise
            return False  # a game that died mid-save left a journal only a writer may roll back
        finally:
            probe.close()
        return True

    def _connect(self, mode: str) -> sqlite3.Connection:
        """A connection ("ro", "rw" or "rwc": create it) that waits up to `wait` s for a
        lock, in autocommit mode."""
        db = sqlite3.connect(f"file:{self.path}?mode={mode}", uri=True, timeout=self.wait,
                             isolation_level=None)
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
            self._closed_why = f"{self.path} is damaged ({detail})"
            self._not_saving(f"{self.path} is damaged ({detail}) and could not be moved aside "
                             f"({err.strerror})")
            return
        self._say(f"Saved results in {self.path} were damaged ({detail}); the file was kept "
                  f"as {aside.name} and a fresh one started.")
        self._waiting[:0], self._saved = self._saved, []  # this session's results: in the new one
        self._identity = None
        self._open()
        if self.pending and self.db is not None:
            self.flush(retry=False)
