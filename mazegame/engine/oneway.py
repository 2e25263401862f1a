"""One-way doors: making them without trapping anyone, and finding the cells they trap.

Suits 6.3: "after moving through a one-way door into a cell never visited before, there will
be no information about how to get back". A one-way door is a side open from one cell and
walled from the other (`engine.grid`); the move graph (`engine.graph.maze_graph`) honours it.

A **trap cell** is a cell reachable from the start from which no goal can be reached: a
reverse BFS from the goals (`cells_reaching_goals`) and a forward BFS from the start.

`add_one_way_doors` turns a fraction of the two-way doors one-way. Without `traps` it keeps
a stronger promise than "no trap cell": every cell that reached a goal still reaches one, so
no start could be trapped and `trap_cells` of the result is a subset of the input's. Doors
are tried in a seeded random order, each in a random direction first; a direction that
would cut some cell off from every goal is undone and the other tried. One of the two always
works (if a's shortest way to a goal crosses the door to b, b's continues without coming
back, so pointing the door a -> b strands nobody), so any fraction can be met:

- In a braided maze (loops) a door on a cycle may point either way.
- In a perfect maze (a tree) every door ends up pointing toward the goal, the only way that
  strands nobody. On the solution path it forbids going back; on a side branch it seals the
  branch off (from the path it reads as a wall). Such mazes are easy: braid first for
  one-way doors that make a maze harder (the game's setup does, see `games.setup`).

The check is incremental: exact distances to the nearest goal are kept. Pointing a door
"downhill" (from the cell farther from a goal to the nearer) never costs anything; pointing
it uphill removes a move v -> u that only matters when it was v's last move one step closer.
Then the cells whose distances grow (those whose every shortest way went through it) are
found level by level and relabelled with a two-queue Dijkstra; a cell left without a label
could reach no goal, so the door is turned round to point downhill. A door that would send
more than `REROUTE_LIMIT` cells a longer way round is turned round too (it keeps the cost
bounded). Bridges of the door graph (every door of a perfect maze) point toward the goals'
side at once. Figures: docs/kernel-notes.md.
"""

from __future__ import annotations

import math

import numpy as np

from mazegame.engine.graph import bfs_into, maze_graph, maze_graph_reversed
from mazegame.engine.grid import DC, DR, EAST, SOUTH, Maze, neighbor, opposite, step_kernel
from mazegame.engine.jit import kernel

REROUTE_LIMIT = 1024  #: most cells one door may send a longer way round (see the docstring)
_FAR = np.int64(1) << 62  #: "no way to a goal found yet" while relabelling


def goal_distances(maze: Maze) -> np.ndarray:
    """int64[h*w]: moves from each cell to its nearest goal (-1: no goal reachable), by BFS
    on the reversed move graph."""
    rev = maze_graph_reversed(maze)
    best = np.full(maze.size, -1, dtype=np.int64)
    dist = np.empty(maze.size, dtype=np.int64)
    queue = np.empty(maze.size, dtype=np.int64)
    for goal in sorted(set(maze.goals)):
        bfs_into(rev.indptr, rev.indices, goal, dist, queue)
        better = (dist >= 0) & ((best < 0) | (dist < best))
        best[better] = dist[better]
    return best


def cells_reaching_goals(maze: Maze) -> np.ndarray:
    """bool[h*w]: the cells from which some goal can be reached (a reverse BFS from the goals)."""
    return goal_distances(maze) >= 0


def reachable_from_start(maze: Maze) -> np.ndarray:
    """bool[h*w]: the cells the player can walk to from the start."""
    graph = maze_graph(maze)
    dist = np.empty(maze.size, dtype=np.int64)
    queue = np.empty(maze.size, dtype=np.int64)
    bfs_into(graph.indptr, graph.indices, maze.start, dist, queue)
    return dist >= 0


def trap_cells(maze: Maze) -> np.ndarray:
    """int64 cells reachable from the start from which no goal is reachable, sorted."""
    trapped = reachable_from_start(maze) & ~cells_reaching_goals(maze)
    return np.flatnonzero(trapped).astype(np.int64)


