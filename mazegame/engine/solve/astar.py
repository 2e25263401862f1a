"""A* search (Hart, Nilsson and Raphael 1968) with the grid's Manhattan distance.

Every move costs one and the heuristic changes by at most one a move, so a cell's f (steps
so far plus the guess) is never below the f of the cell that reached it, and at most two
above it. The open cells then fit a bucket queue instead of a heap: three rows of buckets
(f, f + 1, f + 2, by f mod 3), one bucket for each guess h, each a last-in-first-out list,
with a bit a bucket saying it holds something. Taking the next cell is a scan for the
lowest set bit (the smallest h of the smallest f: ties go to the cell nearer the goal,
which is the deeper one), not a walk down a heap. Moves are read from `move_sides`' byte a
cell, not a 16-byte row of the moves table: less memory to read.

On a board (`engine.board_maze.BoardMaze`) the guess is its tiling's lower bound
(`TilingSpec.lanes`, worked out for every cell at once by `board_guesses`), which also
changes by at most one a move, so `board_astar` keeps the same bucket queue.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.bits import lowest_bit
from mazegame.engine.generate.common import ROW_SHIFT, row_magic
from mazegame.engine.graph import path_to
from mazegame.engine.grid import Maze
from mazegame.engine.gridbfs import move_sides, side_steps
from mazegame.engine.jit import kernel
from mazegame.engine.solve.base import finish, goal_mask, then_step
from mazegame.engine.solve.registry import (
    DEFAULTS,
    FOUND,
    UNREACHABLE,
    SolveOptions,
    SolverSpec,
    register,
)
from mazegame.engine.trace import AT, FRONTIER, LABEL, MARK, STEP, VISITED, emit, recorded

WORD = 32  #: guesses a word of the bucket bitmaps holds (32: the Python twin's ints stay small)


@kernel(inline="always")
def _heuristic(h, w, magic, wrap_x, wrap_y, cell, goal_rows, goal_cols):
    """Fewest grid moves to the nearest goal, ignoring walls (shorter across a wrapped edge);
    the cell's row by `row_magic`'s multiply, the goals' rows and columns worked out once."""
    r = (np.int64(cell) * magic) >> ROW_SHIFT
    c = cell - r * w
    best = h + w
    for i in range(goal_rows.shape[0]):
        dr, dc = abs(goal_rows[i] - r), abs(goal_cols[i] - c)
        if wrap_y:
            dr = min(dr, h - dr)
        if wrap_x:
            dc = min(dc, w - dc)
        best = min(best, dr + dc)
    return best


