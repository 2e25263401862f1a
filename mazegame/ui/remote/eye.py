"""The player's-eye view of a game on a host: the corridor ahead, drawn by the local game's
own widget (`ui.widgets.eye_view`) looking through the picture of the walls the host sent.

Where we stand comes from the host (Begin, then State); which way we face is ours alone:
a turn changes the picture and sends nothing, a step forward is a Key the way we face.
Other players (their letters) and the demon (its figures) stand in the corridor when they
are in the line of sight, as the local chase shows its demon. Beside it, `EyeMap`: what we
have seen of the maze, a room a character, with an arrow where we stand the way we face.
"""

from __future__ import annotations

from mazegame.eyesight import FIGURES, LEFT_OF, RIGHT_OF, look, open_facing
from mazegame.ui.host import palette_of
from mazegame.ui.remote.board import Board
from mazegame.ui.remote.picture import Picture
from mazegame.ui.widgets.eye_view import EyeView

EAST = 1
DEPTH = 8  #: cells the view reaches before the fog (the local game's default)
DEMON = FIGURES[-1][0]  #: the glyph the eye draws as the demon's figures
#: A turn's new facing, from the facing now.
TURNS = {"left": LEFT_OF, "right": RIGHT_OF, "around": tuple((d + 2) % 4 for d in range(4))}


class EyeMap(Board):
    """The cells we have seen (their walls, the goal once seen), our trail and facing."""

    DEFAULT_CSS = "EyeMap { width: auto; max-width: 40%; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.maze: Picture | None = None  #: the whole maze (what the host sent)
        self.seen: set[int] = set()

    def new_maze(self, maze: Picture) -> None:
        """A new maze: nothing seen yet."""
        self.maze, self.seen = maze, set()
        self.show(Picture(maze.width, maze.height, [0] * len(maze.walls), wrap_x=maze.wrap_x,
                          wrap_y=maze.wrap_y, glyphs=maze.glyphs, room=1), -1, [])
        self.refresh(layout=True)  # (as wide as this maze's map)

    def see(self, cells: set[int], cell: int, facing: int) -> None:
        """Cells in sight now; we stand at `cell` facing `facing`."""
        fresh = cells - self.seen
        if fresh:
            self.seen |= fresh
            self.picture.learn([(c, self.maze.walls[c]) for c in fresh])
            self.goals = frozenset(self.seen & self.maze.goals)
        p = palette_of(self)
        self.trail.add(cell)
        self.place({cell: (p.GLYPH_FACING[facing], p.PLAYER, False)}, -1)
        self.call_after_refresh(self.keep_in_view, cell)


class RemoteEye(EyeView):
    """Our corridor on the host's maze: `start` a game, `turn`, `place` everyone."""

    def __init__(self, eye_map: EyeMap | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.map = eye_map  #: where what we see is drawn small, if anywhere
        self.picture: Picture | None = None
        self.cell = -1  #: where the host says we are
        self.facing = EAST
        self.others: dict[int, str] = {}  #: cell -> a player's letter (not ours)
        self.demon = -1

    def start(self, picture: Picture, cell: int) -> None:
        """A new maze: we stand at `cell`, facing an open way (east if we can)."""
        self.picture, self.cell, self.others, self.demon = picture, cell, {}, -1
        self.facing = open_facing(picture, cell, EAST)
        if self.map is not None:
            self.map.new_maze(picture)
        self.redraw()

    def turn(self, which: str) -> None:
        """Face left, right or around ("left", "right", "around")."""
        self.facing = TURNS[which][self.facing]
        self.redraw()

    def place(self, cell: int, others: dict[int, str], demon: int) -> None:
        """Where we are, the others' letters by cell, the demon's cell (-1: none)."""
        self.cell, self.others, self.demon = cell, others, demon
        self.redraw()

    def in_sight(self) -> dict[int, str]:
        """`render_view`'s sprites: the demon or a player at each depth ahead where one is."""
        sprites = {}
        for section in look(self.picture, self.cell, self.facing, DEPTH)[1:]:
            if section.cell == self.demon:
                sprites[section.depth] = DEMON
            elif section.cell in self.others:
                sprites[section.depth] = self.others[section.cell]
        return sprites

    def redraw(self) -> None:
        """Look again from where we are, the way we face."""
        if self.picture is None or self.cell < 0:
            return
        self.show(self.picture, self.cell, self.facing, DEPTH, self.in_sight())
        if self.map is not None:
            sections = look(self.picture, self.cell, self.facing, DEPTH)
            self.map.see({c for s in sections for c in (s.cell, s.left_cell, s.right_cell)
                          if c >= 0}, self.cell, self.facing)
