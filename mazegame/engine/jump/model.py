"""Rook (and queen) jumping mazes: the puzzle, its move graph, Neller's energy, the solver.

The state graph, the energy and the solver read a puzzle through its landing table
(`kernels`), so they serve the hexagon and triangle puzzles of `jump.tiles` as they are.

From a square holding jump number k you move exactly k squares in one of the allowed
directions (rook: N E S W; queen: the diagonals too), staying on the board unless it wraps
(torus). The goal holds 0 and has no moves. Under Abbott's no-U-turn rule you may not jump
back along the direction you arrived in, so a *state* is a square plus the direction of the
last jump.

States (numbered for the CSR graph; `slots` states per cell, `state = cell * slots + slot`):

- plain rules: one state per cell (`slots == 1`).
- no-U-turn: `slots == D + 1` for D directions. Slot i < D means "arrived by a jump in
  direction i"; slot D means "no jump yet" and is used only by the start. Every jump onto
  the goal lands in the goal's slot D, so the goal is a single state (the goal has no moves,
  the arrival direction cannot matter) and one backward BFS serves every variant. A slot
  no jump on this board leads into is not part of the puzzle: never a hole, never counted.

Two searches run on the same graph: the analysis (`solve`) uses the shared BFS of
`mazegame.engine.graph` (so it can record a trace for the lab), while the energy is one
allocation-free kernel (`kernels.evaluate_kernel`) that the designer calls thousands
of times per puzzle. Tests check the two agree.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import numpy as np

from mazegame.engine.graph import CSR, bfs
from mazegame.engine.jump.kernels import (
    BACKWARD,
    DC8,
    DR8,
    E_BACKWARD,
    E_FORCED,
    E_FORWARD,
    E_LENGTH,
    E_STATES,
    E_TOTAL,
    E_UNREACHING,
    E_WAYS,
    FORWARD,
    T_CLUSTERS,
    T_DECISIONS,
    T_FORCED,
    T_UNIQUE,
    T_UNREACHING,
    Work,
    evaluate_kernel,
    fill_moves,
    landing,
    legal_table,
    new_work,
    square_landings,
)

#: Direction indices into DR8/DC8 per move rule, kept circular so that the reverse of
#: local direction i is (i + D // 2) % D.
DIRECTIONS = {
    "rook": np.array([0, 2, 4, 6], dtype=np.int64),
    "queen": np.arange(8, dtype=np.int64),
}
#: The named variants the designer and the CLI offer: (moves, wrap, no_u_turn).
VARIANTS = {
    "rook": ("rook", False, False),
    "queen": ("queen", False, False),
    "torus": ("rook", True, False),
    "no-u-turn": ("rook", False, True),
}
MIN_SIDE, MAX_SIDE = 2, 32


class InvalidPuzzle(ValueError):
    """A puzzle that breaks the rules; the message names the row and column at fault."""


class JumpStates:
    """The numbering of a puzzle's states (the module docstring), for any board: a puzzle
    gives `cells`, `directions`, `no_u_turn`, `start` and `goal`."""

    @property
    def slots(self) -> int:
        """States per cell: 1, or one per arrival direction plus "no jump yet"."""
        return len(self.directions) + 1 if self.no_u_turn else 1

    @property
    def n_states(self) -> int:
        """States of the move graph: cells times slots."""
        return self.cells * self.slots

    @property
    def start_state(self) -> int:
        """The start's "no jump yet" state."""
        return self.start * self.slots + self.slots - 1

    @property
    def goal_state(self) -> int:
        """The goal's single state (every jump onto the goal lands there)."""
        return self.goal * self.slots + self.slots - 1

    def cell_of(self, state: int) -> int:
        """The cell a state stands on."""
        return int(state) // self.slots


