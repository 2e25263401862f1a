"""The walk rules every move-based mode shares."""

from mazegame.engine.generate import generate
from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.games.walk import Outcome, WalkGame
from tests.helpers import FakeClock


def corridor() -> Maze:
    maze = Maze.closed(3, 1)
    maze.walls[0] = [13, 5, 7]  # 0 <-> 1 <-> 2, walls elsewhere
    return maze


def test_walking_to_the_goal_wins_and_counts():
    clock = FakeClock()
    game = WalkGame(corridor(), clock)
    assert game.elapsed == 0.0
    assert game.move(WEST) is Outcome.BUMPED
    clock.now += 2
    assert game.move(EAST) is Outcome.MOVED
    clock.now += 3
    assert game.move(EAST) is Outcome.WON
    assert (game.moves, game.bumps, game.trail) == (2, 1, [0, 1, 2])
    assert game.elapsed == 5.0  # from the first move attempt to the win
    assert game.move(WEST) is Outcome.IGNORED
    assert game.shortest == 2 and game.efficiency() == 1.0


def test_pause_stops_the_clock():
    clock = FakeClock()
    game = WalkGame(corridor(), clock)
    game.move(EAST)
    clock.now += 1
    game.pause()
    clock.now += 50
    assert game.elapsed == 1.0
    game.resume()
    clock.now += 1
    assert game.elapsed == 2.0


def test_shortest_path_matches_bfs_and_walking_it_wins():
    maze = generate("wilson", 9, 6, 3).maze
    game = WalkGame(maze)
    path = game.shortest_path()
    for a, b in zip(path, path[1:], strict=False):
        d = next(d for d in (NORTH, EAST, SOUTH, WEST) if maze.step(a, d) == b)
        game.move(d)
    assert game.won and game.moves == game.shortest


def test_setup_moves_a_size_the_generator_cannot_build_and_says_why():
    from mazegame.games.setup import GameSetup

    (w, h), note = GameSetup("classic", "cavern", (24, 12), 1).maze_size()
    assert (w, h) != (24, 12) and "nearest size" in note
    maze = GameSetup("classic", "cavern", (24, 12), 1).build().maze
    assert (maze.width, maze.height) == (w, h)
    assert GameSetup("classic", "backtracker", (24, 12), 1).maze_size() == ((24, 12), None)
    assert GameSetup("classic", "cavern", None, 1).maze_size((24, 12))[1] is None  # fit: quiet
