"""Hamiltonian generators (seed 004): unicursal mazes and cavern mazes.

- unicursal: a Hamiltonian path on the cell grid is the maze (one corridor, no junction).
  It grows by a self-avoiding random walk that, whenever it is stuck, applies one
  *backbite* to its moving end (Oberdorf et al.): join the end to a grid neighbour already
  on the path and drop the path edge that would close a loop, which reverses the tail
  segment and gives a new end. Repeating it until the walk covers every vertex gives a
  Hamiltonian path from a fixed start; more backbites then move the free end (the walk
  is in `backbite`). Each move reverses a segment and a walk needs about cells^1.5 of
  them, so bigger mazes (an even number of cells, no end asked) run round a random
  Hamiltonian cycle instead (`cycles`), and the rest is capped (`GeneratorSpec.fit_size`
  gives the nearest size that works).
- cavern: a Hamiltonian cycle on the grid of inner corners (built in linear time from a
  shaken 2-factor, see `cycles`); the pixels it encloses are the passages, the rest is
  rock. Every inner corner lies on the wall/passage frontier exactly twice, so no 2x2
  block is all rock, all passage or a checkerboard, and the passages form one tree.
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.generate.backbite import (
    erase_path,
    hamiltonian_walk,
    reverse_segment,
    side_toward,
    steer,
    walk_budget,
)
from mazegame.engine.generate.cycles import hamiltonian_cycle
from mazegame.engine.generate.registry import GeneratorSpec, Option, register
from mazegame.engine.grid import MAX_SIDE, set_door
from mazegame.engine.jit import kernel
from mazegame.engine.trace import ACTIVE, AT, CARVE, MARK, STEP, VISITED, emit

SEED_004 = "Mazes: Generalities (seed 004)"
ITAI = "Itai, Papadimitriou and Szwarcfiter (1982)"


#: Fresh walks tried before giving up. Steering one end with the other fixed is not
#: ergodic, so a walk can land where the wanted end is out of reach; a new walk (from
#: alternating ends) gets out. Failing all of them is a "try another seed" error.
ATTEMPTS = 24

#: Largest unicursal mazes: backbite moves cost a path reversal each and grow as cells^1.5
#: (200x200 takes about a second, 512x512 over a minute), and steering the end to a chosen
#: cell takes many more.
UNICURSAL_MAX_CELLS = 40_000
STEERED_MAX_CELLS = 10_000
#: Above this many cells (and with an even count, no end asked) a unicursal maze runs round
#: a random Hamiltonian cycle instead (`cycles`, linear time, up to CYCLE_MAX_CELLS); its
#: end is then next to its start.
CYCLE_FROM_CELLS = UNICURSAL_MAX_CELLS
CYCLE_MAX_CELLS = 1025 * 1025
#: Largest caverns: the 2-factor method is linear, but the rounds that join the last few
#: stranded cycles each cost a pass over the grid (1025x1025: a few seconds).
CAVERN_MAX_CELLS = 1025 * 1025


# -- unicursal -------------------------------------------------------------------------
@kernel
def _cut_cycle(walls, start, path, record, buf, k):
    """Replace `path` (a Hamiltonian cycle) by the Hamiltonian path that runs round it
    from `start` one way or the other, and carve it (traced as a walk)."""
    n = path.shape[0]
    w = walls.shape[1]
    cycle = path.copy()
    at = 0
    while cycle[at] != start:
        at += 1
    step = 1 if np.random.randint(0, 2) else n - 1
    for i in range(n):
        path[i] = cycle[(at + i * step) % n]
    if record:  # the unicursal maze's step 1, for a big maze
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, AT, start, 0)
        k = emit(buf, k, MARK, start, ACTIVE)
    for i in range(n - 1):
        d = side_toward(w, path[i], path[i + 1])
        set_door(walls, False, False, path[i], d, True)
        if record:
            k = emit(buf, k, CARVE, path[i], d)
            k = emit(buf, k, AT, path[i + 1], 0)
            k = emit(buf, k, MARK, path[i + 1], ACTIVE)
    return k


@kernel
def unicursal(walls, wrap_x, wrap_y, seed, record, buf, start, end, budget, by_cycle, out):
    """A perfect unicursal maze: a Hamiltonian path from `start`, to `end` when end >= 0.

    With `by_cycle` (no end asked, an even number of cells, both sides 2+) the path runs
    round a random Hamiltonian cycle from `start` (`cycles`, linear time), so it ends next
    to where it starts; else it grows by backbites. `out` receives (start, end, failed):
    failed when no attempt finished in its budget.
    """
    np.random.seed(seed)
    h, w = walls.shape
    n = h * w
    path = np.empty(n, dtype=np.int64)
    pos = np.empty(n, dtype=np.int64)
    k = 0
    done = False
    if by_cycle:
        done = hamiltonian_cycle(h, w, path)
        if done:
            k = _cut_cycle(walls, start, path, record, buf, k)
    for attempt in range(0 if by_cycle else ATTEMPTS):
        flip = end >= 0 and attempt % 2 == 1  # walk from the end, then read it backward
        origin, target = (end, start) if flip else (start, end)
        k, length = hamiltonian_walk(path, pos, h, w, origin, budget, walls, record, buf, k)
        if length == n:
            if target < 0:
                done = True
            else:
                k, done = steer(path, pos, h, w, target, budget, walls, record, buf, k)
        if done:
            if flip:
                reverse_segment(path, pos, 0, n)
            break
        if record:  # a fresh start: the old path is walled up first
            k = emit(buf, k, STEP, -1, 1)
        k = erase_path(path, length, w, walls, record, buf, k)
    out[0] = path[0]
    out[1] = path[n - 1]
    out[2] = 0 if done else 1
    if record:
        k = emit(buf, k, STEP, -1, 5)
        for i in range(n):
            k = emit(buf, k, MARK, path[i], VISITED)
    return buf[:k]


def refusal(h: int, w: int, start: tuple[int, int], end: tuple[int, int] | None) -> str | None:
    """Why no Hamiltonian path joins `start` to `end` on an h x w grid (None: one exists).

    The conditions of Itai, Papadimitriou and Szwarcfiter (1982): colour the cells like a
    chessboard by r+c. With an even number of cells the ends differ in colour; with an odd
    number both have the corners' colour. Thin grids add three forbidden families.
    Without `end`, says whether `start` can begin any Hamiltonian path.
    """
    n = h * w
    (sr, sc) = start
    colour = (sr + sc) % 2
    thin_line = h == 1 or w == 1
    line_ends = {(0, 0), (h - 1, w - 1)}
    if n == 1:
        return None if end in (None, start) else "a 1x1 maze has a single cell"
    if thin_line and start not in line_ends:
        return "on a maze one cell wide the path must start at one end"
    if n % 2 and colour:
        return (f"the grid has an odd number of cells, so a path covering them all starts and ends "
                f"on cells with even row+column (like the corners); {sr},{sc} is odd")
    if end is None:  # thin grids forbid some pairs outright: is any end left for this start?
        if min(h, w) > 3:
            return None
        if any(refusal(h, w, start, (r, c)) is None for r in range(h) for c in range(w)):
            return None
        return f"no Hamiltonian path can start at {sr},{sc} on this thin grid ({ITAI})"
    (er, ec) = end
    if end == start:
        return "the end must differ from the start"
    if n % 2 == 0 and colour == (er + ec) % 2:
        return (f"the grid has an even number of cells, so the ends of a path covering them all "
                f"have row+column of different parity; {sr},{sc} and {er},{ec} do not")
    if n % 2 and (er + ec) % 2:
        return (f"the grid has an odd number of cells, so the path must end on a cell with even "
                f"row+column (like the corners); {er},{ec} is odd")
    if thin_line:
        return None if end in line_ends else "on a maze one cell wide the path must end at an end"
    # Orient thin grids so that the short side is the rows.
    if w in (2, 3) and h > w:
        h, w, sr, sc, er, ec = w, h, sc, sr, ec, er
    if h == 2 and sc == ec and 0 < sc < w - 1:
        return "on a maze two cells wide the two ends cannot face each other across an inner rung"
    if h == 3 and w % 2 == 0 and _forbidden_3xn(w, (sr, sc), (er, ec)):
        return f"this end pair is one of the forbidden 3xN configurations ({ITAI})"
    return None


def _forbidden_3xn(w: int, s: tuple[int, int], t: tuple[int, int]) -> bool:
    """Itai et al.'s F3 family on a 3 x w grid (w even), under mirroring and swapping ends."""
    for (ar, ac), (_, bc) in ((s, t), (t, s)):
        for mirror in (False, True):
            a_c, b_c = (w - 1 - ac, w - 1 - bc) if mirror else (ac, bc)
            if (ar + a_c) % 2 == 1 and (a_c < b_c - 1 or (ar == 1 and a_c < b_c)):
                return True
    return False


