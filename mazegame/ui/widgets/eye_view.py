"""The player's-eye view: draws `render_view`'s rows with a depth-shaded palette."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from mazegame.games.eyeview import SHADES, look, render_view

CEILING_BG = "#0e1016"
FLOOR_BG = "#2a2219"


def _blend(a: str, b: str, t: float) -> str:
    """Colour between a (t=0) and b (t=1)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def _palette() -> dict[str, Style]:
    styles = {
        "ceiling": Style(bgcolor=CEILING_BG),
        "floor": Style(bgcolor=FLOOR_BG),
        "fog": Style(color="#2b2f38", bgcolor="#101218"),
        "goal": Style(color="#ffd75f", bgcolor=FLOOR_BG, bold=True),
        "edge": Style(color="#d8dee9", bgcolor="#3b4252"),
        "sprite": Style(color="#ff3b30", bgcolor=FLOOR_BG, bold=True),
    }
    for i in range(SHADES):
        t = i / (SHADES - 1)
        styles[f"wall-{i}"] = Style(color=_blend("#c9d6e8", "#1c2029", t),
                                    bgcolor=_blend("#5a6a80", "#111318", t))
        styles[f"face-{i}"] = Style(color=_blend("#e5ecf5", "#303642", t),
                                    bgcolor=_blend("#8796ab", "#181b22", t))
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
        self._render_rows()
        if y < len(self._rows):
            return self._rows[y]
        return Strip.blank(self.size.width)
