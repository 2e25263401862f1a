"""Weave mazes (issue 41): crossings placed by the seed, perfect mazes of the weave board,
solved by BFS, and their documents. Oracles: networkx graphs built from the coordinates."""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import build_parser, main
from mazegame.cli.play import play_setup
from mazegame.engine.generate.boards import board_generators, generate_board
from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.engine.mazefile import read_maze
from mazegame.engine.mazetext import MazeFormatError
from mazegame.engine.solve import SOLVERS, solve
from mazegame.engine.tilings import tiling
from mazegame.engine.weave import crossings, is_under
from mazegame.engine.weavefile import from_document, from_json, surface, to_document
from mazegame.games.replay_base import shape_of

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def weave(seed: int = 3, width: int = 11, height: int = 9, name: str = "backtracker"):
    return generate_board(name, "weave", width, height, seed).maze


def undirected(maze) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(maze.size))
    g.add_edges_from(map(tuple, maze.passages().tolist()))
    return g


def test_the_weave_tiling_is_made_and_drawn_by_its_own_widget():
    spec = tiling("weave")
    assert spec.make is not None and spec.view == "mazegame.ui.widgets.weave_view:WeaveView"
    assert "backtracker" in board_generators("weave")


@pytest.mark.parametrize("seed", [0, 1, 5, 12])
def test_every_generator_builds_a_perfect_weave_maze_with_crossings(seed):
    for name in board_generators("weave"):
        maze = weave(seed, name=name)
        assert nx.is_tree(undirected(maze)), name
        assert crossings(maze.board), "a 11x9 weave with no crossing"


@pytest.mark.parametrize("seed", range(6))
def test_crossings_are_inner_cells_apart_whose_passages_run_straight_through(seed):
    maze = weave(seed)
    board, cells = maze.board, maze.board.lookup
    places = {(r, c) for r, c, _ in crossings(board)}
    for r, c, over in crossings(board):
        assert 1 <= r < 8 and 1 <= c < 10
        assert not places & {(r + dr, c + dc) for dr, dc in STEPS}
        top, under = cells[r, c, 0], cells[r, c, 1]
        assert is_under(board, under) and not is_under(board, top)
        vertical, horizontal = (top, under) if over == "ns" else (under, top)
        # from the west neighbour's east side into the cell running east-west, out east
        for cell, sides in ((vertical, (0, 2)), (horizontal, (1, 3))):
            for d in range(4):
                if d in sides:
                    dr, dc = STEPS[d]
                    beyond = cells[r + dr, c + dc, 0]
                    assert maze.step(cell, d) == beyond
                    assert maze.step(beyond, (d + 2) % 4) == cell
                else:
                    assert board.links[cell, d] == -1


@pytest.mark.parametrize(("width", "height", "seed"),
                         [(11, 9, 3), (30, 4, 8), (3, 3, 1), (2, 7, 0)])
def test_every_side_leads_where_plain_python_says(width, height, seed):
    board = generate_board("backtracker", "weave", width, height, seed).maze.board
    over = {(r, c): o for r, c, o in crossings(board)}
    cells = board.lookup

    def runs(r, c, vertical):  # the cell of square (r, c) running that way
        if (r, c) not in over:
            return cells[r, c, 0]
        return cells[r, c, 0 if (over[r, c] == "ns") == vertical else 1]

    assert board.size == width * height + len(over)
    for i, (r, c, _) in enumerate(board.cells):
        for d, (dr, dc) in enumerate(STEPS):
            inside = 0 <= r + dr < height and 0 <= c + dc < width
            mine = runs(r, c, d % 2 == 0) == i
            want = runs(r + dr, c + dc, d % 2 == 0) if inside and mine else -1
            assert board.links[i, d] == want, (r, c, d)


def test_the_same_seed_weaves_the_same_maze_and_another_seed_another():
    assert (weave(4).doors == weave(4).doors).all()
    assert crossings(weave(4).board) != crossings(weave(5).board)


def test_start_and_goal_are_the_corners_on_the_surface():
    maze = weave(2)
    assert tuple(maze.board.coords[maze.start]) == (0, 0, 0)
    assert tuple(maze.board.coords[maze.goals[0]]) == (8, 10, 0)


def nx_weave(maze) -> nx.Graph:
    """The weave's moves rebuilt from coordinates and crossings: a square's open side leads
    to the neighbour square's cell running that way."""
    board = maze.board
    over = {(r, c): o for r, c, o in crossings(board)}

    def runs(r, c, vertical):
        if (r, c) not in over:
            return (r, c, 0)
        return (r, c, 0 if (over[r, c] == "ns") == vertical else 1)

    g = nx.Graph()
    g.add_nodes_from(board.cells)
    for i, (r, c, level) in enumerate(board.cells):
        for d, (dr, dc) in enumerate(STEPS):
            if (maze.doors[i] >> d) & 1 and board.links[i, d] >= 0:
                g.add_edge((r, c, level), runs(r + dr, c + dc, d % 2 == 0))
    return g


@pytest.mark.parametrize("seed", [0, 9])
def test_bfs_finds_networkx_shortest_path_through_the_crossings(seed):
    maze = weave(seed, 15, 11)
    dist, parent, _ = bfs(maze_graph(maze), maze.start)
    g = nx_weave(maze)
    cells = maze.board.cells
    want = nx.shortest_path_length(g, cells[maze.start])
    assert {cells[i]: int(d) for i, d in enumerate(dist)} == want
    path = path_to(dist, parent, maze.goals[0])
    assert nx.is_path(g, [cells[i] for i in path]) and len(path) - 1 == want[cells[-1]]


