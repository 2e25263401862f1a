"""Every solver with `boards` solves mazes on hexagons, triangles and floors (issue 41), and
every other one refuses a board by name.

The oracle is networkx's shortest path on the move graph built here in plain Python from
`board.links` and the door bits; loops come from braiding (`generate_board(braid=...)`),
one-way doors from shutting one side of a door.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.generate.boards import generate_board
from mazegame.engine.solve import (
    SOLVERS,
    SolveOptions,
    base,
    cancel,
    handles,
    new_control,
    solve,
)
from mazegame.engine.solve.astar import board_guesses
from mazegame.engine.tilings import TILINGS, floors_board, hex_rows, hexagon, triangles
from mazegame.engine.trace import BOARD_DOOR_SHIFT, DOOR, LABEL, MARK, NOTE

BOARD_SOLVERS = [name for name, spec in SOLVERS.items() if spec.boards]
SQUARE_ONLY = [name for name, spec in SOLVERS.items() if not spec.boards]
KINDS = ["hex", "triangle", "floors"]
#: every board solver on every kind of board it takes (wall followers need left and right)
RUNS = [(name, kind) for name in BOARD_SOLVERS for kind in KINDS
        if not SOLVERS[name].turns or TILINGS[kind].clockwise is not None]


def move_graph(maze: BoardMaze) -> nx.DiGraph:
    """The moves: side d of cell v leads to links[v][d] when bit d of doors[v] is set."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(maze.size))
    doors = maze.doors.tolist()
    for v, row in enumerate(maze.board.links.tolist()):
        for d, u in enumerate(row):
            if u >= 0 and doors[v] >> d & 1:
                graph.add_edge(v, u)
    return graph


def board_maze(kind: str, seed: int, braid: float = 0.0) -> BoardMaze:
    """A backtracker maze on a small board of that kind, braided by `braid`."""
    return generate_board("backtracker", kind, 7, 5, seed, floors=2, braid=braid).maze


def legal(graph: nx.DiGraph, cells) -> bool:
    """Every consecutive pair of cells is a move."""
    return all(graph.has_edge(a, b) for a, b in zip(cells, cells[1:], strict=False))


def test_the_registry_says_which_solvers_run_on_boards():
    assert set(BOARD_SOLVERS) >= {"bfs", "bfs-from-goal", "bidirectional-bfs", "dead-end-fill",
                                  "astar", "random-walk", "lru-doors", "tremaux", "cheese",
                                  "left-hand", "right-hand", "hand-switch"}


@pytest.mark.parametrize("name", [n for n in BOARD_SOLVERS if SOLVERS[n].turns])
def test_a_wall_follower_refuses_floors_by_name(name):
    maze = board_maze("floors", 1)
    assert not handles(name, maze)
    with pytest.raises(ValueError, match=f"'{name}' turns left and right: a floors board"):
        solve(name, maze)
    with pytest.raises(ValueError, match=f"'{name}' turns left and right"):
        SOLVERS[name].run(maze, False, SolveOptions())


@pytest.mark.parametrize("name", SQUARE_ONLY)
def test_a_solver_without_boards_refuses_a_board_by_name(name):
    maze = board_maze("hex", 1)
    with pytest.raises(ValueError, match=f"'{name}'.*hex board"):
        solve(name, maze)
    with pytest.raises(ValueError, match=f"'{name}'.*hex board"):
        SOLVERS[name].run(maze, False, SolveOptions())


@pytest.mark.parametrize(("name", "kind"), RUNS)
@pytest.mark.parametrize("braid", [0.0, 0.6])
def test_board_solvers_find_the_goal(name, kind, braid):
    spec = SOLVERS[name]
    for seed in (1, 2):
        maze = board_maze(kind, seed, braid)
        assert (maze.door_count() >= maze.size) == (braid > 0)  # a loop, braided
        graph = move_graph(maze)
        best = nx.shortest_path_length(graph, maze.start, maze.goals[0])
        for record in (False, True):
            result = solve(name, maze, record=record, seed=seed)
            if spec.turns and braid and result.stop == "loop":
                continue  # a wall follower may go round a loop for ever: it says so
            assert result.found and result.stop == "found"
            assert result.path[0] == maze.start and result.path[-1] == maze.goals[0]
            assert all(0 <= c < maze.size for c in result.path)
            assert legal(graph, result.path)
            if spec.shortest:
                assert result.length == best
            if spec.walker:
                assert result.walk[0] == maze.start and legal(graph, result.walk)