@kernel(inline="always")
def _push(head, bits, low, cells, after, count, f, guess, cell):
    """Put `cell` first in bucket (f mod 3, guess); returns the new entry count."""
    row = f % 3
    cells[count], after[count] = cell, head[row, guess]
    head[row, guess] = count
    bits[row, guess // WORD] |= 1 << (guess % WORD)
    low[row] = min(low[row], guess // WORD)
    return count + 1


@kernel(inline="always")
def _pop(head, bits, low, cells, after, row):
    """Take the first cell of the lowest non-empty bucket of `row` (-1 if it has none)."""
    for word in range(low[row], bits.shape[1]):
        if bits[row, word]:
            low[row] = word
            guess = word * WORD + lowest_bit(bits[row, word])
            entry = head[row, guess]
            head[row, guess] = after[entry]
            if after[entry] < 0:
                bits[row, word] &= ~(1 << (guess % WORD))
            return cells[entry]
    low[row] = bits.shape[1]  # empty: nothing to scan until a push
    return -1


@kernel(inline="always")
def _new_queue(guesses, entries):
    """An empty bucket queue: (head, bits, low) for guesses 0..guesses-1, and room for
    `entries` entries (cells, after)."""
    head = np.full((3, guesses), -1, dtype=np.int32)
    bits = np.zeros((3, (guesses + WORD - 1) // WORD), dtype=np.int64)
    low = np.full(3, bits.shape[1], dtype=np.int64)
    return (head, bits, low, np.empty(entries, dtype=np.int32),
            np.empty(entries, dtype=np.int32))


@kernel(inline="always")
def _opened(cell, label, record, buf, k):
    """Trace a cell labelled and put on the open list (steps 1 and 4)."""
    if record:
        k = emit(buf, k, LABEL, cell, label)
        k = emit(buf, k, MARK, cell, FRONTIER)
    return k


@kernel(inline="always")
def _taken(cell, record, buf, k):
    """Trace step 2 taking a cell off the open list, and step 3 beginning to look at it."""
    if record:
        k = emit(buf, k, STEP, -1, 2)
        k = emit(buf, k, AT, cell, 0)
        k = emit(buf, k, MARK, cell, VISITED)
        k = emit(buf, k, STEP, -1, 3)
    return k


@kernel
def astar(walls, wrap_x, wrap_y, solid, start, goals, goal_cells, record, buf):
    """A* with the wrap-aware Manhattan distance; ties go to the deeper cell.

    Returns (goal reached or -1, g, parent, events). Each cell is expanded once (the
    heuristic is consistent); an entry for a cell already expanded is stale and skipped.
    """
    h, w = walls.shape
    n = h * w
    magic = row_magic(w)
    goal_rows, goal_cols = goal_cells // w, goal_cells % w
    sides = move_sides(walls, wrap_x, wrap_y, solid)  # a byte a cell: what moves, what wraps
    step, wrap = side_steps(w, n)
    g = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    closed = np.zeros(n, dtype=np.bool_)
    guesses = h + w + 1  # every guess is below h + w
    head = np.full((3, guesses), -1, dtype=np.int32)
    bits = np.zeros((3, (guesses + WORD - 1) // WORD), dtype=np.int64)
    low = np.full(3, bits.shape[1], dtype=np.int64)
    cells = np.empty(4 * n + 1, dtype=np.int32)  # entries: each expansion adds at most 4
    after = np.empty(4 * n + 1, dtype=np.int32)
    k = 0
    g[start] = 0
    f = _heuristic(h, w, magic, wrap_x, wrap_y, start, goal_rows, goal_cols)
    count = _push(head, bits, low, cells, after, 0, f, f, start)
    live = 1  # entries not yet taken
    if record:
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, LABEL, start, 0)
        k = emit(buf, k, MARK, start, FRONTIER)
    reached = -1
    while live > 0:
        v = _pop(head, bits, low, cells, after, f % 3)
        if v < 0:
            f += 1  # this f is done: the next (an entry is at most 2 above it)
            continue
        live -= 1
        if closed[v]:
            continue  # a stale entry
        closed[v] = True
        if record:  # step 2 took v; step 3 looks at it
            k = emit(buf, k, STEP, -1, 2)
            k = emit(buf, k, AT, v, 0)
            k = emit(buf, k, MARK, v, VISITED)
            k = emit(buf, k, STEP, -1, 3)
        if goals[v]:
            reached = v
            break
        if record:
            k = emit(buf, k, STEP, -1, 4)
        way = sides[v]
        for d in range(4):
            if not way >> d & 1:
                continue
            u = v + (wrap[d] if way >> (d + 4) & 1 else step[d])
            if closed[u] or (g[u] >= 0 and g[u] <= g[v] + 1):
                continue
            g[u] = g[v] + 1
            parent[u] = v
            hu = _heuristic(h, w, magic, wrap_x, wrap_y, u, goal_rows, goal_cols)
            count = _push(head, bits, low, cells, after, count, g[u] + hu, hu, u)
            live += 1
            if record:
                k = emit(buf, k, LABEL, u, g[u])
                k = emit(buf, k, MARK, u, FRONTIER)
    if record and reached < 0:  # step 2 found the open list empty
        k = emit(buf, k, STEP, -1, 2)
    return reached, g, parent, buf[:k]


@kernel
def board_astar(links, doors, start, goals, guess, record, buf):
    """`astar` on a board: moves through open sides with a cell beyond, `guess[v]` the
    lower bound from v to the nearest goal (`board_guesses`); the same steps, queue and
    events. Returns (goal reached or -1, g, parent, events)."""
    n, sides = links.shape
    g = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    closed = np.zeros(n, dtype=np.bool_)
    head, bits, low, cells, after = _new_queue(guess.max() + 1, sides * n + 1)
    k = 0
    g[start] = 0
    f = guess[start]
    count = _push(head, bits, low, cells, after, 0, f, f, start)
    live = 1
    k = emit(buf, k, STEP, -1, 1) if record else k
    k = _opened(start, 0, record, buf, k)
    reached = -1
    while live > 0:
        v = _pop(head, bits, low, cells, after, f % 3)
        if v < 0:
            f += 1
            continue
        live -= 1
        if closed[v]:
            continue
        closed[v] = True
        k = _taken(v, record, buf, k)
        if goals[v]:
            reached = v
            break
        if record:
            k = emit(buf, k, STEP, -1, 4)
        for d in range(sides):
            u = links[v, d]
            if not (doors[v] >> d) & 1 or u < 0:
                continue
            if closed[u] or (g[u] >= 0 and g[u] <= g[v] + 1):
                continue
            g[u] = g[v] + 1
            parent[u] = v
            count = _push(head, bits, low, cells, after, count, g[u] + guess[u], guess[u], u)
            live += 1
            k = _opened(u, g[u], record, buf, k)
    if record and reached < 0:
        k = emit(buf, k, STEP, -1, 2)
    return reached, g, parent, buf[:k]


def board_guesses(maze) -> np.ndarray:
    """int32[n]: each cell's lower bound on the moves to the nearest goal, from its
    tiling's `lanes`: ceil(summed lane differences / per_move), the least over the goals."""
    lanes, per_move = maze.board.spec.lanes(maze.board.coords)
    best = None
    for goal in maze.goals:
        apart = np.abs(lanes - lanes[goal]).sum(axis=1)
        bound = -(-apart // per_move)
        best = bound if best is None else np.minimum(best, bound)
    return best.astype(np.int32)


def _search(maze, record: bool):
    """(goal reached or -1, g, parent, events) of A* on the square or a board."""
    if not isinstance(maze, Maze):
        guess = board_guesses(maze)
        return recorded(lambda buf: board_astar(
            maze.board.links, maze.doors, maze.start, goal_mask(maze), guess, record, buf,
        ), record, 8 * maze.size + 2, lambda result: result[3])
    goal_cells = np.asarray(maze.goals, dtype=np.int64)
    return recorded(lambda buf: astar(
        maze.walls, maze.wrap_x, maze.wrap_y, maze.rock, maze.start, goal_mask(maze),
        goal_cells, record, buf,
    ), record, 8 * maze.size + 2, lambda result: result[3])


def solve_astar(maze: Maze, record: bool = False, options: SolveOptions = DEFAULTS):
    """A* from the start to the nearest goal (on a board, with its tiling's bound)."""
    reached, g, parent, events = _search(maze, record)
    path = path_to(g, parent, reached) if reached >= 0 else [maze.start]
    if record and reached >= 0:
        events = then_step(events, 5)  # the path is read off the parents
    status = FOUND if reached >= 0 else UNREACHABLE
    return finish("astar", maze, status, path, events, record,
                  {"distances": g}, visited=int(np.count_nonzero(g >= 0)))


register(SolverSpec(
    "astar", "A* search", solve_astar,
    "Breadth-first search that expands the cell with the smallest steps-so-far plus "
    "straight-line guess to the goal first, so it heads for the goal.",
    "Hart, Nilsson and Raphael, IEEE Trans. SSC 4(2) (1968)",
    shortest=True, layers=("agents", "marks", "labels"), boards=True,
    steps=(
        "Label the start 0 (its moves from the start) and put it on the open list.",
        "Take off the open list the cell whose label plus guess is smallest: the guess is "
        "the moves to the goal if no wall were in the way (of equal ones, take the one with "
        "the smaller guess). If the list is empty, stop: no path.",
        "If it is the goal, go to step 5.",
        "Label each cell it has a door to, not yet taken, with one more than its own label "
        "when that is less than the cell had, and put it on the open list. Go to step 2.",
        "From the goal, go back through the cell that gave each cell its label, to the "
        "start: a shortest path.",
    ),
))
