"""Level documents (assets/levels/*.toml) -> a built Maze plus the level's rules, validated.

One level a file, named `<id>.toml`; id, chapter, order, title and `[maze]` are required:
    id = "wrap-1"          a-z, 0-9 and '-'; the file's name
    chapter = 4            order = 1     (its place: chapters.toml names the chapters)
    title = "..."          flavour = "one line shown before the level"
    view = "birds-eye"     or "blind", "eye"          aids = "map"   (eye: "both", "map", "none")
    wrap = "xy"            "", "x", "y" or "xy"
    start = [row, col]     goals = [[row, col], ...]  (or S and G marked in the picture)
    exits = [[row, col, "north"], ...]   a way out through a gap in a bounded border
    budget = 40            most moves (blind: attempts); par = 12 (default: the shortest path)
    traps = false          true allows cells from which no goal can be reached
    hints = ["...", ...]
`[maze]` holds `picture`, a multi-line string in the text form of engine.mazetext (one-way
doors as arrows), or a recipe: `generator`, `size = [w, h]`, `seed`, optional `braid` and `one_way`
(fractions). An optional `[demon]` makes the level a chase: `personality`, `speed` ("3/4"),
`head_start`, `start`. Every refusal is a `LevelError` whose text is `file:line: message`,
the line of the key at fault. Helpers: `levelscan` (key lines, errors), `levelvalues` (typed
values, the demon), `levelcheck` (the maze: picture or recipe, exits, reachability, traps),
`levelwrite` (`level_to_toml`). No Textual, no games.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mazegame.engine.grid import Maze
from mazegame.engine.levelcheck import (
    PICTURE,
    SIDES,
    WRAPS,
    check_cells,
    check_gaps,
    check_shape,
    one_way_doors,
    open_exits,
    reachability,
    read_picture,
)
from mazegame.engine.levelscan import LevelError, Located
from mazegame.engine.levelvalues import (
    DemonSpec,
    cell_of,
    demon_of,
    fraction_of,
    int_of,
    str_of,
    text_list,
    unknown_keys,
)
from mazegame.engine.levelwrite import level_to_toml
from mazegame.engine.readfile import LEVEL, ReadError, read_text

__all__ = ["Level", "DemonSpec", "Chapter", "LevelError", "load_level", "load_levels",
           "scan_levels", "load_chapters", "read_level_text", "level_to_toml", "VIEW_NAMES"]

#: games.modes.VIEWS' names (the engine may not import games; a test holds them equal).
VIEW_NAMES = ("birds-eye", "blind", "eye")
TOP_KEYS = ("id", "chapter", "order", "title", "flavour", "view", "wrap", "start", "goals",
            "exits", "budget", "par", "traps", "hints", "aids", "maze", "demon")
#: What the player's-eye view gives away (games.modes' eye difficulties): a mini-map and a
#: compass, a mini-map only, or nothing.
AIDS = ("both", "map", "none")
MAZE_KEYS = ("picture", "generator", "size", "seed", "braid", "one_way")
RECIPE_KEYS = ("size", "seed", "braid", "one_way")
SEED_LIMIT = 2**31
_ID = re.compile(r"[a-z0-9-]{1,40}\Z")


@dataclass(frozen=True)
class Level:
    """A loaded, validated level: its built maze and its rules."""

    id: str
    chapter: int
    order: int
    title: str
    flavour: str
    view: str
    maze: Maze  #: built: wrap applied, exits opened, start and goals set
    exits: tuple[tuple[int, str], ...]  #: (cell, side name)
    budget: int | None
    par: int
    shortest: int
    traps: bool
    hints: tuple[str, ...]
    demon: DemonSpec | None
    source: dict  #: the parsed TOML (for the editor and export)
    aids: str = "map"  #: the player's-eye view's aids: "both", "map" or "none" (AIDS)

    @property
    def one_way_doors(self) -> int:
        """Sides of the maze passable one way only."""
        return one_way_doors(self.maze)


@dataclass(frozen=True)
class Chapter:
    """One chapter of the campaign."""

    number: int
    title: str
    blurb: str


# -- one level ------------------------------------------------------------------------------
def load_level(text: str, path: str = "<level>") -> Level:
    """The level a TOML text describes; raises LevelError ("file:line: message")."""
    doc = Located(text, str(path))
    data = doc.doc
    unknown_keys(doc, data, TOP_KEYS, ())
    for key in ("id", "chapter", "order", "title", "maze"):
        if key not in data:
            raise doc.fail((), f"the level has no {key!r}; every level needs id, chapter, "
                           "order, title and a [maze] table")
    level_id = str_of(doc, ("id",))
    if not _ID.match(level_id):
        raise doc.fail(("id",), f"id {level_id!r} may hold only a-z, 0-9 and '-' "
                       "(at most 40 characters)")
    stem = Path(str(path)).stem
    if str(path).endswith(".toml") and stem != level_id:
        raise doc.fail(("id",), f"id {level_id!r} does not match the file name "
                       f"{Path(str(path)).name!r}; name the file {level_id}.toml")
    chapter = int_of(doc, ("chapter",), 1)
    order = int_of(doc, ("order",), 1)
    title = str_of(doc, ("title",))
    if not title.strip():
        raise doc.fail(("title",), "title is empty")
    flavour = str_of(doc, ("flavour",), "")
    view = str_of(doc, ("view",), "birds-eye")
    if view not in VIEW_NAMES:
        raise doc.fail(("view",), f"view {view!r} is not one of {', '.join(VIEW_NAMES)}")
    wrap = None
    if "wrap" in data:
        wrap_text = str_of(doc, ("wrap",))
        if wrap_text not in WRAPS:
            raise doc.fail(("wrap",), f"wrap is \"\", \"x\", \"y\" or \"xy\", not {wrap_text!r}")
        wrap = WRAPS[wrap_text]
    traps = data.get("traps", False)
    if not isinstance(traps, bool):
        raise doc.fail(("traps",), f"traps must be true or false, not {traps!r}")
    hints = tuple(text_list(doc, ("hints",)))
    aids = str_of(doc, ("aids",), "map")
    if aids not in AIDS:
        raise doc.fail(("aids",), f"aids is one of {', '.join(AIDS)}, not {aids!r}")
    maze, place, start_marked, goal_marked = _build(doc, wrap)

    def row_line(cell: int) -> int | None:
        return None if place is None else place.row_line(maze.rc(cell)[0])

    exits, origin = _place_marks(doc, maze, start_marked, goal_marked)
    check_cells(doc, maze, origin)
    trap_key = ("traps",) if "traps" in data else (
        PICTURE if "picture" in data["maze"] else ("maze",))
    shortest = reachability(doc, maze, origin, traps, trap_key, row_line)
    if "one_way" in data["maze"] and float(data["maze"]["one_way"]) > 0:
        maze = _one_way(doc, maze, traps)
        shortest = reachability(doc, maze, origin, traps, ("maze", "one_way"), row_line)
    open_exits(doc, maze, [(cell, SIDES[side]) for cell, side in exits])
    check_gaps(doc, maze, [(cell, SIDES[side]) for cell, side in exits], place)
    budget = int_of(doc, ("budget",), 1, default=None)
    par = int_of(doc, ("par",), 0, default=shortest)
    if par < shortest:
        raise doc.fail(("par",), f"par {par} is below the shortest path ({shortest} moves)")
    if budget is not None and budget < shortest:
        raise doc.fail(("budget",), f"budget {budget} is below the shortest path "
                       f"({shortest} moves)")
    if budget is not None and par > budget:
        raise doc.fail(("par",), f"par {par} is above the budget ({budget} moves)")
    demon = demon_of(doc, maze) if "demon" in data else None
    return Level(level_id, chapter, order, title, flavour, view, maze, tuple(exits), budget,
                 par, shortest, traps, hints, demon, data, aids)


def _build(doc: Located, wrap: tuple[bool, bool] | None):
    """(maze, picture place or None, start marked, goal marked) from the [maze] table."""
    table = doc.doc["maze"]
    if not isinstance(table, dict):
        raise doc.fail(("maze",), "maze must be a table: a [maze] line, then picture = ... "
                       "or generator = ...")
    unknown_keys(doc, table, MAZE_KEYS, ("maze",))
    if "picture" in table and "generator" in table:
        raise doc.fail(("maze", "generator"), "[maze] holds a picture or a generator, not both")
    if "picture" in table:
        for key in RECIPE_KEYS:
            if key in table:
                raise doc.fail(("maze", key), f"maze.{key} belongs to a generated maze; a "
                               "picture gives its own size and doors")
        text = str_of(doc, PICTURE)
        maze, place, start_marked, goal_marked = read_picture(doc, text, wrap)
        check_shape(doc, maze, PICTURE)
        return maze, place, start_marked, goal_marked
    if "generator" not in table:
        raise doc.fail(("maze",), "[maze] needs a picture, or a generator with size and seed")
    return _recipe(doc, table, wrap or (False, False)), None, False, False


def _recipe(doc: Located, table: dict, wrap: tuple[bool, bool]) -> Maze:
    """The generated maze of a recipe (one-way doors come later, once goals are known)."""
    from mazegame.engine.generate import GENERATORS, generate

    name = str_of(doc, ("maze", "generator"))
    if name not in GENERATORS:
        raise doc.fail(("maze", "generator"), f"unknown generator {name!r}; known: "
                       f"{', '.join(GENERATORS)}")
    for key in ("size", "seed"):
        if key not in table:
            raise doc.fail(("maze",), f"a generated maze needs maze.{key}")
    size = table["size"]
    if not (isinstance(size, list) and len(size) == 2
            and all(type(v) is int for v in size)):
        raise doc.fail(("maze", "size"), f"maze.size is [width, height], not {size!r}"[:120])
    width, height = size
    if not (1 <= width <= 100 and 1 <= height <= 100 and width * height >= 2):
        raise doc.fail(("maze", "size"), f"maze.size {size} is out of range: each side "
                       "1..100, at least 2 cells")
    seed = int_of(doc, ("maze", "seed"), 0, SEED_LIMIT - 1)
    braid = fraction_of(doc, ("maze", "braid"))
    fraction_of(doc, ("maze", "one_way"))
    try:
        maze = generate(name, width, height, seed, wrap_x=wrap[0], wrap_y=wrap[1],
                        braid=braid).maze
    except ValueError as err:
        raise doc.fail(("maze", "generator"), str(err)) from None
    check_shape(doc, maze, ("maze", "size"))
    return maze


def _one_way(doc: Located, maze: Maze, traps: bool) -> Maze:
    """The recipe's maze with its fraction of doors made one-way (engine.oneway)."""
    try:
        from mazegame.engine.oneway import add_one_way_doors  # lazily: a sibling module
    except ImportError:
        raise doc.fail(("maze", "one_way"), "maze.one_way needs mazegame.engine.oneway, "
                       "which this build lacks") from None
    table = doc.doc["maze"]
    try:
        return add_one_way_doors(maze, float(table["one_way"]), int(table["seed"]), traps=traps)
    except ValueError as err:
        raise doc.fail(("maze", "one_way"), f"maze.one_way: {err}") from None


