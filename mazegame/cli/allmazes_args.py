"""What the `allmazes` actions share: their argument types (NxM, seconds, counts), the
time limit's option and message, the progress printer, and reading a move sequence."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from mazegame.cli.common import UsageError, ascii_float, read_input, shown, whole_number

OUT_OF_TIME = 3  #: the exit status when the time limit comes before the answer (as `sat`)


def parse_rows_cols(text: str) -> tuple[int, int]:
    """NxM: n rows by m columns, the narrow side 1..MAX_SIDE, the long one to MAX_LENGTH."""
    from mazegame.engine.allmazes.count import MAX_LENGTH, MAX_SIDE

    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 6 for p in parts):
        raise argparse.ArgumentTypeError(f"a size is NxM, e.g. 4x4, not {shown(text)}")
    n, m = int(parts[0]), int(parts[1])
    if min(n, m) < 1 or min(n, m) > MAX_SIDE or max(n, m) > MAX_LENGTH:
        raise argparse.ArgumentTypeError(
            f"the narrow side must be 1..{MAX_SIDE} and the long one at most {MAX_LENGTH}, "
            f"not {text}")
    return n, m


def parse_seconds(text: str) -> float:
    """A time limit: a positive number of seconds."""
    value = ascii_float(text)
    if not (0 < value <= 7 * 86400):
        raise argparse.ArgumentTypeError(
            f"a time limit is a number of seconds above 0 (at most a week), not {shown(text)}")
    return value


def limit_size(size: tuple[int, int], low: int, high: int, what: str) -> None:
    """Refuse sizes the action cannot handle."""
    n, m = size
    if not (low <= n * m and min(n, m) >= 1 and n * m <= high):
        raise UsageError(f"{what} takes sizes of {low} to {high} cells, not {n}x{m}")


def add_time_limit(p: argparse.ArgumentParser, text: str, default: float = 60.0) -> None:
    """The --time-limit SECONDS option."""
    p.add_argument("--time-limit", type=parse_seconds, default=default, metavar="SECONDS",
                   help=text)


def out_of_time(args: argparse.Namespace, what: str) -> int:
    """Say on standard error that the time limit came first, and how far the work got:
    the exit status OUT_OF_TIME."""
    print(f"mazegame: time limit of {args.time_limit:g} s reached: {what}", file=sys.stderr)
    return OUT_OF_TIME


MAX_RUNS = 10_000  #: a bound on --runs and --workers
parse_runs = whole_number(1, MAX_RUNS)  #: --runs, --workers, sat's LENGTH


def progress_printer(args: argparse.Namespace):
    """A progress printer on standard error (None when quiet)."""
    if getattr(args, "quiet", False):
        return None
    began = time.monotonic()

    def say(text: str) -> None:  # one write: a Ctrl-C never lands inside the line
        sys.stderr.write(f"[{time.monotonic() - began:7.1f}s] {text}\n")
        sys.stderr.flush()

    return say


def read_sequence(arg: str):
    """The moves of SEQ|FILE: a file's text when the argument names one (or is '-')."""
    from mazegame.engine.allmazes.family import parse_sequence
    from mazegame.engine.readfile import MOVES

    looks_like_moves = arg.strip() != "" and set(arg.lower()) <= set("udlr \t")
    if arg == "-" or (not looks_like_moves and os.path.isfile(arg)):
        text = "\n".join(line.partition("#")[0]
                         for line in read_input(arg, MOVES).splitlines())
    else:
        text = arg
    try:
        moves = parse_sequence(text)
        if len(moves) == 0:
            raise ValueError("the sequence is empty")
        return moves
    except ValueError as err:
        where = "" if text is not arg else "no such file, and not a sequence: "
        raise UsageError(f"{where}{err}") from None


MAX_PATH = 4096  #: the longest folder name taken


def parse_folder(text: str) -> Path:
    """A folder for files the action keeps (a checkpoint): a name without control
    characters (it is named in messages), at most MAX_PATH characters."""
    if not text or len(text) > MAX_PATH or any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise argparse.ArgumentTypeError(f"a folder's name, not {shown(text)}")
    return Path(text)
