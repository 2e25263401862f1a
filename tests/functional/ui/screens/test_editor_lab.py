"""The editor's maze opens in the lab (L): a king's chamber drawn by keys (Suits fig. 16)
defeats the left-hand walk while BFS finds the goal; back in the editor nothing is lost."""

import numpy as np

from mazegame.engine.solve.registry import KINGS_CHAMBER, STOP_CODES
from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.editor import EditorScreen
from mazegame.ui.screens.lab import LabScreen

#: From the top-left corner of an open 5x5 room: a ring of walls round the middle 3x3
#: rooms, open on the east side of the middle row (w/a/s/d toggle the wall on that side).
RING = ["down", "right", "w", "a", "right", "w", "right", "w", "d", "down", "down", "d", "s",
        "left", "s", "left", "s", "a", "up", "a"]


async def test_a_kings_chamber_drawn_in_the_editor_defeats_the_left_hand_in_the_lab(helpers):
    app = MazeApp(GameSetup("editor", size=(5, 5)), warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = app.screen
        assert isinstance(screen, EditorScreen)
        editor = screen.editor
        await pilot.press(*RING, "right", "G")  # the goal in the middle of the chamber
        await pilot.press("down", "down", "right", "right", "G")  # and not in the corner
        maze = editor.maze
        assert maze.goals == (maze.index(2, 2),) and maze.start == 0
        walls, revision = maze.walls.copy(), editor.revision

        await pilot.press("L")
        await helpers.settle(pilot)
        lab = app.screen
        assert isinstance(lab, LabScreen)
        assert np.array_equal(lab.maze.walls, walls) and lab.maze.goals == maze.goals
        assert "editor" in str(lab.query_one("#status").render())
        results = {run.result.algorithm: run.result for run in lab.runs}
        assert set(results) == {"left-hand", "bfs"}
        assert results["bfs"].found and len(results["bfs"].path) - 1 == 8  # round to the gap
        hand = results["left-hand"]
        assert not hand.found and hand.stop == STOP_CODES[KINGS_CHAMBER]
        assert "king's chamber" in hand.reason

        await pilot.press("escape")
        await helpers.settle(pilot)
        assert app.screen is screen
        assert np.array_equal(editor.maze.walls, walls) and editor.revision == revision
        assert editor.maze.goals == (maze.index(2, 2),) and editor.unsaved
