"""The footer every screen shows: its keys, with "? Help" pinned to the right end.

At 80 columns a mode has more keys than room. Textual's footer then cuts whatever comes
last, which is the app's "? Help". Here the help key is docked right, so it always shows;
below `COMPACT_BELOW` columns the keys pack tighter, and a key that would still be cut is
hidden whole rather than shown in half (the help lists every key).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

COMPACT_BELOW = 120  #: columns under which the keys are packed tighter
KEY = "FooterKey"  #: the CSS type of Textual's footer keys (each has the `action` it runs)
HELP_ACTION = "help"  #: the app's help binding's action: its key stays in sight


class GameFooter(Footer):
    """A footer whose help key never scrolls out of sight, and which never shows half a key."""

    DEFAULT_CSS = """
    GameFooter FooterKey.-help {
        dock: right;
        border-left: vkey $foreground 20%;
    }
    """

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("show_command_palette", False)  # ctrl+p still opens it
        super().__init__(**kwargs)
        self.always_compact = self.compact  #: compact at every width (a screen of many keys)
        self._composed_keys: tuple | None = None  #: the keys on show when last composed

    def bindings_changed(self, screen: Screen) -> None:
        """Rebuild the keys only when those on show changed. Textual rebuilds them on every
        change of focus or bindings: three to seven times while a screen opens, each a
        mount of a dozen widgets."""
        if self._composed_keys is not None and self.is_attached and screen is self.screen \
                and shown_keys(screen) == self._composed_keys:
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        """Textual's keys, the help key marked to be docked right (the keys on show are
        noted once Textual's footer draws any: until then it waits for the bindings)."""
        drawn = False
        for widget in super().compose():
            drawn = True
            if getattr(widget, "action", None) == HELP_ACTION:
                widget.add_class("-help")
            yield widget
        self._composed_keys = shown_keys(self.screen) if drawn else None
        self.call_after_refresh(self.fit_keys)

    def on_resize(self) -> None:
        """Pack the keys for the new width."""
        self.compact = self.always_compact or self.size.width < COMPACT_BELOW
        self.call_after_refresh(self.fit_keys)

    def fit_keys(self) -> None:
        """Show the keys, in order, while they fit beside the help key; hide the rest."""
        keys = list(self.query(KEY))
        # Measured from the text, not the layout: a freshly composed key has no size yet.
        room = self.size.width - sum(_width(k) for k in keys if k.has_class("-help"))
        for key in keys:
            if not key.has_class("-help"):
                key.display = _width(key) <= room
                room = room - _width(key) if key.display else 0  # one hidden: the rest too


def shown_keys(screen: Screen) -> tuple:
    """What the footer would show for a screen: each shown binding's keys, label, action,
    group, and whether it is enabled."""
    return tuple((b.key, b.key_display, b.description, b.action, b.group, enabled, tooltip)
                 for _, b, enabled, tooltip in screen.active_bindings.values() if b.show)


def _width(key: Widget) -> int:
    """The columns a key takes: its text, margins and border."""
    styles = key.styles
    border = sum(1 for edge in (styles.border_left, styles.border_right) if edge[0])
    return key.render().cell_len + styles.margin.left + styles.margin.right + border
