"""An interpreted game as data: every scene of every cell, as `mazegame interpreted export`
prints it (issue 16's JSON) and tests read it."""

from __future__ import annotations

import json

from mazegame.games.interpreted.base import DOOR_LETTERS, Interpretation


def document(kind: str, seed: int, maze, interpretation: Interpretation) -> dict:
    """{"kind", "seed", "maze", "cells": [{"cell", "scene", "options": [...]}]}: an option
    for every side of every cell, open or closed, in the order the game shows them."""
    from mazegame.engine.mazefile import to_document

    cells = []
    for cell in range(maze.size):
        scene = interpretation.scene(cell)
        cells.append({
            "cell": list(maze.rc(cell)),
            "scene": scene.text,
            "options": [{
                "door": DOOR_LETTERS[o.door],
                "open": o.open,
                "text": o.text,
                "to": list(maze.rc(o.to)) if o.to is not None else None,
                "value": o.value,
                "difficulty": o.difficulty,
            } for o in scene.options],
        })
    return {"kind": kind, "seed": seed, "maze": to_document(maze), "cells": cells}


def export(kind: str, size: tuple[int, int], seed: int, difficulty: str) -> str:
    """The JSON of a game built exactly as `play` builds it (one line, UTF-8 text)."""
    from mazegame.games.interpreted.game import interpretation_for, interpreted_maze

    maze = interpreted_maze(size, seed, difficulty)
    interpretation = interpretation_for(kind, maze, seed, difficulty)
    return json.dumps(document(kind, seed, maze, interpretation), ensure_ascii=False,
                      separators=(",", ":"))
