"""Compile (or load from numba's cache) every kernel a game needs, on tiny inputs.

`warm_up()` does it in this process (the CLI and the bench). A game uses `Warmer`: a child
process compiles one task at a time into numba's disk cache, in the order the game asks
for, while this process loads each finished task from the cache (a fraction of a second)
and meanwhile runs uncompiled kernels as Python (`compiles.never_wait_for_compiles`). The UI
thread never compiles, and the compile's CPU is the child's, not the game's.

`python -m mazegame.engine.warmup` is that child: it reads task labels on stdin and answers
`label<TAB>kernels compiled` on stdout for each.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Iterator

from mazegame.engine import compiles, jit


def warm_up_tasks() -> Iterator[tuple[str, Callable[[], object]]]:
    """(label, call) pairs, each compiling one family of kernels, the first maze's first."""
    from mazegame.engine.generate import GENERATORS, generate
    from mazegame.engine.personalities import PERSONALITIES
    from mazegame.engine.solve import SOLVERS, solve

    yield "maze", _warm_maze
    yield "replay", _warm_replay
    yield "demon", _warm_demon_tables
    for name in PERSONALITIES:
        yield f"demon {name}", lambda name=name: _warm_personality(name)
    yield "jump", _warm_jump
    yield "matrices", _warm_matrices
    yield "allmazes", _warm_allmazes
    for name in GENERATORS:
        yield f"generator {name}", lambda name=name: (generate(name, 5, 5, 1, record=True),
                                                      generate(name, 5, 5, 1))
    yield "boards", _warm_boards
    for name in SOLVERS:  # with a trace and without: some run other kernels untraced
        yield f"solver {name}", lambda name=name: [
            solve(name, generate("backtracker", 4, 4, 1).maze, record=record)
            for record in (True, False)]
    yield "treasure", _warm_treasure  # last: a host stops the warm-up before it


def run_task(call: Callable[[], object]) -> int:
    """Run one warm-up task, compiling as needed; how many kernels it had to compile."""
    before = _misses()
    with compiles.compiling(), contextlib.suppress(ValueError):  # a kernel refusing a tiny maze
        call()                                                # still compiled
    return _misses() - before


def warm_up(progress: Callable[[int, int, str], None] | None = None,
            only: Iterable[str] | None = None) -> None:
    """Run every warm-up task (or those labelled `only`) in this process, reporting
    (done, total, label) after each."""
    tasks = [(label, call) for label, call in warm_up_tasks() if only is None or label in only]
    for done, (label, call) in enumerate(tasks, 1):
        run_task(call)
        if progress:
            progress(done, len(tasks), label)


def _misses() -> int:
    return sum(sum(k.stats.cache_misses.values()) for k in jit.KERNELS)


