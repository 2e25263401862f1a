"""Certificates that no sequence of L moves solves every n x m maze (`allmazes prove`).

Three stages, each with its figures (wall and CPU seconds, sizes):
1. search: sat.py's counterexample-guided search finds a set S of maze classes that no
   sequence of exactly L moves solves all of (or a sequence solving every class: the claim
   is false, and the project's checker confirms the sequence);
2. proof: S's clauses are written as a DIMACS file, solved afresh by CaDiCaL in one call
   with its DRAT proof on, and the proof is checked by dratify, a checker sharing no code
   with the solver (`prove_jobs`). Optionally the file is split into cubes, one for each
   way the first K moves can go (the file plus those moves as unit clauses): each is
   refuted and checked on its own, and together they cover every sequence;
3. second opinion: engine.allmazes.second, a differently written encoding solved by a
   different solver (CryptoMiniSat), must answer "none" too.
The claim is proved only when every proof is accepted and the second opinion agrees.

Why S suffices: a sequence solving every maze solves the mazes of S, so none for S means
none for all. Why exactly L suffices: a sequence of fewer moves that solves every maze,
padded with any moves to L, still solves every maze (the goal holds a walker that reached
it), so none of exactly L means none of L or fewer.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from mazegame.engine.allmazes.budget import Ticker
from mazegame.engine.allmazes.prove_jobs import Job, run_jobs

Progress = Callable[[str], None]
VERDICTS = ("proved", "false", "unknown", "failed")  #: a ProveResult's verdicts


@dataclass
class Stage:
    """One stage's outcome: its status and figures."""

    name: str
    status: str
    wall: float = 0.0
    cpu: float = 0.0
    figures: dict = field(default_factory=dict)


@dataclass
class ProveResult:
    """proved, false (with the sequence), unknown (out of time) or failed (why)."""

    n: int
    m: int
    length: int
    verdict: str = "unknown"
    reason: str = ""
    sequence: str | None = None
    stages: list[Stage] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  #: kept files (empty without `keep`)


class _Run:
    """One prove() call's shared state: the deadline, the progress, the work folder."""

    def __init__(self, result: ProveResult, time_limit: float, progress: Progress | None,
                 folder: str) -> None:
        self.result, self.folder = result, folder
        self.deadline = time.monotonic() + time_limit
        self.say = progress or (lambda text: None)

    def stage(self, name: str) -> Stage:
        stage = Stage(name, "running")
        self.result.stages.append(stage)
        return stage

    def end(self, verdict: str, reason: str) -> ProveResult:
        self.result.verdict, self.result.reason = verdict, reason
        return self.result


def prove(n: int, m: int, length: int, time_limit: float = 3600.0,
          progress: Progress | None = None, keep: str | None = None, split: int = 0,
          workers: int = 1, classes: list[int] | None = None) -> ProveResult:
    """Prove that no sequence of `length` moves solves every n x m maze, within
    `time_limit` seconds. `keep`: a folder for the CNF files, proofs and MANIFEST.txt
    (otherwise a temporary one, removed). `split`: cubes on the first K moves, refuted on
    up to `workers` processes at once. `classes`: a set S from an earlier run (the search
    stage is then skipped: any S whose proof is accepted does)."""
    result = ProveResult(n, m, length)
    folder = keep if keep is not None else tempfile.mkdtemp(prefix="mazegame-prove-")
    os.makedirs(folder, exist_ok=True)
    run = _Run(result, time_limit, progress, folder)
    try:
        chosen = _search(run, classes)
        if chosen is None:
            return result
        if not _refute(run, chosen, split, workers) or not _second(run):
            return result
        return run.end("proved", f"no sequence of {length} moves solves every {n}x{m} maze")
    finally:
        if keep is None:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            result.files = sorted(os.listdir(folder))


