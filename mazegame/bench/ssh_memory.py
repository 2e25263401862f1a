"""`mazegame bench --network`'s memory figure: what one more SSH player costs the host.

Real SSH sessions (asyncssh's client, a pty requested, as `ssh -t` asks) log in to the host's
SSH door one after another; each is waited for until its program has drawn its first screen
(MARKER, the lobby's list of rooms, seen in the session's output once escape codes are taken
out). At 1 session and at each count asked for, the PSS (and RSS) of the host's whole process
tree (the host and every session's program) is read: (total_k - total_1) / (k - 1) is a
session's share. The door takes at most 20 new connections an address a minute, so sessions
come from several loopback addresses (127.0.0.2, 127.0.0.3, ...); and every session's
program dials the game port from 127.0.0.1, whose connections an address the host caps (64
by default), so the bench's host lets them all in: this measures memory, not that cap.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

from mazegame.bench.hostproc import Host, TreeMemory, tree_memory

MARKER = "Open rooms"  #: what the thin client's lobby draws once it is up
FIRST_SCREEN_TIMEOUT = 60.0  #: seconds a session may take to draw its first screen
SETTLE_SECONDS = 1.0  #: after the last session drew, before memory is read
PER_ADDRESS = 15  #: sessions from one source address (the door's limit is 20 a minute)
TARGET_MB = 60.0  #: the issue's target: MB a session beyond the first
ANSI = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class SshError(Exception):
    """The sessions could not be measured (one line)."""


def visible(text: str) -> str:
    """Terminal output without its escape sequences (what a screen shows, roughly)."""
    return ANSI.sub("", text)


async def open_session(port: int, index: int, marker: str, timeout: float):
    """Log in as bench<index> with a pty; return (connection, seconds to the first screen)."""
    import asyncssh

    drawn = asyncio.Event()
    seen: list[str] = []

    class Watch(asyncssh.SSHClientSession):
        def data_received(self, data, datatype) -> None:
            seen.append(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)
            if marker in visible("".join(seen[-64:])):
                drawn.set()

        def connection_lost(self, exc) -> None:
            drawn.set()

    source = f"127.0.0.{2 + index // PER_ADDRESS}"
    began = time.monotonic()
    conn = await asyncssh.connect("127.0.0.1", port, username=f"bench{index}",
                                  known_hosts=None, client_keys=None, agent_path=None,
                                  local_addr=(source, 0), password=None)
    chan, _ = await conn.create_session(Watch, term_type="xterm-256color",
                                        term_size=(100, 30), encoding=None)
    try:
        async with asyncio.timeout(timeout):
            await drawn.wait()
    except TimeoutError:
        conn.close()
        raise SshError(f"session {index} drew no {marker!r} within {timeout:g} s: "
                       f"{visible(''.join(seen))[-120:]!r}") from None
    if chan.is_closing() or marker not in visible("".join(seen)):
        conn.close()
        raise SshError(f"session {index} ended before its first screen: "
                       f"{visible(''.join(seen)).strip()[-160:]!r}")
    return conn, time.monotonic() - began


async def measure_sessions(host: Host, counts: list[int], marker: str = MARKER) -> list[dict]:
    """Open sessions up to max(counts); a row at each count (beyond 1) of `counts`."""
    counts = sorted(set(counts) | {1})
    conns, firsts, totals = [], [], {}
    try:
        for k in range(1, counts[-1] + 1):
            conn, first = await open_session(host.ssh_port, k - 1, marker,
                                             FIRST_SCREEN_TIMEOUT)
            conns.append(conn)
            firsts.append(first)
            if k in counts:
                await asyncio.sleep(SETTLE_SECONDS)
                totals[k] = tree_memory(host.process.pid)
    finally:
        for conn in conns:
            conn.close()
        for conn in conns:
            await conn.wait_closed()
    one = totals[1]
    return [row(k, one, totals[k], firsts[:k]) for k in counts if k > 1]


def row(k: int, one: TreeMemory, many: TreeMemory, firsts: list[float]) -> dict:
    """The figures at k sessions, against 1."""
    pss = (many.pss_mb - one.pss_mb) / (k - 1)
    rss = (many.rss_mb - one.rss_mb) / (k - 1)
    available = available_mb()
    for_100 = one.pss_mb + 99 * pss
    return {"name": "ssh sessions", "sessions": k, "ssh_mb_per_session": round(pss, 1),
            "ssh_rss_mb_per_session": round(rss, 1), "host_pss_mb": round(many.pss_mb, 1),
            "host_rss_mb": round(many.rss_mb, 1), "host_pss_mb_1": round(one.pss_mb, 1),
            "processes": many.processes,
            "first_screen_s": round(max(firsts), 2),
            "pss_mb_for_100": round(for_100),
            "available_mb": None if available is None else round(available),
            "fits_100": None if available is None else (100 - k) * pss <= available,
            "target_mb": TARGET_MB}


def available_mb() -> float | None:
    """MemAvailable, in MiB (None where /proc/meminfo cannot be read)."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def run_ssh(counts: list[int], progress=None) -> list[dict]:
    """The rows against a fresh host with its SSH door; SshError if it has none."""
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        raise SshError("the SSH figure needs asyncssh: pip install 'mazegame[host]'") from None
    if progress is not None:
        print(f"ssh: up to {max(counts)} sessions ...", file=progress, flush=True)
    with Host(ssh=True, per_ip=max(counts) + 16) as host:
        if not host.door:
            raise SshError(f"the host opened no SSH door: {host.log_tail()}")
        return asyncio.run(measure_sessions(host, counts))
