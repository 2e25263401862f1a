"""Jumping mazes: hop across a board of numbers from the start to G in as few jumps as
you can; par (the shortest solution's length) on the status line. Checkerboard colouring,
hint (visited squares), easy mode (legal targets), undo/reset, any puzzle of any pack from a
list, the puzzle of the day, and the puzzle's own help. Hexagons and triangles jump six
ways: left and right (h l, a d), y u up-left and up-right, b n down-left and down-right
(the keys `ui.keys` gives the hexagon's slanted sides); up and down take whichever of the
two upward or downward jumps can be made, when only one can."""

from __future__ import annotations

import secrets

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from mazegame.engine.jump.design import MAX_SIZE, MIN_SIZE, design, puzzle_of_the_day
from mazegame.engine.jump.model import JumpPuzzle
from mazegame.engine.jump.tiles import TilePuzzle
from mazegame.games import daily
from mazegame.games.jump import (
    DAILIES,
    DIRECTION_INDEX,
    PACK_NAMES,
    TILE_DIRECTIONS,
    JumpGame,
    best_moves,
    board_text,
    load_pack,
    migrate_progress,
    progress_key,
    rules_text,
)
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome
from mazegame.ui import host
from mazegame.ui.host import palette_of
from mazegame.ui.keys import DIAGONAL_KEYS, jump_bindings
from mazegame.ui.screens.jump_picker import PuzzlePicker
from mazegame.ui.widgets.footer import GameFooter
from mazegame.ui.widgets.jump_board import JumpBoard

#: The help's legend (`ui.legend.SAMPLES`): the numbered board.
LEGEND = ("jump-player", "jump-goal", "jump-start", "jump-visited", "jump-target")


