"""Self-play: the standard bot's rules (nearest exit, steps away from a near demon), the
tally, and the command that prints it."""

from __future__ import annotations

import json

import pytest

from mazegame.cli import main
from mazegame.engine.grid import EAST, WEST, Maze
from mazegame.games.chase import ChaseGame
from mazegame.games.chase_setup import new_chase
from mazegame.games.selfplay import Bot, play_one, selfplay
from tests.helpers import FakeClock


def test_the_bot_walks_to_the_nearest_exit():
    maze = Maze.open(9, 1).copy(goals=(0, 8))
    game = new_chase(maze, player=6, demon=2, difficulty="easy", clock=FakeClock())
    assert Bot(game).choose() == EAST  # exit 8 is 2 away, exit 0 is 6


def test_the_bot_steps_away_from_a_demon_two_moves_off():
    maze = Maze.open(12, 1).copy(start=6, goals=(11,))
    game = ChaseGame(maze, FakeClock(), demon_start=8)  # between the bot and the exit
    assert game.demon_distance() == 2
    assert Bot(game).choose() == WEST
    far = ChaseGame(maze, FakeClock(), demon_start=9)  # three moves off: on to the exit
    assert Bot(far).choose() == EAST


def test_a_game_ends_won_or_lost_and_counts_its_moves():
    game = new_chase(mode="chase", difficulty="easy", size=(9, 7), seed=3, clock=FakeClock())
    won, moves = play_one(game)
    assert game.over and won == game.won and moves >= len(game.shortest_path()) - 1


def test_the_tally_adds_up_and_is_seeded():
    a = selfplay("chase", "normal", None, 6, seed=5, size=(11, 7))
    assert a.wins + a.losses == a.games == 6 and a.win_rate == a.wins / 6
    assert a == selfplay("chase", "normal", None, 6, seed=5, size=(11, 7))


def test_easy_is_won_more_often_than_nightmare():
    easy = selfplay("chase", "easy", "tracker", 12, seed=1)
    nightmare = selfplay("chase", "nightmare", "tracker", 12, seed=1)
    assert easy.win_rate > nightmare.win_rate


def test_the_command_prints_the_figures(capsys):
    assert main(["selfplay", "chase", "--difficulty", "hard", "--personality", "wanderer",
                 "--games", "3", "--seed", "2", "--size", "11x7", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"games", "wins", "losses", "win_rate", "mean_moves", "spare_moves"}
    assert doc["spare_moves"] is None  # a chase
    assert doc["games"] == 3 and doc["wins"] + doc["losses"] == 3


@pytest.mark.parametrize("argv", [["selfplay", "walk"], ["selfplay", "chase", "--games", "0"],
                                  ["selfplay", "chase", "--difficulty", "deadly"],
                                  ["selfplay", "race", "--personality", "ghost"],
                                  ["selfplay", "chase", "--size", "0x3"]])
def test_bad_arguments_exit_2(argv, capsys):
    assert main(argv) == 2 and "error" in capsys.readouterr().err


def test_a_race_is_always_won_with_some_moves_to_spare():
    """Races start only when they can be won, and the bot never steps aside in one."""
    tally = selfplay("race", "nightmare", None, 5, seed=4, size=(15, 9))
    assert tally.win_rate == 1.0 and tally.spare_moves > 0
    assert json.loads(json.dumps(tally.to_json()))["spare_moves"] == tally.spare_moves
