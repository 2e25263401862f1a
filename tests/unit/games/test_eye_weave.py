"""The player's eye on a weave maze (issue 41): the game on a BoardMaze, the bridges it
sees (`engine.weave.WeaveGround`), and its map of what was seen."""

from __future__ import annotations

import networkx as nx
import pytest

from mazegame.engine.generate.boards import generate_board
from mazegame.engine.weave import WeaveGround, crossings
from mazegame.eyesight import look, render_view
from mazegame.games.eye import BoardEyeGame, eye_game
from mazegame.games.setup import GameSetup


def maze(seed: int = 3):
    return generate_board("backtracker", "weave", 9, 7, seed).maze


def test_the_eye_plays_a_weave_maze_through_its_ground():
    m = maze()
    game = eye_game(GameSetup("eye", tiling="weave"), m, lambda: 0.0)
    assert isinstance(game, BoardEyeGame) and isinstance(game.ground, WeaveGround)
    r, c, _ = crossings(m.board)[0]
    cells = m.board.lookup
    ground = game.ground
    assert ground.crossing(cells[r, c, 0]) == "over" and ground.crossing(cells[r, c, 1]) == "under"
    assert ground.crossing(m.start) == ""


def test_a_section_says_over_or_under_and_the_picture_shows_it():
    m = maze()
    ground = WeaveGround(m)
    r, c, over = crossings(m.board)[0]
    cells = m.board.lookup
    # towards the tunnel from the neighbour it opens to, and onto the deck from another
    tunnel_from, tunnel_way = ((r, c - 1), 1) if over == "ns" else ((r - 1, c), 2)
    deck_from, deck_way = ((r - 1, c), 2) if over == "ns" else ((r, c - 1), 1)
    under = look(ground, cells[(*tunnel_from, 0)], tunnel_way, 4)
    assert under[1].bridge == "under" and under[1].cell == cells[r, c, 1]
    ceiling = render_view(under, 40, 16, 4)[:8]  # the upper half: the deck across it
    assert "▀" in "".join(t for row in ceiling for t, _ in row)
    deck = look(ground, cells[(*deck_from, 0)], deck_way, 4)
    assert deck[1].bridge == "over" and not deck[1].left_open and not deck[1].right_open
    drawn = "".join(t for row in render_view(deck, 40, 16, 4) for t, _ in row)
    assert "▄" in drawn and "▀" not in drawn


def test_the_map_of_what_was_seen_keeps_seen_cells_doors_and_mirrors_the_rest():
    m = maze()
    game = BoardEyeGame(m, lambda: 0.0)
    seen = game.map_of_seen()
    assert not seen.is_one_way  # an unseen cell is open towards a seen one that opens to it
    for cell in game.seen:
        assert seen.doors[cell] == m.doors[cell]
    g = nx.Graph(map(tuple, seen.passages().tolist()))
    assert all(any(u in game.seen for u in edge) for edge in g.edges)


def test_the_eye_refuses_a_board_without_square_sides():
    hexes = generate_board("backtracker", "hex", 5, 4, 1).maze
    with pytest.raises(ValueError, match="square corridors, not hex"):
        eye_game(GameSetup("eye", tiling="hex"), hexes, lambda: 0.0)
