"""`mazegame serve`'s arguments: loopback by default, a warning elsewhere, one line and status 2
for a bad port or host or an address in use, and the install hint without the serve extra.
The server itself is replaced by a stand-in (the browser test runs the real one)."""

import shlex
import socket
import sys

import pytest

from mazegame.cli import main, serve
from mazegame.cli.serve_guard import own_origins
from mazegame.net.names import clean


class FakeServer:
    """Records how textual-serve's Server was made and that it was asked to serve."""

    made: list = []

    def __init__(self, command, host, port, title, public_url, templates_path):
        self.port, self.public_url = port, public_url
        self.made.append({"command": command, "host": host, "port": port,
                          "public_url": public_url})
        self.templates_path = templates_path

    def serve(self):
        self.made[-1].update(served=True, max_sessions=self.max_sessions,
                             origins=self.origins, templates=self.templates_path,
                             command_for=self.command_for)


@pytest.fixture
def fake_server(monkeypatch):
    pytest.importorskip("textual_serve", reason="the serve extra is not installed")
    import textual_serve.server

    FakeServer.made = []
    monkeypatch.setattr(textual_serve.server, "Server", FakeServer)
    monkeypatch.setattr(serve, "check_bindable", lambda host, port: None)
    return FakeServer.made


def test_the_default_serves_this_machine_only_without_a_warning(fake_server, capsys,
                                                                monkeypatch):
    monkeypatch.setattr(serve, "default_max_sessions", lambda **_: 7)  # what the memory holds
    assert main(["serve"]) == 0
    made = fake_server[0]
    assert {key: made[key] for key in ("command", "host", "port", "public_url", "served")} == {
        "command": serve.play_command(), "host": "127.0.0.1", "port": 8000,
        "public_url": "http://127.0.0.1:8000", "served": True}
    assert "-m mazegame play" in made["command"]
    assert made["max_sessions"] == 7
    assert made["origins"] == own_origins("http://127.0.0.1:8000", 8000)
    assert (made["templates"] / "app_index.html").is_file()  # our page, not textual-serve's
    assert capsys.readouterr().err == ""


def test_each_game_is_told_it_is_served_on_its_command_line():
    command = serve.play_command()
    assert command.startswith("MAZEGAME_SERVED=1 exec ")
    assert command.endswith(" -m mazegame play")


def test_join_makes_each_game_the_thin_client_of_that_host_under_its_name(fake_server,
                                                                          monkeypatch):
    monkeypatch.setattr(serve, "default_max_sessions", lambda **_: 7)
    assert main(["serve", "--join", "127.0.0.1:7788"]) == 0
    made = fake_server[0]
    game = made["command_for"]
    assert made["command"] == game("web") == serve.join_command(("127.0.0.1", 7788), "web")
    assert game("alice").startswith("MAZEGAME_SERVED=1 exec ")
    assert shlex.split(game("alice"))[-8:] == [
        "-m", "mazegame", "join", "127.0.0.1:7788", "--door", "web", "--name", "alice"]
    evil = "\x1b[31mbob'; rm -rf ~ $(id)\x07"
    words = shlex.split(game(evil))
    assert words[-1] == clean(evil) and words[-2] == "--name" and len(words) == 11
    assert "\x1b" not in game(evil)
    # serve's guards are the same as without --join
    assert made["max_sessions"] == 7
    assert made["origins"] == own_origins("http://127.0.0.1:8000", 8000)
    assert main(["serve"]) == 0 and fake_server[1]["command_for"] is None


def test_join_takes_an_ipv6_host():
    assert " join [::1]:7777 --door web " in serve.join_command(("::1", 7777), "web")


@pytest.mark.parametrize("address", ["nowhere:port", "a b:7777", "h:0", "[::1"])
def test_a_bad_join_address_exits_2_naming_it(capsys, address):
    assert main(["serve", "--join", address]) == 2
    err = capsys.readouterr().err
    assert "--join" in err and err.count("\n") == 1


def test_other_origins_and_the_session_cap_are_passed_on(fake_server):
    assert main(["serve", "--allow-origin", "https://Friend.example:443/",
                 "--allow-origin", "http://box:9000", "--max-sessions", "3"]) == 0
    made = fake_server[0]
    assert made["max_sessions"] == 3
    assert {"https://friend.example", "http://box:9000"} < made["origins"]


@pytest.mark.parametrize("host, url", [("localhost", "http://localhost:8123"),
                                       ("::1", "http://[::1]:8123")])
def test_other_loopback_names_need_no_warning(fake_server, capsys, host, url):
    if host == "::1" and not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    assert main(["serve", "--host", host, "--port", "8123"]) == 0
    assert fake_server[0]["public_url"] == url
    assert "warning" not in capsys.readouterr().err


def test_a_network_address_is_served_with_a_warning(fake_server, capsys):
    assert main(["serve", "--host", "0.0.0.0", "--public-url", "http://box:8000"]) == 0
    assert fake_server[0]["host"] == "0.0.0.0"
    assert fake_server[0]["public_url"] == "http://box:8000"
    err = capsys.readouterr().err
    assert err.startswith("mazegame: warning: serving on 0.0.0.0:") and "network" in err
    assert "--public-url" not in err  # given


def test_every_address_without_a_public_url_says_browsers_elsewhere_need_one(fake_server,
                                                                              capsys):
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert "need --public-url http://NAME-OF-THIS-MACHINE:8123" in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [
    (["--port", "0"], "--port: expected a whole number from 1 to 65535, not '0'"),
    (["--port", "65536"], "from 1 to 65535, not '65536'"),
    (["--port", "http"], "from 1 to 65535, not 'http'"),
    # full-width digits (were taken as 8000; the bad host keeps a regression from serving)
    (["--port", "８０００", "--host", "no-such-host.invalid"], "from 1 to 65535, not '８０００'"),
    (["--host", "no-such-host.invalid"], "cannot serve on host 'no-such-host.invalid'"),
    (["--allow-origin", "evil.example"], "an origin is http://HOST[:PORT] or https://"),
    (["--allow-origin", "http://box/path"], "an origin has no path"),
    (["--max-sessions", "0"], "expected a whole number from 1 to 10000, not '0'"),
    (["--max-sessions", "many"], "expected a whole number from 1 to 10000, not 'many'"),
])
def test_a_bad_port_or_host_exits_2_naming_it(capsys, argv, says):
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_an_address_in_use_exits_2_before_serving(monkeypatch, capsys):
    pytest.importorskip("textual_serve", reason="the serve extra is not installed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert f"cannot serve on 127.0.0.1 port {port}: address already in use" in \
        capsys.readouterr().err


def test_without_the_extra_one_line_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import fails, as if absent
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve"]) == serve.MISSING_EXTRA == 1
    assert capsys.readouterr().err == "mazegame serve needs textual-serve: " \
                                      "pip install 'mazegame[serve]'\n"
