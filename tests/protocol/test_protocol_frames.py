"""Framing: length-prefixed msgpack maps, split anyhow, refused cleanly when bad."""

from __future__ import annotations

import copy
import struct
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import (
    MAX_DEPTH,
    MAX_FRAME,
    ClientConnection,
    FrameDecoder,
    LocalProtocolError,
    ProtocolError,
    ServerConnection,
    State,
    decode_message,
    encode_frame,
)
from protocol import messages as m

from ..support.samples import SAMPLES

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def drain(decoder: FrameDecoder) -> list[dict[str, Any]]:
    out = []
    while (f := decoder.next_frame()) is not None:
        out.append(f)
    return out


def bad_frame_code(data: bytes) -> str:
    decoder = FrameDecoder()
    decoder.receive_data(data)
    with pytest.raises(ProtocolError) as info:
        drain(decoder)
    return info.value.code


# ---------------------------------------------------------------- the format


def test_a_frame_is_a_big_endian_length_then_a_msgpack_map() -> None:
    data = encode_frame({"type": "ping", "nonce": 1})
    assert data[:4] == (len(data) - 4).to_bytes(4, "big")
    assert msgpack.unpackb(data[4:]) == {"type": "ping", "nonce": 1}


def test_a_frame_after_one_that_could_not_be_packed_holds_only_its_own_bytes() -> None:
    with pytest.raises(LocalProtocolError):
        encode_frame({"type": "ping", "nonce": 1, "v": object()})
    with pytest.raises(LocalProtocolError):
        encode_frame({"type": "ping", "v": [1, 2, 2**70]})  # fails midway through the map
    data = encode_frame({"type": "ping", "nonce": 2})
    assert data == frame(msgpack.packb({"type": "ping", "nonce": 2}, use_bin_type=True))


def test_frames_packed_in_several_threads_at_once_are_each_whole() -> None:
    bodies = [{"type": "ping", "nonce": i, "pad": "x" * (i % 50)} for i in range(2000)]
    want = [frame(msgpack.packb(b, use_bin_type=True)) for b in bodies]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(encode_frame, bodies))
    assert got == want


def test_a_count_packed_without_the_packer_is_the_packers_bytes() -> None:
    """``pack_uint`` (each event's seq) makes an int's bytes itself: the very bytes
    ``pack`` gives, at every width's boundaries, and ``pack``'s own for the rest."""
    from protocol.frames import pack, pack_uint

    edges = [0, 1, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**53 - 1]
    for value in [*edges, -1, -32, -33, True, False, 2.5, None, "7"]:
        assert pack_uint(value) == pack(value), value  # type: ignore[arg-type]
    for value in range(0, 70000, 7):
        assert pack_uint(value) == pack(value), value


def test_the_example_frame_of_protocol_md_decodes() -> None:
    # The ping frame shown byte by byte in PROTOCOL.md.
    data = bytes.fromhex("00000012 82a474797065a470696e67a56e6f6e6365 07".replace(" ", ""))
    decoder = FrameDecoder()
    decoder.receive_data(data)
    assert drain(decoder) == [{"type": "ping", "nonce": 7}]
    assert m.Ping(7).encode() == data


def test_several_frames_in_one_chunk_come_out_in_order() -> None:
    msgs = [SAMPLES[k] for k in ("ping", "join", "event", "chat")]
    decoder = FrameDecoder()
    decoder.receive_data(b"".join(x.encode() for x in msgs))
    assert [decode_message(f) for f in drain(decoder)] == msgs


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "body",
    [
        b"",  # nothing at all
        b"\xc1",  # the one byte msgpack never uses
        msgpack.packb([1, 2]),  # not a map
        msgpack.packb("hello"),
        msgpack.packb({"kind": "x"}),  # no type
        msgpack.packb({"type": 5}),  # type not a string
        msgpack.packb({"type": "ping"}) + b"\x00",  # trailing bytes
        msgpack.packb({"type": "ping"})[:-1],  # truncated body
        msgpack.packb({1: 2, "type": "ping"}),  # an int key
        msgpack.packb({b"type": "ping"}),  # a bin key
        msgpack.packb({"type": "ping", "v": b"\x00"}),  # a bin value
        msgpack.packb({"type": "ping", "v": msgpack.ExtType(5, b"abc")}),
        msgpack.packb({"type": "ping", "v": msgpack.Timestamp(1)}),  # ext -1
        b"\x81\xa4type\xa4ping\xc7\x00\x05",  # a zero-length ext after the map
        b"\x82\xa4type\xa4ping\xa1v\xc7\x00\x05",  # a zero-length ext value
        b"\x81\xa4type\xa4\xff\xfe\xfd\xfc",  # invalid UTF-8
        b"\x81\xa4type\xdd\xff\xff\xff\xff",  # an array claiming 4 billion items
        b"\x91" * 5000 + b"\xc0",  # nested far too deep (msgpack's own stack limit)
    ],
)
def test_undecodable_bodies_are_bad_frame(body: bytes) -> None:
    assert bad_frame_code(frame(body)) == "bad_frame"


