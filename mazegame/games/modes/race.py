"""Race: you and the demon to the same goal, no catching (games.chase)."""

from mazegame.games.modes.presets import CHASE_CHOICES, CHASE_WARM, ChaseSettings
from mazegame.games.modes.spec import WALK_MARKER, ModeSpec

SPEC = ModeSpec(
    name="race", title="Race",
    blurb="You and the demon race to the same goal from different starts. No catching: just be "
          "there first.",
    goal="Reach the goal before the demon, which heads there too.",
    tip="Study the maze before your first step: the demon only starts moving when you do.",
    screen="mazegame.ui.screens.chase:chase_screen",
    legend="mazegame.ui.screens.chase:LEGEND",
    marker=WALK_MARKER,
    choices=CHASE_CHOICES,
    settings=ChaseSettings,
    warm=CHASE_WARM,
    view=None,
    demon="races",
    game="mazegame.games.chase_setup:chase_game",
    maze="mazegame.games.chase_setup:chase_setup_maze",
    replay="mazegame.games.replay:WALK",
)
