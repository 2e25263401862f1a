"""`randbelow(n)`: numba's `np.random.randint(0, n)`, draw for draw, at a third less cost.

numba's randint over a range that changes from call to call works out the range's bit
length and masks inside a generic loop (about 6.5 ns a call where a constant range costs
1.4). The same steps written out (one 32-bit draw through a constant-range call, masked to
the bit length of n - 1, drawn again while too large; n == 1 draws nothing) give the very
same numbers, in compiled kernels and in their Python twins alike (NumPy's legacy
generator takes the same steps), so no maze, walk or snapshot changes.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel


@kernel
def randbelow(n):
    """A random integer in 0..n-1 (1 <= n <= 2**32): exactly np.random.randint(0, n)."""
    if n == 1:
        return 0
    mask = n - 1
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    while True:
        r = np.random.randint(0, 4294967296) & mask
        if r < n:
            return r
