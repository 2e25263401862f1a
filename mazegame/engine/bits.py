"""Bit tricks for the kernels: one machine instruction compiled, plain Python in a twin."""

from __future__ import annotations

from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload


def lowest_bit(v):
    """The index of the lowest set bit of v > 0 (a kernel's Python twin runs this)."""
    v = int(v)
    return (v & -v).bit_length() - 1


@overload(lowest_bit, inline="always")
def _lowest_bit_compiled(v):
    """In a compiled kernel: the count of trailing zeros (one instruction)."""
    return lambda v: trailing_zeros(v)
