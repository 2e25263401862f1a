"""The player's settings: every key, its default and the values it takes, read and written
through `mazegame.settings.SettingsFile`. The settings screen, `mazegame config` and the app
all enumerate SETTINGS; the values come from the one registries (modes' difficulties, the
engine's personalities and generators, Textual's themes and ours).

A stored value that is unknown (an old key, a bad value) is told in a notice naming it, and
the default is used; it is never fatal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mazegame.settings import SettingsFile


def _themes() -> list[str]:
    """Textual's themes and the game's own (high contrast, colour-blind safe)."""
    from textual.theme import BUILTIN_THEMES

    from mazegame.ui.themes import GAME_THEMES

    return [*BUILTIN_THEMES, *GAME_THEMES]


def _difficulties() -> list[str]:
    """The chase's difficulties (games.modes)."""
    from mazegame.games.modes import DIFFICULTIES

    return list(DIFFICULTIES)


def _demons() -> list[str]:
    """"auto" (as the difficulty says) and every demon personality (engine registry)."""
    from mazegame.engine.personalities import PERSONALITIES

    return ["auto", *PERSONALITIES]


def _sizes() -> list[str]:
    """The setup dialog's sizes ("fit" the screen, small, ...)."""
    from mazegame.ui.screens.dialogs import SIZES

    return list(SIZES)


def _generators() -> list[str]:
    """Every maze generator (engine registry; imports the kernels' module, so only asked
    for when a generator is set or used)."""
    from mazegame.engine.generate import GENERATORS

    return list(GENERATORS)


#: How fast the menu's self-building maze builds itself, as a factor of its usual pace.
ANIMATION_SPEEDS = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}
KEY_SCHEMES = ("all", "vi", "wasd", "arrows")  #: which move keys are live (ui.keys)
GLYPH_SETS = ("box", "ascii")  #: box drawing, or plain ASCII for fonts without it


@dataclass(frozen=True)
class Setting:
    """One setting: its key, default, the values it takes and what it changes."""

    key: str
    default: str
    values: Callable[[], Sequence[str]]
    help: str
    lazy: bool = field(default=False)  #: values too dear to list at every launch


SETTINGS: dict[str, Setting] = {s.key: s for s in (
    Setting("theme", "textual-dark", _themes, "colours of everything (ctrl+p also switches)"),
    Setting("glyphs", "box", lambda: GLYPH_SETS, "box drawing, or plain ASCII"),
    Setting("keys", "all", lambda: KEY_SCHEMES,
            "move keys: arrows + hjkl + wasd, or only vi, wasd or arrows"),
    Setting("difficulty", "normal", _difficulties, "the chase's default difficulty"),
    Setting("size", "fit", _sizes, "the default maze size"),
    Setting("demon", "auto", _demons, "the demon's default personality"),
    Setting("algo", "backtracker", _generators, "the default maze generator", lazy=True),
    Setting("animation", "normal", lambda: tuple(ANIMATION_SPEEDS), "animation speed"),
    Setting("sound", "off", lambda: ("on", "off"), "ring the terminal bell as the demon nears"),
)}


class BadSetting(ValueError):
    """An unknown key or a value a key does not take; the message names it."""


def check(key: str, value: str) -> str:
    """The value, normalised, if `key` takes it; BadSetting naming the problem otherwise."""
    setting = SETTINGS.get(key)
    if setting is None:
        raise BadSetting(f"unknown setting {key!r}; settings: {', '.join(SETTINGS)}")
    text = value.strip().lower()
    values = list(setting.values())
    if text not in values:
        raise BadSetting(f"{key} is one of {', '.join(values)}; not {value!r}")
    return text


def remember(file: SettingsFile, key: str, text: str) -> bool:
    """Store a checked value (its default is stored as nothing: the default applies); False
    when it lasts this session only (`file.problem` says why)."""
    return file.write(key, None if text == SETTINGS[key].default else text)


class Preferences:
    """The settings in force: stored values checked against SETTINGS, defaults elsewhere."""

    def __init__(self, file: SettingsFile | None = None) -> None:
        self.file = file if file is not None else SettingsFile()
        self.notices: list[str] = []  #: what was wrong with the stored settings
        self.values: dict[str, str] = {k: s.default for k, s in SETTINGS.items()}
        for key, text in self.file.read().items():
            if key in SETTINGS and SETTINGS[key].lazy:
                self.values[key] = text  # checked where it is used (see `checked`)
                continue
            try:
                self.values[key] = check(key, text)
            except BadSetting as err:
                self.notices.append(f"Settings: {err}; the default is used.")
        self.notices[:0] = self.file.notices

    def __getitem__(self, key: str) -> str:
        """The value in force for a key."""
        return self.values[key]

    def checked(self, key: str) -> str:
        """A lazily checked key's value, or its default (with a notice) if it is bad."""
        if self.values[key] == SETTINGS[key].default:  # nothing to check, nothing to load
            return self.values[key]
        try:
            return check(key, self.values[key])
        except BadSetting as err:
            self.notices.append(f"Settings: {err}; the default is used.")
            self.values[key] = SETTINGS[key].default
            return self.values[key]

    def set(self, key: str, value: str) -> str:
        """Check and store a value (BadSetting naming the problem); the value now in force,
        saved or, if `unsaved` says why not, for this session only."""
        text = check(key, value)
        self.values[key] = text
        remember(self.file, key, text)
        return text

    @property
    def unsaved(self) -> str | None:
        """Why the last change could not be saved (None: it was)."""
        return self.file.problem

    @property
    def animation(self) -> float:
        """The animation speed's factor (0: no animations)."""
        return ANIMATION_SPEEDS[self.values["animation"]]

    @property
    def sound(self) -> bool:
        """The terminal bell on."""
        return self.values["sound"] == "on"

    def size(self) -> tuple[int, int] | None:
        """The default maze size (None: fit the screen)."""
        from mazegame.ui.screens.dialogs import SIZES

        return SIZES[self.values["size"]][1]

    def default_setup(self, mode_name: str):
        """A new game of a mode, as the settings start it: their generator and size (for a
        mode that builds mazes) and, for a mode offering them, difficulty and demon."""
        from mazegame.games.setup import GameSetup

        return self.fill(GameSetup(mode=mode_name), given=set())

    def fill(self, setup, given: set[str]):
        """`setup` with what was not `given` ("algo", "size" and mode setting keys) taken
        from the settings; options equal to the mode's own default are left out."""
        from dataclasses import replace

        from mazegame.games.modes import MODES

        mode = MODES.get(setup.mode)
        changes: dict = {}
        if mode is not None and mode.builds is not None:
            if "algo" not in given:
                changes["algorithm"] = self.checked("algo")
            if "size" not in given:
                changes["size"] = self.size()
        options = dict(setup.options)
        for choice in mode.choices if mode is not None else ():
            if choice.key in given or choice.key in options or choice.key not in SETTINGS:
                continue
            wanted = "" if self.values[choice.key] == "auto" else self.values[choice.key]
            if wanted != choice.default_value and wanted in [v for _, v in choice.values]:
                options[choice.key] = wanted
        if options != dict(setup.options):
            changes["options"] = tuple(options.items())
        return replace(setup, **changes) if changes else setup
