"""Generators accept only sizes they can build in seconds, refuse the rest with a reason,
and name the nearest size that works (`GeneratorSpec.fit_size` / `size_note`)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.cli import main
from mazegame.engine.generate import GENERATORS, generate, hamiltonian
from mazegame.engine.generate.hamiltonian import (
    CAVERN_MAX_CELLS,
    CYCLE_MAX_CELLS,
    STEERED_MAX_CELLS,
    UNICURSAL_MAX_CELLS,
)
from mazegame.engine.graph import bfs, maze_graph
from mazegame.engine.grid import MAX_SIDE
from mazegame.engine.trace import Replay

#: The setup dialog's presets are even-sided: caverns used to fail at every one of them.
EVEN_PRESETS = [(20, 10), (40, 20), (60, 30), (100, 50), (200, 100), (512, 512)]


def accepts(name: str, w: int, h: int) -> bool:
    """Whether the generator's own checks accept the size (without building it)."""
    spec = GENERATORS[name]
    try:
        spec.prepare(h, w, spec.resolve(None))
    except ValueError:
        return False
    return 1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE


@pytest.mark.parametrize("name", list(GENERATORS))
@settings(deadline=None, max_examples=25)
@given(w=st.integers(-5, MAX_SIDE + 5), h=st.integers(-5, MAX_SIDE + 5))
def test_fit_size_is_a_size_the_generator_accepts(name, w, h):
    spec = GENERATORS[name]
    fw, fh = spec.fit_size(w, h)
    assert accepts(name, fw, fh)
    if accepts(name, w, h):
        assert (fw, fh) == (w, h) and spec.size_note(w, h) is None
    else:
        note = spec.size_note(w, h)
        assert note and f"using {fw}x{fh}" in note


@pytest.mark.parametrize("w,h", EVEN_PRESETS)
def test_caverns_fit_every_even_preset_by_one_step(w, h):
    fw, fh = GENERATORS["cavern"].fit_size(w, h)
    assert abs(fw - w) + abs(fh - h) == 1 or fw * fh <= CAVERN_MAX_CELLS < w * h
    assert "impossible" in GENERATORS["cavern"].size_note(w, h)
    if fw * fh <= 50_000:
        maze = generate("cavern", fw, fh, 1).maze
        assert maze.solid is not None and not maze.solid.all()


def test_a_big_cavern_is_built_and_holds_the_rules():
    """No 2x2 block all rock, all passage or checkerboard; passages joined as one tree."""
    maze = generate("cavern", 129, 131, 5).maze
    rock = maze.solid
    a, b, c, d = rock[:-1, :-1], rock[:-1, 1:], rock[1:, :-1], rock[1:, 1:]
    count = a.astype(int) + b + c + d
    assert ((count > 0) & (count < 4)).all()
    assert not ((a == d) & (b == c) & (a != b)).any()
    passages = int((~rock).sum())
    assert maze.door_count() == passages - 1
    dist, _, _ = bfs(maze_graph(maze), maze.start)
    assert ((dist >= 0) == ~rock.ravel()).all()


@pytest.mark.parametrize("name,w,h,options,limit", [
    ("unicursal", 513, 513, None, UNICURSAL_MAX_CELLS),
    ("unicursal", 2048, 2048, None, CYCLE_MAX_CELLS),
    ("unicursal", 120, 120, {"end": (119, 118)}, STEERED_MAX_CELLS),
    ("cavern", 4095, 4096, None, CAVERN_MAX_CELLS),
])
def test_sizes_past_the_limit_are_refused_with_the_reason(name, w, h, options, limit):
    with pytest.raises(ValueError, match=f"limited to {limit:,}"):
        generate(name, w, h, 1, options=options)


def test_cli_refuses_a_huge_unicursal_in_one_line(capsys):
    assert main(["generate", "--algo", "unicursal", "--size", "513x513"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazegame: error:") and "limited to" in err
    assert len(err.splitlines()) == 1


@settings(deadline=None, max_examples=40)
@given(w=st.integers(2, 12), h=st.integers(2, 12), seed=st.integers(0, 2**31 - 1),
       data=st.data())
def test_big_unicursal_mazes_run_round_a_hamiltonian_cycle(w, h, seed, data):
    """The linear-time method (used above CYCLE_FROM_CELLS), tried on small grids: one
    corridor through every cell from the start, ending next to it; the trace rebuilds it."""
    if w * h % 2:
        w += 1
    start = (data.draw(st.integers(0, h - 1)), data.draw(st.integers(0, w - 1)))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hamiltonian, "CYCLE_FROM_CELLS", 0)
        built = generate("unicursal", w, h, seed, record=True, options={"start": start})
    maze = built.maze
    n = w * h
    assert maze.start == start[0] * w + start[1] and maze.door_count() == n - 1
    degree = [sum(maze.step(v, d) != v for d in range(4)) for v in range(n)]
    assert max(degree) <= 2 and degree[maze.start] == degree[maze.goals[0]] == 1
    dist, _, _ = bfs(maze_graph(maze), maze.start)
    assert (dist >= 0).all() and dist[maze.goals[0]] == n - 1
    assert maze.goals[0] in {maze.neighbor(maze.start, d) for d in range(4)}
    replay = Replay(built.trace)
    replay.seek(len(built.trace))
    assert np.array_equal(replay.walls, maze.walls)


def test_a_512_unicursal_is_built():
    maze = generate("unicursal", 512, 512, 3).maze
    assert maze.door_count() == 512 * 512 - 1