def door_sides(maze: Maze) -> tuple[np.ndarray, ...]:
    """Every side between two open cells, once (the east and south side of each cell):
    (cell, side, neighbour, opens_there, opens_back), where opens_there says the cell is open
    through the side and opens_back says its neighbour is open back. Sides across a wrapped seam
    count; sides on a bounded border, onto rock or onto the cell itself do not."""
    h, w = maze.height, maze.width
    cells = np.arange(maze.size, dtype=np.int64)
    rows, cols = np.divmod(cells, w)
    flat = maze.walls.ravel()
    rock = None if maze.solid is None else maze.solid.ravel()
    out = []
    for d in (EAST, SOUTH):
        r, c = rows + DR[d], cols + DC[d]
        inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
        nb = (r % h) * w + (c % w)
        valid = (inside | (maze.wrap_y if d == SOUTH else maze.wrap_x)) & (nb != cells)
        if rock is not None:
            valid &= ~rock & ~rock[nb]
        there = (flat >> d) & 1 == 0
        back = (flat[nb] >> opposite(d)) & 1 == 0
        out.append((cells[valid], np.full(int(valid.sum()), d, np.int64), nb[valid],
                    there[valid], back[valid]))
    return tuple(np.concatenate(parts) for parts in zip(*out, strict=True))


def one_way_door_count(maze: Maze) -> int:
    """How many sides between two open cells are open one way only."""
    *_, there, back = door_sides(maze)
    return int(np.sum(there != back))


def two_way_door_count(maze: Maze) -> int:
    """How many sides between two open cells are open both ways."""
    *_, there, back = door_sides(maze)
    return int(np.sum(there & back))


def one_way_target(fraction: float, doors: int) -> int:
    """How many of `doors` two-way doors a fraction asks for: fraction * doors rounded to the
    nearest whole number, halves up (0.25 of 10 doors is 3)."""
    return int(math.floor(fraction * doors + 0.5))


def check_fraction(fraction: float) -> float:
    """The fraction as a float in 0..1, or ValueError saying what is accepted."""
    problem = f"the one-way fraction is a number from 0 to 1, not {fraction!r}"
    try:
        value = float(fraction)
    except (TypeError, ValueError):
        raise ValueError(problem) from None
    if not 0.0 <= value <= 1.0:  # NaN fails this too
        raise ValueError(problem)
    return value


def add_one_way_doors(maze: Maze, fraction: float, seed: int, *, traps: bool = False) -> Maze:
    """A copy with `fraction` (0..1) of its two-way doors made one-way (rounded to the nearest
    whole door, halves up: `one_way_target`), each pointing so that every cell that reached a
    goal still does, unless `traps` (then each points a random way). Same seed (a whole
    number >= 0, drawn with numpy's default generator), same maze.

    In a perfect maze every door made one-way points toward the goal (see the module
    docstring): no traps, but the doors only forbid going back or seal side branches. Raises
    ValueError for a fraction outside 0..1, or (never seen: the module docstring says why)
    when the doors cannot be pointed without stranding a cell.
    """
    fraction = check_fraction(fraction)
    cells, sides, nbs, there, back = door_sides(maze)
    two_way = there & back
    cells, sides, nbs = cells[two_way], sides[two_way], nbs[two_way]
    target = one_way_target(fraction, cells.size)
    rng = np.random.default_rng(int(seed))
    order = rng.permutation(cells.size)
    first = rng.integers(0, 2, size=cells.size).astype(np.int64)
    out = maze.copy()
    if target == 0:
        return out
    dist = goal_distances(maze)
    if not traps:  # a bridge with every goal on one side has one safe way: no search needed
        forced = _bridge_ways(maze, cells, sides, nbs)
        first = np.where(forced >= 0, forced, first)
    made = _orient_doors(out.walls, out.wrap_x, out.wrap_y, out.rock, cells[order],
                         sides[order], first[order], target, not traps, dist, REROUTE_LIMIT)
    if made < target:
        raise ValueError(
            f"only {made} of the {cells.size} two-way doors can be made one-way without "
            f"cutting a cell off from every goal ({target} asked for); allow traps to go on")
    out.meta["one_way"] = fraction
    return out


