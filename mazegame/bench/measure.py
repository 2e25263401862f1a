"""Timing a case in a child process the bench can stop: the cap on every timed call.

Pure-Python references cannot be interrupted in a thread, so each case runs in a forked
child (it inherits the parent's compiled kernels and needs nothing pickled). The child
reports every step through a pipe; the parent kills it when one call runs past the cap
or its memory past `MEMORY_CAP_MIB`, records that call as a lower bound, and starts a new
child for the calls still to come.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field

from mazegame.bench.registry import DEFAULT_CAP, BenchCase, Size, Target

#: After an untimed warm-up, a kernel is timed best-of-3 unless the runs add up to this
#: many seconds; a reference runs once.
REPEAT_BUDGET = 2.0
#: A call quicker than this (a kernel's, or a reference's) repeats until its runs add up to
#: it, best of at most MAX_RUNS: one run of a millisecond is mostly the machine's noise.
SHORT_CALL = 0.25
MAX_RUNS = 200
SETUP_CAP = 60.0  #: seconds `prepare` may take at least: a 4096x4096 document takes a while
MEMORY_CAP_MIB = 3072  #: a child using more is stopped: a runaway walk must not starve the machine
_POLL = 0.1  #: how often the parent looks at the child's memory while it waits
FORK = multiprocessing.get_context("fork")


@dataclass
class Outcome:
    """How one timed call went: "ok" (best `seconds`), "capped" (stopped) or "failed"."""

    status: str
    seconds: float | None = None  #: best run; when capped, the cap (a lower bound)
    error: str = ""  #: why it failed or was stopped
    #: peak resident memory during the call, above the process's size before it
    peak_mib: float | None = None


@dataclass
class CaseResult:
    """Every timed call of one case at one size; `labels[0]` is the kernel."""

    labels: list[str] = field(default_factory=list)
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    target: Target | None = None
    setup: Outcome | None = None  #: set when `prepare` itself failed or ran past its cap


def describe(err: BaseException) -> str:
    """One line naming an exception: its type and the first line of its message."""
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0][:160]}" if text else type(err).__name__


# -- memory (Linux /proc; None elsewhere) ---------------------------------------------------
def _rss_mib(pid: int | str = "self") -> float | None:
    """Resident memory of a process in MiB."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return None


def _reset_peak() -> bool:
    """Set this process's peak resident memory (VmHWM) back to its current size."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _release_free_heap() -> None:
    """Hand the C heap's free pages back to the system (glibc's malloc_trim; a no-op elsewhere).

    A forked child shares the parent's resident pages: a block the call allocates inside
    a free hole of the inherited heap is copied on write and never raises the resident
    size, so the call's memory would read as nothing.
    """
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _peak_mib() -> float | None:
    """This process's peak resident memory (VmHWM) in MiB."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


# -- the child ---------------------------------------------------------------------------
def _silence_stdout() -> None:
    """Send what a reference prints to /dev/null: stdout may be carrying the JSON rows."""
    import sys

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # first, so that what the parent left buffered is flushed to nowhere
    os.close(devnull)
    sys.stdout.flush()


