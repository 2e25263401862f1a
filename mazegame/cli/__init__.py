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

from mazegame import __version__
from mazegame.cli.common import (  # noqa: F401  (re-exported: subcommand modules use them)
    MAX_INPUT_BYTES,
    UsageError,
    check_output,
    one_line,
    read_input,
    write_output,
)


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
    """A seed: the same rule as the seed boxes on screen (0..2147483647, ASCII digits)."""
    from mazegame.games.setup import parse_seed as parse

    try:
        seed = parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if seed is None:
        raise argparse.ArgumentTypeError("a seed is a whole number, not blank")
    return seed


def parse_budget(text: str) -> int:
    """A step budget: a whole number the engine accepts (see `check_budget`)."""
    from mazegame.engine.solve.registry import check_budget

    try:
        budget = int(text) if text.strip().isascii() else None
    except ValueError:
        budget = None
    if budget is None:
        raise argparse.ArgumentTypeError(f"budget must be a whole number, not {text!r}")
    try:
        check_budget(budget)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return budget


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


def load_maze(path: str):
    """A maze from a JSON document or a text picture (file or '-')."""
    from mazegame.engine.mazefile import MazeFormatError, read_maze

    text = read_input(path)
    try:
        return read_maze(text)
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
    from mazegame.engine.mazefile import text_chunks, to_document

    if args.list:
        write_output(None, "\n".join(GENERATORS))
        return 0
    check_output(args.output)
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
    write_output(args.output, text_chunks(maze, "ascii" if args.format == "ascii" else "box"))
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
    p.add_argument("--budget", type=parse_budget, default=None, metavar="STEPS",
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
        from mazegame.engine.mazefile import text_chunks

        lines = list(text_chunks(maze))  # the picture in bands, each ending with a newline
        lines.append(
            f"{result.algorithm}: path of {result.length} moves, {result.visited} cells visited, "
            f"{result.steps:,} steps"
            if result.found else
            f"{result.algorithm}: not found ({result.reason}; {result.steps:,} steps)"
        )
        write_output(None, lines)  # piece by piece: no copy of a huge picture
    return 0 if result.found else 1


# -- play -----------------------------------------------------------------------
#: The mode settings `play` takes as options; each mode's registry entry says which it has.
MODE_OPTIONS = ("view", "demon", "difficulty", "turn_based", "two_player")


def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("mode", nargs="?", default=None, help="game mode (default: the main menu)")
    p.add_argument("file", nargs="?", default=None,
                   help="a maze file to play (a jump mode: a puzzle or pack file)")
    p.add_argument("--list", action="store_true",
                   help="print the modes and the settings each takes, and exit")
    add_maze_options(p)
    p.set_defaults(algo=None)  # so a mode that builds no maze can tell it was given
    chase = p.add_argument_group("mode settings (which mode takes which: see --list)")
    chase.add_argument("--view", default=None, help="chase and race: birds-eye, blind or eye")
    chase.add_argument("--demon", default=None, help="chase and race: the demon's personality")
    chase.add_argument("--difficulty", default=None, help="e.g. easy, normal, hard")
    chase.add_argument("--turn-based", action="store_true", default=None,
                       help="the demon moves when you move (default: real time)")
    chase.add_argument("--two-player", action="store_true", default=None,
                       help="a second human moves the demon with the arrow keys")


def mode_listing() -> str:
    """One line a mode: name, title and the settings it takes with their values."""
    from mazegame.ui.modes import MODES

    lines = []
    for name, mode in MODES.items():
        settings = [f"--{c.key.replace('_', '-')} " + "|".join(str(v) for _, v in c.values if v)
                    if c.key in ("view", "demon", "difficulty") else f"--{c.key.replace('_', '-')}"
                    for c in mode.choices if c.key in MODE_OPTIONS]
        lines.append(f"{name:<10} {mode.title:<16} {' '.join(settings)}".rstrip())
    return "\n".join(lines)


def play_setup(args: argparse.Namespace):
    """The GameSetup the arguments ask for (None: the menu); refuses what the mode cannot use."""
    from mazegame.engine.generate import GENERATORS
    from mazegame.games.setup import GameSetup
    from mazegame.ui.modes import MODES

    if args.mode is None:
        if args.file is not None or any(getattr(args, key) is not None for key in MODE_OPTIONS):
            raise UsageError("name a mode to play a file or take settings "
                             "(see `mazegame play --list`)")
        return None
    mode = MODES.get(args.mode)
    if mode is None:
        raise UsageError(f"unknown mode {args.mode!r}; modes: {', '.join(MODES)}")
    if not mode.maze_settings and mode.name != "lab":
        given = [f"--{k}" for k in ("algo", "size", "seed") if getattr(args, k) is not None]
        if given or any(args.wrap):
            raise UsageError(f"{mode.name} builds no maze: it takes no "
                             f"{', '.join(given or ['--wrap'])}")
    if mode.name == "lab" and any(args.wrap):
        raise UsageError("the lab builds mazes without wrap-around")
    algo = args.algo or "backtracker"
    if algo not in GENERATORS:
        raise UsageError(f"unknown generator {algo!r}; see `mazegame generate --list`")
    if any(args.wrap) and not GENERATORS[algo].wraps:
        raise UsageError(f"generator {algo!r} cannot build wrap-around mazes")
    if args.size is not None and args.size[0] * args.size[1] < 2:
        raise UsageError("a maze to play needs at least 2 cells (try --size 2x1 or more)")
    setup = GameSetup(mode.name, algo, args.size, args.seed, *args.wrap,
                      options=_mode_options(args, mode))
    if args.file is not None:
        setup = _with_file(setup, args.file, mode)
    return setup


def _mode_options(args: argparse.Namespace, mode) -> tuple:
    """The mode settings given, as (key, value); refused where the mode has no such setting
    or no such value, naming what it takes."""
    from mazegame.ui.modes import MODES

    choices = {c.key: c for c in mode.choices}
    options = []
    for key in MODE_OPTIONS:
        value = getattr(args, key)
        if value is None:
            continue
        flag = "--" + key.replace("_", "-")
        if key not in choices:
            takers = [m.name for m in MODES.values() if key in {c.key for c in m.choices}]
            raise UsageError(f"{mode.name} has no {flag} setting (it is for "
                             f"{', '.join(takers)})")
        values = [v for _, v in choices[key].values]
        if value not in values:
            names = ", ".join(str(v) for v in values if v)
            raise UsageError(f"{mode.name} {flag} is one of {names}; not {value!r}")
        options.append((key, value))
    return tuple(options)


@command("play", "play a game mode (the default command)", _configure_play)
def run_play(args: argparse.Namespace) -> int:
    if args.list:
        write_output(None, mode_listing())
        return 0
    setup = play_setup(args)
    from mazegame.ui.app import MazeApp

    MazeApp(setup).run()
    return 0


def _with_file(setup, path: str, mode):
    """The setup playing a file: a maze level, or a jumping-maze puzzle pack."""
    from dataclasses import replace

    from mazegame.ui.modes import MODES

    if mode.files is None:
        readers = ", ".join(name for name, m in MODES.items() if m.files == "maze")
        raise UsageError(f"{mode.name} plays no file; a maze file plays in {readers}")
    if mode.files == "maze":
        maze = load_maze(path)
        if maze.start in maze.goals:
            raise UsageError(f"{path}: the start is a goal, so there is nothing to play")
        return replace(setup, level=maze)
    from mazegame.engine.jumpfile import JumpFormatError, read_pack

    try:
        read_pack(read_input(path))
    except JumpFormatError as err:
        raise UsageError(f"{path}: {err}") from None
    return replace(setup, options=(*setup.options, ("file", path)))


# -- bench ----------------------------------------------------------------------
def parse_cap(text: str) -> float:
    """'10' -> 10.0 seconds: the most one timed call of the bench may take."""
    try:
        cap = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cap is a number of seconds, not {text!r}") from None
    if not 0 < cap <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"cap must be more than 0 and at most 3600 s, not {text}")
    return cap


