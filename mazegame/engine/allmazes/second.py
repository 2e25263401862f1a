"""A second opinion on "some sequence of exactly L moves solves every feasible n x m maze":
an encoding written apart from `sat`'s, solved by another solver (CryptoMiniSat, in a
child process: `cms_child`), so that a refutation does not rest on one program alone.

It reads the paper's definition directly: a maze is an n x m matrix of free and blocked
cells with both corners free, the walker starts top-left, a move into a blocked cell or
off the grid leaves it where it is, and a sequence solves the maze when the walker stands
on the bottom-right cell after some step (it walks on afterwards). A maze is feasible when
a path joins the corners. Only the start's component can ever be met, so the mazes are
taken as the connected cell sets holding both corners (`components`, grown cell by cell
from the start with plain bitmasks).

The clauses, for a length L: each step's move is two bits (u 00, d 01, l 10, r 11). For a
maze, at[t][c] says the walker is on c after t moves (only the cells t moves can reach),
at[0][start] holds, and at[t+1][c'] is exactly the OR over (c, move) leading to c' of
at[t][c] and the move, written both ways (a forward clause for each cell and move, a
backward one for each cell and move listing the cells it can come from); the walker is
thus on exactly one cell at every step. The goal: the OR over t of at[t][goal]. Redundant
help: seen[t] (the goal met by step t) with seen[t] -> seen[t-1] or at[t][goal], seen[L],
and a walker on a cell further from the goal than the moves left has seen it already.
Symmetry: a first move up or left goes nowhere from the corner in every maze, and dropping
it and adding any move at the end solves as much, so the first move is down or right
(right on a square grid, whose mazes are closed under the mirror in the diagonal, which
swaps d with r).

The mazes join lazily: ask about the mazes farthest from their goal, simulate the model's
sequence on every maze (`solves`), add some it fails (those it leaves farthest from the
goal), ask again. "none" for some mazes is "none" for all; a sequence that solves every
maze is an answer.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from mazegame.engine.allmazes.budget import NEVER, OutOfTime, Ticker
from mazegame.engine.allmazes.cms_child import CryptoMiniSatChild, solver_name

LETTERS = "udlr"  #: moves; the number of a move is its two bits (high, low)
ROW_STEP = (-1, 1, 0, 0)
COL_STEP = (0, 0, -1, 1)
MAX_CELLS = 25
FIRST_MAZES = 4  #: mazes the first question asks about (few: a small core is fast)
ADDED_PER_ROUND = 2  #: failed mazes added after each wrong candidate
CHUNK_CPU = 0.5  #: solver CPU seconds a call (the deadline and Ctrl-C are seen between)


class MissingSolver(RuntimeError):
    """pycryptosat (the sat extra) is not installed."""


@dataclass(frozen=True)
class SecondAnswer:
    """"found" (with the sequence), "none" (proved) or "unknown" (the time ran out)."""

    n: int
    m: int
    length: int
    status: str
    sequence: str | None
    mazes: int  #: mazes (start components) the last question asked about
    seconds: float
    solver: str
    clauses: int = 0  #: clauses the last question held


def grid_neighbours(n: int, m: int) -> list[list[int | None]]:
    """For each cell r*m + c and move, the cell it leads to on the open grid (None: off)."""
    table = []
    for r in range(n):
        for c in range(m):
            table.append([(r + dr) * m + (c + dc) if 0 <= r + dr < n and 0 <= c + dc < m
                          else None for dr, dc in zip(ROW_STEP, COL_STEP, strict=True)])
    return table


def components(n: int, m: int, deadline: float = NEVER) -> list[int]:
    """Every connected cell set (bitmask) holding the start and the goal: the feasible
    mazes up to cells nobody meets. Each connected set holding the start is grown once
    (Redelmeier's order: a cell once passed over at a level is never added below it)."""
    near = [sum(1 << j for j in row if j is not None) for row in grid_neighbours(n, m)]
    goal = 1 << (n * m - 1)
    found = []
    stack = [(1, near[0], 1 | near[0])]  # (the set, cells it may still take, cells seen)
    popped = 0
    while stack:
        cells, untried, seen = stack.pop()
        popped += 1
        if popped % 4096 == 0 and time.monotonic() > deadline:
            raise OutOfTime
        if cells & goal:
            found.append(cells)
        while untried:
            low = untried & -untried
            untried ^= low
            new = near[low.bit_length() - 1] & ~seen
            stack.append((cells | low, untried | new, seen | new))
    return found


def moves_in(n: int, m: int, cells: int) -> dict[int, list[int]]:
    """For each cell of the maze `cells`, where each move leads (itself when blocked)."""
    grid = grid_neighbours(n, m)
    return {c: [c if j is None or not cells >> j & 1 else j for j in grid[c]]
            for c in range(n * m) if cells >> c & 1}


def distances(step: dict[int, list[int]], source: int) -> dict[int, int]:
    """Moves from `source` to each cell of the maze (a breadth-first search)."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        c = queue.popleft()
        for j in step[c]:
            if j not in dist:
                dist[j] = dist[c] + 1
                queue.append(j)
    return dist


def walk_end(n: int, m: int, cells: int, sequence: str) -> int | None:
    """Where the walker stands after the sequence in maze `cells`; None once it has
    visited the goal (the maze is solved)."""
    grid = grid_neighbours(n, m)
    goal, here = n * m - 1, 0
    for letter in sequence:
        there = grid[here][LETTERS.index(letter)]
        if there is not None and cells >> there & 1:
            here = there
        if here == goal:
            return None
    return here


def solves(n: int, m: int, cells: int, sequence: str) -> bool:
    """Whether the sequence solves the maze `cells` (visits the goal at some step)."""
    return walk_end(n, m, cells, sequence) is None


class _Question:
    """The clauses of one length: the move bits, and each maze's walk added on demand."""

    def __init__(self, n: int, m: int, length: int) -> None:
        self.n, self.m, self.length = n, m, length
        self.top = 2 * length  # variables 2t+1, 2t+2: step t's high and low bit
        self.clauses: list[list[int]] = []
        if length:
            self.clauses.append([2])  # low bit 1: the first move is d or r
            if n == m:
                self.clauses.append([1])  # and r on a square grid

    def not_move(self, t: int, d: int) -> list[int]:
        """The literals saying "step t's move is not d"."""
        high, low = 2 * t + 1, 2 * t + 2
        return [-high if d & 2 else high, -low if d & 1 else low]

    def _var(self) -> int:
        self.top += 1
        return self.top

    def maze(self, cells: int) -> list[list[int]]:
        """The clauses of the walk in maze `cells` (see the module's docstring)."""
        step = moves_in(self.n, self.m, cells)
        goal, length = self.n * self.m - 1, self.length
        to_goal = distances(step, goal)  # moves are reversible: from the goal is to it
        at = [{0: self._var()}]
        out = [[at[0][0]]]
        for t in range(length):
            reach = {j for c in at[t] for j in step[c]}
            nxt = {c: self._var() for c in sorted(reach)}
            for c, here in at[t].items():
                for d in range(4):
                    out.append([-here, *self.not_move(t, d), nxt[step[c][d]]])
            for c2, there in nxt.items():
                for d in range(4):
                    came = [here for c, here in at[t].items() if step[c][d] == c2]
                    out.append([-there, *self.not_move(t, d), *came])
            at.append(nxt)
        out.append([cell[goal] for cell in at if goal in cell])
        seen = [self._var() for _ in range(length + 1)]
        for t, cell in enumerate(at):
            out.append([-seen[t], *([seen[t - 1]] if t else []),
                        *([cell[goal]] if goal in cell else [])])
            for c, here in cell.items():
                if to_goal[c] > length - t:
                    out.append([-here, seen[t]])
        out.append([seen[length]])
        return out

    def sequence(self, bits: list[bool]) -> str:
        """The letters of a model's moves (bits of variables 1..2L)."""
        return "".join(LETTERS[2 * bits[2 * t] + bits[2 * t + 1]] for t in range(self.length))


def _failures(n: int, m: int, mazes: list[int], sequence: str, deadline: float,
              count: int) -> tuple[int, list[int]]:
    """How many mazes the sequence leaves unsolved, and `count` of them, those where it
    ends farthest from the goal first."""
    failed = []
    for i, cells in enumerate(mazes):
        if i % 2048 == 0 and time.monotonic() > deadline:
            raise OutOfTime
        end = walk_end(n, m, cells, sequence)
        if end is not None:
            failed.append((cells, end))
    ranked = sorted(failed[:20000], key=lambda f: -distances(
        moves_in(n, m, f[0]), n * m - 1)[f[1]])
    return len(failed), [cells for cells, _ in ranked[:count]]


def _farthest(n: int, m: int, mazes: list[int], count: int, deadline: float) -> list[int]:
    """The `count` mazes whose goal is furthest from their start."""
    far = []
    for i, cells in enumerate(mazes):
        if i % 2048 == 0 and time.monotonic() > deadline:
            raise OutOfTime
        far.append((-distances(moves_in(n, m, cells), 0)[n * m - 1], i))
    return [mazes[i] for _, i in sorted(far)[:count]]


def second_answer(n: int, m: int, length: int, deadline: float = NEVER,
                  progress: Callable[[str], None] | None = None) -> SecondAnswer:
    """Is there a sequence of exactly `length` moves solving every feasible n x m maze
    (n*m <= 25)? "found" with one, "none", or "unknown" when the deadline (a
    time.monotonic() value) comes first. Ctrl-C ends the solver's child and goes on."""
    try:
        solver = solver_name()
    except ImportError:
        raise MissingSolver("the second encoding needs pycryptosat: "
                            "pip install 'mazegame[sat]'") from None
    if n * m > MAX_CELLS:
        raise ValueError(f"the second encoding takes up to {MAX_CELLS} cells")
    say = progress or (lambda text: None)
    tick = Ticker(progress)
    began = time.monotonic()
    question = _Question(n, m, length)
    asked: list[int] = []
    clauses = 0

    def answer(status: str, sequence: str | None = None) -> SecondAnswer:
        return SecondAnswer(n, m, length, status, sequence, len(asked),
                            time.monotonic() - began, solver, clauses)

    try:
        mazes = components(n, m, deadline)
        first = _farthest(n, m, mazes, FIRST_MAZES, deadline)
    except OutOfTime:
        return answer("unknown")
    with CryptoMiniSatChild() as cms:
        cms.add(question.clauses)
        clauses = len(question.clauses)
        new = first
        while True:
            for cells in new:
                walk = question.maze(cells)
                cms.add(walk)
                clauses += len(walk)
                asked.append(cells)
            result = None
            while result is None:
                try:
                    result = cms.solve(CHUNK_CPU, 2 * length, deadline)
                except OutOfTime:
                    return answer("unknown")
                tick(lambda: f"{length} moves: the solver is still working on "
                             f"{len(asked)} mazes")
            if result is False:
                return answer("none")
            sequence = question.sequence(result)
            try:
                unsolved, new = _failures(n, m, mazes, sequence, deadline, ADDED_PER_ROUND)
            except OutOfTime:
                return answer("unknown")
            if not unsolved:
                return answer("found", sequence)
            if set(new) & set(asked):
                raise RuntimeError(f"the encoding's model {sequence} fails a maze it was "
                                   "asked about: the clauses and the walk disagree")
            say(f"{length} moves: a candidate leaves {unsolved} of {len(mazes)} mazes "
                f"unsolved; asking about {len(asked) + len(new)}")
