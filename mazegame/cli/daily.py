"""`mazegame daily [DATE] [--mode MODE] [--list]`: the maze of the day, played alone.

Opens the game of the day of a mode (classic unless `--mode`): the day's seed and the fixed
settings everyone plays (`games.daily`), in the mode's own screen, saved like any game with
its day. DATE (YYYY-MM-DD, UTC, not in the future) plays an earlier day's again. `--list`
prints the day's mazes, one line a mode, with your best result of the day where you have
one. Bad input: status 2 and one line.
"""

from __future__ import annotations

import argparse
import sys

from mazegame.cli.common import Command, one_line, shown, write_output

DEFAULT_MODE = "classic"  #: the mode `daily` opens without --mode


def parse_day_arg(text: str):
    """DATE: a day in YYYY-MM-DD, ASCII digits, a real date, not after today (UTC)."""
    from mazegame.games.daily import parse_day, today

    try:
        return parse_day(text, today())
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def parse_daily_mode(text: str) -> str:
    """--mode: a mode with a maze of the day (read from the registry)."""
    from mazegame.games.daily import daily_modes

    if text not in daily_modes():
        raise argparse.ArgumentTypeError(f"no maze of the day for {shown(text)}; the modes "
                                         f"that have one: {', '.join(daily_modes())}")
    return text


def configure(p: argparse.ArgumentParser) -> None:
    """DATE, --mode, --list."""
    p.add_argument("day", nargs="?", default=None, metavar="DATE", type=parse_day_arg,
                   help="the day, YYYY-MM-DD in UTC (default: today); an earlier one plays "
                        "that day's maze again")
    p.add_argument("--mode", default=None, type=parse_daily_mode,
                   help=f"the mode to play (default: {DEFAULT_MODE}; `--list` names them); "
                        "with --list, that mode's line only")
    p.add_argument("--list", action="store_true",
                   help="print the day's mazes, a line a mode: its seed and size, and your "
                        "best result of the day if any; then exit")


def listing(day, results: list, modes: tuple[str, ...]) -> list[str]:
    """The `--list` lines: the day, then one line a mode (seed, size, your best)."""
    from mazegame.games.daily import best_of_day, daily_setup, share_line

    lines = [f"Mazes of the day, {day.isoformat()} (UTC): generator "
             f"{daily_setup(day, modes[0]).algorithm}, each mode's default settings"]
    width = max(map(len, modes))
    bests = best_of_day(results, day)
    for mode in modes:
        setup = daily_setup(day, mode)
        best = bests.get(mode)
        played = sum(s.mode == mode for s in results)
        if best is None:
            yours = "not played"
        else:
            line = share_line(day, mode, best.moves, best.optimum, best.seconds, won=best.won)
            yours = f"your best: {line.partition(': ')[2]}" + (
                f" ({played} games)" if played > 1 else "")
        size = f"{setup.size[0]}x{setup.size[1]}"
        lines.append(one_line(f"{mode:<{width}}  seed {setup.seed:<10}  {size:>5}  {yours}"))
    return lines


def run(args: argparse.Namespace) -> int:
    """Open the day's game of the mode, or print the day's mazes (--list)."""
    from mazegame.games.daily import daily_modes, daily_setup, today

    day = args.day or today()
    if args.list:
        from mazegame.storage import Store

        store = Store(read_only=True)
        results = store.daily(day.isoformat())
        store.close()
        modes = daily_modes() if args.mode is None else (args.mode,)
        write_output(None, "\n".join(listing(day, results, modes)))
        if store.unreadable is not None:  # the mazes are listed; your results are not
            print(f"mazegame: your results could not be read: {one_line(store.unreadable)}",
                  file=sys.stderr)
        return 0
    from mazegame.ui.app import MazeApp
    from mazegame.ui.run import run_app

    return run_app(MazeApp(daily_setup(day, args.mode or DEFAULT_MODE)))


COMMAND = Command("daily", "play the maze of the day (the same for everyone, by UTC date)",
                  configure, run)
