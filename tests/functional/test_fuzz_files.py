"""Fuzz every file reader with mutated valid documents: each gives a valid result or its own
clean error, never another exception. The readers: maze files and standard input
(cli.common.load_maze: pictures and JSON), level files and the editor (Editor.open), rat
models (games.rat.load), jump packs, replays kept in the results (Recording.from_json)."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.cli.common import UsageError, load_maze
from mazegame.engine.jump.file import JumpFormatError, read_pack
from mazegame.engine.readfile import JUMP_PACK, ReadError, read_text
from mazegame.locations import asset

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
PICTURE = asset("levels", "one-way-doors.txt").read_text(encoding="utf-8")
LEVEL = asset("levels", "first-steps.toml").read_text(encoding="utf-8")
PACK = asset("jump", "classics.jsonl").read_text(encoding="utf-8")
HEX_PACK = asset("jump", "hex.jsonl").read_text(encoding="utf-8")
TRIANGLE_PACK = asset("jump", "triangle.jsonl").read_text(encoding="utf-8")
PIECES = [b"{", b"}", b"[", b"]", b'"', b",", b":", b"\n", b"#", b"# size: 3x3\n",
          b"# wrap: xy\n", b"\n" * 50, b"[" * 2000, b"{\"a\":" * 2000, b'"width": 1, ',
          b'"format": "mazegame/maze", ', b"\xef\xbb\xbf", b"\xff", b"9" * 5000, b"-1",
          b"1e999", b"null", "│".encode(), "─".encode(), "┼".encode(), b"S", b"G", b"*",
          b"a = 1\n", b"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.A.B.C.D.E.F.G = 1\n",
          b"[maze]\n", b"'''", b'"""', b"\r\n", b"\x00",
          b"\nz = " + b"[" * 3000 + b"]" * 3000 + b"\n", b"[" * 3000 + b"]" * 3000]


@st.composite
def mutated(draw, text: str) -> bytes:
    """A valid document with a few pieces of text or bytes put in or over it."""
    data = bytearray(text.encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.sampled_from(PIECES) | st.binary(min_size=1, max_size=4))
        if draw(st.booleans()):
            data[at:at + len(piece)] = piece
        else:
            data[at:at] = piece
    return bytes(data)


@pytest.fixture(scope="module")
def maze_json() -> str:
    """The picture's maze as a JSON document."""
    from mazegame.engine.mazefile import from_text, to_json

    return to_json(from_text(PICTURE))


def _file(tmp_path_factory, name: str, data: bytes):
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(data)
    return path


@FUZZ
@given(data=st.data())
def test_a_mutated_maze_file_is_a_maze_or_one_usage_error(tmp_path_factory, maze_json, data):
    text = data.draw(st.sampled_from([PICTURE, maze_json]))
    path = _file(tmp_path_factory, "maze.txt", data.draw(mutated(text)))
    try:
        maze = load_maze(str(path))
    except UsageError as err:
        assert "\n" not in str(err).strip()
    else:
        assert maze.width >= 1 and maze.height >= 1


@FUZZ
@given(data=st.data())
def test_a_mutated_level_opens_in_the_editor_or_is_refused(tmp_path_factory, data):
    from mazegame.games.editor import Editor

    path = _file(tmp_path_factory, "first-steps.toml", data.draw(mutated(LEVEL)))
    try:
        Editor.open(path)
    except ValueError as err:  # LevelError, MazeFormatError, ReadError
        assert str(err)


@FUZZ
@given(data=st.data())
def test_a_mutated_jump_pack_reads_or_is_refused(tmp_path_factory, data):
    text = data.draw(st.sampled_from([PACK, HEX_PACK, TRIANGLE_PACK]))
    path = _file(tmp_path_factory, "pack.jsonl", data.draw(mutated(text)))
    try:
        read_pack(read_text(path, JUMP_PACK))
    except (JumpFormatError, ReadError) as err:
        assert str(err)


@pytest.fixture(scope="module")
def model_bytes() -> bytes:
    """A saved rat (the smallest: 1 decision node), as `save` writes it."""
    from mazegame.engine.rat import RatNet
    from mazegame.engine.rat.net import WEIGHTS

    buffer = io.BytesIO()
    net = RatNet.fresh(1, 1, "working")
    np.savez(buffer, variant=np.array(net.variant),
             **dict(zip(WEIGHTS, net.arrays(), strict=True)))
    return buffer.getvalue()


@FUZZ
@given(data=st.data())
def test_a_mutated_rat_model_loads_or_is_refused(tmp_path_factory, model_bytes, data):
    from mazegame.games import rat

    raw = bytearray(model_bytes)
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        raw = raw[:data.draw(st.integers(0, len(raw)))]
    path = _file(tmp_path_factory, "rat.npz", bytes(raw))
    try:
        net = rat.load(str(path))
    except rat.ModelError as err:
        assert str(err)
    else:
        assert net.bh.shape[0] >= 1


@pytest.fixture(scope="module")
def replay_text() -> str:
    """A finished classic game's recording, as the results keep it."""
    from mazegame.engine.mazefile import from_text
    from mazegame.games.replay import Recording, build_game
    from mazegame.games.setup import GameSetup

    maze = from_text(PICTURE)
    setup = GameSetup("classic", "backtracker", (maze.width, maze.height), 1, level=maze)
    game = build_game(setup, maze, lambda: 0.0)
    for d in (2, 2, 1, 1):
        game.move(d)
    return Recording.of(setup, game).to_json()


@FUZZ
@given(data=st.data())
def test_a_mutated_replay_reads_or_is_refused(replay_text, data):
    from mazegame.games.replay import Recording, ReplayError

    raw = data.draw(mutated(replay_text))
    try:
        Recording.from_json(raw.decode("utf-8", errors="replace"))
    except ReplayError as err:
        assert str(err)


def test_a_replay_with_a_key_given_twice_is_refused(replay_text):
    from mazegame.games.replay import Recording, ReplayError

    doc = json.loads(replay_text)
    twice = replay_text[:-1] + f', "mode": {json.dumps(doc["mode"])}}}'
    with pytest.raises(ReplayError, match="the key 'mode' is given twice"):
        Recording.from_json(twice)
