"""The SSH door, reached by Debian's OpenSSH client: a real door on 127.0.0.1 at a free port
(`python3 -m mazegame.server.ssh_door`), each session running a stand-in for the thin client
(ssh_stand_in.py: it records its pid, name and environment, echoes keys and window sizes).

A player in tmux sees the game, their keys and window size reach it, and closing the client
ends it; a command, a subsystem, port forwarding and a session with no terminal are refused;
the host key is kept across starts; names are cleaned (and an escape code never gets in);
a full host and an idle player are told so in one line. Skips if `ssh`, `tmux` or asyncssh
is missing (CI has them: the test extra holds the host extra; .ci/run installs
openssh-client)."""

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mazegame.net.names import clean
from mazegame.net.protocol import MAX_NAME
from tests.functional.net.processes import SIGINT_AS_USUAL

pytest.importorskip("asyncssh", reason="the host extra is not installed (pip install -e "
                    "'.[host]')")
if shutil.which("ssh") is None or shutil.which("tmux") is None:
    pytest.skip("needs OpenSSH's client and tmux (apt-get install openssh-client tmux)",
                allow_module_level=True)

ROOT = Path(__file__).resolve().parents[3]
STAND_IN = Path(__file__).with_name("ssh_stand_in.py")
WAIT = 90.0  #: seconds any one step may take (a hang guard: CI runs loaded, kernels cold)
SSH_OPTIONS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
               "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-F", "/dev/null"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def eventually(check, what: str):
    """check()'s first true value, polled; fails naming `what` after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while not (value := check()):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)
    return value


class Door:
    """A door in its own process, and what its sessions recorded."""

    def __init__(self, tmp_path: Path, *limits: str) -> None:
        self.port = free_port()
        self.record = tmp_path / "sessions.jsonl"
        env = {**os.environ, "MAZEGAME_DATA_DIR": str(tmp_path / "data"),
               "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
                   os.environ.get("PYTHONPATH")])])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mazegame.server.ssh_door", "--port", str(self.port),
             *limits, "--command", sys.executable, str(STAND_IN), "{name}",
             str(self.record)],
            env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=True, preexec_fn=SIGINT_AS_USUAL)
        line = self.process.stdout.readline().decode()
        assert line.startswith("ssh door on"), self.process.communicate()[1].decode()[-800:]
        self.log = ""

    def sessions(self) -> list[dict]:
        if not self.record.exists():
            return []
        return [json.loads(line) for line in self.record.read_text().splitlines()]

    def stop(self) -> str:
        """Stop the door as Ctrl-C does; its log (stderr), checked for tracebacks."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.log = self.process.communicate(timeout=WAIT)[1].decode()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        assert "Traceback" not in self.log, self.log
        return self.log

    def run(self, *args: str, user: str = "alice", command: tuple[str, ...] = (),
            stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
        """`ssh [args] user@127.0.0.1 [command]`, run to its end."""
        return subprocess.run(["ssh", "-p", str(self.port), *SSH_OPTIONS, *args,
                               f"{user}@127.0.0.1", *command],
                              capture_output=True, timeout=WAIT, stdin=stdin)


@pytest.fixture
def door(tmp_path):
    made: list[Door] = []

    def start(*limits: str) -> Door:
        made.append(Door(tmp_path, *limits))
        return made[-1]

    yield start
    for each in made:
        each.stop()


class Terminal:
    """`ssh` in a tmux window of its own."""

    def __init__(self, door: Door, user: str, name: str) -> None:
        self.name = name
        command = " ".join(["ssh", "-p", str(door.port), *SSH_OPTIONS,
                            f"'{user}@127.0.0.1'", "; echo ssh-ended-$?; sleep 60"])
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "100", "-y", "30",
                        command], check=True)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True).stdout

    def shows(self, text: str) -> str:
        return eventually(lambda: text in self.screen() and self.screen(), f"{text!r} on "
                          f"screen (it shows:\n{self.screen()})")

    def press(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def resize(self, columns: int, rows: int) -> None:
        subprocess.run(["tmux", "resize-window", "-t", self.name, "-x", str(columns),
                        "-y", str(rows)], check=True)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def terminal():
    made: list[Terminal] = []

    def open_one(door: Door, user: str = "alice") -> Terminal:
        made.append(Terminal(door, user, f"mazegame-ssh-test-{os.getpid()}-{len(made)}"))
        return made[-1]

    yield open_one
    for each in made:
        each.close()


def gone(pid: int) -> bool:
    """Whether process `pid` has exited and been reaped (by the door, its parent)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_player_sees_the_game_types_resizes_and_leaves(door, terminal):
    the_door = door()
    player = terminal(the_door, "alice")
    player.shows("stand-in ready for alice")
    player.shows("size=100x")  # the pty has the client's window size
    player.press("x")
    player.shows("key=b'x'")
    player.resize(90, 25)
    player.shows("size=90x")  # a window change reached the program (SIGWINCH)
    session = the_door.sessions()[0]
    assert session["tty"] and session["sid"] == session["pid"] == session["pgid"]
    assert set(session["env"]) <= {"PATH", "HOME", "PYTHONPATH", "MAZEGAME_DATA_DIR",
                                   "LANG", "LC_ALL", "TERM", "MAZEGAME_SERVED", "LC_CTYPE"}
    assert session["env"]["MAZEGAME_SERVED"] == "1"
    assert session["env"]["TERM"].startswith(("tmux", "screen"))  # the client's terminal
    player.close()  # the client goes: its program ends
    eventually(lambda: gone(session["pid"]), "the session's program to end")
    log = the_door.stop()
    assert "alice from 127.0.0.1: the player closed the connection" in log


def test_the_programs_exit_ends_the_session_with_its_status(door):
    the_door = door()
    done = subprocess.run(  # asking for the agent, X11 and an environment variable too
        ["ssh", "-tt", "-A", "-X", "-o", "SetEnv=EVIL=1", "-o", "SendEnv=LANG",
         "-p", str(the_door.port), *SSH_OPTIONS, "bob@127.0.0.1"],
        input=b"q", capture_output=True, timeout=WAIT, env={**os.environ, "LANG": "xx"})
    assert b"stand-in ready for bob" in done.stdout
    assert done.returncode == 3  # the stand-in's status, passed on
    env = the_door.sessions()[0]["env"]
    assert "EVIL" not in env and env["LANG"] == "C.UTF-8"
    assert not {"SSH_AUTH_SOCK", "DISPLAY", "SSH_CONNECTION"} & set(env)


def test_stopping_the_door_ends_every_game(door, terminal):
    the_door = door()
    player = terminal(the_door, "carol")
    player.shows("stand-in ready for carol")
    the_door.stop()  # Ctrl-C: status 0 and no traceback (stop() checks the log)
    assert the_door.process.returncode == 0
    player.shows("ssh-ended-")
    assert gone(the_door.sessions()[0]["pid"])


@pytest.mark.parametrize("command", [("ls",), ("sh", "-c", "id")])
def test_a_command_is_refused_in_one_line(door, command):
    the_door = door()
    done = the_door.run(command=command)
    assert done.returncode != 0
    assert done.stderr.decode().strip().splitlines() == [
        "mazegame over SSH plays the game only: no commands, no files"]
    assert the_door.sessions() == []


def test_sftp_is_refused(door):
    the_door = door()
    done = the_door.run("-s", command=("sftp",))
    assert done.returncode != 0 and the_door.sessions() == []


def test_a_session_without_a_terminal_gets_one_line(door):
    the_door = door()
    done = the_door.run("-T")
    assert done.returncode == 1
    assert done.stdout == b"mazegame over SSH needs a terminal: ssh -t ...\r\n"
    assert the_door.sessions() == []


def test_port_forwarding_is_refused(door):
    the_door = door("--login-grace", "3")
    back = the_door.run("-N", "-o", "ExitOnForwardFailure=yes", "-R", f"0:127.0.0.1:{free_port()}")
    assert back.returncode != 0 and b"forwarding failed" in back.stderr
    local = free_port()
    forward = subprocess.Popen(["ssh", "-o", "LogLevel=INFO", "-p", str(the_door.port),
                                *SSH_OPTIONS, "-N", "-L",
                                f"{local}:127.0.0.1:{the_door.port}", "alice@127.0.0.1"],
                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        def tunnelled() -> bytes | None:
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", local)) != 0:
                    return None
                client.settimeout(WAIT)
                return client.recv(100) or b"closed"
        # the door's own banner would come back through a working tunnel
        assert eventually(tunnelled, "the forwarded port to answer") == b"closed"
        forward.wait(WAIT)  # ... and a connection running no game ends after the grace
    finally:
        forward.kill()
    assert b"prohibited" in forward.stderr.read()


def host_key_of(port: int) -> str:
    done = subprocess.run(["ssh-keyscan", "-t", "ed25519", "-p", str(port), "127.0.0.1"],
                          capture_output=True, text=True, timeout=WAIT)
    return done.stdout.split(maxsplit=1)[1]


def test_the_host_key_is_made_once_and_kept(door, tmp_path):
    if shutil.which("ssh-keyscan") is None:
        pytest.skip("no ssh-keyscan")
    first = door()
    key = host_key_of(first.port)
    first.stop()
    again = door()
    assert host_key_of(again.port) == key
    path = tmp_path / "data" / "host" / "ssh_host_ed25519_key"
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700


def test_names_reach_the_game_cleaned_and_escape_codes_never(door):
    the_door = door()
    odd = "x[31m名\u200b\u00adbob~%." + "a" * 40
    done = subprocess.run(["ssh", "-tt", "-p", str(the_door.port), *SSH_OPTIONS,
                           f"{odd}@127.0.0.1"], input=b"q", capture_output=True,
                          timeout=WAIT)
    assert done.returncode == 3
    [name] = [s["name"] for s in the_door.sessions()]  # as asyncssh read it (SASLprep), cleaned
    assert name == clean(name) and len(name) <= MAX_NAME
    assert name.startswith("x31m") and "bob" in name
    assert not set(name) & set("[名~%\u200b\u00ad")
    escape = the_door.run("-tt", user="\x1b[31mred\x1b]0;title\x07")
    assert escape.returncode != 0  # refused at login: no program started
    assert len(the_door.sessions()) == 1


def test_a_full_host_says_so_in_one_line(door, terminal):
    the_door = door("--max-sessions", "1")
    first = terminal(the_door, "first")
    first.shows("stand-in ready for first")
    second = the_door.run("-tt", user="second")
    assert second.returncode == 1
    assert b"the host is full, try later" in second.stdout
    assert [s["name"] for s in the_door.sessions()] == ["first"]


def test_an_idle_player_is_told_and_the_session_ends(door, terminal):
    the_door = door("--idle", "1")
    player = terminal(the_door, "sleepy")
    player.shows("no key for 1 seconds: the session ends")
    player.shows("ssh-ended-")
    pid = the_door.sessions()[0]["pid"]
    eventually(lambda: gone(pid), "the idle session's program to end")


def test_connections_from_one_address_are_limited(door):
    the_door = door("--per-address", "2")
    codes = [the_door.run("-T").returncode for _ in range(3)]
    assert codes[:2] == [1, 1] and codes[2] == 255  # the third is closed at once
