"""The thin client of `mazegame join` (being built: issue 39)."""

from __future__ import annotations

import sys


def run_client(args) -> int:
    """Not built yet: one line and status 2 (the command line asks for a part not here)."""
    print("mazegame: error: join is not built yet", file=sys.stderr)
    return 2
