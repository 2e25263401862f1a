"""The settings screen: one choice per setting of ui.preferences.SETTINGS, each saved and
shown at once (a theme recolours the screen behind, a key scheme thins the keys)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Select, Static

from mazegame.ui.host import set_demon_bell
from mazegame.ui.preferences import SETTINGS, BadSetting

#: Titles for the settings' keys (the keys themselves are what `mazegame config` takes).
TITLES = {"theme": "Theme", "glyphs": "Glyphs", "keys": "Move keys",
          "difficulty": "Difficulty", "size": "Maze size", "demon": "Demon",
          "algo": "Generator", "animation": "Animation", "sound": "Bell"}


class SettingsScreen(ModalScreen[None]):
    """Theme, glyphs, move keys and the defaults a new game starts from; saved as changed."""

    BINDINGS = [Binding("escape", "dismiss", "Close", id="settings-close",
                        tooltip="Close the settings (every change is saved already)")]

    def compose(self) -> ComposeResult:
        """A labelled choice per setting, then a line saying what happened."""
        prefs = self.app.preferences
        with Vertical(id="dialog", classes="setup"):
            yield Label("Settings", id="dialog-title")
            with VerticalScroll(id="setup-scroll"), Grid(id="setup-grid"):
                for key, setting in SETTINGS.items():
                    yield Label(TITLES.get(key, key.capitalize()))
                    value = prefs.checked(key) if setting.lazy else prefs[key]
                    yield Select([(v, v) for v in setting.values()], value=value,
                                 allow_blank=False, id=f"setting-{key}",
                                 tooltip=setting.help)
            yield Static("", id="setup-error")
            yield Static("Saved as you change them · escape closes", id="dialog-hint")

    def on_mount(self) -> None:
        """Focus the first choice."""
        self.query_one(Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Save the new value and show it at once."""
        key = (event.select.id or "").removeprefix("setting-")
        if key not in SETTINGS or event.value == Select.BLANK:
            return
        app, prefs = self.app, self.app.preferences
        if prefs.values.get(key) == event.value:
            return
        try:
            prefs.set(key, str(event.value))
        except BadSetting as err:  # cannot happen from the choices offered; said if it does
            self.query_one("#setup-error", Static).update(str(err))
            return
        if key == "theme":
            app.theme = prefs["theme"]
        elif key == "glyphs":
            app.use_palette()
        elif key == "keys":
            app.use_key_scheme(prefs["keys"])
        elif key == "sound":
            set_demon_bell(app, prefs.sound)
        elif key == "animation":
            app.animation_speed = prefs.animation or 1.0
        said = "" if prefs.unsaved is None else (  # e.g. a read-only folder: this run only
            f"Settings could not be saved: {prefs.unsaved}. The change lasts until you quit.")
        self.query_one("#setup-error", Static).update(Text(said))
