"""The maze of the day: the same maze everywhere on a UTC date, for every mode.

A day's seed is a hash of the date and the mode's name, so every mode has its own maze of
the day, every machine (and every host) draws the same one, and no seed of a day tells the
next. The share line is what a player pastes to friends: the date, the mode, the moves
against par, stars, and the time.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from mazegame.games.setup import SEED_LIMIT

STARS = 3  #: the most a day's game earns


def today() -> dt.date:
    """Today's date in UTC (the day of the daily maze, wherever the player is)."""
    return dt.datetime.now(dt.UTC).date()


def daily_seed(day: dt.date, mode: str) -> int:
    """The seed of `mode`'s maze of the day (0..SEED_LIMIT-1), the same on every machine."""
    digest = hashlib.sha256(f"mazegame daily {day.isoformat()} {mode}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def stars(moves: int, par: int) -> int:
    """3 at par (or under), 2 within a quarter over, 1 for any other finish."""
    if moves <= par:
        return 3
    return 2 if moves <= par * 1.25 else 1


def share_line(day: dt.date, mode: str, moves: int, par: int, seconds: float) -> str:
    """`mazegame daily 2026-11-27 race: 143 moves (par 131) ★★☆ 1:42`."""
    got = stars(moves, par)
    minutes, secs = divmod(int(seconds), 60)
    return (f"mazegame daily {day.isoformat()} {mode}: {moves} moves (par {par}) "
            f"{'★' * got}{'☆' * (STARS - got)} {minutes}:{secs:02d}")
