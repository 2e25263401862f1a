"""CryptoMiniSat (pycryptosat) in a child process, for `second`'s encoding.

Why a child: pycryptosat's solve() puts its own SIGINT handler in place while it runs
(process-wide, whatever the thread): Ctrl-C then interrupts the solve, writes "c" and
"*** INTERRUPTED ***" on the terminal, and never reaches Python, so the command would go
on as if a time limit had come. In a child of its own that handler only stops the child's
solve; the parent gets its KeyboardInterrupt as usual and ends the child (`close`).

The protocol, over the child's stdin and a copy of its stdout (its own fd 1 and 2 go to
/dev/null, where the handler writes): a request is one letter and a length-prefixed body.
C: clauses as int32 literals, each clause ended by 0. S: a solve of at most `seconds` of
the solver's CPU time, answered T (then the first k variables as bytes 0/1), F (no model:
the clauses are unsatisfiable) or U (the time ran out first).
"""

from __future__ import annotations

import contextlib
import select
import struct
import subprocess
import sys
import time
from array import array

from mazegame.engine.allmazes.budget import NEVER, OutOfTime

#: the child's program (run by `python -c`): reads requests until stdin closes
CHILD = r"""
import os, signal, struct, sys
from array import array
signal.signal(signal.SIGINT, signal.SIG_IGN)
out = os.fdopen(os.dup(1), "wb")
null = os.open(os.devnull, os.O_WRONLY)
os.dup2(null, 1); os.dup2(null, 2)
from pycryptosat import Solver
solver = Solver()
inp = sys.stdin.buffer
while True:
    head = inp.read(9)
    if len(head) < 9:
        break
    kind, size = head[:1], struct.unpack("<q", head[1:])[0]
    body = inp.read(size)
    if kind == b"C":
        lits = array("i"); lits.frombytes(body)
        solver.add_clauses(lits)
        continue
    seconds, report = struct.unpack("<dq", body)
    sat, model = solver.solve(time_limit=seconds)
    if sat is None:
        out.write(b"U")
    elif not sat:
        out.write(b"F")
    else:
        out.write(b"T" + bytes(1 if model[v] else 0 for v in range(1, report + 1)))
    out.flush()
"""


def solver_name() -> str:
    """The solver's name and version; ImportError when pycryptosat is missing."""
    import pycryptosat

    return f"CryptoMiniSat {pycryptosat.__version__}"


class CryptoMiniSatChild:
    """One incremental CryptoMiniSat instance in a child process."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def add(self, clauses: list[list[int]]) -> None:
        """Add clauses (lists of nonzero literals)."""
        lits = array("i")
        for clause in clauses:
            lits.extend(clause)
            lits.append(0)
        self._send(b"C", lits.tobytes())

    def solve(self, seconds: float, report: int,
              deadline: float = NEVER) -> bool | list[bool] | None:
        """At most `seconds` (solver CPU) of search: the values of variables 1..report
        when satisfiable, False when unsatisfiable, None when the time ran out. OutOfTime
        when the deadline (time.monotonic()) passes while it works (the wall clock of a
        loaded machine runs ahead of the solver's CPU); the child is then of no more use."""
        self._send(b"S", struct.pack("<dq", seconds, report))
        while not select.select([self.proc.stdout], [], [], 0.05)[0]:
            if time.monotonic() > deadline:
                raise OutOfTime
        kind = self.proc.stdout.read(1)
        if kind == b"T":
            return [b == 1 for b in self.proc.stdout.read(report)]
        if kind == b"F":
            return False
        if kind == b"U":
            return None
        raise RuntimeError("the CryptoMiniSat child process ended unexpectedly")

    def _send(self, kind: bytes, body: bytes) -> None:
        self.proc.stdin.write(kind + struct.pack("<q", len(body)) + body)
        self.proc.stdin.flush()

    def close(self) -> None:
        """End the child (at once: its state is not needed any more)."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError):  # a broken pipe to a killed child
                pipe.close()

    def __enter__(self) -> CryptoMiniSatChild:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
