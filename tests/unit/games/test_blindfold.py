"""The blindfold puzzle's rules and the all-mazes lab's runs."""

import pytest

from mazegame.engine.allmazes.mazeset import MazeSet
from mazegame.games.blindfold import LEVELS, BlindfoldGame, known_sequence, stars
from mazegame.games.lab_allmazes import AllMazesLab, random_walk, staircase


def test_levels_and_pars():
    assert {name: level.par for name, level in LEVELS.items()} == {
        "3x3": 11, "3x4": 17, "3x5": 29, "4x4": 29, "4x5": 60}
    assert [name for name, level in LEVELS.items() if not level.proved] == ["4x5"]


def test_par_is_the_shipped_sequences_length_so_a_shorter_one_lowers_it(monkeypatch):
    from mazegame.games import blindfold_levels

    level = LEVELS["4x5"]
    assert level.par == len(known_sequence(4, 5)) == 60
    assert "60 is the best known" in level.note and "bound 4x5" in level.note
    monkeypatch.setattr(blindfold_levels, "known_sequence", lambda n, m: "d" * 58)
    assert level.par == 58 and "58 is the best known" in level.note


def test_the_3x5_note_names_the_command_that_proves_it():
    assert "`mazegame allmazes sat 3x5 28`" in LEVELS["3x5"].note
    assert LEVELS["3x5"].note.startswith("29 is optimal")


@pytest.mark.parametrize("name", ["3x5", "4x5"])
def test_a_level_counts_its_mazes_as_the_transfer_matrix_does(name):
    from mazegame.engine.allmazes.count import count_feasible

    level = LEVELS[name]
    game = BlindfoldGame(level)
    assert game.total == level.mazes == count_feasible(level.n, level.m)


@pytest.mark.parametrize("name", ["3x5", "4x5"])
def test_the_shipped_sequence_wins_at_par_checked_and_one_move_short_does_not(name):
    level = LEVELS[name]
    game = BlindfoldGame(level)
    known = known_sequence(level.n, level.m)
    game.set_sequence(known[:-1])
    assert not game.won and not game.checked() and game.stars() == 0
    game.type(known[-1])
    assert game.won and game.checked() and game.stars() == 3
    game.set_sequence("u" + known)  # a bump first: one over par
    assert game.won and game.checked() and game.stars() == 2


@pytest.mark.parametrize(("moves", "earned"), [(10, 3), (11, 3), (12, 2), (14, 2), (15, 1),
                                               (40, 1)])
def test_stars_at_par_or_better_three_fewer_above(moves, earned):
    assert stars(moves, 11) == earned


def test_typing_counts_unsolved_and_undo_takes_back():
    game = BlindfoldGame(LEVELS["3x3"])
    assert (game.total, game.unsolved()) == (51, 51)
    for move in "ddrr":
        game.type(move)
    left = game.unsolved()
    assert 0 < left < 51
    got_out = game.type("d")
    assert game.unsolved() == left - got_out and got_out == len(game.newly_solved) > 0
    assert game.erase() and game.unsolved() == left and game.sequence == "ddrr"
    game.clear()
    assert game.sequence == "" and not game.erase()
    with pytest.raises(ValueError):
        game.type("x")


def test_the_optimum_earns_three_stars_and_a_longer_one_fewer():
    game = BlindfoldGame(LEVELS["3x3"])
    game.set_sequence("drddruurrdd")
    assert game.won and game.stars() == 3
    game.set_sequence("drddruurrdd" + "rrrrr")  # solves all, 16 moves
    assert game.won and game.stars() == 1
    game.set_sequence("drddruurrd")  # one short
    assert not game.won and game.stars() == 0


def test_the_shown_maze_is_unsolved_with_the_path_in_it():
    game = BlindfoldGame(LEVELS["3x3"])
    for move in "rrdd":
        game.type(move)
    k = game.shown()
    assert not game.mazes.solved[k]
    assert len(game.path(k)) == 5 and game.path(k)[0] == 0


def test_giving_up_reveals_a_solution_but_no_stars():
    game = BlindfoldGame(LEVELS["3x4"])
    known = game.give_up()
    assert known == known_sequence(3, 4) and game.won and game.stars() == 0


