"""Saved results' keys read as words: a pack's puzzle, a recipe, a level, a file."""

import pytest

from mazegame.games.jump import load_pack, progress_key
from mazegame.games.record_labels import maze_label, mode_label


@pytest.mark.parametrize(("mode", "key", "label"), [
    ("classic", "backtracker:6x5:2:", "Backtracker 6x5, seed 2"),
    ("trading", "wilson:8x8:5::hard", "Wilson 8x8, seed 5, hard"),
    ("chase", "prim:9x7:3:xy:one-way 0.2", "Prim 9x7, seed 3, torus, one-way 0.2"),
    ("classic", "kruskal:5x5:1:x", "Kruskal 5x5, seed 1, wraps across"),
    ("classic", "spanning-tree#2:5x5:1:", "Spanning-tree 5x5, seed 1"),
    ("classic", "level:0a0b0c0d", "maze file 0a0b0c0d"),
    ("level", "2-3:abcdef012345", "2 3"),
    ("level", "first-steps:abcdef012345", "First steps"),
    ("blindfold", "3x4", "3x4"),
    ("jump", "puzzle:0123456789abcdef", "puzzle 01234567"),
])
def test_a_key_in_words(mode, key, label):
    assert maze_label(mode, key) == label


def test_a_results_mode_reads_as_the_menu_names_it():
    from mazegame.games.modes import MODES

    assert all(mode_label(name) == mode.title for name, mode in MODES.items())
    assert mode_label("level") == "Campaign"


def test_a_shipped_puzzle_is_named_by_its_pack_and_place():
    assert maze_label("jump", progress_key(load_pack("rook")[2])) == "rook 3"


def test_a_later_edition_of_a_generator_keeps_its_results_apart():
    from mazegame.engine.generate import GENERATORS
    from mazegame.engine.grid import Maze
    from mazegame.games.setup import GameSetup

    maze = Maze.closed(6, 5)
    first = next(name for name, spec in GENERATORS.items() if spec.edition == 1)
    assert GameSetup(algorithm=first, seed=2).recipe_key(maze) == f"{first}:6x5:2:"
    edition = GENERATORS["spanning-tree"].edition
    assert edition > 1
    key = GameSetup(algorithm="spanning-tree", seed=2, wrap_x=True).recipe_key(maze)
    assert key == f"spanning-tree#{edition}:6x5:2:x"
