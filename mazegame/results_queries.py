"""The lookups over saved results: best runs, solved puzzles, wins, the records' list.

A mixin of `storage.Store`, which provides `_query` (rows from the file, [] when it cannot be
read), `pending` (results waiting in the journal or memory) and `db`; here only what is read,
and how results still waiting count with the saved ones. Rows the game did not write itself
(a time of 'yesterday', a blob for a maze) are never trusted: the lookups leave them out, and
the records' list shows each as unreadable, with its id and what is wrong.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from mazegame.results_db import ERRORS, has_column


@dataclass(frozen=True)
class Best:
    """The best finished runs on one maze."""

    moves: int
    seconds: float
    wins: int


@dataclass(frozen=True)
class Saved:
    """One finished game as saved: `id` None while it waits in memory; `replay` the
    game's recording (games.replay) as JSON, None when it has none (saved before v2);
    `daily` the UTC day (YYYY-MM-DD) of a maze of the day's game, else None."""

    id: int | None
    mode: str
    maze: str
    won: bool
    moves: int
    optimum: int
    seconds: float
    played_at: float
    replay: str | None = None
    daily: str | None = None
    unreadable: str | None = None  #: what is wrong with a row the game did not write itself


DAY_LENGTH = len("2026-11-27")  #: a day as the daily column keeps it
LATEST_TIME = 253402300799.0  #: 9999-12-31 23:59:59 UTC, the last time every platform shows
MOST_SECONDS = 1e9  #: about 31 years: a longer game is no game
MOST_MOVES = 2**53  #: a count beyond this is no count
#: The rows the lookups trust, as SQL (`read_row` says the same in Python, and why not).
SOUND = ("typeof(mode) = 'text' AND typeof(maze) = 'text' AND typeof(moves) = 'integer'"
         " AND typeof(optimum) = 'integer' AND typeof(won) = 'integer'"
         f" AND typeof(seconds) IN ('integer', 'real') AND seconds BETWEEN 0 AND {MOST_SECONDS}"
         " AND typeof(played_at) IN ('integer', 'real')"
         f" AND played_at BETWEEN 0 AND {LATEST_TIME}"
         f" AND abs(moves) < {MOST_MOVES} AND abs(optimum) < {MOST_MOVES}")


