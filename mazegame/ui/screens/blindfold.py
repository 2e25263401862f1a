"""The blindfold puzzle's screen: type one move sequence for every maze of a size at once.

The status line counts the mazes your sequence leaves unsolved; the large maze is the worst
of them (farthest from its goal) with your path in it; the small grid has a dot per maze
that lights up as the maze is solved. Undo, clear, give up (reveal a known sequence), and
the levels of `games.blindfold_levels` (3x3 to 4x5). A level's mazes are listed in a worker
(4x5: 46557 of them, half a second), which also readies the checker that confirms a win.
Rules live in `games.blindfold`.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from mazegame.engine import compiles
from mazegame.engine.allmazes.mazeset import QUICK_AS_PYTHON
from mazegame.games.blindfold import LEVELS, MAX_MOVES, MODE, BlindfoldGame, Level
from mazegame.games.setup import GameSetup
from mazegame.ui import host
from mazegame.ui.host import palette_of
from mazegame.ui.keys import move_bindings
from mazegame.ui.widgets.allmazes_view import big_maze, dot_grid
from mazegame.ui.widgets.footer import GameFooter

#: The help's legend (`ui.legend.SAMPLES`): the worst maze left and every maze's dot.
LEGEND = ("player", "rock", "start", "walked", "goal", "maze-dot", "maze-out")

#: A move key's direction -> the paper's move letter.
LETTERS = {"north": "u", "south": "d", "west": "l", "east": "r"}


def star_text(earned: int) -> str:
    """Three stars, the earned ones filled: "★★☆"."""
    return "★" * earned + "☆" * (3 - earned)


class BlindfoldScreen(Screen):
    """One level of the blindfold puzzle; ] and [ move between levels."""

    DEFAULT_CSS = """
    BlindfoldScreen #bf-status { dock: top; height: 1; padding: 0 1; background: $panel; }
    BlindfoldScreen #bf-play { height: 1fr; padding: 1 2; }
    BlindfoldScreen #bf-left { width: auto; min-width: 26; padding-right: 3; }
    BlindfoldScreen #bf-right { width: 1fr; }
    BlindfoldScreen #bf-caption { padding-top: 1; color: $text-muted; }
    BlindfoldScreen #bf-sequence { padding-top: 1; }
    BlindfoldScreen #bf-dots-title { color: $text-muted; }
    BlindfoldScreen #bf-note { padding-top: 1; color: $text-muted; }
    """

    BINDINGS = [
        *move_bindings(),
        Binding("z,backspace", "undo", "Undo", id="bf-undo", tooltip="Erase the last move"),
        Binding("c", "clear", "Clear", id="bf-clear", tooltip="Erase the whole sequence"),
        Binding("g", "give_up", "Give up", id="bf-give-up",
                tooltip="Reveal a sequence that solves every maze (no stars this time)"),
        Binding("right_square_bracket", "level(1)", "Next level", key_display="[ ]",
                id="bf-next", tooltip="The next, bigger level"),
        Binding("left_square_bracket", "level(-1)", "Previous level", show=False,
                id="bf-previous", tooltip="The previous level"),
        Binding("escape,q", "app.pop_screen", "Menu", id="bf-back", tooltip="Back to the menu"),
    ]

    def __init__(self, level: str = "3x3") -> None:
        super().__init__()
        self.level = LEVELS[level]  #: the level played (or being listed)
        self.game: BlindfoldGame | None = None  #: None while the level's mazes are listed
        self.message = ""  #: one line of news under the sequence (a win, a reveal)
        self.saved_events = 0  #: the game's events the saved results already cover

    def compose(self) -> ComposeResult:
        """Status, the worst maze with your path, the dots of every maze, the footer."""
        yield Static("", id="bf-status")
        with Horizontal(id="bf-play"):
            with Vertical(id="bf-left"):
                yield Static("", id="bf-maze")
                yield Static("", id="bf-caption")
            with Vertical(id="bf-right"):
                yield Static("every maze, lit once it is out:", id="bf-dots-title")
                yield Static("", id="bf-dots")
                yield Static("", id="bf-sequence")
                yield Static("", id="bf-note")
        yield GameFooter()

    def on_mount(self) -> None:
        """List the level's mazes; draw it before the first move."""
        self.open(self.level)

    def open(self, level: Level) -> None:
        """Play `level`: its mazes are listed in a worker; keys wait until they are."""
        self.level, self.game = level, None
        self.saved_events = 0
        self.message = ""
        self._list_mazes(level)
        self.show()

    @work(thread=True, exclusive=True, group="blindfold-level")
    def _list_mazes(self, level: Level) -> None:
        """Every feasible maze of the level, and the checker readied on its classes (on a
        first launch compiled here for the big levels, run as Python for the small)."""
        with compiles.compiling_when(level.n * level.m > QUICK_AS_PYTHON):
            game = BlindfoldGame(level)
            game.checked()
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._listed, game)

    def _listed(self, game: BlindfoldGame) -> None:
        if self.is_attached and game.level is self.level:
            self.game = game
            self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a level's mazes are listed only the way out and the levels take keys."""
        if self.game is None and action not in ("app.pop_screen", "level"):
            return None
        return True

    def help_intro(self) -> str:
        """The help screen's rules for this level."""
        level = self.level
        return (f"You cannot see the maze. Type one sequence of moves that gets out of every "
                f"{level.name} maze at once: all {level.mazes} of them start in the "
                "upper-left corner and walk your moves in step; a move into rock or off the "
                "grid does nothing, and a maze is out once its lower-right corner has been "
                f"visited. Par is {level.par}: {level.note}.")

    # -- moves -----------------------------------------------------------------------
    def action_move(self, direction: str) -> None:
        """Type one move: every maze takes it."""
        if self.game.full:
            self.app.bell()
            self.message = f"A sequence stops at {MAX_MOVES} moves: undo or clear."
            self.show()
            return
        was_won = self.game.won
        got_out = self.game.type(LETTERS[direction])
        self.message = (f"+{got_out} maze{'s' * (got_out > 1)} out" if got_out
                        else "")
        if self.game.won and not was_won:  # a new solution (typing on after one is not)
            self.on_won()
        self.show()

    def action_undo(self) -> None:
        """Erase the last move."""
        if not self.game.erase():
            self.app.bell()
        self.message = ""
        self.show()

    def action_clear(self) -> None:
        """Erase the whole sequence."""
        self.game.clear()
        self.message = ""
        self.show()

    def action_give_up(self) -> None:
        """Reveal a known sequence that solves every maze (your try is saved as given up)."""
        typed = len(self.game.sequence)
        known = self.game.give_up()
        if known is not None:
            self.save(won=False, moves=typed)
        level = self.game.level
        if known is None:
            self.message = "No known sequence ships for this size."
        elif level.proved:
            self.message = f"Revealed: {level.note}. Step back through it with undo."
        else:
            self.message = f"Revealed: {level.note}. Beat it!"
        self.show()

    def action_level(self, delta: int) -> None:
        """Play the next (or previous) level."""
        names = list(LEVELS)
        i = (names.index(self.level.name) + delta) % len(names)
        self.save_given_up()
        self.open(LEVELS[names[i]])

    def on_unmount(self) -> None:
        """Leaving: a sequence typed since the last save, and not a solution, is given up."""
        self.save_given_up()

    def save_given_up(self) -> None:
        """Save what was typed since the last save as given up (unless it has ever solved
        them all: that was saved as a win)."""
        game = self.game
        if game is not None and len(game.events) > self.saved_events and game.ended_at is None:
            self.save(won=False, moves=len(game.sequence))

    def save(self, *, won: bool, moves: int) -> None:
        """Save this level's attempt so far, with its replay."""
        from mazegame.games.replay import Recording

        self.saved_events = len(self.game.events)
        replay = Recording.of(GameSetup(mode=MODE), self.game).to_json()
        host.record(self.app, MODE, self.game.level.name, won=won, moves=moves,
                    optimum=self.game.level.par, seconds=self.game.elapsed, replay=replay)

    def on_won(self) -> None:
        """Record a solved level (fewest moves are kept); say how it went."""
        game = self.game
        if game.gave_up:
            return
        moves, par = len(game.sequence), game.level.par
        if not game.checked():  # the checker walks every maze class on its own
            self.message = "The checker finds a maze this leaves unsolved: not saved."
            return
        self.save(won=True, moves=moves)
        if moves < par:
            self.message = f"{moves} moves: under par! Better than the best known."
        elif moves == par:
            self.message = f"{moves} moves: par. {star_text(3)}"
        else:
            self.message = f"{moves} moves: out of every maze. Par is {par}: shorter?"

    # -- drawing ------------------------------------------------------------------------
    def best_moves(self) -> int | None:
        """The fewest moves of a saved win on this level, if any."""
        store = host.store_of(self.app)
        best = store.best(MODE, self.game.level.name) if store is not None else None
        return best.moves if best is not None else None

    def show(self) -> None:
        """Redraw the status line, the shown maze, the dots and the sequence."""
        p = palette_of(self)
        game = self.game
        level = self.level
        if game is None:
            self.query_one("#bf-status", Static).update(
                f"[b]Blindfold {level.name}[/b]  par {level.par}  listing all {level.mazes} "
                "mazes…")
            for part in ("#bf-maze", "#bf-caption", "#bf-dots", "#bf-sequence", "#bf-note"):
                self.query_one(part, Static).update("")
            return
        if game.sequence and not game.gave_up:  # the all-mazes lab can play it ("yours")
            host.blindfold_sequences(self.app)[level.name] = game.sequence
        left, total = game.unsolved(), game.total
        best = self.best_moves()
        stars = game.stars() if game.won else 0
        saved = f"  best {best}" if best is not None else ""
        self.query_one("#bf-status", Static).update(
            f"[b]Blindfold {level.name}[/b]  par {level.par}  moves {len(game.sequence)}  "
            f"[b]{left}[/b] of {total} unsolved  {star_text(stars)}{saved}")
        k = game.shown()
        self.query_one("#bf-maze", Static).update(
            big_maze(palette_of(self), game.mazes, k, game.path(k)))
        caption = ("the worst one left:\nfarthest from its goal" if left
                   else "every maze is out;\nthis one got out last")
        self.query_one("#bf-caption", Static).update(f"maze {k + 1} of {total}:\n{caption}")
        self.query_one("#bf-dots", Static).update(
            dot_grid(palette_of(self), game.mazes, fresh=game.newly_solved))
        sequence = game.sequence or "(type with the arrow keys)"
        self.query_one("#bf-sequence", Static).update(
            f"[b]{sequence}[/b]" if game.sequence else sequence)
        style = p.SOLVED if game.won else "default"
        self.query_one("#bf-note", Static).update(
            f"[{style}]{self.message}[/]" if self.message else "")


def blindfold_screen(setup: GameSetup) -> BlindfoldScreen:
    """The mode's screen for a setup: the level its settings name."""
    return BlindfoldScreen(setup.settings.mazes)