def _place_marks(doc: Located, maze: Maze, start_marked: bool, goal_marked: bool):
    """Set the maze's start and goals from the picture and the keys; (exits, goal origins).

    The start is the picture's S or `start` (both: they must agree); the goals are the
    picture's G, `goals` and the exits' cells together (a recipe without any keeps the
    generator's goal)."""
    data = doc.doc
    if "start" in data:
        start = cell_of(doc, ("start",), data["start"], maze)
        if start_marked and start != maze.start:
            raise doc.fail(("start",), f"start = {list(maze.rc(start))} but the picture marks "
                           f"S at {list(maze.rc(maze.start))}; give one or make them agree")
        maze.start = start
    elif not start_marked and "picture" in data["maze"]:
        raise doc.fail(PICTURE, "no start: mark S in the picture or give start = [row, column]")
    origin: dict[int, tuple] = {}
    if goal_marked:
        origin.update((g, PICTURE) for g in maze.goals)
    goals_key = data.get("goals", [])
    if not isinstance(goals_key, list):
        raise doc.fail(("goals",), "goals is a list of [row, column] cells")
    for value in goals_key:
        origin.setdefault(cell_of(doc, ("goals",), value, maze), ("goals",))
    exits = []
    raw = data.get("exits", [])
    if not isinstance(raw, list):
        raise doc.fail(("exits",), "exits is a list of [row, column, side] triples")
    for value in raw:
        if not (isinstance(value, list) and len(value) == 3 and value[2] in SIDES):
            raise doc.fail(("exits",), f"an exit is [row, column, side] with side north, "
                           f"east, south or west; not {value!r}"[:160])
        cell = cell_of(doc, ("exits",), value[:2], maze)
        exits.append((cell, value[2]))
        origin.setdefault(cell, ("exits",))
    if origin:
        maze.goals = tuple(origin)
    elif "picture" in data["maze"]:
        raise doc.fail(PICTURE, "no goal: mark G in the picture, or give goals or exits")
    return exits, origin