@pytest.mark.parametrize("name", [n for n, spec in SOLVERS.items() if spec.boards])
def test_every_board_solver_solves_weave_mazes_through_the_crossings(name):
    for seed in (0, 9):
        maze = weave(seed, 13, 9)
        g = nx_weave(maze)
        cells = maze.board.cells
        best = nx.shortest_path_length(g, cells[maze.start], cells[maze.goals[0]])
        result = solve(name, maze, seed=seed)
        assert result.found and result.path[0] == maze.start and result.path[-1] == maze.goals[0]
        assert nx.is_path(g, [cells[i] for i in result.path]), name
        if SOLVERS[name].shortest:
            assert result.length == best, name


# -- documents --------------------------------------------------------------------------
def test_a_document_round_trips_and_names_the_crossings_on_top():
    maze = weave(7)
    doc = json.loads(json.dumps(to_document(maze)))
    assert doc["tiling"] == "weave" and doc["format"] == "mazegame/maze"
    assert doc["crossings"] == [[r, c, o] for r, c, o in crossings(maze.board)]
    back = from_document(doc)
    assert back.board.cells == maze.board.cells and (back.doors == maze.doors).all()
    assert (back.start, back.goals) == (maze.start, maze.goals)


def test_a_crossing_is_open_on_four_sides_in_the_surface_walls():
    maze = weave(7)
    walls = surface(maze).walls
    for r, c, _ in crossings(maze.board):
        assert walls[r, c] == 0


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(tiling="hex"), "'tiling' must be 'weave'"),
    (lambda d: d.update(crossings=[[0, 0, "ns"]]), "not an inner cell"),
    (lambda d: d.update(crossings=[[2, 2, "up"]]), "a crossing is"),
    (lambda d: d.update(crossings={"a": 1}), "'crossings' must be a list"),
    (lambda d: d.update(crossings=[[2, 2, "ns"], [2, 3, "ew"]]), "next to another"),
    (lambda d: d.update(crossings=[[2, 2, "ns"], [2, 2, "ns"]]), "given twice"),
    (lambda d: d.update(wrap=[True, False]), "no wrap-around"),
    (lambda d: d.update(walls="no"), "'walls'"),
])
def test_a_bad_weave_document_is_refused_with_a_message(change, message):
    doc = to_document(weave(7))
    change(doc)
    with pytest.raises(MazeFormatError, match=message):
        from_document(doc)


def test_a_crossing_walled_on_a_side_is_refused():
    maze = weave(7)
    doc = to_document(maze)
    r, c, _ = doc["crossings"][0]
    doc["walls"][r][c] = 1
    with pytest.raises(MazeFormatError, match="open on its four sides"):
        from_document(doc)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_fuzzed_weave_document_reads_as_a_maze_or_one_format_error(data):
    doc = to_document(weave(1, 7, 6))
    key = data.draw(st.sampled_from(["crossings", "walls", "start", "goals", "width"]))
    junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 9)
                        | st.sampled_from(["ns", "ew", "x"]),
                        lambda inner: st.lists(inner, max_size=4), max_leaves=12)
    if key == "crossings" and data.draw(st.booleans()):
        doc[key] = data.draw(st.lists(st.lists(st.integers(-1, 7), min_size=2, max_size=2)
                                      .map(lambda rc: [*rc, data.draw(st.sampled_from(
                                          ["ns", "ew"]))]), max_size=4))
    else:
        doc[key] = data.draw(junk)
    try:
        maze = from_json(json.dumps(doc))
    except MazeFormatError as err:
        assert "\n" not in str(err)
    else:
        again = from_document(to_document(maze))
        assert (again.doors == maze.doors).all()
        assert np.array_equal(again.board.links, maze.board.links)


def test_generate_weave_writes_a_document_that_plays_and_reads_back(capsys, tmp_path):
    assert main(["generate", "--weave", "--size", "11x9", "--seed", "4", "--format", "json"]) == 0
    out = capsys.readouterr().out
    doc = json.loads(out)
    assert doc["tiling"] == "weave" and doc["crossings"]
    maze = read_maze(out, None)
    assert maze.tiling == "weave" and shape_of(maze) == (11, 9)
    assert (maze.doors == weave(4, name="backtracker").doors).all()
    path = tmp_path / "weave.json"
    path.write_text(out, encoding="utf-8")
    setup = play_setup(build_parser().parse_args(["play", "classic", str(path)]))
    assert setup.tiling == "weave" and setup.level.tiling == "weave"


@pytest.mark.parametrize(("style", "rails"), [("text", "═║"), ("ascii", "=!")])
def test_generate_weave_draws_its_picture_with_the_bridges_rails(capsys, style, rails):
    assert main(["generate", "--weave", "--size", "11x9", "--seed", "4", "--format", style]) == 0
    lines = capsys.readouterr().out.splitlines()
    text = "\n".join(lines)
    assert len(lines) == 2 * 9 + 1 and "S" in lines[1] and "G" in lines[-2]
    over = {o for _, _, o in crossings(weave(4).board)}
    assert (rails[0] in text) == ("ew" in over) and (rails[1] in text) == ("ns" in over)
    assert style == "text" or text.isascii()
