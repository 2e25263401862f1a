"""A new mode as a plugin, the way `docs/architecture.md` says to add one: this games
module (its `SPEC` and its game) and one screen (`toy_screen`). The mode-template test
registers `SPEC` (the one registry line) and checks that nothing else is needed.

The toy: a classic walk with a lantern setting; unlit, the game says so (the screen shows
it), so a test can see a setting travel from the command line to the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from mazegame.games.modes import Choice, Marker, ModeSpec, check_choices
from mazegame.games.walk import WalkGame

HERE = __name__.rpartition(".")[0]  #: this package, as the spec's "module:attr" names start
CHOICES = (Choice("lantern", "Lantern", (("Lit", True), ("Unlit", False))),)


@dataclass(frozen=True)
class ToySettings:
    """The toy's settings, typed and checked (`GameSetup.settings` builds them)."""

    lantern: bool = True

    def __post_init__(self) -> None:
        check_choices(self, CHOICES)


SPEC = ModeSpec(
    name="toy", title="Toy walk",
    blurb="A walk by lantern light, registered by a test.",
    goal="Walk to the goal by lantern light.",
    tip="Light the lantern first.",
    screen=f"{HERE}.toy_screen:ToyScreen",
    legend=f"{HERE}.toy_screen:LEGEND",
    marker=Marker(status=("Lantern",), board=("@", "◎")),
    choices=CHOICES,
    settings=ToySettings,
    game=f"{HERE}.toy_game:toy_game",
    replay="mazegame.games.replay:WALK",
)


@dataclass
class ToyGame(WalkGame):
    """A walk that carries a lantern."""

    lit: bool = True


def toy_game(setup, maze, clock, starts=None) -> ToyGame:
    """The toy a setup plays on `maze`, its lantern as the setting says."""
    return ToyGame(maze, clock, lit=setup.settings.lantern)
