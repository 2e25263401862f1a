"""When a kernel may be compiled: on the spot (the default), or never while a game waits.

Kept apart from `jit` so that a game can set the policy before anything imports numba.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

#: Per thread: .twin (inside a kernel's Python twin), .may_compile (a warm-up thread).
thread = threading.local()
_never_wait = False


def never_wait_for_compiles(on: bool = True) -> None:
    """From now on run uncompiled kernels as Python rather than compile them on the spot
    (threads inside `compiling()` still compile)."""
    global _never_wait
    _never_wait = on


def never_wait() -> bool:
    """Whether uncompiled kernels run as Python on threads outside `compiling()`."""
    return _never_wait


@contextlib.contextmanager
def compiling() -> Iterator[None]:
    """In this block, this thread compiles (or loads) kernels as it calls them."""
    before = getattr(thread, "may_compile", False)
    thread.may_compile = True
    try:
        yield
    finally:
        thread.may_compile = before


@contextlib.contextmanager
def as_python() -> Iterator[None]:
    """In this block, this thread runs every kernel as its Python twin (for tests)."""
    before = getattr(thread, "twin", False)
    thread.twin = True
    try:
        yield
    finally:
        thread.twin = before
