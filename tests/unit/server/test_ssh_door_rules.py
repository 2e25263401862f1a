"""The SSH door's rules that need no network: how many sessions by default, the program's
environment built from nothing, the command a name makes, and the host key kept."""

import os

import pytest

pytest.importorskip("asyncssh", reason="the host extra is not installed")

from mazegame.server import ssh_door, ssh_session  # noqa: E402

MB = 2**20


@pytest.mark.parametrize("memory, sessions", [
    (None, ssh_door.FALLBACK_SESSIONS), (0, 1), (59 * MB, 1), (600 * MB, 10),
    (64 * 2**30, ssh_door.MOST_SESSIONS)])
def test_the_default_cap_is_memory_over_60_mb_within_bounds(memory, sessions, monkeypatch):
    monkeypatch.setattr(ssh_door, "available_memory", lambda: memory)
    assert ssh_door.default_max_sessions() == sessions


def test_the_program_gets_nothing_of_the_hosts_environment_but_what_it_needs(monkeypatch):
    monkeypatch.setenv("SECRET_TOKEN", "x")
    monkeypatch.setenv("PATH", "/usr/bin")
    env = ssh_session.environment("xterm-kitty")
    assert "SECRET_TOKEN" not in env
    assert env["PATH"] == "/usr/bin" and env["TERM"] == "xterm-kitty"
    assert env["MAZEGAME_SERVED"] == "1" and env["LC_ALL"] == "C.UTF-8"
    assert set(env) <= {*ssh_session.PASSED_ON, "LANG", "LC_ALL", "TERM", "MAZEGAME_SERVED"}


@pytest.mark.parametrize("term", ["xterm\x1b]0;owned\x07", "", "a" * 65, "vt100 -rf"])
def test_a_strange_terminal_type_becomes_the_default(term):
    assert ssh_session.environment(term)["TERM"] == ssh_session.DEFAULT_TERM


def test_the_command_joins_this_hosts_game_port_under_the_players_name():
    door = ssh_door.Door(ssh_door.DoorLimits(max_sessions=1), ssh_door.JOIN_COMMAND, 7788)
    command = door.command_for("alice b")
    assert command[1:] == ["-m", "mazegame", "join", "127.0.0.1:7788", "--name", "alice b",
                           "--door", "ssh"]


def test_the_host_key_is_made_once_private_and_read_back(tmp_path):
    path = tmp_path / "host" / "ssh_host_ed25519_key"
    made = ssh_door.host_key(path)
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert os.stat(path.parent).st_mode & 0o777 == 0o700
    again = ssh_door.host_key(path)
    assert again.export_public_key() == made.export_public_key()
    assert made.get_algorithm() == "ssh-ed25519"


def test_a_damaged_host_key_is_one_line_naming_it(tmp_path):
    path = tmp_path / "key"
    path.write_text("not a key")
    with pytest.raises(ssh_door.DoorError, match="cannot read the SSH host key .*key"):
        ssh_door.host_key(path)


class FakeChannel:
    """What a session asks of its SSH channel, recorded."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def pause_reading(self) -> None:
        self.calls.append("pause")

    def resume_reading(self) -> None:
        self.calls.append("resume")


async def test_a_player_over_the_bytes_a_second_is_paused_until_the_next_second():
    import asyncio

    limits = ssh_door.DoorLimits(max_sessions=1, bytes_per_second=100)
    door = type("FakeDoor", (), {"limits": limits})()
    session = ssh_session.GameSession(door, "alice", "127.0.0.1")
    session.chan = FakeChannel()
    read_end, session.master = os.pipe()  # the program's terminal, as a pipe
    os.set_blocking(session.master, False)
    try:
        session.data_received(b"k" * 60, None)
        assert session.chan.calls == []  # within the rate
        session.data_received(b"k" * 60, None)
        assert session.chan.calls == ["pause"]  # 120 bytes this second: paused...
        assert os.read(read_end, 1000) == b"k" * 120  # ...but nothing typed is lost
        for _ in range(30):
            await asyncio.sleep(0.05)
            if session.chan.calls[-1] == "resume":
                break
        assert session.chan.calls == ["pause", "resume"]  # ...until the next second
    finally:
        asyncio.get_running_loop().remove_writer(session.master)
        os.close(read_end)
        os.close(session.master)


def test_addresses_quiet_for_a_minute_are_forgotten(monkeypatch):
    """Connections from ever new addresses (an IPv6 attacker's) do not grow the door's memory
    of arrivals without end."""
    clock = [1000.0]
    monkeypatch.setattr(ssh_door.time, "monotonic", lambda: clock[0])
    door = ssh_door.Door(ssh_door.DoorLimits(max_sessions=1), ssh_door.JOIN_COMMAND, 7788)
    for n in range(12_000):
        door.admit(f"2001:db8::{n:x}")
        clock[0] += 0.1  # an address a tenth of a second: 600 in any minute
    assert len(door.arrivals) <= 5000  # the last minute's 600, and up to a pass's worth
    assert door.admit("2001:db8::1")  # an address seen long ago is let in again
