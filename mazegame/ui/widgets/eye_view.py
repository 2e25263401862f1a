"""The player's-eye view: draws `render_view`'s rows with a depth-shaded palette."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from mazegame.eyesight import SHADES, STYLE_NAMES, look, render_view
from mazegame.ui import palette
from mazegame.ui.host import palette_of


def _blend(a: str, b: str, t: float) -> str:
    """Colour between a (t=0) and b (t=1)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


@palette.per_palette
def depth_styles(p: palette.Palette) -> dict[str, Style]:
    """The view's style names (eyesight) -> Rich styles, shaded by depth."""
    styles = {
        "ceiling": Style(bgcolor=p.CEILING),
        "floor": Style(bgcolor=p.GROUND),
        "fog": Style(color=p.EYE_FOG[0], bgcolor=p.EYE_FOG[1]),
        "goal": Style(color=p.EYE_GOAL, bgcolor=p.GROUND, bold=True),
        "edge": Style(color=p.EYE_EDGE[0], bgcolor=p.EYE_EDGE[1]),
        "sprite": Style(color=p.EYE_SPRITE, bgcolor=p.GROUND, bold=True),
        "stair": Style(color=p.ONE_WAY_COLOUR, bgcolor=p.GROUND, bold=True),
        "hole": Style(color=p.ONE_WAY_COLOUR, bgcolor=p.CEILING),
    }
    for i in range(SHADES):
        t = i / (SHADES - 1)
        for kind, near, far in (("wall", p.EYE_WALL_NEAR, p.EYE_WALL_FAR),
                                ("face", p.EYE_FACE_NEAR, p.EYE_FACE_FAR)):
            styles[f"{kind}-{i}"] = Style(color=_blend(near[0], far[0], t),
                                          bgcolor=_blend(near[1], far[1], t))
    for name in STYLE_NAMES:  # a sprite's strokes keep the background they stand on
        if name.startswith("sprite:"):
            ground = styles[name.removeprefix("sprite:")]
            styles[name] = Style(color=p.EYE_SPRITE, bgcolor=ground.bgcolor, bold=True)
    return styles



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
        p = palette_of(self)
        key = (id(self.scene), self.size, p)
        if self._rendered_for == key or self.scene is None:
            return
        maze, cell, facing, depth, sprites = self.scene
        width, height = self.size
        sections = look(maze, cell, facing, depth)
        rows = render_view(sections, width, height, depth, sprites)
        styles = depth_styles(p)
        plain = palette.ASCII_EYE if p.glyphs == "ascii" else None
        self._rows = [Strip([Segment(text if plain is None else text.translate(plain),
                                     styles[name]) for text, name in row]) for row in rows]
        self._rendered_for = key

    def render_line(self, y: int) -> Strip:
        """Row `y` of the drawn corridor."""
        self._render_rows()
        if y < len(self._rows):
            return self._rows[y]
        return Strip.blank(self.size.width, depth_styles(palette_of(self))["ceiling"])
