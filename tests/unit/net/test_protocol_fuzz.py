"""protocol.decode_client on anything a stranger may send: a message or BadMessage, never
another exception (the game port's only reader of a player's bytes)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mazegame.net import protocol as p

KINDS = ["hello", "list", "create", "join", "leave", "configure", "start", "key", "view",
         "ping", "welcome", "", "x" * 40]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)
FIELDS = ["v", "name", "token", "door", "settings", "code", "watch", "dir", "seq", "view",
          "n", "mode", "width", "height", "seats", "seed", "daily", "generator"]


@st.composite
def near_messages(draw) -> bytes:
    """A JSON object with a real kind and real field names, holding any values."""
    doc = {"t": draw(st.sampled_from(KINDS))}
    for key in draw(st.lists(st.sampled_from(FIELDS), max_size=4)):
        doc[key] = draw(json_values)
    return json.dumps(doc).encode()


anything = (st.binary(max_size=2000) | st.text(max_size=1200).map(str.encode)
            | json_values.map(lambda v: json.dumps(v).encode()) | near_messages())


@settings(max_examples=400, deadline=None)
@given(data=anything)
def test_any_bytes_are_a_message_or_a_bad_message(data):
    for raw in (data, data.decode("utf-8", "replace")):
        try:
            message = p.decode_client(raw)
        except p.BadMessage as err:
            assert "\n" not in str(err)
        else:
            assert isinstance(message, p.CLIENT_MESSAGES)


def test_the_fuzz_reaches_real_messages():
    assert isinstance(p.decode_client(b'{"t": "key", "dir": 2}'), p.Key)


def test_every_room_mode_and_view_has_its_words():
    """The words a client shows are keyed by exactly the modes and views the protocol names."""
    from typing import get_args

    from mazegame.net import protocol as proto

    assert list(proto.ROOM_MODE_WORDS) == list(get_args(proto.RoomMode))
    assert list(proto.VIEW_WORDS) == list(get_args(proto.View))
