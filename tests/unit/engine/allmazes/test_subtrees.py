"""The check's search split into subtrees against the search in one piece and against the
explicit check of every maze class: the same verdict, and node counts (and unsolved
partial mazes) adding up to the same totals, on every size up to 4x4 and 3x5, for right
and wrong sequences; a partition kept as moves are appended is still the whole search."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.allmazes.check import UnsolvedSearch, check
from mazegame.engine.allmazes.cluster import LocalRunner
from mazegame.engine.allmazes.family import neighbour_table, parse_sequence
from mazegame.engine.allmazes.subtrees import (
    CheckRun,
    Partition,
    check_on,
    record,
    search_subtree,
)
from mazegame.locations import asset

SIZES = [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (4, 4), (3, 5)]


def shipped(n: int, m: int) -> np.ndarray:
    """The shipped sequence of the size (verified), as move numbers."""
    text = asset("allmazes", f"{n}x{m}.txt").read_text(encoding="utf-8")
    return parse_sequence("".join(line.partition("#")[0] for line in text.splitlines()))


def sequences(n: int, m: int) -> list[np.ndarray]:
    """Right and wrong ones: a verified sequence, its prefixes, random moves."""
    rng = np.random.default_rng(n * 10 + m)
    try:
        right = shipped(n, m)
    except FileNotFoundError:
        right = np.asarray(rng.integers(0, 4, 40 * n * m), dtype=np.int8)
    return [right, right[:-1], right[: len(right) // 2],
            np.asarray(rng.integers(0, 4, 3 * n * m), dtype=np.int8)]


def whole(n: int, m: int, seq: np.ndarray) -> tuple[int, int]:
    """The unsplit search to its end: (nodes, unsolved partial mazes)."""
    search = UnsolvedSearch(neighbour_table(n, m), seq, n * m, 1, seed=1)
    assert search.run()
    return search.nodes, search.leaves


def split_totals(n: int, m: int, seq: np.ndarray, pieces: int) -> tuple[int, int, int]:
    """The search split in `pieces` and each subtree searched to its end apart: (nodes,
    unsolved partial mazes, subtrees)."""
    part = Partition.whole(n * m)
    part.split(neighbour_table(n, m), seq, n * m, part.open[0], pieces)
    roots = list(part.open)
    done = [search_subtree(n, m, seq, root, 1 << 40, 1, seed=1) for root in roots]
    assert all(d.finished for d in done)
    nodes = len(part.expanded) + sum(part.clean.values()) + sum(d.nodes for d in done)
    return nodes, sum(d.leaves for d in done), len(roots) + len(part.clean)


@pytest.mark.parametrize("n, m", SIZES)
def test_the_subtrees_add_up_to_the_whole_search(n, m):
    for seq in sequences(n, m):
        for pieces in (1, 2, 7, 64):
            assert split_totals(n, m, seq, pieces)[:2] == whole(n, m, seq)


@pytest.mark.parametrize("n, m", SIZES)
def test_the_check_as_tasks_gives_the_plain_checks_verdict(n, m):
    nbr = neighbour_table(n, m)
    for seq in sequences(n, m):
        plain = check(n, m, seq)  # explicit: every maze class walked
        for limit, pieces in ((3, 2), (1 << 40, 16)):
            run = check_on(LocalRunner(), n, m, seq, CheckRun(Partition.whole(n * m)),
                           limit, pieces)
            assert (run.unsolved is None) == plain.ok
            if plain.ok:
                assert run.part.done and run.part.nodes == whole(n, m, seq)[0]
                assert run.part.covers(nbr, seq, n * m)
            else:  # the maze with every cell not known blocked free is unsolved
                free = ~run.unsolved & ((1 << (n * m)) - 1)
                assert not check_one(n, m, free, seq)


def check_one(n: int, m: int, free: int, seq) -> bool:
    """Plain Python: whether the walker visits the goal of the maze `free`."""
    r = c = 0
    for d in [int(x) for x in seq] + [None]:
        if (r, c) == (n - 1, m - 1):
            return True
        if d is None:
            return False
        rr, cc = r + (-1, 1, 0, 0)[d], c + (0, 0, -1, 1)[d]
        if 0 <= rr < n and 0 <= cc < m and (free >> (rr * m + cc)) & 1:
            r, c = rr, cc


@pytest.mark.parametrize("n, m", [(3, 4), (4, 4), (3, 5)])
def test_subtrees_finished_clean_stay_so_as_moves_are_appended(n, m):
    right = shipped(n, m)
    nbr = neighbour_table(n, m)
    part = Partition.whole(n * m)
    part.split(nbr, right[:12], n * m, part.open[0], 32)
    for root in list(part.open):  # the prefix's search: some clean, some not
        record(part, search_subtree(n, m, right[:12], root, 1 << 40, 1, seed=1))
    assert part.clean and part.open
    run = check_on(LocalRunner(), n, m, right, CheckRun(part), 1 << 40, 4)
    assert run.unsolved is None and run.part.nodes == whole(n, m, right)[0]


def test_a_subtree_too_big_for_a_task_is_split_and_still_adds_up():
    seq = shipped(4, 4)
    run = check_on(LocalRunner(), 4, 4, seq, CheckRun(Partition.whole(16)), 2, 2)
    assert run.part.done and len(run.part.expanded) > 100
    assert run.part.nodes == whole(4, 4, seq)[0]


def test_a_partition_missing_a_subtree_or_with_one_too_many_does_not_cover():
    seq, nbr = shipped(4, 4), neighbour_table(4, 4)
    part = check_on(LocalRunner(), 4, 4, seq, CheckRun(Partition.whole(16)), 50, 4).part
    assert part.covers(nbr, seq, 16)
    root, nodes = next(iter(part.clean.items()))
    missing = Partition([], {r: k for r, k in part.clean.items() if r != root},
                        part.expanded)
    assert not missing.covers(nbr, seq, 16)
    stray = (3, 1, root[2], root[3])
    assert not Partition([stray], dict(part.clean), part.expanded).covers(nbr, seq, 16)
    assert not Partition([root], dict(part.clean), part.expanded).covers(nbr, seq, 16)
