"""The kernel warm-up: every family once, in the order a game asks, compiled by a child."""

import io
import subprocess
import sys
import threading

from mazegame.engine import warmup
from mazegame.engine.generate import GENERATORS
from mazegame.engine.personalities import PERSONALITIES
from mazegame.engine.solve import SOLVERS
from mazegame.engine.warmup import Warmer, serve, warm_up, warm_up_tasks
from mazegame.games.modes import MODES


def test_warm_up_reaches_every_kernel_family_and_counts_them():
    seen = []
    warm_up(lambda done, total, label: seen.append((done, total, label)))
    labels = [label for _, _, label in seen]
    assert labels[0] == "maze"
    assert {f"generator {name}" for name in GENERATORS} <= set(labels)
    assert {f"solver {name}" for name in SOLVERS} <= set(labels)
    assert {f"demon {name}" for name in PERSONALITIES} <= set(labels)
    assert [done for done, _, _ in seen] == list(range(1, len(seen) + 1))
    assert all(total == len(seen) for _, total, _ in seen)


def test_the_boards_task_compiles_every_board_kernel():
    warm_up(only={"boards"})
    kernels = [spec.board_kernel for spec in GENERATORS.values() if spec.board_kernel]
    assert len(kernels) >= 8 and all(kernel.signatures for kernel in kernels)


def test_every_mode_asks_first_for_tasks_that_exist():
    labels = dict(warm_up_tasks())
    for mode in MODES.values():
        assert mode.warm and set(mode.warm) <= set(labels), mode.name


def fake_tasks(monkeypatch, ran):
    tasks = [(name, lambda name=name: ran.append(name)) for name in ("a", "b", "c", "d")]
    monkeypatch.setattr(warmup, "warm_up_tasks", lambda: iter(tasks))


def test_without_a_child_the_warmer_runs_every_task_here_the_preferred_first(monkeypatch):
    ran, reports = [], []
    fake_tasks(monkeypatch, ran)

    def no_child():
        raise OSError("no processes here")

    monkeypatch.setattr(warmup, "_start_child", no_child)
    warmer = Warmer(lambda *report: reports.append(report))
    warmer.prefer(["c", "nonsense", "b"])
    warmer.run()
    assert ran == ["c", "b", "a", "d"]
    assert [r[:3] for r in reports] == [(1, 4, "c"), (2, 4, "b"), (3, 4, "a"), (4, 4, "d")]


def test_a_cancelled_warmer_stops_after_the_task_in_hand(monkeypatch):
    ran = []
    fake_tasks(monkeypatch, ran)
    monkeypatch.setattr(warmup, "_start_child", lambda: (_ for _ in ()).throw(OSError()))
    warmer = Warmer(lambda *report: warmer.cancel())
    warmer.run()
    assert ran == ["a"]


def test_a_warmer_whose_game_already_closed_starts_nothing(monkeypatch):
    """The game's own event, set before the warm-up thread built its Warmer: no task runs
    and no child starts (quitting in the first second used to wait for the whole warm-up)."""
    ran, started = [], []
    fake_tasks(monkeypatch, ran)
    monkeypatch.setattr(warmup, "_start_child", lambda: started.append(1))
    closed = threading.Event()
    closed.set()
    Warmer(lambda *report: None, cancelled=closed).run()
    assert ran == [] and started == []


def test_the_child_answers_each_task_with_how_many_kernels_it_compiled(monkeypatch):
    ran = []
    fake_tasks(monkeypatch, ran)
    out = io.StringIO()
    serve(["b\n", "nonsense\n", "a\n"], out)
    assert ran == ["b", "a"]
    assert out.getvalue() == "b\t0\nnonsense\t0\na\t0\n"


def test_the_real_child_compiles_a_task_into_the_shared_cache():
    child = subprocess.run([sys.executable, "-m", "mazegame.engine.warmup"], input="matrices\n",
                           capture_output=True, text=True, timeout=120)
    label, _, compiled = child.stdout.strip().partition("\t")
    assert child.returncode == 0 and label == "matrices" and compiled.isdigit(), child
