"""Seeded per-cell randomness, distance levels and small English helpers for the trading and
instructional kinds.

Every random choice in a scene comes from `cell_rng(seed, cell, stream)`, a numpy generator
seeded from the game's seed and the cell alone, so a scene never depends on which cells were
visited before it.
"""

from __future__ import annotations

import re

import numpy as np

from mazegame.games.interpreted.base import goal_distances

_MASK = 0x7FFFFFFFFFFFFFFF


def cell_rng(seed: int, cell: int, stream: int = 0) -> np.random.Generator:
    """The generator for one cell's choices (`stream` keeps independent uses apart)."""
    return np.random.default_rng([int(seed) & _MASK, int(cell), int(stream)])


def distance_levels(maze) -> tuple[np.ndarray, int]:
    """(levels, far): moves from each cell to the goal, cells that cannot reach it put at
    `far`, one beyond the farthest cell that can (so every cell has a finite level)."""
    dist = np.asarray(goal_distances(maze), dtype=np.int64)
    reachable = dist >= 0
    far = int(dist[reachable].max()) + 1 if reachable.any() else 1
    return np.where(reachable, dist, far), far


def with_article(noun: str) -> str:
    """'a lantern', 'an inkwell' (a leading 'the' or a capital name is left alone)."""
    if noun.startswith(("the ", "The ")) or noun[:1].isupper():
        return noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def sentence(text: str) -> str:
    """The text with its first letter capitalised (dealers' names may start lower case)."""
    return text[:1].upper() + text[1:] if text else text


#: A verb that agrees with its subject: "[has|have]" (singular|plural).
AGREEMENT = re.compile(r"\[([^\[\]|]*)\|([^\[\]|]*)\]")


def agree(template: str, plural: bool) -> str:
    """The template with every "[singular|plural]" pair resolved: "{dealer} [has|have]" reads
    "two sisters ... have" for a plural subject."""
    return AGREEMENT.sub(lambda m: m[2] if plural else m[1], template)


def pick(rng: np.random.Generator, items, k: int | None = None):
    """One item of a sequence (or k distinct ones, in random order), drawn with `rng`."""
    if k is None:
        return items[int(rng.integers(len(items)))]
    return [items[int(i)] for i in rng.choice(len(items), size=k, replace=False)]


def entry_line(doc, key: str, entry: str) -> int:
    """The line of one string of the list `key` in a content document (its key's line when
    the string cannot be found), so an error points at the entry at fault."""
    import json

    start = doc.located.line((key,))
    needle = json.dumps(entry, ensure_ascii=False)[1:31]  # as TOML writes it, escapes and all
    rows = doc.located.text.splitlines()
    return next((i for i, row in enumerate(rows[start - 1:], start) if needle in row), start)
