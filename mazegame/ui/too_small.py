"""The notice over everything while the terminal is too small, for every app (the game's and
the thin client's): Textual only, so a player's process can import it (no numpy, no games).
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    """Shown over everything while the terminal is below the minimum size."""

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        """One notice, filled in by `show_size`."""
        yield Static("", id="too-small")

    def show_size(self, size: tuple[int, int]) -> None:
        """Say how big the terminal must be, and how big it is."""
        w, h = self.need
        self.query_one("#too-small", Static).update(
            f"Please enlarge the terminal.\n\nmazegame needs {w}x{h}; this one is "
            f"{size[0]}x{size[1]}."
        )

    def on_mount(self) -> None:
        """Show the terminal's size as it is now."""
        self.show_size(self.app.size)


def cover_while_small(app: App, size: Size, need: tuple[int, int]) -> None:
    """Put the notice over the app while `size` is below `need`, update it while it stays,
    take it away once the terminal is big enough."""
    small = size.width < need[0] or size.height < need[1]
    showing = isinstance(app.screen, TooSmallScreen)
    if small and not showing:
        app.push_screen(TooSmallScreen(need))
    elif small:
        app.screen.show_size(size)
    elif showing:
        app.pop_screen()