# -- folders -----------------------------------------------------------------------------
def scan_levels(folder, *, ordered: bool = True) -> tuple[list[Level], list[LevelError]]:
    """Every level of a folder that loads (sorted by chapter and order), and the errors of
    those that do not (a clash of chapter and order included, unless not `ordered`: the
    player's own levels may share a place)."""
    folder = Path(folder)
    levels: list[Level] = []
    errors: list[LevelError] = []
    chapters: dict[int, Chapter] | None = None
    if (folder / "chapters.toml").exists():  # a FIFO or folder by that name: listed, unread
        try:
            chapters = load_chapters(folder / "chapters.toml")
        except LevelError as err:
            errors.append(err)
    seen: dict[tuple[int, int], str] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == "chapters.toml":
            continue
        try:
            text = read_level_text(path)
            level = load_level(text, str(path))
        except LevelError as err:
            errors.append(err)
            continue
        doc_lines = Located(text, str(path))
        where = (level.chapter, level.order)
        if ordered and where in seen:
            errors.append(doc_lines.fail(("order",), f"chapter {level.chapter} already has a "
                                         f"level at order {level.order}: {seen[where]}"))
            continue
        if chapters is not None and level.chapter not in chapters:
            errors.append(doc_lines.fail(("chapter",), f"chapter {level.chapter} is not in "
                                         "chapters.toml"))
            continue
        seen[where] = path.name
        levels.append(level)
    levels.sort(key=lambda lv: (lv.chapter, lv.order, lv.id))
    return levels, errors


