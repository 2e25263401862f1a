"""The `mazegame` command: play (the default), generate, solve, bench.

Each subcommand is one entry in COMMANDS: a function that adds its arguments and one that
runs it. Bad arguments exit with status 2 and one clear line, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mazegame import __version__


class UsageError(Exception):
    """A problem with the user's input: printed as one line, exit status 2."""


@dataclass(frozen=True)
class Command:
    """One subcommand: `configure(parser)` adds its arguments, `run(args) -> exit status`."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, configure: Callable[[argparse.ArgumentParser], None]):
    """Register the decorated function as the runner of subcommand `name`."""

    def wrap(run: Callable[[argparse.Namespace], int]):
        COMMANDS[name] = Command(name, help, configure, run)
        return run

    return wrap


# -- shared argument parsing ---------------------------------------------------
def parse_size(text: str) -> tuple[int, int]:
    """'WxH' -> (W, H)."""
    from mazegame.engine.generate import check_size

    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 40x20, not {text!r}") from None
    try:
        check_size(w, h)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return w, h


def parse_cell(text: str) -> tuple[int, int]:
    """'r,c' -> (r, c)."""
    try:
        r, c = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a cell looks like 3,4 (row,column), not {text!r}"
        ) from None
    return r, c


def parse_seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None
    if not 0 <= seed < 2**31:
        raise argparse.ArgumentTypeError("seed must be in 0..2147483647")
    return seed


def parse_wrap(text: str) -> tuple[bool, bool]:
    if text not in ("", "x", "y", "xy", "yx", "none"):
        raise argparse.ArgumentTypeError(f"wrap is x, y or xy, not {text!r}")
    return "x" in text, "y" in text


def add_maze_options(
    parser: argparse.ArgumentParser, default_size: tuple[int, int] | None = None
) -> None:
    """--algo/--size/--seed/--wrap, shared by generate and play."""
    parser.add_argument("--algo", default="backtracker", help="generator name (see --list)")
    parser.add_argument(
        "--size", type=parse_size, default=default_size,
        metavar="WxH", help="maze size in cells, e.g. 40x20",
    )
    parser.add_argument("--seed", type=parse_seed, default=None,
                        help="random seed (default: random)")
    parser.add_argument("--wrap", type=parse_wrap, default=(False, False), metavar="x|y|xy",
                        help="wrap around the edges (torus or cylinder)")


def read_input(path: str) -> str:
    """Text of a file, or of standard input for '-'."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not a text file") from None


def write_output(path: str | None, text: str) -> None:
    """Write to a file, or to standard output for None or '-'."""
    if path in (None, "-"):
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    try:
        Path(path).write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None


def load_maze(path: str):
    """A maze from a JSON document or a text picture (file or '-')."""
    from mazegame.engine.mazefile import MazeFormatError, from_json, from_text

    text = read_input(path)
    try:
        return from_json(text) if text.lstrip().startswith("{") else from_text(text)
    except MazeFormatError as err:
        raise UsageError(f"{path}: {err}") from None


def random_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


# -- generate -------------------------------------------------------------------
def _configure_generate(p: argparse.ArgumentParser) -> None:
    add_maze_options(p, default_size=(20, 10))
    p.add_argument("--format", choices=("json", "text", "ascii"), default="text")
    p.add_argument("-o", "--output", default=None, help="output file ('-' or none: stdout)")
    p.add_argument("--list", action="store_true", help="print the generator names and exit")
    p.add_argument("--braid", type=float, default=0.0, metavar="P",
                   help="remove this fraction (0..1) of dead ends, adding loops")
    p.add_argument("--stats", action="store_true",
                   help="print dead ends, junctions, solution length, diameter ... "
                        "(JSON: a \"stats\" object)")
    # Generator-specific options; each generator's registry entry says which it takes.
    p.add_argument("--mode", default=None, help="growing-tree: newest, random, oldest or mix")
    p.add_argument("--bias", default=None, help="binary-tree: ne, nw, se or sw")
    p.add_argument("--start", type=parse_cell, default=None, metavar="R,C",
                   help="unicursal: start cell (default 0,0)")
    p.add_argument("--end", type=parse_cell, default=None, metavar="R,C",
                   help="unicursal: end cell (default: random)")


