"""The player's eye: the corridor ahead, drawn in perspective (games.eye)."""

from dataclasses import dataclass

from mazegame.games.modes.presets import DEFAULT_DIFFICULTY, aids_text, eye_difficulties
from mazegame.games.modes.spec import Choice, Marker, ModeSpec, check_choices

CHOICES = (
    Choice("difficulty", "Difficulty", tuple(
        (f"{d.title}: {aids_text(d)}", d.name) for d in eye_difficulties())),
    Choice("depth", "Sight", (("Far (8 cells)", 8), ("Medium (5)", 5), ("Short (3)", 3))),
)


@dataclass(frozen=True)
class EyeSettings:
    """The player's eye's settings: the difficulty (what it gives away: compass, map) and
    how far the player sees."""

    difficulty: str = DEFAULT_DIFFICULTY
    depth: int = 8  #: cells of corridor drawn ahead

    def __post_init__(self) -> None:
        check_choices(self, CHOICES)


SPEC = ModeSpec(
    name="eye", title="Player's eye",
    blurb="See only what lies ahead: turn left or right, step forward, find the glowing goal ◆. "
          "The computer knows where you are and which way you face; you may not.",
    goal="Find the goal seeing only the corridor ahead.",
    tip="Look down each side opening before walking on; m shows a map of what you saw.",
    screen="mazegame.ui.screens.eye:EyeScreen",
    legend="mazegame.ui.screens.eye:LEGEND",
    # the first-person view: shaded walls (near ones solid, far ones lighter)
    marker=Marker(status=("Moves", "Turns"), board=("█▓▒░",)),
    choices=CHOICES,
    settings=EyeSettings,
    view="eye",
    game="mazegame.games.eye:eye_game",
    replay="mazegame.games.replay:WALK",
    level_view="eye",
    tilings=("square", "weave", "floors"),
)
