"""Designing jumping mazes by stochastic local search (Neller et al.), and rating them.

Start from a random board, change one random square to a different legal jump, keep the
change when the search's energy does not rise, and keep a worse board with the Metropolis
probability exp(-rise / T), T cooling linearly to zero over each run; restart from a new
random board a few times and return the lowest-energy board that is *valid*: a unique
shortest solution and no black holes. The search's energy is Neller's (see
`kernels.evaluate_kernel`) minus `length_weight` per move of the shortest solution, so
the designer looks for long puzzles: Neller's energy alone has no term for length and
settles on short ones (5x5 rook median 11 moves, where his assignment asks for 18).
Torus boards stay short whatever the search: on a 5x5 torus jumps k and 5-k make the same
moves, and an exhaustive check of all 2^24 boards per goal found no valid one longer than 5.
Everything runs in one numba kernel seeded explicitly, so a seed names a puzzle on every
machine.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mazegame.engine.jit import kernel
from mazegame.engine.jump.kernels import (
    E_BLACK,
    E_LENGTH,
    E_WAYS,
    evaluate_kernel,
    legal_table,
    new_work,
    square_landings,
)
from mazegame.engine.jump.model import DIRECTIONS, VARIANTS, Analysis, JumpPuzzle, solve
from mazegame.engine.jump.tiles import TilePuzzle, jump_tilings

MIN_SIZE, MAX_SIZE = 4, 10
#: Temperature at the start of a run, in moves of solution length (cools linearly to 0;
#: the figures that chose it: docs/kernel-notes.md).
TEMPERATURE = 1.0
#: Attempts (each a full search with a derived seed) before giving up on a valid board.
ATTEMPTS = 20


#: Runs from a fresh random board per attempt (three short runs beat one long one:
#: docs/kernel-notes.md).
RESTARTS = 3


def length_weight(size: int) -> int:
    """Energy taken off per move of the shortest solution: the number of squares, so length
    outranks Neller's soft terms (forced moves, decisions, clusters) while the hard ones
    (|S|^3 for no unique shortest solution, |S|^2 per unreaching state) still outrank it."""
    return size * size


def iterations_for(size: int) -> int:
    """Changes tried per run: enough that a board of this size settles (see RESTARTS)."""
    return 120 * size * size


@kernel
def _valid(out):
    return out[E_LENGTH] >= 0 and out[E_WAYS] == 1 and out[E_BLACK] == 0


@kernel
def _search_energy(e, out, weight):
    # Neller's energy `e` (just evaluated into `out`) minus `weight` per solution move.
    return e - weight * out[E_LENGTH] if out[E_LENGTH] > 0 else e


@kernel
def design_kernel(land, slots, start, goal, seed, restarts, iterations, temperature,
                  weight, legal, best, indptr, indices, rptr, rind, dist_f, dist_b, queue,
                  ways, path, flags, comp, out):
    """Search for a valid board; writes it (flat) into `best` and returns (search energy,
    goal). `weight` is taken off the energy per move of the shortest solution;
    `temperature` is in units of `weight`.

    `goal < 0` picks a random goal per restart. Returns goal -1 when no valid board was
    found. All randomness comes from numba's generator seeded here.
    """
    np.random.seed(seed)
    n = land.shape[0]
    top = legal.shape[1] - 1
    options = np.zeros((n, top), dtype=np.int32)
    count = np.zeros(n, dtype=np.int32)
    for cell in range(n):
        for k in range(1, top + 1):
            if legal[cell, k]:
                options[cell, count[cell]] = k
                count[cell] += 1
    board = np.zeros(n, dtype=np.int32)
    best_energy = np.int64(1) << 62
    best_goal = -1
    for _ in range(restarts):
        g = goal
        while g < 0 or g == start:
            g = np.random.randint(n)
        for cell in range(n):
            board[cell] = 0 if cell == g else options[cell, np.random.randint(count[cell])]
        e = evaluate_kernel(board, land, slots, start, g, indptr, indices, rptr, rind,
                            dist_f, dist_b, queue, ways, path, flags, comp, out)
        e = _search_energy(e, out, weight)
        valid = _valid(out)
        for it in range(iterations):
            if valid and e < best_energy:
                best_energy = e
                best_goal = g
                best[:] = board
            cell = np.random.randint(n)
            if cell == g or count[cell] < 2:
                continue
            old = board[cell]
            while board[cell] == old:
                board[cell] = options[cell, np.random.randint(count[cell])]
            e2 = evaluate_kernel(board, land, slots, start, g, indptr, indices, rptr, rind,
                                 dist_f, dist_b, queue, ways, path, flags, comp, out)
            e2 = _search_energy(e2, out, weight)
            t = temperature * weight * (1.0 - it / iterations)
            if e2 <= e or (t > 0 and np.random.random() < np.exp((e - e2) / t)):
                e = e2
                valid = _valid(out)
            else:
                board[cell] = old
        if valid and e < best_energy:
            best_energy = e
            best_goal = g
            best[:] = board
    return best_energy, best_goal


def variant_rules(variant: str) -> tuple[str, bool, bool]:
    """(moves, wrap, no_u_turn) of a variant: one of VARIANTS, or several joined by '+'
    (e.g. 'queen+torus')."""
    moves, wrap, no_u_turn = "rook", False, False
    for part in variant.split("+"):
        if part not in VARIANTS:
            raise ValueError(f"unknown variant {part!r}; variants: {', '.join(VARIANTS)}")
        m, wr, nu = VARIANTS[part]
        moves = "queen" if m == "queen" else moves
        wrap |= wr
        no_u_turn |= nu
    return moves, wrap, no_u_turn


def design(size: int, variant: str = "rook", seed: int = 0, *, goal: int | None = None,
           restarts: int = RESTARTS, iterations: int | None = None,
           tiling: str = "square") -> JumpPuzzle:
    """A designed size x size puzzle: unique shortest solution, no black holes, and a
    shortest solution as long as the search finds.

    The start is the top-left square (Neller: a corner start avoids initial forced moves);
    the goal is anywhere else, chosen by the search unless given. Raises ValueError for a
    bad size or variant and RuntimeError if no valid board turns up (not seen in practice).
    `tiling` "hex" or "triangle" designs a `tiles.TilePuzzle` instead (`design_tiles`).
    """
    if tiling != "square":
        return design_tiles(tiling, size, variant, seed, goal=goal, restarts=restarts,
                            iterations=iterations)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be {MIN_SIZE}..{MAX_SIZE}, not {size}")
    if goal is not None and not 0 < goal < size * size:
        raise ValueError(f"the goal must be a square other than the top-left start, not {goal}")
    moves, wrap, no_u_turn = variant_rules(variant)
    iterations = iterations_for(size) if iterations is None else iterations
    land = square_landings(size, size, DIRECTIONS[moves], wrap)
    slots = len(DIRECTIONS[moves]) + 1 if no_u_turn else 1
    found = design_board(land, slots, seed, -1 if goal is None else goal, restarts,
                         iterations, length_weight(size))
    for board, g in found:
        puzzle = JumpPuzzle(board.reshape(size, size), 0, g, moves, wrap, no_u_turn)
        check = solve(puzzle)  # the shared BFS, independent of the kernel's own
        if check.unique and not check.black_holes:
            return puzzle
    raise RuntimeError(f"no valid {size}x{size} {variant} puzzle found for seed {seed}")


def design_tiles(tiling: str, side: int, variant: str = "rook", seed: int = 0, *,
                 goal: int | None = None, restarts: int = RESTARTS,
                 iterations: int | None = None) -> TilePuzzle:
    """A designed puzzle on a hexagon of side `side` of hexagons or triangles (`tiles`), with
    the square designer's search and energy; the start is the board's first cell, its top
    left corner. The variant is plain ("rook", the default) or, on hexagons, "no-u-turn"."""
    from mazegame.engine.jump.tiles import MAX_SIDE, MIN_SIDE, board_of

    if tiling not in jump_tilings():
        raise ValueError(f"no jumping puzzles on {tiling!r} (tilings: square, "
                         f"{', '.join(jump_tilings())})")
    if not MIN_SIDE <= side <= MAX_SIDE:
        raise ValueError(f"a {tiling} board's side must be {MIN_SIDE}..{MAX_SIDE}, not {side}")
    moves, wrap, no_u_turn = variant_rules(variant)
    if moves != "rook" or wrap or (no_u_turn and tiling != "hex"):
        raise ValueError(f"a {tiling} board takes the variants rook (plain)" + (
            " and no-u-turn" if tiling == "hex" else " only (no-u-turn is for hexagons)"))
    board, land = board_of(tiling, side)
    n = board.size
    if goal is not None and not 0 < goal < n:
        raise ValueError(f"the goal must be a cell 1..{n - 1} (0 is the start), not {goal}")
    iterations = 120 * n if iterations is None else iterations
    for jumps, g in design_board(land, 7 if no_u_turn else 1, seed,
                                 -1 if goal is None else goal, restarts, iterations, n):
        puzzle = TilePuzzle(tiling, side, jumps, 0, g, no_u_turn)
        check = solve(puzzle)
        if check.unique and not check.black_holes:
            return puzzle
    raise RuntimeError(f"no valid {tiling} puzzle of side {side} found for seed {seed}")


def design_board(land: np.ndarray, slots: int, seed: int, goal: int, restarts: int,
                 iterations: int, weight: int):
    """Yield (jumps, goal) of each attempt's valid board on a landing table (start cell 0;
    `goal` -1: the search picks it), until the caller has the one it checks and keeps.

    Later attempts get a derived seed, so a seed still names exactly one puzzle."""
    legal = legal_table(land)
    work = new_work(land.shape[0], land.shape[1], slots)
    best = np.zeros(land.shape[0], dtype=np.int32)
    for attempt in range(ATTEMPTS):
        run_seed = (seed + attempt * 0x9E3779B1) % 2**31
        _, g = design_kernel(land, slots, 0, goal, run_seed, restarts, iterations,
                             TEMPERATURE, weight, legal, best, *work)
        if g >= 0:
            yield best.copy(), int(g)


def pack_seeds(seed: int, count: int) -> list[int]:
    """Seeds of the puzzles of a pack: stable across machines (numpy's SeedSequence)."""
    state = np.random.SeedSequence(seed).generate_state(count, dtype=np.uint32)
    return [int(s) % 2**31 for s in state]


def design_pack(size: int, variant: str, count: int, seed: int,
                progress: Callable[[int, int], None] | None = None) -> list[JumpPuzzle]:
    """`count` designed puzzles, the i-th from pack_seeds(seed, count)[i]."""
    puzzles = []
    for i, s in enumerate(pack_seeds(seed, count)):
        puzzles.append(design(size, variant, s))
        if progress:
            progress(i + 1, count)
    return puzzles


def daily_side(tiling: str = "square") -> int:
    """The side of a tiling's puzzle of the day (its registry entry's `jump_side`)."""
    from mazegame.engine.tilings import tiling as tiling_spec

    return tiling_spec(tiling).jump_side


def puzzle_of_the_day(day: datetime.date, size: int | None = None,
                      tiling: str = "square") -> JumpPuzzle | TilePuzzle:
    """The same designed puzzle for everyone on a given date, on squares (rook rules),
    hexagons or triangles."""
    size = daily_side(tiling) if size is None else size
    return design(size, "rook", seed=day.toordinal(), tiling=tiling)


# -- difficulty --------------------------------------------------------------------------
#: Difficulty labels, easiest first, with the lowest score each starts at. Calibrated on the
#: designs of the length term (12 per variant and size 5..10, and the shipped packs): score
#: quartiles 4.35 / 8.1 / 10.9 over all designs. Typical scores: rook 6.0 at 5x5, 7.4 at
#: 6x6, 8.8 at 7x7, 10.4 at 8x8, 11.7 at 9x9, 13.1 at 10x10 (medium at 5x5-6x6, hard at
#: 7x7-8x8, expert from 9x9); queen 4.8 to 10.2; no-U-turn 7.4 to 16.7; torus 1.8 to 3.3.
#: The old thresholds (3, 5, 8) were set for the short designs: every designed 5x5 rook
#: puzzle then rated hard and everything from 7x7 expert.
LEVELS = (("easy", 0.0), ("medium", 4.5), ("hard", 8.0), ("expert", 11.0))


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: a score and its label."""

    score: float
    label: str


def rate(puzzle: JumpPuzzle | TilePuzzle, analysis: Analysis | None = None) -> Rating:
    """Rate a puzzle from its shortest solution length and decisions.

    score = (length + min(d_f, d_b)) / sqrt(cells): a longer solution with more real
    choices (forward and backward) is harder. Dividing by sqrt(cells) rather than cells
    keeps bigger boards harder (typical designed rook boards score about 6 at 5x5, 10 at
    8x8, 13 at 10x10: medium, hard, expert; see LEVELS) while a short solution on a big
    board still rates easy. Queen boards score a little lower; torus boards have short
    solutions by nature (a 5x5 torus allows at most 5 moves) and rate easy. Unsolvable
    puzzles score 0.
    """
    a = analysis if analysis is not None else solve(puzzle)  # pass one to solve only once
    if not a.solved:
        return Rating(0.0, LEVELS[0][0])
    e = a.energy
    cells = puzzle.cells
    score = (a.length + min(e.forward_decisions, e.backward_decisions)) / cells**0.5
    label = [name for name, low in LEVELS if score >= low][-1]
    return Rating(round(score, 3), label)
