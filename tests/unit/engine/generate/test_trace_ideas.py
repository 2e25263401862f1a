"""The traces carry each algorithm's idea (issue 20, the lab): Kruskal's, Eller's and Suits'
sets as labels, Wilson's loop-erased walk as arrows, hunt-and-kill's scan row, recursive
division's chamber and sidewinder's run as the rectangle in focus.

Every check replays the events in plain Python and compares them with an independent
account: a union-find over the CARVE events, the loop-erased list of the walker's cells,
the cells marked so far. None reads the numba replay.
"""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.grid import Maze
from mazegame.engine.trace import (
    AT,
    CARVE,
    FOCUS,
    FOCUS_SHIFT,
    LABEL,
    MARK,
    WALL,
    Mark,
    Op,
    Replay,
)

SEEDS = (1, 7, 2024)


class Components:
    """A plain union-find over the cells the CARVE events join."""

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        self.parent = list(range(maze.size))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            x = self.parent[x]
        return x

    def carve(self, cell: int, side: int) -> None:
        other = self.maze.neighbor(cell, side)
        self.parent[self.find(cell)] = self.find(other)

    def size(self, x: int) -> int:
        root = self.find(x)
        return sum(1 for c in range(self.maze.size) if self.find(c) == root)


def rect_of(cell: int, arg: int, width: int) -> tuple[int, int, int, int] | None:
    """(row, column, rows, columns) of a FOCUS event, None for "on nothing"."""
    if arg == 0:
        return None
    return cell // width, cell % width, arg >> FOCUS_SHIFT, arg & ((1 << FOCUS_SHIFT) - 1)


def inside(rect, cell: int, width: int) -> bool:
    r, c = divmod(cell, width)
    return rect is not None and rect[0] <= r < rect[0] + rect[2] and \
        rect[1] <= c < rect[1] + rect[3]


