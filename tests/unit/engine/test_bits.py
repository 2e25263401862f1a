"""lowest_bit: the compiled instruction and the Python twin agree for every width."""

import numpy as np
import pytest
from numba import njit

from mazegame.engine.bits import lowest_bit


@njit
def _compiled(v):
    return lowest_bit(v)


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.int64, np.uint64])
def test_compiled_and_twin_agree(dtype):
    bits = np.iinfo(dtype).bits - (1 if np.iinfo(dtype).min < 0 else 0)
    for i in range(bits):
        for v in (1 << i, (1 << i) | (1 << (bits - 1)), ((1 << bits) - 1) >> i << i):
            value = dtype(v)
            assert _compiled(value) == lowest_bit(value) == i, (dtype, v)
