"""One screen per game mode, plus the menu, help and dialogs; SCREENS maps each mode of
`mazegame.games.modes.MODES` to what builds its screen from a GameSetup (the mode's spec
names it).

A mode's screen module (and the engine it needs: numba, the kernels) is imported the first
time the mode is opened, not when the menu starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from mazegame.games.modes import MODES, load

if TYPE_CHECKING:
    from textual.screen import Screen

    from mazegame.games.setup import GameSetup


class ScreenFactories(Mapping[str, "Callable[[GameSetup], Screen]"]):
    """Mode name -> screen factory, as each mode's spec names it ("module:attribute",
    imported on first use); read from `games.modes.MODES` each time, never copied."""

    @property
    def names(self) -> dict[str, str]:
        """Mode -> "package.module:attribute" of its screen factory."""
        return {name: spec.screen for name, spec in MODES.items()}

    def __getitem__(self, mode: str) -> Callable[[GameSetup], Screen]:
        """The factory of a mode's screen (importing its module the first time)."""
        return load(MODES[mode].screen)

    def __iter__(self) -> Iterator[str]:
        return iter(MODES)

    def __len__(self) -> int:
        return len(MODES)


#: Mode name -> screen factory (the classic mode is the plain walk).
SCREENS = ScreenFactories()
