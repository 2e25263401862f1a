"""The learning rat's lab as a plain state machine: one maze, one rat, watched move by move
or trained fast, its learning curve and baselines, saving and loading it (no Textual).

Watching runs a whole learning episode in the kernel at once (the rat learns as it goes,
exactly as in training) with a log of every move and the net's activations, then replays
that log one move per `step`; the next episode starts when the replay reaches its end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mazegame.engine.grid import Maze
from mazegame.engine.rat import (
    DEFAULT_HIDDEN,
    DEFAULT_VARIANT,
    VARIANTS,
    RatNet,
    episode,
    hyper,
    log_width,
    seed_rng,
)
from mazegame.engine.rat.episode import LOG_ACTS, LOG_FOUND, LOG_MOVE, LOG_PRED, PLACE
from mazegame.engine.rat.net import TYPES, open_sides
from mazegame.games import rat
from mazegame.locations import writable_path

WATCH_CAP = 2000  #: moves of a watched episode (training fast uses the full step cap)


@dataclass(frozen=True)
class Frame:
    """What the rat did on one move, and what its net was doing."""

    cell: int  #: where it stood
    here: int  #: the type of that cell (input node that fired)
    hidden: np.ndarray  #: decision nodes (tanh)
    moves: np.ndarray  #: the move nodes' input (walls: very negative)
    move: int  #: the winner (0 N, 1 E, 2 S, 3 W)
    predicted: int  #: the predictor's guess of the next cell's type
    predictor: np.ndarray  #: the predictor's 16 nodes
    found: int  #: the type of the cell it got to
    place: tuple[int, int] | None = None  #: east and south of the start, by its own moves
    #: (the place variant's path integration; None for the others)


def models_dir() -> Path:
    """Where the lab saves rats: `rats/` beside the saved results (the user data dir)."""
    from mazegame.storage import default_path

    return default_path().parent / "rats"


class RatLab:
    """One maze and one rat: watch it learn move by move, train it fast, save it."""

    def __init__(self, maze: Maze, seed: int, variant: str = DEFAULT_VARIANT) -> None:
        self.maze = maze
        self.seed = seed
        self.net = RatNet.fresh(DEFAULT_HIDDEN, seed, variant)
        self.hp = hyper(variant)
        self.history: list[int] = []  #: moves per finished episode
        self.shortest = rat.shortest_path(maze, maze.start, maze.goals[0])
        self.wall_follower = rat.wall_follower(maze, maze.start, maze.goals[0])
        self.random_walk = rat.mean_random_walk(maze, [(maze.start, maze.goals[0])], seed)
        self._log = np.zeros((0, log_width(self.net.hidden)))
        self._length = 0  #: moves in the episode being replayed
        self.index = 0  #: moves of it shown so far
        self._cells: list[int] = [maze.start]
        seed_rng(seed)

    # -- watching ------------------------------------------------------------------
    @property
    def variant(self) -> str:
        """The rat's learning rules."""
        return self.net.variant

    @property
    def cell(self) -> int:
        """Where the rat stands now."""
        return self._cells[self.index]

    @property
    def trail(self) -> list[int]:
        """The cells of this episode walked so far."""
        return self._cells[: self.index + 1]

    def frame(self) -> Frame | None:
        """The last move shown (None before the first move of an episode)."""
        if self.index == 0:
            return None
        k = self.index - 1
        row = self._log[k]
        h = self.net.hidden
        walls, wx, wy, rock = rat._args(self.maze)
        here = int(open_sides(walls, wx, wy, rock, self._cells[k]))
        place = None
        if self.hp[PLACE] > 0.0:
            moves = self._log[:k, LOG_MOVE].astype(int)
            place = (int(np.sum(moves == 1) - np.sum(moves == 3)),
                     int(np.sum(moves == 2) - np.sum(moves == 0)))
        return Frame(self._cells[k], here, row[LOG_ACTS:LOG_ACTS + h],
                     row[LOG_ACTS + h:LOG_ACTS + h + 4], int(row[LOG_MOVE]),
                     int(row[LOG_PRED]), row[LOG_ACTS + h + 4:LOG_ACTS + h + 4 + TYPES],
                     int(row[LOG_FOUND]), place)

    def step(self) -> Frame | None:
        """One move of the watched episode (a new episode begins when one ends)."""
        if self.index >= self._length:
            self._begin()
        if self._length:
            self.index += 1
        return self.frame()

    def _begin(self) -> None:
        """Run the next learning episode in the kernel, logged, and replay it from its start."""
        walls, wx, wy, rock = rat._args(self.maze)
        log = np.zeros((WATCH_CAP, log_width(self.net.hidden)))
        cap = min(WATCH_CAP, rat.step_cap(self.maze))
        steps = int(episode(*self.net.arrays(), walls, wx, wy, rock, self.maze.start,
                            self.maze.goals[0], cap, VARIANTS[self.variant], True, self.hp, log))
        self.history.append(steps)
        cells = [self.maze.start]
        for d in log[:steps, LOG_MOVE]:
            cells.append(self.maze.step(cells[-1], int(d)))
        self._log, self._length, self.index, self._cells = log, steps, 0, cells

    @property
    def reached(self) -> bool:
        """The watched episode's replay has reached the goal."""
        return self._length > 0 and self.index == self._length and \
            self.cell == self.maze.goals[0]

    # -- training fast ---------------------------------------------------------------
    def train(self, episodes: int, progress: Callable[[int], None] | None = None,
              cancelled: Callable[[], bool] | None = None) -> int:
        """Train `episodes` episodes at full speed (call from a worker); `progress(done)`
        after each, stopping early when `cancelled()`. Returns the episodes run."""
        walls, wx, wy, rock = rat._args(self.maze)
        no_log = np.zeros((0, 3), np.int64)
        code, cap = VARIANTS[self.variant], rat.step_cap(self.maze)
        self._length = self.index = 0  # the watched replay (if any) is abandoned
        self._cells = [self.maze.start]
        done = 0
        for done in range(1, episodes + 1):
            self.history.append(int(episode(*self.net.arrays(), walls, wx, wy, rock,
                                            self.maze.start, self.maze.goals[0], cap, code,
                                            True, self.hp, no_log)))
            if progress is not None:
                progress(done)
            if cancelled is not None and cancelled():
                break
        return done

    def last_median(self) -> float | None:
        """Median moves of the last 20 episodes (None before any)."""
        return rat.last_median(self.history) if self.history else None

    # -- files ----------------------------------------------------------------------
    @property
    def saved_path(self) -> Path:
        """Where `save` puts this maze's rat and `load` looks for it: `rat-SEED.npz`."""
        return models_dir() / f"rat-{self.seed}.npz"

    def save(self, path: Path | None = None) -> Path:
        """Write the rat (.npz) to `path`, by default `models_dir()/rat-SEED.npz` (OSError
        when it cannot: OutsideDataFolder for a served game asked to write elsewhere)."""
        path = writable_path(path if path is not None else self.saved_path)
        rat.save(self.net, str(path))
        return path

    def load(self, path: Path | None = None) -> Path:
        """Read a rat saved by `save` (rat.ModelError names a file that cannot be read);
        its curve starts afresh on this maze."""
        path = Path(path) if path is not None else self.saved_path
        self.net = rat.load(str(path))
        self.hp = hyper(self.net.variant)
        self.history = []
        self._length = self.index = 0
        self._cells = [self.maze.start]
        return path
