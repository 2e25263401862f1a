"""A replay rebuilds a finished game from its seed, settings and events, to the same end."""

import json
import random

import numpy as np
import pytest

from mazegame.games.replay import Recording, ReplayError, build_game, build_maze
from mazegame.games.setup import GameSetup
from mazegame.games.walk import Outcome

CASES = [
    ("classic", ()),
    ("blind", (("budget", 4.0),)),
    ("eye", (("depth", 3),)),
    ("chase", (("turn_based", True),)),
    ("chase", ()),  # real time: ticks between the moves, early presses queued
    ("chase", (("view", "eye"), ("difficulty", "hard"))),
    ("chase", (("view", "blind"),)),
    ("chase", (("two_player", True), ("turn_based", True))),
    ("race", (("difficulty", "easy"),)),
]


def state(game):
    """Everything a replay must reproduce."""
    found = {key: getattr(game, key, None) for key in (
        "position", "moves", "bumps", "trail", "won", "over", "facing", "turns", "seen",
        "demon_trail", "result", "rounds", "credit")}
    known = getattr(game, "known", None)
    found["known"] = None if known is None else known.tolist()
    return found


def play_randomly(setup, seed, steps=150):
    """Play a game as a restless player would: real time runs on a fake clock, with key
    presses faster and slower than the pace and the demon's ticks between them."""
    maze = build_maze(setup, setup.size)
    now = [0.0]
    game = build_game(setup, maze, lambda: now[0])
    rng = random.Random(seed)
    for _ in range(steps):
        now[0] += rng.choice([0.05, 0.1, 0.3])
        roll = rng.random()
        if hasattr(game, "tick") and roll < 0.3:
            game.tick()
        elif hasattr(game, "forward") and roll < 0.55:
            game.forward()
        elif hasattr(game, "turn_left") and roll < 0.65:
            rng.choice([game.turn_left, game.turn_right, game.turn_around])()
        elif hasattr(game, "play_queued") and roll < 0.7:
            game.play_queued()
        elif hasattr(game, "wait") and roll < 0.75:
            game.wait()
        elif hasattr(game, "move_demon") and roll < 0.85:
            game.move_demon(rng.randrange(4))
        else:
            game.move(rng.randrange(4))
        if game.over:
            break
    return game


@pytest.mark.parametrize(("mode", "options"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_replay_ends_as_the_game_it_recorded(mode, options, seed):
    setup = GameSetup(mode=mode, size=(7, 5), seed=seed, options=options)
    game = play_randomly(setup, seed)
    recording = Recording.from_json(Recording.of(setup, game).to_json())
    assert state(recording.play()) == state(game)
    assert recording.play(0).moves == 0


def test_a_real_time_chase_replays_the_demon_between_the_moves():
    """The ticks are events: dropped, the demon would not move the same way."""
    setup = GameSetup(mode="chase", size=(9, 7), seed=5)
    game = play_randomly(setup, 5, steps=300)
    assert "k" in game.events and any(e.startswith("m") for e in game.events)
    assert len(game.demon_trail) > 1
    recording = Recording.of(setup, game)
    assert recording.play().demon_trail == game.demon_trail
    no_ticks = Recording(recording.setup, recording.check,
                         tuple(e for e in recording.events if e != "k"))
    assert no_ticks.play().demon_trail != game.demon_trail


def test_early_presses_are_recorded_only_when_played():
    setup = GameSetup(mode="chase", size=(9, 7), seed=2)
    now = [0.0]
    game = build_game(setup, build_maze(setup, setup.size), lambda: now[0])
    moved = next(d for d in range(4) if game.maze.step(game.position, d) != game.position)
    assert game.move(moved) in (Outcome.MOVED, Outcome.WON)
    back = (moved + 2) % 4
    assert game.move(back) is Outcome.EARLY
    assert game.events == [f"m{moved}"]
    now[0] += 1.0
    game.play_queued()
    assert game.events == [f"m{moved}", f"m{back}"]


def test_a_level_maze_is_kept_whole():
    level = build_maze(GameSetup(mode="classic", size=(5, 4), seed=9))
    setup = GameSetup(mode="blind", size=(5, 4), seed=0, level=level, level_id="1-1",
                      options=(("budget_moves", 30),))
    game = play_randomly(setup, 3)
    recording = Recording.from_json(Recording.of(setup, game).to_json())
    assert np.array_equal(recording.setup.level.walls, level.walls)
    assert state(recording.play()) == state(game)


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": 1, "mode": "lab"}',
                                  '{"format": 99}', "not json"])
