"""Player's-eye mode (Suits 6.1): rotate left or right, step forward, see ahead in perspective."""

from __future__ import annotations

import numpy as np
from textual.app import ComposeResult
from textual.binding import Binding

from mazegame.engine.grid import DIRECTION_NAMES
from mazegame.games.eye import EyeGame, FloorsEyeGame, aids
from mazegame.games.walk import Outcome
from mazegame.ui.host import palette_of
from mazegame.ui.keys import climb_bindings, facing_bindings
from mazegame.ui.legend import EYE, WEAVE_EYE
from mazegame.ui.screens.walk import GAME_BINDINGS, WalkScreen
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.maze_view import MazeView, make_view

#: The help's legend (`ui.legend.SAMPLES`): the corridor ahead and the map.
LEGEND = (*EYE, *WEAVE_EYE)


class EyeScreen(WalkScreen, inherit_bindings=False):
    """The perspective view, a mini-map of what you have seen, the whole maze at the end."""

    BINDINGS = [
        *facing_bindings(),
        Binding("m", "toggle_map", "Map", id="map", tooltip="Show or hide the mini-map"),
        *climb_bindings(),  # (on a maze of several floors only: `check_action`)
        *GAME_BINDINGS,
    ]
    title_text = "Player's eye"

    def compose_view(self) -> ComposeResult:
        """The corridor view and the minimap of cells seen."""
        yield EyeView(id="eye")
        yield make_view(self.setup.tiling, id="maze", classes="minimap")

    @property
    def compass(self) -> bool:
        """Whether the difficulty shows which way the player faces."""
        return aids(self.setup.settings.difficulty)[0]

    @property
    def minimap_allowed(self) -> bool:
        """Whether the difficulty allows the minimap."""
        return aids(self.setup.settings.difficulty)[1]

    def fit_size(self) -> tuple[int, int]:
        """The maze size when none is chosen (the view cannot fit a maze to the screen)."""
        return (12, 8)  # the view does not show the maze: a modest default size

    def show_game(self) -> None:
        """Show the corridor ahead and the minimap of the start."""
        self.remove_class("-revealed")
        minimap = self.query_one(MazeView)
        minimap.room_width = 1
        minimap.display = self.minimap_allowed
        minimap.set_maze(self.game.map_of_seen(), player=self.game.position)
        minimap.unseen = set(range(self.game.maze.size))
        minimap.refresh(layout=True)  # as wide as this maze's map (width: auto)
        self._mapped: set[int] = set()
        self._looked = np.zeros_like(self.game.looked)  #: `looked` as the minimap drew it
        self.query_one(EyeView).focus()
        self.redraw()

    def redraw(self) -> None:
        """Redraw the corridor view and the minimap of cells seen."""
        p = palette_of(self)
        game = self.game
        self.query_one(EyeView).show(game.ground, game.position, game.facing, game.depth)
        minimap = self.query_one(MazeView)
        if not minimap.display:
            return
        fresh = game.seen - self._mapped
        board = hasattr(game.maze, "board")
        # Rows where the player first looked back at a one-way door's closed side.
        looked = np.flatnonzero(((game.looked ^ self._looked) & game.one_way_backs).any(axis=1))
        if fresh or looked.size:  # redraw only the rows that changed, not the whole map
            shown = game.map_of_seen()
            if board:  # a board's view redraws the map whole (a floors view: its floor)
                minimap.update_walls(shown)
            else:
                for row in sorted({cell // game.maze.width for cell in fresh}
                                  | set(looked.tolist())):
                    minimap.update_walls(shown, row)
            minimap.unseen -= fresh
            minimap.invalidate(fresh)
            self._mapped |= fresh
            self._looked = game.looked.copy()
        minimap.add_trail(game.position)
        # The player as an arrow the way they face, where the difficulty gives a compass.
        minimap.set_player_sprite((p.GLYPH_FACING[game.facing], p.PLAYER)
                                  if self.compass else None)
        minimap.move_player(game.position)

    # -- actions ---------------------------------------------------------------------
    def action_forward(self) -> None:
        """Step forward in the facing direction."""
        self.play(lambda game: game.forward())

    def action_turn(self, which: str) -> None:
        """Turn left, right or around."""
        turns = {"left": EyeGame.turn_left, "right": EyeGame.turn_right,
                 "around": EyeGame.turn_around}
        self.play(turns[which])

    def after_move(self, outcome: Outcome | None, before: int) -> None:
        """Ring on a bump, then redraw."""
        if outcome is Outcome.BUMPED:
            self.app.bell()
        self.redraw()

    def action_climb(self, which: str) -> None:
        """Take the stair underfoot, up or down (a maze of several floors)."""
        self.play(lambda game: game.climb(which))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The climb keys only where there are stairs to climb."""
        if action == "climb":
            return isinstance(self.game, FloorsEyeGame) and not self.game.over
        return super().check_action(action, parameters)

    def action_toggle_map(self) -> None:
        """Show or hide the minimap (where the difficulty allows it)."""
        if self.minimap_allowed and self.game and not self.game.over:
            minimap = self.query_one(MazeView)
            minimap.display = not minimap.display
            self.redraw()

    def reveal(self) -> None:
        """Show the whole maze at the end in place of the corridor view."""
        self.add_class("-revealed")
        minimap = self.query_one(MazeView)
        minimap.unseen = None
        minimap.room_width = 3
        super().reveal()

    def status_fields(self) -> list[str]:
        """The walk's fields with turns, and the facing when the compass is on."""
        game = self.game
        fields = super().status_fields()
        fields.insert(1, f"[b]Turns[/b] {game.turns}")
        if self.compass:
            fields.insert(0, f"[b]Facing[/b] {DIRECTION_NAMES[game.facing]}")
        if isinstance(game, FloorsEyeGame):
            stairs = game.stairs_here()
            if stairs:  # what the climb keys would do here
                fields.insert(0, f"[b]Stairs[/b] {stairs}")
            fields.insert(0, f"[b]Floor[/b] {game.floor_name()}")
        return fields
