"""Which side of a board's cell a move key means (`engine.tilings`: each side has a name).

A key names a direction ("north", "east", "north-west", ...). On a board with a side of that
name, it is that side. A board whose cells have no "north" side but two sides leaning north
(the hexagon's north-west and north-east) takes "north" as the one of them that is open;
when both are, the one continuing the last move's lean (east or west: after a move east or
north-east, north-east), east when there was none; when neither is, the move bumps into the
wall it would have gone through. "south" is read the same way. So the arrows alone walk a
hexagonal maze: left and right are west and east, up and down go where the way goes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def _lean(name: str) -> str:
    """"east" or "west" for a side leaning that way, else ""."""
    return "east" if name.endswith("east") else "west" if name.endswith("west") else ""


def side_for(directions: Sequence[str], direction: str, is_open: Callable[[int], bool],
             last: int | None = None) -> int:
    """The side a move `direction` goes through (see the module docstring): `directions` are
    the board's side names in slot order, `is_open(d)` whether side d is open from the
    player's cell, `last` the side of the player's last move (None: none yet).
    ValueError: no side is named or leans that way."""
    if direction in directions:
        return directions.index(direction)
    leaning = [d for d, name in enumerate(directions) if name.startswith(direction + "-")]
    if not leaning:
        raise ValueError(f"no side {direction!r} on this board (its sides: "
                         f"{', '.join(directions)})")
    open_sides = [d for d in leaning if is_open(d)]
    if len(open_sides) == 1:
        return open_sides[0]
    wanted = _lean(directions[last]) if last is not None else ""
    wanted = wanted or "east"
    return next((d for d in leaning if _lean(directions[d]) == wanted), leaning[0])
