"""The real thing: `mazegame host` with its SSH door, and Debian's OpenSSH client in tmux
reaching the lobby, its name cleaned, then leaving (its program ends)."""

import os
import signal
import subprocess
import sys

import pytest
from test_ssh_door import ROOT, SIGINT_AS_USUAL, WAIT, Terminal, eventually, free_port, gone

pytest.importorskip("asyncssh", reason="the host extra is not installed")


def sessions(pid: int) -> list[int]:
    """The players' programs the host `pid` runs: its children running `mazegame join`
    (Linux's /proc; the host's other child compiles kernels)."""
    found = []
    for task in os.listdir("/proc"):
        try:
            with open(f"/proc/{task}/stat", encoding="ascii") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{task}/cmdline", "rb") as cmdline:
                joins = b"\0join\0" in cmdline.read()
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid and joins:
            found.append(int(task))
    return found


def test_an_ssh_player_reaches_the_lobby_of_a_real_host(tmp_path):
    game_port, ssh_port = free_port(), free_port()
    env = {**os.environ, "MAZEGAME_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
               os.environ.get("PYTHONPATH")])])}
    host = subprocess.Popen([sys.executable, "-m", "mazegame", "host", "--port", str(game_port),
                             "--ssh-port", str(ssh_port)], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=SIGINT_AS_USUAL)
    player = None
    try:
        ready = host.stdout.readline().decode()
        if host.poll() is not None or not ready:
            said = host.communicate(timeout=WAIT)[1].decode()
            pytest.fail(f"the host did not start: {said[-800:]}")
        door = type("Door", (), {"port": ssh_port})()
        player = Terminal(door, "alice\u200b[1m", f"mazegame-ssh-lobby-{os.getpid()}")
        player.shows("lobby")
        player.shows("alice 1m")  # the name, as the door cleaned it
        [client] = eventually(lambda: sessions(host.pid), "the session's program")
        player.close()
        eventually(lambda: gone(client), "the session's program to end")
    finally:
        if player is not None:
            player.close()
        if host.poll() is None:
            host.send_signal(signal.SIGINT)
        err = host.communicate(timeout=WAIT)[1].decode()
    assert "Traceback" not in err
