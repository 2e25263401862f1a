"""Kernel helpers every generator family shares, and the one idiom for tracing.

Kernels open a side with `set_door(...)` and only then, under `if record:`, call `emit`.
A helper that takes and returns the trace buffer would rebind it on every step of the fast
path, and numba's reference counting on that array slows every step (docs/kernel-notes.md).
"""

from __future__ import annotations

import numpy as np

from mazegame.engine.jit import kernel
from mazegame.engine.rng import XS_MASK, randbelow, xs_below, xs_next, xs_seed
from mazegame.engine.trace import AT, MARK, emit

SUITS = "Suits, Playing With Mazes (1994)"
CLASSIC = "classic catalogue (Daedalus, mazelib, Jamis Buck)"

# -- NOTE codes of the generators (a solver's are in solve.registry) ---------------------------
NOTE_JOIN = 1  #: connection matrix: the next CARVE joins two regions
NOTE_HUNT = 2  #: hunt-and-kill: stuck, scanning row by row
NOTE_KILL = 3  #: hunt-and-kill: walking on from the cell the hunt found
NOTE_CHAMBER = 4  #: recursive division: splitting the chamber in focus
#: What the lab's log prints for each generator NOTE code.
NOTE_TEXT = {
    NOTE_JOIN: "two regions meet across a wall: open it, and relabel the smaller region",
    NOTE_HUNT: "stuck: hunting row by row for an unvisited cell beside the maze",
    NOTE_KILL: "found one: joined it to the maze, walking on at random from there",
    NOTE_CHAMBER: "a wall with one gap across the chamber in focus, then each half",
}


@kernel
def show_arrival(buf, k, cell, mark):
    """Trace a walker arriving on `cell` and the cell's new mark."""
    k = emit(buf, k, AT, cell, 0)
    return emit(buf, k, MARK, cell, mark)


@kernel
def find(parent, x):
    """Union-find root of x, compressing the path on the way."""
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        nxt = parent[x]
        parent[x] = root
        x = nxt
    return root


#: From this many items on, a shuffle scatters them into buckets first
#: (`shuffle_in_buckets`): a 1024x1024 maze has 2 million walls, whose random swaps miss the
#: cache every time. Below it the shuffles draw exactly as they always did.
BUCKETS_FROM = 1 << 21
BUCKET_BITS = 8  #: 256 buckets: 4096x4096's 33 million walls, 128 thousand (512 KB) a bucket


@kernel
def shuffle(items, count):
    """Fisher-Yates shuffle of items[:count] in place with numba's seeded generator."""
    if count >= BUCKETS_FROM:
        shuffle_in_buckets(items, count)
        return
    for i in range(count - 1, 0, -1):
        j = randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


@kernel
def shuffle_fast(items, count, seed):
    """Fisher-Yates shuffle of items[:count] in place, each pick by a xorshift draw of the
    seed's own stream (numba's Mersenne Twister cost twice as much at 2 million walls), for
    the generators whose stream may change; from BUCKETS_FROM items on, `shuffle_in_buckets`
    on numba's generator (seeded by the caller)."""
    if count >= BUCKETS_FROM:
        shuffle_in_buckets(items, count)
        return
    x = xs_seed(seed)
    for i in range(count - 1, 0, -1):
        x = xs_next(x)
        j = xs_below(x, i + 1)
        items[i], items[j] = items[j], items[i]


@kernel
def shuffle_in_buckets(items, count):
    """A uniformly random order of items[:count] that stays in the cache (Rao and Sandelius,
    1961): send each item to a random one of 256 buckets, in order (256 streams of
    writes), then shuffle each bucket, a few hundred KB, by Fisher-Yates. Every order is as
    likely as by one Fisher-Yates over them all, at a fraction of its cache misses."""
    buckets = 1 << BUCKET_BITS
    which = np.empty(count, dtype=np.uint8)
    starts = np.zeros(buckets + 1, dtype=np.int64)
    draw = 0
    for i in range(count):  # four buckets a 32-bit draw
        if i & 3 == 0:
            draw = np.random.randint(0, 4294967296)
        b = (draw >> (8 * (i & 3))) & 255
        which[i] = b
        starts[b + 1] += 1
    for b in range(buckets):
        starts[b + 1] += starts[b]
    placed = np.empty(count, dtype=items.dtype)
    at = starts[:buckets].copy()
    for i in range(count):
        b = which[i]
        placed[at[b]] = items[i]
        at[b] += 1
    for b in range(buckets):
        part = placed[starts[b]:starts[b + 1]]
        for i in range(part.shape[0] - 1, 0, -1):
            j = below(i + 1)
            part[i], part[j] = part[j], part[i]
    items[:count] = placed


