"""Typed messages: every type round-trips; bad fields are bad_message; extras are ignored."""

from __future__ import annotations

from typing import Any

import pytest

from protocol import (
    MESSAGES,
    FrameDecoder,
    LocalProtocolError,
    ProtocolError,
    decode_message,
    encode_frame,
)
from protocol import messages as m
from protocol.versions import PROTOCOL_VERSION

from ..support.samples import MINIMAL, SAMPLES


def _wire(msg: m.Message) -> m.Message:
    """Through the bytes: encode a frame, decode it, read the message back."""
    decoder = FrameDecoder()
    decoder.receive_data(msg.encode())
    frame = decoder.next_frame()
    assert frame is not None
    assert decoder.next_frame() is None
    return decode_message(frame)


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_every_message_type_round_trips_through_bytes(kind: str) -> None:
    msg = SAMPLES[kind]
    assert kind == msg.TYPE
    back = _wire(msg)
    assert back == msg
    assert type(back) is type(msg)
    assert back.to_dict() == msg.to_dict()


@pytest.mark.parametrize("msg", MINIMAL, ids=lambda msg: msg.TYPE)
def test_messages_with_only_required_fields_round_trip(msg: m.Message) -> None:
    assert _wire(msg) == msg


def test_every_message_declares_type_sender_and_since() -> None:
    for kind, cls in MESSAGES.items():
        assert kind == cls.TYPE
        assert cls.SENDER in (m.CLIENT, m.SERVER, m.BOTH)
        assert 1 <= cls.SINCE <= PROTOCOL_VERSION


def test_every_request_carries_an_id_and_only_clients_send_requests() -> None:
    requests = {k for k, c in MESSAGES.items() if issubclass(c, m.Request)}
    assert requests == {
        "list_tables",
        "create_table",
        "join",
        "spectate",
        "leave",
        "add_bot",
        "remove_bot",
        "start",
        "rematch",
        "action",
        "resync",
        "chat",
        "list_replays",
        "get_replay",
        "hint",
    }
    for kind in requests:
        assert MESSAGES[kind].SENDER == m.CLIENT
        assert "id" in SAMPLES[kind].to_dict()


def test_hello_has_the_fixed_shape() -> None:
    hello = m.Hello((1, 1), "Dana", "taki-client/0.1")
    assert hello.to_dict() == {
        "type": "hello",
        "versions": [1, 1],
        "name": "Dana",
        "client": "taki-client/0.1",
    }
    with_token = m.Hello((1, 2), "Dana", "taki-client/0.1", token="tok", role="spectator")
    assert with_token.to_dict()["token"] == "tok"
    assert with_token.to_dict()["role"] == "spectator"


def test_unsupported_version_error_has_the_fixed_shape() -> None:
    err = m.Error("unsupported_version", "speak 1 to 1", supported=(1, 1))
    assert err.to_dict() == {
        "type": "error",
        "code": "unsupported_version",
        "message": "speak 1 to 1",
        "supported": [1, 1],
    }


def test_unknown_fields_are_ignored() -> None:
    data = SAMPLES["join"].to_dict()
    data["colour_scheme"] = {"from": "the future"}
    data["x"] = [1, 2, 3]
    assert decode_message(data) == SAMPLES["join"]
    nested = SAMPLES["create_table"].to_dict()
    nested["options"]["jokers"] = True
    assert decode_message(nested) == SAMPLES["create_table"]


def test_nil_reads_as_absent_for_optional_fields() -> None:
    data: dict[str, Any] = {"type": "hello", "versions": [1, 1], "name": "D", "client": "c"}
    data["token"] = None
    data["role"] = None
    assert decode_message(data) == m.Hello((1, 1), "D", "c")


