"""`mazegame explain ALGO [--json]`: an algorithm's title, source, numbered steps and
properties, read from its registry entry."""

from __future__ import annotations

import argparse

from mazegame.cli.common import Command, UsageError


def _configure(p: argparse.ArgumentParser) -> None:
    """Add explain's arguments: the algorithm's name and --json."""
    p.add_argument("algo", help="a generator's or solver's name (generate --list, solve --list)")
    p.add_argument("--json", action="store_true",
                   help='print {"name", "title", "source", "steps": [...], ...} as JSON')


def run_explain(args: argparse.Namespace) -> int:
    """Print the algorithm's explanation (not built yet: issue 40)."""
    raise UsageError("explain is not built yet")


COMMAND = Command("explain", "an algorithm's numbered steps, its source and its properties",
                  _configure, run_explain)
