"""A one-line scrubber: where in a trace the lab stands; click or drag to jump."""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from mazegame.ui.host import palette_of


class Scrubber(Widget):
    """A progress bar you can click or drag; posts `Seek` with the chosen position."""

    DEFAULT_CSS = "Scrubber { height: 1; }"

    class Seek(Message):
        """The user picked a position on the bar."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.position = 0
        self.total = 0
        self._dragging = False

    def update(self, position: int, total: int) -> None:
        """Show `position` of `total`; repaints only when the knob or label would change."""
        if (position, total) != (self.position, self.total):
            self.position, self.total = position, total
            self.refresh()

    def _label(self) -> str:
        share = self.position / self.total if self.total else 0.0
        return f" {self.position:,}/{self.total:,} {share:4.0%} "

    def _bar_width(self) -> int:
        return max(1, self.size.width - len(self._label()))

    def render_line(self, y: int) -> Strip:
        """The bar: played, the knob, still to play."""
        p = palette_of(self)
        width = self._bar_width()
        knob = min(width - 1, self.position * width // self.total) if self.total else 0
        return Strip([
            Segment("━" * knob, p.PROGRESS_DONE),
            Segment("●", p.KNOB),
            Segment("━" * (width - knob - 1), p.PROGRESS_LEFT),
            Segment(self._label(), p.PROGRESS_LABEL),
        ]).extend_cell_length(self.size.width)

    # -- mouse -------------------------------------------------------------------------
    def _seek_to(self, x: int) -> None:
        width = self._bar_width()
        if self.total and 0 <= x < width + 1:
            self.post_message(self.Seek(round(min(x, width - 1) * self.total / (width - 1 or 1))))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Start a drag and seek where clicked."""
        self._dragging = True
        self.capture_mouse()
        self._seek_to(event.x)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """While dragging: seek under the mouse."""
        if self._dragging:
            self._seek_to(event.x)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        """End a drag."""
        self._dragging = False
        self.release_mouse()
