"""The level editor's state machine: every edit, undo/redo, and the live analysis checked
against networkx on the same directed move graph."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame.engine.generate import generate
from mazegame.engine.grid import EAST, NORTH, SOUTH, WEST, Maze
from mazegame.engine.levelfile import load_level
from mazegame.engine.mazetext import to_text
from mazegame.games.editor import CLOSED, HISTORY, Editor
from mazegame.games.editor_maze import analyse, one_way_count, resized
from mazegame.locations import asset
from tests.helpers import digraph, one_way_mazes

pytestmark = pytest.mark.usefixtures("strategy_kernels")  # before any draw


def at(editor: Editor, r: int, c: int) -> Editor:
    """The editor with its cursor put on (r, c)."""
    editor.put_cursor(editor.maze.index(r, c))
    return editor


def oracle(maze: Maze) -> tuple[set[int], int | None, set[int]]:
    """(trap cells, shortest path to the nearest goal, unreachable goals) by networkx."""
    g = digraph(maze)
    reach = nx.descendants(g, maze.start) | {maze.start}
    to_goal = set().union(*(nx.ancestors(g, goal) | {goal} for goal in maze.goals))
    lengths = nx.single_source_shortest_path_length(g, maze.start)
    reached = [lengths[goal] for goal in maze.goals if goal in lengths]
    return reach - to_goal, min(reached) if reached else None, set(maze.goals) - reach


# -- walls and doors --------------------------------------------------------------------
def test_a_wall_is_toggled_from_both_sides_at_once():
    editor = at(Editor.blank(4, 3), 1, 1)
    assert editor.toggle_wall(EAST) == ""
    assert editor.door_state(editor.cursor, EAST) == (1, 1)
    assert editor.door_state(editor.maze.index(1, 2), WEST) == (1, 1)
    assert editor.toggle_wall(EAST) == ""
    assert editor.door_state(editor.cursor, EAST) == (0, 0)


def test_a_one_way_door_becomes_a_wall_when_toggled():
    editor = at(Editor.blank(4, 3), 1, 1)
    editor.cycle_door(SOUTH)  # open -> one-way out
    assert editor.door_state(editor.cursor, SOUTH) == (0, 1)
    editor.toggle_wall(SOUTH)
    assert editor.door_state(editor.cursor, SOUTH) == (1, 1)


def test_a_door_cycles_wall_open_one_way_out_one_way_back_wall():
    editor = at(Editor.blank(4, 3), 1, 1)
    editor.toggle_wall(EAST)
    here, there = editor.cursor, editor.maze.index(1, 2)
    seen = []
    for _ in range(4):
        editor.cycle_door(EAST)
        maze = editor.maze
        seen.append((maze.step(here, EAST) == there, maze.step(there, WEST) == here))
    # (cursor -> neighbour passable, neighbour -> cursor passable)
    assert seen == [(True, True), (True, False), (False, True), (False, False)]
    assert editor.maze.is_one_way is False


def test_a_door_on_the_border_is_refused_and_nothing_changes():
    editor = Editor.blank(4, 3)
    before = editor.maze.walls.copy()
    assert "border" in editor.cycle_door(NORTH)
    assert np.array_equal(editor.maze.walls, before)
    assert not editor.unsaved


def test_the_cursor_stops_at_a_bounded_edge_and_wraps_round_a_wrapped_one():
    editor = Editor.blank(4, 3)
    editor.move_cursor(WEST)
    assert editor.cursor == 0
    editor.toggle_wrap("x")
    editor.move_cursor(WEST)
    assert editor.cursor == 3


# -- start, goals, exits ----------------------------------------------------------------
def test_start_and_goals():
    editor = at(Editor.blank(4, 3), 1, 2)
    assert editor.set_start() == ""
    assert editor.maze.start == editor.maze.index(1, 2)
    assert "start" in editor.toggle_goal()  # the start cannot be a goal
    at(editor, 0, 3)
    assert editor.toggle_goal() == ""
    assert editor.maze.index(0, 3) in editor.maze.goals
    assert "start cannot be a goal" in editor.set_start()
    assert editor.toggle_goal() == ""  # removed again
    at(editor, 2, 3)
    assert "needs a goal" in editor.toggle_goal()  # the last one stays
    assert editor.maze.goals == (editor.maze.index(2, 3),)


def test_an_exit_opens_the_border_and_is_a_goal_until_closed():
    editor = at(Editor.blank(4, 3), 0, 2)
    assert editor.toggle_exit() == ""
    cell = editor.cursor
    assert editor.exits == [(cell, NORTH)]
    assert cell in editor.maze.goals
    assert not editor.maze.walls.flat[cell] & 1  # the outer side is open
    assert editor.toggle_exit() == ""
    assert editor.exits == [] and cell not in editor.maze.goals
    assert editor.maze.walls.flat[cell] & 1


def test_a_wall_toggled_toward_the_border_is_an_exit_there():
    editor = at(Editor.blank(4, 3), 2, 3)  # a corner: south or east
    assert editor.toggle_wall(EAST) == ""
    assert editor.exits == [(editor.cursor, EAST)]
    assert "not on the border" in at(editor, 1, 1).toggle_exit(NORTH)
    assert "on the border" in editor.toggle_exit()


def test_a_wrapped_axis_has_no_exits():
    editor = at(Editor.blank(4, 3), 1, 0)
    editor.toggle_exit(WEST)
    before = editor.maze.walls.copy()
    problem = editor.toggle_wrap("x")
    assert "no exits" in problem and "row 1, column 0" in problem
    assert not editor.maze.wrap_x and np.array_equal(editor.maze.walls, before)
    editor.toggle_exit(WEST)  # closed: now x may wrap
    assert editor.toggle_wrap("x") == ""
    assert "wraps round" in editor.toggle_exit(WEST)
    assert "wraps round" in editor.toggle_exit()
    at(editor, 0, 1)
    assert editor.toggle_exit() == ""  # the north side does not wrap
    assert editor.exits == [(1, NORTH)]
    assert "no exits" in editor.toggle_wrap("y")


def test_wrap_keeps_the_border_walled_and_unwrapping_walls_the_seam():
    editor = at(Editor.blank(4, 3), 1, 3)
    editor.toggle_wrap("x")
    assert editor.door_state(editor.cursor, EAST) == (1, 1)  # a wall across the seam
    editor.toggle_wall(EAST)
    assert editor.maze.step(editor.cursor, EAST) == editor.maze.index(1, 0)
    editor.toggle_wrap("x")
    assert editor.door_state(editor.cursor, EAST) is None and editor.exits == []
    assert editor.maze.walls[1, 0] & 8 and editor.maze.walls[1, 3] & 2


def test_a_short_axis_cannot_wrap():
    assert "at least 3" in Editor.blank(2, 3).toggle_wrap("x")


# -- resize and fill ----------------------------------------------------------------------
def test_resize_keeps_what_fits_and_grows_back_to_the_same_maze():
    maze = generate("backtracker", 6, 5, 4).maze
    editor = Editor(maze)
    assert editor.resize(8, 7) == ""
    grown = editor.maze
    assert grown.walls.shape == (7, 8)
    assert np.array_equal(grown.walls[:5, :5], maze.walls[:5, :5])  # inner cells untouched
    assert grown.walls[2, 5] & 2 and grown.walls[2, 6] & 8  # walled from the new cells
    assert editor.resize(6, 5) == ""
    assert np.array_equal(editor.maze.walls, maze.walls)
    assert editor.maze.goals == maze.goals


def resized_walls_by_hand(maze: Maze, width: int, height: int) -> np.ndarray:
    """The walls `resized` should give, side by side through Maze.neighbor (the oracle)."""
    new = Maze.open(width, height, wrap_x=maze.wrap_x, wrap_y=maze.wrap_y)
    walls = new.walls
    for r in range(height):
        for c in range(width):
            old = r * maze.width + c if r < maze.height and c < maze.width else -1
            cell = r * width + c
            for d in range(4):
                nxt = new.neighbor(cell, d)
                if old < 0:  # a new cell: open toward new cells, walled toward the rest
                    nr, nc = new.rc(nxt) if nxt >= 0 else (0, 0)
                    old_side = nxt < 0 or (nr < maze.height and nc < maze.width)
                    if old_side:
                        walls[r, c] |= np.uint8(1 << d)
                    continue
                # An old cell keeps a side that faces the same neighbour (or border) as before.
                was = maze.neighbor(old, d)
                same = (was < 0 and nxt < 0) or (
                    was >= 0 and nxt >= 0 and maze.rc(was) == new.rc(nxt))
                bit = (maze.walls.flat[old] >> d) & 1 if same else 1
                walls[r, c] = (walls[r, c] & (15 & ~(1 << d))) | (bit << d)
    return walls


@given(one_way_mazes(), st.integers(1, 18), st.integers(1, 18), st.booleans(), st.booleans())
def test_resize_agrees_with_a_side_by_side_oracle(maze, width, height, wrap_x, wrap_y):
    wrap_x, wrap_y = wrap_x and maze.width >= 3, wrap_y and maze.height >= 3
    walls = maze.walls.copy()
    if wrap_x:  # the border becomes a seam: passages across it on every other row
        walls[::2, 0] &= 0b0111
        walls[::2, -1] &= 0b1101
    if wrap_y:
        walls[0, ::2] &= 0b1110
        walls[-1, ::2] &= 0b1011
    maze = maze.copy(walls=walls, wrap_x=wrap_x, wrap_y=wrap_y)
    if (wrap_x and width < 3) or (wrap_y and height < 3) or width * height < 2:
        return
    out = resized(maze, width, height)
    assert np.array_equal(out.walls, resized_walls_by_hand(maze, width, height))
    assert out.start not in out.goals and all(0 <= g < out.size for g in out.goals)


def test_shrinking_drops_lost_goals_and_keeps_a_goal():
    editor = Editor.blank(6, 5)  # goal bottom right
    at(editor, 4, 5)
    editor.resize(3, 3)
    maze = editor.maze
    assert maze.width == 3 and maze.height == 3 and editor.cursor == maze.index(2, 2)
    assert maze.goals and maze.start not in maze.goals
    assert all(0 <= g < maze.size for g in maze.goals)
    assert "at least 2 cells" in editor.resize(1, 1)


def test_fill_keeps_start_goals_and_exits():
    editor = at(Editor.blank(7, 5), 0, 3)
    editor.toggle_exit()
    assert editor.fill("backtracker", 9) == ""
    maze = editor.maze
    assert editor.exits == [(3, NORTH)]
    assert maze.door_count() == maze.size - 1  # a spanning tree (the exit is no door)
    assert editor.fill(None) == ""
    assert editor.maze.door_count() == 2 * 7 * 5 - 7 - 5
    assert editor.fill(CLOSED) == ""
    assert editor.maze.door_count() == 0 and editor.exits == [(3, NORTH)]
    assert "unknown generator" in Editor.blank(4, 4).fill("no-such-generator")


# -- history ------------------------------------------------------------------------------
def test_undo_and_redo_walk_the_history_and_saved_state_is_remembered():
    editor = Editor.blank(5, 4)
    start = editor.maze.walls.copy()
    steps = []
    for d in (EAST, SOUTH, EAST):
        editor.toggle_wall(d)
        editor.move_cursor(d)
        steps.append(editor.maze.walls.copy())
    editor.mark_saved()
    assert not editor.unsaved
    for expected in [steps[1], steps[0], start]:
        assert editor.undo() == ""
        assert np.array_equal(editor.maze.walls, expected)
        assert editor.unsaved
    assert editor.undo() == "nothing to undo"
    for expected in steps:
        assert editor.redo() == ""
        assert np.array_equal(editor.maze.walls, expected)
    assert not editor.unsaved  # back where it was saved
    assert editor.redo() == "nothing to redo"
    editor.undo()
    editor.toggle_goal()  # a new edit forgets what was undone
    assert editor.redo() == "nothing to redo"


def test_history_is_bounded():
    editor = Editor.blank(5, 4)
    for _ in range(HISTORY + 5):
        editor.toggle_wall(EAST)
    undone = 0
    while editor.undo() == "":
        undone += 1
    assert undone == HISTORY


def test_level_fields_are_checked_and_undoable():
    editor = Editor.blank(5, 4)
    assert "id" in editor.set_info(id="Bad Id")
    assert "view" in editor.set_info(view="sideways")
    assert "par" in editor.set_info(par=0)
    assert "no level field" in editor.set_info(colour="red")
    assert editor.set_info(id="my-maze", title="Mine", par=9, budget=20) == ""
    assert (editor.info.id, editor.info.par) == ("my-maze", 9)
    editor.undo()
    assert editor.info.id == "my-level"


# -- analysis -----------------------------------------------------------------------------
def test_a_one_way_door_into_a_pocket_makes_trap_cells():
    """A 5x3 room; cells (0,3) and (0,4) walled off below and to the west, except a one-way
    door from (0,2) east into (0,3): whoever goes in cannot come out to the goal."""
    editor = Editor.blank(5, 3)  # start (0,0), goal (2,4)
    for c in (3, 4):
        at(editor, 0, c).toggle_wall(SOUTH)
    at(editor, 0, 2).toggle_wall(EAST)
    editor.cycle_door(EAST)
    editor.cycle_door(EAST)  # one-way: (0,2) -> (0,3)
    found = editor.analysis
    assert set(found.traps) == {3, 4}
    assert set(found.traps) == oracle(editor.maze)[0]
    assert found.shortest == 6 and found.unreachable_goals == ()
    assert "2 traps" in editor.status() and one_way_count(editor.maze) == 1
    editor.cycle_door(EAST)  # one-way back: the pocket is a dead end, not a trap
    assert editor.analysis.traps == ()
    assert "no traps" in editor.status()


def test_an_unreachable_goal_is_named_and_every_reachable_cell_is_a_trap():
    editor = at(Editor.blank(4, 3), 0, 0)
    editor.toggle_wall(EAST)
    editor.toggle_wall(SOUTH)
    found = editor.analysis
    assert found.path == () and found.shortest is None
    assert found.unreachable_goals == editor.maze.goals and found.traps == (0,)
    assert "no goal reachable" in editor.status()


@given(one_way_mazes())
def test_the_analysis_agrees_with_networkx(maze):
    maze = maze.copy(goals=tuple(g for g in maze.goals if g != maze.start) or (
        (maze.start + 1) % maze.size,))
    if maze.size < 2:
        return
    found = analyse(maze)
    traps, shortest, unreachable = oracle(maze)
    assert set(found.traps) == traps
    assert found.shortest == shortest
    assert set(found.unreachable_goals) == unreachable
    if found.path:  # a real walk: each step is a move the maze allows
        assert all(b in {maze.step(a, d) for d in range(4)} for a, b in zip(
            found.path, found.path[1:], strict=False))


def test_one_way_doors_are_counted_once_across_a_wrapped_seam():
    editor = at(Editor.blank(4, 3), 1, 3)
    editor.toggle_wrap("x")
    editor.toggle_wall(EAST)
    editor.cycle_door(EAST)  # open -> one-way out, across the seam
    assert one_way_count(editor.maze) == 1
    assert editor.maze.is_one_way


def test_stray_border_gaps_are_closed_on_load():
    maze = Maze.open(4, 3)
    maze.walls[0, 1] &= 0b1110  # a gap north of a cell that is no goal
    editor = Editor(maze)
    assert editor.maze.walls[0, 1] & 1 and editor.notes
    assert maze.walls[0, 1] & 1 == 0  # the caller's maze is not touched


# -- files --------------------------------------------------------------------------------
def shipped_levels() -> list:
    """The level files shipped in assets/levels."""
    return sorted(p for p in asset("levels").glob("*.toml") if p.name != "chapters.toml")


@pytest.mark.parametrize("path", shipped_levels(), ids=lambda p: p.stem)
def test_a_level_round_trips_unchanged(path, tmp_path):
    editor = Editor.open(path)
    assert editor.opened == path and not editor.unsaved
    editor.folder = tmp_path
    assert editor.save() == ""
    again = Editor.open(tmp_path / path.name)
    for a, b in ((editor, again), (Editor.open(path), again)):
        assert np.array_equal(a.maze.walls, b.maze.walls)
        assert (a.maze.start, a.maze.goals, a.maze.wrap_x, a.maze.wrap_y) == (
            b.maze.start, b.maze.goals, b.maze.wrap_x, b.maze.wrap_y)
        assert a.exits == b.exits and a.info == b.info
    original, saved = load_level(path.read_text(), str(path)), load_level(
        (tmp_path / path.name).read_text(), str(tmp_path / path.name))
    assert (saved.par, saved.budget, saved.exits, saved.hints) == (
        original.par, original.budget, original.exits, original.hints)


def test_an_edit_is_saved_and_loads_back(tmp_path):
    editor = Editor.blank(6, 4, folder=tmp_path)
    assert editor.set_info(id="drawn", title="Drawn by hand", par=12, budget=30) == ""
    at(editor, 1, 2).toggle_wall(EAST)
    editor.cycle_door(SOUTH)  # one-way out of (1, 2)
    at(editor, 0, 4).toggle_exit()
    assert "no exits" in editor.toggle_wrap("y")  # the exit is on the north border
    assert editor.save() == "" and not editor.unsaved
    text = (tmp_path / "drawn.toml").read_text()
    level = load_level(text, str(tmp_path / "drawn.toml"))
    assert level.title == "Drawn by hand" and (level.par, level.budget) == (12, 30)
    assert level.exits == ((4, "north"),)
    again = Editor.open(tmp_path / "drawn.toml")
    assert np.array_equal(again.maze.walls, editor.maze.walls)
    assert again.door_state(again.maze.index(1, 2), SOUTH) == (0, 1)
    assert again.info == editor.info


def test_a_level_with_a_trap_is_not_saved_unless_it_allows_traps(tmp_path):
    editor = Editor.blank(5, 3, folder=tmp_path)
    at(editor, 0, 2).toggle_wall(EAST)
    for c in (3, 4):
        at(editor, 0, c).toggle_wall(SOUTH)
    at(editor, 0, 2).cycle_door(EAST)
    editor.cycle_door(EAST)
    problem = editor.save()
    assert problem.startswith("not saved:") and "trap" in problem
    assert not (tmp_path / "my-level.toml").exists() and editor.unsaved
    editor.set_info(traps=True)
    assert editor.save() == ""
    assert load_level((tmp_path / "my-level.toml").read_text()).traps


def test_a_maze_file_opens_with_fields_named_after_it(tmp_path):
    path = tmp_path / "My Maze.txt"
    path.write_text(to_text(generate("kruskal", 5, 4, 2).maze))
    editor = Editor.open(path)
    assert editor.info.id == "my-maze" and editor.opened is None
    assert editor.save_path == tmp_path / "my-maze.toml"


def test_a_demon_the_editor_does_not_edit_is_kept(tmp_path):
    text = asset("levels", "first-steps.toml").read_text().replace(
        'id = "first-steps"', 'id = "chase-me"')
    (tmp_path / "chase-me.toml").write_text(
        text + '\n[demon]\npersonality = "tracker"\nspeed = "1/2"\n')
    editor = Editor.open(tmp_path / "chase-me.toml")
    editor.folder = tmp_path / "out"
    assert editor.save() == ""
    saved = load_level((tmp_path / "out" / "chase-me.toml").read_text())
    assert saved.demon.personality == "tracker" and str(saved.demon.speed) == "1/2"


def test_an_id_is_at_most_40_characters_as_level_files_allow():
    """A level is saved as <id>.toml: a 5,000-digit id is refused in words, never handed to
    the file system (which says "File name too long")."""
    from dataclasses import replace

    from mazegame.games.editor_level import LevelInfo, id_from_path

    assert "at most 40" in replace(LevelInfo(), id="9" * 5000).problem()
    assert replace(LevelInfo(), id="a" * 40).problem() == ""
    made = id_from_path("My " + "long " * 100 + ".txt")
    assert len(made) <= 40 and made.startswith("my-long-long") and not made.endswith("-")
    editor = Editor.blank()
    editor.info = replace(editor.info, id="9" * 5000)
    assert editor.save().startswith("not saved: an id is at most 40")
