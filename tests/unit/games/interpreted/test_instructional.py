"""The instructional game: a problem on every open door, harder toward the goal, answers
checked kindly, the same school for the same seed."""

import re
from fractions import Fraction

import pytest

from mazegame.games.interpreted import instructional
from mazegame.games.interpreted.base import check_answer
from mazegame.games.interpreted.content import ContentError, parse_content
from mazegame.games.modes import DIFFICULTIES
from mazegame.locations import asset
from tests.unit.games.interpreted.kinds_checks import (
    assert_no_line_repeats,
    assert_options_match_doors,
    assert_rises_toward_goal,
    braided,
    open_options,
    oracle_distances,
)


@pytest.fixture(scope="module")
def maze():
    return braided()


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_problems_are_the_doors_and_difficulty_rises_toward_the_goal(maze, difficulty):
    school = instructional.build(maze, 11, difficulty)
    assert school.kind == "instructional"
    assert_options_match_doors(maze, school)
    assert_rises_toward_goal(maze, school, lambda o: o.difficulty)
    assert_no_line_repeats(maze, school)


def test_in_every_room_the_door_nearer_the_goal_is_the_harder_problem(maze):
    school = instructional.build(maze, 4, "normal")
    dist = oracle_distances(maze)
    for cell in range(maze.size):
        opts = [o for o in school.scene(cell).options if o.open]
        assert len({o.extra["subject"] for o in opts}) <= 1  # like compared with like
        for a in opts:
            for b in opts:
                if dist[a.to] < dist[b.to]:  # plus the contrast each way (no clamping here)
                    assert a.extra["grade"] - b.extra["grade"] >= 2 * school.contrast - 2e-3


def test_the_difficulty_setting_sets_the_range(maze):
    grades = {}
    for name in DIFFICULTIES:
        school = instructional.build(maze, 4, name)
        lo, hi = school.content["bands"][name]
        gs = [o.extra["grade"] for _, o in open_options(maze, school)]
        assert lo - school.contrast - 1e-9 <= min(gs) and max(gs) <= hi + school.contrast + 1e-9
        grades[name] = sum(gs) / len(gs)
    assert list(grades.values()) == sorted(grades.values())
    assert grades["easy"] < grades["nightmare"]


def _sum(question: str) -> Fraction:
    """The value of the sum in an arithmetic question, worked out by Python."""
    expr = re.sub(r"^.*?([\d(][\d\s()+−×÷]*[\d)]).*$", r"\1", question)
    expr = expr.replace("−", "-").replace("×", "*").replace("÷", "/")
    return Fraction(eval(expr, {"__builtins__": {}}))  # digits and operators only


def test_every_open_door_carries_a_problem_its_answer_solves(maze):
    seen = set()
    for seed in range(3):
        for name in DIFFICULTIES:
            school = instructional.build(maze, seed, name)
            for _, o in open_options(maze, school):
                p = o.extra
                seen.add(p["subject"])
                assert p["question"] in o.text
                assert check_answer(o, p["answer"])
                assert check_answer(o, f"  {p['answer'].upper()}  ")
                if p["subject"] == "arithmetic":
                    assert Fraction(p["answer"]) == _sum(p["question"])
                    assert not check_answer(o, str(Fraction(p["answer"]) + 1))
                if "choices" in p:
                    right = "abcd"[p["choices"].index(p["answer"])]
                    assert check_answer(o, right) and check_answer(o, f"{right.upper()})")
                    for i, choice in enumerate(p["choices"]):
                        if choice != p["answer"]:
                            assert not check_answer(o, choice)
                            assert not check_answer(o, "abcd"[i])
    assert seen == set(instructional.MAKERS)


def test_spelling_offers_the_word_among_misspellings_that_are_not_words(maze):
    school = instructional.build(maze, 8, "hard", subjects=["spelling"])
    words = school.spelled
    for _, o in open_options(maze, school):
        assert o.extra["subject"] == "spelling"
        wrong = [c for c in o.extra["choices"] if c != o.extra["answer"]]
        assert o.extra["answer"] in words and len(wrong) >= 2
        assert not set(wrong) & words


