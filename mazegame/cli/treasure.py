"""`mazegame treasure MAZE [--json]`: the walk that finds a treasure hidden in a uniformly
drawn cell in the fewest expected steps (Suits 4.3), beside depth-first and nearest-first."""

from __future__ import annotations

import argparse
import json

from mazegame.cli.common import Command, UsageError, load_maze, write_output

#: The largest maze taken (the walks and their checks grow with the cells).
MAX_CELLS = 65536
#: The widest maze drawn with its cells numbered; a wider one's walk is listed.
PICTURE_COLUMNS = 40


def _configure(p: argparse.ArgumentParser) -> None:
    """Add treasure's arguments: the maze file and --json."""
    p.add_argument("file", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--json", action="store_true",
                   help='print {"walk": [[r, c], ...], "expected", "total", "exact", ...} '
                        'and the other orders under "compared"')


def run_treasure(args: argparse.Namespace) -> int:
    """Print the best walk, the three orders' expected steps and the walk itself."""
    from mazegame.engine import treasure

    maze = load_maze(args.file, user="treasure")
    if maze.size > MAX_CELLS:
        raise UsageError(f"{maze.width}x{maze.height} is {maze.size} cells: the treasure walk "
                         f"takes mazes of at most {MAX_CELLS} cells")
    try:
        best = treasure.best_walk(maze)
    except ValueError as err:
        raise UsageError(str(err)) from None
    others = {}
    for name, order in (("depth-first", treasure.depth_first),
                        ("nearest", treasure.nearest_first)):
        try:
            others[name] = order(maze)
        except ValueError:
            others[name] = None  # one-way doors trap it
    if args.json:
        write_output(None, json.dumps(_document(maze, best, others)))
    else:
        write_output(None, "\n".join(_report(maze, best, others)))
    return 0


def _document(maze, best, others) -> dict:
    """The --json document: the best walk, then the other orders' figures."""
    return {
        "walk": [list(maze.rc(c)) for c in best.walk],
        "expected": best.expected,
        "total": best.total,
        "exact": best.exact,
        "cells": best.cells,
        "method": best.method,
        "compared": [
            {"order": name, "expected": None if t is None else t.expected,
             "total": None if t is None else t.total,
             "steps": None if t is None else len(t.walk) - 1}
            for name, t in others.items()],
    }


def _report(maze, best, others) -> list[str]:
    """The table of the three orders, a note on how the best was found, and the walk."""
    from mazegame.engine.treasure import EXACT_CELLS, SEARCH_CELLS

    r, c = maze.rc(maze.start)
    lines = [f"A treasure in one of the {best.cells} cells the start ({r},{c}) reaches, "
             "each as likely:", "",
             f"{'order':<12} {'expected':>9} {'total':>10} {'steps':>7}"]
    rows = [("best", best), *others.items()]
    for name, t in rows:
        if t is None:
            lines.append(f"{name:<12} {'trapped by a one-way door':>28}")
        else:
            lines.append(f"{name:<12} {t.expected:>9.2f} {t.total:>10} {len(t.walk) - 1:>7}")
    lines.append("")
    if best.exact:
        lines.append("The best walk is exact: no walk finds the treasure sooner on average"
                     + (".\nOn a perfect maze every depth-first walk is best."
                        if best.method == "depth-first on a tree" else "."))
    elif best.method == "simple orders":
        lines.append(f"The best walk is the better simple order: the local search takes at "
                     f"most {SEARCH_CELLS} cells,\nthe exact search {EXACT_CELLS} (and any "
                     "perfect maze).")
    else:
        lines.append(f"The best walk is a heuristic (local search): proved best only up to "
                     f"{EXACT_CELLS} cells,\nor on a perfect maze.")
    if maze.width <= PICTURE_COLUMNS:
        lines += ["", "Each cell numbered by the step the best walk first enters it:"]
        lines += _numbered_picture(maze, best.first_steps())
    else:
        lines += ["", "The best walk (row,column):"]
        cells = [f"{r},{c}" for r, c in map(maze.rc, best.walk)]
        lines += [" ".join(cells[i:i + 12]) for i in range(0, len(cells), 12)]
    return lines


def _numbered_picture(maze, first: dict[int, int]) -> list[str]:
    """The maze's picture with each reachable cell's room holding its first-entry step."""
    from mazegame.engine.mazetext import picture_lines

    room = max(3, len(str(max(first.values()))))
    lines = [list(line) for line in picture_lines(maze, room_width=room)]
    for cell in range(maze.size):
        r, c = maze.rc(cell)
        at = c * (room + 1) + 1
        text = str(first[cell]) if cell in first else ""
        lines[2 * r + 1][at:at + room] = list(text.center(room + 1)[:room])
    return ["".join(line) for line in lines]


COMMAND = Command("treasure", "the best walk to a treasure hidden in an unknown cell "
                  "(Suits 4.3)", _configure, run_treasure)
