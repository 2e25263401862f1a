"""The toy mode's screen (`toy_game.SPEC` names it): the walk screen, saying whether the
lantern is lit."""

from __future__ import annotations

from mazegame.ui.legend import MAP
from mazegame.ui.screens.walk import WalkScreen

LEGEND = MAP  #: the help's legend: the walk's


class ToyScreen(WalkScreen):
    """The classic walk's screen with a lantern on its status line."""

    title_text = "Toy"

    def status_fields(self) -> list[str]:
        """The walk's fields, and the lantern."""
        lantern = "Lantern lit" if self.game.lit else "Lantern out"
        return [*super().status_fields(), lantern]
