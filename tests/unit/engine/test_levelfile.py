"""Level documents: every validation error at its line, building, and the write round trip."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from mazegame.engine.grid import Maze, set_door
from mazegame.engine.levelfile import (
    LevelError,
    level_to_toml,
    load_chapters,
    load_level,
    load_levels,
    scan_levels,
)
from mazegame.engine.levelscan import key_lines
from mazegame.engine.mazetext import to_text

# A 3x2 maze, one door short of a loop; start [0, 0], goal [1, 2].
PICTURE = """\
┌───────────┐
│ S         │
├───────╴   │
│ G         │
└───────────┘
"""
BASE = f'''id = "test-level"
chapter = 2
order = 3
title = "A test"
flavour = "Nothing to see."
view = "blind"

[maze]
picture = """
{PICTURE}"""
'''
# line numbers in BASE: 1 id, 2 chapter, 3 order, 4 title, 5 flavour, 6 view, 8 [maze],
# 9 picture =, 10 top border, 11 row 0, 12 wall, 13 row 1, 14 bottom border


def error_of(text: str, path: str = "test-level.toml") -> LevelError:
    with pytest.raises(LevelError) as caught:
        load_level(text, path)
    return caught.value


def with_keys(*lines: str, text: str = BASE) -> str:
    """BASE with top-level lines added after `view` (line 7 onwards)."""
    return text.replace('view = "blind"\n', 'view = "blind"\n' + "".join(f"{x}\n" for x in lines))


def test_the_base_level_loads_with_its_rules():
    level = load_level(BASE, "test-level.toml")
    assert (level.id, level.chapter, level.order, level.view) == ("test-level", 2, 3, "blind")
    assert level.maze.start == 0 and level.maze.goals == (3,)
    assert level.shortest == level.par == 5
    assert level.budget is None and level.demon is None and not level.traps
    assert level.source["maze"]["picture"] == PICTURE


def test_key_lines_skip_multiline_strings_and_arrays():
    text = ('a = 1\nb = """\nc = 2\n"""\nd = [\n  "e = 3",\n]\n[t]\nf = 4\n'
            '[[g]]\nh = 5\n[[g]]\nh = 6\n')
    lines = key_lines(text)
    assert lines[("a",)] == 1 and lines[("b",)] == 2 and ("c",) not in lines
    assert lines[("d",)] == 5 and ("e",) not in lines
    assert lines[("t", "f")] == 9 and lines[("g", 0, "h")] == 11 and lines[("g", 1, "h")] == 13


# -- every error, with its line ---------------------------------------------------------------
CASES = [
    ("toml syntax", BASE.replace("order = 3", "order = = 3"), 3, "not valid TOML"),
    ("unknown key", with_keys("colour = 1"), 7, "unknown key 'colour'"),
    ("unknown maze key", BASE.replace("[maze]\n", "[maze]\nbraids = 1\n"), 9,
     "unknown key 'braids' in [maze]"),
    ("unknown table", BASE + "\n[demons]\nx = 1\n", 17, "unknown key 'demons'"),
    ("missing key", BASE.replace('title = "A test"\n', ""), 1, "has no 'title'"),
    ("wrong type", BASE.replace("chapter = 2", 'chapter = "two"'), 2,
     "chapter must be a whole number >= 1, not 'two'"),
    ("bool for int", BASE.replace("order = 3", "order = true"), 3, "order must be a whole"),
    ("bad id", BASE.replace('"test-level"', '"Test Level"'), 1, "may hold only a-z"),
    ("bad view", BASE.replace('"blind"', '"sky"'), 6, "view 'sky' is not one of"),
    ("bad wrap", with_keys('wrap = "z"'), 7, 'wrap is "", "x", "y" or "xy"'),
    ("wrap too small", with_keys('wrap = "y"'), 7, "a wrapped axis needs at least 3 cells"),
    ("start outside", with_keys("start = [5, 0]"), 7, "lies outside the 3x2 maze"),
    ("start not a cell", with_keys("start = [0]"), 7, "a cell is [row, column]"),
    ("start disagrees", with_keys("start = [0, 1]"), 7, "but the picture marks S at [0, 0]"),
    ("goal outside", with_keys("goals = [[0, 9]]"), 7, "lies outside"),
    ("start on a goal", with_keys("goals = [[0, 0]]"), 7, "is also a goal"),
    ("exit off the border", with_keys('exits = [[1, 1, "north"]]'), 7,
     "not on the north border"),
    ("exit bad side", with_keys('exits = [[1, 1, "up"]]'), 7, "side north, east, south or west"),
    ("par below shortest", with_keys("par = 4"), 7, "par 4 is below the shortest path (5 moves)"),
    ("budget below shortest", with_keys("budget = 4"), 7,
     "budget 4 is below the shortest path (5 moves)"),
    ("par above budget", with_keys("budget = 6", "par = 7"), 8, "par 7 is above the budget"),
    ("traps not bool", with_keys('traps = "no"'), 7, "traps must be true or false"),
    ("hints not strings", with_keys("hints = [1]"), 7, "hints must be a list of strings"),
    ("picture room", BASE.replace("│ G         │", "│ G    x    │"), 13,
     "picture: column 6: cannot read room"),
    ("picture width", BASE.replace("│ G         │", "│ G         │  │"), 13,
     "picture: this line is 16 columns wide"),
    ("picture and generator", BASE.replace("[maze]\n", '[maze]\ngenerator = "kruskal"\n'), 9,
     "a picture or a generator, not both"),
    ("recipe key on picture", BASE.replace("[maze]\n", "[maze]\nseed = 3\n"), 9,
     "maze.seed belongs to a generated maze"),
    ("demon personality", BASE + '\n[demon]\npersonality = "ghost"\n', 18,
     "unknown demon personality 'ghost'"),
    ("demon speed", BASE + '\n[demon]\npersonality = "tracker"\nspeed = "fast"\n', 19,
     'demon.speed is a fraction like "3/4"'),
    ("demon on the start", BASE + '\n[demon]\npersonality = "tracker"\nstart = [0, 0]\n', 19,
     "the demon starts on the player's start"),
]


@pytest.mark.parametrize(("name", "text", "line", "message"), CASES, ids=[c[0] for c in CASES])
def test_each_error_names_its_line(name, text, line, message):
    err = error_of(text)
    assert err.line == line, str(err)
    assert message in err.message
    assert str(err) == f"test-level.toml:{line}: {err.message}"


def test_the_id_must_match_the_file_name():
    err = error_of(BASE, "levels/other.toml")
    assert str(err).startswith("levels/other.toml:1: id 'test-level' does not match")
    assert load_level(BASE, "<editor>").id == "test-level"  # no file name: no check


def recipe(**maze) -> str:
    lines = "".join(f"{k} = {v}\n" for k, v in maze.items())
    return f'id = "r"\nchapter = 1\norder = 1\ntitle = "R"\n\n[maze]\n{lines}'


def test_recipe_errors():
    assert error_of(recipe(generator='"nope"', size="[4, 4]", seed=1), "r.toml").line == 7
    size = error_of(recipe(generator='"kruskal"', size="[500, 4]", seed=1), "r.toml")
    assert size.line == 8 and "maze.size [500, 4] is out of range" in size.message
    seed = error_of(recipe(generator='"kruskal"', size="[4, 4]", seed=-1), "r.toml")
    assert seed.line == 9 and "maze.seed must be a whole number 0..2147483647" in seed.message
    braid = error_of(recipe(generator='"kruskal"', size="[4, 4]", seed=1, braid=2), "r.toml")
    assert braid.line == 10 and "maze.braid must be a number from 0 to 1" in braid.message
    assert "needs maze.seed" in error_of(recipe(generator='"kruskal"', size="[4, 4]"),
                                         "r.toml").message


def test_a_recipe_builds_the_generators_maze():
    level = load_level(recipe(generator='"kruskal"', size="[6, 4]", seed=5))
    assert (level.maze.width, level.maze.height, level.maze.algorithm) == (6, 4, "kruskal")
    assert level.maze.goals == (23,) and level.shortest > 0


def test_one_way_recipe_uses_engine_oneway():
    pytest.importorskip("mazegame.engine.oneway")  # lands with the "oneway" branch
    level = load_level(recipe(generator='"kruskal"', size="[8, 6]", seed=5, braid=0.5,
                              one_way=0.2))
    assert level.one_way_doors > 0


def picture_level(maze: Maze, *extra: str) -> str:
    keys = "".join(f"{x}\n" for x in extra)
    return (f'id = "p"\nchapter = 1\norder = 1\ntitle = "P"\n{keys}\n[maze]\n'
            f'picture = """\n{to_text(maze)}"""\n')


def test_a_trap_is_named_unless_allowed():
    # S [0,0] -> G [0,1]; from S a one-way door leads down into [1,0], a dead end.
    maze = Maze.closed(2, 2)
    set_door(maze.walls, False, False, 0, 1, True)
    maze.walls[0, 0] &= ~np.uint8(4)  # S open south; [1,0] walled north: one way down
    maze.start, maze.goals = 0, (1,)
    text = picture_level(maze)
    err = error_of(text, "p.toml")
    assert "cell [1, 0] is a trap" in err.message and "set traps = true" in err.message
    assert err.line == 11  # the picture's row 1
    assert load_level(picture_level(maze, "traps = true")).traps


def test_an_unreachable_goal_is_refused():
    maze = Maze.closed(3, 1)
    set_door(maze.walls, False, False, 0, 1, True)
    maze.start, maze.goals = 0, (2,)
    err = error_of(picture_level(maze), "p.toml")
    assert "goal [0, 2] cannot be reached from the start [0, 0]" in err.message
    assert err.line == 9


def test_rock_cells_are_refused():
    maze = Maze.open(3, 1)
    maze.solid = np.array([[False, False, True]])
    err = error_of(picture_level(maze, "goals = [[0, 2]]"), "p.toml")
    assert err.line == 5 and "goal [0, 2] is rock" in err.message


def test_an_unlisted_gap_in_the_outer_wall_is_refused():
    maze = Maze.open(3, 2)
    maze.walls[0, 1] &= ~np.uint8(1)
    maze.start, maze.goals = 0, (5,)
    err = error_of(picture_level(maze), "p.toml")
    assert err.line == 8 and 'list it in exits as [0, 1, "north"]' in err.message
    level = load_level(picture_level(maze, 'exits = [[0, 1, "north"]]'))
    assert set(level.maze.goals) == {5, 1} and level.exits == ((1, "north"),)


def test_exits_through_a_wrapped_edge_are_refused():
    maze = Maze.open(3, 3, wrap_x=True)
    maze.start, maze.goals = 0, (8,)
    err = error_of(picture_level(maze, 'exits = [[1, 2, "east"]]'), "p.toml")
    assert err.line == 5 and "leaves through a wrapped edge" in err.message
    level = load_level(picture_level(maze, 'exits = [[2, 1, "south"]]'))
    assert level.maze.wrap_x and not level.maze.walls[2, 1] & 4


def test_the_wrap_key_and_the_picture_header_must_agree():
    maze = Maze.open(3, 3, wrap_x=True)
    maze.start, maze.goals = 0, (8,)
    err = error_of(picture_level(maze, 'wrap = "y"'), "p.toml")
    assert err.line == 5 and "the picture's header says wrap x" in err.message
    assert load_level(picture_level(maze)).maze.wrap_x  # the header alone is enough


CORRIDOR = Maze.open(10, 1)
CORRIDOR.start, CORRIDOR.goals = 2, (9,)


def test_demon_table_is_read():
    level = load_level(picture_level(CORRIDOR) + '\n[demon]\npersonality = "cheese"\n'
                       'speed = "1/2"\nhead_start = 2\nstart = [0, 0]\n')
    assert level.demon.personality == "cheese" and level.demon.speed == Fraction(1, 2)
    assert (level.demon.start, level.demon.head_start) == (0, 2)


def test_an_unwinnable_chase_is_refused():
    err = error_of(picture_level(CORRIDOR) + '\n[demon]\npersonality = "tracker"\n'
                   'speed = 2\nstart = [0, 0]\n', "p.toml")
    assert err.line == 16 and "this chase cannot be won" in err.message
    err = error_of(picture_level(CORRIDOR) + '\n[demon]\npersonality = "tracker"\nspeed = 4\n',
                   "p.toml")
    assert err.line == 13 and "no demon start lets this chase be won" in err.message


# -- round trip -------------------------------------------------------------------------------
def same(a, b) -> None:
    for field in ("id", "chapter", "order", "title", "flavour", "view", "exits", "budget",
                  "par", "shortest", "traps", "hints", "demon"):
        assert getattr(a, field) == getattr(b, field), field
    assert np.array_equal(a.maze.walls, b.maze.walls)
    assert (a.maze.start, set(a.maze.goals), a.maze.wrap_x, a.maze.wrap_y) == (
        b.maze.start, set(b.maze.goals), b.maze.wrap_x, b.maze.wrap_y)


@pytest.mark.parametrize("text", [
    BASE,
    with_keys("budget = 9", "par = 6", 'hints = ["one", "two \\"quoted\\""]', "traps = true"),
    picture_level(CORRIDOR, 'exits = [[0, 9, "east"]]') + '\n[demon]\npersonality = "tracker"\n'
    'speed = "3/4"\nstart = [0, 0]\n',
])
def test_load_write_load_is_the_same_level(text):
    first = load_level(text)
    again = load_level(level_to_toml(first.source))
    same(first, again)
    fields = {**first.source, "maze": first.maze, "demon": first.demon}  # as the editor saves
    same(first, load_level(level_to_toml(fields)))


def test_shipped_levels_round_trip():
    from mazegame.locations import asset

    for level in load_levels(asset("levels")):
        same(level, load_level(level_to_toml(level.source)))
        fields = {**level.source, "maze": level.maze}
        fields.pop("demon", None)
        if level.demon is None:
            same(level, load_level(level_to_toml(fields)))


def test_level_to_toml_refuses_unknown_fields():
    with pytest.raises(ValueError, match="unknown level field"):
        level_to_toml({"id": "a", "colour": 1, "maze": {"picture": PICTURE}})


# -- folders and chapters -----------------------------------------------------------------------
def test_a_folder_reports_every_bad_file_and_clashes(tmp_path):
    (tmp_path / "test-level.toml").write_text(BASE, encoding="utf-8")
    (tmp_path / "clash.toml").write_text(BASE.replace('"test-level"', '"clash"'),
                                         encoding="utf-8")
    (tmp_path / "broken.toml").write_text("id = ", encoding="utf-8")
    levels, errors = scan_levels(tmp_path)
    assert [lv.id for lv in levels] == ["clash"]
    messages = sorted(str(e) for e in errors)
    assert any("broken.toml:1: not valid TOML" in m for m in messages)
    assert any("test-level.toml:3: chapter 2 already has a level at order 3: clash.toml" in m
               for m in messages)
    with pytest.raises(LevelError):
        load_levels(tmp_path)


def test_chapters_file(tmp_path):
    path = tmp_path / "chapters.toml"
    path.write_text('[[chapter]]\nnumber = 2\ntitle = "B"\n\n[[chapter]]\nnumber = 1\n'
                    'title = "A"\nblurb = "first"\n', encoding="utf-8")
    chapters = load_chapters(path)
    assert list(chapters) == [1, 2] and chapters[1].blurb == "first"
    path.write_text('[[chapter]]\nnumber = 1\ntitle = "A"\n[[chapter]]\nnumber = 1\n'
                    'title = "B"\ncolour = 3\n', encoding="utf-8")
    err = pytest.raises(LevelError, load_chapters, path).value
    assert err.line == 7 and "unknown key 'colour'" in err.message
    path.write_text('[[chapter]]\nnumber = 1\ntitle = "A"\n[[chapter]]\nnumber = 1\n'
                    'title = "B"\n', encoding="utf-8")
    err = pytest.raises(LevelError, load_chapters, path).value
    assert err.line == 5 and "chapter 1 is given twice" in err.message


def test_a_level_in_a_chapter_without_a_title_is_reported(tmp_path):
    (tmp_path / "chapters.toml").write_text('[[chapter]]\nnumber = 1\ntitle = "A"\n',
                                            encoding="utf-8")
    (tmp_path / "test-level.toml").write_text(BASE, encoding="utf-8")
    _, errors = scan_levels(tmp_path)
    assert [str(e) for e in errors] == [
        f"{tmp_path / 'test-level.toml'}:2: chapter 2 is not in chapters.toml"]
