"""What a replay is drawn on: one stage per replay kind (a `games.replay_base.Kind` names its
stage here), each with the mode's own widgets.

- walk: the maze from above (a blind game's as the player had learned it), or the corridor
  ahead beside a map for the player's-eye games; the demon wherever it is.
- interpreted: the scene the player read and what the last attempt came to, beside the maze
  the scenes hide (a spectator sees where the player really is, and the rival).
- jump: the jumping board, the visited squares shown.
- blindfold: the worst maze left with the sequence's path in it, every maze's dot, the
  sequence typed so far.

A stage is built from the view the game was seen in, and has `show(game)` (draw the game
as it stands; a new game object after a jump back) and `fields(game)` (its words for the
replay's status line).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from mazegame.games.chase import DEMON_GLYPH
from mazegame.games.modes import load
from mazegame.games.replay_base import Kind
from mazegame.ui.host import palette_of
from mazegame.ui.widgets.allmazes_view import big_maze, dot_grid
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.jump_board import JumpBoard
from mazegame.ui.widgets.maze_view import MazeView, make_view


def draw_players(view: MazeView, game, others: dict) -> None:
    """The player, the trail and `others` (the demon, the rival) on a replay's maze."""
    view.trail = set(game.trail)
    view.set_others(others)
    view.move_player(game.position)
    view.refresh_all()


def result_word(won: bool, over: bool) -> str:
    """How a game stands at the end of its replay."""
    return "won" if won else "lost" if over else "unfinished"


def maze_view_of(stage, game) -> MazeView:
    """The stage's maze view, given the game's maze when the stage meets a new game."""
    view = stage.query_one(MazeView)
    if game is not stage.game:
        stage.game = game
        view.set_maze(game.maze)
    return view


class WalkStage(Horizontal):
    """A walking game: the maze (and the corridor ahead for the player's-eye view)."""

    DEFAULT_CSS = """
    WalkStage { height: 1fr; }
    WalkStage EyeView { width: 1fr; }
    WalkStage MazeView { width: 1fr; height: 1fr; }
    """

    def __init__(self, view_name: str) -> None:
        super().__init__(id="replay-stage")
        self.view_name = view_name  #: "birds-eye", "blind" or "eye"
        self.game = None
        self.tiling = "square"  #: the board played (`stage_for` says)
        self.learned: bytes | None = None  #: the blind maze's walls last drawn

    def compose(self) -> ComposeResult:
        """The corridor (player's-eye games only) and the maze."""
        if self.view_name == "eye":
            yield EyeView(id="replay-eye")
        yield make_view(self.tiling, id="replay-maze")

    def show(self, game) -> None:
        """Draw the player, the trail, the demon and (eye) the corridor."""
        p = palette_of(self)
        fresh = game is not self.game  # (its view shows the whole maze now)
        view = maze_view_of(self, game)
        if self.view_name == "blind":  # the maze as the player had learned it
            shown = game.display_maze(True)
            learned = (shown.doors if hasattr(shown, "board") else shown.walls).tobytes()
            if fresh or learned != self.learned:  # (a board maze's are its doors)
                self.learned = learned
                view.set_maze(shown, player=game.position)
        facing = getattr(game, "facing", None)
        view.set_player_sprite(None if facing is None
                               else (p.GLYPH_FACING[facing], p.PLAYER))
        demon = getattr(game, "demon_cell", None)
        draw_players(view, game, {} if demon is None else {demon: (DEMON_GLYPH, p.DEMON)})
        if self.view_name == "eye":
            sprites = game.sprites(game.facing, game.depth) if demon is not None else {}
            ground = getattr(game, "ground", game.maze)  # (floors: `games.eye.FloorsGround`)
            self.query_one(EyeView).show(ground, game.position, game.facing, game.depth,
                                         sprites)

    def fields(self, game) -> list[str]:
        """Moves, and how the game ended."""
        return [f"moves {game.moves}", result_word(game.won, game.over)]


