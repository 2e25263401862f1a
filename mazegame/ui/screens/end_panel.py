"""The end of a walking game: the result panel beside the revealed maze, and the routes on it.

When a game ends the whole maze is revealed with your route and the shortest one (and, after
a lost chase or race, the demon's), each in its own colour and glyph, with a legend in the
panel. The maze stays alive: its view takes the focus and the move keys scroll it
(`MazeView.browsing`), and `v` hides the panel to give the maze the whole width, or shows it
again. A campaign level's keys (Enter: next level) work as before. A game of the maze of the
day (`games.daily`) is saved with its day, and its panel leads with the line to share: `c`
copies it, and it is printed on the terminal when the game closes (`ui.run`).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.markup import escape
from rich.style import Style
from textual.binding import Binding
from textual.widgets import Static

from mazegame.games.daily import share_line
from mazegame.games.replay import Recording, replayable
from mazegame.ui import palette
from mazegame.ui.host import keep_share_line, palette_of
from mazegame.ui.screens.dialogs import format_time
from mazegame.ui.screens.level_play import finish_level
from mazegame.ui.widgets.maze_view import MazeView

PANEL_BINDING = Binding("v", "toggle_panel", "Panel", id="panel",
                        tooltip="After a game: hide the result panel to see the whole maze, "
                                "or show it again")
#: What the screens' keys do during play only: after the end the move keys scroll the maze.
PLAY_ACTIONS = frozenset({"move", "arrow", "forward", "turn", "wait", "pause", "toggle_map",
                          "pick"})
SHARE_BINDING = Binding("c", "copy_share", "Copy result", id="copy-share",
                        tooltip="After a maze of the day: copy the line to share")
PANEL_KEYS = "[b]v[/b]  hide panel · arrows scroll"
NEW_MAZE_KEY = "[b]n[/b]  new maze    "  #: the key a screen without new mazes leaves out
#: Said on the panel when the result could not go into the results file (storage's journal).
NOT_SAVED_YET = "[b]Not saved yet:[/b] kept until the results file is free."


def route_marks(p: palette.Palette, yours: Iterable[int], shortest: Iterable[int],
                demon: Iterable[int] = ()) -> dict[int, tuple[str, Style]]:
    """The glyph and style of every cell on the routes shown after a game: the shortest
    path is a band of colour, your route dots on it or beside it, the demon's route crosses
    over both. Glyphs differ as well as colours, so the routes read without colour."""
    yours, shortest = set(yours), set(shortest)
    marks = {cell: (p.GLYPH_SHORTEST, p.SHORTEST) for cell in shortest - yours}
    marks.update((cell, (p.GLYPH_ON_SHORTEST, p.ON_SHORTEST))
                 for cell in yours & shortest)
    marks.update((cell, (p.GLYPH_YOUR_ROUTE, p.YOUR_ROUTE))
                 for cell in yours - shortest)
    band = Style(bgcolor=p.SHORTEST.bgcolor)  # the demon crossing the band leaves it whole
    marks.update((cell, (p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE + band if cell in shortest
                         else p.DEMON_ROUTE)) for cell in demon)
    return marks


def sample(glyph: str, style: Style) -> str:
    """A glyph in the style the maze draws it, as panel markup."""
    return f"[{style}]{glyph}[/]"


def route_legend(p: palette.Palette, yours: bool = True, demon: bool = False) -> str:
    """The legend of `route_marks`, in the maze's own glyphs and colours."""
    lines = []
    if yours:
        lines.append(f"{sample(p.GLYPH_YOUR_ROUTE, p.YOUR_ROUTE)} "
                     f"{sample(p.GLYPH_ON_SHORTEST, p.ON_SHORTEST)}  your route")
    lines.append(f"{sample(p.GLYPH_SHORTEST, p.SHORTEST)} "
                 f"{sample(p.GLYPH_ON_SHORTEST, p.ON_SHORTEST)}  the shortest path")
    if demon:
        lines.append(f"{sample(p.GLYPH_DEMON_ROUTE, p.DEMON_ROUTE)}    "
                     "the demon's route")
    return "\n".join(lines)


