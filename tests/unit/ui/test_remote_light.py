"""The thin client stays light: a player's process (one per SSH player) loads no numpy, no
numba, nothing of the engine or games; its maze picture, drawn in plain Python, is the
engine's picture wall for wall."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import mazegame
from mazegame.engine.generate import generate
from mazegame.engine.mazetext import picture_lines
from mazegame.net.protocol import CODE_ALPHABET
from mazegame.ui.remote.bigtext import FONT, big_lines
from mazegame.ui.remote.picture import SEAM_CHARS, Picture, letters

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)  #: this checkout
HEAVY = ("numpy", "numba", "mazegame.engine", "mazegame.games")


def test_the_client_imports_no_numpy_numba_engine_or_games():
    code = ("import sys, mazegame.ui.remote, mazegame.ui.remote.app, mazegame.net.connection\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY[:2]!r} "
            f"or m.startswith({HEAVY[2:]!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=os.environ | {"PYTHONPATH": ROOT}).stdout
    assert out.strip() == "[]", f"the thin client loaded {out.strip()}"


def test_the_join_command_with_the_client_loads_no_numpy_or_numba():
    """The whole of `mazegame join` (the command line's modules too: they load a few light
    engine modules, not numpy) as the SSH door starts it."""
    code = ("import sys, mazegame.cli, mazegame.cli.join, mazegame.ui.remote.app\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'numba')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=os.environ | {"PYTHONPATH": ROOT}).stdout
    assert out.strip() == "[]", f"mazegame join loaded {out.strip()}"


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


@pytest.mark.parametrize("wrap", [(False, False), (True, False), (False, True), (True, True)])
@pytest.mark.parametrize("name, seed", [("backtracker", 3), ("kruskal", 11)])
def test_a_step_on_the_picture_is_the_engines_step(name, seed, wrap):
    """The player's eye in the thin client moves by the picture's step: the one rule."""
    maze = generate(name, 6, 5, seed, wrap_x=wrap[0], wrap_y=wrap[1], braid=0.5).maze
    ours = Picture(maze.width, maze.height, [int(b) for b in maze.walls.ravel()],
                   wrap_x=maze.wrap_x, wrap_y=maze.wrap_y)
    assert [[ours.step(cell, d) for d in range(4)] for cell in range(maze.size)] == \
        [[maze.step(cell, d) for d in range(4)] for cell in range(maze.size)]


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


def test_join_with_a_room_that_is_no_code_is_status_2_and_one_line():
    done = subprocess.run([sys.executable, "-m", "mazegame", "join", "127.0.0.1:1", "--room",
                           "xyz"], capture_output=True, text=True, timeout=60,
                          env=os.environ | {"PYTHONPATH": ROOT})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "mazegame: error: 'xyz' is not a room code (6 letters and digits)"]


def test_every_character_of_a_room_code_has_a_large_letter():
    assert set(CODE_ALPHABET) <= set(FONT)
    assert all(len(rows) == 7 and all(len(r) == 5 and set(r) <= {"0", "1"} for r in rows)
               for rows in FONT.values())
    lines = big_lines("K7PQ2M")
    assert len(lines) == 4 and {len(line) for line in lines} == {6 * 5 + 4 + 3}
    assert lines[0].startswith("█  ▄▀") and lines[3].startswith("▀   ▀")  # K: stem, arm, feet