def test_a_bad_recording_is_refused_in_words(text):
    with pytest.raises(ReplayError):
        Recording.from_json(text)


def test_a_maze_that_no_longer_builds_the_same_is_refused():
    setup = GameSetup(mode="classic", size=(5, 4), seed=1)
    game = play_randomly(setup, 1, steps=5)
    recording = Recording.of(setup, game)
    other = Recording(recording.setup, "5x4:00000000", recording.events)
    with pytest.raises(ReplayError, match="rebuilt"):
        other.play()


@pytest.mark.parametrize("seed", [4, 5])
def test_a_chase_played_again_on_its_maze_replays_from_its_own_starts(seed):
    """`r` (same maze again) places the players anew on the maze as played: the replay
    starts them where that game did, not where the seed's first game would."""
    setup = GameSetup("chase", size=(11, 7), seed=seed, options=(("difficulty", "easy"),))
    first = build_game(setup, build_maze(setup, setup.size), lambda: 0.0)
    again = build_game(setup, first.maze, lambda: 0.0)
    for d in range(4):
        again.move(d)
    replayed = Recording.from_json(Recording.of(setup, again).to_json()).play()
    assert (replayed.trail, replayed.demon_trail) == (again.trail, again.demon_trail)


def test_a_generated_maze_is_kept_so_a_changed_generator_cannot_lose_the_replay(monkeypatch):
    import mazegame.games.replay as replay

    setup = GameSetup(mode="classic", size=(7, 5), seed=4)
    game = play_randomly(setup, 4)
    text = Recording.of(setup, game).to_json()

    def another_generator(setup, fit=None):
        raise AssertionError("a kept maze is not built again")

    monkeypatch.setattr(replay, "build_maze", another_generator)
    assert state(Recording.from_json(text).play()) == state(game)


@pytest.mark.parametrize("kept", ["{", '{"format": "nope"}', "[]"])
def test_a_kept_maze_that_does_not_read_is_refused_in_words(kept):
    setup = GameSetup(mode="classic", size=(5, 4), seed=1)
    recording = Recording.of(setup, play_randomly(setup, 1, steps=5))
    broken = Recording(recording.setup, recording.check, recording.events,
                       recording.starts, kept)
    with pytest.raises(ReplayError, match="maze"):
        broken.play()


@pytest.mark.parametrize("mode", ["chase", "race"])
def test_one_way_doors_in_a_chase_strand_no_cell_whatever_its_exits(mode):
    # A race keeps one exit of the difficulty's several: the doors must point toward it alone.
    from mazegame.engine.oneway import one_way_door_count, trap_cells

    for seed in range(1, 9):
        setup = GameSetup(mode, "backtracker", (12, 8), seed, one_way=0.25)
        maze = build_maze(setup)
        game = build_game(setup, maze, clock=lambda: 0.0)
        assert one_way_door_count(game.maze) > 0
        assert trap_cells(game.maze).size == 0, seed


@pytest.mark.parametrize("setting", [("difficulty", "impossible"), ("colour", "red"),
                                     ("speed", "fast")])
def test_a_chase_recording_with_a_bad_setting_is_refused_when_read(setting):
    """A recording is read once and checked: its chase settings too (before, a bad one
    passed and the replay broke with a ValueError when it started)."""
    setup = GameSetup("chase", "backtracker", (8, 6), 2, options=(("turn_based", True),))
    recording = Recording.of(setup, play_randomly(setup, 2, steps=3))
    doc = json.loads(recording.to_json())
    doc["options"].append(list(setting))
    with pytest.raises(ReplayError, match="cannot be read"):
        Recording.from_json(json.dumps(doc))
