"""The kernels' cheap draws: `randbelow` is numba's randint draw for draw; a kernel's own
xorshift stream gives the same numbers compiled and in its Python twin, in range."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.rng import randbelow, xs_below, xs_next, xs_seed


@pytest.mark.slow
@given(n=st.integers(1, 2**32), seed=st.integers(0, 2**31 - 1))
@settings(max_examples=50, deadline=None)
def test_randbelow_is_numbas_randint_draw_for_draw(n, seed):
    from numba import njit

    @njit
    def both(n, seed):
        np.random.seed(seed)
        a = randbelow(n)
        np.random.seed(seed)
        return a, np.random.randint(0, n)

    a, b = both(n, seed)
    assert a == b and 0 <= a < n


@given(seed=st.integers(0, 2**62), n=st.integers(1, 2**31 - 1))
@settings(max_examples=100, deadline=None)
def test_the_stream_is_the_same_in_python_and_in_range(seed, n):
    x, y = xs_seed(seed), xs_seed.py_func(seed)
    assert x == y and 0 < x < 2**32
    for _ in range(20):
        x, y = xs_next(x), xs_next.py_func(y)
        assert x == y and 0 < x < 2**32
        assert xs_below(x, n) == xs_below.py_func(y, n) and 0 <= xs_below(x, n) < n


def test_the_stream_spreads_evenly():
    x, counts = xs_seed(7), np.zeros(6, dtype=int)
    for _ in range(60000):
        x = xs_next(x)
        counts[xs_below(x, 6)] += 1
    assert np.all(np.abs(counts - 10000) < 400)  # a fair die, far inside chance's reach
