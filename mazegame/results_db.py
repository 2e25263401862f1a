"""The saved-results file's schema, and what SQLite's errors mean for the file.

Ground floor, like `storage`: what a results file holds (`SCHEMA`), how to tell whether a file
can be used (`check_file`), and the kind of trouble an error is (`kind_of`: busy, read-only,
corrupt, failed or unusable), which `storage.Store` acts on.
"""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 3
#: Version 2 adds `replay`: the finished game's seed, settings and events (games.replay), as
#: JSON; NULL for results saved before (version 1) and for games that cannot be replayed.
#: Version 3 adds `daily`: the UTC day (YYYY-MM-DD) of a maze of the day's game
#: (games.daily), NULL for every other game and for results saved before.
SCHEMA = [
    """CREATE TABLE IF NOT EXISTS results (
        id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL,
        maze TEXT NOT NULL,          -- what was played: generator, size, seed, wrap (or a level)
        won INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        optimum INTEGER NOT NULL,
        seconds REAL NOT NULL,
        played_at REAL NOT NULL,
        replay TEXT,
        daily TEXT                   -- the day of a maze of the day's game, else NULL
    )""",
    "CREATE INDEX IF NOT EXISTS results_by_maze ON results (mode, maze)",
    "CREATE INDEX IF NOT EXISTS results_by_day ON results (daily)",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
]
COLUMNS = "mode, maze, won, moves, optimum, seconds, played_at, replay, daily"
INSERT = f"INSERT INTO results ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
#: INSERT unless the same result is there (its nine values, then its first seven again): a
#: result from the journal (storage_journal) goes in once, even if a crash came between its
#: commit and its removal from the journal.
INSERT_ONCE = (f"INSERT INTO results ({COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT "
               "EXISTS"
               " (SELECT 1 FROM results WHERE mode = ? AND maze = ? AND won = ? AND moves = ?"
               " AND optimum = ? AND seconds = ? AND played_at = ?)")
#: What takes a file of each older version to the next one, in one transaction with the rest:
#: version 1 -> 2 adds the replay column (every result kept, its replay NULL), 2 -> 3 the
#: daily column (every result kept, not a daily: NULL).
MIGRATIONS = {1: ["ALTER TABLE results ADD COLUMN replay TEXT"],
              2: ["ALTER TABLE results ADD COLUMN daily TEXT"]}

BUSY, READ_ONLY, CORRUPT, FAILED, UNUSABLE = "busy", "read-only", "corrupt", "failed", "unusable"
# What reading a damaged file can raise: sqlite3 decodes its error messages (which may quote
# the damaged schema) as strict UTF-8, so damage can also surface as a UnicodeDecodeError.
ERRORS = (sqlite3.Error, UnicodeDecodeError)
_KIND_OF_CODE = {
    sqlite3.SQLITE_BUSY: BUSY, sqlite3.SQLITE_LOCKED: BUSY,
    sqlite3.SQLITE_READONLY: READ_ONLY, sqlite3.SQLITE_PERM: READ_ONLY,
    sqlite3.SQLITE_CANTOPEN: READ_ONLY,
    sqlite3.SQLITE_CORRUPT: CORRUPT, sqlite3.SQLITE_NOTADB: CORRUPT,
    # worth another try later: the disk is full, a read or lock failed (network filesystems)
    sqlite3.SQLITE_FULL: FAILED, sqlite3.SQLITE_IOERR: FAILED, sqlite3.SQLITE_NOMEM: FAILED,
    sqlite3.SQLITE_PROTOCOL: FAILED, sqlite3.SQLITE_INTERRUPT: FAILED,
}  # anything else (e.g. "unsupported file format" from a newer SQLite): UNUSABLE


def kind_of(err: Exception) -> str:
    """busy, read-only, corrupt, failed (try again) or unusable, from SQLite's result code."""
    if isinstance(err, UnicodeDecodeError):
        return CORRUPT
    code = getattr(err, "sqlite_errorcode", None)
    return UNUSABLE if code is None else _KIND_OF_CODE.get(code & 0xFF, UNUSABLE)


class Unusable(Exception):
    """The file cannot be used as it is: `kind` says why (newer or corrupt)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


def newer(version: int) -> Unusable:
    """The file was written by a newer mazegame."""
    return Unusable("newer", f"was written by a newer version of mazegame (schema {version}; "
                             f"this one knows {SCHEMA_VERSION})")


def check_file(db: sqlite3.Connection) -> None:
    """Raise Unusable if the file is from a newer mazegame or fails SQLite's quick check."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise newer(version)
    verdict = db.execute("PRAGMA quick_check(1)").fetchone()[0]
    if verdict != "ok":
        last = verdict.splitlines()[-1]  # e.g. "Page 124: btreeInitPage() returns ..."
        raise Unusable(CORRUPT, f"failed SQLite's check: {last}")
    if version == SCHEMA_VERSION:  # its tables must be ours, or every save would fail
        try:
            db.execute(f"SELECT {COLUMNS} FROM results LIMIT 0")
        except sqlite3.OperationalError as err:
            if kind_of(err) != UNUSABLE:  # busy, read-only: not a verdict on the file
                raise
            raise Unusable(CORRUPT, f"its results table is damaged: {err}") from None


def has_column(db: sqlite3.Connection, name: str) -> bool:
    """Whether the file's results table has this column (a file of an older version, read
    without migrating it, lacks the later ones: replay from version 2, daily from 3)."""
    return any(row[1] == name for row in db.execute("PRAGMA table_info(results)"))

def create_tables(db: sqlite3.Connection) -> None:
    """Create the tables, or migrate an older file's, in one transaction (a failure leaves
    the file as it was: nothing a player saved is lost)."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]  # read again under the lock
        if 0 < version < SCHEMA_VERSION:
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
        if version < SCHEMA_VERSION:
            for statement in SCHEMA:
                db.execute(statement)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def delete_rows(db: sqlite3.Connection, ids: list[int] | None) -> None:
    """Delete the results with these ids (None: all) in one transaction."""
    where = "" if ids is None else f" WHERE id IN ({', '.join('?' * len(ids))})"
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(f"DELETE FROM results{where}", tuple(ids or ()))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
