"""The lab's fit-to-panel zoom: a whole maze in half-block characters, marks as colours.

`zoom_pixels` turns a maze's walls and its cells' codes (what each room shows: a mark, the
path, start, goal, an agent, see `cell_codes`) into a grid of pixels that fits a panel:
the wall bitmap itself (rooms at odd coordinates) when it fits, else one pixel per k x k
block of cells (walls left out, the most telling code of the block kept, plain rooms
a dim grey so that the maze's extent shows). `half_blocks`
packs two pixel rows into one text row (▀ ▄ █ for walls, colours for the rest), and
`ZoomView` draws that for a `Layers` state, so a 200x100 maze is seen whole beside three
others while its replay plays.
"""

from __future__ import annotations

import numpy as np
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from mazegame.engine.grid import Maze
from mazegame.engine.trace import Mark
from mazegame.ui import palette
from mazegame.ui.host import palette_of

# Pixel codes, in rising order of importance: a block of cells shows its highest.
# ROOM: an unmarked room seen by blocks (no walls drawn: it shows where the maze is).
(FLOOR, ROOM, WALL, VISITED, FRONTIER, DEAD, ACTIVE, PATH, ROCK, START, GOAL, AGENT,
 CURSOR) = range(13)
_OF_MARK = np.array([FLOOR, FRONTIER, VISITED, ACTIVE, PATH, DEAD], dtype=np.int8)
assert [int(m) for m in Mark] == list(range(len(_OF_MARK)))

CODES = CURSOR + 1  #: how many pixel codes there are


def colours(p: palette.Palette) -> tuple[str | None, ...]:
    """The colour of each code (None: the panel's own background), from the palette."""
    return (None, p.CURSOR_LINE_COLOUR, p.WALL_COLOUR, p.VISITED_COLOUR, p.FRONTIER_COLOUR,
            p.DEAD_COLOUR, p.ACTIVE_COLOUR, p.SUCCESS, p.ROCK_COLOUR, p.MUTED, p.SUCCESS,
            p.AGENT_COLOURS[0], p.PLAYER_COLOUR)


def cell_codes(maze: Maze, marks: np.ndarray | None, agents=(), path=(),
               cursor: int | None = None) -> np.ndarray:
    """int8[h, w]: the code each room shows (its mark, then path, rock, start, goal,
    agents and the cursor on top)."""
    codes = np.zeros(maze.size, dtype=np.int8) if marks is None else \
        _OF_MARK[np.clip(marks, 0, len(_OF_MARK) - 1)]
    codes[list(path)] = PATH
    if maze.solid is not None:
        codes[maze.solid.ravel()] = ROCK
    codes[maze.start] = np.maximum(codes[maze.start], START)
    codes[list(maze.goals)] = GOAL
    codes[[int(a) for a in agents if a >= 0]] = AGENT
    if cursor is not None:
        codes[cursor] = CURSOR
    return codes.reshape(maze.height, maze.width)


