"""The solver registry: name -> solve function plus metadata menus, CLI and tests read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from mazegame.engine.grid import Maze
from mazegame.engine.trace import Trace

SOLVERS: dict[str, SolverSpec] = {}


@dataclass
class Solution:
    """What a solver found: the path from start to a goal, how much it looked at, and why
    it stopped when it failed."""

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


@dataclass(frozen=True)
class SolverSpec:
    """One registered solver: `run(maze, record) -> Solution`."""

    name: str
    title: str
    run: Callable[[Maze, bool], Solution]
    summary: str
    source: str
    shortest: bool = False  #: always returns a shortest path
    directed: bool = True  #: works on one-way doors and wrap-around


def register(spec: SolverSpec) -> SolverSpec:
    """Add a solver to the registry (names are unique)."""
    if spec.name in SOLVERS:
        raise ValueError(f"solver {spec.name!r} registered twice")
    SOLVERS[spec.name] = spec
    return spec
