"""`mazegame host`'s arguments: loopback by default and quiet, a warning naming who can reach
a host on another address, one line and status 2 for a port in use or two doors on one port.
The host itself is a stand-in here (tests/functional/net runs the real one)."""

import socket

import pytest

import mazegame.server.main
from mazegame.cli import host, main


@pytest.fixture
def hosted(monkeypatch):
    """What serve_rooms was asked to host."""
    calls = []
    monkeypatch.setattr(mazegame.server.main, "serve_rooms", lambda args: calls.append(
        (args.host, args.port, args.ssh_port)) or 0)
    return calls


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_default_hosts_this_machine_only_without_a_warning(hosted, capsys):
    port, ssh = free_port(), free_port()
    assert main(["host", "--port", str(port), "--ssh-port", str(ssh)]) == 0
    assert hosted == [("127.0.0.1", port, ssh)] and capsys.readouterr().err == ""


def test_another_address_is_warned_about(hosted, capsys, monkeypatch):
    monkeypatch.setattr(host, "check_bindable", lambda address, port: None)
    assert main(["host", "--host", "0.0.0.0", "--port", "7000", "--ssh-port", "0"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("mazegame: warning: hosting on 0.0.0.0: anyone who can reach this "
                          "machine on the network can connect (port 7000)")


def test_a_port_in_use_is_one_line_and_status_2(hosted, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["host", "--port", str(port), "--ssh-port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mazegame: error: cannot serve on 127.0.0.1 port {port}: ")
    assert err.count("\n") == 1 and hosted == []


def test_the_game_port_and_the_ssh_door_cannot_share_a_port(hosted, capsys):
    port = free_port()
    assert main(["host", "--port", str(port), "--ssh-port", str(port)]) == 2
    assert "cannot share port" in capsys.readouterr().err and hosted == []
