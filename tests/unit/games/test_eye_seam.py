"""The player's eye marks a wrapped maze's seam (issue 19, "wrap edges are not marked in any
view"): a dotted sill across the floor where the corridor crosses it."""

from mazegame.engine.grid import EAST, WEST, Maze
from mazegame.eyesight import SEAM_CHAR, look, render_view


def floor_text(sections) -> str:
    rows = render_view(sections, 60, 20, 8)
    return "".join(text for row in rows[10:] for text, _ in row)


def test_looking_across_the_seam_marks_it_on_the_floor():
    ring = Maze.open(6, 1, wrap_x=True)
    sections = look(ring, 4, EAST, 8)
    assert [(s.cell, s.seam_ahead) for s in sections[:3]] == [(4, False), (5, True), (0, False)]
    assert SEAM_CHAR in floor_text(sections)
    west = look(ring, 1, WEST, 8)
    assert [s.cell for s in west if s.seam_ahead] == [0]


def test_a_bounded_corridor_has_no_seam():
    corridor = Maze.open(6, 1)
    sections = look(corridor, 0, EAST, 8)
    assert not any(s.seam_ahead for s in sections)
    assert SEAM_CHAR not in floor_text(sections)


def test_a_wrapped_axis_alone_has_a_seam():
    tall = Maze.open(1, 6, wrap_x=True)  # wraps across, not down: the south edge is a wall
    assert not any(s.seam_ahead for s in look(tall, 0, 2, 8))
