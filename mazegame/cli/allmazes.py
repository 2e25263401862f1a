"""`mazegame allmazes count NxM [--json]`: how many n x m mazes are feasible (the
simultaneous maze solving problem's first question; engine.allmazes)."""

from __future__ import annotations

import argparse
import json
import time

from mazegame.cli.common import Command


def parse_rows_cols(text: str) -> tuple[int, int]:
    """NxM: n rows by m columns, the narrow side 1..MAX_SIDE, the long one to MAX_LENGTH."""
    from mazegame.engine.allmazes.count import MAX_LENGTH, MAX_SIDE

    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"a size is NxM, e.g. 4x4, not {text!r}")
    n, m = int(parts[0]), int(parts[1])
    if min(n, m) < 1 or min(n, m) > MAX_SIDE or max(n, m) > MAX_LENGTH:
        raise argparse.ArgumentTypeError(
            f"the narrow side must be 1..{MAX_SIDE} and the long one at most {MAX_LENGTH}, "
            f"not {text}")
    return n, m


def configure(p: argparse.ArgumentParser) -> None:
    """Add the actions (count) and their arguments."""
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    text = "count the feasible n x m mazes (a path joins the upper-left and lower-right)"
    count = sub.add_parser("count", help=text, description=text)
    count.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    count.add_argument("--json", action="store_true",
                       help='print {"n", "m", "count", "seconds"}')


def run(args: argparse.Namespace) -> int:
    """Count and print."""
    from mazegame.engine.allmazes.count import count_feasible

    n, m = args.size
    began = time.perf_counter()
    total = count_feasible(n, m)
    seconds = time.perf_counter() - began
    if args.json:
        print(json.dumps({"n": n, "m": m, "count": total, "seconds": round(seconds, 3)}))
    else:
        print(total)
    return 0


COMMAND = Command("allmazes", "one move sequence for every maze (Funke et al. 2017): count "
                  "the feasible mazes", configure, run)
