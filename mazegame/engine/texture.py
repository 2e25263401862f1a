"""Texture over many mazes: what `mazegame stats` and the lab's chart screen report.

A maze's texture is how its cells are shaped, counted by ways out (moves of the move graph,
so wrap and rock are honoured): dead ends (one), corridors (two: straight through, or
turning), 3-way and 4-way junctions. Shares are pooled: summed over all the mazes, then
divided by all their open cells, as Buck's dead-end counts are (one cell, one vote).

The river factor. Walter Pullen ("Think Labyrinth!", Maze Algorithms, the texture called
"river") says a maze with more river has "fewer but longer dead ends", less river "many short
dead ends"; he gives no formula. Ours measures exactly that: the mean length of a dead-end
branch, the cells from a dead end along corridor cells up to (not including) the first cell
that is not a corridor. A branch that ends at another dead end (a maze that is one path) is
counted from both of its ends. It is a mean over all dead ends of all the mazes.

The diameter and the solution length are `engine.stats`'s (`diameter_of`, BFS from the
start to the first goal); solvers are run with `engine.solve.solve` at its defaults (seed 0,
as `mazegame solve` runs them), counting `steps` and `visited`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass

import numpy as np

from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import E, Maze, N, S, W
from mazegame.engine.jit import kernel
from mazegame.engine.stats import diameter_of

#: Called after each maze is built or solved; it may raise to stop the work (a cancel).
Tick = Callable[[], None]


@dataclass(frozen=True)
class Texture:
    """The counts of one maze (cells: its open, non-rock cells)."""

    cells: int
    dead_ends: int  #: one way out
    junctions_3: int  #: three ways out
    junctions_4: int  #: four ways out
    straight: int  #: two ways out, opposite each other
    turning: int  #: two ways out, at a right angle
    branch_cells: int  #: cells on dead-end branches, summed over the dead ends (the river)
    diameter: int
    solution_length: int | None  #: None: the goal cannot be reached from the start


@kernel
def _branch_cells(indptr, indices, alive):
    """Cells on the dead-end branches, summed over every dead end (see the module)."""
    n = indptr.shape[0] - 1
    total = 0
    for d in range(n):
        if not alive[d] or indptr[d + 1] - indptr[d] != 1:
            continue
        prev, cur = -1, d
        for _ in range(n):  # a branch has at most n cells
            total += 1
            nxt = -1
            for j in range(indptr[cur], indptr[cur + 1]):
                if indices[j] != prev:
                    nxt = indices[j]
                    break
            if nxt < 0 or indptr[nxt + 1] - indptr[nxt] != 2:
                break  # the branch ends: a junction, another dead end, or nowhere to go
            prev, cur = cur, nxt
    return total


def texture(maze: Maze) -> Texture:
    """The texture counts, diameter and solution length of one maze."""
    graph = maze_graph(maze)
    alive = np.ones(maze.size, dtype=np.bool_) if maze.solid is None else ~maze.solid.ravel()
    degree = np.diff(graph.indptr)[alive]
    open_sides = (~maze.walls.ravel() & (N | E | S | W))[alive]
    corridor = degree == 2
    straight = corridor & ((open_sides == (N | S)) | (open_sides == (E | W)))
    dist, _, _ = bfs(graph, maze.start)
    goal = maze.goals[0] if maze.goals else maze.size - 1
    return Texture(
        cells=int(alive.sum()), dead_ends=int((degree == 1).sum()),
        junctions_3=int((degree == 3).sum()), junctions_4=int((degree == 4).sum()),
        straight=int(straight.sum()), turning=int((corridor & ~straight).sum()),
        branch_cells=int(_branch_cells(graph.indptr, graph.indices, alive)),
        diameter=diameter_of(graph, alive, maze.width)["diameter"],
        solution_length=int(dist[goal]) if dist[goal] >= 0 else None,
    )


def _mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Mean and (population) standard deviation; NaN for no values."""
    if not values:
        return float("nan"), float("nan")
    arr = np.asarray(values, dtype=np.float64)
    return float(arr.mean()), float(arr.std())


@dataclass(frozen=True)
class GeneratorRow:
    """One generator's texture over its mazes of seeds 1..N (shares of all their cells)."""

    algo: str
    mazes: int
    cells: int  #: open cells of all the mazes together
    dead_ends: float
    junctions_3: float
    junctions_4: float
    straight: float
    turning: float
    river: float  #: mean cells on a dead-end branch (NaN: no dead ends at all)
    diameter: float
    diameter_sd: float
    solution_length: float  #: over the mazes whose goal can be reached
    solution_length_sd: float
    kind: str = "generator"

    def as_dict(self) -> dict:
        """The figures by name, "algo" first (`stats --json`)."""
        return asdict(self)


