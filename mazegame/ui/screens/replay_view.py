"""Watch a finished game again: its recording (games.replay) played back at any speed.

Play/pause, faster/slower, a step forward or back, to the start or the end. The game is drawn
on its kind's stage (ui.widgets.replay_stages), with its mode's own widgets; a spectator sees
what the player could not (the demon, the maze under an interpreted game).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from mazegame.games.replay import Recording, ReplayError, apply, view_of
from mazegame.ui.host import palette_of
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.replay_stages import stage_for


def replay_title(saved) -> str:
    """The title of a saved game's replay (storage.Saved): its mode and maze, in words."""
    from mazegame.games.record_labels import maze_label, mode_label

    day = f" · maze of the day {saved.daily}" if saved.daily else ""
    return f"Replay: {mode_label(saved.mode)}, {maze_label(saved.mode, saved.maze)}{day}"


#: Events a second, slowest to fastest; a real-time chase ticks about 4 to 5 times a second.
SPEEDS = (0.5, 1, 2, 4, 8, 16, 32, 64)
DEFAULT_SPEED = 3  #: index in SPEEDS


class ReplayScreen(Screen):
    """A recording played back, with the controls of a video player."""

    BINDINGS = [
        Binding("space,p", "toggle_play", "Play/pause", id="replay-play",
                tooltip="Play the replay, or pause it"),
        Binding("right,l", "step(1)", "Step", key_display="→", id="replay-step",
                tooltip="One event forward (pauses)"),
        Binding("left,h", "step(-1)", "Back", key_display="←", id="replay-back",
                tooltip="One event back (pauses)"),
        Binding("plus,f,up", "speed(1)", "Faster", key_display="+", id="replay-faster",
                tooltip="Play faster (also f, up)"),
        Binding("minus,s,down", "speed(-1)", "Slower", key_display="-", id="replay-slower",
                tooltip="Play slower (also s, down)"),
        Binding("home", "jump(0)", "Start", show=False, id="replay-start",
                tooltip="Back to the start of the game"),
        Binding("end", "jump(-1)", "End", show=False, id="replay-end",
                tooltip="Straight to the end of the game"),
        Binding("q,escape", "app.pop_screen", "Back", id="replay-back-out",
                tooltip="Leave the replay"),
    ]

    def __init__(self, recording: Recording, title: str = "Replay",
                 seconds: float | None = None) -> None:
        super().__init__()
        self.seconds = seconds  #: how long the game took when it was played
        self.recording = recording
        self.title_text = title
        self.view_name = view_of(recording.setup)
        self.game = None  #: the game as replayed so far (of the recording's kind)
        self.index = 0  #: events played so far
        self.speed = DEFAULT_SPEED
        self.playing = False
        self._timer: Timer | None = None
        self.problem = ""  #: why the replay cannot be shown ("" when it can)

    help_title = "Replay: a game played again"

    def help_intro(self) -> str:
        """What a replay shows and how to drive it, for the help (`?`)."""
        return ("A saved game played again, move by move, as a spectator sees it: what the "
                "player could not see shows too (the demon, the maze under an interpreted "
                "game). The status line says the event and the speed; space plays or "
                "pauses, the arrows step, + and - change the speed, home and end jump to "
                "the start and the end.")

    def help_legend(self) -> list:
        """What the replayed game's stage draws (its mode's legend)."""
        from mazegame.games.modes import MODES
        from mazegame.ui.legend import legend_for

        mode = self.recording.setup.mode
        return legend_for(mode, self.view_name, palette_of(self)) if mode in MODES else []

    def compose(self) -> ComposeResult:
        """The status line, the game's stage, the footer."""
        yield Static("", id="replay-status")
        yield stage_for(self.recording.kind, self.view_name, self.recording.setup.tiling)
        yield GameFooter()

    def on_mount(self) -> None:
        """Build the game as it started, draw it, and play."""
        try:
            self.game = self.recording.start()
        except ReplayError as err:
            self.problem = str(err)
            self.query_one("#replay-status", Static).update(f"[b]Cannot replay:[/b] {err}")
            return
        self.draw()
        self.action_toggle_play()

    # -- playing -------------------------------------------------------------------------
    @property
    def at_end(self) -> bool:
        """Every event has been played."""
        return self.index >= len(self.recording.events)

    def action_toggle_play(self) -> None:
        """Play, or pause; at the end, play again from the start."""
        if self.game is None:
            return
        if self.playing:
            self._stop()
        else:
            if self.at_end:
                self.goto(0)
            self.playing = True
            self._restart_timer()
        self.draw_status()

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(1 / SPEEDS[self.speed], self._advance)

    def _stop(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _advance(self) -> None:
        """The timer's beat: one event; stop at the end."""
        if self.game is None or self.at_end:
            self._stop()
        else:
            apply(self.game, self.recording.events[self.index], self.recording.kind)
            self.index += 1
            if self.at_end:
                self._stop()
        self.draw()

    def action_step(self, delta: int) -> None:
        """One event forward or back (paused)."""
        if self.game is None:
            return
        self._stop()
        if delta > 0 and not self.at_end:
            self._advance()
        elif delta < 0 and self.index > 0:
            self.goto(self.index - 1)
        self.draw()

    def action_jump(self, where: int) -> None:
        """To the start (0) or the end (-1), paused."""
        if self.game is None:
            return
        self._stop()
        self.goto(len(self.recording.events) if where < 0 else 0)
        self.draw()

    def goto(self, index: int) -> None:
        """The game after `index` events (rebuilt from the start: a game only goes forward)."""
        self.game = self.recording.play(index)
        self.index = index

    def action_speed(self, delta: int) -> None:
        """Faster or slower, within SPEEDS."""
        self.speed = min(max(self.speed + delta, 0), len(SPEEDS) - 1)
        if self.playing:
            self._restart_timer()
        self.draw_status()

    # -- drawing ------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw the game as it stands after `index` events."""
        if self.game is not None:
            self.query_one("#replay-stage").show(self.game)
            self.draw_status()

    def draw_status(self) -> None:
        """Where the replay is, how fast, and how the game stands."""
        game = self.game
        if game is None:
            return
        state = "▶ playing" if self.playing else "■ end" if self.at_end else "‖ paused"
        total = len(self.recording.events)
        fields = [f"[b]{self.title_text}[/b]", state, f"{self.index}/{total}",
                  f"{SPEEDS[self.speed]:g}/s"]
        stage_fields = self.query_one("#replay-stage").fields(game)
        fields += stage_fields if self.at_end else stage_fields[:-1]  # the ending at the end
        if self.seconds is not None:
            fields.append(format_time(self.seconds))
        self.query_one("#replay-status", Static).update(" · ".join(fields))