def _cell_option(value, h: int, w: int, what: str) -> tuple[int, int] | None:
    if value is None:
        return None
    try:
        r, c = (int(x) for x in value)
    except (TypeError, ValueError):
        raise ValueError(f"unicursal {what} is a cell (row, column), not {value!r}") from None
    if not (0 <= r < h and 0 <= c < w):
        raise ValueError(f"unicursal {what} {r},{c} is outside the {w}x{h} maze")
    return r, c


def _prepare_unicursal(h: int, w: int, options) -> tuple:
    start = _cell_option(options["start"], h, w, "start")
    end = _cell_option(options["end"], h, w, "end")
    by_cycle = end is None and h * w % 2 == 0 and min(h, w) >= 2 and h * w > CYCLE_FROM_CELLS
    if by_cycle and h * w > CYCLE_MAX_CELLS:
        raise ValueError(f"unicursal mazes are limited to {CYCLE_MAX_CELLS:,} cells (a {w}x{h} "
                         f"one has {w * h:,})")
    limit = UNICURSAL_MAX_CELLS if end is None else STEERED_MAX_CELLS
    if not by_cycle and h * w > limit:
        what = ("unicursal mazes with a chosen end" if end is not None else
                "unicursal mazes with an odd number of cells" if h * w % 2 else
                "unicursal mazes one cell wide")
        raise ValueError(
            f"{what} are limited to {limit:,} cells (a {w}x{h} one has {w * h:,}): the "
            "backbite walk that builds them slows down as cells^1.5 and would run for minutes"
        )
    why = refusal(h, w, start, end)
    if why is not None:
        where = f"from {start[0]},{start[1]}" + (f" to {end[0]},{end[1]}" if end else "")
        raise ValueError(f"no unicursal maze {where} on a {w}x{h} grid: {why}")
    n = h * w
    return (start[0] * w + start[1], -1 if end is None else end[0] * w + end[1], walk_budget(n),
            by_cycle, np.zeros(3, dtype=np.int64))


