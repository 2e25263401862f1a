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
def _flag(name: str) -> Iterator[None]:
    """Set a flag of this thread for the block, then put it back as it was."""
    before = getattr(thread, name, False)
    setattr(thread, name, True)
    try:
        yield
    finally:
        setattr(thread, name, before)


def compiling() -> contextlib.AbstractContextManager[None]:
    """In this block, this thread compiles (or loads) kernels as it calls them."""
    return _flag("may_compile")


def compiling_when(heavy: bool) -> contextlib.AbstractContextManager[None]:
    """`compiling()` for heavy work (a kernel's Python twin would take longer than its
    compile), else nothing: on a first launch light work runs as Python, never waiting."""
    return compiling() if heavy else contextlib.nullcontext()


def as_python() -> contextlib.AbstractContextManager[None]:
    """In this block, this thread runs every kernel as its Python twin (for tests)."""
    return _flag("twin")
