"""Replays of the jumping maze, the blindfold puzzle and the interpreted mazes: a recording
played back ends as the game it recorded; a bad one is refused in words."""

import random

import pytest

from mazegame.games.blindfold import LEVELS, BlindfoldGame
from mazegame.games.interpreted import KINDS
from mazegame.games.interpreted.base import needs_answer
from mazegame.games.interpreted.game import interpreted_maze, new_game
from mazegame.games.jump import JumpGame, load_pack
from mazegame.games.replay import Recording, ReplayError, kind_of, replayable
from mazegame.games.setup import GameSetup


def round_trip(setup, game):
    """The game's recording, through the JSON the results file keeps, played to its end."""
    return Recording.from_json(Recording.of(setup, game).to_json()).play()


def jumped(seed, steps=60):
    """A jumping puzzle played by a restless player: jumps, undos and resets."""
    game = JumpGame(load_pack("classics")[seed % 3])
    rng = random.Random(seed)
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.15:
            game.undo()
        elif roll < 0.2:
            game.reset()
        elif game.options():
            game.jump(rng.choice(list(game.options())))
        if game.won:
            break
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_jump_replay_ends_where_the_game_did(seed):
    game = jumped(seed)
    assert {e[0] for e in game.events} >= {"j", "u"}
    replayed = round_trip(GameSetup(mode="jump"), game)
    assert (replayed.history, replayed.won, replayed.moves) == (game.history, game.won,
                                                               game.moves)


def test_a_won_jump_replays_to_the_win():
    puzzle = load_pack("classics")[0]
    from mazegame.games.jump import solution_steps

    game = JumpGame(puzzle)
    for step in solution_steps(puzzle):
        game.jump(step.direction)
    assert game.won and game.elapsed >= 0
    replayed = round_trip(GameSetup(mode="jump"), game)
    assert replayed.won and replayed.moves == game.optimum


def test_a_jump_replay_of_another_puzzle_is_refused():
    game = jumped(1, steps=5)
    recording = Recording.of(GameSetup(mode="jump"), game)
    other = Recording(recording.setup, "puzzle:0000", recording.events, None,
                      recording.subject)
    with pytest.raises(ReplayError, match="not the one"):
        other.play()
    broken = Recording(recording.setup, recording.check, recording.events, None, "{")
    with pytest.raises(ReplayError, match="puzzle"):
        broken.play()


def test_a_blindfold_replay_retypes_the_sequence_and_the_give_up():
    game = BlindfoldGame(LEVELS["3x3"])
    for move in "rrdx":
        game.erase() if move == "x" else game.type(move)
    game.clear()
    for move in "ddrr":
        game.type(move)
    assert game.unsolved() > 0
    replayed = round_trip(GameSetup(mode="blindfold"), game)
    assert (replayed.sequence, replayed.unsolved(), replayed.gave_up) == ("ddrr",
                                                                         game.unsolved(), False)
    game.give_up()
    game.erase()
    assert game.events[-2].startswith("g") and game.events[-1] == "x"
    replayed = round_trip(GameSetup(mode="blindfold"), game)
    assert replayed.gave_up and replayed.sequence == game.sequence


def test_a_blindfold_give_up_replays_what_was_revealed_then():
    """The shipped sequence may improve later: the replay shows the one revealed."""
    game = BlindfoldGame(LEVELS["3x4"])
    game.reveal("rdrdrdrdrd")
    recording = Recording.from_json(Recording.of(GameSetup(mode="blindfold"), game).to_json())
    assert recording.play().sequence == "rdrdrdrdrd"


def played_interpreted(kind, seed, steps=80):
    """An interpreted game played at random: options taken, answers right and wrong."""
    setup = GameSetup(mode=kind, size=(6, 5), seed=seed)
    game = new_game(kind, seed=seed, maze=interpreted_maze(setup.size, seed), clock=lambda: 0.0)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        options = game.scene().options
        index = rng.randrange(len(options))
        if needs_answer(options[index]):
            right = str(options[index].extra.get("answer", ""))
            game.answer(index, rng.choice(["7", "no idea", right]))
        else:
            game.take(index)
    return setup, game


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("seed", [3, 8])
def test_an_interpreted_replay_ends_as_the_game_did(kind, seed):
    setup, game = played_interpreted(kind, seed)
    assert len(game.events) == game.turns  # one event per attempt, none per inner move
    replayed = round_trip(setup, game)
    for key in ("position", "trail", "moves", "turns", "refusals", "wrong", "rival_cell",
                "rival_trail", "won", "last_text"):
        assert getattr(replayed, key) == getattr(game, key), key


def test_an_interpreted_replay_keeps_its_maze(monkeypatch):
    import mazegame.games.interpreted.game as interpreted

    setup, game = played_interpreted("bureaucracy", 3)
    text = Recording.of(setup, game).to_json()
    monkeypatch.setattr(interpreted, "interpreted_maze", lambda *a, **k: 1 / 0)
    assert Recording.from_json(text).play().trail == game.trail


def test_an_answer_with_spaces_and_colons_is_kept_whole():
    setup, game = played_interpreted("instructional", 3, steps=0)
    index = next((i for i, o in enumerate(game.scene().options) if needs_answer(o)), None)
    if index is None:
        pytest.skip("no problem in the first scene")
    game.answer(index, "a: b c%")
    assert game.events[-1].split(":", 1)[0] == f"a{index}" and " " not in game.events[-1]
    assert round_trip(setup, game).wrong == game.wrong


@pytest.mark.parametrize("mode,event", [("jump", "q1"), ("jump", "jx"), ("blindfold", "k"),
                                         ("bureaucracy", "m0"), ("bureaucracy", "ox")])
def test_an_event_a_game_cannot_do_is_refused(mode, event):
    if mode == "jump":
        setup, game = GameSetup(mode="jump"), jumped(1, steps=3)
    elif mode == "blindfold":
        setup, game = GameSetup(mode="blindfold"), BlindfoldGame(LEVELS["3x3"])
    else:
        setup, game = played_interpreted(mode, 3, steps=2)
    recording = Recording.of(setup, game)
    bad = Recording(recording.setup, recording.check, (*recording.events, event),
                    recording.starts, recording.subject)
    with pytest.raises(ReplayError):
        bad.play()


def test_a_mode_replays_by_the_kind_its_spec_names_and_only_then():
    from mazegame.games.modes import MODES
    from mazegame.games.replay_base import Kind

    for name, spec in MODES.items():
        assert replayable(name) == (spec.replay is not None), name
        if spec.replay is None:
            with pytest.raises(ReplayError, match="cannot be replayed"):
                kind_of(name)
        else:
            assert isinstance(kind_of(name), Kind), name
    assert not replayable("no such mode")


@pytest.mark.parametrize("tiling", ["hex", "triangle"])
def test_a_hex_or_triangle_jump_replays_to_the_win(tiling):
    from mazegame.games.jump import solution_steps

    puzzle = load_pack(tiling)[0]
    game = JumpGame(puzzle)
    steps = solution_steps(puzzle)
    game.jump(steps[0].direction)
    game.undo()
    for step in steps:
        game.jump(step.direction)
    assert game.won
    replayed = round_trip(GameSetup(mode="jump"), game)
    assert replayed.puzzle == puzzle and replayed.won and replayed.moves == game.optimum