def test_the_registry_names_what_the_labels_mean():
    assert {n for n, s in GENERATORS.items() if s.labels == "sets"} == \
        {"kruskal", "eller", "connection-matrix"}
    assert GENERATORS["wilson"].labels == "direction"
    for name, spec in GENERATORS.items():  # a generator without a label kind sets no labels
        if not spec.labels:
            events = generate(name, *spec.fit_size(9, 7), 3, record=True).trace.events
            assert not np.any(events[:, 0] == LABEL), name


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ["kruskal", "connection-matrix"])
def test_set_labels_are_the_connected_parts_after_every_join(name, seed):
    """Before each CARVE (once the previous join's relabelling is done), two cells share a
    label iff the doors carved so far connect them; a cell alone has label 0 (Kruskal) or
    its own (Suits labels every region once the random doors are in)."""
    traced = generate(name, 9, 7, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    parts = Components(maze)
    labels = [0] * maze.size
    checked = 0

    def check():
        for a in range(maze.size):
            if name == "kruskal" and parts.size(a) == 1:
                assert labels[a] == 0
                continue
            assert labels[a] > 0
            for b in range(a + 1, maze.size):
                assert (labels[a] == labels[b]) == (parts.find(a) == parts.find(b)), (a, b)

    labelled = False
    for op, cell, arg in events.tolist():
        if op == CARVE:
            if name == "kruskal" or labelled:
                check()
                checked += 1
            parts.carve(cell, arg)
        elif op == LABEL:
            labels[cell] = arg
            labelled = True
    check()
    assert checked > 3


@pytest.mark.parametrize("seed", SEEDS)
def test_eller_labels_the_row_it_holds_with_its_sets(seed):
    """After each row's joins, the row's labels are its sets: two cells of the row share a
    label iff the doors carved so far connect them. Rows above are done: unlabelled."""
    traced = generate("eller", 10, 7, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    w = maze.width
    parts = Components(maze)
    labels = [0] * maze.size
    rows_seen = 0
    run = 0  # a row's labels come as one block, its cells left to right
    for op, cell, arg in events.tolist():
        if op == CARVE:
            parts.carve(cell, arg)
        elif op == LABEL:
            labels[cell] = arg
        in_block = op == LABEL and arg > 0 and cell % w == run
        run = run + 1 if in_block else (1 if op == LABEL and arg > 0 and cell % w == 0 else 0)
        if run == w:
            run = 0
            row = range(cell - w + 1, cell + 1)
            for a in row:
                for b in row:
                    assert (labels[a] == labels[b]) == (parts.find(a) == parts.find(b))
            assert not any(labels[: max(0, cell - 2 * w + 1)])  # two rows up: forgotten
            rows_seen += 1
    assert rows_seen == maze.height


def loop_erased(cells: list[int]) -> list[int]:
    route: list[int] = []
    for c in cells:
        if c in route:
            del route[route.index(c) + 1:]
        else:
            route.append(c)
    return route


@pytest.mark.parametrize("seed", SEEDS)
def test_wilson_arrows_trace_the_loop_erased_walk(seed):
    """While a walk is out, the arrows lead from its first cell along the walk with its
    loops erased (an independent list surgery on the walker's cells) to where it stands."""
    traced = generate("wilson", 8, 6, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    arrows: dict[int, int] = {}
    walk: list[int] = []
    checked = 0
    for op, cell, arg in events.tolist():
        if op == LABEL:
            if arg:
                arrows[cell] = arg - 1
            else:
                arrows.pop(cell, None)
        elif op == CARVE:
            walk = []  # the walk joined the tree
        elif op == AT:
            walk.append(cell)
            route = loop_erased(walk)
            chain, at = [route[0]], route[0]
            while at in arrows:
                at = maze.neighbor(at, arrows[at])
                chain.append(at)
            assert chain == route
            assert set(arrows) == set(route[:-1])
            checked += 1
    assert checked > 20 and not arrows


@pytest.mark.parametrize("seed", SEEDS)
def test_hunt_and_kill_focuses_the_rows_it_scans(seed):
    """A hunt focuses the rows from the first one with an unvisited cell down to the row of
    the cell it joins next; the first unvisited cell of each earlier row has no visited
    neighbour (else the hunt would have stopped there). The walk that got stuck is no longer
    active by then, and at the end nothing is."""
    traced = generate("hunt-and-kill", 9, 8, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    w = maze.width
    visited: set[int] = set()
    marks: dict[int, int] = {}
    scanned: list[int] = []
    hunts = 0
    for op, cell, arg in events.tolist():
        if op == MARK:
            visited.add(cell)
            marks[cell] = arg
        elif op == FOCUS and arg:
            rect = rect_of(cell, arg, w)
            assert rect[1:] == (0, 1, w)
            assert Mark.ACTIVE not in marks.values()
            scanned.append(rect[0])
        elif op == CARVE and scanned:
            unvisited = [c for c in range(maze.size) if c not in visited]
            assert scanned == list(range(unvisited[0] // w, cell // w + 1))
            assert cell == next(c for c in unvisited
                                if any(maze.neighbor(c, d) in visited for d in range(4)))
            hunts += 1
            scanned = []
    assert hunts > 0
    assert set(marks.values()) == {Mark.VISITED} and len(marks) == maze.size


@pytest.mark.parametrize("seed", SEEDS)
def test_recursive_division_builds_each_wall_inside_the_chamber_in_focus(seed):
    traced = generate("recursive-division", 9, 8, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    w = maze.width
    rect, chambers = None, 0
    for op, cell, arg in events.tolist():
        if op == FOCUS:
            rect = rect_of(cell, arg, w)
            chambers += rect is not None
            assert rect is None or (rect[2] >= 2 and rect[3] >= 2)
        elif op == WALL:
            assert inside(rect, cell, w) and inside(rect, maze.neighbor(cell, arg), w)
    assert rect is None and chambers >= maze.size // 8


@pytest.mark.parametrize("seed", SEEDS)
def test_sidewinder_focuses_the_run_it_is_carving(seed):
    """The run in focus is one row from just after the last run's end to the cell in hand;
    an east door grows it from the cell in hand, and a north door leaves it."""
    traced = generate("sidewinder", 9, 6, seed, record=True)
    maze, events = traced.trace.initial, traced.trace.events
    w = maze.width
    rect, run_start, at = None, 0, -1
    for op, cell, arg in events.tolist():
        if op == AT:
            at = cell
            if at % w == 0:
                run_start = at
        elif op == FOCUS and arg:
            rect = rect_of(cell, arg, w)
            assert cell == run_start and rect[2] == 1
            assert cell + rect[3] - 1 == at  # up to the cell in hand
        elif op == CARVE:
            assert inside(rect, cell, w)
            if arg == 1:  # east: from the cell in hand, the run grows by one
                assert cell == at
            else:  # north: the run is closed, the next starts after the cell in hand
                run_start = at + 1


def test_focus_replays_backward_exactly():
    """The rectangle in focus at every position, reached forward and backward."""
    traced = generate("recursive-division", 7, 6, 4, record=True)
    replay = Replay(traced.trace)
    seen = []
    for _ in range(len(traced.trace) + 1):
        seen.append(replay.focus_rect())
        replay.step()
    w = traced.trace.initial.width
    expect, last = [], None
    for op, cell, arg in [(None, 0, 0)] + traced.trace.events.tolist():
        if op == Op.FOCUS:
            last = rect_of(cell, arg, w)
        expect.append(last)
    assert seen == expect
    for i in range(len(traced.trace), -1, -3):
        replay.seek(i)
        assert replay.focus_rect() == seen[i]
    assert any(seen) and seen[-1] is None
