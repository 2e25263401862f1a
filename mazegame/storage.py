"""Saved results in SQLite under the user's data dir: best runs per maze, puzzle progress.

One transaction per write; a schema version in `PRAGMA user_version`. A file that cannot
be read is moved aside (never deleted) and a fresh one started, with a notice for the player.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    mode TEXT NOT NULL,
    maze TEXT NOT NULL,          -- what was played: generator, size, seed, wrap (or a level)
    won INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    optimum INTEGER NOT NULL,
    seconds REAL NOT NULL,
    played_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS results_by_maze ON results (mode, maze);
"""


def default_path() -> Path:
    """$MAZEGAME_DATA_DIR/mazegame.sqlite3, else the platform's user data dir."""
    folder = os.environ.get("MAZEGAME_DATA_DIR")
    if folder is None:
        from platformdirs import user_data_dir

        folder = user_data_dir("mazegame")
    return Path(folder) / "mazegame.sqlite3"


@dataclass(frozen=True)
class Best:
    """The best finished runs on one maze."""

    moves: int
    seconds: float
    wins: int


class Store:
    """The player's saved results. `notice` says what happened if the file was unusable."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path not in (None, ":memory:") else path
        if self.path is None:
            self.path = default_path()
        self.notice = ""
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        if self.path == ":memory:":
            return self._prepare(sqlite3.connect(":memory:"))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._prepare(sqlite3.connect(self.path))
        except sqlite3.DatabaseError as err:
            aside = self.path.with_name(f"{self.path.name}.unreadable-{int(time.time())}")
            self.path.rename(aside)
            self.notice = (f"Saved results could not be read ({err}); the file was kept as "
                           f"{aside.name} and a fresh one started.")
            return self._prepare(sqlite3.connect(self.path))

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> sqlite3.Connection:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(f"saved by a newer mazegame (schema {version})")
        with db:
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return db

    def record(self, mode: str, maze: str, *, won: bool, moves: int, optimum: int,
               seconds: float) -> None:
        """Save one finished game."""
        with self.db:
            self.db.execute(
                "INSERT INTO results (mode, maze, won, moves, optimum, seconds, played_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (mode, maze, int(won), moves, optimum, seconds, time.time()),
            )

    def best(self, mode: str, maze: str) -> Best | None:
        """Fewest moves and fastest time among the won games on this maze."""
        row = self.db.execute(
            "SELECT MIN(moves), MIN(seconds), COUNT(*) FROM results"
            " WHERE mode = ? AND maze = ? AND won = 1", (mode, maze),
        ).fetchone()
        return None if row[2] == 0 else Best(row[0], row[1], row[2])

    def solved(self, mode: str, prefix: str) -> dict[str, int]:
        """Best winning move counts per maze key starting with `prefix` (puzzle packs)."""
        rows = self.db.execute(
            "SELECT maze, MIN(moves) FROM results WHERE mode = ? AND won = 1 AND maze LIKE ?"
            " GROUP BY maze", (mode, prefix + "%"),
        )
        return dict(rows.fetchall())

    def close(self) -> None:
        self.db.close()
