"""`mazegame bench --startup`: how soon the real program is usable, and how quiet it sits.

Each figure launches `python -m mazegame` (this package's code) in a pseudo-terminal of
120x40, reads its output through a terminal emulator (`terminal.Launch`) and waits for a
screen (`screens`): the menu usable, or a mode's maze drawn and playable (`play MODE`).
Cold launches get an empty numba cache (and saved-results folder) each; warm ones share a
cache this harness filled first with the engine's warm-up. Idle figures watch a screen on
which nothing should move (a classic maze, the menu where its self-building maze is hidden)
for a while: bytes written to the terminal per second and the CPU the program's session
used. Key-press figures (`presses`, warm cache) time a new maze and a move in classic.
Every figure is measured `repeat` times and reported as its median, min and max; a screen
that does not come within the timeout is a timeout, never a hang.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TextIO

from mazegame.bench.figures import (
    number_text,
    percent_text,
    rate_text,
    seconds_text,
    summary,
    verdict,
)
from mazegame.bench.presses import MODE as PRESS_MODE
from mazegame.bench.presses import measure_presses, press_rows
from mazegame.bench.registry import IDLE_SECONDS
from mazegame.bench.registry import STARTUP_TIMEOUTS as TIMEOUTS
from mazegame.bench.report import aligned_table
from mazegame.bench.screens import menu_ready, mode_ready
from mazegame.bench.terminal import TERMINAL, Exited, Launch, child_env, kill_group

#: The menu hides its self-building maze below ui.screens.menu.ATTRACT_MIN_HEIGHT rows (36;
#: a test keeps these two on either side of it).
QUIET_MENU = (120, 30)
ANIMATED_MENU = (120, 40)
#: seconds between a screen's arrival and its idle window: a warm launch is done by then
SETTLE = 3.0
WARM_UP_TIMEOUT = 900.0  #: seconds the harness's own cache warm-up may take
WARM_UP_CODE = "from mazegame.engine.warmup import warm_up; warm_up()"

#: The issue's targets, in seconds: (cache, "menu" or "playable") -> at most.
TARGETS = {("cold", "menu"): 1.0, ("cold", "playable"): 3.0,
           ("warm", "menu"): 0.8, ("warm", "playable"): 1.2}
IDLE_TARGET_BYTES = 0.0  #: bytes per second, at most
IDLE_TARGET_CPU = 1.0  #: % of one core, less than
#: The idle screens: name -> (`mazegame` arguments, terminal size, animates).
IDLE_SCREENS = {
    "classic": (["play", "classic"], TERMINAL, False),
    "menu": ([], QUIET_MENU, False),
    "menu-attract": ([], ANIMATED_MENU, True),
}


def launch_args(screen: str) -> list[str]:
    """The `mazegame` arguments that open a screen: the menu, or a mode with its defaults."""
    return [] if screen == "menu" else ["play", screen]


def ready_check(screen: str) -> Callable[[list[str]], bool]:
    """The test of an emulated screen saying that `screen` (menu or mode) is there."""
    return menu_ready if screen == "menu" else partial(mode_ready, screen)


def time_to_screen(screen: str, env: dict, timeout: float,
                   size=TERMINAL) -> tuple[float | None, str]:
    """(seconds from launch until `screen` is drawn, note); (None, why) on timeout or exit."""
    try:
        with Launch(launch_args(screen), env, *size) as launch:
            seconds = launch.wait_for(ready_check(screen), timeout)
    except Exited as err:
        return None, str(err)
    return seconds, "" if seconds is not None else f"timed out after {timeout:g} s"


def idle_on(screen: str, args: list[str], env: dict, size, timeout: float,
            seconds: float) -> tuple[dict | None, str]:
    """(bytes/s, CPU % and frames/s while `screen` sits untouched for `seconds`, note); the
    watch starts SETTLE seconds after the screen is drawn."""
    try:
        with Launch(args, env, *size) as launch:
            if launch.wait_for(ready_check(args[1] if args else "menu"), timeout) is None:
                return None, f"{screen} not ready within {timeout:g} s"
            launch.drain(SETTLE)
            return launch.idle(seconds), ""
    except Exited as err:
        return None, str(err)


def warm_cache(env: dict, timeout: float = WARM_UP_TIMEOUT) -> dict:
    """Fill a numba cache with the engine's warm-up in a child process: seconds and status."""
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", WARM_UP_CODE], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"seconds": None, "status": "timeout", "note": f"stopped after {timeout:g} s"}
    finally:
        kill_group(proc)
    seconds = time.monotonic() - start
    if proc.returncode:
        last = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        return {"seconds": seconds, "status": "failed",
                "note": f"status {proc.returncode}: {last[0]}"}
    return {"seconds": seconds, "status": "ok", "note": ""}


