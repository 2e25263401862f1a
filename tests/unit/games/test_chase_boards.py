"""Chase, race and the blind maze on hexagons and triangles (issue 41): the demon keeps to
open sides and steps closer by networkx's distances, scripted players win and lose, a
blind player knows exactly the sides it bumped, and a chase's exits sit on the rim."""

from __future__ import annotations

import random

import networkx as nx
import numpy as np
import pytest

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.chase_safety import check_winnable
from mazegame.engine.demon import DemonBrain
from mazegame.engine.generate.boards import generate_board
from mazegame.engine.personalities import PERSONALITIES, make_demon
from mazegame.games.blind import BlindGame
from mazegame.games.chase import BlindChaseGame, Result
from mazegame.games.chase_maze import add_exits
from mazegame.games.chase_setup import new_chase
from mazegame.games.modes import DIFFICULTIES
from mazegame.games.walk import Outcome
from tests.helpers import FakeClock

KINDS = ("hex", "triangle")


def loops(maze: BoardMaze, count: int, seed: int) -> BoardMaze:
    """The maze with `count` more sides opened both ways (a braided board, made here so
    the test does not lean on a braiding generator)."""
    rng = random.Random(seed)
    doors, links, opposite = maze.doors.copy(), maze.board.links, maze.opposite
    shut = [(c, d) for c in range(maze.size) for d in range(maze.sides)
            if links[c, d] >= 0 and not (doors[c] >> d) & 1]
    for c, d in rng.sample(shut, min(count, len(shut))):
        doors[c] |= 1 << d
        doors[links[c, d]] |= 1 << int(opposite[d])
    return maze.copy(doors=doors)


def digraph(maze: BoardMaze) -> nx.DiGraph:
    """The moves, read off the door bits and the links by hand (not through the CSR)."""
    g = nx.DiGraph()
    g.add_nodes_from(range(maze.size))
    for c in range(maze.size):
        for d in range(maze.sides):
            beyond = int(maze.board.links[c, d])
            if beyond >= 0 and (int(maze.doors[c]) >> d) & 1:
                g.add_edge(c, beyond)
    return g


def side_to(maze: BoardMaze, a: int, b: int) -> int:
    """The side of cell a that an open move to b goes through."""
    return next(d for d in range(maze.sides) if maze.step(a, d) == b)


def board(kind: str, seed: int = 3, extra: int = 25) -> BoardMaze:
    return loops(generate_board("backtracker", kind, 12, 8, seed).maze, extra, seed)


# -- the demon ------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("strategy", ["on-demand", "all-pairs"])
def test_the_tracker_steps_one_move_closer_through_open_sides_only(kind, strategy):
    maze = board(kind)
    maze.doors[5] |= 0b111  # some one-way openings: the demon must not come back through
    moves = digraph(maze)
    to = {t: nx.single_source_shortest_path_length(moves.reverse(), t) for t in (0, 50, 95)}
    brain = DemonBrain(maze, strategy)
    for target, dist in to.items():
        for cell in range(maze.size):
            d = brain.next_move(cell, target)
            if cell == target or cell not in dist:
                assert d < 0
                continue
            nxt = maze.step(cell, d)
            assert moves.has_edge(cell, nxt)
            assert dist[nxt] == dist[cell] - 1
            assert brain.distance(cell, target) == dist[cell]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", sorted(PERSONALITIES))
def test_no_demon_ever_passes_a_shut_side(kind, name):
    maze = board(kind, seed=7)
    maze.doors[20] |= (1 << maze.sides) - 1  # one-way openings out of cell 20
    moves = digraph(maze)
    demon = make_demon(name, maze, seed=3, keen=0.5)
    rng = random.Random(1)
    cell, target = 0, maze.size - 1
    for turn in range(400):
        nxt = demon.step(cell, target)
        assert nxt == cell or moves.has_edge(cell, nxt), (turn, cell, nxt)
        cell = nxt
        if turn % 40 == 39:
            target = rng.randrange(maze.size)


