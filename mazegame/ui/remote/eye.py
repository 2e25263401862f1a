"""The player's-eye view of a game on a host: the corridor ahead, drawn by the local game's
own widget (`ui.widgets.eye_view`) looking through the picture of the walls the host sent.

Where we stand comes from the host (Begin, then State); which way we face is ours alone:
a turn changes the picture and sends nothing, a step forward is a Key the way we face.
Other players (their letters) and the demon (its figures) stand in the corridor when they
are in the line of sight, as the local chase shows its demon.
"""

from __future__ import annotations

from mazegame.eyesight import FIGURES, LEFT_OF, RIGHT_OF, look, open_facing
from mazegame.ui.remote.picture import Picture
from mazegame.ui.widgets.eye_view import EyeView

EAST = 1
DEPTH = 8  #: cells the view reaches before the fog (the local game's default)
DEMON = FIGURES[-1][0]  #: the glyph the eye draws as the demon's figures
#: A turn's new facing, from the facing now.
TURNS = {"left": LEFT_OF, "right": RIGHT_OF, "around": tuple((d + 2) % 4 for d in range(4))}


class RemoteEye(EyeView):
    """Our corridor on the host's maze: `start` a game, `turn`, `place` everyone."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.picture: Picture | None = None
        self.cell = -1  #: where the host says we are
        self.facing = EAST
        self.others: dict[int, str] = {}  #: cell -> a player's letter (not ours)
        self.demon = -1

    def start(self, picture: Picture, cell: int) -> None:
        """A new maze: we stand at `cell`, facing an open way (east if we can)."""
        self.picture, self.cell, self.others, self.demon = picture, cell, {}, -1
        self.facing = open_facing(picture, cell, EAST)
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
        if self.picture is not None and self.cell >= 0:
            self.show(self.picture, self.cell, self.facing, DEPTH, self.in_sight())
