"""What a player asked to play: mode, generator, size, seed, wrap, one-way doors. Plain data.

Cheap to import: the generators (numba kernels) load when a size is fitted or a maze built.

One-way doors (`one_way`, a fraction of the doors) never trap the player: every cell still
reaches the goal (`engine.oneway`). In a perfect maze that leaves them only one way to
point, toward the goal, so they would only forbid going back; a setup that asks for them
therefore first braids the maze a little (`ONE_WAY_BRAID` of its dead ends opened, when the
generator allows it), giving loops whose doors may point either way.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mazegame.engine.generate import Generated
    from mazegame.engine.grid import Maze

MAX_FLOORS = 8  #: the most floors `--floors` and the setup dialog offer
SEED_LIMIT = 2**31  #: seeds are 0..SEED_LIMIT-1, the same on the command line and on screen
ONE_WAY_BRAID = 0.25  #: dead ends opened before one-way doors are added (see the docstring)
#: The one-way choices the setup dialog offers: (label, fraction of doors made one-way).
ONE_WAY_CHOICES = (("None", 0.0), ("A few (10%)", 0.1), ("Many (25%)", 0.25))


def parse_seed(text: str) -> int | None:
    """A seed typed by the player: None for blank (random), else a whole number in range.

    Raises ValueError with a message that says what is accepted.
    """
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        shown = text if len(text) <= 40 else text[:40] + "..."  # a paste can be megabytes
        raise ValueError(f"a seed is a whole number 0..{SEED_LIMIT - 1}, not {shown!r}")
    seed = int(text)
    if seed >= SEED_LIMIT:
        raise ValueError(f"a seed is at most {SEED_LIMIT - 1}")
    return seed


@dataclass(frozen=True)
class GameSetup:
    """One game's settings; `size` None means "fit the screen", `seed` None means random."""

    mode: str = "classic"
    algorithm: str = "backtracker"
    size: tuple[int, int] | None = None
    seed: int | None = None
    wrap_x: bool = False
    wrap_y: bool = False
    #: The mode's settings as given, (key, value) pairs: the raw input `settings` is built
    #: from and checked against (the setup dialog's choices, the command line's, a campaign
    #: level's, a recording's). Read them through `settings`, typed.
    options: tuple[tuple[str, object], ...] = ()
    level: Maze | None = None  #: a maze loaded from a file, played instead of a generated one
    one_way: float = 0.0  #: fraction of the doors made one-way (never trapping the player)
    level_id: str | None = None  #: the campaign level being played (games.levels), if any
    #: the UTC day (YYYY-MM-DD) whose maze of the day this plays (games.daily); None: not one
    daily: str | None = None
    #: the board (`engine.tilings.TILINGS`): "square" plays the classic `Maze`; the others
    #: a `BoardMaze` built by `engine.generate.boards.generate_board`
    tiling: str = "square"
    floors: int = 3  #: how many floors a "floors" board has (2..MAX_FLOORS)

    @cached_property
    def settings(self):
        """The mode's settings, typed and checked (its `ModeSpec.settings` dataclass, built
        from `options` once). ValueError: a setting the mode does not take, or a bad value;
        LookupError: no such mode."""
        from mazegame.games.modes import MODES, settings_from

        spec = MODES.get(self.mode)
        if spec is None:
            raise LookupError(f"no mode {self.mode!r}")
        return settings_from(spec.settings, self.options)

    def check_settings(self) -> None:
        """ValueError for a setting the mode does not take or a bad value (LookupError: no
        such mode)."""
        self.settings  # noqa: B018 -- building them checks them

    def with_seed(self) -> GameSetup:
        """The same setup with a concrete seed (a fresh random one when unset)."""
        return self if self.seed is not None else replace(self, seed=secrets.randbelow(SEED_LIMIT))

    def maze_size(self, fit: tuple[int, int] = (20, 10)) -> tuple[tuple[int, int], str | None]:
        """The size to build: the one chosen (or `fit`), moved to the nearest size the
        generator can build; and, for a chosen size that moved, the note saying why."""
        from mazegame.engine.generate import GENERATORS

        width, height = self.size or fit
        if self.wrap_x:
            width = max(width, 3)
        if self.wrap_y:
            height = max(height, 3)
        spec = GENERATORS.get(self.algorithm)
        if spec is None:
            return (width, height), None
        note = spec.size_note(width, height) if self.size is not None else None
        return spec.fit_size(width, height), note

    def recipe_key(self, maze: Maze) -> str:
        """What a generated game played, for the saved results: the generator (with its
        edition when a later one builds other mazes from the same seed), size, seed, wraps
        and one-way doors ("prim#2:20x10:5:x:one-way 0.2")."""
        from mazegame.engine.generate import GENERATORS

        spec = GENERATORS.get(self.algorithm)
        edition = f"#{spec.edition}" if spec is not None and spec.edition > 1 else ""
        wrap = ("x" if self.wrap_x else "") + ("y" if self.wrap_y else "")
        one_way = f":one-way {self.one_way:g}" if self.one_way else ""  # another maze, same seed
        if self.tiling != "square":  # another board: its kind (and floors) lead the key
            width, height = maze.meta.get("size") or self.maze_size()[0]
            board = self.tiling + (f"{self.floors}" if self.tiling == "floors" else "")
            return f"{board}:{self.algorithm}{edition}:{width}x{height}:{self.seed}:{one_way}"
        return f"{self.algorithm}{edition}:{maze.width}x{maze.height}:{self.seed}:{wrap}{one_way}"

    def build(self, fit: tuple[int, int] = (20, 10)) -> Generated:
        """Generate this setup's maze; `fit` is the size used when none was chosen."""
        from mazegame.engine.generate import GENERATORS, Generated, generate

        if self.level is not None:
            return Generated(self.level, None)
        (width, height), _ = self.maze_size(fit)
        seed = self.seed if self.seed is not None else secrets.randbelow(SEED_LIMIT)
        if self.tiling != "square":
            from mazegame.engine.generate.boards import generate_board

            built = generate_board(self.algorithm, self.tiling, width, height, seed,
                                   floors=self.floors)
            built.maze.meta["size"] = (width, height)  # (its rows: what `play` asked for)
            return Generated(built.maze, None)
        spec = GENERATORS.get(self.algorithm)
        braid = ONE_WAY_BRAID if self.one_way > 0 and spec is not None and not spec.rock else 0.0
        built = generate(self.algorithm, width, height, seed, wrap_x=self.wrap_x,
                         wrap_y=self.wrap_y, braid=braid)
        return Generated(self.add_one_way(built.maze, seed), built.trace)

    def add_one_way(self, maze: Maze, seed: int | None = None) -> Maze:
        """`maze` with this setup's one-way doors added (seeded by `seed`, else the setup's
        seed; none: the maze itself). Modes that build their own maze (the chase) call it."""
        if self.one_way <= 0:
            return maze
        from mazegame.engine.oneway import add_one_way_doors

        seed = seed if seed is not None else self.seed if self.seed is not None else 0
        return add_one_way_doors(maze, self.one_way, seed)
