"""The work of `prove` that runs in child processes: CaDiCaL's refutation with its DRAT proof,
dratify's check of that proof, and the second encoding's answer.

Each job is `python -m mazegame.engine.allmazes.prove_jobs JOB ARGS...`, prints one JSON
line, and reads and writes only files (the DIMACS file is what is proved: the solver and the
checker each parse it themselves). A child process because none of these can be stopped
from inside Python (CaDiCaL's solve, dratify's native checker, CryptoMiniSat): the parent
kills it at the deadline or on Ctrl-C, within `POLL_SECONDS`; a child also keeps its memory
to itself (a proof of millions of lines is GBs of Python strings), capped at `MEMORY_BYTES`.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

POLL_SECONDS = 0.1  #: how often the parent looks at its children (and sees Ctrl-C)
MEMORY_BYTES = 6 << 30  #: a child's address space (the machine's rule: no process over 6 GB)
DISK_MARGIN = 64 << 20  #: free space a proof file must leave on its disk
STREAM_BYTES = 64 << 20  #: a larger proof is checked a piece at a time (see check_proof)


@dataclass
class Job:
    """One child process: its arguments and, once it ended, its JSON answer."""

    label: str
    args: list[str]
    answer: dict = field(default_factory=dict)
    wall: float = 0.0


def run_jobs(jobs: list[Job], workers: int, deadline: float,
             tick: Callable[[list[Job]], None] | None = None,
             workdir: str | None = None) -> bool:
    """Run the jobs, up to `workers` at once: whether all ended before the deadline. A job
    that died without an answer gets {"error": its standard error's last line}. On Ctrl-C
    (KeyboardInterrupt) or the deadline every running child is killed and waited for. The
    children write their temporary files (python-sat's binary proof) into `workdir`."""
    env = dict(os.environ)
    if workdir is not None:
        env["TMPDIR"] = workdir
    waiting, running = list(jobs), []
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                job = waiting.pop(0)
                proc = subprocess.Popen(
                    [sys.executable, "-m", __name__, *job.args], env=env, text=True,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
                running.append((job, proc, time.monotonic()))
            time.sleep(POLL_SECONDS)
            for entry in [e for e in running if e[1].poll() is not None]:
                running.remove(entry)
                job, proc, began = entry
                out, err = proc.communicate()
                job.wall = time.monotonic() - began
                job.answer = _answer(out, err, proc.returncode)
            if tick is not None:
                tick([e[0] for e in running])
            if time.monotonic() > deadline:
                return False
        return True
    finally:
        for _, proc, _ in running:
            proc.kill()
            proc.wait()


def _answer(out: str, err: str, status: int) -> dict:
    """A child's JSON line, or why there is none."""
    try:
        return json.loads(out.strip().splitlines()[-1])
    except (IndexError, ValueError):
        lines = err.strip().splitlines()
        return {"error": lines[-1] if lines else f"the job ended with status {status}"}


def solve_with_proof(cnf_path: str, proof_path: str) -> dict:
    """Solve the DIMACS file afresh with CaDiCaL 1.9.5, one call on a new solver (no clause
    added between calls: the proof speaks of this file alone), and write its DRAT proof,
    taken through python-sat's public get_proof(), to proof_path."""
    from pysat.formula import CNF
    from pysat.solvers import Solver

    formula = CNF(from_file=cnf_path)
    began = time.monotonic()
    with Solver(name="cadical195", bootstrap_with=formula.clauses, with_proof=True) as solver:
        sat = solver.solve()
        seconds = time.monotonic() - began
        if sat:
            return {"answer": "sat", "solve_seconds": seconds, **_usage()}
        proof = solver.get_proof()
    size = sum(len(line) + 1 for line in proof)
    free = shutil.disk_usage(os.path.dirname(os.path.abspath(proof_path))).free
    if size + DISK_MARGIN > free:
        return {"error": f"the proof needs {size / 1e9:.2f} GB and its folder has "
                         f"{free / 1e9:.2f} GB free"}
    with open(proof_path, "w", encoding="ascii") as out:
        for at in range(0, len(proof), 1 << 16):
            out.write("".join(line + "\n" for line in proof[at:at + (1 << 16)]))
    return {"answer": "unsat", "solve_seconds": seconds, "proof_lines": len(proof),
            "proof_bytes": size, **_usage()}


def check_proof(cnf_path: str, proof_path: str, engine: str = "auto") -> dict:
    """dratify's verdict on the proof: RUP and RAT steps checked forwards from the DIMACS
    file to the empty clause. cdclkit, when installed, registers its native (Rust) engine
    with dratify first; engine "python" insists on dratify's own pure-Python checker. The
    native engine takes the whole proof in memory (3x4@16: 35 bytes a byte), so a proof
    over STREAM_BYTES goes to the pure-Python checker a piece at a time: slower (about
    10x), but holding only the clauses alive at each step."""
    import dratify

    with contextlib.suppress(ImportError):
        import cdclkit  # noqa: F401  (registers the native engine)
    native = dratify.native_implementation()
    streamed = os.path.getsize(proof_path) > STREAM_BYTES
    used = "python" if engine == "python" or native is None or streamed else "native"
    began = time.monotonic()
    formula = dratify.parse_dimacs_file(cnf_path)
    if streamed:
        result = dratify.DRATChecker(formula).check(_steps_of(proof_path))
    else:
        with open(proof_path, encoding="ascii") as text:
            result = dratify.check_proof(formula, text.read(), engine=used)
    name = (f"dratify {dratify.__version__}, " + (
        "its pure-Python engine" + (", streamed" if streamed else "") if used == "python"
        else f"the native engine {getattr(native, '__name__', native)}"))
    return {"ok": bool(result.ok), "reason": result.reason, "steps": result.steps,
            "rup_steps": result.rup_steps, "rat_steps": result.rat_steps,
            "failed_step": result.failed_step, "checker": name,
            "check_seconds": time.monotonic() - began, **_usage()}


def _steps_of(proof_path: str):
    """The proof's steps, parsed by dratify a block of whole lines at a time (a solver
    writes one clause a line)."""
    import dratify

    with open(proof_path, encoding="ascii") as text:
        while True:
            lines = text.readlines(1 << 22)
            if not lines:
                return
            yield from dratify.parse_proof("".join(lines))


def _usage() -> dict:
    """This process's CPU seconds and peak memory."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return {"cpu": own.ru_utime + own.ru_stime, "max_rss_kb": own.ru_maxrss}


def main(argv: list[str]) -> int:
    """Run one job (solve CNF PROOF | check CNF PROOF [ENGINE])."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    job, args = argv[0], argv[1:]
    try:
        if job == "solve":
            answer = solve_with_proof(*args)
        elif job == "check":
            answer = check_proof(*args)
        else:
            raise ValueError(f"no job {job!r}")
    except MemoryError:
        answer = {"error": f"{job}: out of memory (over {MEMORY_BYTES >> 30} GB); a split "
                           "into cubes (--split K) makes smaller proofs"}
    except (OSError, ValueError, ImportError) as err:
        answer = {"error": f"{job}: {err}"}
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
