"""Classic mode: the bird's-eye maze, walked from start to goal against the clock."""

from mazegame.ui.modes import Mode, register_mode
from mazegame.ui.screens.walk import WalkScreen

register_mode(Mode(
    "classic", "Classic",
    "The bird's-eye maze. Walk from the start ○ to the goal ◎ in as few moves as you can; "
    "the clock starts with your first step.",
    WalkScreen,
))
