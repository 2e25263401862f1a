"""`mazegame edit [FILE]`: open the level editor on a level file, a maze file, or a new maze.

A level file is TOML (`engine.levelfile`); a maze file is a maze document or picture (text
or JSON). A FILE that does not exist yet and ends in .toml starts a new level saved there.
A file that cannot be read is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mazegame.cli.common import Command, UsageError, parse_size, shown_name

NEW_SIZE = (10, 8)  #: a new maze's size when none is given


def configure(p: argparse.ArgumentParser) -> None:
    """Add the file and the size of a new maze."""
    p.add_argument("file", nargs="?", default=None,
                   help="a level (.toml) or maze file (text or JSON); a new .toml name starts "
                        "a new level saved there; none: a new maze")
    p.add_argument("--size", type=parse_size, default=None, metavar="WxH",
                   help=f"size of a new maze (default {NEW_SIZE[0]}x{NEW_SIZE[1]})")


def edit_setup(args: argparse.Namespace):
    """The GameSetup that opens the editor as the arguments ask; unreadable files refused."""
    from mazegame.games.setup import GameSetup

    size = args.size or NEW_SIZE
    if size[0] * size[1] < 2 or max(size) > 100:
        raise UsageError("a level is 2 cells or more, each side at most 100")
    if args.file is None:  # a new maze, saved in the current folder
        return GameSetup("editor", size=size, options=(("folder", str(Path.cwd())),))
    from mazegame.engine.readfile import ReadError, exists

    path = Path(args.file)
    try:
        new = not exists(path) and path.suffix.lower() == ".toml"
    except ReadError as err:  # a name that cannot be looked up (too long, ...)
        raise UsageError(str(err)) from None
    if new:
        return GameSetup("editor", size=size, options=(("new", str(path)),))
    if args.size is not None:
        raise UsageError("--size is for a new maze; this file has its own size")
    from mazegame.games.editor import Editor

    try:
        Editor.open(path)
    except OSError as err:
        raise UsageError(f"{shown_name(args.file)}: {err.strerror or err}") from None
    except ReadError as err:  # "cannot read NAME: why"
        raise UsageError(str(err)) from None
    except ValueError as err:  # a level's errors already start with file:line
        text = str(err)
        raise UsageError(text if text.startswith(str(path))
                         else f"{shown_name(args.file)}: {text}") from None
    return GameSetup("editor", options=(("file", str(path)),))


def run(args: argparse.Namespace) -> int:
    """Open the app on the editor."""
    setup = edit_setup(args)
    from mazegame.ui.app import MazeApp
    from mazegame.ui.run import run_app

    return run_app(MazeApp(setup))


COMMAND = Command("edit", "draw a maze and save it as a level (the level editor)", configure,
                  run)
