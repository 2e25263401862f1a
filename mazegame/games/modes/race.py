"""Race: you and the demon to the same goal, no catching (games.chase)."""

from mazegame.games.modes.chase import chase_spec

SPEC = chase_spec(
    "race", "Race",
    "You and the demon race to the same goal from different starts. No catching: just be "
    "there first.",
    goal="Reach the goal before the demon, which heads there too.",
    tip="Study the maze before your first step: the demon only starts moving when you do.",
    demon="races",
)