def read_level_text(path) -> str:
    """The text of a level file (or chapters.toml) through the capped reader: a device, a
    FIFO, a folder or a file too large for a level is a LevelError, never a hang."""
    try:
        return read_text(path, LEVEL)
    except ReadError as err:
        raise LevelError(str(path), 1, f"cannot read the file: {err.why}") from None


def load_levels(folder) -> list[Level]:
    """Every level of a folder, sorted by (chapter, order); raises the first LevelError."""
    levels, errors = scan_levels(folder)
    if errors:
        raise errors[0]
    return levels


def load_chapters(path) -> dict[int, Chapter]:
    """The chapters of a chapters.toml (`[[chapter]]` tables: number, title, blurb)."""
    doc = Located(read_level_text(path), str(path))
    unknown_keys(doc, doc.doc, ("chapter",), ())
    tables = doc.doc.get("chapter", [])
    if not isinstance(tables, list):
        raise doc.fail(("chapter",), "chapters are [[chapter]] tables")
    chapters: dict[int, Chapter] = {}
    for i, table in enumerate(tables):
        unknown_keys(doc, table, ("number", "title", "blurb"), ("chapter", i))
        number = int_of(doc, ("chapter", i, "number"), 1, source=table, name="number")
        title = str_of(doc, ("chapter", i, "title"), source=table, name="title")
        blurb = str_of(doc, ("chapter", i, "blurb"), "", source=table, name="blurb")
        if number in chapters:
            raise doc.fail(("chapter", i, "number"), f"chapter {number} is given twice")
        chapters[number] = Chapter(number, title, blurb)
    return dict(sorted(chapters.items()))
