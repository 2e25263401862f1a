"""The figures issue 12 asks for, measured through the public functions a user's command runs.

Big mazes (4096x4096, the largest the CLI accepts) only in the full run; `--quick` times the
same calls at small sizes, where the issue sets no target.
"""

from __future__ import annotations

from mazegame.bench.registry import Prepared, Target, bench_case
from mazegame.engine.generate import generate
from mazegame.engine.grid import set_door

BIG = (4096, 4096)
DOCUMENT_SIZES = ((1024, 1024), BIG)
QUICK_DOCUMENT_SIZES = ((256, 256),)


@bench_case("text output (to_text)", sizes=DOCUMENT_SIZES, quick_sizes=QUICK_DOCUMENT_SIZES)
def _text_output(size):
    """`mazegame generate --format text`: the maze drawn as text (target: 5 s at 4096x4096)."""
    from mazegame.engine.mazefile import to_text

    maze = generate("backtracker", size[0], size[1], 1).maze
    return Prepared(lambda: to_text(maze), target=Target(5.0) if size == BIG else None)


@bench_case("read JSON + solve bfs", sizes=DOCUMENT_SIZES, quick_sizes=QUICK_DOCUMENT_SIZES)
def _read_and_solve(size):
    """`mazegame solve FILE.json`: parse the document, then BFS (target: 15 s and 1 GiB)."""
    from mazegame.engine.mazefile import from_json, to_json
    from mazegame.engine.solve import solve

    text = to_json(generate("backtracker", size[0], size[1], 1).maze)
    return Prepared(lambda: solve("bfs", from_json(text)), memory=True,
                    target=Target(15.0, 1024) if size == BIG else None)


def _unreachable_goal_maze(width: int, height: int):
    """A perfect maze whose goal cell is walled in on every side."""
    maze = generate("backtracker", width, height, 1).maze
    goal = maze.goals[0]
    for d in range(4):
        set_door(maze.walls, maze.wrap_x, maze.wrap_y, goal, d, False)
    return maze


@bench_case("random walk, unreachable goal (default step cap)", sizes=((100, 60),),
            quick_sizes=((16, 10),))
def _walk_to_unreachable_goal(size):
    """`mazegame solve --algo random-walk` where no path exists: it must end, in bounded memory."""
    from mazegame.engine.solve import solve

    maze = _unreachable_goal_maze(*size)
    return Prepared(lambda: solve("random-walk", maze), memory=True)