def _configure_bench(p: argparse.ArgumentParser) -> None:
    from mazegame.bench.registry import DEFAULT_CAP

    p.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    p.add_argument("--quick", action="store_true", help="only the small sizes")
    p.add_argument("--only", default=None, help="only cases whose name contains this text")
    p.add_argument("--cap", type=parse_cap, default=DEFAULT_CAP, metavar="SECONDS",
                   help=f"stop any timed call after this long and report a lower bound "
                        f"(default {DEFAULT_CAP:g})")


@command("bench", "time the kernels against plain-Python references and mazelib",
         _configure_bench)
def run_bench(args: argparse.Namespace) -> int:
    from mazegame.bench.report import format_table
    from mazegame.bench.runner import run_cases

    rows = run_cases(quick=args.quick, only=args.only, cap=args.cap,
                     progress=None if args.json else sys.stderr)
    if not rows:
        raise UsageError(f"no bench case matches --only {args.only!r}")
    write_output(None, json.dumps(rows, indent=1) if args.json else format_table(rows))
    return 0


# -- jump -----------------------------------------------------------------------
def _configure_jump(p: argparse.ArgumentParser) -> None:
    from mazegame.cli.jump import configure

    configure(p)


@command("jump", "rook jumping mazes: solve, energy, generate, show", _configure_jump)
def run_jump(args: argparse.Namespace) -> int:
    from mazegame.cli.jump import run

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
        self.exit(2, f"mazegame: error: {one_line(message)}\n")


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
    """Run the command line; returns the exit status (130 after Ctrl-C)."""
    try:
        return _run(argv)
    except KeyboardInterrupt:  # anywhere: parsing, lazy imports, numba compiles, kernels
        print("mazegame: interrupted", file=sys.stderr)
        return 130


def _run(argv: list[str] | None) -> int:
    """Parse and run one subcommand; bad input is one line on stderr and status 2."""
    try:
        args = _parse(argv)
        if isinstance(args, int):
            return args
        return COMMANDS[args.command].run(args)
    except UsageError as err:
        print(f"mazegame: error: {one_line(str(err))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mazegame generate | head`
        _silence_stdout()
        return 0


def _parse(argv: list[str] | None) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status argparse chose (--help: 0, bad ones: 2)."""
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            args = build_parser().parse_args(["play", *(argv or [])])
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 2
    return args


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the exit-time flush of a closed pipe stays quiet."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError, AttributeError):  # no real fd (tests)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
