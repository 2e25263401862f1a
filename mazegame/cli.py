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
        raise argparse.ArgumentTypeError(f"a cell looks like 3,4 (row,column), not {text!r}") from None
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


def add_maze_options(parser: argparse.ArgumentParser, default_size: str | None = None) -> None:
    """--algo/--size/--seed/--wrap, shared by generate and play."""
    parser.add_argument("--algo", default="backtracker", help="generator name (see --list)")
    parser.add_argument(
        "--size", type=parse_size, default=parse_size(default_size) if default_size else None,
        metavar="WxH", help="maze size in cells, e.g. 40x20",
    )
    parser.add_argument("--seed", type=parse_seed, default=None, help="random seed (default: random)")
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
    add_maze_options(p, default_size="20x10")
    p.add_argument("--format", choices=("json", "text", "ascii"), default="text")
    p.add_argument("-o", "--output", default=None, help="output file ('-' or none: stdout)")
    p.add_argument("--list", action="store_true", help="print the generator names and exit")


@command("generate", "generate a maze and print it as JSON or a picture", _configure_generate)
def run_generate(args: argparse.Namespace) -> int:
    from mazegame.engine.generate import GENERATORS, generate
    from mazegame.engine.mazefile import to_json, to_text

    if args.list:
        write_output(None, "\n".join(GENERATORS))
        return 0
    width, height = args.size
    seed = random_seed() if args.seed is None else args.seed
    try:
        maze = generate(args.algo, width, height, seed, wrap_x=args.wrap[0], wrap_y=args.wrap[1]).maze
    except ValueError as err:
        raise UsageError(str(err)) from None
    text = {"json": to_json, "text": to_text, "ascii": lambda m: to_text(m, "ascii")}[args.format](maze)
    write_output(args.output, text)
    return 0


# -- solve ----------------------------------------------------------------------
def _configure_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="maze file (JSON or picture), '-' for stdin")
    p.add_argument("--algo", default="bfs", help="solver name (see --list)")
    p.add_argument("--format", choices=("json", "text"), default="text")
    p.add_argument("--list", action="store_true", help="print the solver names and exit")


@command("solve", "solve a maze file and print the path", _configure_solve)
def run_solve(args: argparse.Namespace) -> int:
    from mazegame.engine.solve import SOLVERS, solve

    if args.list:
        write_output(None, "\n".join(SOLVERS))
        return 0
    if args.file is None:
        raise UsageError("solve needs a maze file (or '-' for standard input)")
    maze = load_maze(args.file)
    try:
        result = solve(args.algo, maze)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if args.format == "json":
        doc = {
            "algorithm": result.algorithm,
            "found": result.found,
            "length": result.length,
            "path": [list(maze.rc(c)) for c in result.path],
            "visited": result.visited,
        }
        write_output(None, json.dumps(doc))
    else:
        from mazegame.engine.mazefile import to_text

        lines = [to_text(maze).rstrip("\n")]
        lines.append(
            f"{result.algorithm}: path of {result.length} moves, {result.visited} cells visited"
            if result.found else f"{result.algorithm}: not found ({result.reason})"
        )
        write_output(None, "\n".join(lines))
    return 0 if result.found else 1


# -- play -----------------------------------------------------------------------
def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("mode", nargs="?", default=None, help="game mode (default: the main menu)")
    add_maze_options(p)


@command("play", "play a game mode (the default command)", _configure_play)
def run_play(args: argparse.Namespace) -> int:
    from mazegame.games.modes import MODES
    from mazegame.ui.app import MazeApp, PlayRequest

    request = None
    if args.mode is not None:
        if args.mode not in MODES:
            raise UsageError(f"unknown mode {args.mode!r}; modes: {', '.join(MODES)}")
        from mazegame.engine.generate import GENERATORS

        if args.algo not in GENERATORS:
            raise UsageError(f"unknown generator {args.algo!r}; see `mazegame generate --list`")
        request = PlayRequest(args.mode, args.algo, args.size, args.seed, args.wrap)
    MazeApp(request).run()
    return 0


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