def test_the_lab_steps_both_runs_and_back():
    lab = AllMazesLab(3, 3)
    left, right = lab.runs
    assert left.name == "optimal" and right.name == "random walk"
    for _ in range(11):
        assert lab.step()
    assert left.finished and left.mazes.unsolved() == 0 and right.at == 11
    lab.step()  # the left run has ended: only the right one moves on
    assert (left.at, right.at) == (11, 12)
    assert lab.back() and (left.at, right.at) == (11, 11)
    assert lab.back() and (left.at, right.at) == (10, 10)
    lab.rewind()
    assert left.at == right.at == 0


def test_cycling_a_side_keeps_it_in_step_and_distinct():
    lab = AllMazesLab(3, 3)
    for _ in range(3):
        lab.step()
    lab.cycle(1)
    assert lab.runs[1].name == "staircase rd" and lab.runs[1].at == 3
    lab.cycle(1)  # the left side's sequence is skipped
    assert lab.runs[1].name == "random walk"


def test_random_walk_solves_all_and_the_staircase_cannot():
    walk = random_walk(3, 3, seed=4)
    mazes = MazeSet(3, 3)
    mazes.play(walk)
    assert mazes.unsolved() == 0
    mazes.play(staircase(3, 3))
    assert mazes.unsolved() > 0


def test_a_sample_is_spread_over_all_mazes():
    lab = AllMazesLab(3, 4)
    assert len(lab.sample(400)) == 295
    picked = lab.sample(10)
    assert len(picked) == 10 and picked[0] == 0 and picked[-1] == 294


def test_your_own_sequence_plays_against_the_optimum():
    lab = AllMazesLab(3, 3, yours="rrdd")
    assert [run.name for run in lab.runs] == ["optimal", "yours"]
    assert lab.runs[1].sequence == "rrdd"
    assert AllMazesLab(4, 4).runs[0].name == "optimal"  # 29: 28 proved impossible by SAT


def test_a_class_sample_is_seeded_spread_over_solve_times_and_solved_by_the_end():
    from mazegame.engine.allmazes.family import family
    from mazegame.games.lab_allmazes import SAMPLE_CLASSES, draw_sample

    drawn = draw_sample(4, 5, seed=3)
    assert len(drawn.masks) == SAMPLE_CLASSES and drawn.classes == len(family(4, 5).masks)
    assert drawn.mazes == 46557 and drawn.unsolved_after(60) == 0
    assert (draw_sample(4, 5, seed=3).masks == drawn.masks).all()
    assert not (draw_sample(4, 5, seed=4).masks == drawn.masks).all()
    known = known_sequence(4, 5)
    mazes = MazeSet(4, 5, drawn.masks)
    assert set(drawn.masks.tolist()) <= set(family(4, 5).masks.tolist())
    mazes.play(known)
    times = mazes.solved_at()
    assert mazes.unsolved() == 0 and (times[1:] >= times[:-1]).all()  # in order of solving
    # one class from each 60th: the first solved early, the last as late as the latest
    assert times[0] <= drawn.times[drawn.times >= 0].min() + 2 and times[-1] == len(known)


def test_the_lab_on_a_sample_plays_the_shipped_sequence_and_redraws_in_step():
    from mazegame.games.lab_allmazes import draw_sample, sampled

    assert sampled(5, 5) and not sampled(4, 5)
    lab = AllMazesLab(4, 5, drawn=draw_sample(4, 5, seed=1))
    left, right = lab.runs
    assert left.name == "best known" and left.sequence == known_sequence(4, 5)
    assert len(left.mazes) == 60 and right.name == "random walk"
    for _ in range(10):
        lab.step()
    lab.cycle(0)  # the staircase on the left
    lab.playing = True
    again = lab.redrawn(draw_sample(4, 5, seed=2))
    assert [run.at for run in again.runs] == [10, 10] and again.drawn.seed == 2
    assert [run.name for run in again.runs] == ["staircase rd", "random walk"]
    assert again.playing
    assert not (again.masks == lab.masks).all()


def test_a_sequence_is_full_at_max_moves():
    from mazegame.games.blindfold import MAX_MOVES

    game = BlindfoldGame(LEVELS["3x3"])
    game.set_sequence("u" * (MAX_MOVES - 1))
    assert not game.full
    game.type("u")
    assert game.full
