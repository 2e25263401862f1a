"""All mazes at once: the blindfold puzzle's lab (games.lab_allmazes)."""

from dataclasses import dataclass

from mazegame.games.modes.spec import Choice, Marker, ModeSpec, check_choices

CHOICES = (Choice("mazes", "Mazes", (
    ("3x3: all 51", "3x3"), ("3x4: all 295", "3x4"), ("4x4: a sample of 3828", "4x4"),
    ("5x5: a sample of 482,443 classes", "5x5"),
)),)


@dataclass(frozen=True)
class AllMazesSettings:
    """The all-mazes lab's setting: the size of the mazes walked at once."""

    mazes: str = "3x3"

    def __post_init__(self) -> None:
        check_choices(self, CHOICES)


SPEC = ModeSpec(
    name="allmazes", title="All mazes at once",
    blurb="The lab of the blindfold puzzle: every 3x3 maze (or 3x4; a sample of the 4x4 mazes "
          "or of the 5x5 classes) walking two move sequences side by side in lockstep: the "
          "best known against a random walk, a staircase or your own. Solved mazes light up, "
          "the worst one left is highlighted. Play, pause, step, step back.",
    goal="Watch one sequence solve every maze at once, against another.",
    tip="Step through the optimal sequence: which mazes does each move back up or "
        "left rescue?",
    screen="mazegame.ui.screens.allmazes:allmazes_screen",
    legend="mazegame.ui.screens.allmazes:LEGEND",
    # the small mazes, each walker on its start and each goal
    marker=Marker(status=("mazes at once",), board=("@", "◎")),
    maze_settings=False,
    builds=None,
    files=None,
    warm=("allmazes",),
    choices=CHOICES,
    settings=AllMazesSettings,
)
