"""Breadth-first search over a maze's own grid: moves by offset, no graph built.

`graph.bfs` searches any state graph (CSR); a maze's move graph has at most four moves a
cell, to neighbours at fixed offsets in row-major order. `move_sides` packs each cell's
moves into one byte (bit d: side d, N E S W, is a move; bit d + 4: that move wraps round
the maze), by the same rule as the CSR move graph (walls, the edge or a wrap, rock), and
`bfs_sides` searches over it: half the memory traffic of the CSR search (one byte a cell
where the CSR reads an 8-byte pointer pair and 4-byte successors), about twice as fast.
Successors are taken in N, E, S, W order, as the CSR lists them, and the search backwards
(towards a goal: `bfs_sides_reversed`) takes predecessors in increasing order, as the
reversed CSR does, so distances and parents are exactly `graph.bfs`'s (a test checks both
on every kind of maze). In a maze without one-way doors (`two_way`) the moves into a cell
are its moves out, and the backwards search reads only each cell's own byte
(`bfs_sides_two_way`): as fast as the forward one. Those searches (`_expand_own`) never look
back through the side a cell was reached by, which halves their time again (see NO_SIDE).
Each search first runs as `gridwalk`'s walk, which needs no "seen?" and no branch a move;
it is exact where no cell is reached twice (any perfect maze), and says when it was not.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.bits import lowest_bit
from mazegame.engine.graph import seeded
from mazegame.engine.grid import Maze, two_way
from mazegame.engine.gridwalk import tree_bfs, tree_bidirectional
from mazegame.engine.jit import kernel


@kernel
def move_sides(walls, wrap_x, wrap_y, solid):
    """One byte a cell: bit d set when side d is a move (to another cell), bit d + 4 when
    that move wraps round the maze (the CSR move graph's rule, `graph._maze_csr`)."""
    h, w = walls.shape
    n = h * w
    flat = walls.reshape(n)
    rock = solid.shape[0] > 0
    if not (rock or wrap_x or wrap_y):
        return _bounded_sides(flat, h, w)
    stone = solid.reshape(solid.size)
    sides = np.zeros(n, dtype=np.uint8)
    for r in range(h):
        up = (r - 1) * w if r > 0 else ((h - 1) * w if wrap_y else -1)
        down = (r + 1) * w if r < h - 1 else (0 if wrap_y else -1)
        row = r * w
        for c in range(w):
            cell = row + c
            if rock and stone[cell]:
                continue
            bits = flat[cell]
            beyond = (up + c if up >= 0 else cell,
                      cell + 1 if c < w - 1 else (row if wrap_x else cell),
                      down + c if down >= 0 else cell,
                      cell - 1 if c > 0 else (row + w - 1 if wrap_x else cell))
            wraps = (r == 0, c == w - 1, r == h - 1, c == 0)
            byte = 0
            for d in range(4):
                nb = beyond[d]
                if bits & (1 << d) or nb == cell or (rock and stone[nb]):
                    continue
                byte |= 1 << d
                if wraps[d]:
                    byte |= 1 << (d + 4)
            sides[cell] = byte
    return sides


@kernel
def _bounded_sides(flat, h, w):
    """`move_sides` of a maze without wrap-around or rock: each open side is a move but
    those off the edge (one pass the compiler vectorises, then the border; 6x faster)."""
    sides = np.empty(h * w, dtype=np.uint8)
    for i in range(h * w):
        sides[i] = ~flat[i] & 15
    for c in range(w):
        sides[c] &= 14  # no N off the top row
        sides[(h - 1) * w + c] &= 11  # no S off the bottom row
    for r in range(h):
        sides[r * w] &= 7  # no W off the left column
        sides[r * w + w - 1] &= 13  # no E off the right column
    return sides


@kernel
def side_steps(w, n):
    """The step to the cell beyond each side (N, E, S, W), straight and round the maze."""
    return (np.array([-w, 1, w, -1], dtype=np.int64),
            np.array([n - w, 1 - w, w - n, w - 1], dtype=np.int64))


@kernel
def successors(sides, v, step, wrap, out):
    """The cells one move from v, in N, E, S, W order (as the CSR lists them), into out;
    returns how many."""
    bits = np.int64(sides[v])
    moves = bits & 15
    count = 0
    while moves:
        low = moves & -moves
        moves ^= low
        d = int(low > 1) + int(low > 2) + int(low > 4)  # the index of the lowest set bit
        out[count] = v + (wrap[d] if bits & (low << 4) else step[d])
        count += 1
    return count


@kernel
def predecessors(sides, w, h, magic, v, step, wrap, out):
    """The cells one move leads from into v, in increasing order with repeats (as the
    reversed CSR lists them), into out; returns how many."""
    n = sides.shape[0]
    r = (np.int64(v) * magic) >> 40  # v // w by a multiply (generate.common.row_magic)
    c = v - r * w
    count = 0
    for d in range(4):  # the cell beyond each side of v, and whether it moves into v
        if d == 0:
            u = v - w if r > 0 else v + n - w
        elif d == 1:
            u = v + 1 if c < w - 1 else v + 1 - w
        elif d == 2:
            u = v + w if r < h - 1 else v + w - n
        else:
            u = v - 1 if c > 0 else v - 1 + w
        back = d ^ 2
        bits = np.int64(sides[u])
        if bits >> back & 1 and u + (wrap[back] if bits >> (back + 4) & 1 else step[back]) == v:
            i = count  # insertion keeps them in increasing order
            while i > 0 and out[i - 1] > u:
                out[i] = out[i - 1]
                i -= 1
            out[i] = u
            count += 1
    return count


@kernel
def _expand(sides, w, h, magic, step, wrap, backwards, dist, parent, other, queue, head, tail,
            found):
    """Expand queue[head:tail] (one BFS level of one side) over the moves, or the moves
    taken backwards; returns the new bounds and the best meeting with the `other` side's
    labels (length, cell; -1 if none; an empty `other`: no other side)."""
    meeting = other.shape[0] > 0
    best, meet = -1, -1
    end = tail
    for i in range(head, end):
        v = queue[i]
        if backwards:
            count = predecessors(sides, w, h, magic, v, step, wrap, found)
        else:
            count = successors(sides, v, step, wrap, found)
        for j in range(count):
            u = found[j]
            if dist[u] >= 0:
                continue
            dist[u] = dist[v] + 1
            parent[u] = v
            queue[tail] = u
            tail += 1
            if meeting and other[u] >= 0 and (best < 0 or dist[u] + other[u] < best):
                best, meet = dist[u] + other[u], u
    return end, tail, best, meet


@kernel
def _search(sides, w, sources, backwards):
    """One BFS from `sources` over the moves (or backwards): (dist, parent), a level at a
    time as the bidirectional search expands."""
    n = sides.shape[0]
    step, wrap = side_steps(w, n)
    found = np.empty(4, dtype=np.int64)
    dist, parent, queue, tail = seeded(n, sources)
    alone = np.empty(0, dtype=np.int32)  # no other side to meet
    head = 0
    magic = ((1 << 40) + w - 1) // w
    while head < tail:
        head, tail, _, _ = _expand(sides, w, n // w, magic, step, wrap, backwards, dist,
                                   parent, alone, queue, head, tail, found)
    return dist, parent


#: Queue entries pack a cell with the side its parent is on (cell * 8 + side; NO_SIDE for a
#: source): a search never looks back through that side, where the cell it came from is.
#: In a perfect maze every other move then leads to a new cell, so the test "seen?" always
#: goes one way and only the number of moves is left to guess. Twice as fast as testing
#: every move (mispredicted branches were most of a BFS's time).
NO_SIDE = 4
#: The moves of a cell in increasing cell order (N, W, E, S) where none wraps: a cell's
#: 4-bit move mask reordered so its lowest set bit comes first, and the side of each bit.
IN_CELL_ORDER = np.array([0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15], dtype=np.int64)
SIDE_IN_CELL_ORDER = np.array([0, 3, 1, 2], dtype=np.int64)


@kernel
def _packed_sources(n, sources):
    """`graph.seeded`'s start with the queue's entries packed: (dist, parent, queue, tail)."""
    dist, parent, queue, tail = seeded(n, sources)
    for i in range(tail):
        queue[i] = queue[i] * 8 + NO_SIDE
    return dist, parent, queue, tail


@kernel
def _sorted_successors(sides, v, step, wrap, found):
    """The cells one move from v in increasing order (for a cell with a move round the
    maze, where N, W, E, S is not that order); returns how many."""
    count = successors(sides, v, step, wrap, found)
    for i in range(1, count):
        x = found[i]
        j = i
        while j > 0 and found[j - 1] > x:
            found[j] = found[j - 1]
            j -= 1
        found[j] = x
    return count


@kernel
def _expand_own(sides, step, wrap, in_cell_order, dist, parent, other, queue, head, tail,
                one_level, found):
    """Expand queue[head:tail] (packed entries) over each cell's own moves, in N, E, S, W
    order or, `in_cell_order`, in increasing cell order (the order the moves *into* a cell
    come in when every door opens both ways): `one_level`, or on until the queue is empty.
    Returns the new bounds and the best meeting with the `other` side's labels (length,
    cell; -1 if none; an empty `other`: no other side)."""
    meeting = other.shape[0] > 0
    best, meet = -1, -1
    limit = tail if one_level else queue.shape[0]
    # the queue holds a level after another: count them, not read each cell's label back
    label = dist[queue[head] >> 3] + 1 if head < tail else 0
    level_end = tail
    i = head
    while i < tail and i < limit:
        if i == level_end:
            label += 1
            level_end = tail
        entry = queue[i]
        i += 1
        v = np.int64(entry >> 3)
        bits = np.int64(sides[v])
        if in_cell_order and bits >> 4:  # a move round the maze: sort the few cells
            count = _sorted_successors(sides, v, step, wrap, found)
            for j in range(count):
                u = found[j]
                if dist[u] < 0:
                    dist[u] = label
                    parent[u] = v
                    queue[tail] = u * 8 + NO_SIDE  # (few cells: no side to skip)
                    tail += 1
                    if meeting and other[u] >= 0 and (best < 0 or label + other[u] < best):
                        best, meet = label + other[u], u
            continue
        moves = bits & ~(1 << (entry & 7)) & 15  # not back where it came from
        if in_cell_order:
            moves = IN_CELL_ORDER[moves]
        while moves:
            d = lowest_bit(moves)
            moves &= moves - 1
            if in_cell_order:
                d = SIDE_IN_CELL_ORDER[d]
            u = v + (wrap[d] if bits & (16 << d) else step[d])
            if dist[u] < 0:
                dist[u] = label
                parent[u] = v
                queue[tail] = u * 8 + (d ^ 2)
                tail += 1
                if meeting and other[u] >= 0 and (best < 0 or label + other[u] < best):
                    best, meet = label + other[u], u
    return i, tail, best, meet


@kernel
def _bfs_own(sides, w, sources, in_cell_order):
    """A whole BFS over each cell's own moves (`_expand_own`): (dist, parent)."""
    n = sides.shape[0]
    step, wrap = side_steps(w, n)
    found = np.empty(4, dtype=np.int64)
    dist, parent, queue, tail = _packed_sources(n, sources)
    _expand_own(sides, step, wrap, in_cell_order, dist, parent, np.empty(0, dtype=np.int32),
                queue, 0, tail, False, found)
    return dist, parent


@kernel
def bfs_sides(sides, w, sources):
    """Distances (-1 unreached) and BFS parents (-1 for the sources) from `sources` over
    `move_sides`' bytes of a maze `w` cells wide; exactly `graph.bfs_kernel`'s (by
    `gridwalk.tree_bfs` where no cell is reached twice, else by `_expand_own`)."""
    dist, parent, exact = tree_bfs(sides, w, sources)
    if exact:
        return dist, parent
    return _bfs_own(sides, w, sources, False)


@kernel
def bfs_sides_reversed(sides, w, sources):
    """BFS over the moves taken backwards (distances *to* the sources, -1 unreached; each
    cell's parent is the next cell on its way there): exactly `graph.bfs` over
    `maze_graph_reversed`."""
    return _search(sides, w, sources, True)


@kernel
def bfs_sides_two_way(sides, w, sources):
    """`bfs_sides_reversed` for a maze whose doors all open both ways: the moves into a
    cell are its own moves out, taken in increasing order (N, W, E, S; a cell with a move
    round the maze sorts its own), so each cell reads only its own byte. Where no cell is
    reached twice the order makes no difference: `gridwalk.tree_bfs` first."""
    dist, parent, exact = tree_bfs(sides, w, sources)
    if exact:
        return dist, parent
    return _bfs_own(sides, w, sources, True)


@kernel
def bidirectional_sides(sides, w, start, goal_cells, both_ways):
    """`solve.graph_search.bidirectional` without a trace, over the maze's grid: a BFS from
    the start and one backwards from the goals, a whole level at a time, always the smaller
    frontier; the first level that touches the other side, finished, holds a shortest path.
    `both_ways`: every door opens both ways (`two_way`), so the backward search takes each
    cell's own moves (`_expand_own`), after two `gridwalk` walks where no cell is reached
    twice. Returns (meeting cell or -1, forward dist, forward parent, backward dist,
    backward parent), exactly the CSR kernel's."""
    if both_ways:
        meet, df, pf, db, pb, exact = tree_bidirectional(sides, w, start, goal_cells)
        if exact:
            return meet, df, pf, db, pb
    n = sides.shape[0]
    h = n // w
    magic = ((1 << 40) + w - 1) // w
    step, wrap = side_steps(w, n)
    found = np.empty(4, dtype=np.int64)
    first = np.full(1, start, dtype=np.int32)
    if both_ways:
        df, pf, qf, tf = _packed_sources(n, first)
        db, pb, qb, tb = _packed_sources(n, goal_cells)
    else:
        df, pf, qf, tf = seeded(n, first)
        db, pb, qb, tb = seeded(n, goal_cells)
    hf, hb = 0, 0
    if db[start] == 0:
        return start, df, pf, db, pb
    meet = -1
    while hf < tf and hb < tb:
        forward = tf - hf <= tb - hb
        if forward and both_ways:
            hf, tf, _, meet = _expand_own(sides, step, wrap, False, df, pf, db, qf, hf, tf,
                                          True, found)
        elif both_ways:
            hb, tb, _, meet = _expand_own(sides, step, wrap, True, db, pb, df, qb, hb, tb,
                                          True, found)
        elif forward:
            hf, tf, _, meet = _expand(sides, w, h, magic, step, wrap, False, df, pf, db, qf,
                                      hf, tf, found)
        else:
            hb, tb, _, meet = _expand(sides, w, h, magic, step, wrap, True, db, pb, df, qb,
                                      hb, tb, found)
        if meet >= 0:
            break
    return meet, df, pf, db, pb


def maze_sides(maze: Maze) -> np.ndarray:
    """`move_sides` of a maze."""
    return move_sides(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock)


def bfs_maze_reversed(maze: Maze, source) -> tuple[np.ndarray, np.ndarray]:
    """(dist, parent) of a BFS towards `source` (a cell or several) over the maze's moves
    taken backwards, as `graph.bfs(maze_graph_reversed(maze), source)` gives them."""
    sources = np.atleast_1d(np.asarray(source, dtype=np.int64))
    if two_way(maze.walls, maze.wrap_x, maze.wrap_y):
        return bfs_sides_two_way(maze_sides(maze), maze.width, sources)
    return bfs_sides_reversed(maze_sides(maze), maze.width, sources)


def bfs_maze(maze: Maze, source) -> tuple[np.ndarray, np.ndarray]:
    """(dist, parent) of a BFS over the maze's moves from `source` (a cell, or several
    distinct cells at once), as `graph.bfs(maze_graph(maze), source)` gives them."""
    sources = np.atleast_1d(np.asarray(source, dtype=np.int64))
    return bfs_sides(maze_sides(maze), maze.width, sources)


def bidirectional_maze(maze: Maze, start, goals) -> tuple:
    """`bidirectional_sides` over a maze: (meet, forward dist, forward parent, backward
    dist, backward parent)."""
    goal_cells = np.asarray(goals, dtype=np.int64)
    return bidirectional_sides(maze_sides(maze), maze.width, start, goal_cells,
                               two_way(maze.walls, maze.wrap_x, maze.wrap_y))
