"""Suits' self-teaching maze rat (section 5, fig. 22): the network, its rules, its baselines.

Four variants: literal (fig. 22's three rules as written; it does not learn), working (the
smallest change that learns: a signed goal reward by REINFORCE), critic (actor-critic with
eligibility traces) and place (the default: habits that turn with the rat, and a map of
places from its own moves). The network is in `net`, an episode's rules in `episode`. How
each is built, what was tried and dropped, and the figures: docs/rat-experiments.md.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.rat.episode import (
    BASELINE,
    BASELINE_RATE,
    CAPPED,
    COST,
    CRITIC,
    DECAY,
    DRULE,
    EGO,
    EXPLORE,
    FORGET,
    GAMMA,
    HP_SIZE,
    LAMBDA,
    LIMIT,
    LITERAL,
    LR_PRED,
    LR_REWARD,
    PLACE,
    TEMP,
    WORKING,
    episode,
    log_width,
    seed_rng,
)
from mazegame.engine.rat.net import RatNet, expected_shapes

__all__ = ["DEFAULT_HIDDEN", "DEFAULT_VARIANT", "VARIANTS", "RatNet", "episode",
           "expected_shapes", "hyper", "log_width", "seed_rng"]

#: Variant name -> kernel code.
VARIANTS = {"literal": LITERAL, "working": WORKING, "critic": WORKING, "place": WORKING}
DEFAULT_HIDDEN = 16  #: decision nodes
DEFAULT_VARIANT = "place"  #: the rat that reaches the targets (see above)

#: The settings of each variant (see the module docstring for how they were chosen).
SETTINGS = {
    "literal": {TEMP: 1.0, DECAY: 0.5, GAMMA: 0.9, LR_PRED: 0.01, LR_REWARD: 0.05,
                BASELINE: 0.0, BASELINE_RATE: 0.0, EXPLORE: 0.0, CAPPED: 0.0, DRULE: 1.0,
                LIMIT: 0.0},
    "working": {TEMP: 1.0, DECAY: 0.0, GAMMA: 1.0, LR_PRED: 0.01, LR_REWARD: 0.05,
                BASELINE: 0.0, BASELINE_RATE: 0.1, EXPLORE: 0.0, CAPPED: 1.0, DRULE: 0.0,
                LIMIT: 2.0},
    "critic": {TEMP: 1.0, DECAY: 0.0, GAMMA: 0.98, LR_PRED: 0.01, LR_REWARD: 0.1,
               BASELINE: 0.0, BASELINE_RATE: 0.0, EXPLORE: 0.0, CAPPED: 0.0, DRULE: 0.0,
               LIMIT: 2.0, CRITIC: 0.01, LAMBDA: 0.9, COST: 0.0, FORGET: 0.5},
    "place": {TEMP: 1.0, DECAY: 0.0, GAMMA: 0.98, LR_PRED: 0.01, LR_REWARD: 0.1,
              BASELINE: 0.0, BASELINE_RATE: 0.0, EXPLORE: 0.0, CAPPED: 0.0, DRULE: 0.0,
              LIMIT: 2.0, CRITIC: 0.01, LAMBDA: 0.9, COST: 0.0, FORGET: 0.5, PLACE: 0.2,
              EGO: 1.0},
}


def hyper(variant: str) -> np.ndarray:
    """A fresh settings array for the episode kernel (it carries the running baseline)."""
    hp = np.zeros(HP_SIZE)
    for k, v in SETTINGS[variant].items():
        hp[k] = v

    return hp