def _finish_path(extras: tuple) -> dict:
    out = extras[-1]
    if out[2]:
        raise ValueError(f"no Hamiltonian path found in {ATTEMPTS} fresh walks; "
                         "try another seed")
    return {"start": int(out[0]), "goals": (int(out[1]),)}


# -- cavern ------------------------------------------------------------------------------
@kernel
def _cycle_rock(solid):
    """Rock = the pixels outside a random Hamiltonian cycle of inner corners (see
    `cycles.hamiltonian_cycle`); False if the cycle could not be closed."""
    h, w = solid.shape
    ch, cw = h - 1, w - 1
    m = ch * cw
    path = np.empty(m, dtype=np.int64)
    done = hamiltonian_cycle(ch, cw, path)
    # down[j]: the cycle has the vertical edge below inner corner (i, j) of the current row;
    # crossing one while scanning pixel row i+1 from the left toggles inside/outside.
    down = np.zeros(m, dtype=np.bool_)
    for t in range(m):
        a, b = path[t], path[(t + 1) % m]
        if b == a + cw:
            down[a] = True
        elif a == b + cw:
            down[b] = True
    solid[:, :] = True
    for r in range(1, h - 1):
        inside = False
        for c in range(1, w - 1):
            if down[(r - 1) * cw + (c - 1)]:
                inside = not inside
            solid[r, c] = not inside
    return done


