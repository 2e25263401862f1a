"""What the interpreted mazes (Suits 6.4) share: one screen, one replay kind, the rival's
difficulty; each kind's module in `games.interpreted` builds its wording."""

from dataclasses import dataclass

from mazegame.games.modes.presets import DEFAULT_DIFFICULTY, RIVAL_DIFFICULTY
from mazegame.games.modes.spec import Marker, ModeSpec, check_choices

DEFAULT_SIZE = (8, 8)  #: an interpreted maze's size when the setup names none


@dataclass(frozen=True)
class InterpretedSettings:
    """An interpreted maze's setting: the difficulty (the rival's pace, the maze's loops)."""

    difficulty: str = DEFAULT_DIFFICULTY

    def __post_init__(self) -> None:
        check_choices(self, (RIVAL_DIFFICULTY,))


def interpreted_spec(name: str, title: str, blurb: str, *, goal: str, tip: str) -> ModeSpec:
    """The spec of the interpreted kind `name`, built by `games.interpreted.<name>.build`."""
    return ModeSpec(
        name=name, title=title, blurb=blurb, goal=goal, tip=tip,
        screen="mazegame.ui.screens.interpreted:interpreted_screen",
        legend="mazegame.ui.screens.interpreted:LEGEND",
        # no maze in sight: a scene and its numbered options
        marker=Marker(status=("Moves", "Refused"), board=("1.", "2.")),
        choices=(RIVAL_DIFFICULTY,), settings=InterpretedSettings,
        builds="flat", default_size=DEFAULT_SIZE, files=None, warm=("maze", "demon"),
        replay="mazegame.games.replay_kinds:INTERPRETED",
        interpretation=f"mazegame.games.interpreted.{name}:build",
    )