@kernel
def _orient_doors(walls, wrap_x, wrap_y, solid, cells, sides, first, target, check, dist,
                  limit):
    """Make doors one-way in the order given until `target` are; with `check`, a direction
    `_cut_move` refuses is undone and the other taken. Returns how many were made."""
    h, w = walls.shape
    n = h * w
    moves = np.empty((n, 4), dtype=np.int64)  # where each move lands (the cell: blocked)
    into = np.full((n, 4), -1, dtype=np.int64)  # the cell moving in through each side
    for x in range(n):
        for d in range(4):
            moves[x, d] = step_kernel(walls, wrap_x, wrap_y, solid, x, d)
    for x in range(n):
        for d in range(4):
            y = neighbor(h, w, wrap_x, wrap_y, x, d)
            if y >= 0 and y != x and moves[y, d ^ 2] == x:
                into[x, d] = y
    lost = np.zeros(n, dtype=np.bool_)
    scratch = np.empty((4, n), dtype=np.int64)
    fifo = np.empty(8 * n + 8, dtype=np.int64)  # (cell, distance) pairs: 4 sides a cell
    made = 0
    for i in range(cells.shape[0]):
        if made >= target:
            break
        a, d = cells[i], sides[i]
        b = moves[a, d]
        for k in range(2):
            towards_b = (first[i] + k) % 2 == 0  # 2, 3: a forced way, 0, 1 as first tried
            # a -> b only: wall b's side facing a (b loses the move b -> a), or the reverse.
            v, u, side = (b, a, d ^ 2) if towards_b else (a, b, d)
            walls[v // w, v % w] |= np.uint8(1 << side)
            moves[v, side] = v
            into[u, side ^ 2] = -1
            if not check or first[i] >= 2 or _cut_move(moves, into, v, dist, lost, scratch,
                                                        fifo, limit):
                made += 1
                break
            walls[v // w, v % w] &= ~np.uint8(1 << side)
            moves[v, side] = u
            into[u, side ^ 2] = v
    return made


def _bridge_ways(maze: Maze, cells: np.ndarray, sides: np.ndarray, nb: np.ndarray) -> np.ndarray:
    """For each door (cell, side): 2 when it must point toward the neighbour, 3 toward the
    cell, -1 when either way may do (not a bridge, or goals on both sides of it).

    A bridge of the undirected door graph is crossed at most once by any simple way, so the
    move from the goals' side to the other is never needed and the other move always is.
    """
    goal = np.zeros(maze.size, dtype=np.bool_)
    goal[list(maze.goals)] = True
    up, bridge, below, total = _bridges(maze.walls, maze.wrap_x, maze.wrap_y, maze.rock, goal)
    ways = np.full(cells.size, -1, dtype=np.int64)
    # The door is the DFS tree edge of its neighbour (child nb) or of its cell (child cells).
    for child, side, toward_parent in ((nb, sides ^ 2, 3), (cells, sides, 2)):
        hit = (up[child] == side) & bridge[child]
        none_below = hit & (below[child] == 0)
        all_below = hit & (below[child] == total[child]) & (total[child] > 0)
        ways[none_below] = toward_parent
        ways[all_below] = 5 - toward_parent
    return ways


@kernel
def _bridges(walls, wrap_x, wrap_y, solid, goal):
    """Tarjan's bridges on the undirected door graph (a side is a door when a move passes it
    either way), iteratively. Returns per cell: the side to its DFS parent (-1 at a root),
    whether that edge is a bridge, the goals in its DFS subtree, and the goals in its
    component."""
    h, w = walls.shape
    n = h * w
    up = np.full(n, -1, dtype=np.int64)
    bridge = np.zeros(n, dtype=np.bool_)
    below = np.zeros(n, dtype=np.int64)
    total = np.zeros(n, dtype=np.int64)
    disc = np.full(n, -1, dtype=np.int64)
    low = np.zeros(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    nxt = np.zeros(n, dtype=np.int64)  # next side to try of each cell on the stack
    members = np.empty(n, dtype=np.int64)
    clock = 0
    for root in range(n):
        if disc[root] >= 0 or (solid.shape[0] > 0 and solid[root // w, root % w]):
            continue
        disc[root] = low[root] = clock
        clock += 1
        stack[0] = root
        top, count = 0, 0
        while top >= 0:
            x = stack[top]
            d = nxt[x]
            if d < 4:
                nxt[x] += 1
                if d == up[x]:
                    continue  # the edge we came by (by side: a parallel edge is a cycle)
                y = neighbor(h, w, wrap_x, wrap_y, x, d)
                if y < 0 or y == x:
                    continue
                if (step_kernel(walls, wrap_x, wrap_y, solid, x, d) != y
                        and step_kernel(walls, wrap_x, wrap_y, solid, y, d ^ 2) != x):
                    continue
                if disc[y] < 0:
                    disc[y] = low[y] = clock
                    clock += 1
                    up[y] = d ^ 2
                    top += 1
                    stack[top] = y
                else:
                    low[x] = min(low[x], disc[y])
            else:
                top -= 1
                members[count] = x
                count += 1
                if goal[x]:
                    below[x] += 1
                if top >= 0:
                    p = stack[top]
                    low[p] = min(low[p], low[x])
                    bridge[x] = low[x] > disc[p]
                    below[p] += below[x]
        for i in range(count):
            total[members[i]] = below[root]
    return up, bridge, below, total


@kernel
def _closer(moves, cell, dist, lost):
    """Whether `cell` has a move to a cell not `lost` one step nearer a goal."""
    want = dist[cell] - 1
    for e in range(4):
        z = moves[cell, e]
        if z != cell and not lost[z] and dist[z] == want:
            return True
    return False


@kernel
def _cut_move(moves, into, v, dist, lost, scratch, fifo, limit):
    """Update the goal distances `dist` after a move out of `v` was cut (already done in
    `moves` and `into`); False, with `dist` unchanged, when some cell could no longer reach
    a goal or more than `limit` cells would have to find a new way.

    Only cells whose every shortest way used that move get farther: found level by level
    from v (all of one level are marked before the next is tested), then relabelled in
    order of distance from the cells around them (seeds sorted, plus a FIFO of relaxations:
    both come out in distance order, so merging them is Dijkstra with unit steps).
    """
    if dist[v] <= 0 or _closer(moves, v, dist, lost):
        return True  # a goal, a cell that reached none anyway, or another way one step on
    affected, old, key, tent = scratch[0], scratch[1], scratch[2], scratch[3]
    lost[v] = True
    affected[0] = v
    count, head = 1, 0
    while head < count:
        x = affected[head]
        head += 1
        for d in range(4):
            y = into[x, d]
            if y < 0 or lost[y] or dist[y] != dist[x] + 1 or _closer(moves, y, dist, lost):
                continue
            lost[y] = True
            affected[count] = y
            count += 1
        if count > limit:  # too costly: forget it (the caller takes the other way)
            for i in range(count):
                lost[affected[i]] = False
            return False
    # Seeds: the best way out of the affected set from each affected cell.
    for i in range(count):
        x = affected[i]
        old[i] = dist[x]
        best = _FAR
        for e in range(4):
            z = moves[x, e]
            if z != x and not lost[z] and dist[z] >= 0 and dist[z] + 1 < best:
                best = dist[z] + 1
        key[i] = best
        tent[x] = best
    order = np.argsort(key[:count], kind="mergesort")
    seed, fh, ft = 0, 0, 0
    while True:
        if seed < count and (fh == ft or key[order[seed]] <= fifo[fh + 1]):
            x, kx = affected[order[seed]], key[order[seed]]
            seed += 1
        elif fh < ft:
            x, kx = fifo[fh], fifo[fh + 1]
            fh += 2
        else:
            break
        if not lost[x] or kx != tent[x]:
            continue  # already settled, or a stale entry
        if kx >= _FAR:
            break  # everything left is cut off
        lost[x] = False
        dist[x] = kx
        for d in range(4):
            y = into[x, d]
            if y >= 0 and lost[y] and kx + 1 < tent[y]:
                tent[y] = kx + 1
                fifo[ft], fifo[ft + 1] = y, kx + 1
                ft += 2
    stranded = False
    for i in range(count):
        if lost[affected[i]]:
            stranded = True
    if stranded:  # put every label back as it was
        for i in range(count):
            x = affected[i]
            lost[x] = False
            dist[x] = old[i]
    return not stranded