def _number(value: object, low: float, high: float, whole: bool) -> bool:
    """A finite number (a whole one if `whole`) from low to high."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if whole and not isinstance(value, int):
        return False
    return math.isfinite(value) and low <= value <= high


def describe(value: object) -> str:
    """A stored value, briefly, for a message: 'yesterday', 1e+20, a blob of 6 bytes."""
    if isinstance(value, bytes):
        return f"a blob of {len(value)} bytes"
    if value is None:
        return "empty"
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def read_row(row: tuple) -> Saved:
    """A row of the results table (id, mode, maze, won, moves, optimum, seconds, played_at,
    replay, daily) as a Saved; one the game cannot have written comes back `unreadable`,
    saying which columns are wrong, its other fields harmless placeholders."""
    rid, mode, maze, won, moves, optimum, seconds, played_at, replay, daily = row
    wrong = [name for name, fine in (
        ("id", rid is None or _number(rid, -2**63, 2**63 - 1, whole=True)),  # None: waiting
        ("mode", isinstance(mode, str)),
        ("maze", isinstance(maze, str)),
        ("won", isinstance(won, int) and won in (0, 1)),
        ("moves", _number(moves, -MOST_MOVES, MOST_MOVES, whole=True)),
        ("optimum", _number(optimum, -MOST_MOVES, MOST_MOVES, whole=True)),
        ("seconds", _number(seconds, 0, MOST_SECONDS, whole=False)),
        ("played_at", _number(played_at, 0, LATEST_TIME, whole=False)),
        ("replay", replay is None or isinstance(replay, str)),
        ("daily", daily is None or (isinstance(daily, str) and len(daily) <= DAY_LENGTH)),
    ) if not fine]
    if not wrong:
        return Saved(rid, mode, maze, bool(won), moves, optimum, float(seconds),
                     float(played_at), replay, daily)
    values = dict(zip(("id", "mode", "maze", "won", "moves", "optimum", "seconds",
                       "played_at", "replay", "daily"), row, strict=True))
    why = ", ".join(f"{name} is {describe(values[name])}" for name in wrong)
    return Saved(rid if "id" not in wrong else None, "", "", False, 0, 0, 0.0, 0.0,
                 unreadable=f"not written by mazegame: {why}")


class ResultQueries:
    """Reading saved results (mixed into storage.Store)."""

    def _pending_wins(self, mode: str, keep: Callable[[str], bool]) -> list[tuple]:
        return [row for row in self.pending if row[0] == mode and row[2] and keep(row[1])]

    def best(self, mode: str, maze: str) -> Best | None:
        """Fewest moves and fastest time among the won games on this maze."""
        rows = self._query("SELECT MIN(moves), MIN(seconds), COUNT(*) FROM results"
                           f" WHERE mode = ? AND maze = ? AND won = 1 AND {SOUND}", (mode, maze))
        moves, seconds, wins = rows[0] if rows else (None, None, 0)
        for row in self._pending_wins(mode, lambda key: key == maze):
            moves = row[3] if moves is None else min(moves, row[3])
            seconds = row[5] if seconds is None else min(seconds, row[5])
            wins += 1
        return None if wins == 0 else Best(moves, seconds, wins)

    def solved(self, mode: str, prefix: str) -> dict[str, int]:
        """Best winning move counts per maze key starting with `prefix` (puzzle packs)."""
        found = dict(self._query(
            "SELECT maze, MIN(moves) FROM results WHERE mode = ? AND won = 1"
            f" AND substr(maze, 1, ?) = ? AND {SOUND} GROUP BY maze",
            (mode, len(prefix), prefix)))
        for row in self._pending_wins(mode, lambda key: key.startswith(prefix)):
            found[row[1]] = min(found.get(row[1], row[3]), row[3])
        return found

    def wins(self, mode: str, prefix: str) -> list[tuple[str, int, int, float, float]]:
        """Every won game whose maze key starts with `prefix`, saved or waiting:
        (maze, moves, optimum, seconds, played_at)."""
        found = self._query(
            "SELECT maze, moves, optimum, seconds, played_at FROM results WHERE mode = ?"
            f" AND won = 1 AND substr(maze, 1, ?) = ? AND {SOUND}", (mode, len(prefix), prefix))
        found += [(row[1], row[3], row[4], row[5], row[6])
                  for row in self._pending_wins(mode, lambda key: key.startswith(prefix))]
        return found

    # -- the records screen ------------------------------------------------------------
    def results(self) -> list[Saved]:
        """Every finished game, saved or waiting, newest first (rows the game did not write
        itself last, each `unreadable`)."""
        later = ", ".join(name if self._has(name) else "NULL" for name in ("replay", "daily"))
        rows = self._query("SELECT id, mode, maze, won, moves, optimum, seconds, played_at, "
                           f"{later} FROM results", ())
        found = [read_row(row) for row in rows]
        found += [read_row((None, *row)) for row in self.pending]
        found.sort(key=lambda s: (s.unreadable is None, s.played_at, s.id or 0), reverse=True)
        return found

    def daily(self, day: str) -> list[Saved]:
        """The games played on `day`'s mazes of the day (YYYY-MM-DD), saved or waiting."""
        rows = self._query("SELECT id, mode, maze, won, moves, optimum, seconds, played_at, "
                           f"replay, daily FROM results WHERE daily = ? AND {SOUND}",
                           (day,)) if self._has("daily") else []
        found = [read_row(row) for row in rows]
        found += [read_row((None, *row)) for row in self.pending if row[8] == day]
        return [s for s in found if s.unreadable is None]

    def result(self, result_id: int) -> Saved | None:
        """The saved game with this id, or None."""
        return next((s for s in self.results() if s.id == result_id), None)

    def _has(self, column: str) -> bool:
        """Whether the file has a column added by a later version (one opened read-only is
        not migrated)."""
        if self.db is None:
            return False
        try:
            return has_column(self.db, column)
        except ERRORS:
            return False
