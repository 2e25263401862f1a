"""`mazegame treasure MAZE [--json]`: the walk that finds a treasure hidden in a uniformly
drawn cell in the fewest expected steps (Suits 4.3), beside depth-first and nearest-first."""

from __future__ import annotations

import argparse

from mazegame.cli.common import Command, UsageError


def _configure(p: argparse.ArgumentParser) -> None:
    """Add treasure's arguments: the maze file and --json."""
    p.add_argument("file", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--json", action="store_true",
                   help='print {"walk": [[r, c], ...], "expected", "total", "exact"}')


def run_treasure(args: argparse.Namespace) -> int:
    """Print the best walk (not built yet: issue 40)."""
    raise UsageError("treasure is not built yet")


COMMAND = Command("treasure", "the best walk to a treasure hidden in an unknown cell "
                  "(Suits 4.3)", _configure, run_treasure)
