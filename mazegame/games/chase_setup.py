"""Setting a chase (or race) up: its rules from a difficulty, a winnable placement of the
player and the demon on its maze, and both built from a GameSetup (the chase modes' spec
names `chase_setup_maze` and `chase_game`). The game itself is `games.chase`; what shapes
the maze alone is `games.chase_maze`.
"""

from __future__ import annotations

from mazegame.engine.board_maze import BoardMaze
from mazegame.engine.chase_safety import Unwinnable, place
from mazegame.engine.demon import DemonBrain
from mazegame.engine.grid import Maze
from mazegame.engine.personalities import PERSONALITIES, make_demon
from mazegame.games.chase import GAME_CLASSES, ChaseGame, ChaseRules, parse_speed
from mazegame.games.chase_maze import chase_maze, goals_for
from mazegame.games.modes import DEFAULT_DIFFICULTY, demon_modes, difficulty_preset, races
from mazegame.games.setup import GameSetup

#: A generated maze with no winnable placement is replaced by another of the same seed
#: (seed + k * REROLL_STRIDE), so a seed always plays; a given maze is refused instead.
MAZE_REROLLS = 8
REROLL_STRIDE = 7919
#: The views a chase on a board is seen in (the player's eye looks down square corridors).
BOARD_VIEWS = ("birds-eye", "blind")


def rules_for(difficulty: str, mode: str = "chase", *, personality: str | None = None,
              speed=None, head_start: int | None = None, turn_based: bool = True,
              two_player: bool = False) -> ChaseRules:
    """The rules of a difficulty preset, with any setting overridden."""
    preset = difficulty_preset(difficulty)
    personality = personality or preset.personality
    if personality not in PERSONALITIES:
        raise ValueError(f"unknown demon {personality!r}; known: {', '.join(PERSONALITIES)}")
    return ChaseRules(
        mode=mode, speed=preset.speed if speed is None else parse_speed(speed),
        head_start=preset.head_start if head_start is None else int(head_start),
        turn_based=turn_based, two_player=two_player, personality=personality,
        tick_seconds=preset.tick_seconds, keen=preset.keen,
        route=preset.route[races(mode)])


def new_chase(
    maze: Maze | BoardMaze | None = None,
    *,
    mode: str = "chase",
    difficulty: str = DEFAULT_DIFFICULTY,
    view: str = "birds-eye",
    size: tuple[int, int] = (20, 10),
    seed: int = 0,
    algorithm: str = "backtracker",
    wrap_x: bool = False,
    wrap_y: bool = False,
    tiling: str = "square",
    player: int | None = None,
    demon: int | None = None,
    strategy: str = "auto",
    tries: int = 40,
    clock=None,
    **overrides,
) -> ChaseGame:
    """A ready, winnable chase (or race). Raises Unwinnable with the reason when there is none.

    Without a maze, the difficulty's maze is generated on the `tiling`'s board (another of
    the same seed when one has no winnable placement, up to MAZE_REROLLS). On a board
    (`engine.board_maze.BoardMaze`) the player's-eye view is refused: it sees squares.
    `player` / `demon` pin the starts (both pinned: that exact setup is checked and refused
    if unwinnable). `overrides` go to `rules_for`: personality, speed, head_start,
    turn_based, two_player.
    """
    if mode not in demon_modes():
        raise ValueError(f"unknown chase mode {mode!r}; known: {', '.join(demon_modes())}")
    cls = GAME_CLASSES.get(view)
    if cls is None:
        raise ValueError(f"unknown view {view!r}; known: {', '.join(GAME_CLASSES)}")
    on_board = tiling != "square" or isinstance(maze, BoardMaze)
    if on_board and view not in BOARD_VIEWS:
        raise ValueError(f"the player's eye walks square mazes only: play a {mode} on "
                         f"hexagons or triangles from above or blind")
    rules = rules_for(difficulty, mode, **overrides)
    given = maze is not None
    for attempt in range(1 if given else MAZE_REROLLS):
        if not given:  # a maze of ours with no winnable placement: the next one of the seed
            maze = chase_maze(difficulty, size, seed + attempt * REROLL_STRIDE, algorithm,
                              wrap_x, wrap_y, tiling)
        maze = goals_for(mode, maze)
        try:
            you, them, _ = place(maze, rules.pursuit, seed, tries, player, demon, rules.route)
            break
        except Unwinnable:
            if given or attempt == MAZE_REROLLS - 1:
                raise
    maze = maze.copy(start=you)
    brain = DemonBrain(maze, strategy)
    agent = None if rules.two_player else make_demon(rules.personality, maze, brain, seed,
                                                     keen=rules.keen)
    extra = {} if clock is None else {"clock": clock}
    return cls(maze, rules=rules, demon_start=them, demon=agent, brain=brain, **extra)


def setup_overrides(setup: GameSetup) -> dict:
    """The `new_chase` keywords a GameSetup pins beyond the setup dialog's choices (a campaign
    level's demon, see games.levels.setup_for): its speed, head start and start cell; a
    level's player starts where the level says."""
    settings = setup.settings
    found = {"speed": settings.speed, "head_start": settings.head_start,
             "demon": settings.demon_start}
    if setup.level_id is not None and setup.level is not None:
        found["player"] = setup.level.start
    return {key: value for key, value in found.items() if value is not None}


def chase_setup_maze(setup: GameSetup, fit: tuple[int, int]) -> Maze | BoardMaze:
    """The maze a chase setup plays: its difficulty's, with the exits its mode plays and
    the setup's one-way doors (`fit`: the size when none was chosen)."""
    size, _ = setup.maze_size(fit)
    maze = chase_maze(setup.settings.difficulty, size, setup.seed, setup.algorithm,
                      setup.wrap_x, setup.wrap_y, setup.tiling)
    if isinstance(maze, BoardMaze):  # one-way doors are the square's (engine.oneway)
        return goals_for(setup.mode, maze)
    return setup.add_one_way(goals_for(setup.mode, maze))


def chase_game(setup: GameSetup, maze: Maze | BoardMaze, clock,
               starts: tuple[int, int] | None = None) -> ChaseGame:
    """The chase a setup plays on `maze`, in its view with its difficulty and demon (seeded
    by the setup's seed); `starts` pins where the player and the demon start."""
    settings = setup.settings
    pins = setup_overrides(setup)
    if starts is not None:
        pins.update(player=starts[0], demon=starts[1])
    return new_chase(
        maze, mode=setup.mode, view=settings.seen_in, seed=setup.seed, clock=clock,
        difficulty=settings.difficulty, personality=settings.demon or None,
        turn_based=settings.turn_based, two_player=settings.two_player, **pins)
