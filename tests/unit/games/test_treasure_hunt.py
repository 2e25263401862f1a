"""The treasure hunt's rules (games.treasure): where the treasure hides, when it is found,
how the rival walks and at what pace, and the end. The clock is injected; the oracles are
plain Python (a breadth-first search over `Maze.step`, Fraction arithmetic)."""

from collections import Counter, deque
from fractions import Fraction
from math import floor

import pytest

from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.engine.treasure import TreasureWalk, best_walk
from mazegame.games.modes import DIFFICULTIES
from mazegame.games.replay import Recording, build_game, build_maze
from mazegame.games.setup import GameSetup
from mazegame.games.treasure import Result, TreasureGame, hide_treasure, treasure_game
from mazegame.games.walk import Outcome
from tests.helpers import FakeClock


def corridor(n: int = 5, treasure: int = 3) -> Maze:
    """Cells 0 .. n-1 in a row, open between neighbours; the treasure is the goal."""
    maze = Maze.closed(n, 1).copy(goals=(treasure,))
    maze.walls[0] = [13, *[5] * (n - 2), 7]  # 0 <-> 1 <-> ... <-> n-1, walls elsewhere
    return maze


def walk_along(maze: Maze, cells) -> TreasureWalk:
    """The rival's walk through `cells`, costed by hand (the corridor: cell i first at i)."""
    cells = tuple(cells)
    return TreasureWalk("best", cells, sum(range(len(cells))), len(cells), True)


def hunt(speed=Fraction(1, 2), head_start=0, treasure=3, clock=None) -> TreasureGame:
    maze = corridor(treasure=treasure)
    return TreasureGame(maze, clock or FakeClock(), search=walk_along(maze, range(5)),
                        speed=Fraction(speed), head_start=head_start)


def distances(maze: Maze, source: int) -> dict[int, int]:
    """Plain breadth-first search over the one movement rule."""
    dist, queue = {source: 0}, deque([source])
    while queue:
        v = queue.popleft()
        for d in (NORTH, EAST, SOUTH, WEST):
            u = maze.step(v, d)
            if u not in dist:
                dist[u] = dist[v] + 1
                queue.append(u)
    return dist


def setup(seed=7, size=(6, 4), **options) -> GameSetup:
    return GameSetup("treasure", "backtracker", size, seed, options=tuple(options.items()))


# -- where the treasure hides -----------------------------------------------------------------
def test_the_treasure_is_drawn_by_the_seed_among_the_reachable_cells_never_the_start():
    maze = build_maze(setup())
    reachable = set(distances(maze, maze.start))
    cells = [treasure_game(setup(seed=s), maze, FakeClock()).treasure for s in range(300)]
    assert set(cells) == reachable - {maze.start}  # every other cell, in 300 draws of 23
    counts = Counter(cells)
    assert max(counts.values()) < 4 * min(counts.values())  # no cell hugely favoured
    again = [treasure_game(setup(seed=s), maze, FakeClock()).treasure for s in range(300)]
    assert again == cells  # the seed decides: a replay, the maze of the day


def test_each_hunt_on_a_maze_hides_it_afresh():
    maze = build_maze(setup())
    hunts = [treasure_game(setup(hunt=h), maze, FakeClock()).treasure for h in range(12)]
    assert len(set(hunts)) > 3
    assert hunts[0] == treasure_game(setup(), maze, FakeClock()).treasure


def test_a_start_that_reaches_nothing_has_nowhere_to_hide_it():
    lone = walk_along(corridor(), [0])
    with pytest.raises(ValueError, match="nowhere to hide"):
        hide_treasure(lone, 0, 1)


# -- found on first entry; the rival's walk and pace -------------------------------------------
def test_entering_the_treasures_cell_finds_it_and_a_bump_is_free():
    clock = FakeClock()
    game = hunt(speed=Fraction(1, 2), clock=clock)
    assert game.move(WEST) is Outcome.BUMPED and game.rival_steps == 0  # no turn for the rival
    assert game.move(EAST) is Outcome.MOVED and game.result is Result.PLAYING
    clock.now += 4
    assert game.move(EAST) is Outcome.MOVED
    assert game.move(EAST) is Outcome.WON
    assert game.result is Result.WON and game.over and game.won
    assert (game.moves, game.bumps, game.elapsed) == (3, 1, 4.0)
    assert game.rival_steps == 1  # two turns at 1/2: one step (the winning move gives none)
    assert game.move(EAST) is Outcome.IGNORED


