"""The player's-eye view: draws `render_view`'s rows with a depth-shaded palette."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from mazegame.games.eyeview import SHADES, STYLE_NAMES, look, render_view
from mazegame.ui.palette import (
    CEILING,
    EYE_EDGE,
    EYE_FACE_FAR,
    EYE_FACE_NEAR,
    EYE_FOG,
    EYE_GOAL,
    EYE_SPRITE,
    EYE_WALL_FAR,
    EYE_WALL_NEAR,
    GROUND,
)


def _blend(a: str, b: str, t: float) -> str:
    """Colour between a (t=0) and b (t=1)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def _palette() -> dict[str, Style]:
    styles = {
        "ceiling": Style(bgcolor=CEILING),
        "floor": Style(bgcolor=GROUND),
        "fog": Style(color=EYE_FOG[0], bgcolor=EYE_FOG[1]),
        "goal": Style(color=EYE_GOAL, bgcolor=GROUND, bold=True),
        "edge": Style(color=EYE_EDGE[0], bgcolor=EYE_EDGE[1]),
        "sprite": Style(color=EYE_SPRITE, bgcolor=GROUND, bold=True),
    }
    for i in range(SHADES):
        t = i / (SHADES - 1)
        styles[f"wall-{i}"] = Style(color=_blend(EYE_WALL_NEAR[0], EYE_WALL_FAR[0], t),
                                    bgcolor=_blend(EYE_WALL_NEAR[1], EYE_WALL_FAR[1], t))
        styles[f"face-{i}"] = Style(color=_blend(EYE_FACE_NEAR[0], EYE_FACE_FAR[0], t),
                                    bgcolor=_blend(EYE_FACE_NEAR[1], EYE_FACE_FAR[1], t))
    for name in STYLE_NAMES:  # a sprite's strokes keep the background they stand on
        if name.startswith("sprite:"):
            ground = styles[name.removeprefix("sprite:")]
            styles[name] = Style(color=EYE_SPRITE, bgcolor=ground.bgcolor, bold=True)
    return styles


PALETTE = _palette()


class EyeView(Widget):
    """Draws what the player sees; call `show` after every move or turn."""

    DEFAULT_CSS = "EyeView { width: 1fr; height: 1fr; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.scene: tuple | None = None  # (maze, cell, facing, depth, sprites)
        self._rows: list[Strip] = []
        self._rendered_for: tuple | None = None

    def show(self, maze, cell: int, facing: int, depth: int, sprites=None) -> None:
        """Look from `cell` facing `facing`, `depth` cells deep, with sprites in sight."""
        self.scene = (maze, cell, facing, depth, dict(sprites or {}))
        self._rendered_for = None
        self.refresh()

    def _render_rows(self) -> None:
        key = (id(self.scene), self.size)
        if self._rendered_for == key or self.scene is None:
            return
        maze, cell, facing, depth, sprites = self.scene
        width, height = self.size
        sections = look(maze, cell, facing, depth)
        rows = render_view(sections, width, height, depth, sprites)
        self._rows = [Strip([Segment(text, PALETTE[name]) for text, name in row]) for row in rows]
        self._rendered_for = key

    def render_line(self, y: int) -> Strip:
        """Row `y` of the drawn corridor."""
        self._render_rows()
        if y < len(self._rows):
            return self._rows[y]
        return Strip.blank(self.size.width, PALETTE["ceiling"])
