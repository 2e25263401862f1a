"""Classic mode: the bird's-eye maze, walked from start to goal against the clock."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, LoadingIndicator, Static

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome, WalkGame
from mazegame.ui.modes import Mode, register_mode
from mazegame.ui.screens.dialogs import format_time, win_summary
from mazegame.ui.widgets.maze_view import MazeView

DIRECTIONS = {"north": NORTH, "east": EAST, "south": SOUTH, "west": WEST}


def move_bindings() -> list[Binding]:
    """Arrows, hjkl and wasd; only the arrows show in the footer."""
    keys = {"north": "up,k,w", "south": "down,j,s", "west": "left,h,a", "east": "right,l,d"}
    return [
        Binding(k, f"move('{d}')", "Move", show=d == "north", key_display="↑↓←→",
                id=f"move-{d}", tooltip=f"Move {d} (also {k.split(',', 1)[1]})")
        for d, k in keys.items()
    ]


class WalkScreen(Screen):
    """A maze walked by one player: generation in a worker, moves, clock, win dialog.

    Subclasses change what is drawn (the blind and player's-eye modes)."""

    BINDINGS = [
        *move_bindings(),
        Binding("n", "new_maze", "New maze", id="new", tooltip="Start a new maze"),
        Binding("r", "restart", "Restart", id="restart", tooltip="Same maze from the start"),
        Binding("p", "pause", "Pause", id="pause", tooltip="Pause the clock and hide the maze"),
        Binding("t", "toggle_trail", "Trail", id="trail", tooltip="Show or hide your trail"),
        Binding("z", "zoom", "Zoom", id="zoom", tooltip="Narrower or wider cells"),
        Binding("escape,q", "app.pop_screen", "Menu", id="back", tooltip="Back to the menu"),
    ]

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup.with_seed()
        self.game: WalkGame | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("", id="win-panel")
        yield MazeView(id="maze")
        with Middle(id="loading"), Center():
            yield Static("Building the maze…", id="loading-label")
            yield LoadingIndicator()
        with Middle(id="paused"), Center():
            yield Static("[b]Paused[/b]\n\npress p or any move key to go on", id="paused-label")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#paused").display = False
        self.query_one("#win-panel").display = False
        self.set_interval(0.1, self.update_status)
        self.call_after_refresh(self.build_maze)

    # -- maze lifecycle -----------------------------------------------------------
    def fit_size(self) -> tuple[int, int]:
        """The largest maze that fits the maze widget at the current zoom."""
        view = self.query_one(MazeView)
        width, height = view.size
        return max(2, (width - 1) // (view.room_width + 1)), max(2, (height - 1) // 2)

    def build_maze(self) -> None:
        self.query_one("#loading").display = True
        self._generate(self.setup, self.fit_size())

    @work(thread=True, exclusive=True, group="generate")
    def _generate(self, setup: GameSetup, fit: tuple[int, int]) -> None:
        generated = setup.build(fit)
        self.app.call_from_thread(self.start_game, generated.maze)

    def start_game(self, maze) -> None:
        self.query_one("#loading").display = False
        self.query_one("#win-panel").display = False
        self.game = WalkGame(maze, self.app.clock)
        view = self.query_one(MazeView)
        view.set_maze(maze)
        view.trail = {maze.start}
        view.focus()
        self.update_status()

    # -- actions -------------------------------------------------------------------
    def action_move(self, direction: str) -> None:
        game = self.game
        if game is None:
            return
        if game.paused:
            self.action_pause()
        before = game.position
        outcome = game.move(DIRECTIONS[direction])
        view = self.query_one(MazeView)
        if outcome is Outcome.BUMPED:
            view.flash_bump(before)
            self.app.bell()
        elif outcome in (Outcome.MOVED, Outcome.WON):
            view.add_trail(game.position)
            view.move_player(game.position)
        self.update_status()
        if outcome is Outcome.WON:
            self.on_win()

    def on_win(self) -> None:
        """Reveal the shortest path beside your trail and show the summary panel."""
        game = self.game
        self.query_one(MazeView).set_path(game.shortest_path())
        panel = self.query_one("#win-panel", Static)
        panel.update(win_summary(game, self.describe()))
        panel.display = True

    def action_new_maze(self) -> None:
        self.setup = GameSetup(**{**self.setup.__dict__, "seed": None}).with_seed()
        self.build_maze()

    def action_restart(self) -> None:
        if self.game is not None:
            self.start_game(self.game.maze)

    def action_pause(self) -> None:
        game = self.game
        if game is None or game.won:
            return
        paused = not game.paused and game.started_at is not None
        if paused:
            game.pause()
        else:
            game.resume()
        self.query_one("#paused").display = paused
        self.query_one(MazeView).display = not paused

    def action_toggle_trail(self) -> None:
        view = self.query_one(MazeView)
        view.show_trail = not view.show_trail
        view._cache.clear()
        view.refresh()

    def action_zoom(self) -> None:
        view = self.query_one(MazeView)
        view.room_width = {3: 1, 1: 2, 2: 3}[view.room_width]

    # -- status line ---------------------------------------------------------------
    def describe(self) -> str:
        s = self.setup
        maze = self.game.maze if self.game else None
        size = f"{maze.width}x{maze.height}" if maze else "fit"
        wrap = " · wrap " + ("x" if s.wrap_x else "") + ("y" if s.wrap_y else "") if (
            s.wrap_x or s.wrap_y) else ""
        return f"{s.algorithm} · {size} · seed {s.seed}{wrap}"

    def update_status(self) -> None:
        game = self.game
        if game is None:
            text = f"[b]{self.title_text}[/b]  {self.describe()}"
        else:
            state = "  [reverse] PAUSED [/reverse]" if game.paused else ""
            text = (
                f"[b]{self.title_text}[/b]  {self.describe()}   "
                f"[b]Moves[/b] {game.moves}   [b]Bumps[/b] {game.bumps}   "
                f"[b]Time[/b] {format_time(game.elapsed)}{state}"
            )
        self.query_one("#status", Static).update(text)

    title_text = "Classic"


register_mode(Mode(
    "classic", "Classic",
    "The bird's-eye maze. Walk from the start ○ to the goal ◎ in as few moves as you can; "
    "the clock starts with your first step.",
    WalkScreen,
))