def test_optional_nil_fields_are_left_out_unless_always_sent() -> None:
    assert m.Ack(5).to_dict() == {"type": "ack", "id": 5, "ok": True}
    assert m.Start(1).to_dict() == {"type": "start", "id": 1, "first_seat": None}
    assert m.Join(1, "t").to_dict() == {"type": "join", "id": 1, "table": "t", "seat": None}
    action = m.GameAction("play", 0, "R7")
    assert action.to_dict() == {"type": "play", "seat": 0, "card": "R7"}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "join", "id": 1}, "join.table"),
        ({"type": "join", "id": 1, "table": 7}, "join.table"),
        ({"type": "join", "table": "t"}, "join.id"),
        ({"type": "join", "id": "1", "table": "t"}, "join.id"),
        ({"type": "join", "id": True, "table": "t"}, "join.id"),
        ({"type": "join", "id": -1, "table": "t"}, "join.id"),
        ({"type": "join", "id": 2**32, "table": "t"}, "join.id"),
        ({"type": "join", "id": 1, "table": "t", "seat": 10}, "join.seat"),
        ({"type": "join", "id": 1, "table": ""}, "join.table"),
        ({"type": "hello", "versions": [1], "name": "D", "client": "c"}, "hello.versions"),
        ({"type": "hello", "versions": [2, 1], "name": "D", "client": "c"}, "hello.versions"),
        ({"type": "hello", "versions": [1, 1], "name": "D" * 33, "client": "c"}, "hello.name"),
        ({"type": "hello", "versions": [1, 1], "name": "D", "client": "c", "role": "god"}, "role"),
        ({"type": "create_table", "id": 1, "options": {"name": "t", "seats": 11}}, "seats"),
        ({"type": "create_table", "id": 1, "options": {"name": "t", "seats": 1}}, "seats"),
        ({"type": "create_table", "id": 1, "options": {"seats": 4}}, "options.name"),
        ({"type": "create_table", "id": 1, "options": [1]}, "create_table.options"),
        (
            {"type": "create_table", "id": 1, "options": {"name": "t", "seats": 4, "stairs": 1}},
            "options.stairs",
        ),
        (
            {
                "type": "create_table",
                "id": 1,
                "options": {"name": "t", "seats": 2, "turn_timer": 0},
            },
            "turn_timer",
        ),
        ({"type": "add_bot", "id": 1, "kind": "genius"}, "add_bot.kind"),
        ({"type": "action", "id": 1, "action": {"card": "R7"}}, "action.type"),
        ({"type": "action", "id": 1, "action": {"type": "play", "last_card": "yes"}}, "last_card"),
        ({"type": "action", "id": 1, "action": "play R7"}, "action.action"),
        ({"type": "chat", "id": 1, "text": ""}, "chat.text"),
        ({"type": "chat", "id": 1, "text": "x" * 501}, "chat.text"),
        ({"type": "event", "seq": 1, "event": {"seat": 1}}, "kind"),
        ({"type": "event", "seq": 0, "event": {"kind": "turn"}}, "event.seq"),
        ({"type": "snapshot", "seq": 0, "table": {"id": "t"}}, "table.options"),
        ({"type": "timer", "kind": "egg"}, "timer.kind"),
        ({"type": "timer", "kind": "turn", "seconds": float("nan")}, "timer.seconds"),
        ({"type": "timer", "kind": "turn", "seconds": float("inf")}, "timer.seconds"),
        ({"type": "welcome", "version": 1, "server": "s", "supported": "1-1"}, "supported"),
    ],
)
def test_missing_or_ill_typed_fields_are_bad_message(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ProtocolError) as info:
        decode_message(data)
    assert info.value.code == "bad_message"
    assert field in info.value.message


def test_bad_message_names_the_request_id_when_it_can() -> None:
    with pytest.raises(ProtocolError) as info:
        decode_message({"type": "join", "id": 12, "table": None})
    assert info.value.request_id == 12


def test_a_table_lists_one_entry_per_seat() -> None:
    data = SAMPLES["table_update"].to_dict()
    data["table"]["seats"].append(None)
    with pytest.raises(ProtocolError, match="one entry per seat"):
        decode_message(data)


def test_unknown_type_is_its_own_code() -> None:
    with pytest.raises(ProtocolError) as info:
        decode_message({"type": "teleport", "id": 4})
    assert info.value.code == "unknown_type"
    assert info.value.request_id == 4


def test_a_message_read_as_another_type_is_refused() -> None:
    with pytest.raises(ProtocolError, match="bad_message"):
        m.Join.from_dict({"type": "spectate", "id": 1, "table": "t"})


