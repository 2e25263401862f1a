"""The learning rat's lab (games.rat_lab): the replay follows the logged moves, the frames
hold the net's activations, training fast appends to the curve and stops when asked, saved
rats come back and a bad file is named."""

import numpy as np
import pytest

from mazegame.engine.generate import generate
from mazegame.games import rat
from mazegame.games.rat_lab import RatLab, models_dir


@pytest.fixture(scope="module")
def maze():
    return generate("backtracker", 5, 4, 2).maze


@pytest.mark.slow
def test_watching_replays_legal_moves_with_the_nets_activations(maze):
    lab = RatLab(maze, 3)
    assert lab.frame() is None and lab.cell == maze.start
    cell = maze.start
    for _ in range(30):
        frame = lab.step()
        assert frame.cell == cell and frame.here >> frame.move & 1  # only open sides
        cell = maze.step(cell, frame.move)
        assert lab.cell == cell and frame.found == lab.frame().found
        assert frame.hidden.shape == (lab.net.hidden,) and frame.predictor.shape == (16,)
        assert np.all(np.abs(frame.hidden) <= 1)
        if lab.reached:
            break
    assert len(lab.history) == 1 and lab.trail[0] == maze.start


def test_training_fast_appends_episodes_and_stops_when_asked(maze):
    lab = RatLab(maze, 1)
    seen = []
    assert lab.train(5, progress=seen.append) == 5
    assert seen == [1, 2, 3, 4, 5] and len(lab.history) == 5
    assert lab.train(50, cancelled=lambda: len(lab.history) >= 8) == 3
    assert len(lab.history) == 8


def test_a_saved_rat_comes_back_and_a_bad_file_is_named(maze, tmp_path):
    lab = RatLab(maze, 4)
    lab.train(3)
    path = lab.save()
    assert path.parent == models_dir() and path.exists()
    other = RatLab(maze, 4)
    other.load(path)
    assert all(np.array_equal(a, b) for a, b in zip(lab.net.arrays(), other.net.arrays(),
                                                      strict=True))
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a rat")
    with pytest.raises(rat.ModelError, match="bad.npz"):
        other.load(bad)


@pytest.mark.parametrize("kind", ["wrapped", "one-way"])
def test_the_lab_takes_wrapped_and_one_way_mazes(kind):
    from mazegame.engine.oneway import add_one_way_doors

    maze = generate("backtracker", 5, 4, 2, wrap_x=kind == "wrapped", wrap_y=True).maze
    if kind == "one-way":
        maze = add_one_way_doors(generate("backtracker", 5, 4, 2).maze, 0.4, 2)
        assert maze.is_one_way
    lab = RatLab(maze, 3)  # the wall follower's ValueError ended this before
    assert lab.wall_follower is None and rat.wall_follower(maze, 0, 1) is None
    cell = maze.start
    for _ in range(30):
        frame = lab.step()
        cell = maze.step(cell, frame.move)  # wrap and one-way doors by the one step rule
        assert lab.cell == cell
        if lab.reached:
            break
