"""Wilson and Aldous-Broder claim every spanning tree equally likely: counted, on 3x3.

A 3x3 grid has 192 spanning trees. 19,200 seeds give each about 100; a chi-square test
against the uniform counts must not reject it (and does reject Kruskal's, which is known
not to be uniform: the test can fail).
"""

from collections import Counter

import pytest

from mazegame.engine.generate import generate

stats = pytest.importorskip("scipy.stats")

TREES_3X3 = 192  #: spanning trees of the 3x3 grid graph (OEIS A007341)
SAMPLES = 100 * TREES_3X3


def _p_value(name: str) -> float:
    """The chi-square p-value of `name`'s 3x3 mazes over SAMPLES seeds against uniform."""
    counts = Counter(generate(name, 3, 3, seed).maze.walls.tobytes() for seed in range(SAMPLES))
    assert len(counts) <= TREES_3X3
    observed = list(counts.values()) + [0] * (TREES_3X3 - len(counts))
    return stats.chisquare(observed).pvalue


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_uniform_generators_draw_every_spanning_tree_alike(name):
    assert _p_value(name) > 1e-4


def test_the_check_rejects_a_generator_that_is_not_uniform():
    assert _p_value("kruskal") < 1e-9


@pytest.mark.slow
def test_the_bucket_shuffle_gives_every_order_alike():
    """Big shuffles (`common.shuffle_in_buckets`) scatter into buckets first; every order
    of five items must still come up alike (chi-square over 100 draws an order)."""
    from itertools import permutations

    import numpy as np

    from mazegame.engine.generate.common import shuffle_in_buckets

    orders = {p: 0 for p in permutations(range(5))}
    np.random.seed(1)
    for _ in range(100 * len(orders)):
        items = np.arange(5, dtype=np.int32)
        shuffle_in_buckets.py_func(items, 5)
        orders[tuple(items.tolist())] += 1
    assert sum(orders.values()) == 100 * len(orders)  # each draw an order of the five
    assert stats.chisquare(list(orders.values())).pvalue > 1e-4
