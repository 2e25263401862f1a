"""The lookups over saved results: best runs, solved puzzles, wins, the records' list.

A mixin of `storage.Store`, which provides `_query` (rows from the file, [] when it cannot be
read), `pending` (results waiting in memory) and `db`; here only what is read, and how results
still waiting in memory count with the saved ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mazegame.results_db import ERRORS, has_replays


@dataclass(frozen=True)
class Best:
    """The best finished runs on one maze."""

    moves: int
    seconds: float
    wins: int


@dataclass(frozen=True)
class Saved:
    """One finished game as saved: `id` None while it waits in memory; `replay` the
    game's recording (games.replay) as JSON, None when it has none (saved before v2)."""

    id: int | None
    mode: str
    maze: str
    won: bool
    moves: int
    optimum: int
    seconds: float
    played_at: float
    replay: str | None = None


class ResultQueries:
    """Reading saved results (mixed into storage.Store)."""

    def _pending_wins(self, mode: str, keep: Callable[[str], bool]) -> list[tuple]:
        return [row for row in self.pending if row[0] == mode and row[2] and keep(row[1])]

    def best(self, mode: str, maze: str) -> Best | None:
        """Fewest moves and fastest time among the won games on this maze."""
        rows = self._query("SELECT MIN(moves), MIN(seconds), COUNT(*) FROM results"
                           " WHERE mode = ? AND maze = ? AND won = 1", (mode, maze))
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
            " AND substr(maze, 1, ?) = ? GROUP BY maze", (mode, len(prefix), prefix)))
        for row in self._pending_wins(mode, lambda key: key.startswith(prefix)):
            found[row[1]] = min(found.get(row[1], row[3]), row[3])
        return found

    def wins(self, mode: str, prefix: str) -> list[tuple[str, int, int, float, float]]:
        """Every won game whose maze key starts with `prefix`, saved or waiting:
        (maze, moves, optimum, seconds, played_at)."""
        found = self._query(
            "SELECT maze, moves, optimum, seconds, played_at FROM results WHERE mode = ?"
            " AND won = 1 AND substr(maze, 1, ?) = ?", (mode, len(prefix), prefix))
        found += [(row[1], row[3], row[4], row[5], row[6])
                  for row in self._pending_wins(mode, lambda key: key.startswith(prefix))]
        return found

    # -- the records screen ------------------------------------------------------------
    def results(self) -> list[Saved]:
        """Every finished game, saved or waiting in memory, newest first."""
        replay = "replay" if self.db is not None and self._has_replays() else "NULL"
        rows = self._query("SELECT id, mode, maze, won, moves, optimum, seconds, played_at, "
                           f"{replay} FROM results", ())
        found = [Saved(row[0], row[1], row[2], bool(row[3]), *row[4:]) for row in rows]
        found += [Saved(None, row[0], row[1], bool(row[2]), *row[3:]) for row in self.pending]
        found.sort(key=lambda s: (s.played_at, s.id or 0), reverse=True)
        return found

    def result(self, result_id: int) -> Saved | None:
        """The saved game with this id, or None."""
        return next((s for s in self.results() if s.id == result_id), None)

    def _has_replays(self) -> bool:
        try:
            return has_replays(self.db)
        except ERRORS:
            return False
