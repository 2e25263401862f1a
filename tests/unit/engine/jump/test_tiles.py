"""Jumping puzzles on hexagons and triangles, against oracles of plain coordinates.

The straight lines are checked against coordinate algebra (not the boards' links the
landing table walks), and designed puzzles against a plain-Python breadth-first search
over those lines (not the engine's analysis): a unique shortest solution, no black hole.
"""

from __future__ import annotations

import json
import statistics
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.engine.jump.design import design
from mazegame.engine.jump.file import JumpFormatError, from_document, from_json, to_json
from mazegame.engine.jump.model import InvalidPuzzle, solve
from mazegame.engine.jump.tiles import TilePuzzle, board_of
from mazegame.engine.tilings import TILINGS

HEX = {0: (1, 0), 1: (1, -1), 2: (0, -1), 3: (-1, 0), 4: (-1, 1), 5: (0, 1)}


def hex_cells(side: int) -> set[tuple[int, int]]:
    n = side - 1
    return {(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n}


def strip_land(cell: tuple[int, int], d: int, k: int) -> tuple[int, int] | None:
    """A jump of k along triangle direction d (E NE NW W SW SE), by strip algebra: a
    triangle (r, c) lies in row r, NE-strip (r + c) // 2 at place c - r, and NW-strip
    ceil((c - r) / 2) at place -(r + c); a jump keeps the strip and moves k places."""
    r, c = cell
    if d in (0, 3):
        return (r, c + (k if d == 0 else -k))
    if d in (1, 4):  # NE / SW: same (r + c) // 2, c - r moves by k
        place = c - r + (k if d == 1 else -k)
        for r2 in range(r - k - 1, r + k + 2):
            c2 = place + r2
            if (r2 + c2) // 2 == (r + c) // 2:
                return (r2, c2)
        return None
    total = r + c + (-k if d == 2 else k)  # NW / SE: same ceil((c - r) / 2)
    for r2 in range(r - k - 1, r + k + 2):
        c2 = total - r2
        if -((r2 - c2) // 2) == -((r - c) // 2):
            return (r2, c2)
    return None


def oracle_land(tiling: str, side: int):
    cells = board_of(tiling, side)[0].cells
    on = set(cells)

    def land(cell, d, k):
        if tiling == "hex":
            t = (cell[0] + HEX[d][0] * k, cell[1] + HEX[d][1] * k)
        else:
            t = strip_land(cell, d, k)
        return t if t in on else None

    return cells, land


@pytest.mark.parametrize(("tiling", "side"), [("hex", 2), ("hex", 4), ("triangle", 2),
                                              ("triangle", 3)])
def test_the_landing_table_is_the_straight_lines(tiling, side):
    board, land = board_of(tiling, side)
    cells, oracle = oracle_land(tiling, side)
    if tiling == "hex":
        assert set(cells) == hex_cells(side)
    else:
        assert len(cells) == 6 * side * side
    for i, cell in enumerate(cells):
        for d in range(6):
            for k in range(1, land.shape[2]):
                want = oracle(cell, d, k)
                got = land[i, d, k]
                assert (cells[got] if got >= 0 else None) == want, (cell, d, k)
    # the longest line: across the hexagon's middle row
    assert land.shape[2] - 1 == (2 * side - 2 if tiling == "hex" else 4 * side - 2)


def test_the_jump_tilings_are_the_registrys():
    from mazegame.engine.jump.tiles import jump_tilings

    assert jump_tilings() == ["hex", "triangle"]
    assert all(TILINGS[name].jump_board for name in jump_tilings())


def brute_force(p: TilePuzzle) -> tuple[int, int, int]:
    """(shortest length, number of shortest solutions, black holes) by plain BFS over
    (cell, last direction) states, with moves from the coordinate oracle."""
    cells, land = oracle_land(p.tiling, p.side)
    index = {c: i for i, c in enumerate(cells)}

    def moves(state):
        """The states one jump away; two directions onto one cell are one move (a jump
        of 1 from a triangle along E or along NE crosses the same side)."""
        cell, last = state
        k = int(p.jumps[cell])
        out = set()
        for d in range(6) if cell != p.goal else ():
            if p.no_u_turn and last is not None and d == (last + 3) % 6:
                continue
            t = land(cells[cell], d, k)
            if t is not None:
                out.add((index[t], d if p.no_u_turn and index[t] != p.goal else None))
        return sorted(out, key=str)

    start = (p.start, None)
    dist, ways, order = {start: 0}, {start: 1}, deque([start])
    seen = []
    while order:
        s = order.popleft()
        seen.append(s)
        for t in moves(s):
            if t not in dist:
                dist[t], ways[t] = dist[s] + 1, 0
                order.append(t)
            if dist[t] == dist[s] + 1:
                ways[t] += ways[s]
    goals = [s for s in dist if s[0] == p.goal]
    length = min((dist[s] for s in goals), default=-1)
    count = sum(ways[s] for s in goals if dist[s] == length)
    # a black hole: reachable, with no way on to the goal
    reach_goal = {s for s in goals}
    changed = True
    while changed:
        changed = False
        for s in seen:
            if s not in reach_goal and any(t in reach_goal for t in moves(s)):
                reach_goal.add(s)
                changed = True
    return length, count, len([s for s in seen if s not in reach_goal])


@pytest.mark.parametrize(("tiling", "side", "seeds"), [("hex", 4, range(1, 9)),
                                                       ("triangle", 3, range(1, 7))])
def test_designed_puzzles_are_unique_without_holes_and_long(tiling, side, seeds):
    lengths = []
    for seed in seeds:
        p = design(side, "rook", seed, tiling=tiling)
        length, count, black = brute_force(p)
        assert (count, black) == (1, 0), (tiling, seed)
        assert solve(p).length == length
        lengths.append(length)
    assert statistics.median(lengths) >= 8


def test_triangles_have_no_u_turn_rule():
    """A jump of 1 from a triangle along E or NE crosses the same side: which way the
    player came would be ambiguous, so triangles take the plain rule only."""
    with pytest.raises(ValueError, match="no-u-turn"):
        design(2, "no-u-turn", 1, tiling="triangle")


def test_no_u_turn_designs_hold_to_the_rule():
    p = design(3, "no-u-turn", 5, tiling="hex")
    assert p.no_u_turn and p.slots == 7
    length, count, black = brute_force(p)
    assert (length, count, black) == (solve(p).length, 1, 0)


def test_a_designed_puzzle_is_the_same_for_a_seed():
    assert design(3, "rook", 9, tiling="triangle") == design(3, "rook", 9, tiling="triangle")


def test_documents_round_trip_in_any_cell_order():
    p = design(3, "rook", 2, tiling="hex")
    doc = json.loads(to_json(p))
    assert set(doc) == {"tiling", "cells", "jumps", "start", "goal"}
    assert from_json(to_json(p)) == p
    n = len(doc["cells"])
    flipped = dict(doc, cells=doc["cells"][::-1], jumps=doc["jumps"][::-1],
                   start=n - 1 - doc["start"], goal=n - 1 - doc["goal"])
    assert from_document(flipped) == p


@pytest.mark.parametrize(("change", "message"), [
    ({"tiling": "square"}, "'tiling' must be one of"),
    ({"cells": [[0, 0]] * 5}, "5 cells are no hexagon"),
    ({"start": 19}, "'start' must be a cell's index 0..18"),
    ({"goal": True}, "'goal' must be a cell's index"),
    ({"jumps": [1] * 19}, "the goal's jump must be 0"),
    ({"jumps": [2] * 18}, "'jumps' must list one number a cell (19)"),
    ({"no_u_turn": "yes"}, "'no_u_turn' must be true or false"),
    ({"colour": 1}, "unknown key 'colour'"),
])
def test_bad_documents_say_what_is_wrong(change, message):
    doc = json.loads(to_json(design(3, "rook", 2, tiling="hex"))) | change
    with pytest.raises(JumpFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_document(doc)


def test_a_cell_off_the_hexagon_or_twice_is_named():
    doc = json.loads(to_json(design(3, "rook", 2, tiling="hex")))
    doc["cells"][4] = [5, 5]
    with pytest.raises(JumpFormatError, match=r"cell 4: \[5, 5\] is not on the hexagon"):
        from_document(doc)
    doc["cells"][4] = doc["cells"][3]
    with pytest.raises(JumpFormatError, match="listed twice"):
        from_document(doc)


def test_a_jump_that_leaves_the_board_everywhere_is_refused():
    board, _ = board_of("hex", 2)
    jumps = np.ones(board.size, dtype=np.int32)
    jumps[1] = 0
    jumps[0] = 2  # a corner: every line of two leaves the hexagon of side 2... but one
    TilePuzzle("hex", 2, jumps, 0, 1)  # (across the middle) stays on it
    jumps[0] = 3
    with pytest.raises(InvalidPuzzle, match=r"jump 3 is out of range 1..2"):
        TilePuzzle("hex", 2, jumps, 0, 1)


@pytest.mark.parametrize("tiling", ["hex", "triangle"])
def test_shipped_tile_packs_are_good_designs(tiling):
    from mazegame.games.jump import PACK_NAMES, load_pack

    assert tiling in PACK_NAMES
    pack = load_pack(tiling)
    assert len(pack) >= 6 and all(p.tiling == tiling for p in pack)
    for p in pack:
        length, count, black = brute_force(p)
        assert length >= 8 and (count, black) == (1, 0)


def test_the_puzzle_of_the_day_on_each_tiling():
    import datetime

    from mazegame.engine.jump.design import puzzle_of_the_day

    day = datetime.date(2026, 11, 27)
    hexes = puzzle_of_the_day(day, tiling="hex")
    assert (hexes.tiling, hexes.side) == ("hex", 4)
    assert hexes == puzzle_of_the_day(day, tiling="hex")
    assert puzzle_of_the_day(day, tiling="triangle").tiling == "triangle"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=20,
)
HEX_DOC = json.loads(to_json(TilePuzzle("hex", 2, [2, 0, 1, 1, 2, 1, 1], 0, 1)))


@settings(deadline=None)
@given(key=st.sampled_from([*HEX_DOC, "no_u_turn", "extra"]), value=JSON_VALUES | st.sampled_from(
    [2**31, 2**63, -1, 0, 7, 1e20, True, [[0, 0]] * 7, [[2**40, 0]] * 7, [2**40] * 7,
     "triangle", "square"]), where=st.integers(0, 6))
def test_any_field_of_a_tile_document_reads_or_is_refused_in_words(key, value, where):
    """A hex document with one field (or one cell, or one jump) replaced by any JSON value:
    a puzzle or a JumpFormatError with a message, never another exception."""
    doc = json.loads(json.dumps(HEX_DOC))
    if key in ("cells", "jumps") and where % 2:
        doc[key][where] = value
    else:
        doc[key] = value
    try:
        puzzle = from_document(doc)
    except JumpFormatError as err:
        assert str(err) and "\n" not in str(err)
    else:
        assert isinstance(puzzle, TilePuzzle)
