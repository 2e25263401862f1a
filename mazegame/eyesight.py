"""The player's-eye view on plain data: what lies ahead, and its picture.

`look` walks forward from the player through open doors and describes each cell it
passes (a `Section`); `render_view` draws those sections as nested frames, the way the
classic first-person dungeon crawlers did: side walls as shaded trapezoids, side openings
as flat faces one step further away, a dead end as a wall filling the far frame, and fog
beyond the view's depth. The output is rows of (text, style name) runs, so it stays
testable without a terminal; the UI maps style names to colours.

Ground floor, plain Python: `look` takes any `Ground` (the engine's Maze, whose `step` is
the one movement rule, or the thin client's picture of the walls the host sent), so the
local game and a player on a host (whose process loads no numpy) see through one code.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import groupby
from typing import Protocol


class Ground(Protocol):
    """What the eye needs of a maze: its size and wrap, its goals, and where a step lands
    (the size is read only when it wraps: a board maze, which never does, may have none).
    A weave maze's ground also says where its bridges are (`crossing_at`)."""

    width: int
    height: int
    wrap_x: bool
    wrap_y: bool
    goals: Collection[int]

    def step(self, cell: int, d: int) -> int:
        """Where a move from `cell` through side d lands (the same cell when blocked)."""
        ...


def crossing_at(ground: Ground, cell: int) -> str:
    """A weave maze's bridge at `cell` (a ground's optional `crossing`): "over" on a
    bridge's deck, "under" in the tunnel beneath one, "" elsewhere."""
    crossing = getattr(ground, "crossing", None)
    return crossing(cell) if crossing is not None else ""


LEFT_OF = (3, 0, 1, 2)  # N->W, E->N, S->E, W->S
RIGHT_OF = (1, 2, 3, 0)


@dataclass(frozen=True)
class Section:
    """One cell along the line of sight, `depth` cells ahead of the player."""

    depth: int
    cell: int
    left_open: bool
    right_open: bool
    front_open: bool
    left_cell: int  #: the cell through the left opening, or -1
    right_cell: int
    goal: bool
    seam_ahead: bool = False  #: the step ahead crosses a wrapped maze's seam (edge)
    up: bool = False  #: a stair up from this cell (a maze of several floors)
    down: bool = False  #: a stair down from this cell: a hole in the floor
    bridge: str = ""  #: "over": on a bridge's deck; "under": beneath one (`crossing_at`)


def look(maze: Ground, cell: int, facing: int, depth: int) -> list[Section]:
    """Sections from the player's own cell (depth 0) forward until a wall or the fog. A
    ground with stairs (a `stairs(cell) -> (up, down)` method) marks them in each section."""
    sections = []
    here = cell
    stairs = getattr(maze, "stairs", None)
    for k in range(depth):
        left = maze.step(here, LEFT_OF[facing])
        right = maze.step(here, RIGHT_OF[facing])
        ahead = maze.step(here, facing)
        up, down = stairs(here) if stairs is not None else (False, False)
        sections.append(Section(
            k, here, left != here, right != here, ahead != here,
            left if left != here else -1, right if right != here else -1,
            here in maze.goals, ahead != here and crosses_seam(maze, here, facing), up, down,
            crossing_at(maze, here),
        ))
        if ahead in (here, cell):  # a wall, or a wrap-around ring back to us
            break
        here = ahead
    return sections


def open_facing(ground: Ground, cell: int, preferred: int) -> int:
    """The way to face at `cell` so the first view is not a wall: `preferred` if a step
    that way is open, else right of it, left of it, behind; `preferred` when walled in."""
    for d in (preferred, RIGHT_OF[preferred], LEFT_OF[preferred], (preferred + 2) % 4):
        if ground.step(cell, d) != cell:
            return d
    return preferred


def crosses_seam(maze: Ground, cell: int, facing: int) -> bool:
    """Whether a step from `cell` towards `facing` leaves the maze on one side and comes
    back on the other (N, E, S, W = 0..3). A ground with no wrap (a board) never does."""
    if not (getattr(maze, "wrap_x", False) or getattr(maze, "wrap_y", False)):
        return False
    r, c = divmod(cell, maze.width)
    edge = (r == 0, c == maze.width - 1, r == maze.height - 1, c == 0)[facing]
    return edge and (maze.wrap_y if facing % 2 == 0 else maze.wrap_x)


#: The wrap-around seam on the floor: dotted, as the maze views draw an open seam.
SEAM_CHAR = "┄"

