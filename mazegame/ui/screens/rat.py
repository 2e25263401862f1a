"""The learning rat: Suits' self-teaching net (section 5) walking a maze, its activations
live, its learning curve against the baselines; pause, step, speed, train fast in a worker,
save and load. The state machine is `games.rat_lab.RatLab`; this screen only draws it."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from mazegame.games.rat_lab import RatLab
from mazegame.games.setup import GameSetup
from mazegame.ui.status import fit_status
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.maze_view import MazeView
from mazegame.ui.widgets.rat_panels import CurvePanel, NetPanel

#: The help's legend (`ui.legend.SAMPLES`): the rat's maze.
LEGEND = ("rat-walker", "start", "goal", "rat-trail", "wall", "one-way", "seam")

DEFAULT_SIZE = (8, 8)  #: the maze when the setup fits the screen
SPEEDS = (2, 5, 15, 50, 200, 1000)  #: moves per second
TICK = 1 / 20  #: the replay timer's beat: fast speeds take several moves a beat
TRAIN_EPISODES = 100  #: episodes one press of "train fast" runs

RAT_KEYS = [
    Binding("p,space", "pause", "Pause", id="rat-pause", tooltip="Pause or go on"),
    Binding("right,period", "step", "Step", key_display="→", id="rat-step",
            tooltip="One move (pauses)"),
    Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", id="rat-faster",
            tooltip="More moves a second"),
    Binding("minus", "speed(-1)", "Slower", key_display="-", id="rat-slower",
            tooltip="Fewer moves a second"),
    Binding("t", "train", "Train 100", id="rat-train",
            tooltip=f"Train {TRAIN_EPISODES} episodes at full speed (in the background)"),
    Binding("c", "cancel", "Cancel", id="rat-cancel", tooltip="Stop the fast training"),
    Binding("ctrl+s", "save", "Save", id="rat-save", tooltip="Save this rat (.npz)"),
    Binding("o", "load", "Load", id="rat-load", tooltip="Load the saved rat"),
    Binding("escape,q", "app.pop_screen", "Menu", id="back", tooltip="Back to the menu"),
]


class RatScreen(Screen):
    """The maze with the rat on the left; its net and its learning curve on the right."""

    BINDINGS = RAT_KEYS
    DEFAULT_CSS = """
    RatScreen #rat-area { height: 1fr; }
    RatScreen #rat-maze { width: auto; max-width: 60%; height: 1fr; }
    RatScreen #rat-side { width: 1fr; padding: 0 1; }
    RatScreen #rat-net { height: auto; }
    RatScreen #rat-curve { height: 1fr; max-height: 12; min-height: 5; }
    RatScreen #rat-progress { height: 1; display: none; }
    RatScreen #rat-progress.-training { display: block; }
    """

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup.with_seed()
        self.lab: RatLab | None = None
        self.speed = 1  #: index into SPEEDS
        self.playing = self.setup.settings.autoplay
        self.training = False
        self.message = ""  #: the last save/load message
        self._timer: Timer | None = None
        self._trail: set[int] = set()
        self._stop = False  #: the player asked the fast training to stop

    def compose(self) -> ComposeResult:
        """Status, maze and side panels, progress bar, footer."""
        yield Static("", id="status")
        with Horizontal(id="rat-area"):
            yield MazeView(id="rat-maze")
            with Vertical(id="rat-side"):
                yield NetPanel(id="rat-net")
                yield CurvePanel(id="rat-curve")
        yield ProgressBar(total=TRAIN_EPISODES, id="rat-progress", show_eta=False)
        yield GameFooter()

    def on_mount(self) -> None:
        """Build the maze and the rat (small: cheap enough for the UI thread)."""
        maze = self.setup.level
        if maze is None:
            from mazegame.engine.generate import generate

            w, h = self.setup.size or DEFAULT_SIZE
            maze = generate(self.setup.algorithm, w, h, self.setup.seed,
                            wrap_x=self.setup.wrap_x, wrap_y=self.setup.wrap_y).maze
        self.lab = RatLab(maze, self.setup.seed)
        self.query_one(MazeView).set_maze(maze)
        self._start_timer()
        self.call_after_refresh(self.redraw)

    # -- drawing ------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the rat, its net, the curve and the status line from the lab."""
        lab = self.lab
        if lab is None:
            return
        view = self.query_one(MazeView)
        trail = set(lab.trail)
        if trail != self._trail:
            if not trail >= self._trail:  # a new episode: the old trail goes
                view.trail = set()
                view.refresh_all()
            for cell in trail - self._trail:
                view.add_trail(cell)
            self._trail = trail
        view.move_player(lab.cell)
        self.query_one(NetPanel).show(lab.frame())
        self.query_one(CurvePanel).show(lab.history, lab.shortest, lab.random_walk,
                                        lab.wall_follower)
        self._status()

    def help_intro(self) -> str:
        """The mode's blurb and what the status line counts, for the help (`?`)."""
        from mazegame.games.modes import MODES

        return (f"{MODES[self.setup.mode].blurb}\n\nThe status line: the episode (one walk "
                "from the start to the goal), the move within it, [b]last 20[/b] the median "
                "steps of the last 20 episodes (- before there are any), and the walking speed "
                "in moves a second.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Cancel is offered only while the fast training runs."""
        if action == "cancel":
            return self.training
        return True

    def _status(self) -> None:
        """The status line: episode, moves, the last-20 median, speed, state."""
        lab = self.lab
        med = lab.last_median()
        fields = [f"episode {max(1, len(lab.history))}", f"move {lab.index}",
                  f"last 20 {med:g}" if med is not None else "last 20 -",
                  f"{SPEEDS[self.speed]}/s"]
        state = " [b]TRAINING[/b]" if self.training else "" if self.playing else " [b]PAUSED[/b]"
        if self.message:
            fields.append(self.message)
        describe = f"{lab.variant} · {lab.maze.width}x{lab.maze.height} · seed {lab.seed}"
        width = self.size.width or 80
        self.query_one("#status", Static).update(
            fit_status("The learning rat", describe, fields, width - 2, state))

    # -- playing ------------------------------------------------------------------
    def _beat(self) -> float:
        """Seconds between two redraws at this speed (a move each, or several when fast)."""
        return max(TICK, 1 / SPEEDS[self.speed])

    def _start_timer(self) -> None:
        """(Re)start the replay timer at this speed, paused unless playing."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(self._beat(), self._tick, pause=not self.playing)

    def _tick(self) -> None:
        """Advance the replay by this speed's moves for one beat."""
        if self.lab is None or self.training:
            return
        for _ in range(max(1, round(SPEEDS[self.speed] * self._beat()))):
            self.lab.step()
        self.redraw()

    def action_pause(self) -> None:
        """Pause or go on."""
        self.playing = not self.playing
        if self._timer is not None:
            self._timer.resume() if self.playing else self._timer.pause()
        self._status()

    def action_step(self) -> None:
        """One move, paused."""
        if self.lab is None or self.training:
            return
        if self.playing:
            self.action_pause()
        self.lab.step()
        self.redraw()

    def action_speed(self, delta: int) -> None:
        """Faster or slower."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer is not None:
            self._start_timer()
        self._status()

    # -- training fast --------------------------------------------------------------
    def action_train(self) -> None:
        """Train TRAIN_EPISODES episodes in a worker, with a progress bar."""
        if self.lab is None or self.training:
            return
        self.training = True
        self._stop = False
        self.message = ""
        bar = self.query_one(ProgressBar)
        bar.update(total=TRAIN_EPISODES, progress=0)
        bar.add_class("-training")
        self._status()
        self.refresh_bindings()  # Cancel comes into the footer
        self._train(self.lab)

    @work(thread=True, exclusive=True, group="rat-train")
    def _train(self, lab: RatLab) -> None:
        """Run the episodes off the UI thread (the kernel releases the GIL)."""
        worker = get_current_worker()
        bar = self.query_one(ProgressBar)
        done = lab.train(TRAIN_EPISODES,
                         progress=lambda k: self.app.call_from_thread(self._progress, bar, k),
                         cancelled=lambda: self._stop or worker.is_cancelled)
        if not worker.is_cancelled:  # (cancelled only when the screen goes)
            self.app.call_from_thread(self._trained, done, self._stop)

    def _progress(self, bar: ProgressBar, done: int) -> None:
        """A training episode ended: the bar moves, and now and then the curve."""
        bar.update(progress=done)
        if done % 10 == 0:
            lab = self.lab
            self.query_one(CurvePanel).show(lab.history, lab.shortest, lab.random_walk,
                                            lab.wall_follower)

    def _trained(self, done: int, cancelled: bool = False) -> None:
        """Back from training: hide the bar, say how it went, redraw."""
        self.training = False
        self.refresh_bindings()
        self.query_one(ProgressBar).remove_class("-training")
        self.message = f"{'cancelled after' if cancelled else 'trained'} {done} episodes"
        self._trail = set()
        self.redraw()

    def action_cancel(self) -> None:
        """Stop the fast training (the episodes done so far stay learned)."""
        if self.training:
            self._stop = True  # the worker stops after its current episode

    # -- files ----------------------------------------------------------------------
    def action_save(self) -> None:
        """Save the rat under the user's data dir."""
        if self.lab is None or self.training:
            return
        try:
            path = self.lab.save()
        except OSError as err:
            self.message = f"cannot save: {err.strerror or err}"
        else:
            self.message = f"saved {path.name}"
        self._status()

    def key_for(self, action: str) -> str:
        """The key bound to `action` on this screen, as typed ("ctrl+s")."""
        keys = [key for key, active in self.active_bindings.items()
                if active.binding.action == action]
        return keys[0] if keys else action

    def action_load(self) -> None:
        """Load the saved rat; a file that cannot be read is named on screen."""
        from mazegame.games.rat import ModelError

        if self.lab is None or self.training:
            return
        if not self.lab.saved_path.exists():
            self.message = f"No saved rat yet: press {self.key_for('save')} to save one"
            self._status()
            return
        try:
            path = self.lab.load()
        except ModelError as err:
            self.message = str(err)
            self.notify(str(err), severity="error", timeout=6)
        else:
            self.message = f"loaded {path.name}"
            self._trail = set()
        self.redraw()


def rat_screen(setup: GameSetup) -> RatScreen:
    """The learning rat for a setup (its setting `autoplay` False starts paused)."""
    return RatScreen(setup)