def test_game_action_for_seat_gives_the_rules_action_object() -> None:
    act = m.GameAction("play", None, "color", "Y", last_card=True)
    assert act.for_seat(3) == {
        "type": "play",
        "seat": 3,
        "card": "color",
        "color": "Y",
        "last_card": True,
    }
    assert m.GameAction("draw").for_seat(0) == {"type": "draw", "seat": 0}


def test_error_of_a_protocol_error_keeps_code_id_and_range() -> None:
    exc = ProtocolError("unsupported_version", "nope", request_id=None, supported=(1, 3))
    assert m.Error.of(exc) == m.Error("unsupported_version", "nope", None, (1, 3))
    exc2 = ProtocolError("table_full")
    assert m.Error.of(exc2).message  # a default human text from ERROR_CODES


def test_encoding_an_oversized_message_is_a_local_error() -> None:
    big = m.Chat(1, "x" * 500)
    with pytest.raises(LocalProtocolError) as info:
        big.encode(max_frame=100)
    assert info.value.code == "frame_too_large"
    with pytest.raises(LocalProtocolError):
        encode_frame({"type": "x", "v": object()})


def test_fields_newer_than_the_spoken_version_are_left_out() -> None:
    # All fields are version 1 today; a version-0 writer (none exists) would drop them all.
    assert SAMPLES["join"].to_dict(version=0) == {"type": "join"}
    assert SAMPLES["join"].to_dict(version=1) == SAMPLES["join"].to_dict()


def test_a_bare_ack_encodes_to_the_same_bytes_as_any_message() -> None:
    """Ack.encode builds a bare ack's map directly (the hot path); it must be the very
    frame the generic encoding gives, and acks that carry more take the generic path."""
    from protocol.frames import encode_frame
    from protocol.messages import Ack

    for ack in (Ack(1), Ack(2**31), Ack(7, ok=False), Ack.trusted(id=12),
                Ack(3, table="t1", seat=2, token="tok-en")):  # fmt: skip
        assert ack.encode() == encode_frame(ack.to_dict())
    # every width msgpack gives an id, on both sides of each boundary
    for rid in (0, 127, 128, 255, 256, 65535, 65536, 2**32 - 1):
        for ok in (True, False):
            ack = Ack(rid, ok=ok)
            assert ack.encode() == encode_frame(ack.to_dict()), (rid, ok)


def test_a_bare_ack_made_for_an_id_is_the_ack_of_that_id() -> None:
    """``Ack.bare`` sets each field itself (every action's answer): it must be the
    record ``Ack(rid)`` is, field for field, and encode to the same frame."""
    from dataclasses import fields

    from protocol.messages import Ack

    assert [f.name for f in fields(Ack)] == ["id", "ok", "table", "seat", "token"]
    for rid in (0, 1, 127, 128, 65536, 2**32 - 1):
        bare = Ack.bare(rid)
        assert type(bare) is Ack
        assert bare == Ack(rid) == Ack.trusted(id=rid)
        assert bare.to_dict() == Ack(rid).to_dict()
        assert bare.encode() == Ack(rid).encode()


def test_an_action_map_read_again_reads_the_same_and_its_look_alikes_do_not() -> None:
    """A game action read once is handed out again for the same map (the server reads
    the same few over and over); a map equal to it in Python but not on the wire (1
    for true) is still refused, and what failed once fails again."""
    good = {"type": "action", "id": 1, "action": {"type": "play", "card": "R7", "last_card": True}}
    first, again = decode_message(good), decode_message(dict(good, id=2))
    assert isinstance(first, m.Action) and isinstance(again, m.Action)
    assert again.action == first.action == m.GameAction("play", None, "R7", last_card=True)
    assert again.id == 2
    for bad in ({"type": "play", "card": "R7", "last_card": 1},
                {"type": "play", "card": "R7", "last_card": "yes"}):  # fmt: skip
        for _ in range(2):
            with pytest.raises(ProtocolError) as info:
                decode_message({"type": "action", "id": 3, "action": bad})
            assert info.value.code == "bad_message"
            assert info.value.request_id == 3
