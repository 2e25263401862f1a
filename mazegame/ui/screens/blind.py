"""Blind mode (Suits 6.1): the perimeter and yourself; walls appear when you bump them.

Leaving a started game (q, Esc) asks first; leaving gives the game up and shows the maze,
as the end does (unless the player chose to keep it dark), with the keys to go on.
"""

from __future__ import annotations

from textual.binding import Binding

from mazegame.games.modes.blind import BlindSettings
from mazegame.games.walk import Outcome
from mazegame.ui.host import palette_of
from mazegame.ui.legend import BLIND
from mazegame.ui.screens.dialogs import ConfirmScreen, format_time
from mazegame.ui.screens.end_panel import NEW_MAZE_KEY, PANEL_KEYS
from mazegame.ui.screens.walk import WalkScreen
from mazegame.ui.widgets.maze_view import MazeView

LEAVE_QUESTION = "Leave this maze?"
#: The help's legend (`ui.legend.SAMPLES`): the maze as felt so far.
LEGEND = BLIND


class BlindScreen(WalkScreen):
    """The maze drawn from what the player has learned; the whole maze at the end."""

    BINDINGS = [Binding("escape,q", "leave", "Menu", id="back",
                        tooltip="Back to the menu (in a started game: asks first, then shows "
                                "the maze)")]
    title_text = "Blind"

    @property
    def seen(self) -> BlindSettings:
        """What the player sees of the maze (walls bumped, the trail, the maze at the end):
        the blind maze's settings. A chase seen blind takes their defaults (it overrides)."""
        return self.setup.settings

    @property
    def show_bumped(self) -> bool:
        """Whether walls the player bumped into are drawn (the setting "show_bumped")."""
        return self.seen.show_bumped

    def show_game(self) -> None:
        """Show the dark maze (with the walls learned so far) and the start."""
        view = self.query_one(MazeView)
        view.set_maze(self.game.display_maze(self.show_bumped))
        view.show_trail = self.seen.show_trail
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
            shown = self.game.display_maze(True)  # (a board's view redraws the floor)
            view.update_walls(shown, before // shown.width if hasattr(shown, "width") else None)
        super().after_move(outcome, before)

    # -- leaving -------------------------------------------------------------------------
    def action_leave(self) -> None:
        """Leave: at once before the first move or after the end; in a game under way, ask
        first, then give it up and show the maze."""
        game = self.game
        if game is None or game.over or game.started_at is None or self.building:
            self.app.pop_screen()
            return

        was_paused = game.paused

        def answered(leave: bool | None) -> None:
            if leave:
                self.leave_game()
            elif self.game is game and game.paused and not was_paused:  # the question's pause
                self.action_pause()

        self.app.push_screen(ConfirmScreen(LEAVE_QUESTION), answered)

    def leave_game(self) -> None:
        """Give the game up (saved as lost), end it, and show the maze and the keys on."""
        game = self.game
        if game is None or game.over:
            return
        if game.paused:  # the question paused it: the maze comes back into view
            game.resume()
            self.show_paused(False)
        self.give_up()  # saved once, as the menu key would
        self.game = game
        game.leave()
        self.reveal()
        self.show_panel(f"{self.left_summary()}\n{PANEL_KEYS}", lost=True)
        self.refresh_bindings()
        self.browse()
        self.update_status()

    def left_summary(self) -> str:
        """The panel after leaving: the attempts made, the shortest path, the keys."""
        game = self.game
        budget = f" of {game.budget}" if game.budget is not None else ""
        back = "the campaign" if self.setup.level_id is not None else "the menu"
        new = NEW_MAZE_KEY if self.setup.level_id is None else ""
        return "\n".join([
            "[b]You left this maze[/b]",
            self.describe(),
            "",
            f"Attempts       {game.attempts}{budget}",
            f"Shortest path  {game.shortest}",
            f"Time           {format_time(game.elapsed)}",
            "",
            self.legend(),
            "",
            f"{new}[b]r[/b]  same maze again",
            f"[b]q[/b]  back to {back}",
        ])

    @property
    def kept_dark(self) -> bool:
        """The player chose to keep the maze dark at the end."""
        return not self.seen.reveal

    def reveal(self) -> None:
        """Show the whole maze at the end, unless the player chose to keep it dark."""
        if not self.kept_dark:
            super().reveal()

    def legend(self) -> str:
        """The end panel's legend line (none when the maze stays dark)."""
        return "The maze stays dark, as chosen." if self.kept_dark else super().legend()

    def status_fields(self) -> list[str]:
        """The walk's fields, led by the attempts left (coloured when few)."""
        p = palette_of(self)
        fields = super().status_fields()
        left = self.game.attempts_left
        if left is not None:
            colour = p.LOW_BUDGET if left <= max(3, self.game.budget // 10) else "default"
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
