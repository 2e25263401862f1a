"""Every feasible maze of a small size as numpy arrays, stepped in lockstep under one move.

The semantics of the simultaneous maze solving problem (Funke, Nusser, Storandt, AAAI 2017):
a maze is an n x m grid of free and blocked fields; every maze starts in the upper-left
corner; a move into a blocked field or off the grid does nothing; a maze is solved once its
lower-right corner has been visited. A feasible maze has a path between the two corners.

`MazeSet` holds the transition table of every maze (maze, cell, move) -> cell and each
cell's distance to the goal, so the whole set takes one move as one numpy gather; its
history (one array of positions and solved flags per move) lets a viewer step back.
Sizes are small by design: at most MAX_CELLS cells (4x4: 3828 mazes).
"""

from __future__ import annotations

import numpy as np

MAX_CELLS = 16  #: 4x4: 65536 grids tried, 3828 feasible
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
    """All feasible n x m mazes, their positions and solved flags under a move sequence."""

    def __init__(self, n: int, m: int) -> None:
        self.n, self.m = n, m  #: rows, columns
        self.masks = feasible_masks(n, m)  #: free-cell bitmask of each maze
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
        trans = np.empty((len(self), n * m, len(MOVES)), dtype=np.int16)
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
        pos = np.zeros(len(self), dtype=np.int16)
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


def solves_all(n: int, m: int, sequence: str) -> bool:
    """Whether `sequence` solves every feasible n x m maze."""
    mazes = MazeSet(n, m)
    mazes.play(sequence)
    return mazes.unsolved() == 0
