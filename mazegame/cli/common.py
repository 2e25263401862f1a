"""What every `mazegame` subcommand shares: the Command record, argument parsers, reading
files or standard input as text, writing text in pieces, and the one-line error every bad
input becomes (exit status 2)."""

from __future__ import annotations

import argparse
import ipaddress
import math
import os
import re
import socket
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from mazegame.cli.output import failure, write_pieces
from mazegame.net.protocol import DEFAULT_PORT


class UsageError(Exception):
    """A problem with the user's input: printed as one line, exit status 2."""


def one_line(message: str) -> str:
    """The message with line breaks and other unprintable characters escaped (users' file
    names and arguments are echoed in messages)."""
    if message.isprintable():
        return message
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in message)


def read_input(path: str, kind=None) -> str:
    """Text of a UTF-8 file, or of standard input for '-', through the engine's one capped
    reader (engine.readfile): devices, FIFOs and folders refused, `kind` (default: a maze
    file) capping the size; a byte order mark is dropped."""
    from mazegame.engine.readfile import MAZE, ReadError, read_text

    try:
        return read_text(path, kind or MAZE)
    except ReadError as err:
        raise UsageError(str(err)) from None


def shown_name(path: str) -> str:
    """A file argument as messages name it ("standard input" for '-', a long name cut)."""
    from mazegame.engine.readfile import shown_name as shown

    return shown(path)


