"""`mazegame allmazes prove NxM LENGTH`: that no sequence of LENGTH moves solves every n x m
maze, with certificates others can check (engine.allmazes.prove): the SAT refutation's
DRAT proof checked by an independent checker, and a second, differently written encoding
solved by a second solver that agrees. Exit 0 proved, 1 the claim is false (a sequence
of LENGTH moves exists: printed), 3 no answer in the time limit, 4 a certificate failed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict

from mazegame.cli.common import UsageError, shown, whole_number

EXIT = {"proved": 0, "false": 1, "unknown": 3, "failed": 4}  #: the exit status by verdict
MIN_CELLS, MAX_CELLS = 4, 25  #: as `allmazes sat`: every maze class is listed
MAX_SPLIT = 8  #: cubes on at most the first 8 moves (65,536 cubes)


def configure_prove(sub, parse_rows_cols, parse_runs, parse_seconds) -> None:
    """Add the `prove` action to `allmazes`' subparsers (the parent hands over its
    argument types: a command's part imports only the shared modules)."""
    text = ("prove that no sequence of LENGTH moves solves every n x m maze (up to 25 cells; "
            "the sat extra), with a DRAT proof checked independently and a second encoding "
            "solved by a second solver; exit 0 proved, 1 false (a sequence is printed), "
            "3 no answer in the time limit, 4 a certificate failed")
    note = ("Stages: the SAT search for a set of maze classes that no sequence of LENGTH "
            "moves solves; that set's CNF refuted afresh by CaDiCaL with a DRAT proof, "
            "checked by dratify; the second encoding (CryptoMiniSat). DISK: a proof can "
            "take GBs (written to --keep DIR, or a temporary folder; the solver's binary "
            "proof sits there too while it runs); taking it from the solver holds it in "
            "memory, and a proof over 64 MB is checked by dratify's pure-Python engine a "
            "piece at a time (the native one would hold it all). --split K makes one proof "
            "per way the first K moves can go.")
    prove = sub.add_parser("prove", help=text, description=text, epilog=note)
    prove.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    prove.add_argument("length", type=parse_runs, metavar="LENGTH",
                       help="the sequence length claimed impossible")
    prove.add_argument("--time-limit", type=parse_seconds, default=3600.0, metavar="SECONDS",
                       help="give up after this long, all stages together (default 3600)")
    prove.add_argument("--keep", metavar="DIR", default=None,
                       help="write the CNF files, their DRAT proofs, classes.json and "
                            "MANIFEST.txt (what each file claims, how to check it) into DIR")
    prove.add_argument("--split", type=whole_number(0, MAX_SPLIT), default=0, metavar="K",
                       help="cubes on the first K moves: one CNF and proof each (default 0)")
    prove.add_argument("--workers", type=parse_runs, default=1, metavar="N",
                       help="refute and check up to N cubes at once (default 1)")
    prove.add_argument("--classes", metavar="FILE", default=None,
                       help="skip the search: the classes of a kept run's classes.json")
    prove.add_argument("--json", action="store_true",
                       help='print {"n", "m", "length", "verdict", "reason", "sequence", '
                            '"stages", "files"}')
    prove.add_argument("--quiet", action="store_true", help="no progress on standard error")


def _classes(path: str, n: int, m: int, length: int) -> list[int]:
    """The classes of a kept run's classes.json, for this size and length."""
    try:
        with open(path, encoding="utf-8") as text:
            doc = json.load(text)
        if (doc["n"], doc["m"], doc["length"]) != (n, m, length):
            raise ValueError(f"it is for {doc['n']}x{doc['m']} at {doc['length']}")
        classes = [int(c) for c in doc["classes"]]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise UsageError(f"--classes {shown(path)}: {err}") from None
    return classes


def run_prove(args: argparse.Namespace, progress) -> int:
    """Prove the claim and print the certificates' verdicts (`progress`: the parent's
    printer on standard error, None when quiet)."""
    n, m = args.size
    if not (MIN_CELLS <= n * m <= MAX_CELLS):
        raise UsageError(f"prove takes sizes of {MIN_CELLS} to {MAX_CELLS} cells, not {n}x{m}")
    if args.keep is not None and os.path.exists(args.keep) and (
            not os.path.isdir(args.keep) or os.listdir(args.keep)):
        raise UsageError(f"--keep {shown(args.keep)}: not an empty folder")
    classes = (None if args.classes is None
               else _classes(args.classes, n, m, args.length))
    try:
        import dratify  # noqa: F401
        import pysat  # noqa: F401
    except ImportError as err:
        print(f"prove needs the sat extra ({err.name}): pip install 'mazegame[sat]'",
              file=sys.stderr)
        return 1
    from mazegame.engine.allmazes.prove import prove

    try:
        result = prove(n, m, args.length, args.time_limit, progress, args.keep,
                       args.split, args.workers, classes)
    except OSError as err:  # the --keep folder or the disk
        print(f"mazegame: cannot write the certificate: {err}", file=sys.stderr)
        return EXIT["failed"]
    if args.json:
        print(json.dumps(asdict(result)))
    else:
        _print(result)
    return EXIT[result.verdict]


def _print(result) -> None:
    """The verdict, the sequence when there is one, and each stage's figures."""
    if result.sequence is not None:
        print(result.sequence)
    print(f"{result.verdict}: {result.reason}")
    for stage in result.stages:
        figures = ", ".join(f"{k} {_shown(v)}" for k, v in stage.figures.items())
        print(f"  {stage.name}: {stage.status}, {stage.wall:.1f} s wall, "
              f"{stage.cpu:.1f} s CPU" + (f"; {figures}" if figures else ""))
    if result.files:
        print(f"  files: {', '.join(result.files)}")
    if result.verdict == "failed":
        print(f"mazegame: CERTIFICATE FAILED: {result.reason}", file=sys.stderr)


def _shown(value) -> str:
    """A figure for people: seconds to 0.1."""
    return f"{value:.1f}" if isinstance(value, float) else str(value)
