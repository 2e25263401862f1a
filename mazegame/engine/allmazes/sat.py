"""Is there a sequence of exactly L moves that solves every n x m maze? A SAT solver answers
(python-sat, an optional extra: `pip install 'mazegame[sat]'`).

The encoding: one variable a move and step (exactly one of u, d, l, r each step) and, for
each maze class (`family`: the start's component is all a sequence sees), one variable a
cell and step for "the walker is here now", from the start cell; a step implies the cell
the move leads to (the goal holds the walker: a maze once solved stays solved), at most one
cell a step, and the goal at the end. The first move is down or right (up and left go
nowhere from the corner), and on a square grid right (its mirror image in the diagonal
swaps down and right). No clauses say where a walker came from: redundant ones, for
propagation, made it slower (docs/kernel-notes.md). Every class
at once would be millions of clauses, so the classes join lazily (counterexample-guided):
solve for the farthest few, check the sequence found against every class, add the ones it
leaves unsolved, solve again. No sequence for a subset proves none exists for all (UNSAT);
a sequence that solves every class is an answer (SAT). 3x4 proves 17 optimal in under a
second this way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mazegame.engine.allmazes.budget import OutOfTime, Ticker, in_chunks
from mazegame.engine.allmazes.check import solve_times
from mazegame.engine.allmazes.family import family, parse_sequence, sequence_text

INSTALL = "pip install 'mazegame[sat]'"  #: how to get the optional extra
FIRST = 40  #: classes (the farthest from their goal) the first question asks about
PER_ROUND = 20  #: unsolved classes added after each wrong candidate


class MissingExtra(RuntimeError):
    """python-sat (the sat extra) is not installed."""


@dataclass(frozen=True)
class SatResult:
    """The answer: "found" (with the sequence), "none" (proved) or "unknown" (time ran out)."""

    n: int
    m: int
    length: int
    status: str
    sequence: str | None
    classes: int  #: classes the last question asked about
    seconds: float
    asked: tuple[int, ...] = ()  #: those classes (`family` indices), in the order asked


class _Encoding:
    """The clauses of one question: moves, and each class's walk (added as needed)."""

    def __init__(self, steps: np.ndarray, goal: int, length: int, card, square: bool) -> None:
        self.steps, self.goal, self.length, self.card = steps, goal, length, card
        self.top = 0
        self.moves = [[self._new() for _ in range(4)] for _ in range(length)]
        self.clauses: list[list[int]] = []
        for lits in self.moves:
            self.clauses += card.CardEnc.equals(lits=lits, bound=1, top_id=self.top,
                                                encoding=card.EncType.pairwise).clauses
        if length:
            up, down, left, right = self.moves[0]
            # not u, l: they leave the walker in its corner; drop them and pad at the end
            self.clauses += [[-up], [-left]]
            # r on a square grid: the diagonal mirror keeps the mazes and swaps d and r
            self.clauses += [[right]] if square else []

    def _new(self) -> int:
        self.top += 1
        return self.top

    def walk(self, c: int) -> list[list[int]]:
        """The clauses of class c's walker: it starts at cell 0, follows the moves, is in
        one cell at a time, and stands on the goal at the end."""
        at = {0: self._new()}
        clauses = [[at[0]]]
        for t in range(self.length):
            nxt: dict[int, int] = {}
            for cell, here in at.items():
                for d in range(4):
                    to = self.goal if cell == self.goal else int(self.steps[c, cell, d])
                    if to not in nxt:
                        nxt[to] = self._new()
                    clauses.append([-here, -self.moves[t][d], nxt[to]])
            if len(nxt) > 1:
                one = self.card.CardEnc.atmost(lits=list(nxt.values()), bound=1,
                                               top_id=self.top,
                                               encoding=self.card.EncType.seqcounter)
                self.top = max(self.top, one.nv)
                clauses += one.clauses
            at = nxt
        clauses.append([at[self.goal]] if self.goal in at else [])
        return clauses

    def sequence(self, model: list[int]) -> np.ndarray:
        """The moves a model chose."""
        true = {lit for lit in model if lit > 0}
        return np.array([next(d for d in range(4) if self.moves[t][d] in true)
                         for t in range(self.length)], dtype=np.int8)


def sat_length(n: int, m: int, length: int, time_limit: float = 600.0,
               progress: Callable[[str], None] | None = None) -> SatResult:
    """Find a sequence of `length` moves solving every feasible n x m maze (n*m <= 25), or
    prove there is none, within `time_limit` seconds: the encoding and the solver both
    stop at the time limit ("unknown")."""
    try:
        from pysat import card
        from pysat.solvers import Solver
    except ImportError:
        raise MissingExtra(f"the SAT search needs python-sat: {INSTALL}") from None
    stop = threading.Event()
    return _off_the_main_thread(
        lambda: _search(n, m, length, time_limit, progress, card, Solver, stop), stop)


