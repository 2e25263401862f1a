"""Saved results' maze keys in words, for the records screen, replays and `mazegame records`.

A key says exactly what was played (storage keeps it); a player reads "classics 1" where
the key is "puzzle:fdd5a3eb8c2773eb", and "backtracker 6x5 seed 2" for
"backtracker:6x5:2:".
"""

from __future__ import annotations

from functools import cache


@cache
def shipped_puzzles() -> dict[str, str]:
    """Every shipped jumping puzzle's results key -> "pack N" (read once)."""
    from mazegame.games.jump import PACK_NAMES, load_pack, progress_key

    return {progress_key(puzzle): f"{pack} {i + 1}"
            for pack in PACK_NAMES for i, puzzle in enumerate(load_pack(pack))}


def recipe_label(key: str) -> str:
    """A generated maze's key ("algorithm[#edition]:WxH:seed:wrap[:one-way f][:difficulty]")
    in words."""
    algorithm, size, seed, wrap, *rest = key.split(":") + [""] * 3
    algorithm, _, edition = algorithm.partition("#")  # a later edition's mazes: "prim v2"
    words = [f"{algorithm} v{edition}" if edition else algorithm, size, f"seed {seed}"]
    words += [{"x": "wraps across", "y": "wraps down", "xy": "torus"}.get(wrap, wrap)]
    words += [part for part in rest if part]
    return " ".join(word for word in words if word)


def maze_label(mode: str, key: str) -> str:
    """What was played, in words: a pack's puzzle, a level, a maze file or a recipe."""
    if key.startswith("puzzle:"):
        return shipped_puzzles().get(key, f"puzzle {key[7:15]}")
    if key.startswith("level:"):
        return f"maze file {key[6:]}"
    from mazegame.games.levels import MODE as LEVEL_RESULTS

    if mode == LEVEL_RESULTS:  # a campaign level: "<id>:<digest of its maze>"
        return f"level {key.split(':', 1)[0]}"
    if key.count(":") >= 3:
        return recipe_label(key)
    return key
