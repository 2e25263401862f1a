"""What the net tests' child processes share."""

from __future__ import annotations

import signal


def SIGINT_AS_USUAL() -> None:  # noqa: N802 (passed as preexec_fn)
    """In the child: Ctrl-C as in a terminal (a CI that runs the suite as a background job
    starts it with SIGINT ignored, and a child would inherit that and never stop)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