def _off_the_main_thread(work: Callable[[], SatResult], stop: threading.Event) -> SatResult:
    """work() in a worker thread. In the main thread python-sat takes SIGINT over while it
    solves or encodes and ends the call by a longjmp out of its signal handler, which left
    the heap locked or broken: after Ctrl-C the process hung or crashed (3 of 30 runs). In
    a worker it leaves SIGINT to Python. The solver holds the interpreter while it runs, so
    Ctrl-C lands here between its calls (the time limit's grain too); the search is told to
    stop and waited for, and the KeyboardInterrupt goes on."""
    if threading.current_thread() is not threading.main_thread():
        return work()
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["result"] = work()
        except BaseException as err:  # handed to the caller's thread
            outcome["error"] = err

    worker = threading.Thread(target=run, name="sat search", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.1)  # a timeout: the main thread wakes for Ctrl-C
    except KeyboardInterrupt:
        stop.set()
        worker.join()
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def _search(n: int, m: int, length: int, time_limit: float,
            progress: Callable[[str], None] | None, card, Solver,
            stop: threading.Event) -> SatResult:
    """sat_length's search, until an answer, the time limit, or `stop`."""
    say = progress or (lambda text: None)
    began = time.monotonic()
    deadline = began + time_limit
    asked: list[int] = []

    def unknown() -> SatResult:
        return SatResult(n, m, length, "unknown", None, len(asked), time.monotonic() - began,
                         tuple(asked))

    try:
        fam = family(n, m, deadline)
    except OutOfTime:
        return unknown()
    far = np.argsort(-fam.dist[:, 0], kind="stable")  # the farthest from the goal first
    enc = _Encoding(fam.steps, int(fam.goal), length, card, n == m)
    with Solver(name="cadical195", bootstrap_with=enc.clauses) as solver:
        if not _ask_about(solver, enc, [int(c) for c in far[:FIRST]], asked, deadline, stop):
            return unknown()
        while True:
            answer = _solve_until(solver, deadline, say, stop)
            if answer is None:
                return unknown()
            if answer is False:
                return SatResult(n, m, length, "none", None, len(asked),
                                 time.monotonic() - began, tuple(asked))
            seq = enc.sequence(solver.get_model())
            try:
                unsolved = np.flatnonzero(solve_times(fam.steps, seq, fam.goal, deadline) < 0)
            except OutOfTime:
                return unknown()
            if unsolved.size == 0:
                return SatResult(n, m, length, "found", sequence_text(seq), len(asked),
                                 time.monotonic() - began, tuple(asked))
            worst = unsolved[np.argsort(-fam.dist[unsolved, 0], kind="stable")][:PER_ROUND]
            if not _ask_about(solver, enc, [int(c) for c in worst], asked, deadline, stop):
                return unknown()
            say(f"{length} moves: a candidate leaves {unsolved.size} unsolved; asking about "
                f"{len(asked)} classes")


def _ask_about(solver, enc: _Encoding, classes: list[int], asked: list[int],
               deadline: float, stop: threading.Event) -> bool:
    """Add the classes' walks to the question (`asked` grows): whether it got through
    them before the deadline or `stop` (a walk is length x cells clauses: thousands of
    moves take a while)."""
    for c in classes:
        if time.monotonic() > deadline or stop.is_set():
            return False
        solver.append_formula(enc.walk(c))
        asked.append(c)
    return True


def _solve_until(solver, deadline: float, say: Callable[[str], None],
                 stop: threading.Event) -> bool | None:
    """The solver's answer (True: a model, False: none), or None at the deadline. It runs
    on a budget of conflicts a call, sized by `in_chunks` to about CHUNK_SECONDS (CaDiCaL
    cannot be interrupted from outside; its learnt clauses carry over from call to call),
    so the deadline and `stop` (Ctrl-C) are seen between calls."""
    answers: list[bool] = []
    tick = Ticker(say)

    def step(conflicts: int) -> bool:
        solver.conf_budget(conflicts)
        answer = solver.solve_limited()
        if answer is not None:
            answers.append(answer)
        return answer is not None or stop.is_set()

    in_chunks(step, deadline, budget=1000,
              tick=lambda: tick("the SAT solver is still working"))
    return answers[0] if answers else None


def check_text(n: int, m: int, text: str) -> bool:
    """Whether a sequence (letters) solves every class: the SAT answer's own check."""
    fam = family(n, m)
    return bool((solve_times(fam.steps, parse_sequence(text), fam.goal) >= 0).all())