@dataclass(frozen=True, eq=False)
class JumpPuzzle(JumpStates):
    """A jumping maze: `jumps[r, c]` (0 exactly at the goal), start and goal cells, rules.

    Cells are row-major indices `r * width + c`. Construction validates everything.
    """

    jumps: np.ndarray
    start: int
    goal: int
    moves: str = "rook"
    wrap: bool = False
    no_u_turn: bool = False
    _legal: np.ndarray = field(init=False, repr=False)
    #: The landing table every kernel reads (see `kernels`): built once per puzzle.
    land: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        jumps = np.array(self.jumps, dtype=np.int32)  # a copy: the caller's array may change
        if jumps.ndim != 2 or not all(MIN_SIDE <= s <= MAX_SIDE for s in jumps.shape):
            raise InvalidPuzzle(f"a board is {MIN_SIDE}..{MAX_SIDE} squares on each side")
        if self.moves not in DIRECTIONS:
            raise InvalidPuzzle(f"moves must be 'rook' or 'queen', not {self.moves!r}")
        object.__setattr__(self, "jumps", jumps)
        object.__setattr__(self, "wrap", bool(self.wrap))
        object.__setattr__(self, "no_u_turn", bool(self.no_u_turn))
        land = square_landings(*jumps.shape, DIRECTIONS[self.moves], self.wrap)
        object.__setattr__(self, "land", land)
        object.__setattr__(self, "_legal", legal_table(land))
        self._check()

    def _check(self) -> None:
        h, w = self.jumps.shape
        for name, cell in (("start", self.start), ("goal", self.goal)):
            if not 0 <= cell < h * w:
                raise InvalidPuzzle(f"the {name} lies outside the {w}x{h} board")
        if self.start == self.goal:
            raise InvalidPuzzle("the start and the goal are the same square")
        top = self.max_jump
        for r in range(h):
            for c in range(w):
                k = int(self.jumps[r, c])
                where = f"row {r}, column {c}"
                if r * w + c == self.goal:
                    if k != 0:
                        raise InvalidPuzzle(f"{where}: the goal's jump must be 0, not {k}")
                elif k == 0:
                    raise InvalidPuzzle(f"{where}: 0 is only allowed at the goal")
                elif not 1 <= k <= top:
                    raise InvalidPuzzle(f"{where}: jump {k} is out of range 1..{top}")
                elif not self._legal[r * w + c, k]:
                    raise InvalidPuzzle(f"{where}: a jump of {k} cannot be made in any direction")

    # -- geometry ------------------------------------------------------------------
    @property
    def height(self) -> int:
        """Rows of the board."""
        return int(self.jumps.shape[0])

    @property
    def width(self) -> int:
        """Columns of the board."""
        return int(self.jumps.shape[1])

    @property
    def cells(self) -> int:
        """Squares on the board."""
        return self.height * self.width

    @property
    def max_jump(self) -> int:
        """The largest jump number a board of this size may hold."""
        return max(self.height, self.width) - 1

    @property
    def directions(self) -> np.ndarray:
        """The allowed directions, as indices into DR8/DC8."""
        return DIRECTIONS[self.moves]

    def rc(self, cell: int) -> tuple[int, int]:
        """(row, column) of a cell."""
        return divmod(int(cell), self.width)

    def targets(self, cell: int, last: int | None = None) -> dict[int, int]:
        """Landing cell per direction (index into DR8/DC8) for the jump at `cell`.

        `last` is the direction of the previous jump: under no-U-turn the jump straight
        back is left out (the rule `fill_moves` applies to the state graph).
        """
        k = int(self.jumps.flat[cell])
        out = {}
        for d in self.directions if k else ():
            if self.no_u_turn and last is not None and d == (last + 4) % 8:
                continue
            t = landing(self.height, self.width, DR8[d], DC8[d], self.wrap, cell, k)
            if t >= 0:
                out[int(d)] = int(t)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JumpPuzzle) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def key(self) -> tuple:
        """Everything that makes the puzzle, as a hashable tuple."""
        return (self.jumps.shape, self.jumps.tobytes(), self.start, self.goal, self.moves,
                self.wrap, self.no_u_turn)

    def digest(self) -> str:
        """The puzzle's content as 16 hex digits (SHA-256 of size, rules, start, goal and
        numbers), the same on every machine. Saved progress is keyed by it, so a pack can be
        renamed or reordered: never change this text's form."""
        rules = "+".join([self.moves] + ["torus"] * self.wrap + ["no-u-turn"] * self.no_u_turn)
        text = (f"{self.width}x{self.height} {rules} start {self.start} goal {self.goal} "
                f"jumps {' '.join(map(str, self.jumps.ravel().tolist()))}")
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


# -- moves ---------------------------------------------------------------------------
def legal_jumps(h: int, w: int, moves: str, wrap: bool) -> np.ndarray:
    """bool[cells, max_jump + 1]: may this cell hold this jump (it makes at least one move)?"""
    return legal_table(square_landings(h, w, DIRECTIONS[moves], wrap))


def state_graph(p) -> CSR:
    """The puzzle's moves as a CSR graph over states (see the module docstring); `p` is
    a JumpPuzzle or a `jump.tiles.TilePuzzle`, read through its landing table."""
    indptr = np.empty(p.n_states + 1, dtype=np.int64)
    indices = np.empty(p.n_states * p.land.shape[1], dtype=np.int32)
    m = fill_moves(p.jumps.ravel(), p.land, p.slots, p.start, p.goal, indptr, indices)
    return CSR(indptr, indices[:m].copy())


def evaluate(p, work: Work | None = None) -> Work:
    """Run evaluate_kernel on a puzzle (square or tiles); returns the filled work arrays."""
    work = work or new_work(p.cells, p.land.shape[1], p.slots)
    evaluate_kernel(p.jumps.ravel(), p.land, p.slots, p.start, p.goal, *work)
    return work


