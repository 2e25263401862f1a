"""Treasure hunt: a known maze, a hidden treasure, a rival searching in the best order
(Suits 4.3; the rules are `games.treasure`)."""

from dataclasses import dataclass

from mazegame.games.modes.presets import DEFAULT_DIFFICULTY, RIVAL_DIFFICULTY
from mazegame.games.modes.spec import Marker, ModeSpec, check_choices

#: The size a hunt plays when none is chosen (not "fit the screen": a maze of 500 cells
#: is a search of some 400 moves, too long for a game; this one is some 80).
DEFAULT_SIZE = (13, 8)


@dataclass(frozen=True)
class TreasureSettings:
    """The treasure hunt's one setting: the difficulty, which sets the rival's pace (its
    steps for each of yours) and its head start, as a chase's demon's."""

    difficulty: str = DEFAULT_DIFFICULTY
    #: Which hunt on this maze: each hides the treasure afresh (the screen's `r`, "same
    #: maze, a new treasure", counts it up; a recording keeps it). 0: the first.
    hunt: int = 0

    def __post_init__(self) -> None:
        check_choices(self, (RIVAL_DIFFICULTY,))
        if isinstance(self.hunt, bool) or not isinstance(self.hunt, int) or self.hunt < 0:
            raise ValueError(f"hunt, which hunt on the maze, is a whole number from 0; "
                             f"not {self.hunt!r}")


SPEC = ModeSpec(
    name="treasure", title="Treasure hunt",
    blurb="You see the whole maze, but a treasure is hidden in one of its cells. Find it by "
          "stepping into its cell before your rival does: it searches in the order with the "
          "fewest steps on average, and every cell it has searched is marked (the treasure is "
          "not there). Your par is that order's average.",
    goal="Step into the treasure's cell before your rival does.",
    tip="Search where the rival will come last: every cell it passes is one you can skip.",
    screen="mazegame.ui.screens.treasure:TreasureScreen",
    legend="mazegame.ui.screens.treasure:LEGEND",
    marker=Marker(status=("Moves", "Par"), board=("@",)),
    choices=(RIVAL_DIFFICULTY,),
    settings=TreasureSettings,
    default_size=DEFAULT_SIZE,
    # No one-way doors (a door that passes one way can shut a searcher off from the rest of
    # the maze: a hunt nobody can finish), so no wrap either: the spec has one switch.
    builds="flat",
    warm=("maze", "treasure"),  # the rival's best walk: the treasure kernels first
    game="mazegame.games.treasure:treasure_game",
    maze="mazegame.games.treasure:treasure_maze",
    replay="mazegame.games.treasure:TREASURE_REPLAY",  # WALK's, with the rival on stage
)
