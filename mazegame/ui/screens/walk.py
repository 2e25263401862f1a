"""The screen every walking mode shares: generation in a worker, keys, clock; the end of a
game (panel, routes, scrolling) is `end_panel.EndPanelMixin`.

Nothing runs while nothing changes: the status line is redrawn when what it says changes,
and its clock ticks once a second only while it runs (from the first move, not while paused,
not after the end). The loading spinner spins only while it shows.

Modes subclass `WalkScreen` and override the hooks: `make_game`, `show_game`,
`after_move` and `reveal` (what the player sees during and after the game).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import replace

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import LoadingIndicator, Static
from textual.worker import get_current_worker

from mazegame.engine.grid import Maze
from mazegame.engine.tilings import tiling
from mazegame.games.replay import build_game, build_maze
from mazegame.games.replay_base import shape_of
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome, WalkGame
from mazegame.ui.host import campaign_if_read
from mazegame.ui.keys import climb_bindings, move_bindings
from mazegame.ui.legend import MAP, WEAVE
from mazegame.ui.screens.board_keys import (  # DIRECTIONS: the chase reads it here
    DIRECTIONS,  # noqa: F401
    HEX_BINDINGS,
    MENU_BINDINGS,
    SLANT_BINDINGS,
    BoardKeys,
)
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.screens.end_panel import PANEL_BINDING, SHARE_BINDING, EndPanelMixin
from mazegame.ui.screens.level_play import give_up_level, level_of, play_next_level
from mazegame.ui.status import fit_status
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.maze_view import MazeView, make_view

#: The help's legend (`ui.legend.SAMPLES`): the maze from above (a weave maze's bridges too).
LEGEND = (*MAP, *WEAVE)

MAX_PENDING = 64  #: moves kept while a maze builds (a held key must not pile up forever)

GAME_BINDINGS = [
    Binding("n", "new_maze", "New maze", id="new", tooltip="Start a new maze"),
    Binding("r", "restart", "Restart", id="restart", tooltip="Same maze from the start"),
    Binding("p", "pause", "Pause", id="pause", tooltip="Pause the clock and hide the maze"),
    Binding("escape,q", "app.pop_screen", "Menu", id="back", tooltip="Back to the menu"),
    Binding("enter", "next_level", "Next level", id="next-level",
            tooltip="A won campaign level: go on to the next one"),
    PANEL_BINDING,
    SHARE_BINDING,
]


class WalkScreen(BoardKeys, EndPanelMixin, Screen):
    """A maze walked by one player, seen from above (the classic mode itself)."""

    BINDINGS = [
        *move_bindings(),
        *climb_bindings(),  # beside the arrows, where the board has stairs (`check_action`)
        *HEX_BINDINGS[:1],  # the footer's entry for the slanted sides, beside the arrows'
        *(c for b in GAME_BINDINGS for c in (MENU_BINDINGS if b.id == "back" else [b])),
        Binding("t", "toggle_trail", "Trail", id="trail", tooltip="Show or hide your trail"),
        Binding("z", "zoom", "Zoom", id="zoom", tooltip="Narrower or wider cells"),
        *SLANT_BINDINGS,
        *HEX_BINDINGS[1:],  # after n, q and z's own bindings: the footer keeps their order
    ]
    title_text = "Classic"

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup.with_seed()
        self.game: WalkGame | None = None
        self.previous_best = None  #: best saved win on this maze before the current game
        self.building = False  #: a maze is being built: moves wait for it in `pending`
        self.pending: list[Callable[[WalkGame], Outcome | None]] = []
        self._fit: tuple[int, int] | None = None  #: the last fit measured on a visible view
        self.told: set[str] = set()  #: notes already shown on this screen (size changes)
        self._status_text = ""  #: what the status line shows
        self._clock_tick: Timer | None = None  #: the clock's next tick, while it runs
        self.last_side: int | None = None  #: the side of the last move (a board's up/down)

    # -- layout ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The status line, the play area with the end panel, the loading and pause notices."""
        yield Static("", id="status")
        with Horizontal(id="play-area"):
            yield from self.compose_view()
            yield Static("", id="end-panel")
        with Middle(id="loading"), Center():
            yield Static("Building the maze…", id="loading-label")
            yield LoadingIndicator()
        with Middle(id="paused"), Center():
            yield Static("[b]Paused[/b]\n\npress p or any move key to go on", id="paused-label")
        yield GameFooter()

    def compose_view(self) -> ComposeResult:
        """The widgets that show the game (the maze, by default, drawn by its board's view:
        `engine.tilings.TilingSpec.view`)."""
        yield make_view(self.setup.tiling, id="maze")

    def on_mount(self) -> None:
        """Hide the notices and build the first maze."""
        self.show_loading(False)
        self.query_one("#paused").display = False
        self.query_one("#end-panel").display = False
        self.call_after_refresh(self.build_maze)

    # -- maze lifecycle -----------------------------------------------------------
    def fit_size(self) -> tuple[int, int]:
        """The largest maze that fits the maze widget at the current zoom.

        While the view is hidden (a build in progress) it has no size: the last fit stands.
        """
        view = self.query_one(MazeView)
        width, height = view.size
        if (width == 0 or height == 0) and self._fit is not None:
            return self._fit
        self._fit = view.fit(width, height)
        return self._fit

    def build_maze(self, maze: Maze | None = None) -> None:
        """Start a game in a worker: on `maze`, or on a new one built from the setup."""
        fit = self.fit_size()  # measured before the loading notice takes the space
        if maze is None and self.setup.level is None:
            _, note = self.setup.maze_size(fit)
            if note and note not in self.told:  # once a screen, not at every new maze
                self.told.add(note)
                self.notify(f"{self.setup.algorithm}: {note}", timeout=8)
        self.building = True
        self.query_one(MazeView).browsing = False  # the move keys queue moves again
        self.show_loading(True)
        self.update_status()  # the clock stops; the status describes the maze being built
        self._prepare(self.setup, fit, maze)

    def show_loading(self, loading: bool) -> None:
        """The loading notice in place of the maze, or the maze again."""
        self.query_one("#loading").display = loading
        self.query_one("#play-area").display = not loading
        # A hidden spinner's timer would still wake the app 16 times a second.
        self.query_one(LoadingIndicator).auto_refresh = 1 / 16 if loading else None

    def show_paused(self, paused: bool) -> None:
        """The pause notice in place of the maze, or the maze again."""
        self.query_one("#paused").display = paused
        self.query_one("#play-area").display = not paused

    @work(thread=True, exclusive=True, group="generate")
    def _prepare(self, setup: GameSetup, fit: tuple[int, int], maze: Maze | None) -> None:
        if setup.level_id is not None and campaign_if_read(self.app) is None:
            self.app.load_campaign()  # a level started from the command line: read them here
        try:
            game = self.make_game(maze or self.make_maze(setup, fit))
        except ValueError as err:  # a setup that cannot be played (an unwinnable chase...)
            game, problem = None, str(err)
        if get_current_worker().is_cancelled:
            return  # a newer request replaced this one: the newest wins
        if game is None:
            self.app.call_from_thread(self.show_problem, problem)
        else:
            self.app.call_from_thread(self.start_game, game)

    def make_maze(self, setup: GameSetup, fit: tuple[int, int]) -> Maze:
        """The maze to play (runs in a worker thread): games.replay builds it, as a replay
        of this game will."""
        return build_maze(setup, fit)

    def make_game(self, maze: Maze) -> WalkGame:
        """The rules for this maze (runs in a worker thread), built as a replay builds them."""
        return build_game(self.setup, maze, self.app.clock)

    def start_game(self, game: WalkGame) -> None:
        """Show a freshly built game and start playing it."""
        self.building = False
        self.show_loading(False)
        self.show_paused(False)  # a pause of the game this one replaces ends with it
        self.query_one("#end-panel").display = False
        self.game = game
        self.last_side = None
        self.show_game()
        self.update_status()
        pending, self.pending = self.pending, []
        for act in pending:  # the moves typed while the maze was building
            self.play(act)

    def on_screen_suspend(self) -> None:
        """Another screen (help, say) covers this one: stop the clock."""
        game = self.game
        if game is not None and not game.paused and not game.over and game.started_at:
            self.action_pause()

    def show_problem(self, message: str) -> None:
        """Say why no game could start, and what the player can do."""
        self.building = False
        self.pending.clear()
        self.game = None  # the old game is over: nothing plays behind the notice
        self.show_loading(False)
        self.show_paused(False)
        self.update_status()
        self.show_panel(f"[b]Cannot start[/b]\n\n{message}\n\n[b]n[/b]  try a new maze\n"
                        "[b]q[/b]  back to the menu", lost=True)

    def show_game(self) -> None:
        """Draw a fresh game."""
        view = self.query_one(MazeView)
        view.set_maze(self.game.maze)
        view.trail = {self.game.maze.start}
        view.focus()

    # -- moves -----------------------------------------------------------------------
    def play(self, act: Callable[[WalkGame], Outcome | None]) -> None:
        """Apply one player action (resuming from pause), then redraw and check for the end.

        While a maze is building the action waits, and is applied to the new maze.
        """
        if self.building:
            if len(self.pending) < MAX_PENDING:
                self.pending.append(act)
            return
        game = self.game
        if game is None or game.over:
            return
        if game.paused:
            self.action_pause()
        before = game.position
        outcome = act(game)
        self.after_move(outcome, before)
        self.update_status()
        self.check_end()

    def after_move(self, outcome: Outcome | None, before: int) -> None:
        """Show what a move did."""
        view = self.query_one(MazeView)
        if outcome is Outcome.BUMPED:
            view.flash_bump(before)
        elif outcome in (Outcome.MOVED, Outcome.WON):
            view.add_trail(self.game.position)
            view.move_player(self.game.position)

    def maze_key(self, game: WalkGame | None = None) -> str:
        """What was played (`game`, by default the one on screen), for the saved results:
        the generator's recipe or the level."""
        maze = (game or self.game).maze
        if self.setup.level is not None:  # (a board maze's file: its doors)
            cells = maze.doors if hasattr(maze, "board") else maze.walls
            return f"level:{zlib.crc32(cells.tobytes()):08x}"
        return self.setup.recipe_key(maze)

    # -- other actions ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A campaign level has no "new maze" (its maze is the level) but a next level; after
        the end the play keys rest (the maze scrolls) and the panel can be hidden."""
        on_board = self.board_check_action(action, parameters)
        if on_board is not None:
            return on_board
        at_end = self.end_check_action(action)
        if at_end is not None:
            return at_end
        if action == "new_maze":
            return self.setup.level_id is None
        if action == "next_level":
            return self.setup.level_id is not None and self.game is not None and self.game.won
        return True

    def action_next_level(self) -> None:
        """Open the campaign's next level (after a win)."""
        if self.check_action("next_level", ()):
            play_next_level(self)

    def give_up(self) -> None:
        """Save the game on screen as lost if it was started and left unfinished (a new
        maze, the same again, or back to the menu): a game given up is a game played."""
        game = self.game
        if game is None or game.over or game.started_at is None or self.building:
            return
        self.game = None  # saved once
        if self.setup.level_id is not None:  # the campaign saves its levels' games
            give_up_level(self, game)
            return
        self.app.record(self.setup.mode, self.maze_key(game), won=False, moves=game.moves,
                        optimum=self.optimum(game), seconds=game.elapsed,
                        replay=self.replay(game), daily=self.setup.daily)

    def on_unmount(self) -> None:
        """Leaving the screen gives up the game on it."""
        self.give_up()

    def action_new_maze(self, shifted: bool = False) -> None:
        """Build a new maze with a fresh seed (no longer the maze of the day); `shifted`:
        asked with N, where n moves."""
        self.give_up()
        self.setup = replace(self.setup, seed=None, level=None, daily=None).with_seed()
        self.build_maze()

    def action_restart(self) -> None:
        """Play the same maze again from the start."""
        if self.game is not None:
            maze = self.game.maze
            self.give_up()
            self.build_maze(maze)

    def action_pause(self) -> None:
        """Pause or resume the game and its clock."""
        game = self.game
        if game is None or game.over or self.building:  # building: that game is going away
            return
        if not game.paused and game.started_at is None:  # a chase's first press may still wait
            self.notify("Nothing to pause yet: the clock starts with your first move.",
                        timeout=3)
            return
        paused = not game.paused
        if paused:
            game.pause()
        else:
            game.resume()
        self.show_paused(paused)
        self.update_status()

    def action_toggle_trail(self) -> None:
        """Show or hide the trail of cells walked (after the end: your route)."""
        view = self.query_one(MazeView)
        view.show_trail = not view.show_trail
        if self.game_over():
            self.reveal_routes()
        view.refresh_all()

    def action_zoom(self, shifted: bool = False) -> None:
        """Cycle the room width (a board's forms); `shifted`: asked with Z, where z moves."""
        self.query_one(MazeView).zoom()

    # -- status line ---------------------------------------------------------------
    def describe(self) -> str:
        """What is played: generator, size and seed (or the level)."""
        s = self.setup
        maze = self.game.maze if self.game and not self.building else None
        shape = shape_of(maze) if maze else (
            s.maze_size(self._fit)[0] if s.size or self._fit else None)
        size = f"{shape[0]}x{shape[1]}" if shape else "fit"
        level = level_of(self)
        if level is not None:
            return f"{level.title} · par {level.par}"
        if s.level is not None:
            return f"level · {size}"
        wrap = " · wrap " + ("x" if s.wrap_x else "") + ("y" if s.wrap_y else "") if (
            s.wrap_x or s.wrap_y) else ""
        if s.tiling != "square":  # the board, in words: "hexagons 19x10"
            size = f"{tiling(s.tiling).title.lower()} {size}"
        return f"{s.algorithm} · {size} · seed {s.seed}{wrap}"

    def status_fields(self) -> list[str]:
        """The status line's fields: moves, bumps, time."""
        game = self.game
        return [f"[b]Moves[/b] {game.moves}", f"[b]Bumps[/b] {game.bumps}",
                f"[b]Time[/b] {format_time(game.elapsed)}"]

    def status_title(self) -> str:
        """The status line's title: the mode's, and the day of a maze of the day."""
        day = self.setup.daily
        return self.title_text if day is None else f"{self.title_text} · maze of the day {day}"

    def update_status(self) -> None:
        """Redraw the status line if what it says changed, and keep the clock ticking while
        it runs."""
        game = self.game
        text = fit_status(self.status_title(), self.describe(),
                          self.status_fields() if game is not None else [],
                          self.size.width - 2,  # the status line's padding
                          "  [reverse] PAUSED [/reverse]" if game and game.paused else "",
                          level=self.setup.level_id is not None)
        if text != self._status_text:
            self._status_text = text
            # One row, docked, fixed height: no layout pass, only the line is repainted.
            self.query_one("#status", Static).update(text, layout=False)
        self.sync_clock()

    def on_resize(self) -> None:
        """Fit the status line to the new width."""
        self.update_status()

    def clock_running(self) -> bool:
        """Whether the game's clock runs: started by a move, not paused, not over."""
        game = self.game
        return (game is not None and not self.building and game.started_at is not None
                and not game.paused and not game.over)

    def sync_clock(self) -> None:
        """Tick the status line on each whole second of play while the clock runs (moves
        redraw it in between); no timer at all while it does not."""
        if not self.clock_running():
            if self._clock_tick is not None:
                self._clock_tick.stop()
                self._clock_tick = None
        elif self._clock_tick is None:
            delay = 1.0 - self.game.elapsed % 1.0
            self._clock_tick = self.set_timer(delay + 0.001, self._tick_clock)

    def _tick_clock(self) -> None:
        self._clock_tick = None
        self.update_status()
