"""Cheap random draws for the kernels: `randbelow`, and a kernel's own stream (`xs_*`).

`randbelow(n)` is numba's `np.random.randint(0, n)`, draw for draw, at a third less cost.

numba's randint over a range that changes from call to call works out the range's bit
length and masks inside a generic loop (several times what a constant range costs). The
same steps written out (one 32-bit draw through a constant-range call, masked to the bit
length of n - 1, drawn again while too large; n == 1 draws nothing) give the very same
numbers, in compiled kernels and in their Python twins alike (NumPy's legacy generator takes
the same steps), so no maze, walk or snapshot changes.
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


#: A kernel's own stream: xorshift32 in plain integers (the same numbers compiled and in the
#: Python twin), one shift-xor triple and a multiply a draw where numba's generator costs a
#: call. For kernels whose every step draws (the spanning tree); their mazes are its own.
#: A random walk takes sixteen 2-bit sides from a state, written out where it steps:
#:     if left == 0:
#:         x = xs_next(x)
#:         bits, left = x, 16
#:     d = bits & 3
#:     bits >>= 2
#:     left -= 1
#: (the same lines as an inlined helper returning a tuple ran at half the speed).
XS_MASK = 0xFFFFFFFF


@kernel
def xs_seed(seed):
    """The stream's first state for a seed (never 0, which would stay 0)."""
    x = (seed ^ (seed >> 32)) & XS_MASK
    x = (x * 0x5851F42D + 0x14057B7E) & XS_MASK
    return x if x else 1


@kernel(inline="always")
def xs_next(x):
    """The stream's next state (xorshift32: 13, 17, 5)."""
    x ^= (x << 13) & XS_MASK
    x ^= x >> 17
    x ^= (x << 5) & XS_MASK
    return x


@kernel(inline="always")
def xs_below(x, n):
    """0..n-1 from a state (n < 2**31): its high bits by multiply-shift."""
    return (x * n) >> 32



@kernel(inline="always")
def mix32(v):
    """A 32-bit hash of v's low 32 bits (murmur3's finaliser): a draw for each of many
    counters at once, with no chain from one draw to the next as a stream has."""
    v &= XS_MASK
    v ^= v >> 16
    v = (v * 0x85EBCA6B) & XS_MASK
    v ^= v >> 13
    v = (v * 0xC2B2AE35) & XS_MASK
    return v ^ (v >> 16)
