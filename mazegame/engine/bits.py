"""Bit tricks for the kernels: one machine instruction compiled, plain Python in a twin.

The compiled form is LLVM's count-trailing-zeros, emitted through numba's public
`@intrinsic` (numba's own `trailing_zeros` lives in its `unsafe` package, not its API).
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload


def lowest_bit(v):
    """The index of the lowest set bit of v > 0 (a kernel's Python twin runs this)."""
    v = int(v)
    return (v & -v).bit_length() - 1


@intrinsic
def _count_trailing_zeros(typingctx, v):
    """LLVM's cttz of an integer (its width for 0): one instruction (tzcnt/bsf) on x86."""
    if not isinstance(v, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return v(v), codegen


@overload(lowest_bit, inline="always")
def _lowest_bit_compiled(v):
    """In a compiled kernel: the count of trailing zeros (one instruction)."""
    return lambda v: _count_trailing_zeros(v)
