"""What mazegame.cli.serve_server relies on in textual-serve (pyproject.toml bounds its
version): when one of these fails, textual-serve changed under us; read serve_server's
module note, adapt it, and move the bound. The behaviour itself is tested with real servers
in tests/functional/test_hostile_serve.py and test_serve.py."""

import inspect
import re

import pytest

from mazegame.locations import asset

textual_serve = pytest.importorskip("textual_serve.server",
                                    reason="the serve extra is not installed")
Server = textual_serve.Server

CHANGED = "textual-serve changed: {}; see mazegame/cli/serve_server.py"


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_server_takes_our_templates_and_the_arguments_we_pass():
    wanted = {"command", "host", "port", "title", "public_url", "templates_path"}
    missing = wanted - set(parameters(Server.__init__))
    assert not missing, CHANGED.format(f"Server() no longer takes {sorted(missing)}")


@pytest.mark.parametrize("name, args", [
    ("handle_index", ["self", "request"]), ("handle_websocket", ["self", "request"]),
    ("on_startup", ["self", "app"]), ("on_shutdown", ["self", "app"]),
    ("_process_messages", ["self", "websocket", "app_service"]),
])
def test_the_methods_we_override_are_there_as_we_call_them(name, args):
    method = getattr(Server, name, None)
    assert method is not None, CHANGED.format(f"Server.{name} is gone")
    assert inspect.iscoroutinefunction(inspect.unwrap(method)) or \
        inspect.iscoroutinefunction(method), CHANGED.format(f"Server.{name} is not async")
    assert parameters(method) == args, CHANGED.format(f"Server.{name} takes "
                                                      f"{parameters(method)}, not {args}")


def test_resizes_still_reach_the_game_through_process_messages():
    source = inspect.getsource(Server.handle_websocket)
    assert "self._process_messages(websocket, app_service)" in source, \
        CHANGED.format("handle_websocket no longer hands its AppService to _process_messages")
    assert "set_terminal_size" in inspect.getsource(Server._process_messages), \
        CHANGED.format("_process_messages no longer resizes through set_terminal_size")
    assert 'request.query.get("width"' in source and 'request.query.get("height"' in source, \
        CHANGED.format("the first size no longer comes from the query's width and height")


def test_each_game_starts_with_the_command_read_in_handle_websocket():
    source = inspect.getsource(Server.handle_websocket)
    assert re.search(r"AppService\(\s*self\.command\s*,", source), \
        CHANGED.format("handle_websocket no longer starts its game with self.command, "
                       "so `serve --join` cannot give each browser's game its name")


def test_our_page_links_only_files_textual_serve_ships():
    page = (asset("serve") / "app_index.html").read_text(encoding="utf-8")
    linked = set(re.findall(r"\{\{ config\.static\.url \}\}([^\"')]+)", page))
    assert {"js/textual.js", "css/xterm.css", "fonts/RobotoMono-VariableFont_wght.ttf"} <= linked
    static = Server("true").statics_path
    missing = sorted(name for name in linked if not (static / name).is_file())
    assert not missing, CHANGED.format(f"its static folder lacks {missing}")
    assert not re.search(r"(src|href)=\"https?://", page)  # nothing from another host
