"""Jumping mazes: solving one, and designing puzzles by local search."""

from __future__ import annotations

from mazegame.bench.registry import bench_case


def _python_jump_bfs(jumps: list[list[int]], start: tuple[int, int]) -> dict:
    """Seed 003's breadth-first search over rook jumps, in plain Python (the reference)."""
    h, w = len(jumps), len(jumps[0])
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for r, c in frontier:
            k = jumps[r][c]
            for r2, c2 in ((r - k, c), (r + k, c), (r, c - k), (r, c + k)):
                if k and 0 <= r2 < h and 0 <= c2 < w and (r2, c2) not in dist:
                    dist[(r2, c2)] = dist[(r, c)] + 1
                    nxt.append((r2, c2))
        frontier = nxt
    return dist


@bench_case("jump solve", sizes=((10, 10), (32, 32)), quick_sizes=((10, 10),))
def _jump_solve(size):
    # The kernel side runs the whole analysis (both BFSs, path counts, energy); the
    # reference only the forward BFS, so the ratio understates the speed-up.
    import numpy as np

    from mazegame.engine.jump.model import JumpPuzzle, legal_jumps, solve

    w, h = size
    rng = np.random.default_rng(1)
    legal = legal_jumps(h, w, "rook", False)
    goal = h * w - 1
    jumps = np.array([0 if c == goal else rng.choice(np.flatnonzero(legal[c]))
                      for c in range(h * w)]).reshape(h, w)
    puzzle = JumpPuzzle(jumps, 0, goal)
    rows = jumps.tolist()
    return (lambda: solve(puzzle)), {"python": lambda: _python_jump_bfs(rows, (0, 0))}


@bench_case("jump design (1 puzzle)", sizes=((5, 5), (8, 8)), quick_sizes=((5, 5),))
def _jump_design(size):
    from mazegame.engine.jump.design import design

    return (lambda: design(size[0], "rook", 1)), {}


@bench_case("jump design (pack of 10)", sizes=((5, 5),), quick_sizes=((5, 5),))
def _jump_pack(size):
    from mazegame.engine.jump.design import design_pack

    return (lambda: design_pack(size[0], "rook", 10, 1)), {}