class JumpScreen(Screen):
    """One jumping maze at a time from a pack (or the puzzle of the day).

    Every attempt is saved with its replay: a win when it is won, a give-up when you leave
    a puzzle you jumped on without solving it. Posts `Solved` when a puzzle is finished.
    """

    BINDINGS = [
        *jump_bindings(),
        Binding("z,backspace", "undo", "Undo", id="undo", tooltip="Take back a jump"),
        Binding("r", "reset", "Reset", id="reset", tooltip="Back to the start"),
        Binding("t", "hint", "Hint", id="hint", tooltip="Highlight the squares you visited"),
        Binding("e", "easy", "Easy", id="easy", tooltip="Easy mode: highlight legal jumps"),
        Binding("right_square_bracket", "next", "Next", id="next", tooltip="Next puzzle"),
        Binding("left_square_bracket", "previous", "Prev", show=False, id="previous",
                tooltip="Previous puzzle"),
        Binding("o", "open_puzzle", "Open", id="open",
                tooltip="Open any puzzle of any pack from a list"),
        Binding("D", "daily", "Daily", id="daily", tooltip="Puzzle of the day"),
        Binding("f", "fresh", "Fresh", id="fresh",
                tooltip="A freshly designed puzzle like this one"),
        Binding("escape,q", "app.pop_screen", "Menu", id="back", tooltip="Back to the menu"),
    ]

    class Solved(Message):
        """A puzzle was finished: which one (`key`: its content, the results' key), how well."""

        def __init__(self, pack: str, index: int, moves: int, optimum: int, key: str) -> None:
            super().__init__()
            self.pack, self.index, self.moves, self.optimum = pack, index, moves, optimum
            self.key = key

    def __init__(self, puzzles: list[JumpPuzzle] | None = None, *, pack: str = "classics",
                 index: int = 0) -> None:
        """Play `puzzles` (default: the shipped pack named `pack`; pack "daily" designs
        the puzzle of the day once the screen is up)."""
        super().__init__()
        self.pack = pack
        if puzzles is None:
            puzzles = [] if pack in DAILIES else load_pack(pack)
        self.puzzles = puzzles
        self.index = min(max(0, index), max(0, len(puzzles) - 1))
        self.game: JumpGame | None = JumpGame(puzzles[self.index]) if puzzles else None
        self.saved = False  #: this attempt is in the saved results already

    def compose(self) -> ComposeResult:
        """The status line, the board and the end panel."""
        yield Static("", id="status")
        with Horizontal(id="play-area"):
            yield JumpBoard(id="board")
            yield Static("", id="end-panel")
        yield GameFooter()

    def on_mount(self) -> None:
        """Open the pack at its first unsolved puzzle (or today's puzzle), the board focused."""
        self.query_one("#end-panel").display = False
        self.query_one(JumpBoard).focus()
        if self.game is not None:
            migrate_progress(self.store, self.pack, self.puzzles)
            solved = self.solved()
            if self.index == 0 and solved:  # resume a pack at its first unsolved puzzle
                self.index = next((i for i in range(len(self.puzzles)) if i not in solved), 0)
            self.start(self.puzzles[self.index])
        else:
            self.design_daily(DAILIES[self.pack])

    # -- puzzles -----------------------------------------------------------------------
    def start(self, puzzle: JumpPuzzle) -> None:
        """Play `puzzle` from its start (an attempt left unsolved is saved as given up)."""
        self.save_attempt()
        self.game = JumpGame(puzzle)
        self.saved = False
        self.query_one("#end-panel").display = False
        self.query_one(JumpBoard).show(self.game)
        self.update_status()
        self.refresh_bindings()  # a queen puzzle's diagonals, or none

    def open(self, index: int) -> None:
        """Play the pack's puzzle number `index` (wrapping around)."""
        self.index = index % len(self.puzzles)
        self.start(self.puzzles[self.index])

    def action_next(self) -> None:
        """The pack's next puzzle."""
        if self.puzzles:
            self.open(self.index + 1)

    def action_previous(self) -> None:
        """The pack's previous puzzle."""
        if self.puzzles:
            self.open(self.index - 1)

    def action_open_puzzle(self) -> None:
        """Pick any puzzle of any pack from a list (this pack's, if not shipped, first)."""
        packs = {} if self.pack in PACK_NAMES or not self.puzzles else {self.pack: self.puzzles}
        for name in PACK_NAMES:
            packs[name] = self.puzzles if name == self.pack else load_pack(name)

        def picked(choice: tuple[str, int] | None) -> None:
            if choice is None:
                return
            pack, index = choice
            if pack != self.pack:
                self.pack, self.puzzles = pack, packs[pack]
                migrate_progress(self.store, self.pack, self.puzzles)
            self.open(index)

        self.app.push_screen(PuzzlePicker(packs, (self.pack, self.index), self.store), picked)

    def action_daily(self) -> None:
        """Design and play today's puzzle on the board being played (squares, hexagons or
        triangles)."""
        p = self.game.puzzle if self.game else None
        self.design_daily(p.tiling if isinstance(p, TilePuzzle) else "square")

    def design_daily(self, tiling: str) -> None:
        """Design and play today's puzzle on a tiling (today in UTC, as every maze of the
        day)."""
        day = daily.today()
        name = next(name for name, kind in DAILIES.items() if kind == tiling)
        self._design(f"{name} {day.isoformat()}", lambda: puzzle_of_the_day(day, tiling=tiling))

    def action_fresh(self) -> None:
        """A newly designed puzzle with the current one's size and rules."""
        p = self.game.puzzle if self.game else None
        seed = secrets.randbelow(2**31)
        if isinstance(p, TilePuzzle):
            rules = "no-u-turn" if p.no_u_turn else "rook"
            self._design(f"fresh #{seed}",
                         lambda: design(p.side, rules, seed, tiling=p.tiling))
            return
        size = min(max(p.width, MIN_SIZE), MAX_SIZE) if p else 5
        rules = [p.moves if p else "rook"] + ["torus"] * (p is not None and p.wrap)
        rules += ["no-u-turn"] * (p is not None and p.no_u_turn)
        self._design(f"fresh #{seed}", lambda: design(size, "+".join(rules), seed))

    @work(thread=True, exclusive=True, group="design")
    def _design(self, label: str, make) -> None:
        # A few milliseconds once compiled; the first call in a session may compile.
        self.app.call_from_thread(self.query_one("#status", Static).update,
                                  f"[b]Jumping maze[/b]  designing {label}…")
        puzzle = make()
        if not get_current_worker().is_cancelled:  # a newer design replaced this one
            self.app.call_from_thread(self._open_designed, label, puzzle)

    def _open_designed(self, label: str, puzzle: JumpPuzzle) -> None:
        self.pack, self.puzzles, self.index = label, [puzzle], 0
        migrate_progress(self.store, self.pack, self.puzzles)  # today's, solved before
        self.start(puzzle)

    # -- play --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The diagonal jumps only where the puzzle has them (queen moves, and the slanted
        lines of hexagons and triangles): a rook puzzle's footer does not offer keys that
        cannot jump."""
        if action == "jump" and parameters and parameters[0] in DIAGONAL_KEYS:
            return self.game is not None and (self.game.puzzle.moves == "queen" or
                                              isinstance(self.game.puzzle, TilePuzzle))
        return True

    def action_jump(self, direction: str) -> None:
        """Jump in `direction` by the number on the current cell (on hexagons and
        triangles, `TILE_DIRECTIONS` says which of the six lines a key takes)."""
        if self.game is None:
            return
        if not isinstance(self.game.puzzle, TilePuzzle):
            self.after(self.game.jump(DIRECTION_INDEX[direction]))
            return
        lines = TILE_DIRECTIONS[direction]
        ways = [d for d in lines if d in self.game.options()]
        # up or down: the one of the two slanted lines that can be jumped, if only one can
        if len(ways) == 1 or len(lines) == 1:
            self.after(self.game.jump(ways[0] if ways else lines[0]))
        elif not self.game.won:
            self.after(Outcome.BUMPED)

    def on_jump_board_clicked(self, message: JumpBoard.Clicked) -> None:
        """Jump to the clicked cell, if one jump reaches it."""
        if self.game is not None:
            self.after(self.game.jump_to(message.cell))

    def after(self, outcome: Outcome) -> None:
        """Show a jump's outcome: a bump flashes, a win ends the puzzle."""
        board = self.query_one(JumpBoard)
        if outcome is Outcome.BUMPED:
            board.flash_bump()
            self.app.bell()
        board.refresh()
        self.update_status()
        if outcome is Outcome.WON:
            self.on_win()

    def on_win(self) -> None:
        """Show the end panel and tell the app the puzzle was solved (it records it)."""
        game = self.game
        panel = self.query_one("#end-panel", Static)
        panel.update("\n".join([
            "[b]Solved![/b]", "", self.describe(), "", game.verdict(), "",
            "[b]][/b]  next puzzle", "[b]r[/b]  play it again", "[b]q[/b]  back to the menu",
        ]))
        panel.display = True
        self.save_attempt()
        self.post_message(self.Solved(self.pack, self.index, game.moves, game.optimum,
                                      progress_key(game.puzzle)))

    def save_attempt(self) -> None:
        """Save the attempt on screen with its replay, once: won, or given up if you jumped
        and did not solve it (an untouched puzzle is not a game)."""
        game = self.game
        if game is None or self.saved or not game.tried:
            return
        from mazegame.games.replay import Recording

        self.saved = True
        replay = Recording.of(GameSetup(mode="jump"), game).to_json()
        host.record(self.app, "jump", progress_key(game.puzzle), won=game.won,
                    moves=game.moves, optimum=game.optimum, seconds=game.elapsed, replay=replay)

    def on_unmount(self) -> None:
        """Leaving the puzzle: an unsolved attempt is saved as given up."""
        self.save_attempt()

    def action_undo(self) -> None:
        """Take back the last jump."""
        if self.game is None or self.game.won or not self.game.undo():
            return
        self.query_one(JumpBoard).refresh()
        self.update_status()

    def action_reset(self) -> None:
        """Back to the start: the same attempt goes on; after a win, a new attempt."""
        if self.game is None:
            return
        if self.game.won:
            self.start(self.game.puzzle)
        else:
            self.game.reset()
            self.query_one(JumpBoard).refresh()
            self.update_status()

    def action_hint(self) -> None:
        """Show or hide the cells already visited."""
        board = self.query_one(JumpBoard)
        board.show_visited = not board.show_visited
        board.refresh()
        self.update_status()

    def action_easy(self) -> None:
        """Show or hide the cells one jump away."""
        board = self.query_one(JumpBoard)
        board.show_targets = not board.show_targets
        board.refresh()
        self.update_status()

    def help_intro(self) -> str:
        """The rules of rook jumping, as they apply to this puzzle, and what par means (the
        help screen lists the keys below, from the bindings)."""
        p = self.game.puzzle if self.game else None
        queen, wrap, no_u = (p.moves == "queen", p.wrap, p.no_u_turn) if p else (False,) * 3
        if isinstance(p, TilePuzzle):
            return tile_rules(p)
        lines = [
            "Jumping maze (rook jumping, after Neller): the number on your square says exactly "
            "how many squares you jump, in a straight line up, down, left or right"
            + (" or diagonally (queen moves)" if queen else "") + ". "
            + ("The edges wrap: a jump off one side comes back on the other. " if wrap else
               "A jump may not leave the board. ")
            + ("No U-turns: you may not jump straight back the way you came. " if no_u else "")
            + "You start on the highlighted square (in brackets once you leave it); reach G.",
            "Par is the length of the shortest solution (a designed puzzle has exactly one); "
            "the status line counts your jumps against it, and a finish at par is perfect.",
        ]
        return "\n\n".join(lines)

    # -- status ------------------------------------------------------------------------
    @property
    def store(self):
        """The app's saved results (None: not saved, or an app without them)."""
        return host.store_of(self.app)

    def solved(self) -> dict[int, int]:
        """Best jump counts of this pack's puzzles you have solved before (saved results,
        found by each puzzle's content)."""
        return best_moves(self.store, self.puzzles)

    def describe(self) -> str:
        """The puzzle's place in its pack, size and rules."""
        p = self.game.puzzle
        return (f"{self.pack} {self.index + 1}/{len(self.puzzles)} · {board_text(p)} · "
                f"{rules_text(p)}")

    def update_status(self) -> None:
        """Redraw the status line: puzzle, jumps and the aids on."""
        p = palette_of(self)
        if self.game is None:
            return
        board = self.query_one(JumpBoard)
        modes = [name for name, on in (("hint", board.show_visited),
                                       ("easy", board.show_targets)) if on]
        flags = f"   [reverse] {' '.join(modes)} [/reverse]" if modes else ""
        best = self.solved().get(self.index)
        done = f"   [{p.SOLVED}]✓ solved, best {best}[/]" if best is not None else ""
        self.query_one("#status", Static).update(
            f"[b]Jumping maze[/b]  {self.describe()}   [b]{self.game.score()}[/b]{flags}{done}")


