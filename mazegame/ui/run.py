"""The commands' one way into the app (play, edit, replay): run it in the terminal, then say
what only the end of the run knows, and end with its status.

After the app closes: the lines to share of the mazes of the day played (standard output),
one line on standard error when finished games are kept unsaved (the
results file was busy or read-only: storage's journal keeps them), and ctrl+c's status 130
turned into KeyboardInterrupt for the command line's one interrupt handler (`cli.main`:
"mazegame: interrupted", status 130).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import Iterator

from mazegame.ui.app import INTERRUPTED, MazeApp


def run_app(app: MazeApp) -> int:
    """Run the app in the terminal (the commands' one way in); after it closes, say on
    standard error which finished games are kept unsaved. Left by ctrl+c (the key, or
    SIGINT from outside): KeyboardInterrupt, so the command line's one interrupt handler
    ends it (one line, status 130)."""
    with _sigint_leaves(app):
        app.run()
    if app.share_lines:  # selectable in any terminal, clipboard or not
        print("Your maze of the day, to share:", *app.share_lines, sep="\n")
    if app.unsaved_note:
        print(f"mazegame: {app.unsaved_note}", file=sys.stderr)
    if app.return_code == INTERRUPTED:
        raise KeyboardInterrupt
    return app.return_code or 0


@contextlib.contextmanager
def _sigint_leaves(app: MazeApp) -> Iterator[None]:
    """While the app runs, SIGINT leaves it as ctrl+c does (asyncio's own handler cancels
    the app's task, which Textual ends quietly with status 0); outside its loop (starting,
    closing), SIGINT is KeyboardInterrupt as usual."""

    def interrupted(signum, frame) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise KeyboardInterrupt from None
        loop.call_soon_threadsafe(app.action_interrupt)

    try:
        previous = signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread: leave SIGINT alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