@kernel
def _ribbon_rock(solid):
    """Rock for a cavern two passages thick (4 pixels across): the 2x2 rules leave only
    B X B X ... B along it, B a full cross-section and X a random one-sided tooth.

    Random cycles of a 3-wide corner grid are rare among the walk's paths, so the family
    is built directly (on the long axis, whichever it is).
    """
    h, w = solid.shape
    solid[:, :] = True
    length = w - 2 if h == 4 else h - 2
    for i in range(length):
        first = i % 2 == 0 or np.random.randint(0, 2) == 1  # B, or a tooth on side 1
        second = i % 2 == 0 or not first
        if h == 4:
            solid[1, i + 1], solid[2, i + 1] = not first, not second
        else:
            solid[i + 1, 1], solid[i + 1, 2] = not first, not second


@kernel
def cavern(walls, wrap_x, wrap_y, seed, record, buf, solid, out):
    """A cavern maze: passages are the pixels inside a Hamiltonian cycle of inner corners.

    Inner corner (i, j) touches pixels (i..i+1, j..j+1). `solid` receives the rock;
    `out` receives (first passage cell, last passage cell, failed).
    """
    np.random.seed(seed)
    h, w = walls.shape
    if h == 4 or w == 4:
        _ribbon_rock(solid)
        out[2] = 0
    else:
        out[2] = 0 if _cycle_rock(solid) else 1
    k = 0
    if record:  # step 1 built the rock above; step 2 shows the passages, step 3 the doors
        k = emit(buf, k, STEP, -1, 1)
        k = emit(buf, k, STEP, -1, 2)
        for cell in range(h * w):
            if not solid[cell // w, cell % w]:
                k = emit(buf, k, MARK, cell, VISITED)
        k = emit(buf, k, STEP, -1, 3)
    first, last = -1, -1
    for r in range(h):
        for c in range(w):
            if solid[r, c]:
                continue
            cell = r * w + c
            if first < 0:
                first = cell
            last = cell
            if c + 1 < w and not solid[r, c + 1]:
                set_door(walls, False, False, cell, 1, True)
                if record:
                    k = emit(buf, k, CARVE, cell, 1)
            if r + 1 < h and not solid[r + 1, c]:
                set_door(walls, False, False, cell, 2, True)
                if record:
                    k = emit(buf, k, CARVE, cell, 2)
    out[0] = first
    out[1] = last
    return buf[:k]


def _prepare_cavern(h: int, w: int, options) -> tuple:
    if h * w > CAVERN_MAX_CELLS:
        raise ValueError(
            f"cavern mazes are limited to {CAVERN_MAX_CELLS:,} pixels (a {w}x{h} one has "
            f"{w * h:,}): joining the last cycles of a bigger one can take minutes"
        )
    if h < 3 or w < 3:
        raise ValueError(f"a cavern maze needs at least 3x3 pixels (rock all round), not {w}x{h}")
    if h % 2 == 0 and w % 2 == 0:
        raise ValueError(
            f"a {w}x{h} cavern is impossible: its {w - 1}x{h - 1} grid of inner corners has an odd "
            f"number of vertices and so no Hamiltonian cycle; make one side odd, e.g. {w + 1}x{h}"
        )
    return np.zeros((h, w), dtype=np.bool_), np.zeros(3, dtype=np.int64)


def _fit_unicursal(w: int, h: int) -> tuple[int, int]:
    """A big maze needs an even number of cells, both sides 2+, and at most CYCLE_MAX_CELLS
    (else at most UNICURSAL_MAX_CELLS): shrink the longer side until one holds."""
    def fits(w: int, h: int) -> bool:
        return w * h <= UNICURSAL_MAX_CELLS or (
            w * h <= CYCLE_MAX_CELLS and w * h % 2 == 0 and min(w, h) >= 2)

    while not fits(w, h):
        w, h = (w - 1, h) if w >= h else (w, h - 1)
    return w, h


def _fit_cavern(w: int, h: int) -> tuple[int, int]:
    """The nearest size with both sides 3+, one side odd, and within CAVERN_MAX_CELLS."""
    w, h = max(w, 3), max(h, 3)
    if w % 2 == 0 and h % 2 == 0:  # one step on the longer side (down if up is too big)
        if w >= h:
            w = w + 1 if (w + 1) * h <= CAVERN_MAX_CELLS and w < MAX_SIDE else w - 1
        else:
            h = h + 1 if w * (h + 1) <= CAVERN_MAX_CELLS and h < MAX_SIDE else h - 1
    while w * h > CAVERN_MAX_CELLS:  # two at a time keeps the odd side odd
        w, h = (w - 2, h) if w >= h else (w, h - 2)
    return w, h


def _finish_cavern(extras: tuple) -> dict:
    solid, out = extras
    if out[2]:
        raise ValueError("could not join the cavern's cycles into one; try another seed")
    return {"solid": solid, "start": int(out[0]), "goals": (int(out[1]),)}


register(GeneratorSpec(
    "unicursal", "Unicursal (Hamiltonian path)", unicursal,
    "One corridor through every cell, no junction: a self-avoiding walk repaired by backbite "
    "moves. Starts top-left unless --start is given; --end r,c steers the far end there.",
    f"{SEED_004}; backbite: Oberdorf et al. (2008); endpoint rules: {ITAI}",
    wraps=False,
    options=(Option("start", (0, 0), help="start cell (row, column)"),
             Option("end", None, help="end cell (row, column); random when unset")),
    prepare=_prepare_unicursal, finish=_finish_path, fit=_fit_unicursal,
    events_per_cell=32,  # the backbites: about 30 events a cell at 30x30, more beyond
    steps=(
        "Start the path at the start cell. (A path that took too many backbites is walled "
        "up and a fresh one started, from the end every other time when an end is asked; "
        "beyond 40,000 cells with no end asked, the path runs round a random Hamiltonian "
        "cycle from the start cell instead: go to step 5.)",
        "If every cell is on the path, go to step 4. If the path's end has neighbours not "
        "on the path, carve a door to one at random, make it the end, and do step 2 again; "
        "if it has none, go to step 3.",
        "Stuck: backbite. Choose a neighbour of the end at random; if it is on the path "
        "(and not just before the end), carve a door to it, which closes a loop, and wall "
        "up the door leading on along the path from it: the cell beyond that door is the "
        "new end. Go to step 2.",
        "If an end cell was asked for, backbite (as in step 3) until the path's end stands "
        "on it.",
        "The path is the maze: one corridor through every cell, from the start to the end.",
    ),
))
register(GeneratorSpec(
    "cavern", "Cavern (Hamiltonian cycle)", cavern,
    "Cells are bitmap pixels: the passages are the pixels enclosed by a random Hamiltonian "
    "cycle of inner corners, so there is no 2x2 block of rock, passage or checkerboard. "
    "Needs an odd width or height.",
    SEED_004, perfect=False, wraps=False, rock=True,
    prepare=_prepare_cavern, finish=_finish_cavern, fit=_fit_cavern,
    steps=(
        "Make a random Hamiltonian cycle through the inner corners, the points where four "
        "pixels meet: rings two wide, shaken by random flips of unit squares, then merged "
        "into one cycle. (A cavern 4 pixels across is a random ribbon, made directly.)",
        "The pixels inside the cycle are passage, the pixels outside it rock (along each "
        "row from the left, every crossing of the cycle switches between the two).",
        "Open a door between every two neighbouring passage pixels: the passages form one "
        "tree, and no 2x2 block is all rock, all passage or a checkerboard.",
    ),
))
