"""The solver registry: name -> solve function plus metadata menus, CLI, lab and tests read.

Also the vocabulary every solver kernel shares with the lab: the NOTE message codes a trace
carries (and the stop reasons built from them) and the door marks Tremaux writes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from mazegame.engine.grid import Maze
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
}

# -- door marks (DOOR events carry value << 2 | side; negative values are letters) ----------
DOOR_E = -1  #: Tremaux "E": explored from this side
DOOR_R = -2  #: Tremaux "R": the way back to where this cell was first entered from
DOOR_X = -3  #: Tremaux bounce: the door led to a visited cell and was walked back at once
#: How the lab draws a door mark; positive marks are drawn as numbers (LRU times, step counts).
DOOR_LETTERS = {DOOR_E: "E", DOOR_R: "R", DOOR_X: "X"}

#: Walk budgets: random walks need about n^2 steps on a tree, the others far fewer.
MAX_BUDGET = 50_000_000


def default_budget(cells: int) -> int:
    """The step budget a walk gets when none is given: generous for a random walk on `cells`."""
    return int(min(max(10_000, 64 * cells * cells), MAX_BUDGET))


@dataclass(frozen=True)
class SolveOptions:
    """Knobs some solvers read; the rest ignore them."""

    seed: int = 0  #: random choices (random walk, LRU ties, Tremaux's door choice)
    budget: int | None = None  #: most steps (time ticks for cheese); None: `default_budget`
    facing: int | None = None  #: initial heading 0..3 (N, E, S, W) of a walker; None: default

    def steps(self, maze: Maze) -> int:
        """The budget for this maze."""
        return default_budget(maze.size) if self.budget is None else int(self.budget)


DEFAULTS = SolveOptions()  #: what a solver reads when the caller gives no options


@dataclass
class Solution:
    """What a solver found: the path from start to a goal, how much it looked at, and why
    it stopped when it failed.

    For walkers (`SolverSpec.walker`) `path` is the whole walk the agent made, detours and
    backtracking included; every consecutive pair is one `step`. For searches it is the
    path they report. `route` is the path with its loops erased.
    """

    algorithm: str
    found: bool
    path: list[int]
    visited: int
    trace: Trace | None = None
    reason: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def length(self) -> int:
        """Moves along the path (cells minus one; 0 when not found)."""
        return max(len(self.path) - 1, 0)

    @property
    def route(self) -> list[int]:
        """The path with every loop erased: a simple path from its first to its last cell."""
        from mazegame.engine.solve.base import loop_erased

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
    walker: bool = False  #: the agent walks `path`: its AT events are exactly the path's cells
    randomized: bool = False  #: reads `SolveOptions.seed`
    complete: bool = True  #: always reaches a goal of a connected perfect maze (within budget)


def register(spec: SolverSpec) -> SolverSpec:
    """Add a solver to the registry (names are unique)."""
    if spec.name in SOLVERS:
        raise ValueError(f"solver {spec.name!r} registered twice")
    SOLVERS[spec.name] = spec
    return spec
