"""Ctrl-C for every command: exit status 130 and the one line "mazegame: interrupted".

main() runs each command while a `Sigint` notes the signal: its handler records it and
raises KeyboardInterrupt, as Python's own handler does. The interrupt does not always
arrive as itself, so recording matters:

- raised inside a numba call it comes out as a SystemError whose cause is the interrupt;
- raised inside a C callback (llvmlite calls one while numba compiles) it cannot propagate:
  Python prints it as "Exception ignored in ..." and the compile goes on. The `noted` block
  keeps such a report quiet and delivers the interrupt again a moment later, where it can
  propagate;
- a library may catch it and carry on.

So `Sigint.ended` takes any exception that ends a command after a SIGINT, or one with a
KeyboardInterrupt in its chain, for the interrupt, and a command that finishes after its
interrupt was swallowed still ends with 130.

A SIGINT ignored when mazegame started (a script's background job) stays ignored, and a
handler someone else installed (an embedding program) is left alone: Sigint then only reads
exceptions. Libraries that take SIGINT over for a while answer it their own way: aiohttp's
server stops (`serve`); python-sat's solvers longjmp out of their handler, which is unsafe,
so engine.allmazes.sat runs them off the main thread, where they leave SIGINT to Python.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator

from mazegame.engine import interrupts

MESSAGE = "mazegame: interrupted"
STATUS = 130  #: 128 + SIGINT, what shells report for a program ended by Ctrl-C
REDELIVER_SECONDS = 0.05  #: after an interrupt lost in a C callback, send it again this soon


def caused_by_ctrl_c(err: BaseException | None) -> bool:
    """Whether err is a KeyboardInterrupt or has one among its causes and contexts."""
    seen: set[int] = set()
    while err is not None and id(err) not in seen:
        if isinstance(err, KeyboardInterrupt):
            return True
        seen.add(id(err))
        err = err.__cause__ or err.__context__
    return False


class Sigint:
    """Notes Ctrl-C while a command runs (see the module's docstring)."""

    def __init__(self) -> None:
        self.received = False

    def _on_sigint(self, signum, frame) -> None:
        """The handler: note the signal, then raise as Python's default handler does, or,
        while the main thread is in a kernel's call, when that call returns (engine.interrupts:
        raised inside numba, it was lost or crashed the process)."""
        self.received = True
        if not interrupts.hold_if_in_kernel():
            raise KeyboardInterrupt

    def _on_unraisable(self, unraisable) -> None:
        """An interrupt raised where it cannot propagate (a C callback): no report; send the
        signal again shortly, from another thread, so it lands once the callback is done."""
        if not caused_by_ctrl_c(unraisable.exc_value):
            self._previous_hook(unraisable)
            return
        main = threading.main_thread().ident  # its sleeps and reads end on the signal
        resend = threading.Timer(REDELIVER_SECONDS, signal.pthread_kill, (main, signal.SIGINT))
        resend.daemon = True
        resend.start()

    @contextlib.contextmanager
    def noted(self) -> Iterator[Sigint]:
        """Handle SIGINT with `_on_sigint` inside the block, where Python's default handler
        would; the previous handler is back afterwards."""
        ours = (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
        if not ours:
            yield self
            return
        previous = signal.signal(signal.SIGINT, self._on_sigint)
        self._previous_hook, sys.unraisablehook = sys.unraisablehook, self._on_unraisable
        try:
            yield self
        finally:
            sys.unraisablehook = self._previous_hook
            signal.signal(signal.SIGINT, previous)

    def ended(self, err: BaseException | None) -> bool:
        """Whether Ctrl-C ended the command: a SIGINT came, or err is an interrupt's."""
        return self.received or caused_by_ctrl_c(err)


@contextlib.contextmanager
def winding_up() -> Iterator[None]:
    """Around saying "interrupted" as the program ends: a second Ctrl-C is ignored (it would
    raise in the middle and print a traceback), CPython's unhandled-Ctrl-C mark is cleared,
    and objects the interrupt left half-built (llvmlite's, mid-compile), whose finalizers may
    fail as the program ends, say nothing ("Exception ignored in ...")."""
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    try:
        yield
    finally:
        forget_unhandled_mark()
        sys.unraisablehook = lambda unraisable: None
        if previous is not None:  # None: a handler set outside Python, not ours to restore
            signal.signal(signal.SIGINT, previous)


def forget_unhandled_mark() -> None:
    """Clear CPython's mark of an unhandled Ctrl-C. A KeyboardInterrupt that ends code run
    from a string (numba compiles that way) sets it even when a caller catches the interrupt,
    and under `python -m` the interpreter then ends itself by SIGINT, not with our status;
    running a string clears it (CPython's run_eval_code_obj resets it first)."""
    exec("None", {})
