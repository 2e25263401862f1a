"""Every feasible maze of a small size as numpy arrays, stepped in lockstep under one move.

The semantics of the simultaneous maze solving problem (Funke, Nusser, Storandt, AAAI 2017):
a maze is an n x m grid of free and blocked fields; every maze starts in the upper-left
corner; a move into a blocked field or off the grid does nothing; a maze is solved once its
lower-right corner has been visited. A feasible maze has a path between the two corners.

`MazeSet` holds the transition table of every maze (maze, cell, move) -> cell and each
cell's distance to the goal, so the whole set takes one move as one numpy gather; its
history (one array of positions and solved flags per move) lets a viewer step back.
Every maze of a size is listed up to MAX_CELLS cells (4x5: 46557 mazes); beyond, up to 25
cells, a set is given its mazes: `draw_classes` draws a seeded sample of the maze classes
(`family`) for the all-mazes lab's 5x5.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MAX_CELLS = 20  #: 4x5: 1048576 grids tried, 46557 feasible
#: Up to this many cells the kernels that list and check a size's mazes run about as fast as
#: their Python twins as compiled, counting the compile: a first launch runs them as Python.
QUICK_AS_PYTHON = 16
MOVES = "udlr"  #: the paper's move letters, in the order of the transition table's columns
#: (row, column) step of each move letter.
DELTAS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
UNREACHABLE = 255  #: the distance of a cell from which the goal cannot be reached


def feasible_masks(n: int, m: int) -> np.ndarray:
    """The free-cell bitmasks (bit r*m + c) of every feasible n x m maze, ascending."""
    if min(n, m) < 1 or n * m > MAX_CELLS:
        raise ValueError(f"{n}x{m}: mazes of 1 to {MAX_CELLS} cells only")
    cells = n * m
    free = np.arange(1 << cells, dtype=np.int64)
    goal = np.int64(1) << (cells - 1)
    free = free[(free & 1).astype(bool) & (free & goal).astype(bool)]
    not_first = sum(1 << (r * m + c) for r in range(n) for c in range(1, m))
    not_last = sum(1 << (r * m + c) for r in range(n) for c in range(m - 1))
    reached = np.ones_like(free)
    while True:  # a bit-parallel flood fill of every grid at once
        grown = (reached | ((reached << 1) & not_first) | ((reached >> 1) & not_last)
                 | (reached << m) | (reached >> m)) & free
        if np.array_equal(grown, reached):
            break
        reached = grown
    return free[(reached & goal) != 0]


class MazeSet:
    """Feasible n x m mazes (all of them, or the free-cell bitmasks `masks`), their
    positions and solved flags under a move sequence."""

    def __init__(self, n: int, m: int, masks: np.ndarray | None = None) -> None:
        self.n, self.m = n, m  #: rows, columns
        #: free-cell bitmask of each maze
        self.masks = feasible_masks(n, m) if masks is None else np.asarray(masks, np.int64)
        cells = n * m
        self.goal = cells - 1  #: the lower-right cell's index (row-major)
        bits = np.int64(1) << np.arange(cells, dtype=np.int64)
        #: free[k, r, c]: whether maze k's field (r, c) is free
        self.free = ((self.masks[:, None] & bits[None, :]) != 0).reshape(-1, n, m)
        self.trans = self._transitions()  #: trans[k, cell, move] -> the cell a move leads to
        self.dist = self._distances()  #: dist[k, cell]: moves from cell to the goal
        self.reset()

    def __len__(self) -> int:
        return len(self.masks)

    def _transitions(self) -> np.ndarray:
        n, m = self.n, self.m
        flat = self.free.reshape(len(self), -1)
        trans = np.empty((len(self), n * m, len(MOVES)), dtype=np.int8)
        for cell in range(n * m):
            r, c = divmod(cell, m)
            for j, move in enumerate(MOVES):
                dr, dc = DELTAS[move]
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < m:
                    trans[:, cell, j] = np.where(flat[:, rr * m + cc], rr * m + cc, cell)
                else:
                    trans[:, cell, j] = cell
        return trans

    def _distances(self) -> np.ndarray:
        dist = np.full((len(self), self.n * self.m), UNREACHABLE, dtype=np.int16)
        dist[:, self.goal] = 0
        rows = np.arange(len(self))[:, None, None]
        while True:  # relax: a cell is one more than its best neighbour
            best = dist[rows, self.trans].min(axis=2) + 1
            new = np.minimum(dist, best)
            new[:, self.goal] = 0
            if np.array_equal(new, dist):
                return dist
            dist = new

    # -- playing a sequence -----------------------------------------------------------
    def reset(self) -> None:
        """Every maze back at its start, no move made."""
        pos = np.zeros(len(self), dtype=np.int8)
        self.history = [(pos, pos == self.goal)]  #: (positions, solved) before each move
        self.moves: list[str] = []  #: the moves made so far

    @property
    def positions(self) -> np.ndarray:
        """Each maze's current cell (row-major index)."""
        return self.history[-1][0]

    @property
    def solved(self) -> np.ndarray:
        """Whether each maze's goal has been visited."""
        return self.history[-1][1]

    def step(self, move: str) -> None:
        """Make one move (a letter of MOVES) in every maze at once."""
        pos, solved = self.history[-1]
        new = self.trans[np.arange(len(self)), pos, MOVES.index(move)]
        self.history.append((new, solved | (new == self.goal)))
        self.moves.append(move)

    def back(self) -> bool:
        """Take back the last move (False if none was made)."""
        if not self.moves:
            return False
        self.history.pop()
        self.moves.pop()
        return True

    def play(self, sequence: str) -> None:
        """From the start, make every move of `sequence`."""
        self.reset()
        for move in sequence:
            self.step(move)

    def unsolved(self) -> int:
        """How many mazes the moves so far leave unsolved."""
        return int(len(self) - self.solved.sum())

    def worst(self) -> int | None:
        """The unsolved maze whose current cell is farthest from its goal (the first such),
        or None when every maze is solved."""
        left = ~self.solved
        if not left.any():
            return None
        far = np.where(left, self.dist[np.arange(len(self)), self.positions], -1)
        return int(np.argmax(far))

    def path(self, k: int) -> list[int]:
        """The cells maze k's walker has stood on so far, in order (repeats kept)."""
        return [int(pos[k]) for pos, _ in self.history]

    def solved_at(self) -> np.ndarray:
        """For each maze, the number of moves after which it was first solved (-1: not yet)."""
        flags = np.array([s for _, s in self.history])
        first = flags.argmax(axis=0)
        return np.where(flags.any(axis=0), first, -1)


