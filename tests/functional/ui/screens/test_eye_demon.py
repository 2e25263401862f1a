"""The demon through the player's eyes, on screen: its figure at two depths (snapshots), what
the status line says as it comes, and the bell (b)."""

from textual.app import App, ComposeResult

from mazegame.engine.grid import EAST, Maze
from mazegame.eyesight import look
from mazegame.games.chase import DEMON_GLYPH
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.chase import EyeChaseScreen
from mazegame.ui.widgets.eye_view import EyeView


class Corridor(App):
    """One eye view down a long corridor with the demon `depth` cells ahead."""

    def __init__(self, depth: int) -> None:
        super().__init__()
        self.depth = depth

    def compose(self) -> ComposeResult:
        yield EyeView()

    def on_mount(self) -> None:
        self.query_one(EyeView).show(Maze.open(12, 1), 0, EAST, 8, {self.depth: DEMON_GLYPH})


def test_the_demon_near(snap_compare):
    assert snap_compare(Corridor(1), terminal_size=(80, 24))


def test_the_demon_far(snap_compare):
    assert snap_compare(Corridor(4), terminal_size=(80, 24))


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def test_the_status_line_says_behind_you_only_when_it_is(helpers):
    setup = GameSetup("chase", "backtracker", (9, 7), 5, options=(
        ("view", "eye"), ("difficulty", "easy"), ("turn_based", True)))
    app = MazeApp(setup, warm_up=False)
    rings = []
    app.bell = lambda: rings.append(1)
    async with app.run_test(size=(100, 30)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, EyeChaseScreen)
        game = screen.game
        ahead = look(game.maze, game.position, game.facing, 3)[1].cell  # the start faces a door

        def place(cell: int) -> None:
            game.demon_cell = cell
            screen.draw_demon()
            screen.update_status()

        place(ahead)
        assert "he has seen you" in status(screen) and "behind" not in status(screen)
        await pilot.press("down")  # turn around: it is at your back now
        assert game.demon_cell == ahead  # (asleep: the easy demon's head start)
        assert "he is behind you" in status(screen)
        await pilot.press("down")  # face it again
        assert "behind" not in status(screen)
        assert rings == []  # the bell is off until b
        far = max(range(game.maze.size), key=lambda c: game.brain.distance(c, game.position))
        place(far)  # out of earshot: silence...
        assert "⚠" not in status(screen)
        await pilot.press("b")
        place(ahead)  # ...then it is there: the bell rings once
        place(ahead)
        assert rings == [1]