@kernel
def around(h, w, wrap_x, wrap_y, cell, out):
    """Fill out[0..3] with the N, E, S, W neighbours of `cell` (-1 off a bounded edge).

    The same cells as `grid.neighbor` for each side, for one division instead of four:
    integer division is what the generators' inner loops spend most time on.
    """
    r = cell // w
    c = cell - r * w
    out[0] = cell - w if r > 0 else ((h - 1) * w + c if wrap_y else -1)
    out[1] = cell + 1 if c < w - 1 else (r * w if wrap_x else -1)
    out[2] = cell + w if r < h - 1 else (c if wrap_y else -1)
    out[3] = cell - 1 if c > 0 else (cell + w - 1 if wrap_x else -1)


ROW_SHIFT = 40  #: `row_magic`'s fixed point: exact for every cell of a maze up to 4096 wide


@kernel
def row_magic(w):
    """The multiplier that divides by `w`: (cell * row_magic(w)) >> ROW_SHIFT == cell // w
    for every cell of a maze w wide (a multiply and a shift where a division costs ~10 ns;
    the error, below cell / 2**40, never reaches the next multiple of 1 / w)."""
    return ((1 << ROW_SHIFT) + w - 1) // w


@kernel
def around_by(h, w, magic, wrap_x, wrap_y, cell, out):
    """`around` with the row found by `row_magic`'s multiply instead of a division."""
    r = (np.int64(cell) * magic) >> ROW_SHIFT
    c = cell - r * w
    out[0] = cell - w if r > 0 else ((h - 1) * w + c if wrap_y else -1)
    out[1] = cell + 1 if c < w - 1 else (r * w if wrap_x else -1)
    out[2] = cell + w if r < h - 1 else (c if wrap_y else -1)
    out[3] = cell - 1 if c > 0 else (cell + w - 1 if wrap_x else -1)


@kernel
def sides_where(h, w, magic, wrap_x, wrap_y, cell, visited, want, sides, nbs):
    """Into sides[:count] the sides of `cell` whose neighbour's visited flag is `want`
    (counted without branching: the flags are a random mix); returns count and leaves the
    four neighbours in `nbs`."""
    around_by(h, w, magic, wrap_x, wrap_y, cell, nbs)
    count = 0
    for d in range(4):
        nb = nbs[d]
        sides[count] = d
        count += (nb >= 0) and visited[nb] == want
    return count


@kernel
def join(flat, cell, d, nb):
    """Open side d of `cell` toward its neighbour `nb` from both sides (walls.ravel() view)."""
    flat[cell] &= ~np.uint8(1 << d)
    flat[nb] &= ~np.uint8(1 << (d ^ 2))


@kernel
def close(flat, cell, d, nb):
    """Wall up side d of `cell` toward its neighbour `nb` from both sides."""
    flat[cell] |= np.uint8(1 << d)
    flat[nb] |= np.uint8(1 << (d ^ 2))


@kernel
def coin():
    """A fair coin flip (numba's randint is several times cheaper than random() < 0.5)."""
    return np.random.randint(0, 2) == 1


@kernel
def below(n):
    """A random integer in 0..n-1 by multiply-shift on 31 random bits.

    Several times cheaper than numba's randint over a range that changes from call to call
    (the bias, at most n / 2**31 per value, is far below anything a maze can show). The
    four foundation generators keep randint so their mazes (and UI snapshots) stay put.
    """
    return (np.random.randint(0, 2147483648) * n) >> 31


# -- a walk on a framed grid (Aldous-Broder, Wilson) --------------------------------------
UNSEEN, SEEN, FRAME = 0, 1, 2  #: `framed_grid`'s states (the low two bits of a byte)


@kernel
def framed_grid(h, w):
    """One byte a cell of the grid, row-major, with a frame one cell thick round it (FRAME)
    and the cells UNSEEN. A random walk on it steps by a fixed offset (-(w + 2), 1, w + 2,
    -1 for N, E, S, W) and meets the frame instead of testing its row and column each step."""
    cells = np.full((h + 2) * (w + 2), UNSEEN, dtype=np.uint8)
    wide = w + 2
    for c in range(wide):
        cells[c] = FRAME
        cells[(h + 1) * wide + c] = FRAME
    for r in range(h + 2):
        cells[r * wide] = FRAME
        cells[r * wide + w + 1] = FRAME
    return cells


@kernel(inline="always")
def framed_step(at, d, wide):
    """The framed cell beyond side d of `at` (no lookup: the offset from d's bits; d a
    plain int, since NumPy's booleans do not subtract in a Python twin)."""
    return at + (d == 1) - (d == 3) + wide * ((d == 2) - (d == 0))


@kernel
def through_frame(p, h, w, wrap_x, wrap_y):
    """Where a step that landed on the frame cell p goes: round the maze to the cell on the
    far side where that axis wraps, else -1 (the step is not taken)."""
    wide = w + 2
    r, c = p // wide, p % wide
    if (r == 0 or r == h + 1) and not wrap_y or (c == 0 or c == w + 1) and not wrap_x:
        return -1
    r = h if r == 0 else (1 if r == h + 1 else r)
    c = w if c == 0 else (1 if c == w + 1 else c)
    return r * wide + c


