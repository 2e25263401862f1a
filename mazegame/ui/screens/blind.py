"""Blind mode (Suits 6.1): the perimeter and yourself; walls appear when you bump them."""

from __future__ import annotations

from mazegame.games.walk import Outcome
from mazegame.ui import palette
from mazegame.ui.legend import BLIND
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.screens.walk import WalkScreen
from mazegame.ui.widgets.maze_view import MazeView

#: The help's legend (`ui.legend.SAMPLES`): the maze as felt so far.
LEGEND = BLIND


class BlindScreen(WalkScreen):
    """The maze drawn from what the player has learned; the whole maze at the end."""

    title_text = "Blind"

    @property
    def show_bumped(self) -> bool:
        """Whether walls the player bumped into are drawn (option "show_bumped")."""
        return bool(self.setup.option("show_bumped", True))

    def show_game(self) -> None:
        """Show the dark maze (with the walls learned so far) and the start."""
        view = self.query_one(MazeView)
        view.set_maze(self.game.display_maze(self.show_bumped))
        view.show_trail = bool(self.setup.option("show_trail", True))
        view.trail = {self.game.maze.start}
        view.focus()
        budget, shortest = self.game.budget, self.game.shortest
        if budget is not None and budget < shortest:  # `--budget 4` on a long maze, say
            self.notify(f"{budget} move attempts cannot reach the goal: the shortest path "
                        f"takes {shortest}.", severity="warning", timeout=8)

    def after_move(self, outcome: Outcome, before: int) -> None:
        """Draw a wall just learned by bumping, and the player's new place."""
        view = self.query_one(MazeView)
        if outcome is Outcome.BUMPED and self.show_bumped:  # one wall learned: redraw its rows
            view.update_walls(self.game.display_maze(True), before // self.game.maze.width)
        super().after_move(outcome, before)

    @property
    def kept_dark(self) -> bool:
        """The player chose to keep the maze dark at the end."""
        return not self.setup.option("reveal", True)

    def reveal(self) -> None:
        """Show the whole maze at the end, unless the player chose to keep it dark."""
        if not self.kept_dark:
            super().reveal()

    def legend(self) -> str:
        """The end panel's legend line (none when the maze stays dark)."""
        return "The maze stays dark, as chosen." if self.kept_dark else super().legend()

    def status_fields(self) -> list[str]:
        """The walk's fields, led by the attempts left (coloured when few)."""
        fields = super().status_fields()
        left = self.game.attempts_left
        if left is not None:
            colour = palette.LOW_BUDGET if left <= max(3, self.game.budget // 10) else "default"
            fields.insert(0, f"[b]Attempts left[/b] [{colour}]{left}[/]")
        return fields

    def end_summary(self) -> str:
        """The end panel's text: the walk's, or "out of moves"."""
        if self.game.won:
            return super().end_summary()
        return "\n".join([
            "[b]Out of moves[/b]",
            self.describe(),
            "",
            f"Attempts       {self.game.attempts} of {self.game.budget}",
            f"Shortest path  {self.game.shortest}",
            f"Time           {format_time(self.game.elapsed)}",
            "",
            self.legend(),
            "",
            "[b]r[/b]  try this maze again",
            "[b]n[/b]  new maze",
            "[b]q[/b]  back to the menu",
        ])
