"""A seeded hostile fuzz of the real `mazegame`: random command lines and mutated files, each
run in a process of its own, as a hostile user or a broken machine would run it.

Every case is built from one seed (`random.Random`), so a run is repeatable and a failure is
one command to replay. A case may also close standard output, point it at /dev/full, hand a
command a FIFO, a device or a symlink to /dev/zero, or press Ctrl-C (SIGINT) at a random
moment. What must hold for every case (`judge`):

- no Python traceback (but the interpreter's own, when Ctrl-C lands while it starts up and
  runs site's .pth files, before any of mazegame) and no "Exception ignored" on stderr, no
  death by a signal;
- status 0, 1 (an answer, or the machine refused: one line), 2 (bad input: the last stderr
  line is "mazegame: error: ..."), 3 (`allmazes sat`: no answer in time), or 130 after our
  SIGINT with "mazegame: interrupted" last;
- after a SIGINT the process ends within a few seconds.

The app itself is not opened: `play`, `edit` and `replay` run through a launcher whose
`MazeApp.run` returns at once (their argument and file handling is what is fuzzed here; the
screens have their own Pilot tests). Everything else is the installed program, unchanged.

Run it (both cores, some minutes; nothing else should be measured meanwhile):

    python3 tests/functional/hostile_fuzz.py --seed 37 --commands 2000 --files 1800

It prints a count of outcomes and every failing case as a command line to rerun.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from hostile_cases import ROOT, Case, build_cases

#: How the real program is started for the app's commands: as the console script does, with
#: `MazeApp.run` returning at once, patched when the app's module is first imported (inside
#: `main`, as in the real program, so a Ctrl-C meets the same handlers).
LAUNCHER = """
import importlib.util, sys

