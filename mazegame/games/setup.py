"""What a player asked to play: mode, generator, size, seed, wrap. Plain data."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from mazegame.engine.generate import Generated, generate
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

    def option(self, key: str, default=None):
        """A mode-specific setting, or `default` when unset."""
        return dict(self.options).get(key, default)

    def with_seed(self) -> GameSetup:
        """The same setup with a concrete seed (a fresh random one when unset)."""
        return self if self.seed is not None else replace(self, seed=secrets.randbelow(2**31))

    def build(self, fit: tuple[int, int] = (20, 10)) -> Generated:
        """Generate this setup's maze; `fit` is the size used when none was chosen."""
        if self.level is not None:
            return Generated(self.level, None)
        width, height = self.size or fit
        if self.wrap_x:
            width = max(width, 3)
        if self.wrap_y:
            height = max(height, 3)
        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        return generate(self.algorithm, width, height, seed, wrap_x=self.wrap_x, wrap_y=self.wrap_y)
