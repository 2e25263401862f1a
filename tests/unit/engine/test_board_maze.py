"""Mazes on boards (issue 41): `BoardMaze` and `generate_board`, against networkx."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.generate.boards import board_generators, board_tilings, generate_board
from mazegame.engine.graph import maze_graph
from mazegame.engine.tilings import TILINGS, hex_rows
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome, WalkGame

BUILT = [k for k in board_tilings() if TILINGS[k].make is not None]


def undirected(maze) -> nx.Graph:
    graph = maze_graph(maze)
    g = nx.Graph()
    g.add_nodes_from(range(maze.size))
    g.add_edges_from((v, int(u)) for v in range(maze.size) for u in graph.successors(v))
    return g


def board_graph(board) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(board.size))
    g.add_edges_from((i, int(j)) for i in range(board.size) for j in board.links[i] if j >= 0)
    return g


@pytest.mark.parametrize("kind", BUILT)
@pytest.mark.parametrize("seed", [0, 7])
def test_every_board_generator_builds_a_spanning_tree_of_the_board(kind, seed):
    for name in board_generators(kind):
        maze = generate_board(name, kind, 9, 6, seed).maze
        g = undirected(maze)
        assert nx.is_tree(g), (name, kind)
        assert all(board_graph(maze.board).has_edge(a, b) for a, b in g.edges)
        assert not maze.is_one_way and maze.door_count() == maze.size - 1


@pytest.mark.parametrize("kind", BUILT)
def test_same_seed_same_maze_and_a_trace_that_carves_every_door(kind):
    a = generate_board("backtracker", kind, 8, 5, 11, record=True)
    b = generate_board("backtracker", kind, 8, 5, 11)
    assert (a.maze.doors == b.maze.doors).all()
    carves = a.events[a.events[:, 0] == 0]
    replayed = a.blank.copy()
    for _, cell, side in carves:
        replayed.doors[cell] |= 1 << side
        replayed.doors[replayed.board.links[cell, side]] |= 1 << int(replayed.opposite[side])
    assert (replayed.doors == a.maze.doors).all()


def test_step_moves_through_open_sides_only_and_one_way_doors_count():
    board = hex_rows(3, 2)
    maze = BoardMaze.of_passages(board, [(0, 1), (1, 4)])
    assert maze.step(0, 0) == 1 and maze.step(1, 3) == 0  # east, and back west
    assert maze.step(0, 5) == 0  # south-east is shut
    assert maze.step(1, 9) == 1  # no such side
    assert not maze.is_one_way and maze.door_count() == 2
    maze.doors[1] &= 0xFF ^ (1 << 3)  # 1 -> 0 shut from 1's side only
    assert maze.is_one_way and maze.step(1, 3) == 1 and maze.step(0, 0) == 1
    assert sorted(map(tuple, maze.passages().tolist())) == [(0, 1), (1, 4)]
    with pytest.raises(ValueError, match="share no side"):
        BoardMaze.of_passages(board, [(0, 5)])


@pytest.mark.parametrize("kind", BUILT)
def test_a_walker_walks_a_board_maze_to_its_goal_by_the_shortest_way(kind):
    setup = GameSetup(tiling=kind, size=(7, 5), seed=3, floors=2)
    maze = setup.build().maze
    assert isinstance(maze, BoardMaze) and maze.tiling == kind
    game = WalkGame(maze, clock=lambda: 0.0)
    path = game.shortest_path()
    outcome = None
    for here, there in itertools.pairwise(path):
        side = [d for d in range(maze.sides) if maze.neighbor(here, d) == there][0]
        outcome = game.move(side)
    assert outcome is Outcome.WON and game.moves == game.shortest == len(path) - 1
    assert setup.recipe_key(maze).startswith(kind)


def test_generators_that_cannot_build_on_a_board_are_refused_by_name():
    with pytest.raises(ValueError, match="does not build hex mazes"):
        generate_board("binary-tree", "hex", 5, 5)
    with pytest.raises(ValueError, match="no board maze"):
        generate_board("backtracker", "square", 5, 5)
