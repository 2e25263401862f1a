"""Interpreted mazes: scenes map to doors, the bureaucracy's cast, the game's rules, the
rival and the export."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from mazegame.games.interpreted import KINDS
from mazegame.games.interpreted.base import (
    DOOR_LETTERS,
    Option,
    Scene,
    check_answer,
    goal_distances,
)
from mazegame.games.interpreted.bureaucracy import CAST_SIZE, Bureaucracy, content
from mazegame.games.interpreted.export import export
from mazegame.games.interpreted.game import (
    InterpretedGame,
    Outcome,
    interpreted_maze,
    new_game,
)
from mazegame.games.modes import DIFFICULTIES, MODES

CASES = [(kind, size, seed) for kind in KINDS for size, seed in (((10, 10), 1), ((6, 4), 7),
                                                                   ((3, 9), 22))]


def route_options(game: InterpretedGame) -> list[int]:
    """The option indices that walk the shortest path, taken as the game goes."""
    path, taken = game.shortest_path(), []
    while not game.over:
        nxt = path[game.moves + 1]
        index = next(i for i, o in enumerate(game.scene().options) if o.to == nxt)
        taken.append(index)
        assert game.take(index) in (Outcome.MOVED, Outcome.WON)
    return taken


@pytest.mark.parametrize(("kind", "size", "seed"), CASES)
def test_every_option_is_exactly_one_door_and_every_open_door_one_option(kind, size, seed):
    maze = interpreted_maze(size, seed)
    interp = KINDS[kind](maze, seed, "normal")
    for cell in range(maze.size):
        scene = interp.scene(cell)
        assert sorted(o.door for o in scene.options) == [0, 1, 2, 3], (cell, scene)
        for option in scene.options:
            target = maze.step(cell, option.door)
            assert option.open == (target != cell)
            assert option.to == (target if option.open else None)


def test_closed_doors_are_the_cast_and_open_doors_never_are():
    cast = {m["name"] for m in content()["cast"]}
    assert len(cast) == CAST_SIZE == 10
    assert "Assistant Deputy Under Secretary Smith" in cast
    used = set()
    for seed in range(4):
        maze = interpreted_maze((10, 10), seed)
        interp = Bureaucracy(maze, seed)
        for cell in range(maze.size):
            for option in interp.scene(cell).options:
                named = [name for name in cast if name in option.text]
                if option.open:
                    assert not named, option.text
                    assert option.extra["person"] not in cast
                else:
                    assert named == [option.extra["person"]], option.text
                    used.add(option.extra["person"])
    assert used == cast  # chosen at random: every one of the ten turns up


def test_no_line_repeats_within_a_scene_of_a_10x10_game():
    maze = interpreted_maze((10, 10), 3)
    interp = Bureaucracy(maze, 3)
    for cell in range(maze.size):
        scene = interp.scene(cell)
        said = [o.text.split("“", 1)[1] for o in scene.options]
        assert len(set(said)) == len(said), scene
        people = [o.extra["person"] for o in scene.options]
        assert len(set(people)) == len(people), scene


def test_titles_rise_towards_mr_x():
    maze = interpreted_maze((10, 10), 5)
    interp = Bureaucracy(maze, 5)
    dist = goal_distances(maze)
    ranks = [(int(dist[c]), interp.rank(c)) for c in range(maze.size) if dist[c] > 0]
    for (d1, r1) in ranks:
        for (d2, r2) in ranks:
            if d1 < d2:
                assert r1 <= r2
    assert interp.occupant(maze.goals[0]).name == "Mr. X"


def test_a_braided_maze_has_loops():
    maze = interpreted_maze((10, 10), 1)
    doors = sum(bin(~int(w) & 0xF).count("1") for w in maze.walls.ravel()) // 2
    assert doors > maze.size - 1  # more doors than a spanning tree: loops of referrals


def test_same_seed_same_export_byte_for_byte():
    for kind in KINDS:
        first = export(kind, (7, 5), 11, "normal")
        assert first == export(kind, (7, 5), 11, "normal")
        assert first != export(kind, (7, 5), 12, "normal")


def test_the_export_has_every_side_of_every_cell():
    doc = json.loads(export("bureaucracy", (5, 4), 2, "hard"))
    assert doc["kind"] == "bureaucracy" and doc["seed"] == 2
    assert doc["maze"]["width"] == 5 and len(doc["cells"]) == 20
    for entry in doc["cells"]:
        assert sorted(o["door"] for o in entry["options"]) == sorted(DOOR_LETTERS)
        for option in entry["options"]:
            assert set(option) == {"door", "open", "text", "to", "value", "difficulty"}
            assert (option["to"] is None) == (not option["open"])


# -- the game ---------------------------------------------------------------------------
def test_following_the_shortest_path_wins_in_the_fewest_moves():
    game = new_game("bureaucracy", (8, 8), 4, clock=lambda: 0.0)
    route_options(game)
    assert game.won and game.over
    assert game.moves == game.shortest
    assert game.trail == game.shortest_path()
    assert game.beat_rival  # a perfect run beats the rival at every difficulty


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_a_perfect_run_beats_the_rival(difficulty):
    game = new_game("bureaucracy", (10, 10), 9, difficulty)
    route_options(game)
    assert game.beat_rival, difficulty


def test_a_closed_door_is_refused_and_costs_a_turn():
    game = new_game("bureaucracy", (6, 6), 2)
    closed = next(i for i, o in enumerate(game.scene().options) if not o.open)
    before = game.position
    assert game.take(closed) is Outcome.REFUSED
    assert game.position == before and game.moves == 0
    assert game.refusals == 1 and game.turns == 1
    assert game.last_text  # the cast member's refusal, in words


def test_the_rival_gets_there_while_you_dither():
    game = new_game("bureaucracy", (6, 6), 2, "hard")
    closed = next(i for i, o in enumerate(game.scene().options) if not o.open)
    lines = {game.rival_line()}
    while not game.rival_reached:
        game.take(closed)
        lines.add(game.rival_line())
        assert game.turns < 500
    assert game.rival_distance() == 0
    assert "reached Mr. X" in game.rival_line()
    assert len(lines) > 2  # the news changes as the rival comes closer
    path = game.shortest_path()
    for cell in path[1:-1]:
        assert game.take(next(i for i, o in enumerate(game.scene().options)
                              if o.to == cell)) is Outcome.MOVED
    last = next(i for i, o in enumerate(game.scene().options) if o.to == path[-1])
    assert game.take(last) is Outcome.SECOND  # you can still get there, second: lost
    assert game.over and not game.won and not game.beat_rival


def test_the_rival_keeps_its_pace():
    game = new_game("bureaucracy", (10, 10), 3, "easy")
    preset = DIFFICULTIES["easy"]
    assert game.speed == preset.speed == Fraction(1, 2)
    closed = next(i for i, o in enumerate(game.scene().options) if not o.open)
    for _ in range(preset.head_start):
        game.take(closed)
    assert game.rival_trail == [game.rival_start]  # asleep for its head start
    for _ in range(4):
        game.take(closed)
    assert len(game.rival_trail) - 1 == 2  # half a step a turn


class _Quiz:
    """A stand-in kind whose options are problems (as the instructional kind's are)."""

    kind = "quiz"

    def __init__(self, maze):
        self.maze = maze

    def scene(self, cell):
        options = []
        for door in range(4):
            to = self.maze.step(cell, door)
            options.append(Option(door, to != cell, f"{door} + 2 = ?", to if to != cell else None,
                                  difficulty=1, extra={"question": f"{door} + 2",
                                                       "answer": door + 2}))
        return Scene(cell, "A desk and a pencil.", tuple(options))


def test_a_problem_must_be_answered_and_a_wrong_answer_keeps_you_in_place():
    maze = interpreted_maze((5, 5), 1)
    game = InterpretedGame(maze, interpretation=_Quiz(maze))
    index = next(i for i, o in enumerate(game.scene().options) if o.open)
    door = game.scene().options[index].door
    assert game.take(index) is Outcome.ASK and game.turns == 0
    assert game.answer(index, "999") is Outcome.WRONG
    assert game.position == maze.start and game.wrong == 1
    assert game.answer(index, f" {door + 2}.0 ") in (Outcome.MOVED, Outcome.WON)
    assert game.position != maze.start


def test_check_answer():
    option = Option(0, True, "Spell it", 1, extra={"question": "q", "answer": "Necessary"})
    assert check_answer(option, "  necessary ")
    assert not check_answer(option, "neccessary")
    number = Option(0, True, "7 x 6", 1, extra={"question": "q", "answer": 42})
    assert check_answer(number, "42") and check_answer(number, "42.0")
    assert not check_answer(number, "nan") and not check_answer(number, "")


def test_the_modes_are_registered_with_the_difficulties():
    for kind in KINDS:
        mode = MODES[kind]
        assert mode.builds == "flat" and mode.files is None
        (choice,) = mode.choices
        assert [v for _, v in choice.values] == list(DIFFICULTIES)


def test_unknown_kind_and_difficulty_are_refused():
    with pytest.raises(ValueError, match="unknown kind"):
        new_game("astrology", (4, 4), 1)
    with pytest.raises(ValueError, match="unknown difficulty"):
        new_game("bureaucracy", (4, 4), 1, "impossible")