@pytest.mark.parametrize("kind", KINDS)
def test_a_perfect_board_is_a_tree_for_the_brain(kind):
    maze = generate_board("backtracker", kind, 10, 6, 2).maze
    brain = DemonBrain(maze, "on-demand")
    tree = nx.Graph(digraph(maze))
    for cell, target in [(0, 59), (17, 3), (40, 41)]:
        d = brain.next_move(cell, target)
        assert maze.step(cell, d) == nx.shortest_path(tree, cell, target)[1]
    assert "perfect maze" in brain.describe()


# -- chases and races played by a script --------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_a_chase_on_a_board_is_won_on_its_safe_route_and_lost_standing_still(kind, difficulty):
    maze = board(kind, seed=11)
    won = new_chase(maze, difficulty=difficulty, seed=4, clock=FakeClock())
    verdict = check_winnable(won.maze, won.position, won.demon_cell, won.maze.goals,
                             won.rules.pursuit)
    assert verdict.ok
    for a, b in zip(verdict.route, verdict.route[1:], strict=False):
        assert won.result is Result.PLAYING
        won.move(side_to(won.maze, a, b))
    assert won.result is Result.WON and won.position in won.maze.goals
    assert won.closest.distance >= 1

    lost = new_chase(maze, difficulty="hard", personality="tracker", seed=4,
                     clock=FakeClock())
    far = nx.shortest_path_length(digraph(maze), lost.demon_cell, lost.position)
    turns = 0
    while not lost.over and turns <= maze.size:
        assert lost.wait() is Outcome.MOVED
        turns += 1
    assert lost.caught and lost.demon_trail[-1] == lost.position
    assert lost.rules.demon_steps(turns - 1) < far <= lost.rules.demon_steps(turns)


@pytest.mark.parametrize("kind", KINDS)
def test_a_race_on_a_board_is_won_by_the_shortest_way_and_lost_by_waiting(kind):
    maze = board(kind, seed=5).copy(goals=(95,))
    won = new_chase(maze, mode="race", difficulty="hard", seed=2, clock=FakeClock())
    path = won.shortest_path()
    for a, b in zip(path, path[1:], strict=False):
        won.move(side_to(won.maze, a, b))
    assert won.result is Result.WON

    lost = new_chase(maze, mode="race", difficulty="hard", seed=2, clock=FakeClock())
    to_goal = nx.shortest_path_length(digraph(maze), lost.demon_cell, 95)
    lost.move(side_to(lost.maze, path[0], path[1]))  # wakes it; then the player dawdles
    while not lost.over:
        lost.wait()
    assert lost.result is Result.BEATEN and lost.demon_cell == 95
    assert len(lost.demon_trail) - 1 == to_goal  # straight there, as the tracker goes


def test_the_players_eye_is_refused_on_a_board():
    with pytest.raises(ValueError, match="from above or blind"):
        new_chase(board("hex"), view="eye", difficulty="hard", seed=1)


# -- the blind maze -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("cls", [BlindGame, BlindChaseGame])
def test_blind_knowledge_on_a_board_is_what_was_bumped(kind, cls):
    maze = board(kind, seed=9)
    if cls is BlindGame:
        game = BlindGame(maze, FakeClock())
    else:
        game = new_chase(maze, view="blind", difficulty="easy", seed=1, clock=FakeClock())
    rng = random.Random(2)
    links, opposite = maze.board.links, maze.opposite
    bumped: set[tuple[int, int]] = set()
    free = 0
    for _ in range(300):
        if game.over:
            break
        cell, d = game.position, rng.randrange(maze.sides)
        rim = links[cell, d] < 0
        knew = rim or (cell, d) in bumped or (
            (int(links[cell, d]), int(opposite[d])) in bumped)
        assert game.wall_known(cell, d) == knew
        bumps = game.bumps
        if game.move(d) is Outcome.BUMPED:
            bumped.add((cell, d))
            free += knew
            assert game.bumps == bumps + (not knew)
    assert free == game.known_bumps
    known = {(c, d) for c in range(maze.size) for d in range(maze.sides)
             if (int(game.known[c]) >> d) & 1}
    assert known == bumped
    shown = game.display_maze(True)
    for c in range(maze.size):
        for d in range(maze.sides):
            beyond = int(links[c, d])
            shut = beyond < 0 or (c, d) in bumped or (beyond, int(opposite[d])) in bumped
            assert shown.is_open(c, d) == (not shut), (c, d)
    dark = game.display_maze(False)
    assert all(dark.is_open(c, d) == (links[c, d] >= 0)
               for c in range(maze.size) for d in range(maze.sides))


