"""The lab's controls: the playback of one shared clock that a timer moves and every panel
is seeked to, and how the panels show their mazes (room width, fit to the panel).

`ControlsMixin` is mixed into `LabScreen`, which owns the `playing` reactive, the
`Playback` (`games.lab`), the panels and the timer; this is how they move together: play
and pause, step, jump to either end, change speed, drag the scrubber, zoom and fit.
"""

from __future__ import annotations

import time

from mazegame.ui.widgets.lab_steps import StepsBox
from mazegame.ui.widgets.scrubber import Scrubber
from mazegame.ui.widgets.trace_view import TraceView

ROOM_WIDTHS = (1, 3, 5)  #: the room widths `z` cycles through
SIDE_WIDTH = 34  #: the side panel's width (its border included) on a wide terminal
SIDE_MIN = 28  #: ... shrinking with the terminal (a third of it) down to this
SIDE_HIDDEN_BELOW = 72  #: columns under which the side panel starts hidden (s shows it)
#: columns under which the steps and the side panel share one place: the side panel (the
#: pickers, whose boxes must show at 80x24) first; e swaps the steps in, s back
STEPS_REPLACE_SIDE_BELOW = 100
STEPS_MAZE_MIN = 30  #: a race shows every solver's steps while each maze keeps this room


def steps_width(columns: int) -> int:
    """One column of steps on a terminal `columns` wide: 30, or 26 on a narrow one."""
    return 30 if columns >= STEPS_REPLACE_SIDE_BELOW else 26


def side_width(columns: int) -> int:
    """The side panel's width on a terminal `columns` wide: a third of it, 28 to 34."""
    return max(SIDE_MIN, min(SIDE_WIDTH, columns // 3))


class ControlsMixin:
    """Play, pause, step, seek, speed, zoom and fit for the lab screen (the module doc)."""

    def watch_playing(self, playing: bool) -> None:
        """Start or stop the playback timer, from the start again if at the end."""
        # The clock is a timer started and stopped here, as in Textual's sliding-tile demo.
        self.playback.start(time.monotonic())
        if playing:
            if self.playback.at_end:
                self.seek(0)  # play from the start again
            self._timer.resume()
        else:
            self._timer.pause()
        self.update_status()

    def _tick(self) -> None:
        steps = self.playback.frame(time.monotonic())
        if steps:
            self.seek(self.clock + steps)
        if self.playback.at_end:
            self.playing = False

    def seek(self, position: int) -> None:
        """Move the shared clock (clamped) and every panel with it."""
        self.playback.seek(position)
        for panel in self.panels:
            panel.seek(self.clock)
        self.query_one(StepsBox).follow()
        self.query_one(Scrubber).update(self.clock, self.total)
        self._show_result()
        self.update_status()

    def on_scrubber_seek(self, message: Scrubber.Seek) -> None:
        """Pause and move the clock where the scrubber was dragged."""
        self.playing = False
        self.seek(message.position)

    def action_play(self) -> None:
        """Play or pause."""
        if self.runs:
            self.playing = not self.playing

    def action_step(self, delta: int) -> None:
        """Pause and move the clock `delta` events."""
        self.playing = False
        self.seek(self.clock + delta)

    def action_jump_start(self) -> None:
        """Pause at the first event."""
        self.playing = False
        self.seek(0)

    def action_jump_end(self) -> None:
        """Pause at the last event."""
        self.playing = False
        self.seek(self.total)

    def action_speed(self, delta: int) -> None:
        """Play faster or slower."""
        self.playback.change_speed(delta)
        self.update_status()

    # -- views -----------------------------------------------------------------------------
    def on_resize(self) -> None:
        """Fit the side panel to the terminal: narrower with it, hidden on a narrow one (until
        the player shows it with s); the panels get the room."""
        side = self.query_one("#lab-side")
        side.styles.width = side_width(self.size.width)
        narrow = self.size.width < STEPS_REPLACE_SIDE_BELOW
        if self.side_chosen is None:
            side.display = self.size.width >= SIDE_HIDDEN_BELOW
        if self.steps_chosen is None:  # beside the side panel when there is room for both
            self.query_one(StepsBox).display = not narrow
        elif narrow and side.display and self.query_one(StepsBox).display:
            side.display = False  # the steps chosen by hand keep their place
            focused = self.focused
            if not side.display and focused is not None and side in focused.ancestors_with_self:
                self.set_focus(self.panels[0].view if self.panels else None)  # keys off it
        self.call_after_refresh(self._fit_rooms)
        self._fit_steps()

    def _fit_steps(self) -> None:
        """A column of steps per run when each maze keeps STEPS_MAZE_MIN columns beside
        them, else only the focused panel's run."""
        box = self.query_one(StepsBox)
        columns = box.columns
        width = steps_width(self.size.width)
        room = self.size.width
        if self.query_one("#lab-side").display:
            room -= side_width(self.size.width)
        every = len(columns) <= 1 or room - len(columns) * width >= len(columns) * STEPS_MAZE_MIN
        box.only(None if every else self.focused_run())
        box.styles.width = width * max(1, len(box.shown))
        box.follow(rescroll=True)

    def focused_run(self):
        """The run of the panel holding the focus; while a picker holds it, the panel's that
        last did (the first panel's at first)."""
        focused, runs = self.focused, [panel.run for panel in self.panels]
        for panel in self.panels:
            if focused is not None and panel in focused.ancestors_with_self:
                self._steps_of = panel.run
        if self._steps_of not in runs:
            self._steps_of = runs[0] if runs else None
        return self._steps_of

    def on_descendant_focus(self) -> None:
        """Another panel focused: a race showing one column of steps shows its run's."""
        if self.panels:
            self._fit_steps()

    def action_toggle_steps(self) -> None:
        """Hide or show the steps; on a narrow terminal they take the side panel's place."""
        box = self.query_one(StepsBox)
        box.display = self.steps_chosen = not box.display
        if box.display and self.size.width < STEPS_REPLACE_SIDE_BELOW:
            self.query_one("#lab-side").display = False
        self._fit_steps()
        self.call_after_refresh(self._fit_rooms)

    def _fit_rooms(self) -> None:
        """The chosen room width, or the widest that shows the whole maze width."""
        if self.maze is None:
            return
        box = self.query_one("#lab-panels")
        room = self.room_width
        if room is None:
            room = 1
            per_panel = box.size.width // max(1, len(self.runs)) - 2
            for width in ROOM_WIDTHS:
                if self.maze.width * (width + 1) + 1 <= per_panel:
                    room = width
        for view in self.query(TraceView):
            view.room_width = room

    def action_zoom(self) -> None:
        """Cycle the room width of every panel (from the fitted view: back to rooms)."""
        if self.fitted:
            self.action_fit()
            return
        views = list(self.query(TraceView))
        if not views:
            return
        current = views[0].room_width
        self.room_width = ROOM_WIDTHS[(ROOM_WIDTHS.index(current) + 1) % len(ROOM_WIDTHS)] \
            if current in ROOM_WIDTHS else ROOM_WIDTHS[0]
        self._fit_rooms()

    def action_fit(self) -> None:
        """Show every panel's whole maze scaled to the panel, or its rooms again."""
        self.fitted = not self.fitted
        for panel in self.panels:
            panel.fit(self.fitted)
