"""The thin client stays light: a player's process (one per SSH player) loads no numpy, no
numba, nothing of the engine or games; its maze picture, drawn in plain Python, is the
engine's picture wall for wall."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mazegame.engine.generate import generate
from mazegame.engine.mazetext import picture_lines
from mazegame.ui.remote.picture import SEAM_CHARS, Picture, letters

HEAVY = ("numpy", "numba", "mazegame.engine", "mazegame.games")


def test_the_client_imports_no_numpy_numba_engine_or_games():
    code = ("import sys, mazegame.ui.remote, mazegame.ui.remote.app, mazegame.net.connection\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY[:2]!r} "
            f"or m.startswith({HEAVY[2:]!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=os.environ | {"PYTHONPATH": os.getcwd()}).stdout
    assert out.strip() == "[]", f"the thin client loaded {out.strip()}"


@pytest.mark.parametrize("wrap", [(False, False), (True, False), (False, True), (True, True)])
@pytest.mark.parametrize("name, seed", [("backtracker", 3), ("kruskal", 11), ("prim", 5)])
def test_the_picture_is_the_engines_wall_for_wall(name, seed, wrap):
    maze = generate(name, 7, 5, seed, wrap_x=wrap[0], wrap_y=wrap[1]).maze
    engine = picture_lines(maze, "box", 3)
    ours = Picture(maze.width, maze.height, [int(b) for b in maze.walls.ravel()],
                   wrap_x=maze.wrap_x, wrap_y=maze.wrap_y).lines
    # The engine's picture marks S and G in rooms and draws no seams (the view adds them).
    plain = str.maketrans({"S": " ", "G": " ", "*": " ", **{ch: " " for ch in SEAM_CHARS}})
    assert [line.translate(plain) for line in ours] == \
        [line.translate(plain) for line in engine]


def test_ascii_pictures_use_plain_characters():
    maze = generate("backtracker", 6, 4, 1).maze
    ours = Picture(6, 4, [int(b) for b in maze.walls.ravel()], glyphs="ascii").lines
    engine = [line.replace("S", " ").replace("G", " ") for line in picture_lines(maze, "ascii")]
    assert ours == engine and set("".join(ours)) <= set("+-| ")


def test_learning_a_wall_draws_it():
    picture = Picture(2, 1, [1 + 4 + 8, 1 + 2 + 4])
    assert picture.lines[1] == "│       │"
    assert picture.learn([(0, 2)]) and picture.lines[1] == "│   │   │"
    assert not picture.learn([(0, 2)])  # known already


def test_every_player_gets_a_letter_of_their_own():
    assert letters([(1, "ann"), (2, "Alex"), (3, "bob"), (4, "ānna"), (5, "7")]) == \
        {1: "A", 2: "L", 3: "B", 4: "N", 5: "1"}
