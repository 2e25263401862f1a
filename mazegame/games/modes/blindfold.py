"""The blindfold puzzle: one move sequence out of every small maze (games.blindfold)."""

from dataclasses import dataclass
from typing import ClassVar

from mazegame.games.blindfold_levels import LEVELS
from mazegame.games.modes.spec import Choice, Marker, ModeSpec, check_choices

CHOICES = (Choice("mazes", "Mazes", tuple(
    (f"{name}: {level.mazes:,} mazes, par {level.par}", name) for name, level in LEVELS.items()
)),)


@dataclass(frozen=True)
class BlindfoldSettings:
    """The blindfold puzzle's setting: the level to play, named by the size of its mazes
    (`games.blindfold.LEVELS`), as all mazes at once names them."""

    mazes: str = "3x3"
    #: Keys renamed (old -> new): recordings and `play blindfold --level` from before the
    #: setting was "mazes" (a setup's `level` is a maze; `level_id`, a campaign level).
    RENAMED: ClassVar[dict[str, str]] = {"level": "mazes"}

    def __post_init__(self) -> None:
        check_choices(self, CHOICES)


SPEC = ModeSpec(
    name="blindfold", title="Blindfold puzzle",
    blurb="You cannot see the maze. Type one sequence that gets out of every 3x3 maze: all 51 "
          "start in the upper-left corner and walk your moves in step; a move into rock or off "
          "the grid does nothing; a maze is out once its lower-right corner is visited. The "
          "worst maze left is drawn with your path in it. Then 3x4 to 4x5 (par: the best "
          "known).",
    goal="One move sequence that gets out of every maze, in par moves for three stars.",
    tip="A move that bumps does no harm: go down and right, then undo the mazes that "
        "trap you by going back up or left.",
    screen="mazegame.ui.screens.blindfold:blindfold_screen",
    legend="mazegame.ui.screens.blindfold:LEGEND",
    # the worst maze drawn (you on the start, the goal), the count left
    marker=Marker(status=("par", "unsolved"), board=("@", "◎")),
    maze_settings=False,
    builds=None,
    files=None,
    warm=("allmazes",),
    choices=CHOICES,
    settings=BlindfoldSettings,
    replay="mazegame.games.replay_kinds:BLINDFOLD",
)
