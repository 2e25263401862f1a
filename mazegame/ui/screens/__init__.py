"""One screen per game mode, plus the menu, help and dialogs; SCREENS maps each mode of
`mazegame.games.modes.MODES` to what builds its screen from a GameSetup.

A mode's screen module (and the engine it needs: numba, the kernels) is imported the first
time the mode is opened, not when the menu starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

from mazegame.games.interpreted import KIND_MODULES, available

if TYPE_CHECKING:
    from textual.screen import Screen

    from mazegame.games.setup import GameSetup


class ScreenFactories(Mapping[str, "Callable[[GameSetup], Screen]"]):
    """Mode name -> screen factory, each named "module:attribute" and imported on first use."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names  #: mode -> "package.module:attribute"

    def __getitem__(self, mode: str) -> Callable[[GameSetup], Screen]:
        """The factory of a mode's screen (importing its module the first time)."""
        module, _, attribute = self.names[mode].partition(":")
        return getattr(import_module(module), attribute)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


#: Mode name -> screen factory (the classic mode is the plain walk); a test checks that
#: every registered mode has one, and that each resolves.
SCREENS = ScreenFactories({
    "campaign": "mazegame.ui.screens.campaign:CampaignScreen",
    "classic": "mazegame.ui.screens.walk:WalkScreen",
    "blind": "mazegame.ui.screens.blind:BlindScreen",
    "eye": "mazegame.ui.screens.eye:EyeScreen",
    "chase": "mazegame.ui.screens.chase:chase_screen",
    "race": "mazegame.ui.screens.chase:chase_screen",
    "jump": "mazegame.ui.screens.jump:jump_screen",
    "blindfold": "mazegame.ui.screens.blindfold:blindfold_screen",
    # the interpreted mazes: one screen for every kind that is installed (as in MODES)
    **{kind: "mazegame.ui.screens.interpreted:interpreted_screen"
       for kind in KIND_MODULES if available(kind)},
    "lab": "mazegame.ui.screens.lab:lab_screen",
    "allmazes": "mazegame.ui.screens.allmazes:allmazes_screen",
    "rat": "mazegame.ui.screens.rat:rat_screen",
    "editor": "mazegame.ui.screens.editor:editor_screen",
})