@dataclass(frozen=True)
class ClassSample:
    """A sample of the maze classes of a size (`family`), drawn under one sequence."""

    n: int
    m: int
    masks: np.ndarray  #: the sampled classes' cells (a maze with the rest blocked), by solve time
    classes: int  #: how many classes there are
    mazes: int  #: how many feasible mazes they stand for
    times: np.ndarray  #: every class's solve time under the sequence (-1: never), for counts
    seed: int

    def unsolved_after(self, moves: int) -> int:
        """How many of all the classes are not solved after the sequence's first `moves`."""
        return int(np.count_nonzero((self.times < 0) | (self.times > moves)))


def draw_classes(n: int, m: int, sequence: str, count: int, seed: int) -> ClassSample:
    """`count` classes of the n x m mazes, one from each of `count` equal slices of all the
    classes ordered by how many moves of `sequence` solve them (seeded): the sample is solved
    early and late as the whole is. Lists the classes (5x5: 482443, about a second)."""
    from mazegame.engine.allmazes.check import solve_times
    from mazegame.engine.allmazes.family import family, parse_sequence

    fam = family(n, m)
    times = solve_times(fam.steps, parse_sequence(sequence), fam.goal)
    late = np.where(times < 0, np.iinfo(np.int32).max, times)
    order = np.argsort(late, kind="stable")
    edges = np.linspace(0, len(order), min(count, len(order)) + 1).astype(np.int64)
    rng = np.random.default_rng(seed)
    picked = order[rng.integers(edges[:-1], edges[1:])]
    return ClassSample(n, m, fam.masks[picked].copy(), len(fam.masks), fam.total, times, seed)


def solves_all(n: int, m: int, sequence: str) -> bool:
    """Whether `sequence` solves every feasible n x m maze."""
    mazes = MazeSet(n, m)
    mazes.play(sequence)
    return mazes.unsolved() == 0
