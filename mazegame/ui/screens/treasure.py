"""Treasure hunt (Suits 4.3): the whole maze in view, the treasure hidden, a rival searching
in the best order (`games.treasure`).

The cells you have searched carry your trail; the cells the rival has searched are marked
too (the treasure is not there either), so you can plan where to look. At the end the
treasure shows, with your route, the way to it and the rival's walk; the panel measures
your moves against the par and says how well hidden it was.
"""

from __future__ import annotations

from dataclasses import replace

from rich.style import Style
from textual.binding import Binding

from mazegame.games.modes import difficulty_preset
from mazegame.games.setup import GameSetup
from mazegame.games.treasure import TreasureGame
from mazegame.games.walk import Outcome
from mazegame.ui.host import palette_of
from mazegame.ui.palette import Palette
from mazegame.ui.screens.campaign import STAR, stars_text
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.screens.end_panel import NEW_MAZE_KEY, route_legend, sample
from mazegame.ui.screens.walk import WalkScreen
from mazegame.ui.widgets.maze_view import MazeView
from mazegame.ui.widgets.replay_stages import WalkStage, maze_view_of
from mazegame.words import plural

TREASURE_GLYPH = "$"  #: the treasure, drawn once the hunt is over
RIVAL_GLYPH = "&"  #: the rival's sprite

#: The help's legend (`ui.legend.SAMPLES`): the maze from above, without a goal, with the
#: rival, what it has searched, and the treasure found.
LEGEND = ("player", "start", "trail", "rival", "rival-searched", "treasure", "path", "wall",
          "seam", "bump", "treasure-stars")  # no one-way doors: a hunt refuses them


def rival_style(p: Palette) -> Style:
    """How the rival's sprite is drawn (a racing solver's colours: not the player's)."""
    return p.AGENTS[1]


class TreasureView(MazeView):
    """The bird's-eye maze with its goal, the treasure, hidden until `hidden` is False."""

    hidden = True

    def _room(self, cell: int) -> tuple[str, Style]:
        """The treasure's room: an empty floor while hidden, the treasure once found."""
        if cell in self.maze.goals:
            p = self._drawn_with
            return (" ", p.FLOOR) if self.hidden else (TREASURE_GLYPH, p.GOAL)
        return super()._room(cell)


def searched_marks(p: Palette, game: TreasureGame) -> dict[int, tuple[str, Style]]:
    """The cells the rival has searched where you have not, marked."""
    mine = game.visited
    return {cell: (p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE) for cell in game.rival_trail
            if cell not in mine}


class TreasureStage(WalkStage):
    """A hunt's replay: the walk's stage, with the rival and the cells it has searched, and
    the treasure in sight from the start (the one watching may know where it is)."""

    def compose(self):
        """The maze, its treasure drawn as the hunt's end draws it."""
        view = TreasureView(id="replay-maze")
        view.hidden = False
        yield view

    def show(self, game: TreasureGame) -> None:
        """Draw you, your trail, the rival and its searched cells."""
        super().show(game)
        p = palette_of(self)
        view = maze_view_of(self, game)
        view.set_others({game.rival_cell: (RIVAL_GLYPH, rival_style(p))})
        view.set_marks(searched_marks(p, game))

    def fields(self, game: TreasureGame) -> list[str]:
        """Moves, the rival's steps, and how the hunt ended."""
        *first, ending = super().fields(game)
        return [*first, f"rival {game.rival_steps}", ending]


