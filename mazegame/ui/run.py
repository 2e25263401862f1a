"""The commands' one way into the app (play, edit, replay): run it in the terminal, then say
what only the end of the run knows, and end with its status.

After the app closes: one line on standard error when finished games are kept unsaved (the
results file was busy or read-only: storage's journal keeps them), and ctrl+c's status 130
turned into KeyboardInterrupt for the command line's one interrupt handler (`cli.main`:
"mazegame: interrupted", status 130).
"""

from __future__ import annotations

import sys

from mazegame.ui.app import INTERRUPTED, MazeApp
from mazegame.ui.sigint import sigint_leaves


def run_app(app: MazeApp) -> int:
    """Run the app in the terminal (the commands' one way in); after it closes, say on
    standard error which finished games are kept unsaved. Left by ctrl+c (the key, or
    SIGINT from outside): KeyboardInterrupt, so the command line's one interrupt handler
    ends it (one line, status 130)."""
    with sigint_leaves(app):
        app.run()
    if app.unsaved_note:
        print(f"mazegame: {app.unsaved_note}", file=sys.stderr)
    if app.return_code == INTERRUPTED:
        raise KeyboardInterrupt
    return app.return_code or 0
