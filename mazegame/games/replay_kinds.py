"""Replays of the modes that are not walks: the interpreted mazes, the jumping maze and the
blindfold puzzle, a `Kind` each (the walking modes' kind is `games.replay.WALK`; a mode's
spec names its kind).

Each game logs its own events as it is played (`InterpretedGame`: "o<i>" an option taken,
"a<i>:<answer>" a problem answered; `JumpGame`: "j<direction>", "u" undo, "z" reset;
`BlindfoldGame`: a move's letter, "x" erase, "c" clear, "g<sequence>" give up); a replay
rebuilds the game as it started and does them again through the same rules.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import unquote

from mazegame.games.replay_base import (
    Captured,
    Kind,
    ReplayError,
    VirtualClock,
    kept_maze,
    played_maze,
    walls_check,
)
from mazegame.games.setup import GameSetup


# -- the interpreted mazes ------------------------------------------------------------------
def capture_interpreted(setup: GameSetup, game) -> Captured:
    """An interpreted game's setup (seed and size concrete), its maze's checksum and the
    maze."""
    maze = game.maze
    setup = replace(setup.with_seed(), size=(maze.width, maze.height))
    return setup, walls_check(maze), None, kept_maze(setup, maze)


def start_interpreted(setup: GameSetup, check: str, starts, subject):
    """The interpreted game as it began: its maze, its kind's wording, its rival."""
    from mazegame.games.interpreted.game import interpreted_maze, new_game

    difficulty = setup.settings.difficulty
    maze = played_maze(subject, check, lambda: setup.level or interpreted_maze(
        setup.size, setup.seed, difficulty, setup.algorithm, setup.wrap_x, setup.wrap_y))
    return new_game(setup.mode, seed=setup.seed, difficulty=difficulty, maze=maze,
                    clock=VirtualClock())


def apply_interpreted(game, event: str) -> None:
    """Take an option again, or give an answer again."""
    kind, arg = event[:1], event[1:]
    try:
        if kind == "o":
            game.take(int(arg))
        elif kind == "a":
            index, _, text = arg.partition(":")
            game.answer(int(index), unquote(text))
        else:
            raise ReplayError(f"an unknown event {event!r}")
    except ValueError as err:
        raise ReplayError(f"the event {event!r} does not fit this game ({err})") from None


# -- the jumping maze -----------------------------------------------------------------------
JUMP_CHECK = "puzzle:"  #: a jump recording's check: the puzzle's content digest follows


def capture_jump(setup: GameSetup, game) -> Captured:
    """The puzzle itself (a pack may change or be a one-off design) and its digest."""
    from mazegame.engine.jump.file import to_json

    return (replace(setup, seed=0), JUMP_CHECK + game.puzzle.digest(), None,
            to_json(game.puzzle))


def start_jump(setup: GameSetup, check: str, starts, subject):
    """The puzzle as it was played, the player on its start."""
    from mazegame.engine.jump.file import from_json
    from mazegame.engine.jump.model import InvalidPuzzle
    from mazegame.games.jump import JumpGame

    try:
        puzzle = from_json(str(subject))
    except (InvalidPuzzle, ValueError) as err:
        raise ReplayError(f"the replay's puzzle cannot be read ({err})") from None
    if JUMP_CHECK + puzzle.digest() != check:
        raise ReplayError("the replay's puzzle is not the one that was played")
    return JumpGame(puzzle, clock=VirtualClock())


def apply_jump(game, event: str) -> None:
    """A jump, an undo or a reset, again."""
    kind, arg = event[:1], event[1:]
    try:
        if kind == "j":
            game.jump(int(arg))
        elif kind == "u":
            game.undo()
        elif kind == "z":
            game.reset()
        else:
            raise ReplayError(f"an unknown event {event!r}")
    except ValueError as err:
        raise ReplayError(f"the event {event!r} does not fit this game ({err})") from None


# -- the blindfold puzzle -------------------------------------------------------------------
def capture_blindfold(setup: GameSetup, game) -> Captured:
    """The level, and how many mazes it has (the check)."""
    name = game.level.name
    return (GameSetup(mode=setup.mode, seed=0, options=(("mazes", name),)),
            f"{name}:{game.total}", None, None)


def start_blindfold(setup: GameSetup, check: str, starts, subject):
    """The level with nothing typed yet."""
    from mazegame.games.blindfold import LEVELS, BlindfoldGame

    level = LEVELS.get(setup.settings.mazes)
    if level is None:
        raise ReplayError(f"no blindfold level {setup.settings.mazes!r}")
    game = BlindfoldGame(level, clock=VirtualClock())
    if f"{level.name}:{game.total}" != check:
        raise ReplayError("the replay's level is not the one that was played")
    return game


def apply_blindfold(game, event: str) -> None:
    """A typed move, an erase, a clear or a give-up, again."""
    from mazegame.engine.allmazes.mazeset import MOVES

    if event in MOVES:
        game.type(event)
    elif event == "x":
        game.erase()
    elif event == "c":
        game.clear()
    elif event[:1] == "g" and all(move in MOVES for move in event[1:]):
        game.reveal(event[1:])
    else:
        raise ReplayError(f"an unknown event {event!r}")


STAGES = "mazegame.ui.widgets.replay_stages"  #: where the replay screen's stages are

INTERPRETED = Kind("interpreted", f"{STAGES}:InterpretedStage", capture_interpreted,
                   start_interpreted, apply_interpreted)
JUMP = Kind("jump", f"{STAGES}:JumpStage", capture_jump, start_jump, apply_jump)
BLINDFOLD = Kind("blindfold", f"{STAGES}:BlindfoldStage", capture_blindfold, start_blindfold,
                 apply_blindfold)
