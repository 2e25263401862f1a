"""What a mode screen may ask of the app it runs in, declared once: `GameHost`.

MazeApp is the game's host. A screen reads its host's state through the accessors below, so a
screen shown by another app (a test's, Textual's own tools) gets the plain answer (nothing
saved, all keys, no sequences, the default palette, no settings...)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.dom import DOMNode

from mazegame.ui.palette import DEFAULT, Palette

if TYPE_CHECKING:
    from mazegame.games.levels import Campaign
    from mazegame.storage import Best, Store


class GameHost(App):
    """An app that hosts mode screens: where results are saved, the key scheme in force,
    the palette, the player's settings, and what this session remembers across screens."""

    def __init__(self, *args, **kwargs) -> None:
        """A host with nothing saved, every move key live and nothing remembered yet."""
        super().__init__(*args, **kwargs)
        self.store: Store | None = None  #: saved results; None when they cannot be saved
        self.key_scheme = "all"  #: which move keys are live (ui.keys)
        #: The blindfold puzzle's sequence last typed this session, by level ("3x3"): the
        #: all-mazes lab plays it as "yours".
        self.blindfold_sequences: dict[str, str] = {}
        #: The colours and glyphs the game draws with (a new one on every theme change).
        self.palette: Palette = DEFAULT
        #: The player's settings, a ui.preferences.Preferences (None: none are kept). Not
        #: imported here, not even for typing: preferences reads the dialogs, which read this.
        self.preferences: Any = None
        self.animation_speed = 1.0  #: the pace of the menu's self-building maze
        #: The warm-up's last report (done, total, label, compiled), for a menu built later.
        self.warmup_report: tuple[int, int, str, bool] | None = None
        #: The player's eye rings the terminal bell as the demon comes near (b toggles it).
        self.demon_bell = False
        #: This session's lines to share (games of the maze of the day), printed on the
        #: terminal once the app closes, where any terminal can select them (`ui.run`).
        self.share_lines: list[str] = []

    @property
    def campaign_if_read(self) -> Campaign | None:
        """The campaign if its levels have been read (here: there is none)."""
        return None

    def record(self, mode: str, maze: str, **result) -> Best | None:
        """Save a finished game (here: nothing is saved; MazeApp saves to its store)."""
        return None


def store_of(app: App) -> Store | None:
    """The app's saved results: None when it saves none."""
    return app.store if isinstance(app, GameHost) else None


def key_scheme(app: App) -> str:
    """The key scheme in force in the app ("all" for an app that sets none)."""
    return app.key_scheme if isinstance(app, GameHost) else "all"


def blindfold_sequences(app: App) -> dict[str, str]:
    """The app's blindfold sequences of this session (a fresh, forgotten one elsewhere)."""
    return app.blindfold_sequences if isinstance(app, GameHost) else {}


def preferences_of(app: App) -> Any:
    """The player's settings in the app (None: it keeps none)."""
    return app.preferences if isinstance(app, GameHost) else None


def animation_speed(app: App) -> float:
    """The pace of the menu's self-building maze (1.0: the usual)."""
    return app.animation_speed if isinstance(app, GameHost) else 1.0


def demon_bell(app: App) -> bool:
    """Whether the app rings the bell as the demon comes near (False: it keeps no setting)."""
    return app.demon_bell if isinstance(app, GameHost) else False


def set_demon_bell(app: App, on: bool) -> None:
    """Turn the demon's bell on or off in the app (an app that is no host keeps it off)."""
    if isinstance(app, GameHost):
        app.demon_bell = on


def warmup_report(app: App) -> tuple[int, int, str, bool] | None:
    """The app's last kernel warm-up report (None: none yet, or no warm-up)."""
    return app.warmup_report if isinstance(app, GameHost) else None


def campaign_if_read(app: App) -> Campaign | None:
    """The app's campaign if its levels have been read (None: not read, or none)."""
    return app.campaign_if_read if isinstance(app, GameHost) else None


def record(app: App, mode: str, maze: str, **result) -> Best | None:
    """Save a finished game in the app (nothing is saved by an app that is no host)."""
    return app.record(mode, maze, **result) if isinstance(app, GameHost) else None


def keep_share_line(app: App, line: str) -> None:
    """Keep a daily game's line to share, for the terminal after the app closes (an app
    that is no host keeps none)."""
    if isinstance(app, GameHost) and line not in app.share_lines:
        app.share_lines.append(line)


def palette_of(node: DOMNode | None) -> Palette:
    """The palette of the host a widget or screen is mounted in; the default one for a node
    mounted nowhere or in an app that is no host (a widget tested alone still draws). Found
    through the node's parents, not the active app: two apps in one process keep theirs."""
    while node is not None:
        if isinstance(node, GameHost):
            return node.palette
        node = node.parent
    return DEFAULT
