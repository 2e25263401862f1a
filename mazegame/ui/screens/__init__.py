"""One screen per game mode, plus the menu, help and dialogs; SCREENS maps each mode of
`mazegame.games.modes.MODES` to what builds its screen from a GameSetup."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from mazegame.games.setup import GameSetup
from mazegame.ui.screens.blind import BlindScreen
from mazegame.ui.screens.chase import chase_screen
from mazegame.ui.screens.eye import EyeScreen
from mazegame.ui.screens.jump import jump_screen
from mazegame.ui.screens.lab import lab_screen
from mazegame.ui.screens.walk import WalkScreen

#: Mode name -> screen factory (the classic mode is the plain walk); a test checks that
#: every registered mode has one.
SCREENS: dict[str, Callable[[GameSetup], Screen]] = {
    "classic": WalkScreen,
    "blind": BlindScreen,
    "eye": EyeScreen,
    "chase": chase_screen,
    "race": chase_screen,
    "jump": jump_screen,
    "lab": lab_screen,
}
