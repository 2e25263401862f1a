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
class Choice:
    """A mode-specific setting offered on the setup screen: labelled values, first is default."""

    key: str
    label: str
    values: tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Mode:
    """One playable mode."""

    name: str
    title: str
    blurb: str
    screen: Callable[[GameSetup], Screen]
    choices: tuple[Choice, ...] = ()
    maze_settings: bool = True  #: the setup dialog asks for generator, size, seed and wrap
    #: What `mazegame play MODE FILE` reads: "maze" (a maze document or picture),
    #: "puzzles" (a jumping-maze pack), or None (the mode plays no file).
    files: str | None = "maze"


MODES: dict[str, Mode] = {}


def register_mode(mode: Mode) -> Mode:
    MODES[mode.name] = mode
    return mode


#: Menu order; modes not listed here follow in registration order.
ORDER = ("classic", "blind", "eye", "chase", "race", "jump", "lab")


def _load() -> None:
    from mazegame.ui.screens import blind, chase, classic, eye, jump, lab  # noqa: F401

    ranked = sorted(MODES.items(), key=lambda item: ORDER.index(item[0])
                    if item[0] in ORDER else len(ORDER))
    MODES.clear()
    MODES.update(ranked)


_load()
