"""The maze of the day: the same maze everywhere on a UTC date, for every mode that builds one.

A day's seed is a hash of the date and the mode's name, so every mode has its own maze of
the day, every machine (and every host) draws the same one, and no seed of a day tells the
next. The rest of the day's setup is fixed too, never the player's settings: the generator
is `GameSetup`'s default (the settings' default too), the size the mode's own fixed size
(`ModeSpec.default_size`) or else DAILY_SIZE, and each of the mode's choices its default
(the chase's difficulty: normal). The share line is what a player pastes to friends: the
date, the mode, the moves against par (the shortest path), stars, and the time.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re

from mazegame.games.setup import SEED_LIMIT, GameSetup

STARS = 3  #: the most a day's game earns
#: The maze of the day's size where the mode fits its maze to the screen: what "fit the
#: screen" gives from above in a 120x40 terminal (the chase's difficulties are tuned at it).
DAILY_SIZE = (29, 18)
DAILY_GENERATOR = GameSetup().algorithm  #: a new game's generator, the settings' default
#: A day as typed: the date in ISO form, ASCII digits only.
DAY_FORMAT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def today() -> dt.date:
    """Today's date in UTC (the day of the daily maze, wherever the player is)."""
    return dt.datetime.now(dt.UTC).date()


def daily_seed(day: dt.date, mode: str) -> int:
    """The seed of `mode`'s maze of the day (0..SEED_LIMIT-1), the same on every machine."""
    digest = hashlib.sha256(f"mazegame daily {day.isoformat()} {mode}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def has_daily(spec) -> bool:
    """Whether a mode (its ModeSpec) has a maze of the day: its setup dialog asks for a
    generator, size and seed (`maze_settings`), it builds its maze from them (`builds`),
    and its games end in a result saved with a replay (`replay`). Not the jumping maze, the
    campaign, the blindfold puzzle or the editor (no maze from a seed: packs, levels,
    files; the jumping maze has its own puzzle of the day), nor the lab, all-mazes or the
    rat (studies to watch, no result to share)."""
    return spec.maze_settings and spec.builds is not None and spec.replay is not None


def daily_modes() -> tuple[str, ...]:
    """The modes with a maze of the day, in menu order (read from the registry)."""
    from mazegame.games.modes import MODES

    return tuple(name for name, spec in MODES.items() if has_daily(spec))


def daily_setup(day: dt.date, mode: str) -> GameSetup:
    """The game of `mode`'s maze of the day on `day`: the day's seed and the fixed settings
    the module's docstring gives (LookupError: the mode has no maze of the day)."""
    from mazegame.games.modes import MODES

    spec = MODES.get(mode)
    if spec is None or not has_daily(spec):
        raise LookupError(f"{mode!r} has no maze of the day; the modes that have one: "
                          f"{', '.join(daily_modes())}")
    return GameSetup(mode=mode, algorithm=DAILY_GENERATOR,
                     size=spec.default_size or DAILY_SIZE, seed=daily_seed(day, mode),
                     options=tuple((c.key, c.default_value) for c in spec.choices),
                     daily=day.isoformat())


def parse_day(text: str, now: dt.date) -> dt.date:
    """A day as typed (YYYY-MM-DD, ASCII digits, a real date, not after `now`); ValueError
    saying what is accepted."""
    shown = text if len(text) <= 40 else text[:40] + "..."  # a paste can be megabytes
    if DAY_FORMAT.fullmatch(text) is None:
        raise ValueError(f"a day is written YYYY-MM-DD (e.g. {now.isoformat()}), not {shown!r}")
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{shown} is no date in the calendar") from None
    if day > now:
        raise ValueError(f"{shown} has not come yet (today is {now.isoformat()} in UTC)")
    return day


def stars(moves: int, par: int, won: bool = True) -> int:
    """3 at par (or under), 2 within a quarter over, 1 for any other finish, 0 for a loss."""
    if not won:
        return 0
    if moves <= par:
        return 3
    return 2 if moves <= par * 1.25 else 1


def best_of_day(results: list, day: dt.date) -> dict[str, object]:
    """Mode -> the best of its games of `day`'s maze (storage.Saved rows, any order): the
    win with the fewest moves, then the fastest; with no win, the latest game; modes in
    menu order."""
    mine = [s for s in results if s.daily == day.isoformat()]
    return {mode: min((s for s in mine if s.mode == mode),
                      key=lambda s: (0, s.moves, s.seconds) if s.won else (1, -s.played_at, 0))
            for mode in daily_modes() if any(s.mode == mode for s in mine)}


def day_summary(results: list, day: dt.date) -> str:
    """Your day in short, for the records: "classic 143 moves ★★☆ · chase lost ☆☆☆" ("":
    no game of the day's mazes yet)."""
    return " · ".join(
        f"{mode} {s.moves} moves {star_text(stars(s.moves, s.optimum))}" if s.won
        else f"{mode} lost {star_text(0)}" for mode, s in best_of_day(results, day).items())


def star_text(got: int) -> str:
    """Stars as the share line draws them: ★★☆."""
    return "★" * got + "☆" * (STARS - got)


def share_line(day: dt.date, mode: str, moves: int, par: int, seconds: float, *,
               won: bool = True) -> str:
    """`mazegame daily 2026-11-27 race: 143 moves (par 131) ★★☆ 1:42`; a game lost says
    so: `... race: lost after 60 moves (par 131) ☆☆☆ 0:40`."""
    minutes, secs = divmod(int(seconds), 60)
    counted = f"{moves} move{'s' * (moves != 1)}"
    played = counted if won else f"lost after {counted}"
    return (f"mazegame daily {day.isoformat()} {mode}: {played} (par {par}) "
            f"{star_text(stars(moves, par, won))} {minutes}:{secs:02d}")
