"""Headless players for `mazegame join --bot` (being built: issue 39)."""

from __future__ import annotations

import sys


def run_bot(args) -> int:
    """Not built yet: one line and status 2 (the command line asks for a part not here)."""
    print("mazegame: error: join --bot is not built yet", file=sys.stderr)
    return 2
