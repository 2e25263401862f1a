"""Chase: reach an exit before the demon catches you (games.chase). Race shares all but its
words and the demon's role: `chase_spec` builds both."""

from mazegame.games.modes.presets import CHASE_CHOICES, CHASE_WARM, ChaseSettings
from mazegame.games.modes.spec import WALK_MARKER, ModeSpec


def chase_spec(name: str, title: str, blurb: str, *, goal: str, tip: str,
               demon: str) -> ModeSpec:
    """The spec of a mode played against a demon in the role `demon` ("hunts", "races")."""
    return ModeSpec(
        name=name, title=title, blurb=blurb, goal=goal, tip=tip,
        screen="mazegame.ui.screens.chase:chase_screen",
        legend="mazegame.ui.screens.chase:LEGEND",
        marker=WALK_MARKER,  # the default view is the bird's-eye one
        choices=CHASE_CHOICES,
        settings=ChaseSettings,
        warm=CHASE_WARM,
        view=None,
        demon=demon,
        tilings=("square", "hex", "triangle"),
        game="mazegame.games.chase_setup:chase_game",
        maze="mazegame.games.chase_setup:chase_setup_maze",
        replay="mazegame.games.replay:WALK",
    )


SPEC = chase_spec(
    "chase", "Chase",
    "Reach an exit before the demon catches you. There are two or three; from Normal on, the "
    "demon may be waiting by the nearest, but one way out is always safe. In real time you "
    "move at most once a demon beat: a held key walks at that pace, and a press too early "
    "waits its turn. In the dark views you only hear it coming.",
    goal="Reach an exit before the demon catches you.",
    tip="Look where the demon is before you run: the nearest exit may be the trap.",
    demon="hunts",
)
