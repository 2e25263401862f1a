"""What the game computes per frame or per turn: the player's-eye view and the demon."""

from __future__ import annotations

from mazegame.bench.registry import bench_case
from mazegame.engine.generate import generate
from mazegame.engine.graph import bfs, maze_graph


@bench_case("player's-eye frame", sizes=((60, 20), (200, 60), (240, 70)),
            quick_sizes=((200, 60),))
def _eye_frame(size):
    from mazegame.eyesight import look, render_view

    width, height = size
    maze = generate("backtracker", 40, 40, 1).maze
    facing = next(d for d in range(4) if maze.step(maze.start, d) != maze.start)
    return (lambda: render_view(look(maze, maze.start, facing, 8), width, height, 8)), {}


# -- the demon (issue 6) ---------------------------------------------------------------------
_DEMON_SIZES = ((50, 50), (200, 200), (1000, 1000))


def _demon_decisions(size, strategy: str, near: bool, braid: float = 0.2):
    """One tracker decision per call, each towards a target no cached search holds.

    The demon stands about 50 moves from the player (near) or at the far end of the maze;
    the player steps along the last cells of the demon's route, one more than the brain
    caches, so every decision is a fresh M^s column. Reference: the whole column computed
    the plain way (`matrices.solution_moves`: a full BFS plus every cell's closer moves).
    """
    from mazegame.engine.demon import SEARCH_SLOTS, DemonBrain
    from mazegame.engine.graph import path_to
    from mazegame.engine.matrices import solution_moves

    w, h = size
    maze = generate("backtracker", w, h, 1, braid=braid).maze
    player = maze.index(h // 2, w // 2) if near else maze.size - 1
    to_player, _, _ = bfs(maze_graph(maze).reversed(), player)
    demon = int(abs(to_player - 50).argmin()) if near else int(to_player.argmax())
    dist, parent, _ = bfs(maze_graph(maze), demon)
    targets = path_to(dist, parent, player)[-(SEARCH_SLOTS + 1):]
    brain = DemonBrain(maze, strategy)
    turn = [0]

    def decide():
        turn[0] += 1
        return brain.next_move(demon, targets[turn[0] % len(targets)])

    return decide, {"full M^s column": lambda: solution_moves(maze, player)}


for _where in ("near", "far"):
    bench_case(f"demon decision on-demand ({_where})", sizes=_DEMON_SIZES,
               quick_sizes=((200, 200),))(
        lambda size, _near=_where == "near": _demon_decisions(size, "on-demand", _near))
# A perfect maze (no braiding): the route is unique, and the brain answers from its tree.
bench_case("demon decision on-demand (far, perfect maze)", sizes=_DEMON_SIZES,
           quick_sizes=((200, 200),))(
    lambda size: _demon_decisions(size, "on-demand", False, braid=0.0))
bench_case("demon decision all-pairs (far)", sizes=((50, 50), (64, 64)),
           quick_sizes=((50, 50),))(lambda size: _demon_decisions(size, "all-pairs", False))


def _largest_table_side() -> int:
    """The side of the largest square maze whose next-move table fits the default budget."""
    from mazegame.engine.demon import DEFAULT_BUDGET

    return int(DEFAULT_BUDGET ** 0.25)


_SIDE = _largest_table_side()


@bench_case(f"demon all-pairs table build ({_SIDE}x{_SIDE}: {_SIDE ** 4 / 2**20:.1f} MiB uint8)",
            sizes=((_SIDE, _SIDE),), quick_sizes=((_SIDE, _SIDE),))
def _demon_table(size):
    # Reference: M^d itself by all-pairs BFS (int32, 4x the memory), which the table replaces.
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.matrices import distance_matrix

    maze = generate("backtracker", size[0], size[1], 1, braid=0.2).maze
    return (lambda: DemonBrain(maze, "all-pairs")), {"M^d (int32)": lambda: distance_matrix(maze)}
