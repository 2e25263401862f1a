"""A classic game on hexagons or triangles is saved under a key that names its board, and
its recording replays it move for move (the board's maze rebuilt from its seed)."""

from __future__ import annotations

import pytest

from mazegame.engine.graph import bfs, maze_graph, path_to
from mazegame.games.record_labels import maze_label
from mazegame.games.replay import Recording, build_game, build_maze
from mazegame.games.setup import GameSetup


def walked(setup: GameSetup, fit=(20, 10)):
    """The setup's game, walked along a shortest path to the goal (BFS, side by side)."""
    maze = build_maze(setup, fit)
    game = build_game(setup, maze, lambda: 0.0)
    dist, parent, _ = bfs(maze_graph(maze), maze.start)
    path = path_to(dist, parent, maze.goals[0])
    for a, b in zip(path, path[1:], strict=False):
        game.move(next(d for d in range(maze.sides) if maze.step(a, d) == b))
    return game


@pytest.mark.parametrize("board", ["hex", "triangle"])
def test_a_board_game_replays_as_it_was_played(board):
    setup = GameSetup("classic", "backtracker", None, 11, tiling=board)  # "fit the screen"
    game = walked(setup, fit=(9, 6))
    assert game.won
    recording = Recording.from_json(Recording.of(setup, game).to_json())
    assert recording.setup.tiling == board and recording.setup.size == (9, 6)
    again = recording.play()
    assert (again.won, again.moves, again.trail) == (True, game.moves, game.trail)


@pytest.mark.parametrize(("board", "title"), [("hex", "Hexagons"), ("triangle", "Triangles")])
def test_a_board_games_key_names_its_board_and_the_size_played(board, title):
    setup = GameSetup("classic", "backtracker", None, 4, tiling=board)
    game = walked(setup, fit=(9, 6))
    key = setup.recipe_key(game.maze)
    assert key.startswith(f"{board}:") and ":9x6:4:" in key
    assert maze_label("classic", key) == f"{title}, Backtracker 9x6, seed 4"
