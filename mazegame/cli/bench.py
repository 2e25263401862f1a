"""`mazegame bench`: time the kernels against references and print the table; with
`--startup`, time the real program's launches in a pseudo-terminal instead."""

from __future__ import annotations

import argparse
import json
import sys

from mazegame.cli.common import (
    Command,
    UsageError,
    ascii_float,
    shown,
    whole_number,
    write_output,
)


def _number(text: str, convert, name: str, noun: str, inside, bounds: str):
    """`text` converted, or the one-line refusal naming the option and its range."""
    try:
        value = convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} is {noun}, not {shown(text)}") from None
    if not inside(value):  # a comparison, so nan and inf are refused too
        raise argparse.ArgumentTypeError(f"{name} must be {bounds}, not {shown(text)}")
    return value


def parse_cap(text: str) -> float:
    """'10' -> 10.0 seconds: the most one timed call of the bench may take."""
    return _number(text, ascii_float, "cap", "a number of seconds", lambda v: 0 < v <= 3600,
                   "more than 0 and at most 3600 s")


#: --repeat: how many times each startup figure is measured
parse_repeat = whole_number(1, 100)


def parse_idle(text: str) -> float:
    """'10' -> 10.0 seconds of watching an idle screen (0: no idle figures)."""
    return _number(text, ascii_float, "idle", "a number of seconds", lambda v: 0 <= v <= 600,
                   "0 to 600 s")


def _configure_bench(p: argparse.ArgumentParser) -> None:
    """Add bench's options: --json, --quick, --only, --cap, and --startup's own."""
    from mazegame.bench.registry import DEFAULT_CAP, IDLE_SECONDS, STARTUP_TIMEOUTS

    p.add_argument("--json", action="store_true",
                   help="print JSON (a list; with --startup one document) instead of a table")
    p.add_argument("--quick", action="store_true", help="only the small sizes")
    p.add_argument("--only", default=None,
                   help="only cases (with --startup: modes) whose name contains this text")
    p.add_argument("--cap", type=parse_cap, default=None, metavar="SECONDS",
                   help=f"stop any timed call after this long and report a lower bound "
                        f"(default {DEFAULT_CAP:g}; with --startup, the wait for a screen: "
                        f"{STARTUP_TIMEOUTS['cold']:g} cold, {STARTUP_TIMEOUTS['warm']:g} warm)")
    startup = p.add_argument_group("startup (the real program in a pseudo-terminal)")
    startup.add_argument("--startup", action="store_true",
                         help="time launches to the menu and to each mode's first maze, cold "
                              "and warm numba cache, watch idle screens, and time a new maze "
                              "and a move in classic (needs pyte)")
    startup.add_argument("--repeat", type=parse_repeat, default=None, metavar="N",
                         help="measure each startup figure N times (default 3)")
    startup.add_argument("--idle", type=parse_idle, default=None, metavar="SECONDS",
                         help=f"watch each idle screen this long (default {IDLE_SECONDS:g}; "
                              f"0: none)")
    startup.add_argument("--no-presses", action="store_true",
                         help="skip the key-press figures (classic: new maze, moves at "
                              "200x60 and at the default size; only measured when --only "
                              "keeps classic)")


def run_bench(args: argparse.Namespace) -> int:
    """Run the bench cases and print the table (or JSON)."""
    from mazegame.bench.registry import DEFAULT_CAP
    from mazegame.bench.report import format_table
    from mazegame.bench.runner import run_cases

    if args.startup:
        return run_startup_bench(args)
    given = [flag for flag, value in (("--repeat", args.repeat), ("--idle", args.idle),
                                      ("--no-presses", args.no_presses or None))
             if value is not None]
    if given:
        raise UsageError(f"{' and '.join(given)} go with --startup")
    cap = DEFAULT_CAP if args.cap is None else args.cap
    rows = run_cases(quick=args.quick, only=args.only, cap=cap,
                     progress=None if args.json else sys.stderr)
    if not rows:
        raise UsageError(f"no bench case matches --only {args.only!r}")
    write_output(None, json.dumps(rows, indent=1) if args.json else format_table(rows))
    return 0


def run_startup_bench(args: argparse.Namespace) -> int:
    """Time the real program's launches and idle screens; print the table (or JSON)."""
    from mazegame.bench.registry import IDLE_SECONDS
    from mazegame.bench.startup import format_startup, run_startup
    from mazegame.bench.terminal import pty_problem
    from mazegame.games.modes import MODES

    if args.quick:
        raise UsageError("--quick is for the kernels; --startup takes --repeat and --idle")
    modes = [name for name in MODES if not args.only or args.only in name]
    if not modes:
        raise UsageError(f"no mode matches --only {args.only!r}; modes: {', '.join(MODES)}")
    problem = pty_problem()
    if problem:
        raise UsageError(f"bench --startup {problem}")
    try:
        import pyte  # noqa: F401
    except ImportError:
        raise UsageError("bench --startup needs pyte: python3 -m pip install pyte "
                         "(or the bench extra: pip install -e '.[bench]')") from None
    timeouts = {} if args.cap is None else {"cold": args.cap, "warm": args.cap}
    doc = run_startup(modes, repeat=3 if args.repeat is None else args.repeat,
                      timeouts=timeouts,
                      idle_seconds=IDLE_SECONDS if args.idle is None else args.idle,
                      progress=None if args.json else sys.stderr,
                      presses=not args.no_presses)
    write_output(None, json.dumps(doc, indent=1) if args.json else format_startup(doc))
    return 0


COMMAND = Command("bench", "time the kernels against plain-Python references and mazelib",
                  _configure_bench, run_bench)
