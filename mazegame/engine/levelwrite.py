"""Writing level documents: the fields of a level -> TOML text that `load_level` reads back.

The editor saves through `level_to_toml`; the picture goes in a literal multi-line string
(no escapes: box-drawing text is kept as drawn).
"""

from __future__ import annotations

import json
from fractions import Fraction

from mazegame.engine.grid import Maze
from mazegame.engine.mazetext import to_text

TOP_ORDER = ("id", "chapter", "order", "title", "flavour", "view", "wrap", "start", "goals",
             "exits", "budget", "par", "traps", "hints", "aids")
RECIPE_ORDER = ("generator", "size", "seed", "braid", "one_way")
DEMON_ORDER = ("personality", "speed", "head_start", "start")


def _value(value) -> str:
    """One TOML value: strings as basic strings (JSON's escapes are TOML's), lists inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Fraction):
        return json.dumps(str(value))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise ValueError(f"a level field cannot hold {type(value).__name__} values")


def _picture(text: str) -> str:
    """A picture as a multi-line string that reads back to exactly `text`."""
    body = text if text.endswith("\n") else text + "\n"
    if "'''" not in body:
        return "'''\n" + body + "'''"
    return '"""\n' + body.replace("\\", "\\\\").replace('"""', '""\\"') + '"""'


def _demon_table(demon, maze: Maze | None) -> dict:
    """A [demon] table from a dict or a DemonSpec (whose start is a cell index)."""
    if isinstance(demon, dict):
        return demon
    table = {"personality": demon.personality, "speed": Fraction(demon.speed)}
    if demon.head_start:
        table["head_start"] = demon.head_start
    if demon.start is not None:
        if maze is None:
            raise ValueError("a DemonSpec's start needs the maze to be written as [row, column]")
        table["start"] = list(maze.rc(demon.start))
    return table


def level_to_toml(fields: dict) -> str:
    """TOML text of a level. `fields` holds the document's keys (see engine.levelfile); its "maze"
    is a Maze (written as a picture, wrap included), or a table: {"picture": text} or a
    recipe. "demon" is a table or a DemonSpec. Unknown keys are refused (ValueError)."""
    strangers = set(fields) - set(TOP_ORDER) - {"maze", "demon"}
    if strangers:
        names = ", ".join(sorted(map(str, strangers)))
        raise ValueError(f"unknown level {'field' if len(strangers) == 1 else 'fields'}: {names}")
    maze = fields.get("maze")
    lines = []
    for key in TOP_ORDER:
        value = fields.get(key)
        if key == "wrap" and value is None and isinstance(maze, Maze):
            value = ("x" if maze.wrap_x else "") + ("y" if maze.wrap_y else "")
        if value is None or (key in ("hints", "goals", "exits") and not value):
            continue
        lines.append(f"{key} = {_value(value)}")
    lines += ["", "[maze]"]
    if isinstance(maze, Maze):
        lines.append(f"picture = {_picture(to_text(maze))}")
    elif isinstance(maze, dict) and "picture" in maze:
        lines.append(f"picture = {_picture(maze['picture'])}")
    elif isinstance(maze, dict):
        lines += [f"{key} = {_value(maze[key])}" for key in RECIPE_ORDER if key in maze]
    else:
        raise ValueError("a level needs a maze: a Maze, {'picture': text} or a recipe table")
    if fields.get("demon") is not None:
        table = _demon_table(fields["demon"], maze if isinstance(maze, Maze) else None)
        lines += ["", "[demon]"]
        lines += [f"{key} = {_value(table[key])}" for key in DEMON_ORDER if key in table]
    return "\n".join(lines) + "\n"