def test_nesting_beyond_max_depth_is_bad_frame() -> None:
    value: Any = "deep"
    for _ in range(MAX_DEPTH):
        value = [value]
    assert bad_frame_code(encode_frame({"type": "x", "v": value})) == "bad_frame"
    ok = FrameDecoder()
    ok.receive_data(encode_frame({"type": "x", "v": value[0]}))
    assert drain(ok)


def test_a_declared_length_over_the_limit_is_refused_before_the_body() -> None:
    decoder = FrameDecoder()
    decoder.receive_data(struct.pack(">I", MAX_FRAME + 1))
    assert decoder.buffered == 0
    with pytest.raises(ProtocolError) as info:
        decoder.next_frame()
    assert info.value.code == "frame_too_large"
    decoder.receive_data(b"\x00" * 100_000)  # the body is never read, never held
    assert decoder.buffered == 0


def test_a_frame_of_exactly_the_limit_is_accepted() -> None:
    body = msgpack.packb({"type": "x", "pad": ""})
    pad = "y" * (MAX_FRAME - len(body) - 2)  # str16 header grows the pad by 2 bytes
    data = encode_frame({"type": "x", "pad": pad})
    assert len(data) == MAX_FRAME + 4
    decoder = FrameDecoder()
    decoder.receive_data(data)
    assert drain(decoder)[0]["pad"] == pad


def test_frames_before_a_bad_one_are_still_delivered_then_it_keeps_failing() -> None:
    decoder = FrameDecoder()
    good = m.Ping(1).encode()
    decoder.receive_data(good + frame(b"\xc1") + good)
    assert drain_until_error(decoder) == [{"type": "ping", "nonce": 1}]
    with pytest.raises(ProtocolError):
        decoder.next_frame()
    decoder.receive_data(good)
    with pytest.raises(ProtocolError):
        decoder.next_frame()


def drain_until_error(decoder: FrameDecoder) -> list[dict[str, Any]]:
    out = []
    try:
        while (f := decoder.next_frame()) is not None:
            out.append(f)
    except ProtocolError:
        return out
    raise AssertionError("expected an error")


def test_end_of_stream_drops_an_incomplete_frame() -> None:
    decoder = FrameDecoder()
    data = m.Ping(1).encode()
    decoder.receive_data(data + data[:5])
    decoder.receive_data(b"")
    assert decoder.at_eof
    assert drain(decoder) == [{"type": "ping", "nonce": 1}]
    assert decoder.buffered == 0


# ---------------------------------------------------------------- byte trickle


def session_bytes() -> tuple[bytes, list[m.Message]]:
    """A server-to-client session: welcome, lobby, a seat, a snapshot, events, chat."""
    msgs: list[m.Message] = [
        SAMPLES["welcome"],
        SAMPLES["ack"],
        SAMPLES["tables"],
        SAMPLES["snapshot"],
        SAMPLES["event"],
        m.Event(43, {"kind": "turn", "seat": 2}, {"turn": 2}),
        SAMPLES["timer"],
        SAMPLES["chat_line"],
        SAMPLES["error"],
        SAMPLES["ping"],
    ]
    return b"".join(x.encode() for x in msgs), msgs


def test_a_session_split_at_every_byte_boundary_gives_the_same_messages() -> None:
    data, msgs = session_bytes()
    for cut in range(1, len(data)):  # (an empty chunk would mean end of stream)
        decoder = FrameDecoder()
        decoder.receive_data(data[:cut])
        got = drain(decoder)
        decoder.receive_data(data[cut:])
        got += drain(decoder)
        assert [decode_message(f) for f in got] == msgs, cut


def test_a_session_fed_one_byte_at_a_time_gives_the_same_messages() -> None:
    data, msgs = session_bytes()
    decoder = FrameDecoder()
    got = []
    for i in range(len(data)):
        decoder.receive_data(data[i : i + 1])
        assert decoder.buffered <= MAX_FRAME + 4
        got += drain(decoder)
    assert [decode_message(f) for f in got] == msgs


@FUZZ
@given(st.data())
def test_a_session_split_into_random_chunks_gives_the_same_messages(data: st.DataObject) -> None:
    raw, msgs = session_bytes()
    cuts = sorted(set(data.draw(st.lists(st.integers(1, len(raw) - 1), max_size=20))))
    decoder = FrameDecoder()
    got = []
    for a, b in zip([0, *cuts], [*cuts, len(raw)], strict=True):
        decoder.receive_data(raw[a:b])
        got += drain(decoder)
    assert [decode_message(f) for f in got] == msgs


