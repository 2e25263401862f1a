"""The one numba decorator every kernel uses, and the Python twin a game runs while the
compiled kernel is not ready yet.

Kernels are compiled lazily on first call, cached on disk, and free of the GIL so UI workers
can run them in a thread. Compiling takes seconds on a fresh install; a game that must not
wait for it sets `compiles.never_wait_for_compiles()`: from then on a kernel with nothing
compiled in this process runs its Python source instead (the same numbers: numba's
np.random is NumPy's legacy generator), as does every kernel it calls, until a warm-up
thread (`compiles.compiling()`) has compiled it or loaded it from the cache. (Loading it
here from the cache would be slower still for a first maze: numba's code generator takes
longer to start than a small maze takes in Python.)
"""

from __future__ import annotations

import functools
import hashlib
import threading
from pathlib import Path

from numba.core.caching import CompileResultCacheImpl, FunctionCache
from numba.core.registry import CPUDispatcher

from mazegame.engine import compiles, interrupts

#: Every kernel, in definition order (the warm-up counts and checks them).
KERNELS: list[Kernel] = []


@functools.cache
def source_digest(root: Path = Path(__file__).parent) -> bytes:
    """A digest of every Python file under `root` (by default the engine), names and text."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.digest()


class _EngineCacheImpl(CompileResultCacheImpl):
    """numba's cache of a kernel, stamped with the whole engine's source as well as its own
    file's: a cached kernel holds the kernels it calls compiled into it, so an edit to
    any of them must retire it too (numba checks only the kernel's own file, and a bench
    after an edit in trees.py timed Prim's old code)."""

    def __init__(self, py_func):
        """numba's cache of py_func, with the engine's digest in its stamp."""
        super().__init__(py_func)
        own = self.locator.get_source_stamp
        self.locator.get_source_stamp = lambda: (own(), source_digest())


class _EngineCache(FunctionCache):
    """A kernel's disk cache that an edit anywhere in the engine retires."""

    _impl_class = _EngineCacheImpl


class Kernel(CPUDispatcher):
    """A numba dispatcher that runs its Python twin instead of waiting for a compile."""

    def __call__(self, *args, **kwargs):
        """Run the compiled kernel, or its Python twin when compiling would keep a game waiting."""
        state = compiles.thread
        if getattr(state, "twin", False):  # inside a twin: its callees are Python too
            return self.py_func(*args, **kwargs)
        if self.runs_as_python:
            self.wanted.add(tuple(self.typeof_pyval(a) for a in args))
            state.twin = True
            try:
                return self.py_func(*args, **kwargs)
            finally:
                state.twin = False
        main = threading.get_ident() == interrupts.MAIN
        if main:
            interrupts.held.depth += 1  # a Ctrl-C now waits for the call to return
        try:
            return super().__call__(*args, **kwargs)
        except SystemError as err:
            _raise_interrupt_within(err)
            raise
        finally:
            if main:
                interrupts.held.depth -= 1
                interrupts.raise_held()

    def enable_caching(self):
        """Cache compiled code on disk, retired by an edit anywhere in the engine."""
        self._cache = _EngineCache(self.py_func)

    @property
    def runs_as_python(self) -> bool:
        """Whether a call from this thread now would run the Python twin (slow on big
        inputs: callers with a cheaper way may take it)."""
        state = compiles.thread
        return getattr(state, "twin", False) or (
            compiles.never_wait() and not self.signatures
            and not getattr(state, "may_compile", False))


def _raise_interrupt_within(err: SystemError) -> None:
    """KeyboardInterrupt, when a Ctrl-C caught a kernel's call in the Python that numba's
    compiled code runs (e.g. unpickling a constant as the kernel returns): numba then
    reports a SystemError ("returned a result with an exception set") caused by the
    interrupt (through one SystemError per compiled caller on the way), which is the
    interrupt the user meant."""
    cause: BaseException | None = err
    while isinstance(cause, SystemError):
        cause = cause.__cause__ or cause.__context__
    if isinstance(cause, KeyboardInterrupt):
        raise KeyboardInterrupt from None


def kernel(fn=None, *, inline: str = "never"):
    """Make `fn` a kernel: nopython, nogil, cached on disk, compiled on first call
    (`@kernel(inline="always")` for small helpers numba should inline into their callers)."""
    if fn is None:
        return lambda fn: kernel(fn, inline=inline)
    options = {"nopython": True, "nogil": True, "boundscheck": None, "inline": inline}
    k = Kernel(py_func=fn, locals={}, targetoptions=options)
    k.enable_caching()
    k.wanted = set()  # argument types it ran with as Python (see compile_wanted)
    KERNELS.append(k)
    return k


def compile_wanted() -> None:
    """Compile every kernel a game ran as Python for want of a compiled version, for the
    argument types it ran with, so that it runs compiled from now on."""
    with compiles.compiling():
        for k in KERNELS:
            while k.wanted:
                sig = k.wanted.pop()
                if not k.signatures:
                    k.compile(sig)
