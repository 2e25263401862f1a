"""The real thing: `mazegame host` with its SSH door, and Debian's OpenSSH client in tmux
reaching the lobby, its name cleaned, then leaving (its program ends). Skips while the host
or the thin client is not built in this checkout (they are other parts of issue 39)."""

import os
import signal
import subprocess
import sys

import pytest
from test_ssh_door import ROOT, WAIT, Terminal, eventually, free_port, gone

pytest.importorskip("asyncssh", reason="the host extra is not installed")


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = []
    for task in os.listdir("/proc"):
        try:
            with open(f"/proc/{task}/stat", encoding="ascii") as stat:
                if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(task))
        except (OSError, ValueError, IndexError):
            pass
    return found


def test_an_ssh_player_reaches_the_lobby_of_a_real_host(tmp_path):
    game_port, ssh_port = free_port(), free_port()
    env = {**os.environ, "MAZEGAME_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
               os.environ.get("PYTHONPATH")])])}
    host = subprocess.Popen([sys.executable, "-m", "mazegame", "host", "--port", str(game_port),
                             "--ssh-port", str(ssh_port)], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    player = None
    try:
        ready = host.stdout.readline().decode()
        if host.poll() is not None or not ready:
            said = host.communicate(timeout=WAIT)[1].decode()
            if "not built yet" in said:
                pytest.skip(f"this checkout's host is a stub: {said.strip()}")
            pytest.fail(f"the host did not start: {said[-800:]}")
        door = type("Door", (), {"port": ssh_port})()
        player = Terminal(door, "alice\u200b[1m", f"mazegame-ssh-lobby-{os.getpid()}")
        try:
            player.shows("lobby")
        except pytest.fail.Exception:
            if "not built yet" in player.screen():
                pytest.skip("this checkout's thin client is a stub")
            raise
        player.shows("alice 1m")  # the name, as the door cleaned it
        [client] = eventually(lambda: children(host.pid), "the session's program")
        player.close()
        eventually(lambda: gone(client), "the session's program to end")
    finally:
        if player is not None:
            player.close()
        if host.poll() is None:
            host.send_signal(signal.SIGINT)
        err = host.communicate(timeout=WAIT)[1].decode()
    assert "Traceback" not in err