def tile_rules(p: TilePuzzle) -> str:
    """The rules of a hex or triangle puzzle and its keys, for the help."""
    lines = "lines of hexagons" if p.tiling == "hex" else "strips of triangles (side by side)"
    return "\n\n".join([
        f"Jumping maze on {board_text(p)}: the number on your cell says exactly how many "
        f"cells you jump, in a straight line along one of the six {lines}. A jump may not "
        "leave the board. "
        + ("No U-turns: you may not jump straight back the way you came. " if p.no_u_turn
           else "")
        + "You start on the cell in brackets (or highlighted); reach G. Easy mode (e, on at "
        "first here) marks the cells you can jump to.",
        "Keys: left and right (h l, a d) jump west and east; y and u up-left and up-right, "
        "b and n down-left and down-right; up and down (k j, w s) take whichever of the two "
        "is a legal jump when only one is. A click on a marked cell jumps there.",
        "Par is the length of the shortest solution (a designed puzzle has exactly one).",
    ])


def jump_screen(setup: GameSetup) -> JumpScreen:
    """The mode's screen for a setup: a puzzle file, or the shipped pack its settings pick
    (or the puzzle of the day); on hexagons or triangles (`GameSetup.tiling`), that board's
    pack unless the settings ask for its puzzle of the day."""
    settings = setup.settings
    path = settings.file
    if path is not None:
        from pathlib import Path

        from mazegame.engine.jump.file import read_pack
        from mazegame.engine.readfile import JUMP_PACK, read_text

        return JumpScreen(read_pack(read_text(path, JUMP_PACK)), pack=Path(path).stem)
    if setup.tiling != "square" and DAILIES.get(settings.pack) != setup.tiling:
        return JumpScreen(pack=setup.tiling)  # the board's own pack, named as its tiling
    return JumpScreen(pack=settings.pack)
