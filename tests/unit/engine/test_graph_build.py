"""The move graph's two builders: forward (`maze_graph`) and reversed (`maze_graph_reversed`)
read the walls directly; both must list exactly the moves `Maze.step` allows, in the order
the graph kernels rely on (successors N, E, S, W; predecessors by increasing cell)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import maze_graph, maze_graph_reversed
from mazegame.engine.grid import Maze
from tests.helpers import PERFECT, braided_one_way_mazes, one_way_mazes, perfect_mazes

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw

WRAPPING = [name for name in PERFECT if GENERATORS[name].wraps]


@st.composite
def odd_mazes(draw):
    """Caverns (rock), and open rooms so narrow that a wrapped side meets itself or its twin."""
    if draw(st.booleans()):
        side = draw(st.sampled_from([5, 7]))
        return generate("cavern", side, side, draw(st.integers(0, 99))).maze
    w, h = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    return Maze.open(w, h, wrap_x=draw(st.booleans()), wrap_y=draw(st.booleans()))


any_maze = st.one_of(perfect_mazes(), perfect_mazes(WRAPPING, wrap=True), one_way_mazes(),
                     braided_one_way_mazes(), odd_mazes())


def by_step(maze: Maze) -> tuple[list[int], list[int]]:
    """(indptr, indices) of the moves, from `Maze.step`, successors in N, E, S, W order."""
    indptr, indices = [0], []
    for cell in range(maze.size):
        if maze.solid is None or not maze.solid.flat[cell]:
            indices += [nxt for d in range(4) if (nxt := maze.step(cell, d)) != cell]
        indptr.append(len(indices))
    return indptr, indices


@settings(deadline=None, max_examples=60)
@given(maze=any_maze)
def test_the_move_graph_is_the_step_rules_and_its_reverse_turns_every_move_round(maze):
    indptr, indices = by_step(maze)
    graph = maze_graph(maze)
    assert graph.indptr.tolist() == indptr and graph.indices.tolist() == indices
    back = maze_graph_reversed(maze)
    turned = graph.reversed()
    assert np.array_equal(back.indptr, turned.indptr)
    assert np.array_equal(back.indices, turned.indices)
