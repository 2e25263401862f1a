"""A search's checkpoint: written whole or not at all, read back as written, and anything
else (another size, a corrupt or hostile file, mutated documents from hypothesis) refused
as one CheckpointError, never another exception."""

from __future__ import annotations

import contextlib
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazegame.engine.allmazes.checkpoint import (
    FILE,
    Checkpoint,
    CheckpointError,
    from_json,
    load,
    save,
)
from mazegame.engine.allmazes.family import parse_sequence
from mazegame.engine.allmazes.subtrees import Partition, first_root, signed

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def a_point() -> Checkpoint:
    """A checkpoint of a 7x7 search with every field used (a mask with bit 63 too; its
    subtrees are made up, not a search's: `load` would refuse them)."""
    part = Partition([(5, 3, signed(1 | 1 << 48 | 1 << 3), 1 << 2)],
                     {(2, 1, signed(1 | 1 << 48 | 1 << 1), 0): 17},
                     [first_root(49)])
    return Checkpoint(7, 7, "greedy", 3, 12, 81.5, 70.5, "rrdd", 1234, 5, "rrddrd", part)


VALID = a_point().to_json()


def test_a_checkpoint_reads_back_as_written(tmp_path):
    save(tmp_path, a_point(), "# a header\n")
    assert from_json((tmp_path / FILE).read_text(), 7, 7) == a_point()
    assert (tmp_path / "best.txt").read_text() == "# a header\nrrdd\n"
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_no_checkpoint_yet_is_none(tmp_path):
    assert load(tmp_path / "new", 7, 7) is None


def test_a_checkpoint_of_another_size_is_refused(tmp_path):
    save(tmp_path, a_point(), "")
    with pytest.raises(CheckpointError, match="7x7 search, not 6x6"):
        load(tmp_path, 6, 6)


@pytest.mark.parametrize("change", [
    lambda d: d.update(n=True),
    lambda d: d.update(best={"sequence": "rrdx", "nodes": 1, "subtrees": 1}),
    lambda d: d["subtrees"]["open"].append([0, 49, 1, 0]),  # a cell off the 7x7 grid
    lambda d: d["subtrees"]["open"].append([0, 0, 1 << 60, 0]),  # a mask too wide
    lambda d: d["subtrees"]["open"].append([0, 0, 3, 3]),  # free and blocked at once
    lambda d: d["subtrees"]["open"].append([7, 0, 1, 0]),  # past the sequence's end
    lambda d: d["subtrees"]["clean"].append([0, 0, 1, 0, 0]),  # no nodes
    lambda d: d["subtrees"]["expanded"].append(d["subtrees"]["open"][0]),  # twice
    lambda d: d.update(growing=None),  # subtrees of no sequence
    lambda d: d.update(wall=float("nan")),
    lambda d: d.update(version=2),
    lambda d: d.update(extra=1),
])
def test_a_document_that_breaks_a_rule_is_refused(change):
    doc = json.loads(VALID)
    change(doc)
    with pytest.raises(CheckpointError):
        from_json(json.dumps(doc), 7, 7)


def test_a_fifo_or_a_folder_is_refused_not_read(tmp_path):
    os.mkfifo(tmp_path / FILE)
    with pytest.raises(CheckpointError, match="FIFO"):
        load(tmp_path, 7, 7)
    os.unlink(tmp_path / FILE)
    os.mkdir(tmp_path / FILE)
    with pytest.raises(CheckpointError, match="folder"):
        load(tmp_path, 7, 7)


PIECES = [b"{", b"}", b"[", b"]", b'"', b",", b":", b"-", b"9" * 400, b"1e999", b"NaN",
          b"null", b"true", b"[" * 3000, b"\xff", b"\x00", b'"udlr"', b"-9223372036854775809"]


@st.composite
def mutated(draw) -> bytes:
    """The valid document with a few pieces put in or over it."""
    data = bytearray(VALID.encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.sampled_from(PIECES) | st.binary(min_size=1, max_size=4))
        if draw(st.booleans()):
            data[at:at + len(piece)] = piece
        else:
            data[at:at] = piece
    return bytes(data)


@FUZZ
@given(mutated())
def test_mutated_checkpoints_load_or_are_refused_cleanly(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # the reader's own UTF-8 check (load) refuses those
    try:
        point = from_json(text, 7, 7)
    except CheckpointError as err:
        assert "\n" not in str(err)
        return
    assert from_json(point.to_json(), 7, 7) == point  # what loads is a checkpoint


@settings(FUZZ, max_examples=100)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=8))
def test_any_json_value_loads_or_is_refused_cleanly(value):
    with contextlib.suppress(CheckpointError):
        from_json(json.dumps(value), 7, 7)


def test_subtrees_that_are_not_the_whole_search_are_refused(tmp_path):
    from mazegame.engine.allmazes.cluster import LocalRunner
    from mazegame.engine.allmazes.subtrees import CheckRun, check_on

    seq = parse_sequence("drddruurrdd")
    part = check_on(LocalRunner(), 3, 3, seq, CheckRun(Partition.whole(9)), 3, 2).part
    save(tmp_path, Checkpoint(3, 3, growing="drddruurrdd", part=part))
    assert load(tmp_path, 3, 3).part == part
    part.clean.popitem()  # a subtree left out: its mazes unchecked
    save(tmp_path, Checkpoint(3, 3, growing="drddruurrdd", part=part))
    with pytest.raises(CheckpointError, match="not the whole search"):
        load(tmp_path, 3, 3)