class Warmer:
    """Warms every kernel for a game: compiled in a child process, loaded here, in the order
    the game asks for; reports (done, total, label, compiled anything yet) after each task."""

    def __init__(self, progress: Callable[[int, int, str, bool], None],
                 hold: float = 0.0, cancelled: threading.Event | None = None) -> None:
        self.progress = progress
        #: Seconds before this process starts loading (the child starts at once): a game's
        #: first screen, drawn meanwhile, does not share the interpreter with the loader.
        self.hold = hold
        self.tasks = dict(warm_up_tasks())
        self.queue = list(self.tasks)
        self.lock = threading.Lock()
        #: Set to stop; a game may pass its own, set when it closes before this exists.
        self.cancelled = cancelled if cancelled is not None else threading.Event()
        self.compiled_any = False
        self.child: subprocess.Popen | None = None

    def prefer(self, labels: Iterable[str]) -> None:
        """Warm these tasks next (a game just opened that needs them)."""
        with self.lock:
            first = [label for label in labels if label in self.queue]
            self.queue = first + [label for label in self.queue if label not in first]

    def cancel(self) -> None:
        """Stop after the task in hand and end the child."""
        self.cancelled.set()
        if self.child is not None:
            with contextlib.suppress(OSError):
                self.child.kill()

    def run(self) -> None:
        """Warm every task (blocks: run it in a thread), then compile any kernel a game ran
        as Python that no task covered."""
        total, done = len(self.tasks), 0
        if self.cancelled.is_set():  # the game closed while this was being set up
            return
        try:
            self.child = _start_child()
        except OSError:
            self.child = None  # no child: compile here, in this thread
        sent = self._send_next()
        self.cancelled.wait(self.hold)
        while sent is not None and not self.cancelled.is_set():
            compiled = self._wait_for(sent)
            if self.cancelled.is_set():
                break
            after = self._send_next()  # the child compiles the next while we load this one
            compiled += run_task(self.tasks[sent])
            self.compiled_any = self.compiled_any or compiled > 0
            done += 1
            self.progress(done, total, sent, self.compiled_any)
            sent = after
        self._stop_child()
        if not self.cancelled.is_set():
            jit.compile_wanted()
            # Everything a game uses is compiled: a kernel no task covered now compiles on
            # first use rather than run as Python for the rest of the session.
            compiles.never_wait_for_compiles(False)

    def _send_next(self) -> str | None:
        with self.lock:
            label = self.queue.pop(0) if self.queue else None
        if label is not None and self.child is not None:
            try:
                self.child.stdin.write(label + "\n")
                self.child.stdin.flush()
            except (OSError, ValueError):
                self._stop_child()
        return label

    def _wait_for(self, label: str) -> int:
        """How many kernels the child compiled for `label` (0 without a child)."""
        if self.child is None:
            return 0
        line = self.child.stdout.readline()
        name, _, count = line.rstrip("\n").partition("\t")
        if name != label or not count.isdigit():  # the child died or lost its way
            self._stop_child()
            return 0
        return int(count)

    def _stop_child(self) -> None:
        child, self.child = self.child, None
        if child is None:
            return
        with contextlib.suppress(OSError, ValueError):
            child.stdin.close()
        try:
            child.wait(timeout=2)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def _start_child() -> subprocess.Popen:
    """The compiling child: same interpreter, same numba cache, low priority, no terminal;
    it ends with the game (its stdin closes; on Linux it is also killed when we die)."""
    return subprocess.Popen(
        [sys.executable, "-m", "mazegame.engine.warmup"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, bufsize=1, env=os.environ.copy(),
        preexec_fn=_in_child if os.name == "posix" else None,
    )


def _in_child() -> None:
    """Lower the child's priority; on Linux, have it killed when its parent dies."""
    with contextlib.suppress(OSError):
        os.nice(10)
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def serve(lines: Iterable[str], out) -> None:
    """The child's loop: run each task named on a line, answer `label<TAB>compiled`."""
    tasks = dict(warm_up_tasks())
    for line in lines:
        label = line.strip()
        compiled = run_task(tasks[label]) if label in tasks else 0
        out.write(f"{label}\t{compiled}\n")
        out.flush()


def _warm_boards() -> None:
    """Every generator's board kernel (one compile serves every tiling), braided too, and a
    board maze's move graph and BFS."""
    from mazegame.engine.generate.boards import board_generators, generate_board
    from mazegame.engine.graph import bfs

    for name in board_generators("hex"):
        for record in (True, False):
            maze = generate_board(name, "hex", 4, 3, 1, record=record, braid=0.5).maze
    bfs(maze.graph(), maze.start)


def _warm_maze() -> None:
    from mazegame.engine.generate import generate
    from mazegame.engine.graph import bfs, maze_graph, maze_graph_reversed
    from mazegame.engine.oneway import add_one_way_doors
    from mazegame.engine.stats import maze_stats
    from mazegame.engine.texture import texture

    for braid in (0.0, 0.5):
        maze = add_one_way_doors(generate("backtracker", 5, 5, 1, braid=braid).maze, 0.5, 1)
        graph = maze_graph(maze)
        bfs(graph, maze.start)
        graph.reversed()
        maze_graph_reversed(maze)
        maze_stats(maze)
        texture(maze)  # the lab's statistics view
        maze.step(maze.start, 1)


def _warm_replay() -> None:
    from mazegame.engine.generate import generate
    from mazegame.engine.trace import Replay, event_effects, route_lengths

    trace = generate("backtracker", 4, 4, 1, record=True).trace
    replay = Replay(trace)
    replay.seek(len(replay.trace))
    replay.seek(0)
    event_effects(trace)  # the lab's counters
    route_lengths(trace.events, trace.initial.size)


def _warm_demon_tables() -> None:
    from mazegame.engine.chase_safety import Pursuit, check_winnable
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.generate import generate

    maze = generate("backtracker", 6, 6, 1, braid=0.5).maze
    for strategy in ("on-demand", "all-pairs"):
        DemonBrain(maze, strategy)
    with contextlib.suppress(ValueError):
        check_winnable(maze, 0, maze.size - 1, [maze.size - 1], Pursuit(head_start=2))


def _warm_personality(name: str) -> None:
    from mazegame.engine.demon import DemonBrain
    from mazegame.engine.generate import generate
    from mazegame.engine.personalities import make_demon

    maze = generate("backtracker", 6, 6, 1, braid=0.5).maze
    for strategy in ("on-demand", "all-pairs"):
        make_demon(name, maze, DemonBrain(maze, strategy)).step(maze.size - 1, 0)


def _warm_jump() -> None:
    from mazegame.engine.jump.design import design
    from mazegame.engine.jump.file import from_text
    from mazegame.engine.jump.model import solve

    solve(from_text("1 1\n1 G\n"))
    solve(from_text("1 1\n1 G\n"), record=True)
    design(4, "rook", 0)


def _warm_matrices() -> None:
    from mazegame.engine.generate import generate
    from mazegame.engine.matrices import distance_matrix, solution_moves

    maze = generate("backtracker", 3, 3, 1).maze
    distance_matrix(maze)
    solution_moves(maze, maze.size - 1)


def _warm_treasure() -> None:
    from mazegame.engine.generate import generate
    from mazegame.engine.treasure import all_orders

    all_orders(generate("kruskal", 4, 3, 1, braid=0.6).maze)  # loops: the exact search runs
    all_orders(generate("kruskal", 7, 6, 1, braid=0.6).maze)  # beyond it: the local search


def _warm_allmazes() -> None:
    from mazegame.engine.allmazes.brute import count_brute
    from mazegame.engine.allmazes.check import check

    count_brute(2, 2)
    check(2, 3, "rdrrd")  # the classes and their checker: a blindfold win, the lab's sample


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt, BrokenPipeError):
        serve(sys.stdin, sys.stdout)
