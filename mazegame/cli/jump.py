"""`mazegame jump solve|energy|generate|show`: the jumping-maze command line.

The engine (and numba) is imported only when a jump action runs, so `mazegame --help` stays
instant.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from dataclasses import asdict
from typing import TextIO

from mazegame.cli.common import (
    Command,
    UsageError,
    check_output,
    parse_seed,
    random_seed,
    read_input,
    shown,
    shown_name,
    whole_number,
    write_output,
)
from mazegame.words import plural

MAX_PUZZLES = 100_000  #: a bound on --count (a puzzle takes a tenth of a second or so)
MAX_INDEX = 2**31 - 1  #: a bound on --index (a pack's length is checked when it is read)
parse_count = whole_number(1, MAX_PUZZLES)  #: --count
parse_index = whole_number(0, MAX_INDEX)  #: --index


def parse_side(text: str) -> int:
    """--size: a board side the designer builds (squares MIN_SIZE..MAX_SIZE, a hexagon of
    hexagons or triangles tiles.MIN_SIDE..MAX_SIDE; each tiling's own range is checked
    when the design starts)."""
    from mazegame.engine.jump.design import MAX_SIZE, MIN_SIZE
    from mazegame.engine.jump.tiles import MAX_SIDE, MIN_SIDE

    return whole_number(min(MIN_SIZE, MIN_SIDE), max(MAX_SIZE, MAX_SIDE))(text)


def parse_jump_tiling(text: str) -> str:
    """The board puzzles are designed on: squares, or a tiling whose registry entry says
    jumping puzzles are made on it (the registry is read only when one is given, so the
    menu's start loads no engine)."""
    from mazegame.engine.jump.tiles import jump_tilings

    boards = ["square", *jump_tilings()]
    if text not in boards:
        raise argparse.ArgumentTypeError(f"no jumping puzzles on {shown(text)}; the boards: "
                                         f"{', '.join(boards)}")
    return text


def configure(p: argparse.ArgumentParser) -> None:
    """Add the four actions and their arguments."""
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions = {
        "solve": "solve a puzzle; print length, path, uniqueness, holes and energy as JSON",
        "energy": "print Neller's energy of a puzzle, term by term",
        "generate": "design puzzles by local search; JSON lines out",
        "show": "print a puzzle as a board (with --solution, the solution jump by jump)",
    }
    parsers = {name: sub.add_parser(name, help=text, description=text)
               for name, text in actions.items()}
    for name in ("solve", "energy", "show"):
        parsers[name].add_argument("file", help="puzzle (JSON, JSON lines pack or text), "
                                   "'-' for standard input")
        parsers[name].add_argument("--index", type=parse_index, default=0, metavar="I",
                                   help="which puzzle of a pack, from 0 (default 0)")
    parsers["energy"].add_argument("--json", action="store_true", help="print JSON")
    parsers["show"].add_argument("--solution", action="store_true",
                                 help="list the shortest solution's jumps, numbered: "
                                 "from (row,column), the jump, its direction, to (row,column)")
    g = parsers["generate"]
    g.add_argument("--tiling", default="square", type=parse_jump_tiling, metavar="BOARD",
                   help="square, or a tiling jumping puzzles are made on, played on a "
                   "hexagon of its cells (an unknown name lists them) (square)")
    g.add_argument("--size", type=parse_side, default=None, metavar="N",
                   help="board side: squares 4..10 (5); hexagon side 2..8 (hex 4, "
                   "triangle 2)")
    g.add_argument("--variant", default="rook", metavar="V",
                   help="rook, queen, torus or no-u-turn; combine with '+' (rook); "
                   "hex and triangle: rook (plain) or no-u-turn")
    g.add_argument("--count", type=parse_count, default=1, metavar="K",
                   help=f"how many puzzles, 1..{MAX_PUZZLES} (1)")
    g.add_argument("--seed", type=parse_seed, default=None, help="random seed (default: random)")
    g.add_argument("--out", default=None, metavar="FILE", help="output file (default stdout)")
    g.add_argument("--json", action="store_true",
                   help="one JSON line per puzzle on stdout: seed, shortest solution length, "
                   "design time in seconds, difficulty label and score, and the puzzle (the "
                   "pack still goes to --out)")
    g.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")


def run(args: argparse.Namespace) -> int:
    """Run the chosen action; returns the exit status."""
    return {"solve": _solve, "energy": _energy, "generate": _generate, "show": _show}[
        args.action](args)


def _load(args: argparse.Namespace):
    """The puzzle the file and --index name; UsageError when unreadable or out of range."""
    from mazegame.engine.jump.file import JumpFormatError, read_pack
    from mazegame.engine.readfile import JUMP_PACK

    try:
        pack = read_pack(read_input(args.file, JUMP_PACK))
    except JumpFormatError as err:
        raise UsageError(f"{shown_name(args.file)}: {err}") from None
    if not 0 <= args.index < len(pack):
        raise UsageError(f"{args.file} holds {plural(len(pack), 'puzzle')}; "
                         f"--index is 0..{len(pack) - 1}")
    return pack[args.index]


def _solve(args: argparse.Namespace) -> int:
    """`jump solve`: print the analysis as JSON; 1 when there is no solution."""
    from mazegame.engine.jump.model import solve

    puzzle = _load(args)
    a = solve(puzzle)
    doc = {
        "length": a.length if a.solved else None,
        "path": [list(puzzle.rc(c)) for c in a.path],
        "unique": a.unique,
        "black_holes": [list(puzzle.rc(c)) for c in a.black_holes],
        "white_holes": [list(puzzle.rc(c)) for c in a.white_holes],
        "energy": a.energy.total,
    }
    write_output(None, json.dumps(doc))
    return 0 if a.solved else 1


def _energy(args: argparse.Namespace) -> int:
    """`jump energy`: print Neller's energy term by term (or JSON)."""
    from mazegame.engine.jump.model import energy

    e = energy(_load(args))
    if args.json:
        write_output(None, json.dumps(asdict(e)))
        return 0
    rows = [
        ("no unique shortest solution", e.no_unique_shortest, f"|S| = {e.states}"),
        ("unreaching states", e.unreaching, f"{e.unreaching_states} without a way to the goal"),
        ("initial forced moves", e.forced, f"m = {e.forced_moves}"),
        ("decisions", e.decisions,
         f"forward {e.forward_decisions}, backward {e.backward_decisions}"),
        ("same-jump clusters", e.clusters, "sum of (|J|-1)^2"),
    ]
    width = max(len(str(v)) for _, v, _ in rows + [("", e.total, "")])
    lines = [f"energy {e.total}"]
    lines += [f"  {name:<28} {value:>{width}}  ({why})" for name, value, why in rows]
    write_output(None, "\n".join(lines))
    return 0


class ProgressBar:
    """A one-line bar on a stream, drawn only once a run has lasted `delay` seconds, so
    quick runs print nothing."""

    def __init__(self, stream: TextIO, label: str, enabled: bool, delay: float = 0.5) -> None:
        self.stream, self.label, self.enabled, self.delay = stream, label, enabled, delay
        self.t0 = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        """Draw `done` of `total` (once the delay has passed)."""
        elapsed = time.monotonic() - self.t0
        if not self.enabled or elapsed < self.delay:
            return
        filled = 30 * done // total
        bar = "#" * filled + "." * (30 - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} {elapsed:4.0f}s")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line, if it was drawn."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def _generate(args: argparse.Namespace) -> int:
    """`jump generate`: design puzzles by local search, written as JSON lines."""
    from mazegame.engine.jump.design import daily_side, design, pack_seeds, rate
    from mazegame.engine.jump.file import to_document, write_pack
    from mazegame.engine.jump.model import solve

    check_output(args.out)
    size = daily_side(args.tiling) if args.size is None else args.size
    seed = random_seed() if args.seed is None else args.seed
    try:  # a bad size or variant for this tiling; also loads the compiled kernel, so
        # 'seconds' is design time alone
        with contextlib.suppress(RuntimeError):  # a one-change search may find nothing
            design(size, args.variant, 0, restarts=1, iterations=1, tiling=args.tiling)
    except ValueError as err:
        raise UsageError(str(err)) from None
    board = f"{size}x{size}" if args.tiling == "square" else f"side {size} {args.tiling}"
    enabled = sys.stderr.isatty() if args.progress is None else args.progress
    bar = ProgressBar(sys.stderr, f"designing {board} {args.variant}", enabled,
                      delay=0.0 if args.progress else 0.5)
    puzzles, report = [], []
    try:
        # design_pack's loop, timed puzzle by puzzle: the same seeds give the same pack.
        for i, s in enumerate(pack_seeds(seed, args.count)):
            t0 = time.perf_counter()
            puzzle = design(size, args.variant, s, tiling=args.tiling)
            seconds = time.perf_counter() - t0
            puzzles.append(puzzle)
            rating = rate(puzzle)  # the labels are calibrated on these reports (design.LEVELS)
            report.append({"seed": s, "length": solve(puzzle).length,
                           "seconds": round(seconds, 6), "difficulty": rating.label,
                           "score": rating.score, "puzzle": to_document(puzzle)})
            bar(i + 1, args.count)
    finally:
        bar.close()
    if args.json:
        write_output(None, "\n".join(json.dumps(r) for r in report))
    if args.out not in (None, "-") or not args.json:
        write_output(args.out, write_pack(puzzles))
    return 0


def board_lines(puzzle) -> list[str]:
    """The board as text: jump numbers, G, the start in brackets."""
    width = max(len(str(puzzle.max_jump)), 1)
    lines = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            cell = r * puzzle.width + c
            text = "G" if cell == puzzle.goal else str(puzzle.jumps[r, c])
            row.append(f"[{text:>{width}}]" if cell == puzzle.start else f" {text:>{width}} ")
        lines.append("".join(row).rstrip())
    return lines


def tile_lines(puzzle) -> list[str]:
    """A hex or triangle board as text: hexagons in staggered rows, triangles in rows
    marked ^ (pointing up) or v (down); G, the start in brackets."""
    hexes = puzzle.tiling == "hex"
    coords = puzzle.board.coords
    # hex: x = 4q + 2r (the rows of a pointy-top hexagon); triangle: 4 columns a triangle
    xs = (4 * coords[:, 0] + 2 * coords[:, 1]) if hexes else 4 * coords[:, 1]
    xs = xs - xs.min()
    rows: dict[int, str] = {}
    for cell in range(puzzle.cells):
        row = int(coords[cell, 1] if hexes else coords[cell, 0])
        text = "G" if cell == puzzle.goal else str(int(puzzle.jumps[cell]))
        if not hexes:
            text += "^" if (coords[cell, 0] + coords[cell, 1]) % 2 == 0 else "v"
        text = f"[{text:>2}]" if cell == puzzle.start else f" {text:>2} "
        line = rows.get(row, "")
        rows[row] = line.ljust(int(xs[cell])) + text
    return [rows[r].rstrip() for r in sorted(rows)]


def _show(args: argparse.Namespace) -> int:
    """`jump show`: print the board, with the solution's steps on --solution."""
    from mazegame.engine.jump.design import rate
    from mazegame.engine.jump.model import solve
    from mazegame.engine.jump.tiles import TilePuzzle
    from mazegame.games.jump import solution_steps

    puzzle = _load(args)
    a = solve(puzzle)
    rules = [puzzle.moves] + ["torus"] * puzzle.wrap + ["no-U-turn"] * puzzle.no_u_turn
    tiles = isinstance(puzzle, TilePuzzle)
    kind = "hexagons" if getattr(puzzle, "tiling", "") == "hex" else "triangles"
    board = (f"side {puzzle.side} hexagon of {kind}" if tiles
             else f"{puzzle.width}x{puzzle.height}")
    lines = [f"{board} jumping maze ({', '.join(rules)}): "
             "start [ ] at ({},{}), goal G at ({},{})".format(*puzzle.rc(puzzle.start),
                                                          *puzzle.rc(puzzle.goal))]
    lines += tile_lines(puzzle) if tiles else board_lines(puzzle)
    if a.solved:
        rating = rate(puzzle, a)
        lines.append(f"shortest solution: {a.length} jumps "
                     f"({'unique' if a.unique else f'{a.solutions} of them'}); "
                     f"difficulty {rating.label} ({rating.score:g})")
        if args.solution:
            # A numbered list, not step numbers on the board: those hid the jump numbers
            # and a square visited twice (no-U-turn) could show only one of its steps.
            lines.append("the solution, jump by jump (" + (
                "axial (q,r), (0,0) the middle" if tiles and puzzle.tiling == "hex" else
                "(row,column)" if tiles else "(row,column) from (0,0) at the top left") + "):")
            steps = solution_steps(puzzle)
            width = len(str(len(steps)))
            lines += [f"  {i:>{width}}. {s.text(puzzle)}" for i, s in enumerate(steps, 1)]
    else:
        lines.append("no solution: the goal cannot be reached")
    write_output(None, "\n".join(lines))
    return 0


COMMAND = Command("jump", "rook jumping mazes (squares, hexagons, triangles): solve, energy, "
                  "generate, show", configure, run)
