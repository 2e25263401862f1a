"""Each kernel's Python twin (what a game runs while the kernel compiles) computes exactly
what the compiled kernel does: the same maze for the same seed, the same search, the same
demon, the same puzzle."""

import numpy as np
import pytest

from mazegame.engine import compiles, jit
from mazegame.engine.demon import DemonBrain
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.jump.design import design
from mazegame.engine.jump.model import solve as solve_jump
from mazegame.engine.matrices import distance_matrix, solution_moves
from mazegame.engine.personalities import PERSONALITIES, make_demon
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.stats import maze_stats
from mazegame.engine.trace import Replay
from tests.helpers import slow_among


def both(call):
    """(compiled result, Python-twin result) of the same call."""
    compiled = call()
    with compiles.as_python():
        return compiled, call()


def same_trace(a, b) -> bool:
    return (a is None) == (b is None) and (a is None or np.array_equal(a.events, b.events))


@pytest.mark.parametrize("name", list(GENERATORS))
def test_a_generator_twin_builds_the_same_maze_and_trace(name):
    wrap = GENERATORS[name].wraps
    for record in (False, True):
        fast, slow = both(lambda record=record: generate(name, 9, 7, 11, wrap_x=wrap,
                                                         record=record))
        assert np.array_equal(fast.maze.walls, slow.maze.walls), name
        assert same_trace(fast.trace, slow.trace), name


@pytest.mark.parametrize("name", slow_among(SOLVERS, "tremaux", "astar"))
def test_a_solver_twin_walks_the_same_walk(name):
    maze = generate("backtracker", 10, 8, 3, braid=0.4).maze
    fast, slow = both(lambda: solve(name, maze, record=True, seed=5))
    assert (fast.path, fast.steps, fast.stop, fast.walk) == (slow.path, slow.steps, slow.stop,
                                                             slow.walk), name
    assert same_trace(fast.trace, slow.trace), name


@pytest.mark.parametrize("strategy", ["on-demand", "all-pairs"])
def test_every_demon_twin_makes_the_same_moves(strategy):
    maze = generate("kruskal", 9, 9, 2, braid=0.5).maze

    def chase(name):
        demon, cell, moves = make_demon(name, maze, DemonBrain(maze, strategy), seed=4), 80, []
        for turn in range(25):
            cell = demon.step(cell, turn % maze.size)
            moves.append(cell)
        return moves

    for name in PERSONALITIES:
        fast, slow = both(lambda name=name: chase(name))
        assert fast == slow, name


def test_stats_replay_and_matrix_twins_agree():
    maze = generate("prim", 8, 6, 9, braid=0.3).maze
    fast, slow = both(lambda: maze_stats(maze))
    assert fast == slow
    fast, slow = both(lambda: (distance_matrix(maze), *solution_moves(maze, maze.size - 1)))
    assert all(np.array_equal(a, b) for a, b in zip(fast, slow, strict=True))

    trace = generate("wilson", 8, 6, 9, record=True).trace

    def replay_there_and_back():
        replay = Replay(trace)
        replay.seek(len(trace) * 2 // 3)
        middle = replay.walls.copy()
        replay.seek(len(trace) // 4)
        return middle, replay.walls.copy(), replay.labels.copy()

    fast, slow = both(replay_there_and_back)
    assert all(np.array_equal(a, b) for a, b in zip(fast, slow, strict=True))


def test_jump_twins_design_and_solve_the_same_puzzle():
    # A short search: the Python twin takes seconds for the default one.
    fast, slow = both(lambda: design(5, "rook", 3, restarts=1, iterations=300))
    assert np.array_equal(fast.jumps, slow.jumps) and fast.start == slow.start
    puzzle = fast
    fast, slow = both(lambda: solve_jump(puzzle, record=True))
    assert (fast.length, fast.states, fast.solutions) == (slow.length, slow.states,
                                                          slow.solutions)
    assert np.array_equal(fast.events, slow.events)
    # a hexagon's landing table takes the same compiled kernels (no read-only twin type)
    fast, slow = both(lambda: design(3, "rook", 3, restarts=1, iterations=200, tiling="hex"))
    assert fast == slow


def test_a_game_that_never_waits_runs_uncompiled_kernels_as_python_and_wants_them(monkeypatch):
    def add_one(x):
        return x + 1

    seen = []
    probe = jit.kernel(add_one)  # a kernel nothing has compiled
    monkeypatch.setattr(compiles, "_never_wait", True)
    monkeypatch.setattr(jit.Kernel, "compile", lambda self, sig: seen.append(sig))
    assert probe(41) == 42 and not probe.signatures  # ran as Python
    assert probe.wanted
    jit.compile_wanted()
    assert seen and not probe.wanted
    monkeypatch.undo()
    with compiles.compiling():
        assert probe(1) == 2 and probe.signatures  # a warm-up thread compiles
    jit.KERNELS.remove(probe)


def test_a_demon_does_not_build_its_table_in_python():
    # n searches in Python would hold up the first chase for most of a second
    maze = generate("kruskal", 12, 10, 2).maze
    assert DemonBrain(maze).strategy == "all-pairs"
    with compiles.as_python():
        assert DemonBrain(maze).strategy == "on-demand"