def write_output(path: str | None, text: str | Iterable[str]) -> None:
    """Write a text, or its pieces in turn, to a file or to standard output (None or '-');
    it ends with a newline. A file that cannot be opened is a UsageError (status 2); a write
    that fails, or standard output closed, is an OutputError (status 1: see cli.output)."""
    pieces = [text] if isinstance(text, str) else text
    if path in (None, "-"):
        write_pieces(sys.stdout, pieces)
        return
    try:
        file = open(path, "w", encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise UsageError(f"cannot write {shown_name(path)}: {err.strerror}") from None
    try:
        with file:  # closing flushes: a full disk is found here
            write_pieces(file, pieces, path)
    except OSError as err:
        raise failure(path, err) from None


def check_output(path: str | None) -> None:
    """Refuse an output file that cannot be written before the work that fills it starts."""
    if path in (None, "-"):
        return
    target = Path(path)
    parent = target.parent
    try:
        problem = (
            "it is a directory" if path == "" or target.is_dir()
            else "no such directory" if not parent.is_dir()
            else "permission denied"
            if not os.access(target if target.exists() else parent, os.W_OK)
            else None
        )
    except OSError as err:  # a name too long to look up, ...
        problem = (err.strerror or str(err)).lower()
    if problem:
        raise UsageError(f"cannot write {shown_name(path)!r}: {problem}")


@dataclass(frozen=True)
class Command:
    """One subcommand: `configure(parser)` adds its arguments, `run(args) -> exit status`."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def registry_listing(registry) -> str:
    """`--list`: one line an entry, its name (the first word, for scripts) and its title, the
    titles aligned in one column."""
    width = max(map(len, registry))
    return "\n".join(f"{name:<{width}}  {spec.title}" for name, spec in registry.items())


# -- shared argument parsing ---------------------------------------------------
# One rule for every number typed on the command line: ASCII digits only. int() and float()
# also take '４' (full width), '٣' (Arabic-Indic) and '1_000'; the seed boxes never did.
MAX_DIGITS = 30  #: a number with more digits is out of every range here


def ascii_int(text: str) -> int | None:
    """A whole number written in ASCII digits (a sign and spaces around allowed), or None."""
    body = text.strip()
    digits = body[1:] if body[:1] in ("+", "-") else body
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        return None
    return int(body)


def ascii_float(text: str) -> float:
    """A decimal number written in ASCII ('2.5', '1e-3'), or NaN, which fails every range
    test (as NaN and infinities typed in do)."""
    body = text.strip()
    if not body.isascii() or "_" in body or len(body) > 2 * MAX_DIGITS:
        return math.nan
    try:
        return float(body)
    except ValueError:
        return math.nan


def shown(text: str) -> str:
    """A value as a message quotes it: cut short when long (an argument can be megabytes)."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """The argparse type of a count, index or port: a whole number from low to high in ASCII
    digits; anything else is an ArgumentTypeError that gives the range."""

    def parse(text: str) -> int:
        value = ascii_int(text)
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}, not {shown(text)}")
        return value

    parse.__doc__ = f"A whole number from {low} to {high} (ASCII digits)."
    parse.bounds = (low, high)  # type: ignore[attr-defined]
    return parse


def parse_size(text: str) -> tuple[int, int]:
    """'WxH' -> (W, H), each side within the engine's range."""
    from mazegame.engine.generate import check_size

    sides = [ascii_int(part) for part in text.lower().split("x")]
    if len(sides) != 2 or None in sides:
        raise argparse.ArgumentTypeError(f"size must look like 40x20, not {shown(text)}")
    w, h = sides
    try:
        check_size(w, h)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return w, h


def parse_cell(text: str) -> tuple[int, int]:
    """'r,c' -> (r, c), counted from 0 (whether the maze has that cell is checked later)."""
    from mazegame.engine.grid import MAX_SIDE

    cell = [ascii_int(part) for part in text.split(",")]
    if len(cell) != 2 or None in cell or not all(0 <= x < MAX_SIDE for x in cell):
        raise argparse.ArgumentTypeError(
            f"a cell looks like 3,4 (row,column, each from 0 to {MAX_SIDE - 1}), "
            f"not {shown(text)}")
    r, c = cell
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

    budget = ascii_int(text)
    if budget is None:
        raise argparse.ArgumentTypeError(f"budget must be a whole number, not {shown(text)}")
    try:
        check_budget(budget)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return budget


def parse_wrap(text: str) -> tuple[bool, bool]:
    """'x', 'y', 'xy' (or '', 'none') -> (wrap_x, wrap_y)."""
    if text not in ("", "x", "y", "xy", "yx", "none"):
        raise argparse.ArgumentTypeError(f"wrap is x, y or xy, not {shown(text)}")
    return "x" in text, "y" in text


def parse_fraction(text: str) -> float:
    """A fraction 0..1 such as 0.25 (one-way doors)."""
    value = ascii_float(text)
    if not 0.0 <= value <= 1.0:  # NaN and infinities fail too
        raise argparse.ArgumentTypeError(
            f"a fraction is a number from 0 to 1, not {shown(text)}")
    return value


def add_maze_options(
    parser: argparse.ArgumentParser, default_size: tuple[int, int] | None = None
) -> None:
    """--algo/--size/--seed/--wrap/--one-way, shared by generate and play."""
    parser.add_argument("--algo", default="backtracker",
                        help="generator name (`mazegame generate --list` lists them)")
    parser.add_argument(
        "--size", type=parse_size, default=default_size,
        metavar="WxH", help="maze size in cells, e.g. 40x20",
    )
    parser.add_argument("--seed", type=parse_seed, default=None,
                        help="random seed (default: random)")
    parser.add_argument("--wrap", type=parse_wrap, default=(False, False), metavar="x|y|xy",
                        help="wrap around the edges (torus or cylinder)")
    parser.add_argument("--one-way", type=parse_fraction, default=0.0, metavar="FRACTION",
                        help="make this fraction (0..1) of the doors one-way; every cell "
                             "still reaches a goal")


def load_maze(path: str, tilings: tuple[str, ...] | None = ("square",), user: str = ""):
    """A maze from a JSON document or a text picture (file or '-') on one of `tilings` (None:
    any board with a reader); a maze on another is refused naming its board and, when
    given, the command or mode (`user`) that would not take it."""
    from mazegame.engine.mazefile import MazeFormatError, OtherTiling, read_maze

    text = read_input(path)
    try:
        return read_maze(text, tilings)
    except OtherTiling as err:
        raise UsageError(f"{shown_name(path)}: a {err.tiling} maze, and {user or 'this command'}"
                         f" takes {' and '.join(tilings or ())} mazes only") from None
    except MazeFormatError as err:
        raise UsageError(f"{shown_name(path)}: {err}") from None


# -- boards beyond the square (issue 41) ------------------------------------------------------
def parse_tiling(text: str) -> str:
    """A tiling's name (`engine.tilings.TILINGS`; imported only when one is given)."""
    from mazegame.engine.tilings import TILINGS

    if text not in TILINGS:
        raise argparse.ArgumentTypeError(
            f"no tiling {shown(text)}; the tilings: {', '.join(TILINGS)}")
    return text


def parse_floors(text: str) -> int:
    """How many floors a maze of floors has: 2..MAX_FLOORS."""
    from mazegame.games.setup import MAX_FLOORS

    return whole_number(2, MAX_FLOORS)(text)


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """--tiling/--floors/--weave, shared by generate and play: the board a maze is built on."""
    from mazegame.games.setup import MAX_FLOORS

    parser.add_argument("--tiling", type=parse_tiling, default=None, metavar="NAME",
                        help="the board: square (the default), hex, triangle, weave or floors "
                             "(`mazegame generate --list` says which generators build each)")
    parser.add_argument("--floors", type=parse_floors, default=None, metavar="K",
                        help=f"floors joined by stairs, 2..{MAX_FLOORS} (= --tiling floors, "
                             "which has 3 unless told)")
    parser.add_argument("--weave", action="store_true",
                        help="passages crossing over and under (= --tiling weave)")


def board_flags(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The board options given, as (flag as typed, the tiling it asks for)."""
    asked = [(f"--tiling {args.tiling}", args.tiling), ("--weave", "weave" if args.weave else None),
             (f"--floors {args.floors}", "floors" if args.floors else None)]
    return [(flag, kind) for flag, kind in asked if kind is not None]


def board_asked(args: argparse.Namespace) -> tuple[str, int]:
    """(tiling, floors) the board options ask for: --weave is --tiling weave, --floors K
    --tiling floors; two that name different boards are a UsageError."""
    from mazegame.games.setup import GameSetup

    asked = board_flags(args)
    if len({kind for _, kind in asked}) > 1:
        raise UsageError(f"{' and '.join(flag for flag, _ in asked)} ask for different boards: "
                         "give one of them")
    return (asked[0][1] if asked else "square"), args.floors or GameSetup.floors


def board_picture(tiling: str):
    """`(maze, glyphs) -> lines`: the text picture of a maze on this board (`ui.board_art`),
    S at the start and G at each goal as on the square's; UsageError when there is none."""
    from mazegame.engine.mazefile import _named
    from mazegame.engine.tilings import TILINGS
    from mazegame.ui import board_art

    if TILINGS[tiling].picture is not None:  # a board that draws itself (floors)
        return _named(TILINGS[tiling].picture)
    try:
        board_art.forms(tiling)
    except ValueError:
        raise UsageError(f"{tiling} mazes have no text picture yet: ask for --format json") \
            from None

    def picture(maze, glyphs: str) -> list[str]:
        art = board_art.draw(maze, glyphs)
        rows = [list(line) for line in art.lines]
        for cell, mark in ((maze.start, "S"), *((goal, "G") for goal in maze.goals)):
            x, y = art.anchors[cell]
            rows[y][x] = mark
        return ["".join(row).rstrip() for row in rows]

    return picture


def refuse_square_only(args: argparse.Namespace, tiling: str) -> None:
    """--wrap and --one-way build square mazes only: refused on another board, by name."""
    given = ["--wrap"] * any(args.wrap) + ["--one-way"] * bool(args.one_way)
    if tiling != "square" and given:
        raise UsageError(f"{' and '.join(given)} {'builds' if len(given) == 1 else 'build'} "
                         f"square mazes only, not {tiling} ones "
                         "(leave out --tiling, --weave and --floors to use them)")


def random_seed() -> int:
    """A fresh seed for when none is given (0..2**31-1)."""
    import secrets

    return secrets.randbelow(2**31)


# -- network addresses (serve, host) ---------------------------------------------------------
def host_addresses(host: str, port: int) -> list[str]:
    """The IP addresses a host name or literal stands for; a bad one is a UsageError."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as err:
        reason = err.strerror if isinstance(err, socket.gaierror) else "not a valid name"
        raise UsageError(f"cannot serve on host {host!r}: {reason}") from None
    return list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))


def is_loopback(addresses: list[str]) -> bool:
    """True if every address is a loopback one (127.0.0.0/8, ::1)."""
    return all(ipaddress.ip_address(addr).is_loopback for addr in addresses)


def check_bindable(host: str, port: int) -> None:
    """Bind and release the address, so a port in use or not ours is one line before the
    server prints its banner (it binds the same way: SO_REUSEADDR, every address of host)."""
    for family, kind, proto, _, address in socket.getaddrinfo(host, port,
                                                               type=socket.SOCK_STREAM):
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind(address)
        except OSError as err:
            raise UsageError(f"cannot serve on {host} port {port}: "
                             f"{(err.strerror or str(err)).lower()}") from None


def parse_address(text: str) -> tuple[str, int]:
    """'HOST', 'HOST:PORT' or '[IPv6]:PORT' -> (host, port); the port defaults to 7777."""
    text = text.strip()
    host, port = text, str(DEFAULT_PORT)
    if text.startswith("["):
        end = text.find("]")
        rest = text[end + 1:] if end >= 0 else "?"
        if rest and not rest.startswith(":"):
            raise argparse.ArgumentTypeError(
                f"an address looks like [::1]:{DEFAULT_PORT}, not {shown(text)}")
        host, port = text[1:end], rest[1:] or port
    elif text.count(":") == 1:
        host, port = text.split(":")
    if not re.fullmatch(r"[A-Za-z0-9.:-]{1,253}", host):
        raise argparse.ArgumentTypeError(
            f"an address looks like HOST:PORT (e.g. 127.0.0.1:{DEFAULT_PORT}), not {shown(text)}")
    return host, whole_number(1, 65535)(port)
