"""The lab's start and goal placement: a cursor over the maze, mouse clicks, and the preset
"goal in the middle" (games/lab_place.py says where that is and why a hand fails there).

`PlaceMixin` is mixed into `LabScreen`: `t` starts placing, arrows (or a click) pick a room,
enter puts the start there and then the goal; `c` puts the goal in the middle at once.
While placing, the placement keys take the arrows, enter and escape (`check_action`), and
the placement rule carries over to the next maze built (a new seed keeps the goal in the
middle). A race on show is run again from the new start to the new goal.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding

from mazegame.engine.grid import Maze
from mazegame.games.lab_place import MIDDLE, middle_goal, middle_note, place
from mazegame.ui.host import palette_of
from mazegame.ui.keys import cursor_bindings
from mazegame.ui.widgets.maze_hit import picture_hit
from mazegame.ui.widgets.trace_view import TraceView
from mazegame.ui.widgets.trace_zoom import ZoomView

#: Keys while placing; listed before the lab's so that they win arrows, enter and escape.
PLACING_KEYS = [
    *cursor_bindings("place_move", "lab-place", "While placing start/goal"),
    Binding("enter,space", "place_here", "Put here", key_display="enter",
            id="lab-place-here",
            tooltip="While placing: put the start (then the goal) on the cursor's room; "
                    "a click on a room does the same"),
    Binding("c", "place_middle", "Goal in middle", id="lab-place-middle",
            tooltip="While placing: put the goal in the middle at once"),
    Binding("escape", "place_cancel", "Cancel", id="lab-place-cancel",
            tooltip="While placing: keep the start and goal as they were"),
]

#: Lab keys for placement (after the lab's own in the footer).
PLACE_KEYS = [
    Binding("t", "place", "Start/goal", id="lab-place",
            tooltip="Place the start and the goal yourself (arrows or a click, then enter)"),
    Binding("c", "goal_middle", "Goal in middle", show=False, id="lab-goal-middle",
            tooltip="Put the goal in the middle, where a wall follower cannot find it in a "
                    "maze with loops (pick Loops on the left); kept for new seeds"),
]

#: Lab actions that still work while placing (they change only the view).
VIEW_ACTIONS = {"zoom", "fit", "toggle_side", "place", "goal_middle"}
PLACING_ACTIONS = {binding.action.split("(")[0] for binding in PLACING_KEYS}


class PlaceMixin:
    """Placement of start and goal for `LabScreen` (which provides maze, panels, phase)."""

    placing = ""  #: "start" or "goal" while placing, else ""
    place_rule: object = None  #: None, MIDDLE, or (start, goal) kept for the next maze
    cursor = 0  #: the room the cursor is on while placing
    _placed_start = 0  #: the start chosen in this placement, while the goal is being placed

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """While placing, the placement keys and the view keys; otherwise the lab's."""
        if action in PLACING_ACTIONS:
            return bool(self.placing)
        return not self.placing or action in VIEW_ACTIONS

    # -- the player's placement ----------------------------------------------------------
    def action_place(self) -> None:
        """Start placing: the start first, from where it is now."""
        if self.maze is None or self.building:
            return
        self.playing = False
        self.placing = "start"
        self.cursor = self.maze.start
        self._show_cursor()
        self.refresh_bindings()

    def action_place_move(self, dx: int, dy: int) -> None:
        """Move the placement cursor one room (it stops at the edge)."""
        r, c = self.maze.rc(self.cursor)
        r = min(max(r + dy, 0), self.maze.height - 1)
        c = min(max(c + dx, 0), self.maze.width - 1)
        self.cursor = self.maze.index(r, c)
        self._show_cursor()

    def action_place_here(self) -> None:
        """Put the start (then the goal) on the cursor's room."""
        if self.maze.solid is not None and self.maze.solid.flat[self.cursor]:
            self.notify("That is rock: pick a room.", severity="warning")
            return
        if self.placing == "start":
            self._placed_start = self.cursor
            self.placing = "goal"
            self.cursor = self.maze.goals[0] if self.maze.goals[0] != self.cursor else 0
            self._show_cursor()
            return
        if self.cursor == self._placed_start:
            self.notify("The goal must be another room than the start.", severity="warning")
            return
        self._end_placing()
        self.place_rule = (self._placed_start, self.cursor)
        self.adopt_placement(place(self.maze, self._placed_start, self.cursor))

    def action_place_cancel(self) -> None:
        """Stop placing; start and goal stay as they were."""
        self._end_placing()
        self.update_status()

    def action_place_middle(self) -> None:
        """While placing: the goal in the middle (as `c` does outside placing)."""
        self.action_goal_middle()

    def action_goal_middle(self) -> None:
        """Put the goal in the middle (where a wall follower loops, if the maze can)."""
        if self.maze is None or self.building:
            return
        self._end_placing()
        self.place_rule = MIDDLE
        goal = middle_goal(self.maze)
        self.notify(middle_note(self.maze, goal), timeout=10)
        self.adopt_placement(place(self.maze, self.maze.start, goal.cell))

    def on_click(self, event: events.Click) -> None:
        """While placing, a click on a room of any panel puts the start or goal there."""
        view = event.widget
        if not self.placing or not isinstance(view, (TraceView, ZoomView)):
            return
        offset = event.get_content_offset(view)
        if offset is None:
            return
        if isinstance(view, ZoomView):
            cell = view.cell_at(offset.x, offset.y)
        else:
            hit = picture_hit(view, offset.x, offset.y)
            cell = None if hit is None else hit[0]
        if cell is not None:
            self.cursor = cell
            self.action_place_here()

    # -- carrying it over ----------------------------------------------------------------
    def placed(self, maze: Maze) -> Maze:
        """A freshly built maze with the placement rule applied (dropped when it no longer
        fits: another size put the chosen rooms elsewhere or on rock)."""
        rule = self.place_rule
        if rule is None:
            return maze
        if rule == MIDDLE:
            return place(maze, maze.start, middle_goal(maze).cell)
        start, goal = rule
        try:
            if max(start, goal) >= maze.size:
                raise ValueError("the new maze is smaller")
            return place(maze, start, goal)
        except ValueError as error:
            self.place_rule = None
            self.notify(f"Start and goal back on the outer wall: {error}.", timeout=6)
            return maze

    def adopt_placement(self, maze: Maze) -> None:
        """Make `maze` (the lab's maze, start and goal moved) the one on show; a race on
        show is run again on it."""
        self.maze = maze
        for panel in self.panels:
            panel.run.maze = maze
            view = panel.view
            view.maze = view.maze.copy(walls=view.maze.walls, start=maze.start,
                                       goals=maze.goals)
            view.refresh_all()
            panel.zoom.maze = view.maze
            panel.zoom.changed()
        if self.phase == "race":
            self.action_race()
        else:
            self.update_status()

    # -- drawing -------------------------------------------------------------------------
    def _show_cursor(self) -> None:
        p = palette_of(self)
        glyph = p.GLYPH_START if self.placing == "start" else p.GLYPH_GOAL
        for panel in self.panels:
            panel.view.set_others({self.cursor: (glyph, p.PLAYER)})
            panel.view.keep_in_view(self.cursor)
            panel.zoom.cursor = self.cursor
            panel.zoom.changed()
        r, c = self.maze.rc(self.cursor)
        self._say(f"placing the [b]{self.placing}[/b]: row {r}, column {c}   "
                  "[reverse] arrows or a click, enter: put it here · c: goal in the middle · "
                  "esc: cancel [/]")

    def _end_placing(self) -> None:
        if not self.placing:
            return
        self.placing = ""
        for panel in self.panels:
            panel.view.set_others({})
            panel.zoom.cursor = None
            panel.zoom.changed()
        self.refresh_bindings()
