"""The solver registry: name -> solve function plus metadata menus, CLI, lab and tests read.

Also the vocabulary every solver kernel shares with the lab: the NOTE message codes a trace
carries (and the stop reasons built from them) and the door marks Tremaux writes. Nothing
here imports the solver families or `base`, so every solver module can import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.jit import kernel
from mazegame.engine.trace import Trace

SOLVERS: dict[str, SolverSpec] = {}

# -- NOTE codes: a kernel's final status is one of these, and traces log them --------------
FOUND = 1  #: the agent stands on a goal
UNREACHABLE = 2  #: everything reachable was searched and no goal was among it
LOOP = 3  #: a deterministic walk repeated its state: it would circle forever
KINGS_CHAMBER = 4  #: LOOP, and the goal touches no wall a hand could follow (Suits fig. 16)
BUDGET = 5  #: the step budget ran out
SWITCH_HANDS = 6  #: the hand-switching walk changed hands after going round a loop
STUCK = 7  #: the agent stands in a cell it cannot leave
RETRACE = 8  #: Tremaux found the goal and numbers the return path
MEET = 9  #: the two frontiers of a bidirectional search touched
SMELL = 10  #: the rat smells the cheese for the first time
STEP_CAP = 11  #: the default step cap for this maze ran out (no budget was given)
CANCELLED = 12  #: the caller raised the cancel flag of `SolveOptions.control`
TRACE_CUT = 13  #: the recorded trace got too long: it jumps from here to the final state
SETTLED = 14  #: the aroma stopped changing and no neighbour smells stronger: the rat stays

#: Cells of a walker's walk kept in `Solution.walk` (the trace and `path` hold the rest).
WALK_KEEP = 100_000

#: What the lab's log prints for each NOTE code.
NOTE_TEXT = {
    FOUND: "goal reached",
    UNREACHABLE: "no goal can be reached from the start",
    LOOP: "caught in a loop: the walk came back to a cell facing the same way "
          "without reaching the goal (Suits fig. 15)",
    KINGS_CHAMBER: "the goal is a king's chamber: none of its corners touches a wall, so a "
                   "hand on the wall never leads there (Suits fig. 16)",
    BUDGET: "gave up: the step budget ran out",
    SWITCH_HANDS: "went round a loop: switching hands",
    STUCK: "stuck: no door leads out of this cell",
    RETRACE: "goal found: numbering the return path",
    MEET: "the two searches met",
    SMELL: "the rat smells the cheese",
    STEP_CAP: "gave up: the step cap for a maze of this size ran out",
    CANCELLED: "cancelled",
    SETTLED: "gave up: the aroma has settled and no neighbour smells stronger, so the rat "
             "would wait for ever",
    TRACE_CUT: "the rest of the walk is not replayed step by step: jumping to where it ended",
}

#: Stable machine-readable stop reasons (`Solution.stop`, `"reason"` in `solve --format json`).
STOP_CODES = {
    FOUND: "found",
    UNREACHABLE: "no-path",
    LOOP: "loop",
    KINGS_CHAMBER: "kings-chamber",
    BUDGET: "budget",
    STEP_CAP: "step-cap",
    STUCK: "stuck",
    CANCELLED: "cancelled",
    SETTLED: "settled",
}

# -- door marks (DOOR events carry value << 2 | side; negative values are letters) ----------
DOOR_E = -1  #: Tremaux "E": explored from this side
DOOR_R = -2  #: Tremaux "R": the way back to where this cell was first entered from
DOOR_X = -3  #: Tremaux bounce: the door led to a visited cell and was walked back at once
#: How the lab draws a door mark; positive marks are drawn as numbers (LRU times, step counts).
DOOR_LETTERS = {DOOR_E: "E", DOOR_R: "R", DOOR_X: "X"}

#: Walk budgets: a random walk on a tree of n cells expects at most 2 n^2 steps to reach a
#: given cell (commute time), so 64 n^2 fails by chance at most once in 32; the cap keeps
#: every default walk within about a second of work.
DEFAULT_CAP = 50_000_000
MAX_BUDGET = 1_000_000_000  #: the largest budget a caller may ask for (about half a minute)


def default_budget(cells: int) -> int:
    """The step cap a walk gets when no budget is given: it scales with the maze (`cells`)."""
    return int(min(max(10_000, 64 * cells * cells), DEFAULT_CAP))


def check_budget(budget: int | None) -> None:
    """Refuse budgets that are not a whole number of steps in 1..MAX_BUDGET."""
    if budget is None:
        return
    if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)):
        raise ValueError(f"the step budget is a whole number of steps, not {budget!r}")
    if budget < 1:
        raise ValueError(f"the step budget must be at least 1 step, not {budget}")
    if budget > MAX_BUDGET:
        raise ValueError(f"the step budget is at most {MAX_BUDGET:,} steps, not {budget:,}")


# -- cancelling and watching a long solver ------------------------------------------------
#: A kernel polls its control array every POLL steps (a power of two).
POLL = 4096
CONTROL_CANCEL, CONTROL_STEPS = 0, 1


def new_control() -> np.ndarray:
    """A control array for `solve(..., control=...)`: int64[2].

    Another thread may set `control[CONTROL_CANCEL]` to a nonzero value: the walking kernels
    (walkers, Tremaux, cheese) poll it every `POLL` steps and stop with the reason
    "cancelled". They write the steps done so far to `control[CONTROL_STEPS]` as they go,
    for a progress bar. Searches over the graph run in linear time and do not poll.
    """
    return np.zeros(2, dtype=np.int64)


def cancel(control: np.ndarray) -> None:
    """Ask the kernel watching `control` to stop at its next poll."""
    control[CONTROL_CANCEL] = 1


@dataclass(frozen=True)
class SolveOptions:
    """Knobs some solvers read; the rest ignore them."""

    seed: int = 0  #: random choices (random walk, LRU ties, Tremaux's door choice)
    budget: int | None = None  #: most steps (time ticks for cheese); None: `default_budget`
    facing: int | None = None  #: initial heading 0..3 (N, E, S, W) of a walker; None: default
    #: cancel flag and progress (see `new_control`); None: a private one nobody cancels
    control: np.ndarray | None = field(default=None, compare=False)

    def steps(self, maze: Maze) -> int:
        """The budget for this maze."""
        return default_budget(maze.size) if self.budget is None else int(self.budget)

    def control_array(self) -> np.ndarray:
        """The control array kernels poll (a fresh one when the caller gave none)."""
        return new_control() if self.control is None else self.control


DEFAULTS = SolveOptions()  #: what a solver reads when the caller gives no options


@kernel
def _loop_erase(path, n):
    """The cells of `path` (cells < n) left after jumping from each to its last visit."""
    last = np.full(n, -1, dtype=np.int64)
    for i in range(path.shape[0]):
        last[path[i]] = i
    out = np.empty(path.shape[0], dtype=np.int32)
    m = 0
    i = 0
    while i < path.shape[0]:  # jump from each cell to its last visit: what is left has no loop
        out[m] = path[i]
        m += 1
        i = last[path[i]] + 1
    return out[:m]


def loop_erased(path) -> list[int]:
    """The walk with its loops cut out (a simple path with the same ends)."""
    if len(path) == 0:
        return []
    arr = np.asarray(path, dtype=np.int32)
    return _loop_erase(arr, int(arr.max()) + 1).tolist()


@dataclass
class Solution:
    """What a solver found: the path from start to a goal, how much work it did, and why
    it stopped.

    `path` is a simple path from the start: to a goal when `found`, else to where the
    solver stopped. For walkers (`SolverSpec.walker`) it is their walk with its loops
    erased, and `walk` holds the walk itself, detours and backtracking included, while
    it is at most `WALK_KEEP` cells long (then `walk_complete`); every consecutive pair is
    one `step`. `steps` counts the work: moves for walkers, time ticks for cheese, cells
    reached for searches. `stop` is the machine-readable reason (a `STOP_CODES` value),
    `reason` the text for people ("" when found).
    """

    algorithm: str
    found: bool
    path: list[int]
    visited: int
    trace: Trace | None = None
    reason: str = ""
    extra: dict = field(default_factory=dict)
    steps: int = 0
    stop: str = "found"
    walk: list[int] | None = None
    walk_complete: bool = True

    @property
    def length(self) -> int | None:
        """Moves along the path to the goal; None when no goal was reached."""
        return len(self.path) - 1 if self.found else None

    @property
    def route(self) -> list[int]:
        """The path with every loop erased: a simple path from its first to its last cell."""
        return loop_erased(self.path)


@dataclass(frozen=True)
class SolverSpec:
    """One registered solver: `run(maze, record, options) -> Solution`."""

    name: str
    title: str
    run: Callable[[Maze, bool, SolveOptions], Solution]
    summary: str
    source: str
    shortest: bool = False  #: always returns a shortest path
    directed: bool = True  #: works on one-way doors and wrap-around
    #: trace layers the lab should draw: any of "agents", "marks", "labels", "doors"
    layers: tuple[str, ...] = ("agents", "marks", "labels")
    #: what a LABEL number means: "distance" (from the start), "distance-to-goal",
    #: "distance-either-end" (from whichever end's search reached the cell), "visits",
    #: "aroma" (0..AROMA_LEVELS, see solve.aroma), or "" when the solver sets no labels
    labels: str = "distance"
    agents: int = 1  #: how many agents (AT event args 0..agents-1) the trace moves
    walker: bool = False  #: an agent walks: its AT events are exactly `Solution.walk`
    randomized: bool = False  #: reads `SolveOptions.seed`
    complete: bool = True  #: always reaches a goal of a connected perfect maze (within budget)
    #: the budget a run gets when the caller gives none, for a maze of so many cells
    budget_default: Callable[[int], int] = default_budget
    #: the largest budget a run takes on a maze of so many cells (MAX_BUDGET for most)
    budget_most: Callable[[int], int] = lambda cells: MAX_BUDGET
    budget_unit: str = "steps"  #: what the budget counts
    #: the algorithm's numbered steps, in our words at the level of Suits' lists (for his
    #: algorithms, his steps); a recorded trace's STEP events name them by number, 1-based
    steps: tuple[str, ...] = ()
    #: runs on a `BoardMaze` (`engine.board_maze`: any tiling) as well as the square `Maze`;
    #: `register` makes the others refuse a board with a ValueError naming the solver
    boards: bool = False
    #: turns left and right: on a board, only where its tiling orders the sides round a
    #: cell (`TilingSpec.clockwise`)
    turns: bool = False

    def check_budget(self, budget: int | None, cells: int) -> None:
        """Refuse, up front, a budget this solver cannot take on a maze of `cells` cells
        (None: its default, `budget_default`, which every maze size takes)."""
        check_budget(budget)
        most = self.budget_most(cells)
        if budget is not None and budget > most:
            raise ValueError(f"{self.name} takes a budget of at most {most:,} "
                             f"{self.budget_unit} on a maze of {cells:,} cells, not {budget:,}")


def register(spec: SolverSpec) -> SolverSpec:
    """Add a solver to the registry (names are unique). A solver without `boards` gets a
    `run` that refuses a maze on a board by name (callers may call `run` directly)."""
    if spec.name in SOLVERS:
        raise ValueError(f"solver {spec.name!r} registered twice")
    if not spec.boards:
        spec = replace(spec, run=_square_only(spec.name, spec.run))
    SOLVERS[spec.name] = spec
    return spec


def square_only_message(name: str, maze) -> str:
    """Why a solver without `boards` refuses this maze on a board."""
    return (f"solver {name!r} runs on square mazes only, not on a "
            f"{getattr(maze, 'tiling', type(maze).__name__)} board")


def no_turns_message(name: str, maze) -> str:
    """Why a solver that turns (`turns`) refuses a board with no left and right."""
    return (f"solver {name!r} turns left and right: a {maze.tiling} board has no left "
            "and right")


def _square_only(name: str, run: Callable) -> Callable:
    """`run`, refusing any maze but the square `Maze` with a ValueError naming the solver."""
    def guarded(maze, record: bool = False, options: SolveOptions = DEFAULTS):
        if not isinstance(maze, Maze):
            raise ValueError(square_only_message(name, maze))
        return run(maze, record, options)

    guarded.__name__, guarded.__doc__ = run.__name__, run.__doc__
    return guarded