def startup_figure(values: list[float | None], notes: list[str], target: float) -> dict:
    """One timed figure: its summary, the target, whether the median meets it, and why
    runs have no figure."""
    figure = summary(values)
    figure.update(target=target, met=figure["median"] is not None and figure["median"] <= target,
                  timeouts=sum(n.startswith("timed out") for n in notes),
                  failures=sum(bool(n) and not n.startswith("timed out") for n in notes),
                  notes=[f"run {i}: {n}" for i, n in enumerate(notes, 1) if n])
    return figure


def idle_figure(screen: str, runs: list[dict | None], notes: list[str], seconds: float) -> dict:
    """One idle figure: bytes/s, CPU % and frames/s summaries, the targets and the verdict
    (no target for a screen that animates on purpose)."""
    _, size, animates = IDLE_SCREENS[screen]
    figure = {"terminal": f"{size[0]}x{size[1]}", "animates": animates, "seconds": seconds}
    for key in ("bytes_per_second", "cpu_percent", "frames_per_second"):
        figure[key] = summary([run[key] if run else None for run in runs])
    bytes_, cpu = figure["bytes_per_second"]["median"], figure["cpu_percent"]["median"]
    figure.update(
        target_bytes_per_second=None if animates else IDLE_TARGET_BYTES,
        target_cpu_percent=None if animates else IDLE_TARGET_CPU,
        met=None if animates or bytes_ is None or cpu is None
        else bytes_ <= IDLE_TARGET_BYTES and cpu < IDLE_TARGET_CPU,
        notes=[f"run {i}: {n}" for i, n in enumerate(notes, 1) if n])
    return figure


@contextlib.contextmanager
def _stopped_cleanly() -> Iterator[None]:
    """Let SIGTERM and SIGHUP end the harness by SystemExit, so every launch is killed on
    the way out (Ctrl-C already arrives as KeyboardInterrupt)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGHUP)}
    for sig in saved:
        signal.signal(sig, lambda signum, frame: sys.exit(128 + signum))
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def run_startup(modes: list[str], repeat: int = 3, timeouts: dict | None = None,
                idle_seconds: float = IDLE_SECONDS, progress: TextIO | None = None,
                presses: bool = True) -> dict:
    """Measure every figure `repeat` times (the key-press ones when `presses` and their
    mode is among `modes`); the JSON document of `bench --startup --json`."""
    timeouts = {**TIMEOUTS, **(timeouts or {})}

    def say(text: str) -> None:
        if progress:
            print("  " + text, file=progress, flush=True)

    cpu0, wall0 = os.times(), time.monotonic()
    doc: dict = {"terminal": f"{TERMINAL[0]}x{TERMINAL[1]}", "repeat": repeat,
                 "timeouts": timeouts, "modes": list(modes)}
    with _stopped_cleanly(), tempfile.TemporaryDirectory(prefix="mazegame-bench-") as root:
        doc["cold"] = _measure_startup("cold", modes, repeat, timeouts["cold"],
                                       partial(_cold_env, root), say)
        say("warming the numba cache ...")
        warm_env = child_env(os.path.join(root, "warm-numba"), os.path.join(root, "warm-data"))
        doc["warm_up"] = warm_cache(warm_env)
        say(f"warm-up: {seconds_text(doc['warm_up']['seconds'])} ({doc['warm_up']['status']})")
        doc["warm"] = _measure_startup("warm", modes, repeat, timeouts["warm"],
                                       partial(contextlib.nullcontext, warm_env), say)
        doc["idle"] = _measure_idle(warm_env, timeouts["warm"], idle_seconds, repeat, say)
        doc["presses"] = (measure_presses(warm_env, timeouts["warm"], SETTLE, repeat, say)
                          if presses and PRESS_MODE in modes else {})
    cpu1 = os.times()
    wall = time.monotonic() - wall0
    doc["harness_cpu_percent"] = 100 * (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / wall
    return doc


def _measure_startup(cache: str, modes: list[str], repeat: int, timeout: float,
                     environment: Callable, say: Callable[[str], None]) -> dict:
    """The menu and each mode launched `repeat` times (in turn, so that a slow spell of a
    shared machine spreads over all of them) in the environments `environment()` gives."""
    screens = ["menu", *modes]
    runs: dict[str, tuple[list, list]] = {s: ([], []) for s in screens}
    for i in range(repeat):
        for screen in screens:
            with environment() as env:
                seconds, note = time_to_screen(screen, env, timeout)
            runs[screen][0].append(seconds)
            runs[screen][1].append(note)
            say(f"{cache} {screen} {i + 1}/{repeat}: {note or seconds_text(seconds)}")
    return {"menu": startup_figure(*runs["menu"], TARGETS[cache, "menu"]),
            "playable": {m: startup_figure(*runs[m], TARGETS[cache, "playable"])
                         for m in modes}}


@contextlib.contextmanager
def _cold_env(root: str) -> Iterator[dict]:
    """The environment of one cold launch: an empty numba cache and saved-results folder,
    as on a fresh install; both removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="cold-", dir=root) as cold:
        yield child_env(os.path.join(cold, "numba"), os.path.join(cold, "data"))


