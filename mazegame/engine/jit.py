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
import threading

import numba
from numba.extending import typeof_impl

from mazegame.engine import compiles, interrupts

#: Every kernel, in definition order (the warm-up counts and checks them).
KERNELS: list[Kernel] = []


class Kernel:
    """A numba-compiled function (`dispatcher`) that Python calls through here, to run its
    Python twin instead of waiting for a compile and to hold a Ctrl-C until it returns.
    Compiled callers call the dispatcher itself (see `_kernel_type`)."""

    def __init__(self, fn, inline: str):
        """Compile `fn` lazily: nopython, nogil, cached on disk (the cache folder is the
        engine's own, `locations.configure_numba_cache`)."""
        self.dispatcher = numba.njit(fn, cache=True, nogil=True, boundscheck=None,
                                     inline=inline)
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.targetoptions = self.dispatcher.targetoptions  # numba's inliner reads these
        self.wanted: set[tuple] = set()  # argument types it ran with as Python

    def __call__(self, *args, **kwargs):
        """Run the compiled kernel, or its Python twin when compiling would keep a game waiting."""
        state = compiles.thread
        if getattr(state, "twin", False):  # inside a twin: its callees are Python too
            return self.py_func(*args, **kwargs)
        if self.runs_as_python:
            self.wanted.add(tuple(numba.typeof(a) for a in args))
            state.twin = True
            try:
                return self.py_func(*args, **kwargs)
            finally:
                state.twin = False
        main = threading.get_ident() == interrupts.MAIN
        if main:
            interrupts.held.depth += 1  # a Ctrl-C now waits for the call to return
        try:
            return self.dispatcher(*args, **kwargs)
        except SystemError as err:
            _raise_interrupt_within(err)
            raise
        finally:
            if main:
                interrupts.held.depth -= 1
                interrupts.raise_held()

    def __reduce__(self):
        """Pickled by name, as the function it wraps would be."""
        return self.__qualname__

    @property
    def signatures(self) -> list:
        """The argument types compiled so far (or loaded from the cache)."""
        return self.dispatcher.signatures

    @property
    def stats(self):
        """numba's cache hits and misses for this kernel."""
        return self.dispatcher.stats

    def compile(self, sig):
        """Compile (or load from the cache) for the argument types `sig`."""
        return self.dispatcher.compile(sig)

    @property
    def runs_as_python(self) -> bool:
        """Whether a call from this thread now would run the Python twin (slow on big
        inputs: callers with a cheaper way may take it)."""
        state = compiles.thread
        return getattr(state, "twin", False) or (
            compiles.never_wait() and not self.signatures
            and not getattr(state, "may_compile", False))


@typeof_impl.register(Kernel)
def _kernel_type(kernel: Kernel, context):
    """In compiled code a kernel is its numba dispatcher: a kernel calling another calls it
    compiled, with no Python in between."""
    return numba.typeof(kernel.dispatcher)


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
    k = Kernel(fn, inline)
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
