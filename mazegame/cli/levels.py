"""`mazegame levels list|check|export`: the campaign's level documents from the command line.

`check` prints `file:line: message` on standard output for every bad file (as linters do),
then one summary line on standard error and exit status 2; exit 0 when all is well.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from mazegame.cli.common import (
    Command,
    UsageError,
    check_output,
    read_input,
    shown_name,
    write_output,
)
from mazegame.words import plural


def configure(p: argparse.ArgumentParser) -> None:
    """Add the three actions and their arguments."""
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions = {
        "list": "list the levels: id, chapter, title, view, par, budget, ...",
        "check": "validate level files; print file:line: message for each bad one (exit 2)",
        "export": "print a level's maze exactly as played (JSON document or picture)",
    }
    parsers = {name: sub.add_parser(name, help=text, description=text)
               for name, text in actions.items()}
    parsers["list"].add_argument("--json", action="store_true",
                                 help="a JSON array, one object a level")
    parsers["check"].add_argument("file", nargs="?", default=None, metavar="FILE|DIR",
                                  help="a level file, chapters.toml, a folder of them, or '-' "
                                       "(default: the shipped levels)")
    parsers["export"].add_argument("id", help="the level's id (see `mazegame levels list`)")
    parsers["export"].add_argument("--format", choices=("json", "text"), default="json")
    parsers["export"].add_argument("-o", "--output", default=None,
                                   help="output file ('-' or none: stdout)")
    for name in ("list", "export"):
        parsers[name].add_argument("--dir", default=None, metavar="DIR",
                                   help="a folder of level files (default: the shipped levels)")


def run(args: argparse.Namespace) -> int:
    """Run the chosen action; returns the exit status."""
    return {"list": _list, "check": _check, "export": _export}[args.action](args)


def _folder(path: str | None) -> Path:
    """The level folder asked for, or the shipped one."""
    if path is None:
        from mazegame.locations import asset

        return asset("levels")
    from mazegame.engine.readfile import is_folder

    if not is_folder(path):
        raise UsageError(f"{shown_name(path)!r} is not a folder of level files")
    return Path(path)


def _levels(path: str | None, warn: bool = True):
    """The levels of a folder that load; warns on stderr about those that do not."""
    import sys

    from mazegame.engine.levelfile import scan_levels

    levels, errors = scan_levels(_folder(path))
    if errors and warn:
        print(f"mazegame: warning: left out {plural(len(errors), 'level file')} with errors "
              "(see `mazegame levels check`)", file=sys.stderr)
    return levels


def summary(level) -> dict:
    """One level as `levels list --json` prints it."""
    maze = level.maze
    return {"id": level.id, "chapter": level.chapter, "title": level.title, "view": level.view,
            "wrap": [maze.wrap_x, maze.wrap_y], "one_way_doors": level.one_way_doors,
            "par": level.par, "budget": level.budget,
            "demon": None if level.demon is None else level.demon.personality}


def _list(args: argparse.Namespace) -> int:
    """`levels list`: a table, or a JSON array (one object a line)."""
    levels = _levels(args.dir)
    if args.json:
        rows = [json.dumps(summary(level), ensure_ascii=False) for level in levels]
        write_output(None, "[\n" + ",\n".join(rows) + "\n]" if rows else "[]")
        return 0
    if not levels:
        write_output(None, "no levels")
        return 0
    width = max(len(level.id) for level in levels)
    lines = []
    for level in levels:
        row = summary(level)
        wrap = "x" * row["wrap"][0] + "y" * row["wrap"][1] or "-"
        extra = f"  budget {level.budget}" if level.budget is not None else ""
        extra += f"  demon {row['demon']}" if row["demon"] else ""
        lines.append(f"{level.chapter}.{level.order:<3} {level.id:<{width}}  {level.view:<9} "
                     f"wrap {wrap:<2}  par {level.par:<4}{extra}  {level.title}")
    write_output(None, "\n".join(lines))
    return 0


def _check(args: argparse.Namespace) -> int:
    """`levels check`: 0 when every file validates, else 2 with each error printed."""
    from mazegame.engine.levelfile import LevelError, load_chapters, load_level, scan_levels
    from mazegame.engine.readfile import LEVEL, is_folder

    path = args.file
    folder = path is None or (path != "-" and is_folder(path))
    if folder:
        levels, errors = scan_levels(_folder(path))
        checked = len(levels) + len({e.path for e in errors})
        where = str(_folder(path))
    else:
        errors, checked, where = [], 1, shown_name(path)
        try:
            if Path(path).name == "chapters.toml":
                load_chapters(path)
            else:
                load_level(read_input(path, LEVEL), "<stdin>" if path == "-" else path)
        except LevelError as err:
            errors.append(err)
    if errors:
        write_output(None, "\n".join(str(err) for err in errors))
        files = len({err.path for err in errors})
        raise UsageError(f"errors in {files} of {plural(checked, 'level file')} in {where}"
                         if folder else f"{where} is not a valid level file")
    write_output(None, f"ok: {plural(checked, 'level file')} in {where}" if folder
                 else f"ok: {where}")
    return 0


def _export(args: argparse.Namespace) -> int:
    """`levels export ID`: the maze document (or picture) of a level as played."""
    from mazegame.engine.mazefile import text_chunks, to_document

    check_output(args.output)
    levels = _levels(args.dir, warn=False)  # an error is the one line on stderr
    level = next((lv for lv in levels if lv.id == args.id), None)
    if level is None:
        known = ", ".join(lv.id for lv in levels) or "none"
        raise UsageError(f"no level {args.id!r}; levels: {known}")
    if args.format == "json":
        write_output(args.output, json.dumps(to_document(level.maze), separators=(",", ":")))
    else:
        write_output(args.output, text_chunks(level.maze))
    return 0


COMMAND = Command("levels", "list, check and export the campaign's level files", configure, run)
