"""What a player asked to play: mode, generator, size, seed, wrap. Plain data.

Cheap to import: the generators (numba kernels) load when a size is fitted or a maze built.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mazegame.engine.generate import Generated
    from mazegame.engine.grid import Maze

SEED_LIMIT = 2**31  #: seeds are 0..SEED_LIMIT-1, the same on the command line and on screen


def parse_seed(text: str) -> int | None:
    """A seed typed by the player: None for blank (random), else a whole number in range.

    Raises ValueError with a message that says what is accepted.
    """
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"a seed is a whole number 0..{SEED_LIMIT - 1}, not {text!r}")
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
    options: tuple[tuple[str, object], ...] = ()  #: mode-specific settings, (key, value)
    level: Maze | None = None  #: a maze loaded from a file, played instead of a generated one
    level_id: str | None = None  #: the campaign level being played (games.levels), if any

    def option(self, key: str, default=None):
        """A mode-specific setting, or `default` when unset."""
        return dict(self.options).get(key, default)

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

    def build(self, fit: tuple[int, int] = (20, 10)) -> Generated:
        """Generate this setup's maze; `fit` is the size used when none was chosen."""
        from mazegame.engine.generate import Generated, generate

        if self.level is not None:
            return Generated(self.level, None)
        (width, height), _ = self.maze_size(fit)
        seed = self.seed if self.seed is not None else secrets.randbelow(SEED_LIMIT)
        return generate(self.algorithm, width, height, seed, wrap_x=self.wrap_x, wrap_y=self.wrap_y)