def wall_bitmap(walls: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """int8[2h+1, 2w+1]: rooms at odd coordinates with their codes, WALL for closed sides
    and posts, an open side with the lesser code of its two rooms."""
    h, w = walls.shape
    bitmap = np.full((2 * h + 1, 2 * w + 1), WALL, dtype=np.int8)
    bitmap[1::2, 1::2] = codes
    east_open = (walls & 2) == 0  # E=2, S=4 (engine.grid)
    south_open = (walls & 4) == 0
    shifted_e = np.roll(codes, -1, axis=1)
    shifted_s = np.roll(codes, -1, axis=0)
    bitmap[1::2, 2::2] = np.where(east_open, np.minimum(codes, shifted_e), WALL)
    bitmap[2::2, 1::2] = np.where(south_open, np.minimum(codes, shifted_s), WALL)
    return bitmap


def zoom_scale(width: int, height: int, cols: int, rows: int) -> int:
    """Cells a pixel covers on each side, for a maze in `cols` x `rows` characters: 0 for
    the wall bitmap (one pixel per room, wall and post: it fits), else the smallest k."""
    if 2 * width + 1 <= cols and 2 * height + 1 <= 2 * rows:
        return 0
    return max(1, -(-width // max(1, cols)), -(-height // max(1, 2 * rows)))


def zoom_pixels(walls: np.ndarray, codes: np.ndarray, cols: int, rows: int) -> np.ndarray:
    """The pixel grid for a panel of `cols` x `rows` characters (two pixels a character,
    one above the other): the wall bitmap if it fits, else blocks of k x k cells (the
    smallest k that fits), each showing its most important code."""
    h, w = codes.shape
    k = zoom_scale(w, h, cols, rows)
    if k == 0:
        return wall_bitmap(walls, codes)
    ph, pw = -(-h // k), -(-w // k)
    padded = np.zeros((ph * k, pw * k), dtype=np.int8)
    padded[:h, :w] = np.maximum(codes, ROOM)
    return padded.reshape(ph, k, pw, k).max(axis=(1, 3))


def half_block_arrays(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(characters, fg codes, bg codes), each [rows, cols]: two pixel rows a text row;
    walls are the block characters ▀ ▄ █ in the wall colour, other pixels colour the cell
    (the plain floor is always the background, never a half block's ink)."""
    if pixels.shape[0] % 2:
        pixels = np.vstack([pixels, np.zeros((1, pixels.shape[1]), dtype=pixels.dtype)])
    t, b = pixels[0::2], pixels[1::2]
    tw, bw = t == WALL, b == WALL
    chars = np.full(t.shape, "▀", dtype="<U1")
    fg, bg = t.copy(), b.copy()
    both, top, bottom = tw & bw, tw & ~bw, bw & ~tw
    neither = ~(tw | bw)
    chars[both], fg[both], bg[both] = "█", WALL, FLOOR
    fg[top], bg[top] = WALL, b[top]
    chars[bottom], fg[bottom], bg[bottom] = "▄", WALL, t[bottom]
    same = neither & (t == b)
    # A space's ink never shows: the wall's keeps a plain stretch of maze one segment.
    chars[same], fg[same], bg[same] = " ", WALL, t[same]
    floor_top = neither & ~same & (t == FLOOR)
    chars[floor_top], fg[floor_top], bg[floor_top] = "▄", b[floor_top], FLOOR
    return chars, fg, bg


def half_blocks(pixels: np.ndarray) -> list[list[tuple[str, int, int]]]:
    """Rows of (character, fg code, bg code) (see `half_block_arrays`)."""
    chars, fg, bg = half_block_arrays(pixels)
    return [list(zip(c, f, b, strict=True))
            for c, f, b in zip(chars.tolist(), fg.tolist(), bg.tolist(), strict=True)]


def strips(p: palette.Palette, pixels: np.ndarray) -> list[Strip]:
    """The picture as strips in palette `p`, one segment per run of one colour pair."""
    chars, fg, bg = half_block_arrays(pixels)
    styles = pair_styles(p)
    out = []
    for c, f, b in zip(chars, fg, bg, strict=True):
        pair = f.astype(np.int32) * CODES + b
        cut = np.flatnonzero(np.diff(pair)) + 1
        starts = np.concatenate([[0], cut]).tolist()
        ends = np.concatenate([cut, [len(pair)]]).tolist()
        text = "".join(c.tolist())
        fl, bl = f.tolist(), b.tolist()
        out.append(Strip([Segment(text[i:j], styles[fl[i], bl[i]])
                          for i, j in zip(starts, ends, strict=True)], len(text)))
    return out


@palette.per_palette
def pair_styles(p: palette.Palette) -> dict[tuple[int, int], Style]:
    """(foreground code, background code) -> its style, in palette `p`."""
    table = colours(p)
    return {(fg, bg): Style(color=table[fg], bgcolor=table[bg])
            for fg in range(CODES) for bg in range(CODES)}


def text_rows(rows: list[list[tuple[str, int, int]]]) -> list[str]:
    """The characters alone (what a test draws by hand)."""
    return ["".join(ch for ch, _, _ in row) for row in rows]


class ZoomView(Widget):
    """A maze and its trace state drawn whole, scaled to the widget (see module doc)."""

    DEFAULT_CSS = """
    ZoomView { background: $surface; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.maze: Maze | None = None
        self.state = None  #: a `Layers`-like state: walls, marks, agents (by reference)
        self.path: tuple[int, ...] = ()
        self.cursor: int | None = None  #: the placement cursor, drawn on top
        self._strips: list[Strip] | None = None
        self._drawn_with = palette.DEFAULT  #: the palette the strips were drawn in
        self._shape = (1, 1)  #: pixels (rows, cols) of the picture drawn last
        self._scale = 0  #: its `zoom_scale`

    def show(self, maze: Maze, state) -> None:
        """Draw `state` (walls, marks and agents, read at each redraw) over `maze`."""
        self.maze, self.state = maze, state
        self.changed()

    def changed(self) -> None:
        """The state moved on: redraw the picture at the next repaint."""
        self._strips = None
        self.refresh()

    def on_resize(self) -> None:
        """A new size: a new scale."""
        self.changed()

    def _build(self) -> list[Strip]:
        maze, state = self.maze, self.state
        codes = cell_codes(maze, state.marks, state.agents, self.path, self.cursor)
        width, height = self.size
        self._scale = zoom_scale(maze.width, maze.height, width, height)
        pixels = zoom_pixels(np.asarray(state.walls), codes, width, height)
        self._shape = pixels.shape
        self._drawn_with = palette_of(self)
        return strips(self._drawn_with, pixels)

    def render_line(self, y: int) -> Strip:
        """Row y of the picture, centred in the widget."""
        width = self.size.width
        if self.maze is None or self.state is None:
            return Strip.blank(width)
        if self._strips is None or self._drawn_with is not palette_of(self):
            self._strips = self._build()
        top = max(0, (self.size.height - len(self._strips)) // 2)
        if not 0 <= y - top < len(self._strips):
            return Strip.blank(width)
        strip = self._strips[y - top]
        pad = max(0, (width - strip.cell_length) // 2)
        return Strip.join([Strip.blank(pad), strip]).extend_cell_length(width).crop(0, width)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell shown at a point of the widget (the top-left cell of a block), or None."""
        if self.maze is None or self._strips is None:
            return None
        ph, pw = self._shape
        top = max(0, (self.size.height - len(self._strips)) // 2)
        left = max(0, (self.size.width - pw) // 2)
        px, py = x - left, 2 * (y - top)
        if not (0 <= px < pw and 0 <= py < ph):
            return None
        h, w = self.maze.height, self.maze.width
        k = self._scale
        if k == 0:  # the wall bitmap: rooms at odd coordinates
            r, c = min(h - 1, py // 2), min(w - 1, max(0, px - 1) // 2)
        else:
            r, c = min(h - 1, py * k), min(w - 1, px * k)
        return self.maze.index(r, c)