def test_the_rival_finds_it_when_its_walk_first_enters_the_cell():
    clock = FakeClock()
    game = hunt(speed=Fraction(2), treasure=4, clock=clock)
    assert game.move(EAST) is Outcome.MOVED  # you reach 1; the rival walks 0 -> 1 -> 2
    assert (game.result, game.rival_cell) == (Result.PLAYING, 2)
    clock.now += 3
    assert game.move(EAST) is Outcome.MOVED  # you reach 2; the rival walks 2 -> 3 -> 4
    assert game.result is Result.BEATEN and game.over and not game.won
    assert (game.rival_cell, game.rival_steps, game.treasure_step) == (4, 4, 4)
    assert game.elapsed == 3.0 and game.stars() == 0
    assert game.steps_left() == 2
    assert game.move(EAST) is Outcome.IGNORED


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_the_rival_walks_the_best_walk_at_the_difficultys_pace(difficulty):
    s = setup(seed=3, size=(9, 6), difficulty=difficulty)
    maze = build_maze(s)
    game = build_game(s, maze, FakeClock())
    preset = DIFFICULTIES[difficulty]
    assert game.search.walk == best_walk(maze).walk and game.par == best_walk(maze).expected
    assert (game.speed, game.head_start) == (preset.speed, preset.head_start)
    assert game.treasure_step == game.search.walk.index(game.treasure)
    turns = 0
    for direction in [EAST, SOUTH, WEST, NORTH] * 30:
        if game.over:
            break
        if game.move(direction) is Outcome.MOVED:
            turns += 1
        if not game.over:  # the pace, by hand: whole steps earned after the head start
            assert game.rival_steps == floor(max(0, turns - preset.head_start) * preset.speed)
            assert game.rival_trail == game.search.walk[:game.rival_steps + 1]
            assert game.treasure not in game.rival_trail


# -- the end: stars, the replay ---------------------------------------------------------------
@pytest.mark.parametrize(("moves", "stars"), [(3, 3), (9, 3), (11, 2), (13, 1)])
def test_stars_are_counted_against_the_par_or_the_best_walks_steps_to_the_cell(moves, stars):
    maze = corridor(20, treasure=3)
    # a rival's walk whose par is 9.5 (0..19) and which reaches cell 3 at step 3
    game = TreasureGame(maze, FakeClock(), search=walk_along(maze, range(20)),
                        speed=Fraction(1, 100))
    for _ in range(moves - 3):  # wander east and back before going to the treasure
        game.move(EAST if game.position == 0 else WEST)
    while not game.over:
        game.move(EAST)
    assert game.moves == moves and game.par == 9.5 and game.won
    assert game.star_moves == 9  # the par, as a whole number of moves (more than step 3)
    assert game.stars() == stars  # within 9: three; within 11.25: two; found: one


def test_bad_luck_is_not_held_against_you():
    maze = corridor(20, treasure=15)  # the best walk reaches it at step 15, past the par
    game = TreasureGame(maze, FakeClock(), search=walk_along(maze, range(20)),
                        speed=Fraction(1, 100))
    while not game.over:
        game.move(EAST)
    assert (game.moves, game.star_moves, game.stars()) == (15, 15, 3)


def test_a_hunt_replays_as_it_was_played():
    s = setup(seed=11, size=(7, 5), difficulty="hard", hunt=2)
    maze = build_maze(s)
    game = build_game(s, maze, FakeClock())
    for direction in [EAST, SOUTH, EAST, NORTH, WEST, SOUTH] * 20:
        game.move(direction)
        if game.over:
            break
    again = Recording.from_json(Recording.of(s, game).to_json()).play()
    assert (again.treasure, again.result, again.moves, again.rival_steps) == \
        (game.treasure, game.result, game.moves, game.rival_steps)


def test_a_maze_with_one_way_doors_is_refused():
    maze = build_maze(setup())
    one_way = maze.copy(walls=maze.walls.copy())
    cell = next(c for c in range(maze.size) if maze.step(c, EAST) != c)
    one_way.walls.flat[cell + 1] |= 8  # the door between cell and its east neighbour: east only
    with pytest.raises(ValueError, match="both ways"):
        treasure_game(setup(), one_way, FakeClock())
