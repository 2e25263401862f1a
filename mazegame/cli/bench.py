"""`mazegame bench`: time the kernels against references and print the table."""

from __future__ import annotations

import argparse
import json
import sys

from mazegame.cli.common import Command, UsageError, write_output


def parse_cap(text: str) -> float:
    """'10' -> 10.0 seconds: the most one timed call of the bench may take."""
    try:
        cap = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cap is a number of seconds, not {text!r}") from None
    if not 0 < cap <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"cap must be more than 0 and at most 3600 s, not {text}")
    return cap


def _configure_bench(p: argparse.ArgumentParser) -> None:
    """Add bench's options: --json, --quick, --only, --cap."""
    from mazegame.bench.registry import DEFAULT_CAP

    p.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    p.add_argument("--quick", action="store_true", help="only the small sizes")
    p.add_argument("--only", default=None, help="only cases whose name contains this text")
    p.add_argument("--cap", type=parse_cap, default=DEFAULT_CAP, metavar="SECONDS",
                   help=f"stop any timed call after this long and report a lower bound "
                        f"(default {DEFAULT_CAP:g})")


def run_bench(args: argparse.Namespace) -> int:
    """Run the bench cases and print the table (or JSON)."""
    from mazegame.bench.report import format_table
    from mazegame.bench.runner import run_cases

    rows = run_cases(quick=args.quick, only=args.only, cap=args.cap,
                     progress=None if args.json else sys.stderr)
    if not rows:
        raise UsageError(f"no bench case matches --only {args.only!r}")
    write_output(None, json.dumps(rows, indent=1) if args.json else format_table(rows))
    return 0


COMMAND = Command("bench", "time the kernels against plain-Python references and mazelib",
                  _configure_bench, run_bench)