class ReturnAtOnce:
    def find_spec(self, name, path=None, target=None):
        if name != "mazegame.ui.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run_module = spec.loader.exec_module

        def exec_module(module):
            run_module(module)
            module.MazeApp.run = lambda self, *args, **kwargs: None

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, ReturnAtOnce())
from mazegame.__main__ import main
sys.exit(main())
"""
APP_COMMANDS = {"play", "edit", "replay"}
TIME_LIMIT = 12.0  #: seconds a case may run before it gets Ctrl-C (reported as slow)
AFTER_SIGINT = 10.0  #: seconds a process may take to end after Ctrl-C


@dataclass
class Outcome:
    """What a case did and what was wrong with it (nothing, when `problems` is empty)."""

    case: Case
    status: int | None
    stderr: str
    problems: list[str]
    slow: bool = False

# -- running and judging ---------------------------------------------------------------------
def run_case(case: Case, time_limit: float = TIME_LIMIT, after_sigint: float = AFTER_SIGINT
             ) -> Outcome:
    """Run one case in a fresh folder (its own data folder too) and judge it; a case still
    running after `time_limit` seconds gets Ctrl-C (and is `slow`)."""
    with tempfile.TemporaryDirectory(prefix="mazegame-fuzz-") as folder:
        where = Path(folder)
        for name, content in case.files.items():
            (where / name).parent.mkdir(parents=True, exist_ok=True)
            (where / name).write_bytes(content)
        for name, kind in case.special.items():
            (where / name).parent.mkdir(parents=True, exist_ok=True)
            if kind == "fifo":
                os.mkfifo(where / name)
            elif kind == "dir":
                (where / name).mkdir(exist_ok=True)
            else:
                (where / name).symlink_to(kind)
        child_env = {**os.environ, "MAZEGAME_DATA_DIR": str(where / "data"),
                     "PYTHONPATH": os.pathsep.join(
                         [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
        child_env.pop("COLUMNS", None)
        argv = ([sys.executable, "-c", LAUNCHER, *case.argv] if case.argv[:1] and
                case.argv[0] in APP_COMMANDS else [sys.executable, "-m", "mazegame", *case.argv])
        stdout = {"pipe": subprocess.DEVNULL, "closed": subprocess.DEVNULL,
                  "full": open("/dev/full", "wb")}[case.stdout]  # noqa: SIM115
        close_stdout = (lambda: os.close(1)) if case.stdout == "closed" else None
        try:
            child = subprocess.Popen(argv, cwd=where, env=child_env, stdin=subprocess.PIPE,
                                     stdout=stdout, stderr=subprocess.PIPE,
                                     preexec_fn=close_stdout)
            status, stderr, slow = _wait(child, case, time_limit, after_sigint)
        finally:
            if stdout is not subprocess.DEVNULL:
                stdout.close()
    text = stderr.decode("utf-8", "replace")
    return Outcome(case, status, text, judge(case, status, text, slow), slow)


def _wait(child: subprocess.Popen, case: Case, time_limit: float, after_sigint: float
          ) -> tuple[int | None, bytes, bool]:
    """Feed stdin, send SIGINT when the case asks (or when it runs too long), and wait."""
    limit = case.interrupt if case.interrupt is not None else time_limit
    try:
        _, stderr = child.communicate(case.stdin, timeout=limit)
        return child.returncode, stderr, False
    except subprocess.TimeoutExpired:
        pass
    child.send_signal(signal.SIGINT)
    try:
        _, stderr = child.communicate(timeout=after_sigint)
        return child.returncode, stderr, case.interrupt is None
    except subprocess.TimeoutExpired:
        child.kill()
        _, stderr = child.communicate()
        return None, stderr, True


def judge(case: Case, status: int | None, stderr: str, slow: bool) -> list[str]:
    """What the run did wrong (see the module's docstring for the contract)."""
    problems = []
    lines = stderr.strip().splitlines()
    # a full-screen app (Textual draws on stderr) leaves the terminal with escape codes and
    # no newline: what a person reads last is what follows the last of them
    last = re.split(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]", lines[-1])[-1] if lines else ""
    interrupted = case.interrupt is not None or slow
    if "Traceback (most recent call last)" in stderr and not (
            interrupted and "mazegame" not in stderr.replace("mazegame-fuzz-", "")):
        problems.append("traceback")  # (not Python's own, a Ctrl-C while it starts: site's .pth)
    if "Exception ignored" in stderr:
        problems.append("exception ignored at exit")
    if status is None:
        problems.append("did not end after Ctrl-C")
    elif status == -signal.SIGINT and interrupted:
        pass  # Ctrl-C before Python's handler was set, or while it was leaving: a shell sees 130
    elif status < 0:
        problems.append(f"killed by signal {-status}")
    elif status == 2 and not last.startswith("mazegame: error:"):
        problems.append("status 2 without a 'mazegame: error:' line")
    elif status == 130 and (not interrupted or last != "mazegame: interrupted"):
        problems.append("status 130 without 'mazegame: interrupted' after a Ctrl-C")
    elif status not in (0, 1, 2, 3, 130):
        problems.append(f"status {status}")
    return problems

# -- the command ---------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """Run the fuzz and report; status 1 when any case failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--files", type=int, default=1800)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--only", type=int, nargs="*", help="run only these case numbers")
    args = parser.parse_args(argv)
    cases = build_cases(args.seed, args.commands, args.files)
    chosen = [(i, cases[i]) for i in (args.only if args.only is not None else range(len(cases)))]
    started = time.monotonic()
    counts: Counter[str] = Counter()
    failures: list[tuple[int, Outcome]] = []
    with ThreadPoolExecutor(args.workers) as pool:
        for done, (index, outcome) in enumerate(
                zip([i for i, _ in chosen], pool.map(lambda ic: run_case(ic[1]), chosen),
                    strict=True), 1):
            kind = "command" if index < args.commands else "file"
            counts[f"{kind}s"] += 1
            counts[f"status {outcome.status}"] += 1
            counts["slow (Ctrl-C after the time limit)"] += outcome.slow
            if outcome.problems:
                failures.append((index, outcome))
                print(f"FAIL #{index}: {', '.join(outcome.problems)}: {outcome.case.describe()}\n"
                      + "".join(f"    {line}\n" for line in outcome.stderr.splitlines()[-12:]),
                      flush=True)
            elif outcome.slow:
                print(f"SLOW #{index}: {outcome.case.describe()}", flush=True)
            if done % 100 == 0:
                print(f"... {done}/{len(chosen)} cases, {len(failures)} failed, "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    print(f"seed {args.seed}: {len(chosen)} cases in {time.monotonic() - started:.0f} s, "
          f"{len(failures)} failed")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