# -- the chase's maze -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_a_boards_exits_go_on_its_rim_apart_from_each_other(kind):
    maze = generate_board("backtracker", kind, 14, 9, 6).maze
    rim = {c for c in range(maze.size)
           if (maze.board.links[c] >= 0).sum() < (maze.board.links >= 0).sum(axis=1).max()}
    placed = add_exits(maze, 3)
    cells = nx.Graph()
    cells.add_edges_from((c, int(b)) for c in range(maze.size) for b in maze.board.links[c]
                         if b >= 0)
    assert len(placed.goals) == 3 and placed.goals[0] == maze.goals[0]
    assert set(placed.goals[1:]) <= rim
    for i, a in enumerate(placed.goals):
        for b in placed.goals[i + 1:]:
            assert nx.shortest_path_length(cells, a, b) > 2
        assert nx.shortest_path_length(cells, a, placed.start) > 2


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty", sorted(DIFFICULTIES))
@pytest.mark.parametrize("mode", ["chase", "race"])
def test_every_difficulty_makes_a_winnable_game_on_a_board(kind, difficulty, mode):
    preset = DIFFICULTIES[difficulty]
    game = new_chase(tiling=kind, mode=mode, difficulty=difficulty, size=(14, 9), seed=3,
                     clock=FakeClock())
    assert isinstance(game.maze, BoardMaze) and game.maze.tiling == kind
    assert game.maze.meta["size"] == (14, 9)
    assert len(game.maze.goals) == (1 if mode == "race" else preset.exits)
    loops = game.maze.door_count() - (game.maze.size - 1)
    assert (loops > 0) == (preset.braid > 0)  # braided as the difficulty says
    assert check_winnable(game.maze, game.position, game.demon_cell, game.maze.goals,
                          game.rules.pursuit).ok
    assert np.all(game.brain.moves.shape == (game.maze.size, game.maze.sides))


@pytest.mark.parametrize("kind", KINDS)
def test_the_demon_is_heard_by_its_walking_distance_on_a_board(kind):
    from mazegame.games.chase_senses import EARSHOT, warning_for

    maze = board(kind, seed=13)
    game = new_chase(maze, difficulty="hard", personality="tracker", seed=6, clock=FakeClock())
    moves = digraph(maze)
    heard = set()
    while not game.over:
        far = nx.shortest_path_length(moves, game.demon_cell, game.position)
        expected = warning_for(far if far <= EARSHOT else -1)
        assert game.warning().level == expected.level
        heard.add(expected.level)
        game.wait()
    assert heard >= {1, 2, 3}  # footsteps, breathing, right behind you, as it came


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("mode", "options"), [
    ("blind", (("budget", 4.0),)),
    ("chase", (("turn_based", True),)),
    ("chase", ()),  # real time: the demon's ticks between the moves
    ("chase", (("view", "blind"), ("turn_based", True))),
    ("chase", (("two_player", True), ("turn_based", True))),
    ("race", (("difficulty", "hard"), ("turn_based", True))),
])
def test_a_game_on_a_board_replays_as_it_was_played(kind, mode, options):
    from mazegame.games.replay import Recording, build_game, build_maze
    from mazegame.games.setup import GameSetup

    setup = GameSetup(mode=mode, size=(8, 6), seed=3, options=options, tiling=kind)
    now = [0.0]
    game = build_game(setup, build_maze(setup, setup.size), lambda: now[0])
    rng = random.Random(4)
    for _ in range(150):
        now[0] += rng.choice([0.1, 0.3])
        roll = rng.random()
        if hasattr(game, "tick") and roll < 0.3:
            game.tick()
        elif hasattr(game, "move_demon") and roll < 0.45:
            game.move_demon(rng.randrange(game.maze.sides))
        else:
            game.move(rng.randrange(game.maze.sides))
        if game.over:
            break
    replayed = Recording.from_json(Recording.of(setup, game).to_json()).play()
    assert replayed.trail == game.trail and replayed.over == game.over
    assert getattr(replayed, "demon_trail", None) == getattr(game, "demon_trail", None)
    if hasattr(game, "known"):
        assert np.array_equal(replayed.known, game.known)
