"""The demon personalities' kernels (mazegame.engine.personalities): the scent that
spreads and fades behind the player, following it, and the least-recently-used door walk."""

from __future__ import annotations

from mazegame.engine.demon import STAY
from mazegame.engine.jit import kernel

SCENT_FLOOR = 1e-30  #: fainter scent than this is no scent


# -- kernels ----------------------------------------------------------------------------------
@kernel
def diffuse(indptr, indices, tar, out, source, fade):
    """One tick of Suits' aroma diffusion with a moving source that fades behind it.

    Each cell's aroma becomes the average of its own and that of the cells it can move to
    (as in `solve.aroma.cheese`), times `fade`; the source cell holds 1. Returns the new
    array (the two buffers swap roles).
    """
    n = tar.shape[0]
    for v in range(n):
        total = tar[v]
        for j in range(indptr[v], indptr[v + 1]):
            total += tar[indices[j]]
        a = fade * total / (1 + indptr[v + 1] - indptr[v])
        out[v] = a if a > SCENT_FLOOR else 0.0  # no denormals: they are slow and unsmellable
    out[source] = 1.0
    return out


@kernel
def strongest(moves, tar, cell):
    """The direction to the neighbour with the strongest aroma, if it beats the cell's own."""
    best, best_tar = STAY, tar[cell]
    for d in range(moves.shape[1]):
        nxt = moves[cell, d]
        if nxt != cell and tar[nxt] > best_tar:
            best, best_tar = d, tar[nxt]
    return best


@kernel
def lru_door(moves, doors, opposite, cell, offset, count):
    """Suits 3.3 one step at a time: leave by the door with the lowest number (ties: the
    first from direction `offset` on), writing the move count on it and on the way in
    (side `opposite[d]` of the cell beyond)."""
    best = STAY
    sides = moves.shape[1]
    for k in range(sides):
        d = (offset + k) % sides
        if moves[cell, d] != cell and (best < 0 or doors[cell, d] < doors[cell, best]):
            best = d
    if best >= 0:
        doors[cell, best] = count
        doors[moves[cell, best], opposite[best]] = count
    return best
