"""`mazegame matrices`: print a small maze's Suits matrices (M^1, M^c, M^d, M^s)."""

from __future__ import annotations

import argparse

from mazegame.cli.common import Command, UsageError, load_maze, parse_cell, write_output

MATRIX_PRINT_MAX_CELLS = 1024
MATRIX_KINDS = {
    "1": "M^1, the connection matrix",
    "c": "M^c, the complete connection matrix",
    "d": "M^d, the minimum distance matrix",
    "s": "M^s, the solution matrix",
}


def _configure_matrices(p: argparse.ArgumentParser) -> None:
    """Add matrices' options: the file, --kind, --goal, --method."""
    p.add_argument("file", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--kind", choices=tuple(MATRIX_KINDS), default="d",
                   help="1: connection, c: complete connection, d: minimum distance, "
                        "s: solution matrix for --goal")
    p.add_argument("--goal", type=parse_cell, default=None, metavar="R,C",
                   help="goal cell of the solution matrix (default: the maze's first goal)")
    p.add_argument("--method", choices=("matrix", "bfs"), default="matrix",
                   help="d and s: Suits' matrix powers (small mazes) or BFS from every cell")


def run_matrices(args: argparse.Namespace) -> int:
    """Print the matrix asked for; 1 when M^c finds the maze not connected."""
    from mazegame.engine import matrices as mx

    maze = load_maze(args.file, user="matrices")
    if maze.size > MATRIX_PRINT_MAX_CELLS:
        raise UsageError(f"{args.file}: {maze.size} cells make a matrix too big to print "
                         f"(at most {MATRIX_PRINT_MAX_CELLS} cells)")
    goal = maze.goals[0]
    if args.goal is not None:
        r, c = args.goal
        if not (0 <= r < maze.height and 0 <= c < maze.width):
            raise UsageError(f"goal {r},{c} lies outside the {maze.width}x{maze.height} maze")
        goal = maze.index(r, c)
    by_matrix = args.kind in ("1", "c") or args.method == "matrix"
    try:
        m1 = mx.connection_matrix(maze) if by_matrix else None
    except ValueError as err:
        hint = "; try --method bfs" if args.kind in ("d", "s") else ""
        raise UsageError(f"{err}{hint}") from None
    title = MATRIX_KINDS[args.kind]
    if args.kind == "1":
        matrix = m1
    elif args.kind == "c":
        complete = mx.complete_connection(m1)
        if complete is None:
            write_output(None, f"not connected: M^{max(1, maze.size - 1)} still has zero entries")
            return 1
        power, matrix = complete
        title += f": M^c = M^{power}"
    else:
        md = mx.distance_matrix_by_powers(m1) if by_matrix else mx.distance_matrix(maze)
        matrix = md if args.kind == "d" else mx.solution_matrix(md, goal)
        if args.kind == "s":
            title += f" for goal {goal + 1} (row {goal // maze.width}, column {goal % maze.width})"
    write_output(None, f"{title}; cells numbered 1..{maze.size} row by row\n"
                       + mx.format_matrix(matrix))
    return 0


COMMAND = Command("matrices",
                  "print a maze's connection, distance or solution matrix (Suits 2.3, 4)",
                  _configure_matrices, run_matrices)