class EndPanelMixin:
    """A walk screen's end: reveal, record, summary panel; browse the maze, hide the panel."""

    # -- the end -----------------------------------------------------------------------
    def check_end(self) -> None:
        """At the game's end: reveal the maze, record the result, show the summary."""
        game = self.game
        if not game.over:
            return
        self.reveal()
        if self.setup.level_id is None:  # a campaign level is saved once, by finish_level
            self.previous_best = self.app.record(
                self.setup.mode, self.maze_key(), won=game.won, moves=game.moves,
                optimum=self.optimum(game), seconds=game.elapsed, replay=self.replay(),
                daily=self.setup.daily,
            )
        summary = self.end_summary()
        if self.setup.daily is not None:
            summary = self.with_share_line(summary)
        if self.setup.level_id is not None:
            summary = finish_level(self, summary, self.legend())
        if self.setup.level_id is None and self.app.result_waiting:  # (a notice goes by)
            summary += f"\n{NOT_SAVED_YET}"
        self.show_panel(f"{summary}\n{PANEL_KEYS}", lost=not game.won)
        self.refresh_bindings()  # a won level offers the next one; the move keys scroll
        self.browse()

    # -- the maze of the day -------------------------------------------------------------
    def share_line(self) -> str:
        """The line to share of the daily game just ended (games.daily.share_line)."""
        import datetime as dt

        game = self.game
        return share_line(dt.date.fromisoformat(self.setup.daily), self.setup.mode,
                          game.moves, self.optimum(game), game.elapsed, won=game.won)

    def optimum(self, game) -> int:
        """The moves a game is measured against where it is saved and shared: the shortest
        path (a mode whose best is something else, a treasure hunt's par, says so)."""
        return game.shortest

    def with_share_line(self, summary: str) -> str:
        """The end panel's `summary` with the line to share after its headline; the line is
        kept for the terminal after the app closes as well."""
        line = self.share_line()
        keep_share_line(self.app, line)
        head, _, rest = summary.partition("\n")
        return (f"{head}\n[b]Maze of the day[/b] {self.setup.daily}\n{escape(line)}\n"
                f"[b]c[/b]  copy this line to share\n{rest}")

    def action_copy_share(self) -> None:
        """Copy the daily game's line to share to the clipboard (where the terminal lets an
        app set it: OSC 52); it is printed on the terminal at exit in any case."""
        if self.setup.daily is None or not self.game_over():
            return
        line = self.share_line()
        self.app.copy_to_clipboard(line)
        self.notify(f"{line}\nSent to the clipboard, if your terminal allows it; it is "
                    "printed again when you quit.", title="Copied", markup=False, timeout=6)

    def replay(self, game=None) -> str | None:
        """The recording of `game` (by default the one on screen), as the results file keeps
        it (None: a mode that cannot be replayed)."""
        if not replayable(self.setup.mode):
            return None
        return Recording.of(self.setup, game or self.game).to_json()

    def show_panel(self, text: str, lost: bool) -> None:
        """Show the panel beside the maze with `text` (a red edge when `lost`)."""
        panel = self.query_one("#end-panel", Static)
        panel.update(text)
        panel.display = True
        panel.set_class(lost, "-lost")

    def browse(self) -> None:
        """Give the revealed maze the keys: the move keys scroll it from now on."""
        view = self.query_one(MazeView)
        view.browsing = True
        if view.display:
            view.focus()  # (the view keeps where you ended in sight as the panel takes room)

    def reveal(self) -> None:
        """Show the whole maze with your route and the shortest path (bird's-eye)."""
        view = self.query_one(MazeView)
        view.display = True
        if view.maze is not self.game.maze:
            view.set_maze(self.game.maze, player=self.game.position)
        view.trail = set(self.game.trail)
        view.show_trail = True
        view.set_path(self.game.shortest_path())  # the path layer: the routes' marks draw it
        self.reveal_routes()
        view.refresh_all()

    def reveal_routes(self) -> None:
        """Draw the routes at the end: yours (unless the trail is hidden), the shortest, and
        the `rival_route` if any."""
        view = self.query_one(MazeView)
        yours = self.game.trail if view.show_trail else ()
        view.set_marks(route_marks(palette_of(self), yours, self.game.shortest_path(),
                                   self.rival_route()))

    def rival_route(self) -> Iterable[int]:
        """Another route to draw at the end (a demon's), or none."""
        return ()

    def legend(self) -> str:
        """What the revealed maze shows, for the end panel."""
        return route_legend(palette_of(self))

    def end_summary(self) -> str:
        """The end panel's text: the run measured against the shortest path."""
        game = self.game
        extra = game.moves - game.shortest
        verdict = (
            "A perfect run: the shortest path!" if extra == 0
            else f"{extra} moves over the shortest path."
        )
        return "\n".join([
            "[b]You escaped![/b]",
            self.describe(),
            "",
            f"Your moves     {game.moves}",
            f"Shortest path  {game.shortest}",
            f"Efficiency     {game.efficiency():.0%}",
            f"Bumps          {game.bumps}",
            f"Time           {format_time(game.elapsed)}",
            "",
            verdict,
            self.best_line(),
            "",
            self.legend(),
            "",
            f"{NEW_MAZE_KEY}[b]r[/b]  same maze again",
            "[b]q[/b]  back to the menu",
        ])

    def best_line(self) -> str:
        """How this run compares with your earlier wins on the same maze."""
        best, game = self.previous_best, self.game
        if best is None:
            return "Your first win on this maze."
        if game.moves < best.moves or game.elapsed < best.seconds:
            return f"New record! (before: {best.moves} moves, {format_time(best.seconds)})"
        return f"Your best here: {best.moves} moves, {format_time(best.seconds)}"

    # -- keys after the end ------------------------------------------------------------
    def game_over(self) -> bool:
        """Whether the game on screen has ended (its panel is up)."""
        return self.game is not None and self.game.over and not self.building

    def action_toggle_panel(self) -> None:
        """Hide the end panel to see the whole maze, or show it again."""
        panel = self.query_one("#end-panel", Static)
        if self.game_over() or panel.display:
            panel.display = not panel.display

    def end_check_action(self, action: str) -> bool | None:
        """The end's say on a key: play keys stop (the maze scrolls instead), `v` works once
        the game is over; None when the end has no say."""
        if action in PLAY_ACTIONS:
            return not self.game_over()
        if action == "toggle_panel":
            return self.game_over()
        if action == "copy_share":
            return self.game_over() and self.setup.daily is not None
        return None
