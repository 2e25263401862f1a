"""Suits' self-teaching maze rat (section 5, fig. 22): the network, its rules, its baselines.

(Design choices and measurements: filled in below.)
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.rat.episode import (
    BASELINE,
    BASELINE_RATE,
    DECAY,
    GAMMA,
    HP_SIZE,
    LITERAL,
    LR_PRED,
    LR_REWARD,
    TEMP,
    WORKING,
    episode,
    seed_rng,
)
from mazegame.engine.rat.net import RatNet, expected_shapes

__all__ = ["DEFAULT_HIDDEN", "VARIANTS", "RatNet", "episode", "expected_shapes", "hyper",
           "seed_rng"]

#: Variant name -> kernel code.
VARIANTS = {"literal": LITERAL, "working": WORKING}
DEFAULT_HIDDEN = 16  #: decision nodes

#: The settings of each variant (see the module docstring for how they were chosen).
SETTINGS = {
    "literal": {TEMP: 1.0, DECAY: 0.5, GAMMA: 0.9, LR_PRED: 0.01, LR_REWARD: 0.05,
                BASELINE: 0.0, BASELINE_RATE: 0.0},
    "working": {TEMP: 1.0, DECAY: 0.0, GAMMA: 1.0, LR_PRED: 0.01, LR_REWARD: 0.05,
                BASELINE: 0.0, BASELINE_RATE: 0.1},
}


def hyper(variant: str) -> np.ndarray:
    """A fresh settings array for the episode kernel (it carries the running baseline)."""
    hp = np.zeros(HP_SIZE)
    for k, v in SETTINGS[variant].items():
        hp[k] = v
    return hp
