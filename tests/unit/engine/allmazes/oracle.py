"""A brute-force oracle for "one sequence solves every maze", in plain Python, from the
paper's definition and nothing of the engine's: a maze is an n x m matrix of free (0) and
blocked (1) cells, the walker starts top-left, a move into a blocked cell or off the grid
leaves it in place, and a sequence solves the maze when the walker visits the bottom-right
cell after some move.

`feasible_mazes` tries every matrix (both corners free) and keeps those where a
breadth-first search from the start reaches the goal. `shortest_sequence` searches the
joint positions breadth first: a state holds every maze's walker (or DONE once it has
visited the goal), each move maps a state to one state, and the first state with every
walker DONE is reached by a shortest sequence. Pruned: a state where some walker is further
from the goal than the moves left (it can never make it). Mazes whose walkers are always
on the same cell (the same cells reachable from the start) share one slot of the state.
"""

from __future__ import annotations

from collections import deque
from operator import getitem

MOVES = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def matrices(n: int, m: int):
    """Every n x m matrix (a tuple of rows of 0 free / 1 blocked) with both corners free."""
    inner = n * m - 2
    for bits in range(1 << inner):
        flat = [0] + [(bits >> i) & 1 for i in range(inner)] + [0]
        yield tuple(tuple(flat[r * m:(r + 1) * m]) for r in range(n))


def step(maze, cell: tuple[int, int], move: str) -> tuple[int, int]:
    """Where one move takes the walker: the next cell if it is on the grid and free."""
    r, c = cell[0] + MOVES[move][0], cell[1] + MOVES[move][1]
    if 0 <= r < len(maze) and 0 <= c < len(maze[0]) and maze[r][c] == 0:
        return r, c
    return cell


def reachable(maze, source: tuple[int, int]) -> dict[tuple[int, int], int]:
    """The free cells reachable from `source`, with their distances (breadth first)."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        cell = queue.popleft()
        for move in MOVES:
            nxt = step(maze, cell, move)
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def feasible_mazes(n: int, m: int) -> list:
    """Every n x m maze whose goal can be reached from its start."""
    goal = (n - 1, m - 1)
    return [maze for maze in matrices(n, m) if goal in reachable(maze, (0, 0))]


def solves(maze, sequence: str) -> bool:
    """Whether the walker visits the goal at some step of the sequence."""
    goal, cell = (len(maze) - 1, len(maze[0]) - 1), (0, 0)
    for move in sequence:
        cell = step(maze, cell, move)
        if cell == goal:
            return True
    return False


def shortest_sequence(n: int, m: int, max_length: int) -> str | None:
    """A shortest sequence solving every feasible n x m maze, or None when none has at
    most `max_length` moves."""
    goal = (n - 1, m - 1)
    slots = {}
    for maze in feasible_mazes(n, m):
        slots.setdefault(frozenset(reachable(maze, (0, 0))), maze)
    mazes = list(slots.values())
    done, pruned = n * m, 255  # codes: a cell r*m + c, DONE, or cut off
    cells = [(r, c) for r in range(n) for c in range(m)]
    # next_code[left][move][slot][code]: the walker's code after the move, or `pruned`
    # when it is then further from the goal than the `left` moves after this one
    next_code = [{mv: [_table(maze, cells, mv, goal, left, done, pruned) for maze in mazes]
                  for mv in MOVES} for left in range(max_length)]
    start, finished = bytes(len(mazes)), bytes([done] * len(mazes))
    parent: dict[bytes, tuple[bytes, str] | None] = {start: None}
    layer = [start]
    for t in range(max_length):
        tables = next_code[max_length - t - 1]
        nxt = []
        for state in layer:
            for mv, table in tables.items():
                new = bytes(map(getitem, table, state))
                if pruned in new or new in parent:
                    continue
                parent[new] = (state, mv)
                if new == finished:
                    return _path(parent, new)
                nxt.append(new)
        layer = nxt
    return None


def _table(maze, cells, mv: str, goal, left: int, done: int, pruned: int) -> list[int]:
    """One maze's move `mv` on codes (see shortest_sequence)."""
    to_goal = reachable(maze, goal)  # moves are reversible: distances to the goal
    table = []
    for cell in cells:
        nxt = step(maze, cell, mv)
        if nxt == goal:
            table.append(done)
        elif nxt in to_goal and to_goal[nxt] <= left:
            table.append(cells.index(nxt))
        else:
            table.append(pruned)
    return table + [done]


def _path(parent: dict, state: tuple) -> str:
    """The moves that led from the start to `state`."""
    letters = []
    while parent[state] is not None:
        state, mv = parent[state]
        letters.append(mv)
    return "".join(reversed(letters))
