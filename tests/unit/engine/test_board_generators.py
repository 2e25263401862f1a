"""Generators on boards (issue 41): every board kernel against networkx on the board's own
graph, braiding, doors a board opens before the generator, and the steps contract."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from mazegame.engine.generate.boards import board_tilings, generate_board
from mazegame.engine.graph import maze_graph
from mazegame.engine.tilings import TILINGS
from mazegame.engine.trace import CARVE, STEP

BUILT = [k for k in board_tilings() if TILINGS[k].make is not None]


def undirected(maze) -> nx.Graph:
    """The maze's passages, read through its move graph."""
    graph = maze_graph(maze)
    g = nx.Graph()
    g.add_nodes_from(range(maze.size))
    g.add_edges_from((v, int(u)) for v in range(maze.size) for u in graph.successors(v))
    return g


def board_graph(board) -> nx.Graph:
    """Every pair of cells that share a side (from `links`)."""
    g = nx.Graph()
    g.add_nodes_from(range(board.size))
    g.add_edges_from((i, int(j)) for i in range(board.size) for j in board.links[i] if j >= 0)
    return g


def dead_ends(maze) -> int:
    return sum(1 for _, deg in undirected(maze).degree if deg == 1)


def replay_carves(made) -> np.ndarray:
    """The doors of `made.blank` after every CARVE of the trace, opened both ways."""
    doors = made.blank.doors.copy()
    links, opposite = made.blank.board.links, made.blank.opposite
    for op, cell, side in made.events.tolist():
        if op == CARVE:
            doors[cell] |= 1 << side
            doors[links[cell, side]] |= 1 << int(opposite[side])
    return doors


# -- braiding --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", BUILT)
@pytest.mark.parametrize("seed", [0, 5])
def test_braiding_a_board_maze_opens_that_fraction_of_its_dead_ends(kind, seed):
    perfect = generate_board("backtracker", kind, 9, 7, seed).maze
    before = dead_ends(perfect)
    board = board_graph(perfect.board)
    for braid in (0.3, 0.6):
        maze = generate_board("backtracker", kind, 9, 7, seed, braid=braid).maze
        g = undirected(maze)
        assert nx.is_connected(g) and not maze.is_one_way
        assert all(board.has_edge(a, b) for a, b in g.edges)
        assert set(undirected(perfect).edges) <= set(g.edges)  # the maze under it is the same
        assert before - dead_ends(maze) >= round(braid * before)
        assert maze.meta["braid"] == braid
    # at braid 1 the only dead ends left are cells with one neighbour (a triangle's corner)
    full = undirected(generate_board("backtracker", kind, 9, 7, seed, braid=1.0).maze)
    assert all(board.degree[c] == 1 for c, deg in full.degree if deg == 1)


@pytest.mark.parametrize("kind", BUILT)
def test_braiding_is_traced_after_the_generator_as_step_zero_and_replays(kind):
    made = generate_board("backtracker", kind, 8, 6, 3, record=True, braid=0.5)
    plain = generate_board("backtracker", kind, 8, 6, 3, record=True)
    events = made.events
    assert (events[: len(plain.events)] == plain.events).all()
    rest = events[len(plain.events):]
    assert rest[0].tolist() == [STEP, -1, 0] and len(rest) > 1
    assert (rest[1:, 0] == CARVE).all()
    assert (replay_carves(made) == made.maze.doors).all()
    again = generate_board("backtracker", kind, 8, 6, 3, braid=0.5).maze
    assert (again.doors == made.maze.doors).all()


def test_braiding_a_corridor_leaves_its_two_ends_and_bad_fractions_are_refused():
    maze = generate_board("backtracker", "hex", 6, 1, 2, braid=1.0).maze
    assert dead_ends(maze) == 2 and nx.is_tree(undirected(maze))
    with pytest.raises(ValueError, match="between 0 and 1"):
        generate_board("backtracker", "hex", 4, 4, braid=1.5)