def _search(run: _Run, classes: list[int] | None) -> list[int] | None:
    """Stage 1: the classes S (None when the run ended here)."""
    from mazegame.engine.allmazes.sat import sat_length

    res = run.result
    stage = run.stage("search")
    if classes is not None:
        stage.status = "given"
        stage.figures = {"classes": len(classes)}
        return list(classes)
    wall, cpu = time.monotonic(), time.process_time()
    answer = sat_length(res.n, res.m, res.length, max(0.0, run.deadline - time.monotonic()),
                        lambda text: run.say(f"search: {text}"))
    stage.status = answer.status
    stage.wall, stage.cpu = time.monotonic() - wall, time.process_time() - cpu
    stage.figures = {"classes": len(answer.asked)}
    if answer.status == "unknown":
        run.end("unknown", "the search for the classes ran out of time")
        return None
    if answer.status == "found":
        return _found(run, answer.sequence)
    run.say(f"search: {len(answer.asked)} classes admit no sequence of {res.length} moves")
    return list(answer.asked)


def _found(run: _Run, sequence: str) -> None:
    """A sequence of the length exists: the claim is false if the project's checker agrees."""
    from mazegame.engine.allmazes.check import check
    from mazegame.engine.allmazes.family import parse_sequence

    res = run.result
    res.sequence = sequence
    if check(res.n, res.m, parse_sequence(sequence)).ok:
        run.end("false", f"this sequence of {res.length} moves solves every {res.n}x{res.m} "
                         "maze (the checker agrees)")
    else:
        run.end("failed", "the SAT solver's sequence leaves a maze unsolved")


def _refute(run: _Run, chosen: list[int], split: int, workers: int) -> bool:
    """Stage 2: the CNF of S (or its cubes) refuted with DRAT proofs, checked."""
    res = run.result
    stage = run.stage("proof")
    began = time.monotonic()
    cubes, figures = write_cnfs(run.folder, res.n, res.m, res.length, chosen, split)
    stage.figures = figures
    run.say(f"proof: {figures['clauses']} clauses, {figures['variables']} variables"
            + (f"; {len(cubes)} cubes cover all {4 ** split} ways the first {split} moves go"
               if split else ""))
    try:
        solved = _jobs(run, "refuting", [Job(c, ["solve", _cnf(run, c), _drat(run, c)])
                                         for c in cubes], workers)
        stage.figures.update(_done(solved, "solve", "solve_seconds", "proof_lines",
                                   "proof_bytes"))
        stage.cpu = stage.figures["solve_cpu"]
        stage.figures["largest_proof_lines"] = max(
            (j.answer.get("proof_lines", 0) for j in solved), default=0)
        if len(solved) < len(cubes):
            return _stage_ends(run, stage, began, "unknown", "unknown",
                               "CaDiCaL's refutation ran out of time")
        failed = _first_failure(solved, lambda a: a.get("answer") == "unsat",
                                "CaDiCaL finds a sequence for these classes")
        if failed:
            return _stage_ends(run, stage, began, "failed", "failed", failed)
        run.say(f"proof: {stage.figures['proof_lines']} proof lines "
                f"({stage.figures['proof_bytes'] / 1e6:.1f} MB); checking with dratify")
        checked = _jobs(run, "checking", [Job(j.label, ["check", _cnf(run, j.label),
                                                        _drat(run, j.label)])
                                          for j in solved], workers)
    except OSError as err:  # the disk full while writing a file
        return _stage_ends(run, stage, began, "failed", "failed", f"cannot write: {err}")
    stage.figures.update(_done(checked, "check", "check_seconds"))
    stage.figures["checker"] = next((j.answer["checker"] for j in checked
                                     if "checker" in j.answer), None)
    stage.figures["max_rss_kb"] = max(j.answer.get("max_rss_kb", 0) for j in solved + checked)
    stage.cpu += stage.figures["check_cpu"]
    if len(checked) < len(solved):
        return _stage_ends(run, stage, began, "unknown", "unknown",
                           "the proof check ran out of time")
    failed = _first_failure(checked, lambda a: a.get("ok") is True, "PROOF REJECTED")
    if failed:
        return _stage_ends(run, stage, began, "rejected", "failed", failed)
    stage.status, stage.wall = "accepted", time.monotonic() - began
    _manifest(run, chosen, cubes, split)
    run.say(f"proof: accepted by {stage.figures['checker']}")
    return True


