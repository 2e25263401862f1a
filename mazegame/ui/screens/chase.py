"""Chase and Race (Suits 4.2): you against a demon that reads the solution matrices.

One mixin adds the demon to each view: bird's-eye (you see it), blind and player's-eye
(you hear it coming, and see it when it stands in the corridor ahead). Turn-based games
move the demon when you move; real-time games tick on a timer that runs only while the game's
clock does (from the first move, not while paused, not after the end).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.timer import Timer

from mazegame.games.board_moves import side_for
from mazegame.games.chase import DEMON_GLYPH, ChaseGame
from mazegame.games.chase_senses import EARSHOT, DemonWarning
from mazegame.games.eye_sprites import behind, eye_warning
from mazegame.games.modes.blind import BlindSettings
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome
from mazegame.ui.host import demon_bell, palette_of, preferences_of, set_demon_bell
from mazegame.ui.keys import ARROWS, MOVE_KEYS, letters, split_move_bindings
from mazegame.ui.legend import BLIND, DEMON, EYE, MAP
from mazegame.ui.screens.blind import BlindScreen
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.screens.end_panel import NEW_MAZE_KEY, route_legend, sample
from mazegame.ui.screens.eye import EyeScreen
from mazegame.ui.screens.walk import DIRECTIONS, WalkScreen
from mazegame.ui.widgets.eye_view import EyeView
from mazegame.ui.widgets.maze_view import MazeView
from mazegame.words import plural

#: The help's legend by view (`games.modes.VIEWS`): what each view shows of the demon.
LEGEND = {"birds-eye": (*MAP, *DEMON), "blind": (*BLIND, "demon-route"),
          "eye": ("eye-demon", *EYE)}

DEMON_BINDINGS = [
    Binding("full_stop,space", "wait", "Wait", id="wait", tooltip="Stay put for a turn"),
    Binding("i", "toggle_info", "Info", id="info",
            tooltip="Show how the demon thinks (strategy, memory)"),
]

#: Two players on one keyboard: the footer says the arrows move the demon and the letters
#: you. Each is enabled only in a two-player game (else the arrows' "Move" shows).
TWO_PLAYER_BINDINGS = [
    *(Binding(k.arrow, f"move_demon('{d}')", "Demon", show=d == "north", key_display=ARROWS,
              id=f"demon-arrow-{d}", tooltip=f"Second player: move the demon {d}")
      for d, k in MOVE_KEYS.items()),
    *(Binding(letters(k), f"walk('{d}')", "You", show=d == "north", key_display="wasd",
              id=f"you-letters-{d}", tooltip=f"First player: move {d}")
      for d, k in MOVE_KEYS.items()),
]


class DemonMixin:
    """The demon's part of a walk screen: setup, drawing, ticks, the end panels."""

    game: ChaseGame
    show_info = False
    demon_side: int | None = None  #: the side of a human demon's last move (a board's lean)
    _ticker: Timer | None = None
    #: what plays the next press waiting for its beat: a timer, or True for a call posted
    _release: Timer | bool | None = None

    # -- game lifecycle ----------------------------------------------------------------------
    def show_game(self) -> None:
        """Show the game; the demon's clock (real-time rules) starts with the first move."""
        self.demon_side = None
        super().show_game()
        self.draw_demon()

    def sync_clock(self) -> None:
        """The walk's clock, and the demon's beside it: real-time rules only, a whole beat
        after each start or resume, stopped whenever the game's clock stops."""
        super().sync_clock()
        running = self.clock_running() and not self.game.rules.turn_based
        if running and self._ticker is None:
            self._ticker = self.set_interval(self.game.rules.tick_seconds, self.on_tick)
        elif not running and self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def on_tick(self) -> None:
        """Let the demon move on its clock, and check whether the game ended."""
        game = self.game
        if game is None or game.over:
            return
        if game.tick():
            self.draw_demon()
            self.update_status()
            self.check_end()

    def after_move(self, outcome: Outcome | None, before: int) -> None:
        """After the player's move: redraw the demon too, and play the next press waiting
        for its beat when the game says it is due."""
        super().after_move(outcome, before)
        self.draw_demon()
        self.release_queued()

    def release_queued(self) -> None:
        """Ask the game when its next waiting press plays: now (on the next turn of the
        event loop, not inside this move), later (one timer), or never (none waits)."""
        wait = self.game.next_queued_in() if self.game is not None else None
        if wait is None or self._release is not None:
            return
        if wait <= 0:
            self._release = self.call_later(self._play_queued) or None  # False: closing
        else:
            self._release = self.set_timer(wait, self._play_queued)

    def _play_queued(self) -> None:
        """A waiting press's beat has come (a new game, a pause or the end dropped it: then
        nothing happens, and a paused game stays paused)."""
        self._release = None
        game = self.game
        if game is None or self.building or game.next_queued_in() is None:
            return
        self.play(lambda game: game.play_queued())

    def action_wait(self) -> None:
        """Stand still for one turn (the demon moves)."""
        self.play(lambda game: game.wait())

    def action_move_demon(self, direction: str) -> None:
        """Two-player games: move the demon one step in `direction` (on a board, through the
        side the key means from the demon's cell, as the player's keys mean from theirs)."""
        game = self.game
        if game is None or game.over or not game.rules.two_player:
            return
        maze = game.maze
        if hasattr(maze, "board"):
            cell = game.demon_cell
            side = side_for(maze.board.spec.directions, direction,
                            lambda d: maze.is_open(cell, d), self.demon_side)
        else:
            side = DIRECTIONS[direction]
        if game.move_demon(side) is Outcome.MOVED:
            self.demon_side = side
        self.draw_demon()
        self.update_status()
        self.check_end()

    def action_toggle_info(self) -> None:
        """Show or hide the demon's details on the status line."""
        self.show_info = not self.show_info
        self.update_status()

    def draw_demon(self) -> None:
        """Bird's-eye: the demon's sprite (the dark views override this)."""
        p = palette_of(self)
        self.query_one(MazeView).set_others({self.game.demon_cell: (DEMON_GLYPH, p.DEMON)})

    def reveal(self) -> None:
        """Show the maze at the end with the demon; after a catch, the demon on top of you."""
        p = palette_of(self)
        super().reveal()
        view = self.query_one(MazeView)
        view.set_others({self.game.demon_cell: (DEMON_GLYPH, p.DEMON)})
        if self.game.caught:  # you share its cell: draw the demon that caught you, not you
            view.set_player_sprite((DEMON_GLYPH, p.DEMON))

    def rival_route(self) -> list[int]:
        """After a loss (caught, or beaten to the goal), the demon's route is drawn too."""
        return [] if self.game.won else self.game.demon_trail

    # -- text -------------------------------------------------------------------------------
    def demon_warning(self) -> DemonWarning:
        """What the status line warns of the demon (by distance; the eye view overrides)."""
        return self.game.warning()

    def status_fields(self) -> list[str]:
        """The walk's fields, with the demon's warning and (on request) its details."""
        p = palette_of(self)
        fields = super().status_fields()
        game = self.game
        warning = self.demon_warning()
        if warning.text:  # a chase's silence says nothing; a race always has a standing
            colour = p.WARNING_COLOURS[warning.level]
            fields.insert(0, f"[{colour}]{'⚠ ' if warning.level else ''}{warning.text}[/]")
        if game.rules.two_player and game.rules.turn_based:
            fields.insert(0, f"[b]Turn[/b] {game.whose_turn}")
        if self.show_info:
            fields.append(f"[dim]{game.describe()}[/]")
        return fields

    def end_summary(self) -> str:
        """The end panel's text: who won, and by how much."""
        p = palette_of(self)
        game = self.game
        if game.won:
            if game.race:
                detail = f"The demon was {plural(game.demon_to_goal(), 'step')} from the goal."
            else:
                near = game.closest.distance if game.closest else None
                detail = ("The demon never got near you." if near is None
                          else f"Closest it came: {plural(near, 'step')}.")
            head = "You beat the demon!" if game.race else "You escaped the demon!"
        else:
            head = "The demon won the race" if game.race else "Caught!"
            detail = (f"Its route is marked {p.GLYPH_DEMON_ROUTE} "
                      f"({plural(len(game.demon_trail) - 1, 'step')}).")
        return "\n".join([
            f"[b]{head}[/b]", self.describe(), "",
            f"Your moves     {game.moves}",
            f"Shortest path  {game.shortest}",
            f"Time           {format_time(game.elapsed)}",
            f"Demon          {game.rules.personality}, speed {game.rules.speed}",
            "", detail, "", self.legend(), "",
            f"{NEW_MAZE_KEY}[b]r[/b]  same {game.rules.mode} again", "[b]q[/b]  back to the menu",
        ])

    def legend(self) -> str:
        """The routes drawn at the end, the demon's after a loss (none if the maze stays
        dark)."""
        p = palette_of(self)
        if getattr(self, "kept_dark", False):
            return super().legend()
        caught = (f"\n{sample(DEMON_GLYPH, p.DEMON)}    the demon, where it caught you"
                  if self.game.caught else "")
        return route_legend(palette_of(self), demon=not self.game.won) + caught

    def describe(self) -> str:
        """The status line's description, with the difficulty."""
        return f"{super().describe()} · {self.setup.settings.difficulty}"