def one_way_maze(kind: str, seed: int) -> tuple[BoardMaze, nx.DiGraph]:
    """A maze with loops whose shortest path's first door opens one way only, against it
    (so the shortest way is another), and its move graph."""
    maze = board_maze(kind, seed, braid=1.0)
    path = nx.shortest_path(move_graph(maze), maze.start, maze.goals[0])
    a, b = path[0], path[1]
    d = int(np.nonzero(maze.board.links[a] == b)[0][0])
    maze.doors[a] &= ~np.uint8(1 << d)  # b -> a still open
    return maze, move_graph(maze)


@pytest.mark.parametrize("name", [n for n in BOARD_SOLVERS if SOLVERS[n].directed])
@pytest.mark.parametrize("kind", KINDS)
def test_directed_board_solvers_honour_one_way_doors(name, kind):
    reachable = 0
    for seed in (1, 2, 3):
        maze, graph = one_way_maze(kind, seed)
        assert maze.is_one_way
        result = solve(name, maze, seed=seed)
        if not nx.has_path(graph, maze.start, maze.goals[0]):
            assert not result.found
            continue
        reachable += 1
        assert result.found and legal(graph, result.path)
        if SOLVERS[name].shortest:
            assert result.length == nx.shortest_path_length(graph, maze.start, maze.goals[0])
        if SOLVERS[name].walker:
            assert legal(graph, result.walk)
    assert reachable  # the way round the one-way door was tried


@pytest.mark.parametrize("name", [n for n in BOARD_SOLVERS if not SOLVERS[n].directed])
def test_two_way_board_solvers_refuse_one_way_doors(name):
    maze, _ = one_way_maze("hex", 1)
    with pytest.raises(ValueError, match="two-way doors"):
        solve(name, maze)


def walled_goal(kind: str) -> BoardMaze:
    """A maze with loops whose goal has every door shut, from both sides."""
    maze = board_maze(kind, 3, braid=0.5)
    goal = maze.goals[0]
    for d, u in enumerate(maze.board.links[goal]):
        if u >= 0:
            maze.doors[goal] &= ~np.uint8(1 << d)
            maze.doors[u] &= ~np.uint8(1 << int(maze.opposite[d]))
    return maze


@pytest.mark.parametrize(("name", "kind"), RUNS)
def test_an_unreachable_goal_is_no_path(name, kind):
    result = solve(name, walled_goal(kind), budget=2000 if SOLVERS[name].walker else None)
    assert not result.found
    # a random walker cannot know it has seen everything: it runs out of steps; a wall
    # follower comes round to where it was
    assert result.stop == "no-path" or (SOLVERS[name].walker and result.stop == "budget") or (
        SOLVERS[name].turns and result.stop == "loop")


@pytest.mark.parametrize("name", [n for n in BOARD_SOLVERS if SOLVERS[n].walker])
def test_budgets_and_cancel_work_on_boards(name):
    maze = board_maze("hex", 3)
    assert nx.shortest_path_length(move_graph(maze), maze.start, maze.goals[0]) > 7
    result = solve(name, maze, budget=7)
    assert result.stop == "budget" and result.steps <= 7
    control = new_control()
    cancel(control)
    result = solve(name, walled_goal("hex"), control=control, record=True)
    assert result.stop == "cancelled" and result.steps == 0 and not result.found


def final_state(events: np.ndarray, maze: BoardMaze):
    """Marks, labels and door marks a board trace leaves, replayed in plain Python (a
    DOOR event's arg is value << 3 | side on a board)."""
    marks, labels, doors = {}, {}, {}
    for op, cell, arg in events.tolist():
        if op == MARK:
            marks[cell] = arg
        elif op == LABEL:
            labels[cell] = arg
        elif op == DOOR:
            assert 0 <= arg & 7 < maze.sides
            doors[cell, arg & 7] = arg >> BOARD_DOOR_SHIFT
    return marks, labels, {key: v for key, v in doors.items() if v}


@pytest.mark.parametrize("name", ["lru-doors", "tremaux"])
def test_door_events_on_hexagons_carry_three_bits_of_side(name):
    maze = board_maze("hex", 4, braid=0.6)
    result = solve(name, maze, record=True, seed=4)
    _, _, doors = final_state(result.trace.events, maze)
    final = result.extra["doors"]
    assert final.shape == (maze.size, 6)
    assert doors == {(c, d): int(final[c, d]) for c, d in zip(*np.nonzero(final), strict=True)}
    assert any(d >= 4 for _, d in doors)  # sides past the square's four are written too