def _jobs(run: _Run, doing: str, jobs: list[Job], workers: int) -> list[Job]:
    """Run the jobs with progress: those that ended before the deadline."""
    tick = Ticker(run.say)
    began = time.monotonic()

    def report(running: list[Job]) -> None:
        tick(lambda: f"proof: {doing}, {sum(1 for j in jobs if j.answer)} of {len(jobs)} "
                     f"done, {time.monotonic() - began:.0f} s"
                     + (f"; on {', '.join(j.label for j in running)}" if running else ""))

    run_jobs(jobs, workers, run.deadline, report, run.folder)
    return [job for job in jobs if job.answer]


def _first_failure(jobs: list[Job], good: Callable[[dict], bool], what: str) -> str:
    """'' when every job's answer is good, else what went wrong with the first that is
    not: `what` (a wrong answer) or its error (the job could not give one)."""
    for job in jobs:
        if "error" in job.answer:
            return f"{job.label}: {job.answer['error']}"
        if not good(job.answer):
            step = job.answer.get("failed_step")
            return (f"{what}: {job.label}: {job.answer.get('reason', '')}"
                    + (f" (step {step})" if step not in (None, -1) else "")).rstrip(": ")
    return ""


def _stage_ends(run: _Run, stage: Stage, began: float, status: str, verdict: str,
                reason: str) -> bool:
    """End the stage and the run (False: go no further)."""
    stage.status, stage.wall = status, time.monotonic() - began
    run.end(verdict, reason)
    return False


def _done(jobs: list[Job], kind: str, *keys: str) -> dict:
    """The ended jobs' figures, summed, and their CPU seconds as `{kind}_cpu`."""
    done = [j for j in jobs if "error" not in j.answer]
    return {**{key: sum(j.answer.get(key, 0) for j in done) for key in keys},
            f"{kind}_cpu": sum(j.answer.get("cpu", 0.0) for j in done),
            f"{kind}_done": len(done)}


def _cnf(run: _Run, label: str) -> str:
    return os.path.join(run.folder, f"{label}.cnf")


def _drat(run: _Run, label: str) -> str:
    return os.path.join(run.folder, f"{label}.drat")


def second_opinion(n: int, m: int, length: int, deadline: float,
                   progress: Progress) -> dict:
    """engine.allmazes.second's answer (CryptoMiniSat runs in its own child process,
    which it ends on Ctrl-C and at the deadline), with this process's CPU seconds."""
    from mazegame.engine.allmazes.second import second_answer

    cpu = _cpu()
    try:
        answer = second_answer(n, m, length, deadline, progress)
    except (ImportError, RuntimeError, ValueError) as err:  # no pycryptosat, a size refused
        return {"error": str(err)}
    return {"status": answer.status, "sequence": answer.sequence, "mazes": answer.mazes,
            "clauses": getattr(answer, "clauses", None), "seconds": answer.seconds,
            "solver": answer.solver, "cpu": _cpu() - cpu}


