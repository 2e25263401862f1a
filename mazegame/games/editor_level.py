"""What the editor reads and writes: a level's fields (`LevelInfo`), and level documents.

A level file (TOML) goes through `engine.levelfile` (`load_level`, `level_to_toml`), so what
the editor saves validates as the campaign's levels do; a maze file (text or JSON) is read
with `engine.mazefile.read_maze` and gets default fields named after the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mazegame.engine.grid import DIRECTION_NAMES, Maze
from mazegame.games.editor_maze import exits_of

#: A level id, as engine.levelfile reads it (the file is named <id>.toml: 40 characters
#: keep the name far below any file system's limit).
ID_PATTERN = re.compile(r"[a-z0-9-]{1,40}")
VIEW_NAMES = ("birds-eye", "blind", "eye")  #: as games.modes.VIEWS names them (a test checks)
#: Level keys the editor keeps as loaded without editing them.
KEPT_KEYS = ("demon",)


@dataclass(frozen=True)
class LevelInfo:
    """A level's fields besides its maze (see engine.levelfile): what the editor lets one set."""

    id: str = "my-level"
    title: str = "My level"
    flavour: str = ""
    chapter: int = 1
    order: int = 1
    view: str = "birds-eye"
    par: int | None = None  #: None: the real shortest path
    budget: int | None = None  #: None: no move budget
    traps: bool = False
    hints: tuple[str, ...] = ()
    extra: tuple[tuple[str, object], ...] = ()  #: keys kept but not edited (a demon, say)

    def problem(self) -> str:
        """What is wrong with these fields ("" when nothing)."""
        if not ID_PATTERN.fullmatch(self.id):
            shown = self.id if len(self.id) <= 40 else self.id[:37] + "..."
            return (f"an id is at most 40 lower-case letters, digits and dashes, "
                    f"not {shown!r}")
        if self.chapter < 1 or self.order < 1:
            return "chapter and order are whole numbers from 1"
        if self.view not in VIEW_NAMES:
            return f"the view is one of {', '.join(VIEW_NAMES)}, not {self.view!r}"
        for name in ("par", "budget"):
            value = getattr(self, name)
            if value is not None and value < 1:
                return f"{name} is a whole number from 1 (or empty)"
        return ""


def id_from_path(path: str | Path) -> str:
    """A level id made from a file name: "My Maze.txt" -> "my-maze"."""
    slug = re.sub(r"[^a-z0-9]+", "-", Path(path).stem.lower())[:40].strip("-")
    return slug or "my-level"


def read_file(path: str | Path) -> tuple[Maze, LevelInfo]:
    """The maze and fields of a level file (.toml) or a maze file (text or JSON).

    Raises ValueError: a LevelError or MazeFormatError ("file:line: message" for levels),
    or engine.readfile's ReadError when the file cannot be read (a device, a FIFO, too big).
    """
    from mazegame.engine.readfile import LEVEL, MAZE, read_text

    path = Path(path)
    is_level = path.suffix.lower() == ".toml"
    text = read_text(path, LEVEL if is_level else MAZE)  # ReadError: a ValueError
    if is_level:
        from mazegame.engine.levelfile import load_level

        level = load_level(text, str(path))
        return level.maze, info_of_level(level)
    from mazegame.engine.mazefile import read_maze

    maze = read_maze(text)
    return maze, LevelInfo(id=id_from_path(path), title=path.stem)


def info_of_level(level) -> LevelInfo:
    """The fields of a loaded `engine.levelfile.Level` (par only when the file set it)."""
    source = level.source
    return LevelInfo(
        id=level.id, title=level.title, flavour=level.flavour, chapter=level.chapter,
        order=level.order, view=level.view,
        par=level.par if "par" in source else None, budget=level.budget,
        traps=level.traps, hints=tuple(level.hints),
        extra=tuple((k, source[k]) for k in KEPT_KEYS if k in source),
    )


def level_fields(maze: Maze, info: LevelInfo) -> dict:
    """The level document (the TOML's keys) of a maze and its fields: a picture level whose
    picture `level_to_toml` draws from the maze (wrap, S and G marks included)."""
    exits = exits_of(maze)
    exit_cells = {cell for cell, _ in exits}
    doc: dict = {"id": info.id, "chapter": info.chapter, "order": info.order,
                 "title": info.title, "flavour": info.flavour, "view": info.view,
                 "start": list(maze.rc(maze.start)),
                 "goals": [list(maze.rc(g)) for g in maze.goals if g not in exit_cells],
                 "exits": [[*maze.rc(cell), DIRECTION_NAMES[d]] for cell, d in exits],
                 "budget": info.budget, "par": info.par, "traps": info.traps or None,
                 "hints": list(info.hints), "maze": maze}
    doc.update(dict(info.extra))
    return doc


def level_text(maze: Maze, info: LevelInfo) -> str:
    """The TOML text of a level (through `engine.levelfile.level_to_toml`)."""
    from mazegame.engine.levelfile import level_to_toml

    return level_to_toml(level_fields(maze, info))


def check_text(text: str, path: str) -> str:
    """What `load_level` says is wrong with a level text ("" when it loads)."""
    from mazegame.engine.levelfile import load_level

    try:
        load_level(text, path)
    except ValueError as err:
        return str(err)
    return ""
