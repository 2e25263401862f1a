"""THE registry of game modes, chase views and difficulties: the CLI, the menu, the setup
dialog, help, the replays, the bench and the tests all enumerate it.

A mode is one module here exporting `SPEC`, a `ModeSpec`: its metadata, its settings, and
the screen, legend, game builders and replay kind it is played with, named as
"module:attr" strings (games never imports ui). `SPECS` lists them in menu order, one line
a mode; `MODES` is built from it, and every table keyed by a mode is derived from `MODES`
when it is read (so a spec added to MODES is everywhere at once: the mode-template test).

Cheap to import (no numpy, no numba, no kernels, no screens): the menu reads it before
anything else.
"""

from __future__ import annotations

from mazegame.games.modes import (
    allmazes,
    blind,
    blindfold,
    bureaucracy,
    campaign,
    chase,
    classic,
    editor,
    eye,
    instructional,
    jump,
    lab,
    race,
    rat,
    trading,
    treasure,
)
from mazegame.games.modes.presets import (
    CHASE_CHOICES,
    CHASE_SIZE,
    DEFAULT_DIFFICULTY,
    DIFFICULTIES,
    VIEWS,
    ChaseSettings,
    Difficulty,
    View,
    aids_text,
    difficulty_preset,
    eye_difficulties,
    personality_label,
)
from mazegame.games.modes.spec import (
    WALK_MARKER,
    Choice,
    Marker,
    ModeSpec,
    check_choices,
    load,
    settings_from,
)

__all__ = [
    "CHASE_CHOICES", "CHASE_SIZE", "DEFAULT_DIFFICULTY", "DIFFICULTIES", "MODES", "SPECS",
    "VIEWS", "WALK_MARKER", "ChaseSettings", "Choice", "Difficulty", "Marker", "ModeSpec",
    "View", "aids_text", "check_choices", "demon_modes", "difficulty_preset",
    "eye_difficulties", "load", "personality_label", "races", "settings_from", "warm_first",
]

#: Every mode, in menu order: one line a mode.
SPECS: tuple[ModeSpec, ...] = (
    campaign.SPEC,
    classic.SPEC,
    blind.SPEC,
    eye.SPEC,
    chase.SPEC,
    race.SPEC,
    treasure.SPEC,
    jump.SPEC,
    blindfold.SPEC,
    bureaucracy.SPEC,
    trading.SPEC,
    instructional.SPEC,
    lab.SPEC,
    allmazes.SPEC,
    rat.SPEC,
    editor.SPEC,
)

#: Mode name -> its spec, in menu order.
MODES: dict[str, ModeSpec] = {spec.name: spec for spec in SPECS}


def demon_modes() -> tuple[str, ...]:
    """The modes played against a demon (`games.chase`), in menu order."""
    return tuple(name for name, spec in MODES.items() if spec.demon is not None)


def races(mode: str) -> bool:
    """Whether the demon races the player to one goal (no catching) rather than hunting
    them: the mode's spec says (`ModeSpec.demon`)."""
    return MODES[mode].demon == "races"


def warm_first(setup) -> list[str]:
    """The warm-up tasks a setup's game needs first: its mode's, then its generator's."""
    return [*MODES[setup.mode].warm, f"generator {setup.algorithm}"]
