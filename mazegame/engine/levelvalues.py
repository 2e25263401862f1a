"""Typed reads of a level document's values, each refusal at the line of its key.

Shared by `engine.levelfile` (levels, chapters) and its demon table. Messages name the key
as written in the file (`maze.size`, `demon.speed`) and show the value found, cut short.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from mazegame.engine.grid import Maze
from mazegame.engine.levelscan import Located
from mazegame.engine.mazefile import short_repr


@dataclass(frozen=True)
class DemonSpec:
    """A level's demon: who it is, how fast (steps per player move), where it starts."""

    personality: str
    speed: Fraction
    start: int | None = None  #: None: placed where the chase can still be won
    head_start: int = 0  #: player moves before the demon wakes


_MISSING = object()
_ABSENT = object()
DEMON_KEYS = ("personality", "speed", "start", "head_start")
MAX_DEMON_SPEED = 4


def _label(key: tuple, name: str | None) -> str:
    return name or ".".join(str(part) for part in key)


def _value(doc: Located, key: tuple, default, source: dict | None, name: str | None):
    """The value at `key` (or `source[name]`), the default when absent, refused if required."""
    container = source if source is not None else doc.doc
    if source is None:
        for part in key[:-1]:
            container = container.get(part, {}) if isinstance(container, dict) else {}
    if isinstance(container, dict) and (name or key[-1]) in container:
        return container[name or key[-1]]
    if default is _MISSING:
        raise doc.fail(key, f"{_label(key, name)} is missing")
    return default


def unknown_keys(doc: Located, table, known: tuple[str, ...], at: tuple) -> None:
    """Refuse a key the format does not have (the first in the file), listing the known."""
    if not isinstance(table, dict):
        raise doc.fail(at, f"{_label(at, None) or 'this'} must be a table")
    strangers = [key for key in table if key not in known]
    if strangers:
        key = min(strangers, key=lambda k: doc.line((*at, k)))
        where = f" in [{'.'.join(str(p) for p in at if not isinstance(p, int))}]" if at else ""
        raise doc.fail((*at, key), f"unknown key {key!r}{where}; known: {', '.join(known)}")


def int_of(doc: Located, key: tuple, lo: int, hi: int | None = None, default=_MISSING, *,
           source: dict | None = None, name: str | None = None):
    """A whole number lo..hi (not a bool, not a float)."""
    value = _value(doc, key, _ABSENT, source, name)
    if value is _ABSENT:
        if default is _MISSING:
            raise doc.fail(key, f"{_label(key, name)} is missing")
        return default
    if type(value) is not int or value < lo or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise doc.fail(key, f"{_label(key, name)} must be a whole number {span}, "
                       f"not {short_repr(value)}")
    return value


def str_of(doc: Located, key: tuple, default=_MISSING, *, source: dict | None = None,
           name: str | None = None) -> str:
    """A string."""
    value = _value(doc, key, default, source, name)
    if not isinstance(value, str):
        raise doc.fail(key, f"{_label(key, name)} must be a string (in quotes), "
                       f"not {short_repr(value)}")
    return value


def text_list(doc: Located, key: tuple) -> list[str]:
    """A list of strings (absent: empty)."""
    value = _value(doc, key, [], None, None)
    if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        raise doc.fail(key, f"{_label(key, None)} must be a list of strings, "
                       f"not {short_repr(value)}")
    return value


def fraction_of(doc: Located, key: tuple) -> float:
    """A number 0..1 (absent: 0)."""
    value = _value(doc, key, 0.0, None, None)
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise doc.fail(key, f"{_label(key, None)} must be a number from 0 to 1, "
                       f"not {short_repr(value)}")
    return float(value)


def cell_of(doc: Located, key: tuple, value, maze: Maze) -> int:
    """The cell index of a [row, column] pair inside the maze."""
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise doc.fail(key, f"{_label(key, None)}: a cell is [row, column], "
                       f"not {short_repr(value)}")
    r, c = value
    if not (0 <= r < maze.height and 0 <= c < maze.width):
        raise doc.fail(key, f"{_label(key, None)}: cell {value} lies outside the "
                       f"{maze.width}x{maze.height} maze (rows 0..{maze.height - 1}, "
                       f"columns 0..{maze.width - 1})")
    return maze.index(r, c)


def speed_of(doc: Located, key: tuple) -> Fraction:
    """Demon steps per player move: "3/4", "0.75" or a number, above 0 and at most 4."""
    value = _value(doc, key, 1, None, None)
    try:
        if type(value) not in (int, float, str):
            raise TypeError
        speed = Fraction(value).limit_denominator(100)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise doc.fail(key, f"demon.speed is a fraction like \"3/4\" or a number, "
                       f"not {short_repr(value)}") from None
    if not 0 < speed <= MAX_DEMON_SPEED:
        raise doc.fail(key, f"demon.speed must be above 0 and at most {MAX_DEMON_SPEED}, "
                       f"not {value}")
    return speed


def demon_of(doc: Located, maze: Maze):
    """The [demon] table as a DemonSpec, its chase checked winnable (engine.chase_safety)."""
    from mazegame.engine.chase_safety import Pursuit, Unwinnable, check_winnable, place
    from mazegame.engine.personalities import PERSONALITIES

    table = doc.doc["demon"]
    unknown_keys(doc, table, DEMON_KEYS, ("demon",))
    name = str_of(doc, ("demon", "personality"))
    if name not in PERSONALITIES:
        raise doc.fail(("demon", "personality"), f"unknown demon personality {name!r}; "
                       f"known: {', '.join(PERSONALITIES)}")
    speed = speed_of(doc, ("demon", "speed"))
    head_start = int_of(doc, ("demon", "head_start"), 0, 100, default=0)
    pursuit = Pursuit(speed, head_start)
    if "start" not in table:
        try:
            place(maze, pursuit, 0, 40, maze.start, None)
        except Unwinnable as err:
            raise doc.fail(("demon",), f"no demon start lets this chase be won: {err}") from None
        return DemonSpec(name, speed, None, head_start)
    start = cell_of(doc, ("demon", "start"), table["start"], maze)
    if maze.solid is not None and maze.solid.flat[start]:
        raise doc.fail(("demon", "start"), f"demon.start {list(maze.rc(start))} is rock")
    if start == maze.start:
        raise doc.fail(("demon", "start"), "the demon starts on the player's start")
    verdict = check_winnable(maze, maze.start, start, maze.goals, pursuit)
    if not verdict.ok:
        raise doc.fail(("demon", "start"), f"this chase cannot be won: {verdict.reason}")
    return DemonSpec(name, speed, start, head_start)
