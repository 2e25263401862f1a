"""The one capped reader (engine.readfile): regular files only, refused before they are
opened; each kind capped; one line naming the file and why."""

from __future__ import annotations

import io
import os
import socket
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazegame.engine import readfile
from mazegame.engine.readfile import (
    LEVEL,
    MAZE,
    RAT_MODEL,
    ReadError,
    check_file,
    exists,
    is_folder,
    read_bytes,
    read_text,
    shown_name,
)

HANG_GUARD = 30  #: seconds before a read that should have been refused counts as a hang


def refused(path, kind=LEVEL) -> str:
    """The ReadError text of reading `path`, run in a thread so that a reader which opens a
    FIFO (and would block for ever) fails the test instead of hanging it."""
    outcome: list = []

    def attempt():
        try:
            outcome.append(read_text(path, kind))
        except ReadError as err:
            outcome.append(err)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    if thread.is_alive():  # blocked opening a FIFO: a writer's open lets it go
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"reading {path} hung")
    assert outcome and isinstance(outcome[0], ReadError), outcome
    text = str(outcome[0])
    assert "\n" not in text and text.startswith("cannot read ")
    return text


def test_a_regular_file_reads_with_its_byte_order_mark_dropped(tmp_path):
    path = tmp_path / "a.toml"
    path.write_bytes("\ufeffid = \"é\"\n".encode())
    assert read_text(path, LEVEL) == 'id = "é"\n'
    assert read_bytes(str(path), LEVEL) == "\ufeffid = \"é\"\n".encode()


def test_a_fifo_is_refused_without_being_opened(tmp_path):
    fifo = tmp_path / "level.toml"
    os.mkfifo(fifo)
    assert refused(fifo) == f"cannot read {fifo}: it is a named pipe (FIFO), not a file"
    assert refused(str(fifo), MAZE).endswith("named pipe (FIFO), not a file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert refused(device) == f"cannot read {device}: it is a device, not a file"


def test_a_symlink_to_a_device_is_refused(tmp_path):
    link = tmp_path / "z.toml"
    link.symlink_to("/dev/zero")
    assert refused(link).endswith("it is a device, not a file")


def test_a_folder_and_a_socket_are_refused(tmp_path):
    assert refused(tmp_path).endswith("it is a folder, not a file")
    where = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as sock:
        try:
            sock.bind(str(where))
        except OSError:  # a path too long for a socket address on some systems
            pytest.skip("cannot bind a unix socket here")
        assert refused(where).endswith("it is a socket, not a file")


def test_each_kind_has_its_cap_checked_before_reading(tmp_path):
    big = tmp_path / "big.toml"
    with open(big, "wb") as file:  # sparse: no disk used, and never read
        file.truncate(LEVEL.cap + 1)
    assert refused(big) == (f"cannot read {big}: it is 1,048,577 bytes; a level file holds "
                            "at most 1 MB")
    model = tmp_path / "m.npz"
    with open(model, "wb") as file:
        file.truncate(RAT_MODEL.cap + 1)
    assert "a rat model holds at most 4 MB" in refused(model, RAT_MODEL)
    with open(big, "r+b") as file:
        file.truncate(LEVEL.cap)
    assert len(read_bytes(big, LEVEL)) == LEVEL.cap  # the cap itself is allowed


def test_caps_are_named_and_ordered_by_what_each_document_needs():
    assert LEVEL.cap < readfile.CONTENT.cap <= RAT_MODEL.cap < readfile.MOVES.cap
    assert readfile.MOVES.cap < readfile.JUMP_PACK.cap < MAZE.cap


@pytest.mark.parametrize("name", ["é" * 3000, "9" * 5000 + ".toml", "a/" * 3000 + "b"])
def test_a_name_too_long_is_one_short_line(name):
    text = refused(name)
    assert "File name too long" in text and len(text) < 400
    assert not is_folder(name)
    with pytest.raises(ReadError, match="File name too long"):
        exists(name)


def test_a_missing_file_a_nul_in_the_name_and_bytes_that_are_not_utf8(tmp_path):
    assert refused(tmp_path / "none.toml").endswith("No such file or directory")
    assert not exists(tmp_path / "none.toml") and not exists(tmp_path / "none" / "x")
    assert refused("a\0b").endswith("the name holds a NUL character")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"id = 1\n\xff\n")
    assert refused(bad).endswith("not UTF-8 text (byte 8)")


def test_a_file_swapped_for_a_fifo_after_the_check_is_refused_on_its_descriptor(
        tmp_path, monkeypatch):
    """A FIFO put in place between the stat and the open: opened non-blocking, refused by
    fstat, never read."""
    path = tmp_path / "swap.toml"
    path.write_text("x = 1\n")
    real_check = readfile.check_file

    def check_then_swap(p, kind):
        size = real_check(p, kind)
        os.unlink(p)
        os.mkfifo(p)
        return size

    monkeypatch.setattr(readfile, "check_file", check_then_swap)
    assert refused(path).endswith("it is a named pipe (FIFO), not a file")


def test_standard_input_is_capped_and_a_closed_one_is_named(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"abc")))
    assert read_text("-", LEVEL) == "abc"
    small = readfile.Kind("level file", 2)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"abc")))
    with pytest.raises(ReadError, match="^cannot read standard input: a level file holds"):
        read_text("-", small)
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(ReadError, match="^cannot read standard input: it is closed$"):
        read_text("-", LEVEL)


def test_shown_names_are_one_printable_line_and_short():
    assert shown_name("-") == "standard input"
    assert shown_name("a\nb\x1b") == "a\\nb\\x1b"
    long = shown_name("x" * 5000)
    assert len(long) < 300 and long.startswith("xxx") and "..." in long


def test_check_file_opens_nothing(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text("abc")
    assert check_file(path, LEVEL) == 3


@given(data=st.binary(max_size=300))
def test_any_bytes_read_as_text_or_refused_as_not_utf8(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "f.txt"
    path.write_bytes(data)
    try:
        text = read_text(path, LEVEL)
    except ReadError as err:
        assert "not UTF-8 text" in str(err)
    else:
        assert text == data.decode("utf-8-sig")
