"""The `mazegame` command: play (the default), generate, solve, matrices, jump, levels, bench,
edit, interpreted, selfplay, rat, allmazes, config, serve, records, replay.

Each subcommand is one module of this package holding a Command: a function that adds its
arguments and one that runs it. The modules import only `common`, never this package, so
COMMANDS is filled here without a cycle. Bad arguments exit with status 2 and one clear
line, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from mazegame import __version__
from mazegame.cli import (
    allmazes,
    bench,
    config,
    edit,
    generate,
    interpreted,
    jump,
    levels,
    matrices,
    play,
    rat,
    records,
    selfplay,
    serve,
    solve,
)
from mazegame.cli.common import Command, UsageError, one_line
from mazegame.engine.interrupts import hold_during_kernels
from mazegame.engine.memory import keep_freed_blocks

#: Every subcommand by name, in the order `mazegame --help` lists them.
COMMANDS: dict[str, Command] = {
    cmd.name: cmd
    for cmd in (generate.COMMAND, solve.COMMAND, play.COMMAND, bench.COMMAND, jump.COMMAND,
                matrices.COMMAND, levels.COMMAND, edit.COMMAND, interpreted.COMMAND,
                selfplay.COMMAND, rat.COMMAND, allmazes.COMMAND, config.COMMAND,
                serve.COMMAND, records.RECORDS, records.REPLAY)
}


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and status 2."""

    def error(self, message: str):
        """Bad arguments: one line and status 2, as argparse does, minus the usage text."""
        self.exit(2, f"mazegame: error: {one_line(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    """The `mazegame` parser with one subparser per entry of COMMANDS."""
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
    keep_freed_blocks()  # big arrays reuse freed blocks, not fresh pages (engine.memory)
    hold_during_kernels()  # Ctrl-C waits for a kernel's call to end: not inside numba
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
