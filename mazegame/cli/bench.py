"""`mazegame bench`: time the kernels against references and print the table; with
`--startup`, time the real program's launches in a pseudo-terminal instead; with
`--network`, players and SSH sessions against a real `mazegame host`."""

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


def counts(low: int, high: int, most: int = 8):
    """The argparse type of a list of counts, '8,24,50' -> (8, 24, 50), each a whole
    number from low to high, at most `most` of them."""
    one = whole_number(low, high)

    def parse(text: str) -> tuple[int, ...]:
        parts = text.split(",")
        if len(parts) > most:
            raise argparse.ArgumentTypeError(f"at most {most} counts, not {shown(text)}")
        return tuple(one(part) for part in parts)

    return parse


parse_players = counts(2, 200)  #: --players: players in rooms, each count a row
parse_keys = whole_number(1, 10_000)  #: --keys: keys each player presses


def parse_sessions(text: str) -> tuple[int, ...]:
    """--sessions: SSH sessions at which memory is read ('5,20'), or '0' for none."""
    return () if text.strip() == "0" else counts(2, 200)(text)


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
    from mazegame.bench.network import DEFAULT_KEYS, DEFAULT_PLAYERS, DEFAULT_SESSIONS, IDLE

    network = p.add_argument_group("network (a real `mazegame host` on free ports)")
    network.add_argument("--network", action="store_true",
                         help="players in rooms racing at a person's pace: a key to the "
                              "State every player of its room received (p50, p99), the "
                              f"host's CPU (busy, and idle over --idle, default {IDLE:g} s), "
                              "and MB an SSH session costs the host")
    network.add_argument("--players", type=parse_players, default=None, metavar="N[,N...]",
                         help=f"players, in rooms of up to 8: a row each (default "
                              f"{','.join(map(str, DEFAULT_PLAYERS))})")
    network.add_argument("--keys", type=parse_keys, default=None, metavar="K",
                         help=f"keys each player presses (default {DEFAULT_KEYS})")
    network.add_argument("--sessions", type=parse_sessions, default=None, metavar="K[,K...]",
                         help=f"SSH sessions at which the host's memory is read (default "
                              f"{','.join(map(str, DEFAULT_SESSIONS))}; 0: none)")


def run_bench(args: argparse.Namespace) -> int:
    """Run the bench cases and print the table (or JSON)."""
    from mazegame.bench.registry import DEFAULT_CAP
    from mazegame.bench.report import format_table
    from mazegame.bench.runner import run_cases

    network = [flag for flag, value in (("--players", args.players), ("--keys", args.keys),
                                        ("--sessions", args.sessions)) if value is not None]
    if args.network:
        return run_network_bench(args)
    if network:
        verb = "goes" if len(network) == 1 else "go"
        raise UsageError(f"{' and '.join(network)} {verb} with --network")
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


def run_network_bench(args: argparse.Namespace) -> int:
    """Players and SSH sessions against a real host; print the table (or JSON)."""
    from mazegame.bench.network import (
        DEFAULT_KEYS,
        DEFAULT_PLAYERS,
        DEFAULT_SESSIONS,
        IDLE,
        NetworkError,
        format_network,
        network_rows,
    )

    given = [flag for flag, value in (("--startup", args.startup), ("--quick", args.quick),
                                      ("--only", args.only is not None), ("--cap", args.cap),
                                      ("--repeat", args.repeat), ("--no-presses",
                                                                  args.no_presses))
             if value not in (None, False)]
    if given:
        raise UsageError(f"--network takes --players, --keys, --sessions and --idle, not "
                         f"{' or '.join(given)}")
    try:
        rows = network_rows(args.players or DEFAULT_PLAYERS, args.keys or DEFAULT_KEYS,
                            DEFAULT_SESSIONS if args.sessions is None else args.sessions,
                            IDLE if args.idle is None else args.idle,
                            progress=None if args.json else sys.stderr)
    except NetworkError as err:
        print(f"mazegame: error: bench --network: {err}", file=sys.stderr)
        return 1
    write_output(None, json.dumps(rows, indent=1) if args.json else format_network(rows))
    return 0


COMMAND = Command("bench", "time the kernels against plain-Python references and mazelib",
                  _configure_bench, run_bench)