def test_misspellings_are_near_misses():
    assert {"recieve", "recive"} <= set(instructional.misspellings("receive"))
    assert "necesary" in instructional.misspellings("necessary")
    assert "necessary" not in instructional.misspellings("necessary")


def test_closed_doors_take_no_answer_and_still_look_like_doors(maze):
    school = instructional.build(maze, 1, "normal")
    doors = set(school.content["doors"])
    closed = [o for c in range(maze.size) for o in school.scene(c).options if not o.open]
    assert closed
    for o in closed:
        assert o.difficulty is None and not check_answer(o, "")
        assert o.text.split(":")[0] in doors and "?" not in o.text
        assert o.extra["refusal"] == o.text


def test_same_seed_same_school_word_for_word(maze):
    a, b = instructional.build(maze, 42, "hard"), instructional.build(maze, 42, "hard")
    cells = range(maze.size)
    assert [b.scene(c) for c in reversed(cells)][::-1] == [a.scene(c) for c in cells]
    assert [a.scene(c).options[0].extra for c in cells] == [b.scene(c).options[0].extra
                                                            for c in cells]
    other = instructional.build(maze, 43, "hard")
    assert [other.scene(c).options for c in cells] != [a.scene(c).options for c in cells]


def test_goal_and_opening_texts_name_the_goal(maze):
    school = instructional.build(maze, 0, "easy")
    assert school.goal in school.goal_text and school.goal in school.opening_text
    assert school.goal.lower() in school.scene(maze.goals[0]).text.lower()


def test_shipped_content_and_words_validate():
    text = asset("interpreted", "instructional.toml").read_text(encoding="utf-8")
    instructional.check_content(parse_content(text, "x", instructional.SCHEMA))
    words = instructional.load_words()
    assert sum(map(len, words.values())) >= 300 and sorted(words) == [1, 2, 3, 4, 5]
    mean = [sum(map(len, words[g])) / len(words[g]) for g in sorted(words)]
    assert mean == sorted(mean)  # graded by length, roughly


@pytest.mark.parametrize("old, new, needle", [
    ("nightmare = 0.05", "nightmare = 0.9", "nightmare = 0.9"),
    ('weights = [5, 2, 2, 1]', 'weights = [5, 2, 2]', "weights ="),
    ('subjects = ["arithmetic",', 'subjects = ["algebra",', "algebra"),
    ("hard = [0.35, 0.9]", "hard = [0.9, 0.35]", "hard = [0.9"),
])
def test_a_broken_copy_names_file_and_line(old, new, needle):
    text = asset("interpreted", "instructional.toml").read_text(encoding="utf-8")
    assert old in text
    broken = text.replace(old, new, 1)
    with pytest.raises(ContentError) as err:
        doc = parse_content(broken, "interpreted/instructional.toml", instructional.SCHEMA)
        instructional.check_content(doc)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if needle in row)
    assert str(err.value).startswith(f"interpreted/instructional.toml:{line}:")


@pytest.mark.parametrize("text, line, message", [
    ("grade 1\ncat\ndog\nsun\nhat\nCat\n", 6, "not one lower-case word"),
    ("cat\ngrade 1\n", 1, "before the first"),
    ("grade 1\ncat\ndog\n# a comment\ncat\n", 5, "listed twice"),
    ("grade 1\ncat\ndog\nsun\nhat\ngrade 1\nbee\n", 6, "starts twice"),
])
def test_a_broken_word_list_names_file_and_line(text, line, message):
    with pytest.raises(ContentError) as err:
        instructional.parse_words(text, "interpreted/words.txt")
    assert str(err.value).startswith(f"interpreted/words.txt:{line}:") and message in str(err.value)


def test_the_rival_is_a_pupil_counting_rooms(maze):
    school = instructional.build(maze, 3, "normal")
    assert school.rival_line(2, False).endswith(f"2 rooms from {school.goal}.")
    assert school.rival_line(1, False).endswith(f"1 room from {school.goal}.")
    assert school.goal in school.rival_line(0, True)
