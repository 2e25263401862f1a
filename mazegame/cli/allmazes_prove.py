"""`mazegame allmazes prove NxM LENGTH`: that no sequence of LENGTH moves solves every n x m
maze, with certificates others can check (engine.allmazes.prove): the SAT refutation's
DRAT proof checked by an independent checker, and a second, differently written encoding
solved by a second solver that agrees.

(Contract stub of issue 42: the action is listed, and refuses until it is built.)
"""

from __future__ import annotations

import argparse

from mazegame.cli.common import UsageError


def configure_prove(sub, parse_rows_cols, parse_runs) -> None:
    """Add the `prove` action to `allmazes`' subparsers (the parent hands over its
    argument types: a command's part imports only the shared modules)."""
    text = ("prove that no sequence of LENGTH moves solves every n x m maze, with a DRAT "
            "proof checked independently and a second encoding solved by a second solver")
    prove = sub.add_parser("prove", help=text, description=text)
    prove.add_argument("size", type=parse_rows_cols, metavar="NxM", help="rows x columns")
    prove.add_argument("length", type=parse_runs, metavar="LENGTH",
                       help="the sequence length claimed impossible")


def run_prove(args: argparse.Namespace) -> int:
    """Prove the claim and print the certificates' verdicts."""
    raise UsageError("allmazes prove is not built yet")
