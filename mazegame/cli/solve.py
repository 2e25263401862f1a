"""`mazegame solve`: run a registered solver on a maze file and print the path."""

from __future__ import annotations

import argparse
import json

from mazegame.cli.common import (
    Command,
    UsageError,
    board_picture,
    load_maze,
    parse_budget,
    parse_seed,
    registry_listing,
    write_output,
)


def _configure_solve(p: argparse.ArgumentParser) -> None:
    """Add solve's options: file, --algo, --format, --list, --seed, --budget, --facing."""
    p.add_argument("file", nargs="?", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--algo", default="bfs", help="solver name (see --list)")
    p.add_argument("--format", choices=("json", "text"), default="text")
    p.add_argument("--list", action="store_true",
                   help="print each solver's name and title, and exit")
    p.add_argument("--seed", type=parse_seed, default=0,
                   help="seed of the random choices (random-walk, lru-doors, tremaux)")
    p.add_argument("--budget", type=parse_budget, default=None, metavar="STEPS",
                   help="most steps a walker may take (default: plenty)")
    p.add_argument("--facing", choices=("north", "east", "south", "west"), default=None,
                   help="initial heading of a walker (pledge: its preferred heading)")


def run_solve(args: argparse.Namespace) -> int:
    """Print the maze with the solver's path, or JSON; 0 when found, 1 when not."""
    from mazegame.engine.grid import DIRECTION_NAMES, Maze
    from mazegame.engine.solve import SOLVERS, solve

    if args.list:
        write_output(None, registry_listing(SOLVERS))
        return 0
    if args.file is None:
        raise UsageError("solve needs a maze file (or '-' for standard input)")
    maze = load_maze(args.file, tilings=None)
    on_board = not isinstance(maze, Maze)
    if on_board:
        _check_board_solver(args, maze)
    try:
        facing = None if args.facing is None else DIRECTION_NAMES.index(args.facing)
        result = solve(args.algo, maze, seed=args.seed, budget=args.budget, facing=facing)
    except ValueError as err:
        raise UsageError(str(err)) from None
    # Not found: no length and no path, but how far it got, the work done and why it stopped
    # ("reason" is a stable code, "message" the text for people).
    # where a square maze's cells are [row, column], a board's are numbers (its document's)
    cell = int if on_board else (lambda c: list(maze.rc(c)))
    if args.format == "json":
        doc = {
            "algorithm": result.algorithm,
            "found": result.found,
            "length": result.length,
            "path": [cell(c) for c in result.path] if result.found else [],
            "visited": result.visited,
            "steps": result.steps,
            "reason": result.stop,
            "message": result.reason or "goal reached",
        }
        if not result.found:
            doc["stopped_at"] = cell(result.path[-1])
        write_output(None, json.dumps(doc))
    else:
        from mazegame.engine.mazefile import text_chunks

        if on_board:
            lines = [line + "\n" for line in board_picture(maze.tiling)(maze, "box")]
        else:
            lines = list(text_chunks(maze))  # the picture in bands, each ending with a newline
        lines.append(
            f"{result.algorithm}: path of {result.length} moves, {result.visited} cells visited, "
            f"{result.steps:,} steps"
            if result.found else
            f"{result.algorithm}: not found ({result.reason}; {result.steps:,} steps)"
        )
        write_output(None, lines)  # piece by piece: no copy of a huge picture
    return 0 if result.found else 1


def _check_board_solver(args: argparse.Namespace, maze) -> None:
    """Refuse a solver, or a --facing, that this maze on a board cannot take, naming the
    solvers that can (`solve.handles`: a solver with `boards`, turning only where the
    tiling has a left and a right)."""
    from mazegame.engine.solve import SOLVERS, handles

    tiling = maze.tiling
    if args.algo in SOLVERS and not handles(args.algo, maze):
        takers = [name for name in SOLVERS if handles(name, maze)]
        raise UsageError(f"solver {args.algo!r} does not solve this {tiling} maze; it is "
                         f"solved by {', '.join(takers)}")
    if args.facing is not None:
        raise UsageError(f"--facing is for walkers on square mazes, not {tiling} ones")


COMMAND = Command("solve", "solve a maze file and print the path", _configure_solve, run_solve)