class InterpretedStage(Horizontal):
    """An interpreted maze: the scene in words beside the maze under it, with the rival."""

    DEFAULT_CSS = """
    InterpretedStage { height: 1fr; }
    InterpretedStage #replay-words { width: 1fr; padding: 0 1; }
    InterpretedStage #replay-scene { padding-bottom: 1; }
    InterpretedStage #replay-said { color: $text-muted; padding-bottom: 1; }
    InterpretedStage MazeView { width: 1fr; height: 1fr; }
    """

    def __init__(self, view_name: str = "birds-eye") -> None:
        super().__init__(id="replay-stage")
        self.game = None

    def compose(self) -> ComposeResult:
        """The words (scene, options, the last word, the rival) and the maze."""
        with Vertical(id="replay-words"):
            yield Static("", id="replay-scene")
            yield Static("", id="replay-said")
            yield Static("", id="replay-rival")
        yield MazeView(id="replay-maze")

    def show(self, game) -> None:
        """The scene the player stands in, its options, and both racers on the maze."""
        p = palette_of(self)
        view = maze_view_of(self, game)
        scene = game.scene()
        options = "\n".join(f"{i + 1}. {o.text}" + ("" if o.open else "  (closed)")
                            for i, o in enumerate(scene.options))
        self.query_one("#replay-scene", Static).update(Text(f"{scene.text}\n\n{options}"))
        self.query_one("#replay-said", Static).update(Text(game.last_text, style="italic"))
        self.query_one("#replay-rival", Static).update(Text(game.rival_line()))
        rival = {game.rival_cell: (DEMON_GLYPH, p.DEMON)} if game.has_rival else {}
        draw_players(view, game, rival)

    def fields(self, game) -> list[str]:
        """Moves, refusals, and how the race ended."""
        end = result_word(game.won, game.over)
        if game.over and game.has_rival:  # it ends at the goal: first, or second (lost)
            end += ", before the rival" if game.beat_rival else ", after the rival"
        return [f"moves {game.moves}", f"refused {game.refusals}", end]


class JumpStage(Horizontal):
    """A jumping puzzle: its board, with the squares the player has visited."""

    DEFAULT_CSS = "JumpStage { height: 1fr; } JumpStage JumpBoard { width: 1fr; height: 1fr; }"

    def __init__(self, view_name: str = "birds-eye") -> None:
        super().__init__(id="replay-stage")

    def compose(self) -> ComposeResult:
        """The board."""
        yield JumpBoard(id="replay-board")

    def show(self, game) -> None:
        """The board as the jumps so far left it."""
        board = self.query_one(JumpBoard)
        board.show_visited = True
        board.show(game)

    def fields(self, game) -> list[str]:
        """Jumps against par, and whether it was solved."""
        return [game.score(), "solved" if game.won else "not solved"]


class BlindfoldStage(Horizontal):
    """The blindfold puzzle: the worst maze left, every maze's dot, the sequence."""

    DEFAULT_CSS = """
    BlindfoldStage { height: 1fr; padding: 1 2; }
    BlindfoldStage #replay-bf-left { width: auto; min-width: 26; padding-right: 3; }
    BlindfoldStage #replay-bf-right { width: 1fr; }
    BlindfoldStage #replay-bf-sequence { padding-top: 1; }
    """

    def __init__(self, view_name: str = "birds-eye") -> None:
        super().__init__(id="replay-stage")

    def compose(self) -> ComposeResult:
        """The shown maze with its caption; the dots and the sequence."""
        with Vertical(id="replay-bf-left"):
            yield Static("", id="replay-bf-maze")
            yield Static("", id="replay-bf-caption")
        with Vertical(id="replay-bf-right"):
            yield Static("", id="replay-bf-dots")
            yield Static("", id="replay-bf-sequence")

    def show(self, game) -> None:
        """The mazes as the sequence so far leaves them."""
        k = game.shown()
        self.query_one("#replay-bf-maze", Static).update(
            big_maze(palette_of(self), game.mazes, k, game.path(k)))
        self.query_one("#replay-bf-caption", Static).update(
            f"maze {k + 1} of {game.total}: " + ("the worst one left" if game.unsolved()
                                                  else "out last"))
        self.query_one("#replay-bf-dots", Static).update(
            dot_grid(palette_of(self), game.mazes, fresh=game.newly_solved))
        sequence = game.sequence or "(nothing typed yet)"
        self.query_one("#replay-bf-sequence", Static).update(Text(sequence, style="bold"))

    def fields(self, game) -> list[str]:
        """Moves, the mazes left, and a give-up."""
        left = game.unsolved()
        end = "gave up" if game.gave_up else "solved" if left == 0 else f"{left} unsolved"
        return [f"moves {len(game.sequence)}", end]


def stage_for(kind: Kind, view_name: str, tiling: str = "square") -> Horizontal:
    """The stage a replay of `kind` is drawn on, as the kind names it (a walk's in its
    view, its maze drawn by its board's view: `tiling`)."""
    stage = load(kind.stage)(view_name)
    stage.tiling = tiling
    return stage
