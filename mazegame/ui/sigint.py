"""SIGINT while an app runs leaves it as its ctrl+c key does (the app's `action_interrupt`,
status 130), for every app a command runs: the game's and the thin client's.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Iterator

from textual.app import App


@contextlib.contextmanager
def sigint_leaves(app: App) -> Iterator[None]:
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
