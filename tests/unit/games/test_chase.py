"""Chase and Race rules: unwinnable setups refused (the rule itself: test_chase_safety.py),
turn-based games won by walking the shortest path and lost by standing still, the speed
accumulator and head start, real-time ticks that stop while paused, two players, warnings,
the record."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from mazegame.engine.chase_safety import Unwinnable, check_winnable
from mazegame.engine.generate import generate
from mazegame.engine.grid import EAST, WEST, Maze
from mazegame.games.chase import (
    BlindChaseGame,
    ChaseGame,
    ChaseRules,
    EyeChaseGame,
    Result,
)
from mazegame.games.chase_senses import warning_for
from mazegame.games.chase_setup import new_chase, rules_for
from mazegame.games.modes import DIFFICULTIES, demon_modes
from mazegame.games.walk import Outcome
from tests.helpers import FakeClock


def corridor(length: int = 7) -> Maze:
    """An east-west corridor with the exit at its east end."""
    return Maze.open(length, 1).copy(goals=(length - 1,))


def game(maze: Maze, player: int, demon: int, **rules) -> ChaseGame:
    return new_chase(maze, player=player, demon=demon, difficulty="hard",
                     clock=FakeClock(), **rules)


def directions(maze: Maze, route) -> list[int]:
    return [next(d for d in range(4) if maze.step(a, d) == b)
            for a, b in zip(route, route[1:], strict=False)]


# -- winnability --------------------------------------------------------------------------
def test_a_demon_guarding_the_corridor_is_refused():
    # Player at 0, exit at 6, demon at 5 at your speed: it meets you by cell 3 whatever you do.
    with pytest.raises(Unwinnable, match="cannot be won"):
        game(corridor(), 0, 5, personality="tracker", speed=1, head_start=0)


def test_the_rules_give_the_pursuit_the_check_takes():
    rules = ChaseRules(mode="race", speed=Fraction(2, 3), head_start=3)
    assert (rules.pursuit.speed, rules.pursuit.head_start, rules.pursuit.race) == \
        (Fraction(2, 3), 3, True)
    assert not ChaseRules().pursuit.race
    assert [rules.demon_steps(t) for t in range(7)] == [0, 0, 0, 0, 0, 1, 2]


def test_no_winnable_placement_is_refused_with_a_reason():
    with pytest.raises(Unwinnable, match="no winnable chase"):
        new_chase(Maze.open(3, 1), difficulty="hard", speed=10, head_start=0, tries=8)


@pytest.mark.parametrize("mode", ["chase", "race"])
@pytest.mark.parametrize("maze", [
    Maze.open(1, 1),  # the goal is the only cell
    generate("cavern", 3, 3, 3).maze,  # one open cell in rock
], ids=["1x1", "cavern-3x3"])
def test_a_maze_with_no_room_to_start_is_refused_with_a_reason(maze, mode):
    # Before: IndexError from random.choice deep in the re-rolls, which crashed the game.
    with pytest.raises(Unwinnable, match="room"):
        new_chase(maze, mode=mode, difficulty="easy", seed=3)


@pytest.mark.parametrize("difficulty", sorted(DIFFICULTIES))
@pytest.mark.parametrize("mode", demon_modes())
def test_every_preset_makes_a_winnable_game(difficulty, mode):
    g = new_chase(difficulty=difficulty, mode=mode, size=(16, 10), seed=7, clock=FakeClock())
    preset = DIFFICULTIES[difficulty]
    assert g.rules.speed == preset.speed and g.rules.personality == preset.personality
    verdict = check_winnable(g.maze, g.position, g.demon_start, g.maze.goals, g.rules.pursuit)
    assert verdict.ok
    for d in directions(g.maze, verdict.route):  # and the safe route does win
        g.move(d)
    assert g.result is Result.WON and g.closest is not None
    if mode == "chase":  # in a race the demon may pass you by
        assert g.closest.distance >= 1


# -- turn-based ---------------------------------------------------------------------------
def test_walking_the_shortest_path_wins():
    g = game(corridor(), 2, 0, personality="tracker", speed=1, head_start=0)
    for d in directions(g.maze, g.shortest_path()):
        assert g.result is Result.PLAYING
        g.move(d)
    assert g.result is Result.WON and g.won and g.over
    assert g.demon_trail == [0, 1, 2, 3]  # one step per move; you win before its 4th
    assert g.closest.distance == 2  # it never gained on you


def test_standing_still_is_caught_in_exactly_the_distance():
    maze = generate("backtracker", 12, 12, 9).maze
    g = new_chase(maze, difficulty="hard", personality="tracker", speed=1, head_start=0,
                  seed=2, clock=FakeClock())
    distance = g.demon_distance()
    turns = 0
    while not g.over and turns <= maze.size:  # bounded: a broken demon must fail, not hang
        assert g.wait() is Outcome.MOVED
        turns += 1
    assert g.caught and not g.won and turns == distance
    assert g.demon_trail[-1] == g.position and len(g.demon_trail) == distance + 1
    assert g.closest.distance == 0 and g.move(EAST) is Outcome.IGNORED


def test_speed_ratio_and_head_start_pace_the_demon():
    g = game(Maze.open(30, 1).copy(goals=(29,)), 10, 0, personality="tracker",
             speed="2/3", head_start=2)
    moved = []
    for _ in range(8):
        g.wait()
        moved.append(len(g.demon_trail) - 1)
    # asleep for 2 turns, then 2 steps every 3 turns: floor((t - 2) * 2/3)
    assert moved == [0, 0, 0, 1, 2, 2, 3, 4]
    assert moved == [g.rules.demon_steps(t) for t in range(1, 9)]


def test_bumping_a_wall_is_not_a_turn():
    g = game(corridor(), 4, 0, personality="tracker", speed=1, head_start=0)
    g.move(WEST)  # wake it
    assert g.demon_trail == [0, 1]
    g.move(EAST)
    g.move(0)  # north: the corridor's wall
    assert g.demon_trail == [0, 1, 2] and g.bumps == 1


def test_walking_into_the_demon_is_caught():
    g = game(corridor(), 3, 0, personality="tracker", speed=1, head_start=0)
    g.move(WEST)  # 3 -> 2, demon 0 -> 1
    assert g.move(WEST) is Outcome.MOVED and g.caught  # 2 -> 1: into it


def test_race_is_lost_when_the_demon_gets_there_first():
    maze = Maze.open(9, 1).copy(goals=(4,))
    g = new_chase(maze, mode="race", player=0, demon=8, difficulty="hard", head_start=0,
                  speed=1, clock=FakeClock())
    g.move(EAST)
    assert g.demon_cell == 7  # heading for the goal, not for you
    assert g.demon_to_goal() == 3
    for _ in range(3):
        g.wait()
    assert g.result is Result.BEATEN and g.over and not g.won and g.demon_to_goal() == 0


# -- real time ----------------------------------------------------------------------------
def test_ticks_move_the_demon_and_stop_while_paused():
    clock = FakeClock()
    g = new_chase(Maze.open(20, 1).copy(goals=(19,)), player=5, demon=0, difficulty="hard",
                  speed=1, head_start=0, turn_based=False, clock=clock)
    assert not g.tick() and g.demon_cell == 0  # asleep until your first move
    g.move(EAST)
    assert g.demon_cell == 0  # moves do not move it in real time
    assert g.tick() and g.demon_cell == 1
    g.pause()
    for _ in range(5):
        assert not g.tick()
    assert g.demon_cell == 1 and g.rounds == 1
    g.resume()
    assert g.tick() and g.demon_cell == 2
    assert g.wait() is Outcome.IGNORED  # no waiting in real time


def test_turn_based_games_ignore_ticks():
    g = game(corridor(), 2, 0, personality="tracker", speed=1, head_start=0)
    g.move(EAST)
    assert not g.tick() and g.demon_trail == [0, 1]


# -- two players --------------------------------------------------------------------------
def test_second_player_moves_the_demon_in_alternating_turns():
    g = game(corridor(), 3, 0, speed=1, head_start=0, two_player=True)
    assert g.demon is None and g.move_demon(EAST) is Outcome.IGNORED  # no steps earned yet
    g.move(EAST)
    assert g.whose_turn == "demon" and g.move(EAST) is Outcome.IGNORED
    assert g.move_demon(WEST) is Outcome.BUMPED  # the corridor's end: free
    assert g.move_demon(EAST) is Outcome.MOVED and g.demon_cell == 1
    assert g.whose_turn == "player"
    g.move(EAST)
    assert g.whose_turn == "demon" and g.demon_cell == 1  # the demon owes its step again


# -- what the views need ------------------------------------------------------------------
def test_warnings_by_walking_distance():
    assert warning_for(1).text == "it is right behind you"
    assert warning_for(4).text == "breathing" and warning_for(9).text == "footsteps"
    assert warning_for(30).level == 0 == warning_for(-1).level
    g = game(Maze.open(20, 1).copy(goals=(19,)), 4, 0, speed=1, head_start=0)
    assert g.demon_distance() == 4 and g.warning().text == "breathing"


def test_demon_sprite_in_the_corridor_ahead():
    clock = FakeClock()
    maze = Maze.open(12, 1).copy(goals=(11,))
    g = EyeChaseGame(maze, clock, rules=rules_for("hard", speed=1, head_start=0),
                     demon_start=5, facing=EAST)  # built directly: no winnability check
    assert g.demon_in_view(EAST) == 5 and g.sprites(EAST) == {5: "Ж"}
    assert g.demon_in_view(WEST) is None and g.demon_in_view(EAST, depth=4) is None
    g.forward()  # a move: the demon replies
    assert g.position == 1 and g.demon_cell == 4 and g.demon_in_view(g.facing) == 3


def test_blind_chase_learns_walls_and_is_caught_like_any_chase():
    g = BlindChaseGame(corridor().copy(start=2), FakeClock(),
                       rules=rules_for("hard", speed=1, head_start=0), demon_start=0)
    g.move(0)
    assert g.known[0, 2] & 1 and g.demon_trail == [0]  # the bump taught a wall, not a turn
    g.move(WEST)  # 2 -> 1, and the demon 0 -> 1
    assert g.caught and g.demon_trail == [0, 1]


def test_new_chase_reports_its_mind():
    g = new_chase(difficulty="normal", size=(10, 8), seed=1, strategy="on-demand")
    assert g.brain.strategy == "on-demand" and "wanderer" in g.describe()
    with pytest.raises(ValueError, match="unknown view"):
        new_chase(difficulty="normal", size=(10, 8), seed=1, view="x-ray")
    with pytest.raises(ValueError, match="unknown difficulty"):
        new_chase(difficulty="impossible")


@pytest.mark.parametrize("module", ["mazegame.games.chase", "mazegame.engine.demon"])
def test_rules_do_not_import_textual(module):
    code = f"import sys, {module}; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_each_difficulty_has_its_exits_apart(difficulty):
    """Two or three exits, none within two cells of another or of the start (the second
    exit is the way out when the demon guards the first)."""
    from mazegame.games.chase_maze import chase_maze

    for seed in range(4):
        maze = chase_maze(difficulty, (19, 10), seed)
        cells = [maze.start, *maze.goals]
        assert len(maze.goals) == DIFFICULTIES[difficulty].exits
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                ra, ca = divmod(a, maze.width)
                rb, cb = divmod(b, maze.width)
                assert max(abs(ra - rb), abs(ca - cb)) > 2, (difficulty, seed, a, b)


# -- the typed settings (games.modes.presets.ChaseSettings) -------------------------------------
def test_a_chase_setup_reads_its_settings_typed_and_checked():
    from mazegame.games.setup import GameSetup

    level = GameSetup("race", options=(("view", "eye"), ("speed", "3/4"), ("head_start", "2"),
                                       ("turn_based", True)))
    settings = level.settings
    assert settings.speed == Fraction(3, 4) and settings.head_start == 2
    assert settings.seen_in == "eye" and settings.difficulty == DIFFICULTIES["normal"].name
    two = GameSetup("chase", options=(("view", "eye"), ("two_player", True)))
    assert two.settings.seen_in == "birds-eye"  # two humans share the bird's-eye view
    for bad in (("colour", "red"), ("difficulty", "impossible"), ("speed", "-1"),
                ("view", "sideways"), ("demon", "nobody")):
        with pytest.raises(ValueError):
            GameSetup("chase", options=(bad,)).check_settings()
