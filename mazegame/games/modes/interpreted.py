"""What the interpreted mazes (Suits 6.4) share: one screen, one replay kind, the rival's
difficulty; each kind's module in `games.interpreted` builds its wording."""

from mazegame.games.modes.presets import RIVAL_DIFFICULTY
from mazegame.games.modes.spec import Marker, ModeSpec


def interpreted_spec(name: str, title: str, blurb: str, *, goal: str, tip: str) -> ModeSpec:
    """The spec of the interpreted kind `name`, built by `games.interpreted.<name>.build`."""
    return ModeSpec(
        name=name, title=title, blurb=blurb, goal=goal, tip=tip,
        screen="mazegame.ui.screens.interpreted:interpreted_screen",
        legend="mazegame.ui.screens.interpreted:LEGEND",
        # no maze in sight: a scene and its numbered options
        marker=Marker(status=("Moves", "Refused"), board=("1.", "2.")),
        choices=(RIVAL_DIFFICULTY,), builds="flat", files=None, warm=("maze", "demon"),
        replay="mazegame.games.replay_kinds:INTERPRETED",
        interpretation=f"mazegame.games.interpreted.{name}:build",
    )