# Style names, indexed by what a pixel shows. Walls and faces come in depth shades; a
# sprite's strokes take the colour of "sprite" on the background of what they stand on
# ("sprite:fog"...), so the corridor shows between them.
SHADES = 8
_GROUNDS = (
    ["ceiling", "floor", "fog", "goal", "edge", "stair", "hole"]
    + [f"wall-{i}" for i in range(SHADES)]
    + [f"face-{i}" for i in range(SHADES)]
)
STYLE_NAMES = [*_GROUNDS, "sprite", *(f"sprite:{name}" for name in _GROUNDS)]
_ID = {name: i for i, name in enumerate(STYLE_NAMES)}
WALL_CHARS = "█▓▓▒▒░░░"
GOAL_GLYPH = "◆"  #: the goal, glowing on the floor ahead
STEP_GLYPH = "▄"  #: a stair up: steps rising away on the far half of the cell's floor
HOLE_GLYPH = "▚"  #: a stair down: a hole in the near half of the cell's floor
FOG_GLYPH = "░"  #: the corridor beyond sight
#: The demon's pictures, tallest first, down to one letter far away (the chase's sprite
#: glyph: a test holds the two together). Spaces are see-through.
FIGURES: tuple[tuple[str, ...], ...] = (
    (
        "▟▙       ▟▙",
        " ██▀▀▀▀▀██ ",
        " █  ● ●  █ ",
        " █▄  ▀  ▄█ ",
        "  ▀█▄▄▄█▀  ",
        " ▄███████▄ ",
        "█▌ █████ ▐█",
        "▀  █████  ▀",
        "   ██ ██   ",
        "   ██ ██   ",
        "  ▀▀▀ ▀▀▀  ",
    ),
    (
        "▲     ▲",
        "█▀▀▀▀▀█",
        "█ ● ● █",
        "▀█▄▀▄█▀",
        "▗█████▖",
        "▐ █ █ ▌",
        " ▀▀ ▀▀ ",
    ),
    (
        "▲   ▲",
        "█●▄●█",
        "▝███▘",
        "▐█ █▌",
        " ▀ ▀ ",
    ),
    (
        "▚▄▞",
        "▐█▌",
        "▞ ▚",
    ),
    ("Ж",),
)


def figure(glyph: str, height: int) -> tuple[str, ...]:
    """The tallest picture of the sprite `glyph` that fits `height` rows: the demon's
    figures for its letter, the glyph itself for any other sprite."""
    if glyph != FIGURES[-1][0]:
        return (glyph,)
    return next((rows for rows in FIGURES if len(rows) <= height), FIGURES[-1])


def _shade(depth: int) -> int:
    return min(depth, SHADES - 1)


def frames(width: int, height: int, count: int) -> list[tuple[int, int, int, int]]:
    """(left, top, right, bottom) of the frame at each cell boundary, nearest first.

    Frame 0 is the screen edge; each further boundary shrinks by perspective.
    """
    cx, cy = width / 2, height / 2
    out = []
    for i in range(count + 1):
        s = 1.0 / (1.0 + 0.9 * i)
        hw, hh = cx * s, cy * s
        out.append((round(cx - hw), round(cy - hh), round(cx + hw) - 1, round(cy + hh) - 1))
    return out


