"""`mazegame stats --algo NAME|all --size WxH --seeds N [--json]`: each generator's texture
and each solver's work, averaged over the mazes of seeds 1..N."""

from __future__ import annotations

import argparse

from mazegame.cli.common import Command, UsageError


def _configure(p: argparse.ArgumentParser) -> None:
    """Add stats' options."""
    p.add_argument("--algo", default="all", help="a generator's or solver's name, or all")
    p.add_argument("--size", default="20x20", metavar="WxH", help="maze size (default 20x20)")
    p.add_argument("--seeds", default="100", metavar="N",
                   help="the mazes of seeds 1..N, as `generate --seed` builds them")
    p.add_argument("--json", action="store_true", help="a list of rows, one per algorithm")


def run_stats(args: argparse.Namespace) -> int:
    """Print the statistics (not built yet: issue 40)."""
    raise UsageError("stats is not built yet")


COMMAND = Command("stats", "statistics over many mazes: each generator's texture, each "
                  "solver's work", _configure, run_stats)