class TreasureScreen(WalkScreen):
    """A treasure hunt seen from above: you, the rival, and the cells each has searched."""

    BINDINGS = [Binding("r", "restart", "New hunt", id="restart",
                        tooltip="Same maze, the treasure hidden afresh")]
    title_text = "Treasure hunt"
    game: TreasureGame

    def compose_view(self):
        """The maze, its treasure hidden."""
        yield TreasureView(id="maze")

    def show_game(self) -> None:
        """Draw a fresh hunt: the treasure hidden, the rival at the start."""
        self.query_one(TreasureView).hidden = True
        super().show_game()
        self.draw_rival()

    def after_move(self, outcome: Outcome | None, before: int) -> None:
        """After your move: the rival's, and the cells it has searched."""
        super().after_move(outcome, before)
        self.draw_rival()

    def draw_rival(self) -> None:
        """The rival's sprite, and its searched cells where you have not been yourself."""
        p, game = palette_of(self), self.game
        view = self.query_one(TreasureView)
        view.set_others({game.rival_cell: (RIVAL_GLYPH, rival_style(p))})
        view.set_marks(searched_marks(p, game))

    def reveal(self) -> None:
        """At the end: the routes (yours, the way to the treasure, the rival's walk), and the
        treasure where it was found, in place of whoever found it."""
        self.query_one(TreasureView).hidden = False
        super().reveal()
        p, game = palette_of(self), self.game
        view = self.query_one(TreasureView)
        found = (TREASURE_GLYPH, p.GOAL)
        view.set_player_sprite(found if game.won else None)
        view.set_others({game.rival_cell: found if not game.won else
                         (RIVAL_GLYPH, rival_style(p))})

    def rival_route(self) -> list[int]:
        """The rival's walk, drawn at the end where yours and the way to the treasure do not
        cover it."""
        shown = self.game.visited | set(self.game.shortest_path())
        return [cell for cell in self.game.rival_trail if cell not in shown]

    def optimum(self, game: TreasureGame) -> int:
        """What a hunt is measured against where it is saved and shared (the records'
        optimum, the day's par): the moves that earn three stars, not the shortest way to a
        treasure nobody could see."""
        return game.star_moves

    # -- hunts ---------------------------------------------------------------------------------
    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        #: the stars of each hunt ended on this maze, in order (0: lost); a new maze clears it
        self.tally: list[int] = []
        self._tallied: TreasureGame | None = None

    def check_end(self) -> None:
        """At a hunt's end, count it in this maze's tally first (the panel shows it)."""
        game = self.game
        if game is not None and game.over and game is not self._tallied:
            self._tallied = game
            self.tally.append(game.stars())
        super().check_end()

    def tally_line(self) -> str:
        """The hunts ended on this maze so far, from the second on: won, and stars (between
        blank lines; a blank line alone before the second)."""
        hunts = len(self.tally)
        if hunts < 2:
            return ""
        won = sum(1 for stars in self.tally if stars)
        return (f"\nThis maze: {won} of {plural(hunts, 'hunt')} won, "
                f"{STAR} {sum(self.tally)}/{3 * hunts}\n")

    def with_hunt(self, hunt: int) -> GameSetup:
        """This screen's setup for hunt number `hunt` on its maze (the others unchanged)."""
        options = tuple((key, value) for key, value in self.setup.options if key != "hunt")
        return replace(self.setup, options=(*options, ("hunt", hunt)) if hunt else options)

    def action_restart(self) -> None:
        """The same maze, the treasure hidden afresh (the next hunt: a treasure you have
        found once is no hunt). No longer the maze of the day, whose treasure is its first."""
        if self.game is not None:
            maze = self.game.maze
            self.give_up()  # saved as the hunt it was
            self.setup = replace(self.with_hunt(self.setup.settings.hunt + 1), daily=None)
            self.build_maze(maze)

    def action_new_maze(self) -> None:
        """A new maze, its first hunt."""
        self.give_up()  # saved as the hunt it was
        self.setup = self.with_hunt(0)
        self.tally.clear()
        super().action_new_maze()

    # -- text ------------------------------------------------------------------------------
    def describe(self) -> str:
        """What is played, with the difficulty."""
        return f"{super().describe()} · {difficulty_preset(self.setup.settings.difficulty).title}"

    def rival_field(self) -> str:
        """The rival on the status line: the moves it still waits, or the cells it has
        searched."""
        game = self.game
        if game.rival_asleep:
            return f"[b]Rival[/b] waits {game.rival_asleep}"
        return f"[b]Rival[/b] {len(set(game.rival_trail))}/{game.cells}"

    def status_fields(self) -> list[str]:
        """Moves, par, the cells you have searched and the rival has (of all), time."""
        game = self.game
        return [f"[b]Moves[/b] {game.moves}", f"[b]Par[/b] {game.par:.1f}",
                f"[b]Searched[/b] {len(game.visited)}/{game.cells}", self.rival_field(),
                f"[b]Time[/b] {format_time(game.elapsed)}"]

    def status_title(self) -> str:
        """The mode's title, numbered from the second hunt on the maze."""
        hunt = self.setup.settings.hunt
        return f"{self.title_text} {hunt + 1}" if hunt else super().status_title()

    def hiding_place(self) -> str:
        """How well the treasure was hidden: the best walk's steps to it, hard past the par."""
        game = self.game
        how = "hard" if game.treasure_step > game.par else "easy"
        return f"{game.treasure_step} to it ({how})"

    def end_summary(self) -> str:
        """The end panel: who found it, your moves, the rival's, the par, luck and stars."""
        game = self.game
        head = "Treasure found: you beat the rival!" if game.won else \
            "The rival got there first."
        return "\n".join([
            f"[b]{head}[/b]", self.describe(), "",
            f"Your moves     {game.moves}" + ("" if game.won else
                                                  f" ({plural(game.steps_left(), 'step')} away)"),
            f"Rival's steps  {game.rival_steps} (pace {game.speed})",
            f"Best walk      {self.hiding_place()}",
            f"Par            {game.par:.1f} moves",
            f"Stars          {stars_text(game.stars())} (3 within {game.star_moves})",
            f"Time           {format_time(game.elapsed)}",
            self.tally_line(), self.legend(), "",
            f"{NEW_MAZE_KEY}[b]r[/b]  a new treasure", "[b]q[/b]  back to the menu",
        ])

    def legend(self) -> str:
        """The marks of the revealed maze."""
        p = palette_of(self)
        return "\n".join([
            f"{sample(TREASURE_GLYPH, p.GOAL)}    the treasure",
            route_legend(p).replace("the shortest path", "the shortest way to it"),
            f"{sample(p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE)}    the rival's walk",
        ])