@command("generate", "generate a maze and print it as JSON or a picture", _configure_generate)
def run_generate(args: argparse.Namespace) -> int:
    from mazegame.engine.generate import GENERATORS, generate
    from mazegame.engine.mazefile import to_document, to_text

    if args.list:
        write_output(None, "\n".join(GENERATORS))
        return 0
    width, height = args.size
    seed = random_seed() if args.seed is None else args.seed
    given = {"mode": args.mode, "bias": args.bias, "start": args.start, "end": args.end}
    options = {name: value for name, value in given.items() if value is not None}
    try:
        maze = generate(args.algo, width, height, seed, wrap_x=args.wrap[0], wrap_y=args.wrap[1],
                        braid=args.braid, options=options).maze
    except ValueError as err:
        raise UsageError(str(err)) from None
    stats = None
    if args.stats:
        from mazegame.engine.stats import maze_stats

        stats = maze_stats(maze)
    if args.format == "json":
        doc = to_document(maze)
        if stats is not None:
            doc["stats"] = stats.as_dict()
        write_output(args.output, json.dumps(doc, separators=(",", ":")))
        return 0
    write_output(args.output, to_text(maze, "ascii" if args.format == "ascii" else "box"))
    if stats is not None:  # after the picture, and never into the maze file
        label_width = max(len(label) for label, _ in stats.rows())
        write_output(None, "\n".join(f"{label:<{label_width}}  {value}"
                                     for label, value in stats.rows()))
    return 0


# -- solve ----------------------------------------------------------------------
def _configure_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--algo", default="bfs", help="solver name (see --list)")
    p.add_argument("--format", choices=("json", "text"), default="text")
    p.add_argument("--list", action="store_true", help="print the solver names and exit")
    p.add_argument("--seed", type=parse_seed, default=0,
                   help="seed of the random choices (random-walk, lru-doors, tremaux)")
    p.add_argument("--budget", type=int, default=None, metavar="STEPS",
                   help="most steps a walker may take (default: plenty)")
    p.add_argument("--facing", choices=("north", "east", "south", "west"), default=None,
                   help="initial heading of a walker (pledge: its preferred heading)")


@command("solve", "solve a maze file and print the path", _configure_solve)
def run_solve(args: argparse.Namespace) -> int:
    from mazegame.engine.grid import DIRECTION_NAMES
    from mazegame.engine.solve import SOLVERS, solve

    if args.list:
        write_output(None, "\n".join(SOLVERS))
        return 0
    if args.file is None:
        raise UsageError("solve needs a maze file (or '-' for standard input)")
    maze = load_maze(args.file)
    try:
        facing = None if args.facing is None else DIRECTION_NAMES.index(args.facing)
        result = solve(args.algo, maze, seed=args.seed, budget=args.budget, facing=facing)
    except ValueError as err:
        raise UsageError(str(err)) from None
    # Not found: no length and no path, but how far it got, the work done and why it stopped
    # ("reason" is a stable code, "message" the text for people).
    if args.format == "json":
        doc = {
            "algorithm": result.algorithm,
            "found": result.found,
            "length": result.length,
            "path": [list(maze.rc(c)) for c in result.path] if result.found else [],
            "visited": result.visited,
            "steps": result.steps,
            "reason": result.stop,
            "message": result.reason or "goal reached",
        }
        if not result.found:
            doc["stopped_at"] = list(maze.rc(result.path[-1]))
        write_output(None, json.dumps(doc))
    else:
        from mazegame.engine.mazefile import to_text

        lines = [to_text(maze).rstrip("\n")]
        lines.append(
            f"{result.algorithm}: path of {result.length} moves, {result.visited} cells visited, "
            f"{result.steps:,} steps"
            if result.found else
            f"{result.algorithm}: not found ({result.reason}; {result.steps:,} steps)"
        )
        write_output(None, "\n".join(lines))
    return 0 if result.found else 1


# -- play -----------------------------------------------------------------------
def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("mode", nargs="?", default=None, help="game mode (default: the main menu)")
    p.add_argument("file", nargs="?", default=None,
                   help="a maze file to play (a jump mode: a puzzle or pack file)")
    add_maze_options(p)
    chase = p.add_argument_group("chase and race")
    chase.add_argument("--view", choices=("birds-eye", "blind", "eye"), default=None)
    chase.add_argument("--demon", choices=("tracker", "cheese", "wanderer"), default=None)
    chase.add_argument("--difficulty", choices=("easy", "normal", "hard", "nightmare"),
                       default=None)
    chase.add_argument("--turn-based", action="store_true", default=None,
                       help="the demon moves when you move (default: real time)")
    chase.add_argument("--two-player", action="store_true", default=None,
                       help="a second human moves the demon with the arrow keys")