def _cpu() -> float:
    """CPU seconds of this process and its ended children (CryptoMiniSat's)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _second(run: _Run) -> bool:
    """Stage 3: the second encoding must say "none" too."""
    res = run.result
    stage = run.stage("second")
    began = time.monotonic()
    run.say("second: the second encoding (CryptoMiniSat) asks the same question")
    answer = second_opinion(res.n, res.m, res.length, run.deadline,
                            lambda text: run.say(f"second: {text}"))
    stage.wall, stage.cpu = time.monotonic() - began, answer.get("cpu", 0.0)
    stage.figures = {k: answer[k] for k in ("mazes", "clauses", "solver") if k in answer}
    status = answer.get("status")
    if status == "none":
        stage.status = "none"
        return True
    if status == "unknown":
        return _stage_ends(run, stage, began, "unknown", "unknown",
                           "the second encoding ran out of time")
    if status == "found":
        stage.figures["sequence"] = answer.get("sequence")
        return _stage_ends(run, stage, began, "disagrees", "failed",
                           f"THE ENCODINGS DISAGREE: the second finds {answer.get('sequence')}")
    return _stage_ends(run, stage, began, "failed", "failed",
                       f"the second encoding failed: {answer.get('error', answer)}")


def write_cnfs(folder: str, n: int, m: int, length: int, chosen: list[int],
               split: int) -> tuple[list[str], dict]:
    """The DIMACS files of S's question: one (`all`), or one cube a prefix of `split`
    moves (the question plus the prefix's unit clauses). Returns the labels, and the
    figures. The cubes are checked to cover every prefix exactly once."""
    from pysat import card

    from mazegame.engine.allmazes.family import family
    from mazegame.engine.allmazes.sat import _Encoding

    fam = family(n, m)
    enc = _Encoding(fam.steps, int(fam.goal), length, card, n == m)
    clauses = list(enc.clauses)
    for c in chosen:
        clauses += enc.walk(int(c))
    prefixes = list(itertools.product(range(4), repeat=min(split, length)))
    if sorted(set(prefixes)) != sorted(itertools.product(range(4), repeat=len(prefixes[0]))):
        raise AssertionError("the cubes do not cover every prefix")
    labels = []
    body = "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    for prefix in prefixes:
        label = "all" if not prefix else "cube-" + "".join("udlr"[d] for d in prefix)
        units = [[enc.moves[t][d]] for t, d in enumerate(prefix)]
        with open(os.path.join(folder, f"{label}.cnf"), "w", encoding="ascii") as out:
            out.write(f"c no sequence of {length} moves solves these {len(chosen)} "
                      f"{n}x{m} maze classes" + (f", starting {label[5:]}" if prefix else "")
                      + f"\np cnf {enc.top} {len(clauses) + len(units)}\n")
            out.write(body)
            out.write("".join(f"{u[0]} 0\n" for u in units))
        labels.append(label)
    return labels, {"classes": len(chosen), "clauses": len(clauses), "variables": enc.top,
                    "cubes": len(labels)}


def _manifest(run: _Run, chosen: list[int], cubes: list[str], split: int) -> None:
    """MANIFEST.txt (what each file claims, how to check it) and classes.json."""
    from mazegame.engine.allmazes.family import family

    res = run.result
    fam = family(res.n, res.m)
    with open(os.path.join(run.folder, "classes.json"), "w", encoding="ascii") as out:
        json.dump({"n": res.n, "m": res.m, "length": res.length, "classes": chosen,
                   "free_cells": [int(fam.masks[c]) for c in chosen]}, out)
    files = "\n".join(f"  {c}.cnf, {c}.drat" for c in cubes)
    square = res.n == res.m
    first = "r" if square else "d or r"
    named = " and with the moves in its name" if split else ""
    cover = (f"The cubes cover all 4^{split} ways the first {split} moves can go, so together "
             "they refute the whole question.\n" if split else "")
    mirror = ", and on a square grid the diagonal mirror turns a first d into r" if square else ""
    checker = run.result.stages[-1].figures.get("checker")
    text = f"""Claim: no sequence of {res.length} moves (u d l r) solves every feasible \
{res.n}x{res.m} maze.

Files:
{files}
  classes.json: the {len(chosen)} maze classes S the CNF speaks of ("classes": indices of
    mazegame's family({res.n}, {res.m}); "free_cells": each class's free cells as a bit
    mask, bit r*{res.m}+c for row r, column c).

Each .cnf (DIMACS) says: a sequence of {res.length} moves (one of four a step) walks every
maze of S from the upper-left to the lower-right corner (a walker on the goal stays there),
and it starts with {first}{named}.
Each .drat is a DRAT proof that its .cnf is unsatisfiable (CaDiCaL 1.9.5; checked by
{checker}).
{cover}
Check each pair with any DRAT checker, e.g. drat-trim (github.com/marijnheule/drat-trim):
  drat-trim all.cnf all.drat        # "s VERIFIED"
or in Python: pip install dratify; then
  python -c "import dratify, sys; f = dratify.parse_dimacs_file(sys.argv[1]);
  print(dratify.check_proof(f, open(sys.argv[2]).read()).report())" all.cnf all.drat

Why S suffices: a sequence solving every maze solves those of S. Why exactly {res.length}:
a shorter sequence padded to {res.length} moves still solves every maze (the goal keeps
its walker). Why the first move: u and l stay put from the corner (drop them and pad at
the end){mirror}.
"""
    with open(os.path.join(run.folder, "MANIFEST.txt"), "w", encoding="ascii") as out:
        out.write(text)