WALK_ARROWS = {f"move-{d}" for d in MOVE_KEYS}  #: the walk's own bindings of the move keys


class BirdsEyeChaseScreen(DemonMixin, WalkScreen, inherit_bindings=False):
    """Chase or race seen from above; two humans share the keyboard here."""

    #: the walk's keys (a board's slanted sides, trail, zoom ...) but its arrows, which
    #: move the demon in a two-player game
    BINDINGS = [*TWO_PLAYER_BINDINGS, *split_move_bindings(),
                *(b for b in WalkScreen.BINDINGS if b.id not in WALK_ARROWS), *DEMON_BINDINGS]
    view_name = "birds-eye"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """With two players the footer names the demon's keys and yours (during play);
        alone, the arrows' "Move"."""
        two = self.setup.settings.two_player
        if action in ("move_demon", "walk"):
            return two and super().check_action("move", parameters)
        if action == "arrow" and two:
            return False
        return super().check_action(action, parameters)

    def action_walk(self, direction: str) -> None:
        """Two players: the first player's letter keys move you."""
        self.action_move(direction)

    @property
    def title_text(self) -> str:
        """"Chase" or "Race"."""
        return self.setup.mode.capitalize()

    def action_arrow(self, direction: str) -> None:
        """Arrow keys: the demon's in a two-player game, else the player's."""
        if self.game is not None and self.game.rules.two_player:
            self.action_move_demon(direction)
        else:
            self.action_move(direction)


