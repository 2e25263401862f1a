"""The walkers' move table says, for every cell and side, what `step_kernel` says."""

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.engine.grid import step_kernel
from mazegame.engine.oneway import add_one_way_doors
from mazegame.engine.solve.base import moves_table


@pytest.mark.parametrize("algo,w,h,wrap,braid,one_way", [
    ("cavern", 9, 7, (False, False), 0.0, 0.0),  # rock
    ("kruskal", 7, 5, (True, True), 0.5, 0.0),  # loops round a torus
    ("wilson", 8, 6, (True, False), 0.3, 0.4),  # one-way doors round a cylinder
    ("backtracker", 1, 6, (False, False), 0.0, 0.0),
])
def test_the_move_table_is_the_movement_rule(algo, w, h, wrap, braid, one_way):
    maze = generate(algo, w, h, 4, wrap_x=wrap[0], wrap_y=wrap[1], braid=braid).maze
    if one_way:
        maze = add_one_way_doors(maze, one_way, 4)
    solid = maze.solid if maze.solid is not None else np.zeros((0, 0), dtype=np.bool_)
    table = moves_table(maze.walls, maze.wrap_x, maze.wrap_y, solid)
    rule = [[step_kernel(maze.walls, maze.wrap_x, maze.wrap_y, solid, v, d) for d in range(4)]
            for v in range(maze.size)]
    assert np.array_equal(table, np.array(rule))
