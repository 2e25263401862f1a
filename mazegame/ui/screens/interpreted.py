"""The interpreted mazes' screen (bureaucracy, trading, instructional): one for all three.

No maze in sight while playing: the scene's text, its options as a list (open and closed
alike, as the kind words them), an answer box when an option is a problem, what the last
attempt came to, and the rival's progress in the kind's idiom. At the end the maze appears
bird's-eye with your route and the shortest one (the walk screen's reveal), and your moves
against the shortest path. The maze and the rival's matrices are built in the walk
screen's worker.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from mazegame.engine.grid import Maze
from mazegame.games.interpreted.base import needs_answer
from mazegame.games.interpreted.game import (
    DEFAULT_SIZE,
    InterpretedGame,
    Outcome,
    interpreted_maze,
    new_game,
)
from mazegame.games.modes import MODES
from mazegame.games.setup import GameSetup
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.screens.walk import GAME_BINDINGS, WalkScreen
from mazegame.ui.widgets.maze_view import MazeView

#: The help's legend (`ui.legend.SAMPLES`): the options, and the maze shown at the end.
LEGEND = ("been-there", "player", "start", "goal", "trail", "path")

END_PANEL_WIDTH = 40  #: the end panel's width (mazegame.tcss), to fit the revealed maze


class InterpretedScreen(WalkScreen, inherit_bindings=False):
    """A game of one interpreted kind: scenes and options instead of a maze."""

    BINDINGS = [
        *(b for b in GAME_BINDINGS if b.id not in ("back", "next-level")),
        Binding("escape,q", "back", "Menu", id="back",
                tooltip="Back to the menu (from the answer box: back to the options)"),
        *(Binding(str(i), f"pick({i - 1})", f"Option {i}", id=f"option-{i}", show=False,
                  tooltip=f"Take option {i}") for i in range(1, 5)),
    ]

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        self.title_text = MODES[setup.mode].title
        self.asking: int | None = None  #: the option whose problem the answer box is for

    @property
    def difficulty(self) -> str:
        """The setup's difficulty (games.modes.DIFFICULTIES)."""
        return self.setup.settings.difficulty

    # -- layout -------------------------------------------------------------------------
    def compose_view(self) -> ComposeResult:
        """The scene, its options, the answer box, the last word and the rival; the maze
        (hidden until the reveal)."""
        with Vertical(id="interp"):
            yield Static("", id="interp-goal")
            yield Static("", id="interp-scene")
            yield OptionList(id="interp-options")
            yield Input(placeholder="your answer, then Enter (Esc: back)", id="interp-answer")
            yield Static("", id="interp-said")
            yield Static("", id="interp-rival")
        yield MazeView(id="maze")

    def on_mount(self) -> None:
        """Hide the answer box and the maze; build the first game."""
        self.query_one("#interp-answer").display = False
        self.query_one(MazeView).display = False
        super().on_mount()

    # -- the game -----------------------------------------------------------------------
    def make_maze(self, setup: GameSetup, fit: tuple[int, int]) -> Maze:
        """The braided maze of the kind (in the worker)."""
        if setup.level is not None:
            return setup.level
        return interpreted_maze(setup.size or DEFAULT_SIZE, setup.seed, self.difficulty,
                                setup.algorithm, setup.wrap_x, setup.wrap_y)

    def make_game(self, maze: Maze) -> InterpretedGame:
        """The kind over the maze, and the rival's brain (in the worker)."""
        return new_game(self.setup.mode, seed=self.setup.seed, difficulty=self.difficulty,
                        maze=maze, clock=self.app.clock)

    def show_game(self) -> None:
        """A fresh game: the scenes in view, the maze hidden."""
        self.query_one(MazeView).display = False
        self.query_one("#interp").display = True
        interpretation = self.game.interpretation
        self.query_one("#interp-goal", Static).update(
            Text(getattr(interpretation, "goal_text", ""), style="bold"))
        # The story first; after a move this line says what the move came to.
        self.query_one("#interp-said", Static).update(
            Text(getattr(interpretation, "opening_text", ""), style="italic"))
        self.show_scene()

    def show_scene(self) -> None:
        """The current scene's text and options, and the rival."""
        game = self.game
        scene = game.scene()
        self.query_one("#interp-scene", Static).update(Text(scene.text), layout=True)
        options = self.query_one("#interp-options", OptionList)
        options.clear_options()
        visited = game.visited
        # Where you have been is marked: you could remember it, and loops are the game.
        options.add_options([
            ListOption(Text.assemble(f"{i + 1}. {o.text}",
                                     ("  · been there", "dim") if o.to in visited else ""),
                       id=f"o{i}")
            for i, o in enumerate(scene.options)])
        options.highlighted = 0
        self.close_answer()
        self.query_one("#interp-rival", Static).update(Text(game.rival_line()))

    def close_answer(self) -> None:
        """Hide the answer box; the options have the keys again."""
        self.asking = None
        self.query_one("#interp-answer", Input).display = False
        if self.game is not None and not self.game.over:
            self.query_one("#interp-options", OptionList).focus()

    # -- the player's choices -------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """An option chosen with Enter or the mouse."""
        event.stop()
        self.action_pick(event.option_index)

    def action_pick(self, index: int) -> None:
        """Take option `index` (a problem first opens the answer box)."""
        game = self.game
        if self.building or game is None or game.over:
            return
        option = game.option(index)
        if option is None:
            return
        if needs_answer(option):
            self.asking = index
            box = self.query_one("#interp-answer", Input)
            box.value = ""
            box.display = True
            box.focus()
            return
        self.play(lambda g: g.take(index))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """An answer typed: check it (a wrong one keeps you in place)."""
        event.stop()
        if self.asking is None:
            return
        index, text = self.asking, event.value
        self.play(lambda g: g.answer(index, text))

    def after_move(self, outcome, before: int) -> None:
        """Show the new scene (and what the move came to), or what the refusal or the wrong
        answer was."""
        game = self.game
        said = self.query_one("#interp-said", Static)
        if outcome in (Outcome.MOVED, Outcome.WON, Outcome.SECOND):
            said.update(Text(game.last_text, style="italic"))  # trading: what it came to
            self.show_scene()
        elif outcome in (Outcome.REFUSED, Outcome.WRONG):
            said.update(Text(game.last_text, style="italic"))
            self.query_one("#interp-rival", Static).update(Text(game.rival_line()))
            if outcome is Outcome.WRONG:
                self.query_one("#interp-answer", Input).value = ""

    def action_back(self) -> None:
        """Leave the answer box, or go back to the menu."""
        if self.asking is not None:
            self.close_answer()
        else:
            self.app.pop_screen()

    # -- the end ----------------------------------------------------------------------------
    def reveal(self) -> None:
        """The maze appears: your route and the shortest, narrow rooms if need be."""
        self.query_one("#interp").display = False
        view = self.query_one(MazeView)
        maze = self.game.maze
        room = 3 if maze.width * 4 + 1 + END_PANEL_WIDTH <= self.size.width else 1
        view.room_width = room
        super().reveal()

    def end_summary(self) -> str:
        """Your moves against the shortest path, the refusals, the clock and the rival."""
        game = self.game
        extra = game.moves - game.shortest
        race = ("" if not game.has_rival
                else "You beat your rival to it." if game.beat_rival
                else "Your rival got there first.")
        lines = [
            f"[b]{game.scene().text}[/b]",
            "",
            f"Your moves     {game.moves}",
            f"Shortest path  {game.shortest}",
            f"Refused        {game.refusals}",
        ]
        if game.wrong:
            lines.append(f"Wrong answers  {game.wrong}")
        lines += [
            f"Time           {format_time(game.elapsed)}",
            "",
            "A perfect run!" if extra == 0 else f"{extra} moves more than the shortest.",
            race,
            self.legend(),
            "",
            "[b]n[/b] new game  [b]r[/b] again  [b]q[/b] menu",
        ]
        return "\n".join(line for line in lines if line is not None)

    # -- status ---------------------------------------------------------------------------
    def describe(self) -> str:
        """Size, seed and difficulty."""
        s = self.setup
        maze = self.game.maze if self.game and not self.building else None
        w, h = (maze.width, maze.height) if maze else (s.size or DEFAULT_SIZE)
        return f"{w}x{h} · seed {s.seed} · {self.difficulty}"

    def status_fields(self) -> list[str]:
        """Moves, refusals (and wrong answers), time."""
        game = self.game
        fields = [f"[b]Moves[/b] {game.moves}", f"[b]Refused[/b] {game.refusals}"]
        if game.wrong:
            fields.append(f"[b]Wrong[/b] {game.wrong}")
        return [*fields, f"[b]Time[/b] {format_time(game.elapsed)}"]

    def maze_key(self, game=None) -> str:
        """The results' key: the walk's, with the difficulty (it sets the loops)."""
        return f"{super().maze_key(game)}:{self.difficulty}"


def interpreted_screen(setup: GameSetup) -> InterpretedScreen:
    """The screen of an interpreted mode (SCREENS' entry)."""
    return InterpretedScreen(setup)