@command("play", "play a game mode (the default command)", _configure_play)
def run_play(args: argparse.Namespace) -> int:
    from mazegame.engine.generate import GENERATORS
    from mazegame.games.setup import GameSetup
    from mazegame.ui.app import MazeApp
    from mazegame.ui.modes import MODES

    setup = None
    if args.mode is not None:
        if args.mode not in MODES:
            raise UsageError(f"unknown mode {args.mode!r}; modes: {', '.join(MODES)}")
        if args.algo not in GENERATORS:
            raise UsageError(f"unknown generator {args.algo!r}; see `mazegame generate --list`")
        if any(args.wrap) and not GENERATORS[args.algo].wraps:
            raise UsageError(f"generator {args.algo!r} cannot build wrap-around mazes")
        options = tuple((key, value) for key in CHASE_OPTIONS
                        if (value := getattr(args, key)) is not None)
        setup = GameSetup(args.mode, args.algo, args.size, args.seed, *args.wrap,
                          options=options)
        if args.file is not None:
            setup = _with_file(setup, args.file, MODES[args.mode].maze_settings)
    MazeApp(setup).run()
    return 0


CHASE_OPTIONS = ("view", "demon", "difficulty", "turn_based", "two_player")


def _with_file(setup, path: str, plays_mazes: bool):
    """The setup playing a file: a maze level, or a jumping-maze puzzle pack."""
    from dataclasses import replace

    if plays_mazes:
        return replace(setup, level=load_maze(path))
    from mazegame.engine.jumpfile import JumpFormatError, read_pack

    try:
        read_pack(read_input(path))
    except JumpFormatError as err:
        raise UsageError(f"{path}: {err}") from None
    return replace(setup, options=(("file", path),))


# -- bench ----------------------------------------------------------------------
def _configure_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    p.add_argument("--quick", action="store_true", help="only the small sizes")
    p.add_argument("--only", default=None, help="only cases whose name contains this text")


@command("bench", "time the kernels against plain-Python references", _configure_bench)
def run_bench(args: argparse.Namespace) -> int:
    from mazegame.bench import format_table, run_cases

    rows = run_cases(quick=args.quick, only=args.only, progress=None if args.json else sys.stderr)
    write_output(None, json.dumps(rows, indent=1) if args.json else format_table(rows))
    return 0


# -- jump -----------------------------------------------------------------------
def _configure_jump(p: argparse.ArgumentParser) -> None:
    from mazegame.jump_cli import configure

    configure(p)


@command("jump", "rook jumping mazes: solve, energy, generate, show", _configure_jump)
def run_jump(args: argparse.Namespace) -> int:
    from mazegame.jump_cli import run

    return run(args)


# -- matrices -------------------------------------------------------------------
MATRIX_PRINT_MAX_CELLS = 1024
MATRIX_KINDS = {
    "1": "M^1, the connection matrix",
    "c": "M^c, the complete connection matrix",
    "d": "M^d, the minimum distance matrix",
    "s": "M^s, the solution matrix",
}


def _configure_matrices(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--kind", choices=tuple(MATRIX_KINDS), default="d",
                   help="1: connection, c: complete connection, d: minimum distance, "
                        "s: solution matrix for --goal")
    p.add_argument("--goal", type=parse_cell, default=None, metavar="R,C",
                   help="goal cell of the solution matrix (default: the maze's first goal)")
    p.add_argument("--method", choices=("matrix", "bfs"), default="matrix",
                   help="d and s: Suits' matrix powers (small mazes) or BFS from every cell")


@command("matrices", "print a maze's connection, distance or solution matrix (Suits 2.3, 4)",
         _configure_matrices)
def run_matrices(args: argparse.Namespace) -> int:
    from mazegame.engine import matrices as mx

    maze = load_maze(args.file)
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


# -- main -----------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line and status 2, as argparse does, minus usage spam
        self.exit(2, f"mazegame: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mazegame",
        description="A terminal maze game and maze-algorithm lab. Run with no arguments to play.",
    )
    parser.add_argument("--version", action="version", version=f"mazegame {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for cmd in COMMANDS.values():
        cmd.configure(sub.add_parser(cmd.name, help=cmd.help, description=cmd.help))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        args = build_parser().parse_args(["play", *(argv or [])])
    try:
        return COMMANDS[args.command].run(args)
    except UsageError as err:
        print(f"mazegame: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mazegame generate | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
