"""Generators on boards (issue 41): every board kernel against networkx on the board's own
graph, braiding, doors a board opens before the generator, and the steps contract."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from mazegame.engine.generate.boards import board_generators, generate_board
from mazegame.engine.tilings import TILINGS
from mazegame.engine.trace import CARVE, STEP
from tests.unit.engine.test_board_maze import BUILT, board_graph, undirected


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


# -- every generator, every board --------------------------------------------------------
#: The issue's generators "that work on any graph".
GRAPH_GENERATORS = {"spanning-tree", "kruskal", "prim", "wilson", "aldous-broder",
                    "backtracker", "hunt-and-kill", "growing-tree"}


@pytest.mark.parametrize("kind", BUILT)
def test_every_graph_generator_builds_on_every_board(kind):
    assert set(board_generators(kind)) >= GRAPH_GENERATORS


SIZES = [(1, 1), (1, 6), (6, 1), (2, 2), (3, 2), (7, 5)]


@pytest.mark.parametrize("kind", BUILT)
@pytest.mark.parametrize("name", sorted({n for k in BUILT for n in board_generators(k)}))
def test_every_generator_builds_a_perfect_maze_on_every_board(kind, name):
    if name not in board_generators(kind):
        pytest.skip(f"{name} does not build {kind} mazes")
    for width, height in SIZES:
        if not nx.is_connected(board_graph(TILINGS[kind].make(width, height, 2, 0)[0])):
            # a column of triangles falls apart into pairs
            with pytest.raises(ValueError, match="falls apart into"):
                generate_board(name, kind, width, height, 0, floors=2)
            continue
        for seed in (0, 1, 9):
            made = generate_board(name, kind, width, height, seed, floors=2, record=True)
            maze = made.maze
            g = undirected(maze)
            assert nx.is_tree(g), (width, height, seed)  # spanning: every cell, no loop
            board = board_graph(maze.board)  # weave's board is drawn by the seed
            assert all(board.has_edge(a, b) for a, b in g.edges)  # doors between touching cells
            assert not maze.is_one_way and maze.door_count() == maze.size - 1  # two-way
            assert (replay_carves(made) == maze.doors).all()  # the trace carves every door
            again = generate_board(name, kind, width, height, seed, floors=2).maze
            assert (again.doors == maze.doors).all()  # same seed, same maze, traced or not


def test_different_seeds_make_different_mazes():
    for name in board_generators("hex"):
        mazes = {generate_board(name, "hex", 6, 5, seed).maze.doors.tobytes()
                 for seed in range(6)}
        assert len(mazes) > 1, name


@pytest.mark.parametrize("mode", ["newest", "random", "oldest", "mix"])
def test_growing_tree_grows_a_tree_on_a_board_in_each_mode(mode):
    maze = generate_board("growing-tree", "hex", 8, 6, 4, options={"mode": mode}).maze
    assert nx.is_tree(undirected(maze))
    with pytest.raises(ValueError, match="mode must be one of"):
        generate_board("growing-tree", "hex", 8, 6, 4, options={"mode": "widest"})
    with pytest.raises(ValueError, match="has no option 'mode'"):
        generate_board("kruskal", "hex", 8, 6, 4, options={"mode": mode})


def test_newest_first_grows_the_backtrackers_long_corridors():
    """Newest-first is depth-first: far fewer dead ends than random-first (Prim-like)."""
    def ends(mode):
        return sum(dead_ends(generate_board("growing-tree", "hex", 20, 20, s,
                                            options={"mode": mode}).maze) for s in range(3))
    assert ends("newest") * 2 < ends("random")


# -- doors a board opens before the generator ----------------------------------------------
def _paths(board, runs):
    """The doors of straight runs: (first cell, side, cells) each, open both ways."""
    doors = np.zeros(board.size, dtype=np.uint8)
    opposite = board.spec.opposite
    joined = []
    for cell, side, length in runs:
        for _ in range(length - 1):
            beyond = int(board.links[cell, side])
            doors[cell] |= 1 << side
            doors[beyond] |= 1 << opposite[side]
            joined.append((cell, beyond))
            cell = beyond
    return doors, joined


@pytest.fixture
def preopened(monkeypatch):
    """A tiling "hex-paths" whose make opens three disjoint runs of hexagons: east along
    the top row, south-east down from the second row, and a pair in the last row."""
    from mazegame.engine.tilings import TilingSpec, hex_rows

    def make(width, height, floors, seed):
        board = hex_rows(width, height)
        return (board, _paths(board, [(0, 0, 4), (width + 1, 5, 3),
                                      ((height - 1) * width + 2, 0, 2)])[0])

    hexes = TILINGS["hex"]
    monkeypatch.setitem(TILINGS, "hex-paths", TilingSpec(
        "hex-paths", "Hexagons with paths", "hex with doors open before the generator",
        directions=hexes.directions, opposite=hexes.opposite, make=make))
    return make


def test_every_generator_keeps_the_open_doors_and_builds_a_spanning_tree(preopened):
    for name in board_generators("hex-paths"):
        for width, height, seed in ((6, 5, 0), (6, 5, 3), (9, 4, 7)):
            board, before = preopened(width, height, 1, seed)
            made = generate_board(name, "hex-paths", width, height, seed, record=True)
            maze = made.maze
            assert ((maze.doors & before) == before).all(), name  # still open
            assert (made.blank.doors == before).all()
            g = undirected(maze)
            assert nx.is_tree(g), (name, width, height, seed)
            assert all(board_graph(board).has_edge(a, b) for a, b in g.edges)
            assert (replay_carves(made) == maze.doors).all()
            braided = generate_board(name, "hex-paths", width, height, seed, braid=0.5).maze
            assert ((braided.doors & before) == before).all()


# -- Wilson and Aldous-Broder: every spanning tree alike -------------------------------------
stats = pytest.importorskip("scipy.stats")


def _spread(name, kind, width, height, trees, per_tree=100):
    """Chi-square p-value of `name`'s mazes over per_tree * trees seeds against uniform
    over the `trees` spanning trees (counted by networkx)."""
    from collections import Counter

    counts = Counter(generate_board(name, kind, width, height, seed).maze.doors.tobytes()
                     for seed in range(per_tree * trees))
    assert len(counts) <= trees
    return stats.chisquare(list(counts.values()) + [0] * (trees - len(counts))).pvalue


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("kind, width, height", [("hex", 3, 2), ("triangle", 5, 2)])
def test_uniform_generators_draw_every_spanning_tree_of_a_board_alike(name, kind, width,
                                                                     height):
    board = TILINGS[kind].make(width, height, 1, 0)[0]
    trees = round(nx.number_of_spanning_trees(board_graph(board)))
    assert _spread(name, kind, width, height, trees) > 1e-4


def test_the_uniformity_check_rejects_kruskal_on_a_board():
    assert _spread("kruskal", "hex", 3, 2, 55) < 1e-6  # the check can fail


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_groups_of_open_doors_count_as_one_cell_for_uniformity(monkeypatch, name):
    """Hexagons 0 and 1 of a 2x2 board joined before the generator: the trees of the
    three groups are the 5 pairs of the other sides (0-2, 1-2, 1-3, 2-3) with no loop."""
    from mazegame.engine.tilings import TilingSpec, hex_rows

    def make(width, height, floors, seed):
        board = hex_rows(2, 2)
        return board, _paths(board, [(0, 0, 2)])[0]

    monkeypatch.setitem(TILINGS, "hex-pair", TilingSpec(
        "hex-pair", "Two joined", "2x2 hexagons, two joined", make=make,
        directions=TILINGS["hex"].directions, opposite=TILINGS["hex"].opposite))
    assert _spread(name, "hex-pair", 2, 2, 5, per_tree=400) > 1e-4
