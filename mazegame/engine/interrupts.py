"""Ctrl-C and numba kernels: an interrupt that comes while the main thread is in a kernel's
call is raised as the call returns, not inside it.

Python raises KeyboardInterrupt at the first bytecode it runs after a Ctrl-C. A compiled
kernel runs none while it works, but numba runs a little Python as a call returns
(unpickling constants as it boxes the results), and a KeyboardInterrupt raised there is
lost inside numba: a SystemError ("returned a result with an exception set") or a
segmentation fault (`solve` of a 4096x4096 maze with `--algo random-walk --budget
300000000`, Ctrl-C after 6 s: status -11, 3 times of 3). With `hold_during_kernels()`
(or a handler of its own that asks `hold_if_in_kernel`, as the command line's does), a
Ctrl-C that comes during a kernel's call in the main thread is only noted, and `jit.Kernel`
raises it once the call has returned. A kernel therefore holds Ctrl-C up for as long as
one call runs (and the first call of one, while numba compiles or loads it): long work
runs in short calls (see `allmazes.budget`).

No numba here: the command line installs the handler before it imports any.
"""

from __future__ import annotations

import signal
import threading

MAIN = threading.main_thread().ident  #: the thread Python runs signal handlers in


class _Held:
    """Kernel calls under way in the main thread, and whether a Ctrl-C waits for them."""

    depth = 0
    interrupted = False


held = _Held()


def hold_if_in_kernel() -> bool:
    """For a SIGINT handler: True, with the interrupt noted for `raise_held`, when the main
    thread is in a kernel's call; False when KeyboardInterrupt may be raised now."""
    if held.depth:
        held.interrupted = True
        return True
    return False


def _on_sigint(signum, frame) -> None:
    """Ctrl-C: KeyboardInterrupt now, or when the kernel call under way returns."""
    if not hold_if_in_kernel():
        raise KeyboardInterrupt


def hold_during_kernels() -> None:
    """Make Ctrl-C wait for a kernel's call to return (see the module's docstring), when
    SIGINT has Python's own handler and this is the main thread (elsewhere: nothing)."""
    if (threading.get_ident() == MAIN
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        signal.signal(signal.SIGINT, _on_sigint)


def raise_held() -> None:
    """KeyboardInterrupt, when a Ctrl-C waited for the kernel calls that are now over."""
    if held.interrupted and not held.depth:
        held.interrupted = False
        raise KeyboardInterrupt