@dataclass(frozen=True)
class SolverRow:
    """One solver's work over the mazes of one generator."""

    algo: str
    generator: str  #: whose mazes it solved
    mazes: int
    found: int  #: mazes where it reached the goal
    steps: float
    steps_sd: float
    visited: float
    visited_sd: float
    kind: str = "solver"

    def as_dict(self) -> dict:
        """The figures by name, "algo" first (`stats --json`)."""
        return asdict(self)


def seed_mazes(generator: str, width: int, height: int, seeds: Iterable[int],
               tick: Tick | None = None) -> list[Maze]:
    """The mazes `mazegame generate --algo G --size WxH --seed S` builds, one per seed
    (no options, no braid, no wrap: generate's defaults). ValueError: not at this size."""
    from mazegame.engine.generate import generate

    mazes = []
    for seed in seeds:
        mazes.append(generate(generator, width, height, seed).maze)
        if tick is not None:
            tick()
    return mazes


def generator_row(name: str, mazes: Sequence[Maze], tick: Tick | None = None) -> GeneratorRow:
    """The generator `name`'s row over these mazes of its."""
    counts = []
    for maze in mazes:
        counts.append(texture(maze))
        if tick is not None:
            tick()
    cells = sum(t.cells for t in counts)
    dead = sum(t.dead_ends for t in counts)

    def share(field: str) -> float:
        return sum(getattr(t, field) for t in counts) / cells if cells else float("nan")

    diameter = _mean_sd([t.diameter for t in counts])
    solution = _mean_sd([t.solution_length for t in counts if t.solution_length is not None])
    return GeneratorRow(
        algo=name, mazes=len(counts), cells=cells, dead_ends=share("dead_ends"),
        junctions_3=share("junctions_3"), junctions_4=share("junctions_4"),
        straight=share("straight"), turning=share("turning"),
        river=sum(t.branch_cells for t in counts) / dead if dead else float("nan"),
        diameter=diameter[0], diameter_sd=diameter[1],
        solution_length=solution[0], solution_length_sd=solution[1],
    )


def solver_row(name: str, generator: str, mazes: Sequence[Maze],
               tick: Tick | None = None) -> SolverRow:
    """The solver `name`'s work on these mazes (of `generator`), at its defaults."""
    from mazegame.engine.solve import handles, solve

    steps, visited, found = [], [], 0
    for maze in mazes:
        if handles(name, maze):
            result = solve(name, maze)
            steps.append(result.steps)
            visited.append(result.visited)
            found += bool(result.found)
        if tick is not None:
            tick()
    steps_mean, steps_sd = _mean_sd(steps)
    visited_mean, visited_sd = _mean_sd(visited)
    return SolverRow(algo=name, generator=generator, mazes=len(steps), found=found,
                     steps=steps_mean, steps_sd=steps_sd, visited=visited_mean,
                     visited_sd=visited_sd)


@dataclass
class Survey:
    """Rows for generators and for solvers on one generator's mazes, and the generators
    skipped because they cannot build the size (name -> why)."""

    generators: list[GeneratorRow]
    solvers: list[SolverRow]
    skipped: dict[str, str]


def survey(generators: Sequence[str], solvers: Sequence[str], maze_generator: str,
           width: int, height: int, seeds: int, *,
           start: Callable[[str, int], None] | None = None,
           tick: Tick | None = None) -> Survey:
    """Each generator's row over its mazes of seeds 1..`seeds`, then each solver's on the
    mazes of `maze_generator`. `start(name, mazes)` is called as each algorithm begins,
    `tick()` after each maze (either may raise to stop). ValueError: `maze_generator`
    cannot build this size."""
    numbers = range(1, seeds + 1)
    done = Survey([], [], {})
    for name in generators:
        if start is not None:
            start(name, seeds)
        try:
            mazes = seed_mazes(name, width, height, numbers)
        except ValueError as err:
            done.skipped[name] = str(err)
            continue
        done.generators.append(generator_row(name, mazes, tick))
    if solvers:
        mazes = seed_mazes(maze_generator, width, height, numbers)
        for name in solvers:
            if start is not None:
                start(name, seeds)
            done.solvers.append(solver_row(name, maze_generator, mazes, tick))
    return done