class BlindChaseScreen(DemonMixin, BlindScreen):
    """Chase in the dark: you hear the demon coming."""

    BINDINGS = [*DEMON_BINDINGS]
    view_name = "blind"

    @property
    def title_text(self) -> str:
        """"Blind chase" or "Blind race"."""
        return f"Blind {self.setup.mode}"

    def draw_demon(self) -> None:
        """Nothing to draw: the demon is unseen."""
        pass  # unseen: the status line carries the warnings

    @property
    def seen(self) -> BlindSettings:
        """What the player sees of the maze: as the blind maze's defaults (a chase's
        settings say nothing of it)."""
        return BlindSettings()


class EyeChaseScreen(DemonMixin, EyeScreen):
    """Chase through the player's eyes: the demon shows up in the corridor ahead, growing as
    it comes; the status line says what you hear (3D Monster Maze), and with the bell on (b)
    the terminal rings when it comes near."""

    BINDINGS = [
        *DEMON_BINDINGS,
        Binding("b", "toggle_bell", "Bell", show=False, id="bell",
                tooltip="Ring the terminal bell when the demon comes near (on or off)"),
    ]
    view_name = "eye"
    heard: DemonWarning | None = None  #: the last warning, to tell footsteps that fade

    @property
    def title_text(self) -> str:
        """The mode's name, seen through the player's eyes."""
        return f"{self.setup.mode.capitalize()} (player's eye)"

    def show_game(self) -> None:
        """A fresh game: nothing heard yet."""
        self.heard = None
        super().show_game()

    def draw_demon(self) -> None:
        """Redraw the corridor ahead with the demon in it, if it is in sight; listen."""
        game = self.game
        sprites = game.sprites(game.facing, game.depth)
        self.query_one(EyeView).show(game.maze, game.position, game.facing, game.depth, sprites)
        self.listen(in_sight=bool(sprites))

    def listen(self, in_sight: bool) -> None:
        """Hear the demon: its distance, and whether it stands behind you; ring the bell (if
        on) when the warning rises to footsteps approaching or worse."""
        game, before = self.game, self.heard
        heard = eye_warning(
            game.demon_distance(EARSHOT), in_sight=in_sight,
            at_back=behind(game.maze, game.position, game.facing, game.demon_cell),
            previous=before.distance if before is not None else None,
        )
        rising = heard.level >= 2 and heard.level > (before.level if before else 0)
        if rising and demon_bell(self.app) and not game.over:
            self.app.bell()
        self.heard = heard

    def demon_warning(self) -> DemonWarning:
        """What you hear (see `games.eye_sprites`), not only how far the demon is."""
        return self.heard if self.heard is not None else DemonWarning(0, "", -1)

    def action_toggle_bell(self) -> None:
        """Turn the bell on or off, and keep it so (the Settings screen's "sound")."""
        set_demon_bell(self.app, not demon_bell(self.app))
        on = demon_bell(self.app)
        preferences = preferences_of(self.app)
        if preferences is not None:
            preferences.set("sound", "on" if on else "off")
        self.notify(f"Bell {'on' if on else 'off'}: it rings when the "
                    "demon comes near", timeout=3)


SCREENS = {"birds-eye": BirdsEyeChaseScreen, "blind": BlindChaseScreen, "eye": EyeChaseScreen}


def chase_screen(setup: GameSetup) -> WalkScreen:
    """The screen for the chosen view (two humans always play from above)."""
    return SCREENS[setup.settings.seen_in](setup)
