"""`mazegame serve`'s rules, without a server: origins as browsers write them, the default
session cap from the memory available, and terminal sizes clamped."""

import argparse

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame.cli import serve_guard
from mazegame.cli.serve_guard import (
    FALLBACK_SESSIONS,
    FULL_PAGE,
    JOIN_SESSION_BYTES,
    MAX_HEIGHT,
    MAX_WIDTH,
    MOST_SESSIONS,
    SESSION_BYTES,
    allowed_origin,
    available_memory,
    clamp_size,
    default_max_sessions,
    games,
    origin_allowed,
    origin_of,
    own_origins,
    session_count,
)


@pytest.mark.parametrize("url, origin", [
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
    ("HTTP://Example.COM:80/", "http://example.com"),
    ("https://example.com:443", "https://example.com"),
    ("https://example.com:8443", "https://example.com:8443"),
    ("http://[::1]:8000", "http://[::1]:8000"),
    (" http://box:8123 ", "http://box:8123"),
])
def test_origins_are_written_as_browsers_write_them(url, origin):
    assert origin_of(url) == origin


@pytest.mark.parametrize("url", ["null", "", "example.com", "ftp://example.com",
                                 "http://", "http://example.com/game", "http://a:b@c",
                                 "http://example.com:99999", "http://example.com?x=1",
                                 "file:///etc/passwd", "http://[::1"])
def test_what_is_not_an_origin_is_named(url):
    with pytest.raises(ValueError):
        origin_of(url)
    with pytest.raises(argparse.ArgumentTypeError, match="origin|URL"):
        allowed_origin(url)


@given(st.text(max_size=60))
def test_any_text_is_an_origin_or_a_value_error(text):
    try:
        origin = origin_of(text)
    except ValueError:
        return
    assert origin_of(origin) == origin  # written once and for all


def test_this_servers_page_is_its_public_url_and_this_port_on_loopback():
    assert own_origins("http://127.0.0.1:8000", 8000) == {
        "http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"}
    assert "https://games.example" in own_origins("https://games.example/maze/", 8000)
    assert "http://box:8123" in own_origins("http://box:8123", 8123)
    assert own_origins("nonsense", 8000) == own_origins("http://localhost:8000", 8000)


def test_only_named_origins_are_allowed():
    origins = own_origins("http://127.0.0.1:8000", 8000) | {"https://friend.example"}
    assert origin_allowed("http://127.0.0.1:8000", origins)
    assert origin_allowed("http://LOCALHOST:8000", origins)
    assert origin_allowed("https://friend.example:443", origins)
    for refused in ("http://evil.example", "http://127.0.0.1:8001", "https://127.0.0.1:8000",
                    "http://friend.example", "null", "", None, "http://127.0.0.1:8000.evil"):
        assert not origin_allowed(refused, origins), refused


def test_the_default_cap_is_memory_over_400_mb_within_bounds(monkeypatch):
    assert default_max_sessions(10 * SESSION_BYTES + 1) == 10
    assert default_max_sessions(SESSION_BYTES // 2) == 1  # at least one game
    assert default_max_sessions(0) == 1
    # serve --join: a thin client, not a game, a session
    assert default_max_sessions(10 * JOIN_SESSION_BYTES, JOIN_SESSION_BYTES) == 10
    assert default_max_sessions(10**15) == MOST_SESSIONS
    memory = available_memory()  # this machine's, now
    assert memory is None or memory > 0
    assert 1 <= default_max_sessions() <= MOST_SESSIONS
    monkeypatch.setattr(serve_guard, "available_memory", lambda: None)  # a system that hides it
    assert default_max_sessions() == FALLBACK_SESSIONS


@pytest.mark.parametrize("text, count", [("1", 1), ("12", 12), ("10000", 10_000)])
def test_max_sessions_is_a_whole_number(text, count):
    assert session_count(text) == count


@pytest.mark.parametrize("text", ["0", "-1", "10001", "x", "1.5", "４", ""])
def test_a_bad_max_sessions_is_named(text):
    with pytest.raises(argparse.ArgumentTypeError, match="from 1 to 10000"):
        session_count(text)


def test_sizes_are_clamped_and_non_numbers_ignored():
    assert clamp_size(80, 24) == (80, 24)
    assert clamp_size(100_000, 100_000) == (MAX_WIDTH, MAX_HEIGHT) == (500, 200)
    assert clamp_size(-5, 0) == (1, 1)
    for bad in (("80", 24), (80.0, 24), (True, 24), (None, 24), (80, [24])):
        assert clamp_size(*bad) is None


def test_the_full_page_says_so_politely():
    page = FULL_PAGE.format(games=games(1))
    assert "The server is full" in page and "at most 1 game at once" in page
    assert "try again" in page and "http" not in page  # nothing from elsewhere
    assert games(3) == "3 games"
