"""`mazegame play`: turn arguments into a GameSetup and open the game (the default command)."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace

from mazegame.cli.common import (
    Command,
    UsageError,
    add_board_options,
    add_maze_options,
    ascii_float,
    ascii_int,
    board_asked,
    board_flags,
    load_maze,
    read_input,
    refuse_square_only,
    shown_name,
    write_output,
)

LEVEL_ALIAS = "level"  #: `play level ID` plays one campaign level (the campaign mode's file)


def mode_settings() -> dict[str, list]:
    """Every mode setting of the registry, as `play` takes it: key -> [(mode, Choice), ...]."""
    from mazegame.games.modes import MODES

    settings: dict[str, list] = {}
    for mode in MODES.values():
        for choice in mode.choices:
            settings.setdefault(choice.key, []).append((mode.name, choice))
    return settings


def renamed_settings(mode=None) -> dict[str, str]:
    """Settings renamed since, old key -> new, that `play` still takes under the old name
    (`--level` for the blindfold's `--mazes`): a mode's, or every mode's. Read from each
    settings dataclass's `RENAMED`."""
    from mazegame.games.modes import MODES

    renamed: dict[str, str] = {}
    for spec in MODES.values() if mode is None else (mode,):
        renamed.update(getattr(spec.settings, "RENAMED", {}))
    return renamed


def flag_of(key: str) -> str:
    """The option that sets a mode setting: "turn_based" -> "--turn-based"."""
    return "--" + key.replace("_", "-")


def spelled(value) -> str:
    """A setting's value as typed on the command line (True -> "true", 6.0 -> "6.0")."""
    return str(value).lower()


def is_switch(choice) -> bool:
    """A yes/no setting: given alone (`--turn-based`) it means true."""
    return all(isinstance(v, bool) for _, v in choice.values)


def offered(*choices) -> str:
    """The values settings take, as typed, once each ("" is a default that needs no option)."""
    return "|".join(dict.fromkeys(spelled(v) for c in choices for _, v in c.values if v != ""))


def budget_options(text: str, mode: str) -> tuple[tuple[str, object], ...]:
    """`--budget`: "none" (unlimited), a whole number N (N move attempts, bumps included,
    as a campaign level's budget), or a factor of the shortest path written with a point or
    an x ("2.5", "4x", the setup dialog's choices)."""
    from mazegame.games.modes.blind import MAX_BUDGET_FACTOR

    word = text.strip().lower()
    if word in ("none", "unlimited"):
        return (("budget", None),)
    moves = ascii_int(word)
    if moves is not None:
        if moves < 1:
            raise UsageError(f"{mode} --budget: at least 1 move attempt, not {text!r}")
        return (("budget_moves", moves),)
    factor = math.nan
    if "." in word or word.endswith("x"):
        factor = ascii_float(word.removesuffix("x"))
    if not 1 <= factor <= MAX_BUDGET_FACTOR:  # NaN fails it
        raise UsageError(
            f"{mode} --budget is none, a number of move attempts (e.g. 120), or a factor of "
            f"the shortest path from 1 to {MAX_BUDGET_FACTOR} (e.g. 2.5 or 4x); not {text!r}")
    return (("budget", factor),)


#: Settings typed freely rather than picked from the dialog's values: key -> (the parser of
#: what is typed into setup options, how the help writes its values).
FREE_SETTINGS = {"budget": (budget_options, "none|MOVES|FACTORx")}


def values_help(key: str, *choices) -> str:
    """How the help and --list write a setting's values."""
    return FREE_SETTINGS[key][1] if key in FREE_SETTINGS else offered(*choices)


def _configure_play(p: argparse.ArgumentParser) -> None:
    """Add play's arguments: mode, file, --list, maze options, and every mode setting."""
    p.add_argument("mode", nargs="?", default=None, help="game mode (default: the main menu)")
    p.add_argument("file", nargs="?", default=None,
                   help="a maze file to play (a jump mode: a puzzle or pack file)")
    p.add_argument("--list", action="store_true",
                   help="print the modes and the settings each takes, and exit")
    add_maze_options(p)
    add_board_options(p)
    p.set_defaults(algo=None)  # so a mode that builds no maze can tell it was given
    group = p.add_argument_group("mode settings (the setup dialog's choices; see --list)")
    for key, offers in mode_settings().items():
        modes = ", ".join(dict.fromkeys(name for name, _ in offers))
        choice = offers[0][1]
        group.add_argument(flag_of(key), dest=key, default=None, metavar="VALUE",
                           nargs="?" if is_switch(choice) else None,
                           const="true" if is_switch(choice) else None,
                           help=f"{modes}: {choice.label.lower()}, "
                                f"{values_help(key, *(c for _, c in offers))}")
    for old in renamed_settings().keys() - mode_settings().keys():  # unlisted: still taken
        group.add_argument(flag_of(old), dest=old, default=None, help=argparse.SUPPRESS)


def mode_listing() -> str:
    """One line a mode: name, title, the settings it takes with their values, and the boards
    beyond the square it plays on."""
    from mazegame.games.modes import MODES

    lines = []
    width = max(map(len, MODES)) + 1
    for name, mode in MODES.items():
        settings = [f"{flag_of(c.key)} {values_help(c.key, c)}" for c in mode.choices]
        if mode.files == "level-id":
            settings.insert(0, "[LEVEL-ID]")
        boards = [kind for kind in mode.tilings if kind != "square"]
        if boards:  # the boards beyond the square it plays on (its spec's `tilings`)
            settings.append(f"--tiling {'|'.join(boards)}")
        lines.append(f"{name:<{width}} {mode.title:<16} {' '.join(settings)}".rstrip())
    lines.append(f"{LEVEL_ALIAS:<{width}} {'One level':<16} LEVEL-ID (see `mazegame levels list`)")
    return "\n".join(lines)


def _level_setup(level_id: str):
    """The setup that plays one shipped campaign level, named by its id."""
    from mazegame.engine.levelfile import scan_levels
    from mazegame.games.levels import setup_for
    from mazegame.locations import asset

    levels, _ = scan_levels(asset("levels"))
    for level in levels:
        if level.id == level_id:
            return setup_for(level)
    raise UsageError(f"no level {level_id!r}; levels: {', '.join(lv.id for lv in levels)}")


def play_setup(args: argparse.Namespace):
    """The GameSetup the arguments ask for (None: the menu); refuses what the mode cannot use."""
    from mazegame.games.modes import MODES
    from mazegame.games.setup import GameSetup

    if args.mode == LEVEL_ALIAS:  # `play level ID`: one campaign level, straight away
        if args.file is None:
            raise UsageError("name the level to play: `mazegame play level ID` "
                             "(see `mazegame levels list`)")
        # the mode whose file is a level's id: the campaign
        args.mode = next(name for name, spec in MODES.items() if spec.files == "level-id")
    if args.mode is None:
        if args.file is not None or board_flags(args) or any(
                getattr(args, key) is not None for key in (*mode_settings(), *renamed_settings())):
            raise UsageError("name a mode to play a file, another board or settings "
                             "(see `mazegame play --list`)")
        return None  # the menu: no generator needed yet (they import numba)
    from mazegame.engine.generate import GENERATORS

    mode = MODES.get(args.mode)
    if mode is None:
        raise UsageError(f"unknown mode {args.mode!r}; modes: {', '.join(MODES)}, "
                         f"{LEVEL_ALIAS}")
    tiling, floors = board_asked(args)
    if mode.builds is None:
        given = [f"--{k}" for k in ("algo", "size", "seed") if getattr(args, k) is not None]
        given += ["--wrap"] * any(args.wrap) + ["--one-way"] * bool(args.one_way)
        given += [flag for flag, kind in board_flags(args) if kind not in mode.tilings]
        if given:
            raise UsageError(f"{mode.name} builds no maze: it takes no {', '.join(given)}")
    if mode.builds == "flat" and any(args.wrap):
        raise UsageError(f"{mode.name} builds mazes without wrap-around")
    if mode.builds == "flat" and args.one_way:
        raise UsageError(f"{mode.name} builds mazes without one-way doors")
    if args.one_way and args.file is not None:
        raise UsageError("--one-way is for generated mazes: a maze file is played as it is")
    _check_board(args, mode, tiling)
    from mazegame.settings import SettingsFile
    from mazegame.ui.preferences import Preferences

    # what a flag not given starts from; read only: the app itself says what is wrong
    prefs = Preferences(SettingsFile(read_only=True))
    algo = args.algo or prefs.checked("algo")
    if tiling != "square":
        algo = _board_generator(args.algo, algo, tiling)
    if algo not in GENERATORS:
        raise UsageError(f"unknown generator {algo!r}; see `mazegame generate --list`")
    if any(args.wrap) and not GENERATORS[algo].wraps:
        raise UsageError(f"generator {algo!r} cannot build wrap-around mazes")
    if args.size is not None and args.size[0] * args.size[1] < 2:
        raise UsageError("a maze to play needs at least 2 cells (try --size 2x1 or more)")
    setup = GameSetup(mode.name, algo, args.size, args.seed, *args.wrap,
                      options=_mode_options(args, mode), one_way=args.one_way)
    given = {key for key in ("algo", "size", *mode_settings()) if getattr(args, key) is not None}
    setup = prefs.fill(setup, given)
    if tiling != "square":  # the settings file's generator is a square one's
        setup = replace(setup, algorithm=algo, tiling=tiling, floors=floors)
        _check_board_size(setup)
    if args.file is not None:
        setup = _with_file(setup, args.file, mode)
    return setup


def _check_board(args: argparse.Namespace, mode, tiling: str) -> None:
    """Refuse a board the mode does not play on (its `ModeSpec.tilings` say which do), or
    options that build square mazes only, or a board asked for a maze file."""
    from mazegame.games.modes import MODES

    if tiling == "square":
        return
    if args.file is not None:
        raise UsageError("a maze file is played on its own board: leave out --tiling, "
                         "--weave and --floors")
    if tiling not in mode.tilings:
        players = [name for name, spec in MODES.items() if tiling in spec.tilings]
        where = (f"{tiling} boards play in {', '.join(players)}" if players
                 else f"no mode plays on {tiling} boards yet")
        raise UsageError(f"{mode.name} plays on {' and '.join(mode.tilings)} boards only; "
                         f"{where}")
    refuse_square_only(args, tiling)


def _board_generator(given: str | None, preferred: str, tiling: str) -> str:
    """The generator of a maze on another board: the one given, if it builds there (else a
    UsageError naming those that do), or the preferred one, or the first that builds there."""
    from mazegame.engine.generate.boards import board_generators

    builders = board_generators(tiling)
    if given is not None and given not in builders:
        raise UsageError(f"generator {given!r} does not build {tiling} mazes (these do: "
                         f"{', '.join(builders)})")
    return given or (preferred if preferred in builders else builders[0])


def _check_board_size(setup) -> None:
    """Refuse a board of more cells than a board may have (`tilings.MAX_CELLS`)."""
    from mazegame.engine.tilings import MAX_CELLS

    if setup.size is None:
        return
    cells = setup.size[0] * setup.size[1] * (setup.floors if setup.tiling == "floors" else 1)
    if cells > MAX_CELLS:
        raise UsageError(f"a board has at most {MAX_CELLS:,} cells, not {cells:,}")


def _mode_options(args: argparse.Namespace, mode) -> tuple:
    """The mode settings given, as (key, value); refused where the mode has no such setting
    or no such value, naming what it takes."""
    choices = {c.key: c for c in mode.choices}
    for old in renamed_settings().keys() - mode_settings().keys():  # the hidden flags
        if getattr(args, old) is None:
            continue
        new = renamed_settings(mode).get(old)
        if new is None:
            raise UsageError(f"{mode.name} has no {flag_of(old)} setting")
        if getattr(args, new) is None:  # the old name stands for the new
            setattr(args, new, getattr(args, old))
    options = []
    for key, offers in mode_settings().items():
        text = getattr(args, key)
        if text is None:
            continue
        if key not in choices:
            takers = ", ".join(dict.fromkeys(name for name, _ in offers))
            raise UsageError(f"{mode.name} has no {flag_of(key)} setting (it is for {takers})")
        if key in FREE_SETTINGS:
            options.extend(FREE_SETTINGS[key][0](text, mode.name))
            continue
        values = {spelled(v): v for _, v in choices[key].values if v != ""}
        if text.lower() not in values:
            raise UsageError(f"{mode.name} {flag_of(key)} is one of "
                             f"{', '.join(values)}; not {text!r}")
        options.append((key, values[text.lower()]))
    return tuple(options)


def run_play(args: argparse.Namespace) -> int:
    """Open the game on the setup the arguments ask for (or print --list)."""
    if args.list:
        write_output(None, mode_listing())
        return 0
    setup = play_setup(args)
    from mazegame.ui.app import MazeApp
    from mazegame.ui.run import run_app

    return run_app(MazeApp(setup))


def _with_file(setup, path: str, mode):
    """The setup playing a file: a maze level, or a jumping-maze puzzle pack."""
    from mazegame.games.modes import MODES

    if mode.files is None:
        readers = ", ".join(name for name, m in MODES.items() if m.files == "maze")
        raise UsageError(f"{mode.name} plays no file; a maze file plays in {readers}")
    if mode.files == "level-id":
        return _level_setup(path)
    if mode.files == "maze":
        maze = load_maze(path, mode.tilings, user=mode.name)
        if maze.start in maze.goals:
            raise UsageError(f"{path}: the start is a goal, so there is nothing to play")
        maze.meta["file"] = path  # for a title (the lab names the maze it opened)
        from mazegame.engine.mazefile import tiling_of

        return replace(setup, level=maze, tiling=tiling_of(maze))
    if mode.files == "level":  # the editor: a level or a maze file
        from mazegame.engine.readfile import ReadError
        from mazegame.games.editor import Editor

        try:
            Editor.open(path)
        except ReadError as err:  # "cannot read NAME: why"
            raise UsageError(str(err)) from None
        except (OSError, ValueError) as err:
            why = getattr(err, "strerror", None) or err
            raise UsageError(f"{shown_name(path)}: {why}") from None
        return replace(setup, options=(*setup.options, ("file", path)))
    from mazegame.engine.jump.file import JumpFormatError, read_pack
    from mazegame.engine.readfile import JUMP_PACK

    try:
        read_pack(read_input(path, JUMP_PACK))
    except JumpFormatError as err:
        raise UsageError(f"{shown_name(path)}: {err}") from None
    return replace(setup, options=(*setup.options, ("file", path)))


COMMAND = Command("play", "play a game mode (the default command)", _configure_play, run_play)
