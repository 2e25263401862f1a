"""The host's board of the day: each finished daily game (name, mode, moves, seconds).

Kept in memory and in one small JSON file under the data folder (`host-daily.json`), so a
host restarted during the day keeps its board. Only the current UTC day is kept, at most
MOST_ROWS rows (the best by moves, then seconds, per mode), so the file stays small.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from mazegame.games import daily

FILE_NAME = "host-daily.json"
MOST_ROWS = 500


@dataclass(frozen=True)
class Row:
    """One finished daily game."""

    name: str
    mode: str
    moves: int
    seconds: float


class Board:
    """The day's board (see the module's docstring)."""

    def __init__(self, path: Path | None, today: Callable[[], dt.date] = daily.today) -> None:
        self.path, self.today = path, today
        self.day = today()
        self.rows: list[Row] = []
        self._load()

    def add(self, name: str, mode: str, moves: int, seconds: float) -> None:
        """A daily game was finished: on the board (a new day starts a new board)."""
        if self.today() != self.day:
            self.day, self.rows = self.today(), []
        self.rows.append(Row(name, mode, int(moves), float(seconds)))
        self.rows.sort(key=lambda r: (r.mode, r.moves, r.seconds))
        del self.rows[MOST_ROWS:]
        self._save()

    def _load(self) -> None:
        """Today's rows from the file, if it holds today's (anything unreadable is ignored:
        the board is a courtesy, not a record)."""
        if self.path is None:
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("day") == self.day.isoformat():
                self.rows = [Row(str(r["name"]), str(r["mode"]), int(r["moves"]),
                                 float(r["seconds"])) for r in data["rows"]][:MOST_ROWS]
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.rows = []

    def _save(self) -> None:
        """The file rewritten whole (a few KB), through a temporary file."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            spare = self.path.with_suffix(".tmp")
            spare.write_text(json.dumps({"day": self.day.isoformat(),
                                         "rows": [asdict(r) for r in self.rows]}),
                             encoding="utf-8")
            os.replace(spare, self.path)
        except OSError:
            pass  # a full disk or read-only folder: the board stays in memory
