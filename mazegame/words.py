"""Counts and dates in words, the same everywhere a player reads them: "1 puzzle",
"3 puzzles" (a count agrees with its noun), and dates as 2026-11-27 03:29 (the year whole
and first).

On the ground floor: the engine, the games, the UI, the CLI and storage all say counts.
"""

from __future__ import annotations

import time

DATE_TIME = "%Y-%m-%d %H:%M"  #: year first, four digits: no reader takes it for another date


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`count` and the noun agreeing with it: "1 file", "2 files" (`nouns` when the plural
    is not noun + "s")."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def when(timestamp: float) -> str:
    """A moment as the player's clock shows it: "2026-11-27 03:29"."""
    return time.strftime(DATE_TIME, time.localtime(timestamp))
