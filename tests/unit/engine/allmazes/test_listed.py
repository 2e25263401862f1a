"""Listing every class by growing the start's component: the same classes as trying every
subset of cells (`family`, and its kernel one size past it), each once; walking them all
at once gives each class's own solve time."""

from __future__ import annotations

import numpy as np
import pytest

from mazegame.engine.allmazes.check import solve_times as table_solve_times
from mazegame.engine.allmazes.family import _classes, family, neighbour_table, reach
from mazegame.engine.allmazes.listed import listed_classes, mask_solve_times


@pytest.mark.parametrize("size", [(1, 2), (2, 2), (1, 7), (3, 3), (2, 7), (4, 4), (3, 6),
                                  (4, 5), (5, 5)])
def test_the_listed_classes_are_the_family_classes(size):
    got = listed_classes(*size)
    assert len(np.unique(got)) == len(got)  # each once
    assert np.array_equal(np.sort(got), np.sort(family(*size).masks))


def test_past_25_cells_they_are_the_classes_of_every_subset():
    n, m = 2, 13  # 26 cells: 2^24 subsets, tried one by one
    masks, _ = _classes(n, m, neighbour_table(n, m))
    got = listed_classes(n, m)
    assert np.array_equal(np.sort(got), np.sort(masks))
    stack = np.empty(n * m, dtype=np.int64)
    nbr = neighbour_table(n, m)
    assert all(reach(nbr, mask, stack) == mask and (mask >> (n * m - 1)) & 1
               for mask in got[:: max(1, len(got) // 500)])


def test_too_many_cells_to_list_is_refused():
    with pytest.raises(ValueError, match="36 cells"):
        listed_classes(6, 7)


@pytest.mark.parametrize("seed", range(4))
def test_walking_every_listed_class_gives_each_its_table_solve_time(seed):
    fam = family(4, 5)
    rng = np.random.default_rng(seed)
    seq = rng.integers(0, 4, int(rng.integers(1, 200))).astype(np.int8)
    got = mask_solve_times(fam.masks, neighbour_table(4, 5), seq)
    assert np.array_equal(got, table_solve_times(fam.steps, seq, fam.goal))


@pytest.mark.parametrize("most", [0, 5, 300, 10**9])
def test_the_late_classes_are_those_out_after_the_fewest_moves_that_leave_so_few(most):
    from mazegame.engine.allmazes.listed import late_classes

    fam = family(4, 5)
    seq = np.random.default_rng(most).integers(0, 4, 120).astype(np.int8)
    times = table_solve_times(fam.steps, seq, fam.goal)
    out = [int(((times > k) | (times < 0)).sum()) for k in range(len(seq) + 1)]
    want = next((k for k, left in enumerate(out) if left <= most), len(seq))
    k, late = late_classes(4, 5, neighbour_table(4, 5), seq, most)
    assert k == want
    assert set(late.tolist()) == set(fam.masks[(times > k) | (times < 0)].tolist())
