"""The launch warm-up runs every kernel family once, the first game's kernels first."""

from mazegame.engine.generate import GENERATORS
from mazegame.engine.solve import SOLVERS
from mazegame.engine.warmup import warm_up


def test_warm_up_reaches_every_kernel_family_in_order():
    seen = []
    warm_up(lambda done, total, label: seen.append((done, total, label)))
    labels = [label for _, _, label in seen]
    assert labels[:2] == ["the first maze", "the demon"]
    assert {f"generator {name}" for name in GENERATORS} <= set(labels)
    assert {f"solver {name}" for name in SOLVERS} <= set(labels)
    assert [done for done, _, _ in seen] == list(range(1, len(seen) + 1))
    assert all(total == len(seen) for _, total, _ in seen)