@kernel(inline="always")
def unframed(p, w):
    """The maze's cell for the framed grid's cell p."""
    r = p // (w + 2)
    return (r - 1) * w + p - r * (w + 2) - 1


@kernel(inline="always")
def framed(cell, w):
    """The framed grid's cell for the maze's cell."""
    return (cell // w + 1) * (w + 2) + cell % w + 1


# -- Kruskal's loop without a trace (Kruskal, Prim, the connection matrix) ---------------
_LINK_HASH = 0x9E3779B1  #: Knuth's multiplicative hash (`_link_rank`)
AHEAD = 64  #: walls whose tree links are read ahead, all at once, before they are joined


@kernel(inline="always")
def _wall_ends(wall, wide, cells, magic):
    """A wall id's cell, the cell beyond the wall, and the side (1 east, 2 south), all
    uint64 and without a branch: east and south walls come in random order, so a branch
    on which it is goes wrong half the time. `magic` is `row_magic(w)`; a wall round a
    wrapped edge comes back to the row's start or the top row."""
    cell = wall >> np.uint64(1)
    south = wall & np.uint64(1)
    below = cell + wide
    below = below - cells if below >= cells else below
    col = cell - ((cell * magic) >> np.uint64(ROW_SHIFT)) * wide
    right = cell + np.uint64(1) - (wide if col == wide - np.uint64(1) else np.uint64(0))
    return cell, (below if south else right), np.uint64(1) + south


@kernel(inline="always")
def _link_rank(root):
    """A root's place in random linking: Knuth's multiplicative hash of it, 32 bits."""
    return (np.uint64(root) * np.uint64(_LINK_HASH)) & np.uint64(XS_MASK)


@kernel
def _read_ahead(up, wide, cells, magic, edges, start, end):
    """Read the first two links of both cells of walls start..end-1: independent loads the
    processor overlaps, where the joins one by one wait for each miss in turn (a big maze's
    trees do not fit the cache). Returns their sum, which keeps the compiler from dropping
    the loads. Kept for the row `generate kruskal` (and prim) at 4096x4096: the join loop
    ran 12-20% faster with it (docs/kernel-notes.md, issue 38)."""
    total = 0
    for i in range(start, end):
        cell, nb, _ = _wall_ends(np.uint64(edges[i]), wide, cells, magic)
        total += up[up[cell]] + up[up[nb]]
    return total


@kernel
def join_walls(flat, h, w, edges, m, up, joined):
    """Open the walls edges[:m] in order wherever they separate two trees of `up` (each
    cell's link toward its tree's root; a root links to itself), until one tree is left:
    Kruskal's loop without a trace. `joined` counts the joins made before; returns (the
    joins made in all, the read-ahead's checksum: see `_read_ahead`).

    Built so that nothing it branches on is a coin flip: a find takes two links at once,
    halving the path, before it checks for the root (rarely not there yet); the union links
    the root of the lower hash under the other (random linking: no sizes to keep or load),
    and a wall inside one tree still does every store, to no effect (a root linked to
    itself, a wall bit cleared by zero). Indices are unsigned: no negative index to wrap.
    """
    n = h * w
    wide, cells, magic = np.uint64(w), np.uint64(n), np.uint64(row_magic(w))
    read = 0
    for start in range(0, m, AHEAD):
        if joined == n - 1:
            break
        end = min(start + AHEAD, m)
        read += _read_ahead(up, wide, cells, magic, edges, start, end)
        for i in range(start, end):
            cell, nb, d = _wall_ends(np.uint64(edges[i]), wide, cells, magic)
            a = up[up[cell]]
            up[cell] = a
            while up[a] != a:
                up[a] = up[up[a]]
                a = up[a]
            b = up[up[nb]]
            up[nb] = b
            while up[b] != b:
                up[b] = up[up[b]]
                b = up[b]
            a_low = _link_rank(a) < _link_rank(b)
            up[a if a_low else b] = b if a_low else a  # a no-op when a == b
            differ = np.uint64(a != b)
            flat[cell] &= ~np.uint8(differ << d)
            flat[nb] &= ~np.uint8(differ << (d ^ np.uint64(2)))
            joined += differ
    return joined, read


@kernel
def join_in_order(flat, h, w, edges, m):
    """`join_walls` from every cell a tree of its own: the minimum spanning tree of the
    walls' ranks. Returns the read-ahead's checksum."""
    up = np.empty(h * w, dtype=np.uint32)
    for i in range(h * w):
        up[i] = i
    return join_walls(flat, h, w, edges, m, up, 0)[1]