# -- the analysis ------------------------------------------------------------------------
@dataclass(frozen=True)
class Energy:
    """Neller's energy and its five terms (see evaluate_kernel for the exact definitions)."""

    total: int
    no_unique_shortest: int  #: |S|^3 or 0
    unreaching: int  #: |S|^2 times the unreaching states
    forced: int  #: m^2
    decisions: int  #: -min(d_f, d_b)
    clusters: int  #: sum of (|J|-1)^2
    states: int  #: |S|
    unreaching_states: int
    forced_moves: int
    forward_decisions: int
    backward_decisions: int

    @staticmethod
    def from_out(out: np.ndarray) -> Energy:
        """Read the terms evaluate_kernel left in its `out` array."""
        return Energy(*(int(out[i]) for i in (
            E_TOTAL, T_UNIQUE, T_UNREACHING, T_FORCED, T_DECISIONS, T_CLUSTERS, E_STATES,
            E_UNREACHING, E_FORCED, E_FORWARD, E_BACKWARD)))


def energy(p) -> Energy:
    """Neller's energy of a puzzle (square or tiles), term by term."""
    return Energy.from_out(evaluate(p).out)


@dataclass(frozen=True)
class Analysis:
    """Everything the solver knows about a puzzle. Cells are row-major indices."""

    puzzle: JumpPuzzle
    length: int  #: jumps in a shortest solution, -1 if the goal cannot be reached
    states: list[int]  #: a shortest solution as states, start first ([] if none)
    solutions: int  #: number of shortest solutions (saturates at WAYS_CAP)
    dist_from_start: np.ndarray  #: per state, jumps from the start (-1 unreachable)
    dist_to_goal: np.ndarray  #: per state, jumps to the goal (-1 unreaching)
    counted: np.ndarray  #: per state, is it part of the puzzle (see evaluate_kernel)
    clusters: list[list[int]]  #: same-jump clusters of two or more cells
    decision_flags: np.ndarray  #: FORWARD | BACKWARD bits per position along `states`
    energy: Energy
    events: np.ndarray  #: the forward BFS trace when recorded

    @property
    def solved(self) -> bool:
        """Whether the goal can be reached at all."""
        return self.length >= 0

    @property
    def unique(self) -> bool:
        """Whether exactly one shortest solution exists."""
        return self.solved and self.solutions == 1

    @property
    def path(self) -> list[int]:
        """The shortest solution as cells."""
        return [self.puzzle.cell_of(s) for s in self.states]

    @property
    def reachable(self) -> np.ndarray:
        """Per state: can the start reach it?"""
        return self.dist_from_start >= 0

    @property
    def reaching(self) -> np.ndarray:
        """Per state: can it reach the goal?"""
        return self.dist_to_goal >= 0

    @property
    def black_hole_states(self) -> np.ndarray:
        """States reachable from the start with no way to the goal."""
        return np.flatnonzero(self.reachable & ~self.reaching)

    @property
    def white_hole_states(self) -> np.ndarray:
        """States of the puzzle with a way to the goal that the start never reaches."""
        white = ~self.reachable & self.reaching & self.counted
        white[self.puzzle.goal_state] = False  # trivially reaching, never a hole
        return np.flatnonzero(white)

    @property
    def black_holes(self) -> list[int]:
        """Cells with a black-hole state: reachable from the start, no way to the goal."""
        return self._cells(self.black_hole_states)

    @property
    def white_holes(self) -> list[int]:
        """Cells with a white-hole state: a way to the goal, but unreachable."""
        return self._cells(self.white_hole_states)

    def _cells(self, states: np.ndarray) -> list[int]:
        return sorted({self.puzzle.cell_of(s) for s in states})

    @property
    def forced_moves(self) -> int:
        """Jumps forced from the start (one move each) before the first choice: the energy's m."""
        return self.energy.forced_moves

    @property
    def forward_decisions(self) -> list[int]:
        """Positions along `states` where the player has two or more moves."""
        return np.flatnonzero(self.decision_flags & FORWARD).tolist()

    @property
    def backward_decisions(self) -> list[int]:
        """Positions along `states` with two or more ways in (choices tracing back)."""
        return np.flatnonzero(self.decision_flags & BACKWARD).tolist()


def solve(p, record: bool = False) -> Analysis:
    """Solve and analyse a puzzle (a JumpPuzzle or a tiles.TilePuzzle): BFS forward from
    the start and backward from the goal."""
    graph = state_graph(p)
    back = graph.reversed()
    dist_f, _, events = bfs(graph, p.start_state, record)
    dist_b, _, _ = bfs(back, p.goal_state)
    work = evaluate(p)
    out = work.out
    length = int(out[E_LENGTH])
    comp = work.comp
    labels, sizes = np.unique(comp[comp >= 0], return_counts=True)
    clusters = [np.flatnonzero(comp == lab).tolist() for lab in labels[sizes > 1]]
    counted = np.ones(p.n_states, dtype=bool) if p.slots == 1 else np.diff(back.indptr) > 0
    counted[p.start_state] = True
    return Analysis(
        puzzle=p, length=length,
        states=work.path[: length + 1].tolist() if length >= 0 else [],
        solutions=int(out[E_WAYS]), dist_from_start=dist_f, dist_to_goal=dist_b,
        counted=counted, clusters=clusters,
        decision_flags=work.flags[: length + 1].copy() if length >= 0 else work.flags[:0].copy(),
        energy=Energy.from_out(out), events=events,
    )
