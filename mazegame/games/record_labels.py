"""Saved results' keys in words, for the records screen, replays and `mazegame records`.

A key says exactly what was played (storage keeps it); a player reads "classics 1" where
the key is "puzzle:fdd5a3eb8c2773eb", "Backtracker 6x5, seed 2" for "backtracker#2:6x5:2:"
(the generator's edition tells results apart, not players), and a mode's title ("Problems")
where the results say its name ("instructional").
"""

from __future__ import annotations

from functools import cache


@cache
def shipped_puzzles() -> dict[str, str]:
    """Every shipped jumping puzzle's results key -> "pack N" (read once)."""
    from mazegame.games.jump import PACK_NAMES, load_pack, progress_key

    return {progress_key(puzzle): f"{pack} {i + 1}"
            for pack in PACK_NAMES for i, puzzle in enumerate(load_pack(pack))}


def is_campaign_level(mode: str) -> bool:
    """Whether a results' mode is a campaign level's (`games.levels.MODE`, not in MODES)."""
    from mazegame.games.levels import MODE

    return mode == MODE


def mode_label(mode: str) -> str:
    """A results' mode as the menu names it ("instructional" -> "Problems")."""
    from mazegame.games.modes import MODES

    if is_campaign_level(mode):
        return "Campaign"
    return MODES[mode].title if mode in MODES else mode


def recipe_label(key: str) -> str:
    """A generated maze's key ("algorithm[#edition]:WxH:seed:wrap[:one-way f][:difficulty]")
    in words: "Prim 9x7, seed 3, torus, one-way 0.2"; a board's key leads with the board
    ("hex:backtracker:8x6:7:" reads "Hexagons, Backtracker 8x6, seed 7")."""
    board, rest_of_key = board_of(key)
    if board:
        return f"{board}, {recipe_label(rest_of_key)}"
    algorithm, size, seed, wrap, *rest = key.split(":") + [""] * 3
    algorithm = algorithm.partition("#")[0]  # the edition keeps results apart, unseen
    words = [f"{algorithm[:1].upper()}{algorithm[1:]} {size}", f"seed {seed}"]
    words += [{"x": "wraps across", "y": "wraps down", "xy": "torus"}.get(wrap, wrap)]
    words += [part for part in rest if part]
    return ", ".join(word for word in words if word)


def board_of(key: str) -> tuple[str, str]:
    """(the board in words, the rest of the key) of a recipe key on a board other than the
    square (`games.setup.GameSetup.recipe_key`: "hex:...", "floors3:..."); else ("", key)."""
    from mazegame.engine.tilings import TILINGS

    first, _, rest = key.partition(":")
    name = first.rstrip("0123456789")
    spec = TILINGS.get(name)
    if spec is None or spec.model != "board" or not rest:
        return "", key
    count = first[len(name):]
    return (f"{spec.title} ({count})" if count else spec.title), rest


def maze_label(mode: str, key: str) -> str:
    """What was played, in words: a pack's puzzle, a level, a maze file or a recipe."""
    if key.startswith("puzzle:"):
        return shipped_puzzles().get(key, f"puzzle {key[7:15]}")
    if key.startswith("level:"):
        return f"maze file {key[6:]}"
    if is_campaign_level(mode):  # a campaign level: "<id>:<digest of its maze>", the id in words
        level_id = key.split(":", 1)[0].replace("-", " ")
        return level_id[:1].upper() + level_id[1:]
    if key.count(":") >= 3:
        return recipe_label(key)
    return key