def render_view(
    sections: list[Section],
    width: int,
    height: int,
    depth: int,
    sprites: dict[int, str] | None = None,
) -> list[list[tuple[str, str]]]:
    """Draw the sections into `height` rows of `width` characters.

    `sprites` maps a depth to a glyph drawn standing in that cell (the demon).
    """
    chars = [[" "] * width for _ in range(height)]
    style = [[_ID["ceiling" if y < height // 2 else "floor"]] * width for y in range(height)]
    fr = frames(width, height, depth + 1)

    def fill(x0, y0, x1, y1, ch, name):
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width - 1), min(y1, height - 1)
        if x1 >= x0 and y1 >= y0:
            span, ident = x1 - x0 + 1, _ID[name]
            for y in range(y0, y1 + 1):
                chars[y][x0 : x1 + 1] = ch * span
                style[y][x0 : x1 + 1] = [ident] * span

    def stamp(rows: tuple[str, ...], centre: int, bottom: int) -> None:
        """Draw a picture standing on row `bottom`, centred on column `centre`: each stroke
        in the sprite's colour over what was there, spaces left see-through."""
        top, left = bottom - len(rows) + 1, centre - len(rows[0]) // 2
        for dy, line in enumerate(rows):
            for dx, ch in enumerate(line):
                y, x = top + dy, left + dx
                if ch != " " and 0 <= y < height and 0 <= x < width:
                    chars[y][x] = ch
                    under = STYLE_NAMES[style[y][x]]
                    style[y][x] = _ID[f"sprite:{under.removeprefix('sprite:')}"]

    def side_wall(k: int, left: bool, parapet: bool = False) -> None:
        """The wall beside cell k; a `parapet` (a bridge's side) is its lowest quarter,
        open above: the tunnel runs beneath, across."""
        (l0, t0, r0, b0), (l1, t1, r1, b1) = fr[k], fr[k + 1]
        xs = range(l0, l1) if left else range(r1 + 1, r0 + 1)
        span = max(abs(l1 - l0) if left else abs(r0 - r1), 1)
        for x in xs:
            t = (x - l0) / span if left else (r0 - x) / span
            top, bottom = round(t0 + t * (t1 - t0)), round(b0 + t * (b1 - b0))
            if parapet:
                top = bottom - max(1, (bottom - top) // 4)
                fill(x, top, x, top, "▄", f"wall-{_shade(k)}")
                top += 1
            fill(x, top, x, bottom, WALL_CHARS[_shade(k)], f"wall-{_shade(k)}")
        edge_x = l1 if left else r1
        fill(edge_x, b1 - max(1, (b1 - t1) // 4) if parapet else t1, edge_x, b1, "│", "edge")

    def deck_overhead(k: int) -> None:
        """A bridge over the tunnel cell k runs across: its deck fills the ceiling there."""
        (l0, t0, r0, _), (_, t1, _, _) = fr[k], fr[k + 1]
        for y in range(max(t0, 0), min(t1, height)):
            for x in range(max(l0, 0), min(r0, width - 1) + 1):
                if style[y][x] == _ID["ceiling"]:
                    chars[y][x], style[y][x] = "▀", _ID[f"face-{_shade(k)}"]

    def side_opening(k: int, left: bool) -> None:
        (l0, _, r0, _), (l1, t1, r1, b1) = fr[k], fr[k + 1]
        x0, x1 = (l0, l1 - 1) if left else (r1 + 1, r0)
        fill(x0, t1, x1, b1, " ", f"face-{_shade(k + 1)}")
        fill(x0, t1, x1, t1, "▔", f"face-{_shade(k + 1)}")
        fill(x0, b1, x1, b1, "▁", f"face-{_shade(k + 1)}")

    def stairs(k: int, up: bool, down: bool) -> None:
        """A hole in the near half of cell k's floor (a stair down), steps rising on its far
        half (a stair up), each half as wide as the corridor at the far frame."""
        (_, t0, _, b0), (l1, _, r1, b1) = fr[k], fr[k + 1]
        mid, half = (l1 + r1) // 2, max(1, (r1 - l1 + 1) // 4)
        middle = (b0 + b1) // 2
        if down:
            fill(mid - half, middle + 1, mid + half, b0, HOLE_GLYPH, "hole")
        if up:
            for i in range(min(half, max(1, (b0 - t0) // 6))):
                fill(mid - half + i, middle - i, mid + half - i, middle - i, STEP_GLYPH, "stair")

    for sec in sections:
        k = sec.depth
        for left, open_side in ((True, sec.left_open), (False, sec.right_open)):
            if open_side:
                side_opening(k, left)
            else:
                side_wall(k, left, parapet=sec.bridge == "over")
        if sec.bridge == "under":
            deck_overhead(k)
        l1, t1, r1, b1 = fr[k + 1]
        if not sec.front_open:
            fill(l1, t1, r1, b1, " ", f"face-{_shade(k + 1)}")
            fill(l1, t1, r1, t1, "▔", f"face-{_shade(k + 1)}")
            fill(l1, b1, r1, b1, "▁", f"face-{_shade(k + 1)}")
            fill(l1, t1, l1, b1, "▏", f"face-{_shade(k + 1)}")
            fill(r1, t1, r1, b1, "▕", f"face-{_shade(k + 1)}")
    last = sections[-1] if sections else None
    if last is not None and last.front_open:  # the corridor runs on into the fog
        l1, t1, r1, b1 = fr[last.depth + 1]
        fill(l1, t1, r1, b1, FOG_GLYPH, "fog")
    for sec in sections:  # a seam crossed ahead: a dotted line across the floor, like a sill
        if sec.seam_ahead:
            l1, _, r1, b1 = fr[sec.depth + 1]
            for x in range(max(l1, 0), min(r1, width - 1) + 1):
                if style[b1][x] == _ID["floor"]:  # on the floor only, not over the walls
                    chars[b1][x], style[b1][x] = SEAM_CHAR, _ID["edge"]
    for sec in reversed(sections):  # stairs, far to near, your own cell's too
        if sec.up or sec.down:
            stairs(sec.depth, sec.up, sec.down)
    for sec in reversed(sections):  # things standing in cells, far to near, over the walls
        k = sec.depth
        if k == 0:
            continue
        l0, t0, r0, b0 = fr[k]
        l1, t1, r1, b1 = fr[k + 1]
        bottom = min(b0, (b0 + b1) // 2 + 1)
        mid = (l1 + r1) // 2
        if sec.goal:
            gw, gh = max(1, (r1 - l1 + 1) // 4), max(1, (b1 - t1 + 1) // 3)
            fill(mid - gw // 2, bottom - gh + 1, mid + gw // 2, bottom, GOAL_GLYPH, "goal")
        if sprites and k in sprites:
            # As tall as the corridor where it stands, halfway between the two frames.
            room = (b0 - t0 + b1 - t1) // 2 + 1
            stamp(figure(sprites[k], max(1, room - 1)), (l0 + r0) // 2, bottom)
    return _runs(chars, style)


def _runs(chars: list[list[str]], style: list[list[int]]) -> list[list[tuple[str, str]]]:
    """Rows of (text, style name) runs: consecutive pixels of one style share a run."""
    rows = []
    for line, ids in zip(chars, style, strict=True):
        run, at = [], 0
        for ident, group in groupby(ids):
            end = at + sum(1 for _ in group)
            run.append(("".join(line[at:end]), STYLE_NAMES[ident]))
            at = end
        rows.append(run)
    return rows
