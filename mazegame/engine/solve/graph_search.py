"""Searches over the whole maze: breadth-first from either end, bidirectional BFS, and
dead-end filling (A* is in `astar`).

BFS and the bidirectional search run on the CSR move graph (built through `step`), so
wrap-around and one-way doors need no special case; searches from the goal use the reversed
graph. Without a trace they first walk the maze's own grid (`gridbfs`: exact where the maze
has no loops, the same labels, parents and meeting). Dead-end filling follows each dead end
down its corridor and needs a two-way maze.

On a board (`engine.board_maze.BoardMaze`) every search runs on the board's CSR (`graph`),
and dead-end filling on its open sides (`board_dead_end_fill`).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.bits import lowest_bit
from mazegame.engine.graph import (
    CSR,
    bfs,
    maze_graph,
    maze_graph_reversed,
    path_to,
    seeded,
    walk_back,
)
from mazegame.engine.grid import Maze, two_way
from mazegame.engine.gridbfs import (
    bfs_maze,
    bfs_maze_reversed,
    bfs_sides,
    maze_sides,
    move_sides,
    side_steps,
    tree_bidirectional,
)
from mazegame.engine.jit import kernel
from mazegame.engine.solve.base import finish, goal_mask, note, then_step
from mazegame.engine.solve.registry import (
    DEFAULTS,
    FOUND,
    MEET,
    UNREACHABLE,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.trace import AT, DEAD, FRONTIER, LABEL, MARK, STEP, VISITED, emit, recorded

SUITS = "Suits, Playing With Mazes (1994)"
SEARCH = {"shortest": True, "layers": ("agents", "marks", "labels"), "boards": True}


def labelling_steps(first: str, spread: str, last: str) -> tuple[str, ...]:
    """Suits' breadth-first labelling (3.4) as the BFS kernel runs it, a level at a time to
    the last cell it can label (it does not stop at the goal), then the path read off."""
    return (f"Label the {first} 0, and set i to 0.",
            f"For each cell labelled i, label each unlabelled cell {spread} with i + 1.",
            "If no cell got the label i + 1, every cell that can be reached is labelled: go "
            "to step 4. Otherwise add 1 to i and go to step 2.",
            last)


def _status(found: bool) -> int:
    return FOUND if found else UNREACHABLE


@kernel
def _labelled(dist, other):
    """How many cells either array labels (>= 0; the same array twice: that one's), in
    one pass with no temporary arrays: a & b is negative only when both are."""
    count = 0
    for i in range(dist.shape[0]):
        count += (dist[i] & other[i]) >= 0
    return count


# -- breadth-first, from the start ------------------------------------------------------
def solve_bfs(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Suits' breadth-first labelling from the start; the path runs back down the labels
    (without a trace, over the maze's own grid: `gridbfs`, the same labels and parents)."""
    if record or not isinstance(maze, Maze):
        dist, parent, events = bfs(maze_graph(maze), maze.start, record)
        events = then_step(events, 4) if record else events  # the path is read off the labels
    else:
        dist, parent = bfs_maze(maze, maze.start)
        events = np.empty((0, 3), dtype=np.int32)
    reached = [g for g in maze.goals if dist[g] >= 0]
    goal = min(reached, key=lambda g: dist[g]) if reached else maze.start
    return finish("bfs", maze, _status(bool(reached)), walk_back(parent, goal), events,
                  record, {"distances": dist}, visited=int(_labelled(dist, dist)))


# -- breadth-first, from the goal -------------------------------------------------------
def bfs_from(graph: CSR, sources, record: bool = False):
    """(dist, parent, events) of one BFS from several sources (parents of sources are -1)."""
    return bfs(graph, np.unique(np.asarray(sources, dtype=np.int64)), record)


def solve_bfs_from_goal(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Suits 3.4, last paragraph: label from the goals backwards; from the start, walk to a
    neighbour with a lower label. Labels are distances to the goal."""
    if record or not isinstance(maze, Maze):
        dist, parent, events = bfs_from(maze_graph_reversed(maze), maze.goals, record)
        events = then_step(events, 4) if record else events  # the path is read off the labels
    else:  # the same labels and parents over the maze's own grid (`gridbfs`)
        dist, parent = bfs_maze_reversed(maze, np.unique(np.asarray(maze.goals)))
        events = np.empty((0, 3), dtype=np.int32)
    found = dist[maze.start] >= 0
    # the parents point towards the goals: the route from the start is the chain reversed
    path = walk_back(parent, maze.start)[::-1] if found else [maze.start]
    return finish("bfs-from-goal", maze, _status(found), path, events, record,
                  {"distances": dist}, visited=int(_labelled(dist, dist)))


# -- bidirectional breadth-first -----------------------------------------------------------
@kernel
def _expand_level(indptr, indices, dist, parent, other, queue, head, tail, agent, record,
                  buf, k):
    """Expand one whole BFS level (queue[head:tail]) of one side; returns the new bounds,
    the best meeting (length, cell) found, and the trace."""
    best, meet = -1, -1
    end = tail
    for i in range(head, end):
        v = queue[i]
        if record:
            k = emit(buf, k, AT, v, agent)
            k = emit(buf, k, MARK, v, VISITED)
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if dist[u] >= 0:
                continue
            dist[u] = dist[v] + 1
            parent[u] = v
            queue[tail] = u
            tail += 1
            if record:
                k = emit(buf, k, LABEL, u, dist[u])
                k = emit(buf, k, MARK, u, FRONTIER)
            if other[u] >= 0 and (best < 0 or dist[u] + other[u] < best):
                best, meet = dist[u] + other[u], u
    return end, tail, best, meet, k


@kernel
def bidirectional(indptr, indices, rindptr, rindices, start, goal_cells, record, buf):
    """Grow a BFS from the start (agent 0) and one backwards from the goals (agent 1), a
    whole level at a time, always the smaller frontier. The first level that touches the
    other side holds a shortest path: finishing it and taking the best meeting is exact.

    Returns (meeting cell or -1, forward dist, forward parent, backward dist, backward
    parent, events).
    """
    n = indptr.shape[0] - 1
    df, pf, qf, tf = seeded(n, np.full(1, start, dtype=np.int32))
    db, pb, qb, tb = seeded(n, goal_cells)
    hf, hb = 0, 0
    k = 0
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, LABEL, start, 0)
        for i in range(tb):
            k = emit(buf, k, LABEL, qb[i], 0)
    if db[start] == 0:
        return start, df, pf, db, pb, buf[:k]
    meet = -1
    while hf < tf and hb < tb:
        if record:
            k = emit(buf, k, STEP, -1, 2)
        if tf - hf <= tb - hb:
            hf, tf, best, meet, k = _expand_level(
                indptr, indices, df, pf, db, qf, hf, tf, 0, record, buf, k)
        else:
            hb, tb, best, meet, k = _expand_level(
                rindptr, rindices, db, pb, df, qb, hb, tb, 1, record, buf, k)
        if record:
            k = emit(buf, k, STEP, -1, 3)
        if meet >= 0:
            k = note(MEET, meet, record, buf, k)
            break
    return meet, df, pf, db, pb, buf[:k]


def bidirectional_maze(maze: Maze, start: int, goals, record: bool = False) -> tuple:
    """`bidirectional` over a maze's move graph: (meet, forward dist, forward parent,
    backward dist, backward parent, events). Without a trace, where every door opens both
    ways, the two walks of `gridbfs` first (exact where no cell is reached twice)."""
    goal_cells = np.asarray(goals, dtype=np.int64)
    if not record and isinstance(maze, Maze) and two_way(maze.walls, maze.wrap_x, maze.wrap_y):
        meet, df, pf, db, pb, exact = tree_bidirectional(maze_sides(maze), maze.width, start,
                                                         goal_cells)
        if exact:
            return meet, df, pf, db, pb, np.empty((0, 3), dtype=np.int32)
    graph, rev = maze_graph(maze), maze_graph_reversed(maze)
    return recorded(lambda buf: bidirectional(
        graph.indptr, graph.indices, rev.indptr, rev.indices, start, goal_cells, record, buf),
        record, 8 * maze.size + 2, lambda result: result[5])


def solve_bidirectional(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Bidirectional BFS; the path joins the two parent chains at the meeting cell."""
    meet, df, pf, db, pb, events = bidirectional_maze(maze, maze.start, maze.goals, record)
    path = [maze.start]
    if meet >= 0:  # backward parents point one step nearer a goal: that chain, reversed
        path = np.concatenate([walk_back(pf, meet), walk_back(pb, meet)[-2::-1]])
        events = then_step(events, 4) if record else events
    visited = int(_labelled(df, db))
    return finish("bidirectional-bfs", maze, _status(meet >= 0), path, events, record,
                  visited=visited)


# -- dead-end filling ------------------------------------------------------------------
FILLED = 0xC0  #: a filled cell's byte of moves: two bits, so it never reads as a dead end
ROCK = 0x60  #: a rock cell's: likewise, and its top bit clear (rock is not filled)


@kernel(inline="always")
def _filled(cell, record, buf, k):
    """Trace a cell filled (step 2 or 3), and step 3 beginning: look beyond its door."""
    if record:
        k = emit(buf, k, AT, cell, 0)
        k = emit(buf, k, MARK, cell, DEAD)
        k = emit(buf, k, STEP, -1, 3)
    return k


@kernel
def dead_end_fill(walls, wrap_x, wrap_y, solid, start, goals, record, buf):
    """Fill every dead end (one way in, neither start nor goal), then the corridors that
    become dead ends behind them. Returns (filled mask, moves left, events): the moves as
    `move_sides` bytes, none into or out of a filled cell or rock.

    Each dead end is followed down its corridor at once: filling a cell takes its one door
    away from the cell it leads to, which is next if that leaves it one door or none. No
    queue and no degree table: one byte a cell of moves (`gridbfs.move_sides`), cleared as
    doors go. A walk never reaches a filled cell (a filled cell's door was taken from its
    one neighbour), and what ends up filled does not depend on the order (a cell goes once
    every door but one leads into filled cells), so it is the set a queue would fill. Needs
    a two-way maze (the solver refuses the others): a move out is a move in.
    """
    h, w = walls.shape
    n = h * w
    sides = move_sides(walls, wrap_x, wrap_y, solid)
    if solid.shape[0] > 0:
        stone = solid.reshape(n)
        for v in range(n):
            if stone[v]:
                sides[v] = ROCK
    step, _ = side_steps(w, n)  # no wrap: the solver refuses wrapped mazes
    ends = np.empty(n, dtype=np.int32)  # the dead ends, listed without a branch a cell
    m = 0
    for v in range(n):
        s = sides[v]
        ends[m] = v
        m += (s & (s - 1)) == 0
    k = emit(buf, 0, STEP, -1, 1) if record else 0
    for i in range(m):
        v = ends[i]
        s = sides[v]
        if s & (s - 1) or v == start or goals[v]:  # filled by an earlier walk, or an end
            continue
        if record:
            k = emit(buf, k, STEP, -1, 2)
        while True:  # fill v; its door (if any) leads to the next cell to look at
            sides[v] = FILLED
            k = _filled(v, record, buf, k)  # then step 3 looks beyond its door
            if s == 0:
                break
            d = lowest_bit(s)
            u = v + step[d]
            s = sides[u] & (15 ^ (1 << (d ^ 2)))
            sides[u] = s
            if s & (s - 1) or u == start or goals[u]:
                break
            v = u
    filled = np.empty(n, dtype=np.bool_)
    for v in range(n):
        filled[v] = sides[v] >> 7
        sides[v] &= 15  # a door left joins two cells left (the last one taken went)
    return filled, sides, buf[:k]


@kernel
def board_dead_end_fill(links, opposite, doors, start, goals, record, buf):
    """`dead_end_fill` on a board: the same walks down each dead end's corridor, with a
    cell's open sides (`doors` bits with a cell beyond) for its byte of moves. Returns
    (filled mask, doors left, events): no door left into or out of a filled cell."""
    n, sides = links.shape
    left = np.zeros(n, dtype=np.uint8)
    for v in range(n):
        for d in range(sides):
            if (doors[v] >> d) & 1 and links[v, d] >= 0:
                left[v] |= np.uint8(1 << d)
    filled = np.zeros(n, dtype=np.bool_)
    k = emit(buf, 0, STEP, -1, 1) if record else 0
    for v0 in range(n):  # the dead ends, in cell order
        v = v0
        s = left[v]
        if filled[v] or s & (s - 1) or v == start or goals[v]:
            continue
        if record:
            k = emit(buf, k, STEP, -1, 2)
        while True:  # fill v; its door (if any) leads to the next cell to look at
            filled[v] = True
            left[v] = 0
            k = _filled(v, record, buf, k)  # then step 3 looks beyond its door
            if s == 0:
                break
            d = lowest_bit(s)
            u = links[v, d]
            s = left[u] & ~(1 << opposite[d])
            left[u] = s
            if s & (s - 1) or u == start or goals[u]:
                break
            v = u
    return filled, left, buf[:k]


def _fill_dead_ends(maze, record: bool):
    """(filled mask, BFS distances and parents from the start through what is left,
    events) of dead-end filling on the square or a board."""
    start = np.array([maze.start], dtype=np.int64)
    if isinstance(maze, Maze):
        filled, rest, events = recorded(lambda buf: dead_end_fill(
            maze.walls, maze.wrap_x, maze.wrap_y, maze.rock, maze.start, goal_mask(maze),
            record, buf,
        ), record, 4 * maze.size + 2, lambda result: result[2])
        return (filled, *bfs_sides(rest, maze.width, start), events)
    filled, rest, events = recorded(lambda buf: board_dead_end_fill(
        maze.board.links, maze.opposite, maze.doors, maze.start, goal_mask(maze), record, buf,
    ), record, 4 * maze.size + 2, lambda result: result[2])
    dist, parent, _ = bfs(maze.copy(doors=rest).graph(), start)
    return filled, dist, parent, events


def solve_dead_end_fill(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """Fill the dead ends; what is left holds every simple path, and BFS through it finds
    the shortest (in a perfect maze what is left *is* the path)."""
    filled, dist, parent, events = _fill_dead_ends(maze, record)
    events = then_step(events, 4) if record else events  # the search through what is left
    reached = [g for g in maze.goals if dist[g] >= 0]
    path = path_to(dist, parent, min(reached, key=lambda g: dist[g])) if reached else [maze.start]
    return finish("dead-end-fill", maze, _status(bool(reached)), path, events, record,
                  {"filled": filled}, visited=int(maze.size - np.count_nonzero(filled)))


register(SolverSpec(
    "bfs", "Breadth-first labelling", solve_bfs,
    "Label the start 0, its neighbours 1, theirs 2 ... until the goal gets a label; then walk "
    "back down the labels. Always finds a shortest path.",
    f"{SUITS}, section 3.4", **SEARCH,
    steps=labelling_steps(
        "start cell", "it has a door to",
        "If the goal has no label, stop: no path leads there. Otherwise start at the goal "
        "and step, again and again, to a neighbour labelled one less, back to the start: "
        "the cells stepped on are a shortest path."),
))
register(SolverSpec(
    "bfs-from-goal", "Breadth-first from the goal", solve_bfs_from_goal,
    "Label the goal 0 and spread outwards; each label is the distance to the goal, so from "
    "the start just keep stepping to a smaller number.",
    f"{SUITS}, section 3.4", labels="distance-to-goal", **SEARCH,
    steps=labelling_steps(
        "goal cell", "that has a door into it",
        "If the start has no label, stop: no path leads from it to the goal. Otherwise "
        "start at the start and step, again and again, to a neighbour labelled one less, "
        "down to 0: the cells stepped on are a shortest path to the goal."),
))
register(SolverSpec(
    "dead-end-fill", "Dead-end filling", solve_dead_end_fill,
    "Wall up every dead end, then every corridor that has become one, until only passages "
    "between start and goal are left. Suits mentions it as 'pruning'.",
    f"{SUITS}, section 3.3 (pruning)", directed=False, shortest=True, boards=True,
    layers=("agents", "marks"), labels="",
    steps=(
        "Find the dead ends: the cells with one door (or none) that are neither the start "
        "nor a goal.",
        "Take the next dead end not yet filled, and fill it. When none is left, go to "
        "step 4.",
        "Close its door on the cell beyond. If that cell now has one door left and is "
        "neither the start nor a goal, it is a dead end too: fill it and do this step again "
        "from it. Otherwise go to step 2.",
        "What is left open holds every way from the start to the goal: search it "
        "breadth-first for the shortest (in a maze without loops, it is the path itself).",
    ),
))
register(SolverSpec(
    "bidirectional-bfs", "Bidirectional BFS", solve_bidirectional,
    "Two breadth-first searches, one from each end, each taking a level in turn; the path "
    "is found where they meet, after looking at far fewer cells.",
    "Pohl, Bi-directional search, Machine Intelligence 6 (1971)", agents=2,
    labels="distance-either-end", **SEARCH,
    steps=(
        "Label the start 0 in a search from the start, and the goal 0 in a search from the "
        "goal.",
        "Take the search with fewer cells among those it labelled last. For each of them, "
        "give each cell it has a door to (in the search from the goal: each cell with a "
        "door into it) that this search has not labelled yet the label one more than its "
        "own.",
        "If a cell just labelled has a label from the other search too, the searches have "
        "met: go to step 4. If either search labelled nothing new, stop: no path. "
        "Otherwise go to step 2.",
        "Of the cells where they met, take the one whose two labels add up least; walk "
        "down each search's labels from it, to the start and to the goal: together, a "
        "shortest path.",
    ),
))