def _child(conn, case: BenchCase, size: Size, start: int) -> None:
    """Prepare the case, then time its calls from `start` on, reporting each step."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it kills the child
    _silence_stdout()
    try:
        prepared = case.prepared(size)
    except Exception as err:  # anything a case raises is a row, not a crash
        conn.send(("setup-failed", f"setup: {describe(err)}"))
        return
    calls = [("kernel", prepared.kernel), *prepared.references.items()]
    conn.send(("plan", [label for label, _ in calls], prepared.target))
    for index in range(start, len(calls)):
        fn = calls[index][1]
        # Every run reports, so a repeat stopped at the cap keeps the earlier ones.
        spent, timed = 0.0, 0
        for run in range(MAX_RUNS + 1):
            conn.send(("start", index))
            if index == 0 and prepared.memory:
                # Garbage freed by a collection during the call would lower the resident
                # size under the baseline and hide what the call took: free it first.
                gc.collect()
                _release_free_heap()
                # the cap is the call's: in a big process the two above take a while
                conn.send(("start", index))
            before = _rss_mib() if index == 0 and prepared.memory and _reset_peak() else None
            t0 = time.perf_counter()
            try:
                fn()
            except Exception as err:  # a row saying so
                conn.send(("failed", index, describe(err)))
                break
            took = time.perf_counter() - t0
            peak = _peak_mib() if before is not None else None
            added = None if peak is None or before is None else max(peak - before, 0.0)
            # The warm-up's time is not the kernel's (it may include compiling); its memory
            # is: later runs reuse what the allocator kept, and would read low.
            warm_up = index == 0 and run == 0
            conn.send(("run", index, took, added, not warm_up))
            if not warm_up:
                spent, timed = spent + took, timed + 1
            if timed and _enough(index == 0, spent, timed):
                break
        conn.send(("done", index))
    conn.send(("end",))


def _enough(kernel: bool, spent: float, timed: int) -> bool:
    """Whether a call has run often enough: a kernel best-of-3, a reference once, but both
    again while their runs add up to less than SHORT_CALL (at most MAX_RUNS times), and a
    kernel never past REPEAT_BUDGET."""
    if timed >= MAX_RUNS or spent > REPEAT_BUDGET:
        return True
    return timed >= (3 if kernel else 1) and spent >= SHORT_CALL


# -- the parent ----------------------------------------------------------------------------
class _Watch:
    """The parent's view of one child: the call it is in and that call's runs so far."""

    def __init__(self, result: CaseResult, start: int) -> None:
        self.result = result
        self.current: int | None = None
        self.runs: list[tuple[float, float | None, bool]] = []  #: (seconds, MiB, timed)
        self.finished = False
        self.next = start

    def handle(self, msg: tuple) -> None:
        """Update the result from one message of the child."""
        kind = msg[0]
        if kind == "setup-failed":
            self.result.setup = Outcome("failed", error=msg[1])
            self.finished = True
        elif kind == "plan":
            self.result.labels, self.result.target = msg[1], msg[2]
        elif kind == "start":
            if self.current != msg[1]:
                self.current, self.runs = msg[1], []
        elif kind == "run":
            self.runs.append(msg[2:])
        elif kind == "failed":
            self.result.outcomes[msg[1]] = Outcome("failed", error=msg[2])
        elif kind == "done":
            self.close_call()
        elif kind == "end":
            self.finished = True

    def close_call(self) -> None:
        """Record the current call from its runs (unless it already failed), and move on."""
        index = self.current
        if index is None:
            return
        times = [seconds for seconds, _, timed in self.runs if timed]
        if index not in self.result.outcomes and times:
            peak = next((mib for _, mib, _ in self.runs if mib is not None), None)  # the first
            self.result.outcomes[index] = Outcome("ok", min(times), peak_mib=peak)
        self.current, self.runs, self.next = None, [], index + 1

    def stop(self, why: str, seconds: float) -> None:
        """The child was stopped after `seconds` in the current call: they are its lower bound
        (unless earlier runs timed it)."""
        index = self.current
        if index is None:
            self.result.setup = Outcome("capped", seconds, error=why)
            self.finished = True
            return
        if not any(timed for _, _, timed in self.runs) and index not in self.result.outcomes:
            self.result.outcomes[index] = Outcome("capped", seconds, error=why)
        self.close_call()


def _child_died(proc, watch: _Watch) -> None:
    """The pipe closed without a word: the child crashed (in native code, or it was killed)."""
    proc.join(1)
    why = f"child process died (exit code {proc.exitcode})"
    if watch.current is not None:
        watch.result.outcomes.setdefault(watch.current, Outcome("failed", error=why))
        watch.close_call()
        return
    if not watch.result.labels:
        watch.result.setup = Outcome("failed", error=f"setup: {why}")
    watch.finished = True


def _watch_child(proc, conn, watch: _Watch, cap: float, setup_cap: float) -> None:
    """Follow the child until it ends, or stop it at the cap (or the memory cap)."""
    started = time.monotonic()
    deadline = started + setup_cap
    while not watch.finished:
        left = deadline - time.monotonic()
        rss = _rss_mib(proc.pid)
        at = "" if rss is None else f", process at {rss:.0f} MiB"
        if left <= 0:
            if watch.current is None:
                watch.stop(f"stopped in setup{at}", setup_cap)
            else:
                watch.stop(f"stopped at the cap{at}", cap)
            return
        if rss is not None and rss > MEMORY_CAP_MIB:
            watch.stop(f"stopped at {rss:.0f} MiB: memory cap {MEMORY_CAP_MIB} MiB",
                       round(time.monotonic() - started, 3))
            return
        if conn.poll(min(left, _POLL)):
            try:
                msg = conn.recv()
            except EOFError:
                _child_died(proc, watch)
                return
            watch.handle(msg)
            if msg[0] in ("start", "run"):
                started = time.monotonic()
                deadline = started + cap


def measure_case(case: BenchCase, size: Size, cap: float = DEFAULT_CAP) -> CaseResult:
    """Time a case's kernel and references at one size, each call stopped at `cap` seconds."""
    result = CaseResult()
    setup_cap = max(SETUP_CAP, 6 * cap)
    start = 0
    while True:
        receive, send = FORK.Pipe(duplex=False)
        proc = FORK.Process(target=_child, args=(send, case, size, start), daemon=True)
        proc.start()
        send.close()
        watch = _Watch(result, start)
        try:
            _watch_child(proc, receive, watch, cap, setup_cap)
        finally:
            if proc.is_alive():
                proc.kill()
            proc.join()
            receive.close()
        if watch.finished or result.setup is not None or watch.next >= len(result.labels):
            return result
        start = watch.next  # a call was stopped: a fresh child goes on with the next one
