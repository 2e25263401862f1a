"""A real `mazegame host` for the network bench, and what /proc says about it.

The bench never imports the server: it runs `python3 -m mazegame host --port P --ssh-port S`
on free ports of 127.0.0.1 with its data folder in a temporary one, and reads the host's
process (and the processes it started, the SSH door's sessions) from /proc: CPU time
(utime + stime) and memory (PSS from smaps_rollup, and RSS).
"""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import mazegame

ROOT = str(Path(mazegame.__file__).resolve().parent.parent)
#: The game port's limits the bench changes (gameport's test variable): a short countdown
#: (it is not what is measured: keys count from the go), and every bench player on one
#: address let in.
LIMITS = "countdown=0.5,per_ip={per_ip}"
WARM_TIMEOUT = 600.0  #: seconds a host may take to compile the rooms' kernels (cold cache)
BANNER_TIMEOUT = 120.0  #: seconds a host may take to listen (a hang guard: it listens at once)


class HostError(Exception):
    """The host did not start (one line, with the end of its log)."""


def free_port() -> int:
    """A port nobody listens on (bound to port 0, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Host:
    """A host process on free ports; a context manager that stops it (SIGTERM, then kill)."""

    def __init__(self, *, ssh: bool = False, per_ip: int = 64) -> None:
        self.port = free_port()
        self.ssh_port = free_port() if ssh else 0
        self._data = tempfile.TemporaryDirectory(prefix="mazegame-bench-host-")
        self.env = {**os.environ,
                    "PYTHONPATH": os.pathsep.join([ROOT, *filter(None, [
                        os.environ.get("PYTHONPATH")])]),
                    "MAZEGAME_DATA_DIR": self._data.name,
                    "MAZEGAME_HOST_LIMITS": LIMITS.format(per_ip=per_ip)}
        self._log = open(Path(self._data.name) / "host.log", "w+")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mazegame", "host", "--port", str(self.port),
             "--ssh-port", str(self.ssh_port)], env=self.env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=self._log, bufsize=0)
        self.lines: list[str] = []  #: what it said on standard output so far
        self._said = b""

    @property
    def address(self) -> tuple[str, int]:
        """Where its game port listens."""
        return ("127.0.0.1", self.port)

    def wait_listening(self, timeout: float = BANNER_TIMEOUT) -> None:
        """Until the host prints its banner (it listens then); HostError if it ends first,
        or says nothing for `timeout` seconds."""
        self._read_until(b"Ctrl-C", timeout, "listen")

    def _read_until(self, marker: bytes, timeout: float, what: str) -> None:
        """Read the host's standard output into `lines` until a line holds `marker`."""
        deadline = time.monotonic() + timeout
        out = self.process.stdout.fileno()
        while marker not in self._said:  # (what it said before counts: the kernels may be
            ready, _, _ = select.select(  # ready from the cache before the banner)
                [out], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise HostError(f"the host did not {what} within {timeout:g} s")
            chunk = os.read(out, 4096)
            if not chunk:
                raise HostError(f"the host ended before it could {what}: {self.log_tail()}")
            self._said += chunk
        self.lines = self._said.decode("utf-8", "replace").splitlines()

    @property
    def door(self) -> bool:
        """The host opened its SSH door (its banner gives the ssh command)."""
        return any("ssh -p" in line for line in self.lines)

    def log_tail(self) -> str:
        """The last lines of the host's log, on one line."""
        self._log.flush()
        self._log.seek(0)
        lines = [line.removeprefix("mazegame: error: ")
                 for line in self._log.read().strip().splitlines()]
        return " | ".join(lines[-3:]) or "(no log)"

    def wait_warm(self, timeout: float = WARM_TIMEOUT) -> None:
        """Until the host says its rooms' kernels are compiled (it listens at once and
        compiles meanwhile in a child: a figure taken before would count a passing compiler,
        and kernels loaded between two readings, as the players'); HostError after
        `timeout` seconds or if it ends first."""
        self._read_until(b"kernels are compiled", timeout, "compile its kernels")

    def __enter__(self) -> Host:
        try:
            self.wait_listening()
            self.wait_warm()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        """SIGTERM (the host says Bye to everyone and ends), kill after 10 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        self._log.close()
        self._data.cleanup()


# -- /proc ----------------------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """The CPU of a process and of its children it has reaped (utime + stime + cutime +
    cstime), in seconds (0 if it is gone): summed over a tree it never goes down when a
    child ends (the host's compiling child, a session's program)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2:].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def tree(pid: int) -> list[int]:
    """A process and all its descendants (read from /proc's parent ids)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        here = todo.pop()
        found.append(here)
        todo.extend(children.get(here, []))
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of one process in KiB, from /proc/PID/smaps_rollup ((0, 0) if gone)."""
    pss = rss = 0
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name == "Pss":
            pss = int(rest.split()[0])
        elif name == "Rss":
            rss = int(rest.split()[0])
    return pss, rss


@dataclass(frozen=True)
class TreeMemory:
    """The memory of a process tree, in MiB (as `free -m`; the bench's "MB")."""

    processes: int
    pss_mb: float
    rss_mb: float


def tree_memory(pid: int) -> TreeMemory:
    """PSS and RSS summed over a process and its descendants, in MiB."""
    pids = tree(pid)
    pss = rss = 0
    for one in pids:
        p, r = memory_kib(one)
        pss, rss = pss + p, rss + r
    return TreeMemory(len(pids), pss / 1024, rss / 1024)