def _measure_idle(env: dict, timeout: float, seconds: float, repeat: int, say) -> dict:
    """Every idle screen watched `repeat` times for `seconds` (none when seconds is 0)."""
    if seconds <= 0:
        return {}
    runs: dict[str, tuple[list, list]] = {s: ([], []) for s in IDLE_SCREENS}
    for i in range(repeat):
        for screen, (args, size, _) in IDLE_SCREENS.items():
            got, note = idle_on(screen, args, env, size, timeout, seconds)
            runs[screen][0].append(got)
            runs[screen][1].append(note)
            say(f"idle {screen} {i + 1}/{repeat}: " + (
                f"{rate_text(got['bytes_per_second'])}, {percent_text(got['cpu_percent'])}"
                if got else note))
    return {s: idle_figure(s, *runs[s], seconds) for s in IDLE_SCREENS}


# -- the table ---------------------------------------------------------------------------
def format_startup(doc: dict) -> str:
    """The document as aligned tables: startup times, then idle figures; notes below."""
    header = ("figure", "median", "min", "max", "target", "verdict")
    rows, notes = [], []
    for cache in ("cold", "warm"):
        figures = {"menu": doc[cache]["menu"], **doc[cache]["playable"]}
        for screen, fig in figures.items():
            name = f"{cache} to {'menu' if screen == 'menu' else screen + ' playable'}"
            timeout = f"> {doc['timeouts'][cache]:g} s"
            times = [timeout if fig[k] is None and fig["timeouts"] else seconds_text(fig[k])
                     for k in ("median", "min", "max")]
            rows.append((name, *times, f"<= {fig['target']:g} s", verdict(fig["met"], fig)))
            notes += [f"{name}, {n}" for n in fig["notes"] if "timed out" not in n]
    idle_header = ("idle screen", "terminal", "bytes/s", "CPU", "frames/s", "target", "verdict")
    idle_rows = []
    for screen, fig in doc["idle"].items():
        label = screen + (" (animates on purpose)" if fig["animates"] else "")
        target = "-" if fig["animates"] else (
            f"{fig['target_bytes_per_second']:g} B/s, < {fig['target_cpu_percent']:g} %")
        idle_rows.append((label, fig["terminal"], rate_text(fig["bytes_per_second"]["median"]),
                          percent_text(fig["cpu_percent"]["median"]),
                          number_text(fig["frames_per_second"]["median"]), target,
                          verdict(fig["met"], fig)))
        notes += [f"idle {screen}, {n}" for n in fig["notes"]]
    warm = doc.get("warm_up", {})
    lines = [f"startup in a {doc['terminal']} pseudo-terminal, median of {doc['repeat']} "
             f"(warm cache filled in {seconds_text(warm.get('seconds'))}, "
             f"{warm.get('status', '-')})", "", aligned_table(header, rows, left={0, 4, 5})]
    if idle_rows:
        lines += ["", f"idle, warm cache, {next(iter(doc['idle'].values()))['seconds']:g} s "
                      f"a screen, median of {doc['repeat']}",
                  "", aligned_table(idle_header, idle_rows, left={0, 1, 5, 6})]
    if doc.get("presses"):
        press_header = ("key presses", "maze", "median", "min", "max", "target", "verdict")
        press_table, press_notes = press_rows(doc["presses"])
        lines += ["", f"key presses, warm cache, classic in {doc['terminal']}: "
                      f"{doc['presses']['new_maze']['presses']} new mazes and "
                      f"{next(iter(doc['presses']['move'].values()))['presses']} moves a "
                      f"launch, {doc['repeat']} launches",
                  "", aligned_table(press_header, press_table, left={0, 1, 5, 6})]
        notes += press_notes
    lines += ["", f"harness CPU: {doc['harness_cpu_percent']:.1f} % of one core"]
    return "\n".join(lines + [f"note: {n}" for n in notes])

