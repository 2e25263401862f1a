"""A Ctrl-C that comes while the main thread is in a kernel's call waits for the call to
return (numba runs Python as it returns, and an interrupt raised there crashes it)."""

from __future__ import annotations

import signal

import numpy as np
import pytest

from mazegame.engine import interrupts
from mazegame.engine.allmazes.family import neighbour_table


@pytest.fixture
def holding():
    """`hold_during_kernels` installed for the test, Python's own handler again after."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    interrupts.hold_during_kernels()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        interrupts.held.depth, interrupts.held.interrupted = 0, False


def test_outside_a_kernel_ctrl_c_is_an_interrupt_at_once(holding):
    assert signal.getsignal(signal.SIGINT) is interrupts._on_sigint
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)


def test_inside_a_kernel_call_it_waits_for_the_call_to_return(holding):
    interrupts.held.depth = 1  # as Kernel.__call__ sets it around the compiled call
    signal.raise_signal(signal.SIGINT)  # the handler runs here: it only takes note
    assert interrupts.held.interrupted
    interrupts.raise_held()  # still inside: nothing yet
    interrupts.held.depth = 0
    with pytest.raises(KeyboardInterrupt):
        interrupts.raise_held()
    interrupts.raise_held()  # once only


def test_a_kernel_call_raises_the_interrupt_that_came_during_it(holding):
    neighbour_table(3, 3)  # compiled (or loaded) before the test's call
    interrupts.held.interrupted = True  # as if Ctrl-C came while it ran
    with pytest.raises(KeyboardInterrupt):
        neighbour_table(3, 3)
    table = neighbour_table(3, 3)  # and the next call runs as usual
    assert isinstance(table, np.ndarray) and interrupts.held.depth == 0


def test_elsewhere_than_the_main_thread_nothing_is_installed():
    import threading

    before = signal.getsignal(signal.SIGINT)
    thread = threading.Thread(target=interrupts.hold_during_kernels)
    thread.start()
    thread.join()
    assert signal.getsignal(signal.SIGINT) is before
