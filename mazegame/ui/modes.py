"""The game modes the menu lists: name -> title, blurb and the screen that plays it.

Only modes that work are registered; the menu, `mazegame play MODE` and the tests all
enumerate this registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.screen import Screen

from mazegame.games.setup import GameSetup


@dataclass(frozen=True)
class Mode:
    """One playable mode."""

    name: str
    title: str
    blurb: str
    screen: Callable[[GameSetup], Screen]


MODES: dict[str, Mode] = {}


def register_mode(mode: Mode) -> Mode:
    MODES[mode.name] = mode
    return mode


def _load() -> None:
    from mazegame.ui.screens import classic  # noqa: F401  (registers classic)


_load()