# ---------------------------------------------------------------- fuzzing


def _drain(conn: ClientConnection | ServerConnection) -> None:
    """Read every message; answer a hello; skip refused frames until closed."""
    while True:
        try:
            msg = conn.next_message()
        except ProtocolError:
            if conn.closed:
                return
            continue
        if msg is None:
            if isinstance(conn, ServerConnection) and conn.state is State.WELCOME:
                conn.accept()
                continue
            return


def _ends(limit: int) -> list[ClientConnection | ServerConnection]:
    """Both ends fresh, and both ends past the handshake."""
    fresh_server = ServerConnection(max_frame=max(limit, 1024))  # a server accepts >= 1 KiB
    waiting_client = ClientConnection(max_frame=limit)
    waiting_client.hello("fuzz", "fuzz/1")
    open_client, open_server = ClientConnection(max_frame=max(limit, 1024)), ServerConnection()
    open_server.receive_data(open_client.hello("fuzz", "fuzz/1"))
    _drain(open_server)
    open_client.receive_data(m.Welcome(1, "s", (1, 1)).encode())
    _drain(open_client)
    assert open_client.state is State.OPEN and open_server.state is State.OPEN
    return [fresh_server, waiting_client, open_client, open_server]


def _feed_all(chunks: list[bytes], limit: int) -> None:
    """Feed a decoder and connection ends; only ProtocolError may come out."""
    decoder = FrameDecoder(limit)
    ends = _ends(limit)
    for chunk in chunks:
        decoder.receive_data(chunk)
        assert decoder.buffered <= limit + 4
        try:
            for f in iter(decoder.next_frame, None):
                decode_message(f)
        except ProtocolError:
            pass
        for conn in ends:
            conn.receive_data(chunk)
            assert conn.buffered <= conn.max_frame + 4
            _drain(conn)


@FUZZ
@given(st.lists(st.binary(max_size=300), max_size=8), st.sampled_from([16, 1024, MAX_FRAME]))
def test_arbitrary_bytes_raise_nothing_but_protocol_errors(chunks: list[bytes], limit: int) -> None:
    _feed_all(chunks, limit)


@FUZZ
@given(st.lists(st.binary(min_size=1, max_size=60), max_size=6))
def test_arbitrary_msgpack_bodies_raise_nothing_but_protocol_errors(bodies: list[bytes]) -> None:
    _feed_all([frame(b) for b in bodies], MAX_FRAME)


def _valid_stream() -> bytes:
    hello = SAMPLES["hello"]
    return hello.encode() + b"".join(x.encode() for x in SAMPLES.values())


@FUZZ
@given(st.data())
def test_mutated_valid_frames_raise_nothing_but_protocol_errors(data: st.DataObject) -> None:
    raw = bytearray(_valid_stream())
    for _ in range(data.draw(st.integers(1, 8))):
        op = data.draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        pos = data.draw(st.integers(0, max(len(raw) - 1, 0)))
        if op == "flip" and raw:
            raw[pos] ^= data.draw(st.integers(1, 255))
        elif op == "insert":
            raw[pos:pos] = data.draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del raw[pos : pos + data.draw(st.integers(1, 8))]
        else:
            del raw[pos:]
    cut = data.draw(st.integers(0, len(raw)))
    _feed_all([bytes(raw[:cut]), bytes(raw[cut:])], MAX_FRAME)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in a decoded map, at any depth."""
    out: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((value, key))
            out.extend(_slots(item))
        out.append((value, "extra"))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.append((value, i))
            out.extend(_slots(item))
    return out


@FUZZ
@given(st.sampled_from(sorted(SAMPLES)), st.data())
def test_mutated_message_fields_raise_nothing_but_protocol_errors(
    kind: str, data: st.DataObject
) -> None:
    body = copy.deepcopy(SAMPLES[kind].to_dict())  # opaque maps are shared, not copied
    for _ in range(data.draw(st.integers(1, 3))):
        container, key = data.draw(st.sampled_from(_slots(body)))
        if isinstance(container, dict) and data.draw(st.booleans()):
            container.pop(key, None)
        elif isinstance(container, dict) or key < len(container):
            container[key] = data.draw(JSON)
    body["type"] = kind
    try:
        msg = decode_message(body)
    except ProtocolError as exc:
        assert exc.code in ("bad_message", "unknown_type")
    else:
        assert decode_message(msg.to_dict()) == msg  # whatever is accepted round-trips