@pytest.mark.parametrize("name", [n for n in BOARD_SOLVERS if SOLVERS[n].walker])
def test_a_cut_board_trace_still_ends_in_the_final_state(monkeypatch, name):
    maze = board_maze("hex", 5, braid=0.3)
    full = solve(name, maze, record=True, seed=5)
    monkeypatch.setattr(base, "TRACE_LIMIT", 64)
    cut = solve(name, maze, record=True, seed=5)
    assert len(full.trace) > 64 and cut.path == full.path and cut.stop == full.stop
    assert np.any(cut.trace.events[:, 0] == NOTE)
    assert final_state(cut.trace.events, maze) == final_state(full.trace.events, maze)


def open_board(kind: str):
    """A board of that kind with every side open (the shortest walks are the tiling's)."""
    board = {"hex": lambda: hexagon(5), "hex_rows": lambda: hex_rows(7, 6),
             "triangle": lambda: triangles(9, 6), "floors": lambda: floors_board(4, 3, 3)}[kind]()
    return BoardMaze(board, np.full(board.size, 0xFF, dtype=np.uint8))


@pytest.mark.parametrize("kind", ["hex", "hex_rows", "triangle", "floors"])
def test_the_astar_bound_never_overestimates_and_moves_by_one(kind):
    maze = open_board(kind)
    graph = move_graph(maze)
    for goal in (0, maze.size // 2, maze.size - 1):
        maze.goals = (goal,)
        guess = board_guesses(maze)
        dist = nx.single_source_shortest_path_length(graph.reverse(), goal)
        assert all(guess[v] <= dist[v] for v in range(maze.size))
        assert all(abs(int(guess[a]) - int(guess[b])) <= 1 for a, b in graph.edges)
        if kind != "floors":  # on a whole hexagon or triangle strip the bound is met
            assert sum(guess[v] == dist[v] for v in range(maze.size)) > maze.size // 2


def test_every_board_tiling_names_its_astar_bound():
    assert all(spec.lanes is not None for spec in TILINGS.values() if spec.model == "board")


def centre(kind: str, cell) -> tuple[float, float]:
    """Where a cell's middle is drawn, x right and y up (hexagons of width 1; triangles
    of side 1, an up triangle's middle a third of its height above its base)."""
    if kind == "hex":
        q, r = cell
        return q + r / 2, -r * math.sqrt(3) / 2
    row, col = cell
    h = math.sqrt(3) / 2
    return col / 2, -(row * h + (2 * h / 3 if (row + col) % 2 == 0 else h / 3))


def drawn_hand_walk(maze: BoardMaze, facing: int, left: bool) -> list[int]:
    """A wall follower walked by the picture: from each cell it takes the open side whose
    middle lies most to the hand's side of the way it is heading (turning back last),
    the angles worked out from where the cells are drawn, not from the side numbers."""
    kind, cells = maze.tiling, maze.board.cells
    graph = move_graph(maze)

    def angle(a, b):
        (xa, ya), (xb, yb) = centre(kind, cells[a]), centre(kind, cells[b])
        return math.degrees(math.atan2(yb - ya, xb - xa))

    here = maze.start
    ahead = maze.board.links[here, facing]
    heading = angle(here, ahead) if ahead >= 0 else 0.0
    walk = [here]
    while here not in maze.goals and len(walk) < 10 * maze.size:
        turns = {}  # how far the hand's way each move turns: back is the least of all
        for b in graph.successors(here):
            t = round((angle(here, b) - heading + 180) % 360 - 180)  # -180..179, left > 0
            turns[b] = -1000 if t == -180 else (t if left else -t)
        nxt = max(turns, key=turns.get)
        heading, here = angle(here, nxt), nxt
        walk.append(here)
    return walk


@pytest.mark.parametrize("kind", ["hex", "triangle"])
@pytest.mark.parametrize("name", ["left-hand", "right-hand"])
def test_left_and_right_on_boards_are_the_picture_s(name, kind):
    for seed in (1, 2, 3):
        maze = board_maze(kind, seed)
        facing = next(d for d in range(maze.sides) if maze.is_open(maze.start, d))
        result = solve(name, maze, facing=facing)
        assert result.found
        assert result.walk == drawn_hand_walk(maze, facing, name == "left-hand")
