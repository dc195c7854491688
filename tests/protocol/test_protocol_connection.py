"""A ClientConnection and a ServerConnection driven against each other, no sockets."""

from __future__ import annotations

import msgpack
import pytest

from protocol import (
    ClientConnection,
    LocalProtocolError,
    RecentIds,
    RemoteProtocolError,
    ServerConnection,
    State,
    encode_frame,
)
from protocol import messages as m

from ..support.samples import SAMPLES


def pump(src: bytes, dst: ClientConnection | ServerConnection) -> list[m.Message]:
    dst.receive_data(src)
    return list(dst.messages())


def connected(
    name: str = "Dana", role: str | None = None
) -> tuple[ClientConnection, ServerConnection]:
    client, server = ClientConnection(), ServerConnection()
    [hello] = pump(client.hello(name, "taki-client/0.1", role=role), server)
    assert isinstance(hello, m.Hello)
    [welcome] = pump(server.accept(), client)
    assert isinstance(welcome, m.Welcome)
    return client, server


def server_error(server: ServerConnection, data: bytes) -> RemoteProtocolError:
    server.receive_data(data)
    with pytest.raises(RemoteProtocolError) as info:
        server.next_message()
    return info.value


# ---------------------------------------------------------------- handshake


def test_handshake_opens_both_ends_at_the_same_version() -> None:
    client, server = connected()
    assert client.state is State.OPEN and server.state is State.OPEN
    assert client.version == server.version == 1
    assert server.hello is not None and server.hello.name == "Dana"
    assert client.welcome is not None and client.welcome.supported == (1, 1)


def test_the_server_picks_the_highest_version_both_speak() -> None:
    client, server = ClientConnection(), ServerConnection(supported=(1, 3))
    pump(client.hello("D", "c/1", versions=(2, 5)), server)
    assert server.version == 3
    pump(server.accept(), client)
    assert client.version == 3


def test_no_common_version_is_refused_with_the_supported_range_and_closed() -> None:
    client, server = ClientConnection(), ServerConnection()
    exc = server_error(server, client.hello("D", "c/1", versions=(2, 4)))
    assert exc.code == "unsupported_version"
    assert exc.supported == (1, 1)
    data = server.send_error(exc)
    assert server.state is State.CLOSED
    assert msgpack.unpackb(data[4:]) == {
        "type": "error",
        "code": "unsupported_version",
        "message": exc.message,
        "supported": [1, 1],
    }
    [err] = pump(data, client)
    assert isinstance(err, m.Error) and err.supported == (1, 1)
    assert client.state is State.CLOSED


def test_a_frame_that_does_not_decode_gets_bad_frame_and_a_close() -> None:
    client, server = connected()
    exc = server_error(server, b"\x00\x00\x00\x03abc")
    assert exc.code == "bad_frame"
    assert server.state is State.CLOSED
    [err] = pump(server.send_error(exc), client)
    assert isinstance(err, m.Error) and err.code == "bad_frame" and err.message
    assert client.state is State.CLOSED
    with pytest.raises(RemoteProtocolError):  # the stream is dead for good
        server.next_message()
    with pytest.raises(LocalProtocolError):  # one fatal error, then nothing
        server.send(m.Pong(1))


def test_garbage_instead_of_a_hello_is_bad_frame() -> None:
    server = ServerConnection()
    exc = server_error(server, encode_frame({"type": "hello"})[:4] + b"\xc1" * 20)
    assert exc.code == "bad_frame"
    assert server.state is State.CLOSED


def test_an_oversized_frame_is_refused_from_its_header() -> None:
    client, server = connected()
    exc = server_error(server, (1 << 20).to_bytes(4, "big"))
    assert exc.code == "frame_too_large"
    [err] = pump(server.send_error(exc), client)
    assert isinstance(err, m.Error) and err.code == "frame_too_large"
    assert server.state is State.CLOSED


def test_the_first_frame_must_be_a_hello() -> None:
    server = ServerConnection()
    exc = server_error(server, m.ListTables(1).encode())
    assert exc.code == "unexpected_message"
    assert server.state is State.CLOSED


def test_a_malformed_hello_is_bad_message_and_closes() -> None:
    server = ServerConnection()
    exc = server_error(server, encode_frame({"type": "hello", "versions": [1, 1]}))
    assert exc.code == "bad_message"
    assert server.state is State.CLOSED


def test_the_client_sends_only_hello_first_then_waits_for_welcome() -> None:
    client = ClientConnection()
    with pytest.raises(LocalProtocolError):
        client.send(m.ListTables(1))
    client.hello("D", "c/1")
    with pytest.raises(LocalProtocolError):
        client.send(m.ListTables(1))
    with pytest.raises(LocalProtocolError):
        client.send(m.Welcome(1, "s", (1, 1)))  # never a server message


def test_the_server_answers_the_hello_before_anything_else() -> None:
    client, server = ClientConnection(), ServerConnection()
    with pytest.raises(LocalProtocolError):
        server.send(m.Tables(()))
    server.receive_data(client.hello("D", "c/1") + m.ListTables(1).encode())
    assert isinstance(server.next_message(), m.Hello)
    assert server.next_message() is None  # a pipelined request waits for the welcome
    with pytest.raises(LocalProtocolError):
        server.send(m.Tables(()))
    with pytest.raises(LocalProtocolError):
        server.send(m.Welcome(2, "s", (1, 2)))  # not the negotiated version
    server.accept()
    assert isinstance(server.next_message(), m.ListTables)
    with pytest.raises(LocalProtocolError):
        server.accept()


def test_an_error_before_welcome_closes_whatever_its_code() -> None:
    client, server = ClientConnection(), ServerConnection()
    pump(client.hello("D", "c/1"), server)
    [err] = pump(server.send(m.Error("server_shutdown", "bye")), client)
    assert isinstance(err, m.Error)
    assert server.state is State.CLOSED and client.state is State.CLOSED


def test_a_server_may_refuse_a_silent_client_before_any_hello() -> None:
    server = ServerConnection()
    data = server.send(m.Error("timeout", "no hello in 10 s"))
    assert server.state is State.CLOSED and data


def test_a_welcome_for_a_version_not_offered_is_refused_by_the_client() -> None:
    client = ClientConnection()
    client.hello("D", "c/1", versions=(1, 1))
    client.receive_data(m.Welcome(2, "s", (1, 2)).encode())
    with pytest.raises(RemoteProtocolError) as info:
        client.next_message()
    assert info.value.code == "unsupported_version"
    assert client.state is State.CLOSED


# ---------------------------------------------------------------- once open


def test_requests_flow_to_the_server_and_replies_to_the_client() -> None:
    client, server = connected()
    reqs = [SAMPLES[k] for k in ("list_tables", "create_table", "join", "action", "chat")]
    assert pump(b"".join(client.send(r) for r in reqs), server) == reqs
    replies = [SAMPLES[k] for k in ("ack", "tables", "table_update", "timer", "chat_line")]
    assert pump(b"".join(server.send(r) for r in replies), client) == replies


def test_a_bad_request_is_answered_with_its_id_and_the_connection_stays_open() -> None:
    client, server = connected()
    server.receive_data(encode_frame({"type": "join", "id": 77}) + m.Leave(78).encode())
    with pytest.raises(RemoteProtocolError) as info:
        server.next_message()
    assert info.value.code == "bad_message" and info.value.request_id == 77
    [err] = pump(server.send_error(info.value), client)
    assert isinstance(err, m.Error) and err.id == 77
    assert server.state is State.OPEN and client.state is State.OPEN
    assert server.next_message() == m.Leave(78)


def test_an_unknown_type_is_refused_but_not_fatal() -> None:
    _, server = connected()
    exc = server_error(server, encode_frame({"type": "fly", "id": 5}))
    assert (exc.code, exc.request_id) == ("unknown_type", 5)
    assert server.state is State.OPEN


def test_a_client_may_not_send_server_messages_or_a_second_hello() -> None:
    _, server = connected()
    for data in (SAMPLES["ack"].encode(), SAMPLES["hello"].encode()):
        assert server_error(server, data).code == "unexpected_message"
    assert server.state is State.OPEN


def test_a_spectator_role_may_watch_and_chat_but_not_take_a_seat() -> None:
    client, server = connected(role="spectator")
    assert server.role == "spectator"
    assert server_error(server, client.send(m.Join(1, "t7"))).code == "not_allowed"
    assert pump(client.send(m.Spectate(2, "t7")), server) == [m.Spectate(2, "t7")]
    assert pump(client.send(m.Chat(3, "hi")), server) == [m.Chat(3, "hi")]


def test_the_client_ignores_message_types_it_does_not_know() -> None:
    client, _ = connected()
    data = encode_frame({"type": "fireworks", "colour": "gold"}) + m.Pong(3).encode()
    assert pump(data, client) == [m.Pong(3)]


def test_the_client_rejects_client_messages_from_the_server() -> None:
    client, _ = connected()
    client.receive_data(m.Join(1, "t").encode())
    with pytest.raises(RemoteProtocolError) as info:
        client.next_message()
    assert info.value.code == "unexpected_message"
    assert client.state is State.OPEN


def test_ping_and_pong_go_both_ways() -> None:
    client, server = connected()
    assert pump(client.send(m.Ping(1)), server) == [m.Ping(1)]
    assert pump(server.send(m.Pong(1)), client) == [m.Pong(1)]
    assert pump(server.send(m.Ping(2)), client) == [m.Ping(2)]
    assert pump(client.send(m.Pong(2)), server) == [m.Pong(2)]


def test_a_fatal_error_closes_the_client_and_later_frames_are_dropped() -> None:
    client, server = connected()
    data = server.send(m.Error("server_shutdown", "restarting"))
    assert server.state is State.CLOSED
    client.receive_data(data + m.Pong(1).encode())
    assert isinstance(client.next_message(), m.Error)
    assert client.state is State.CLOSED
    assert client.next_message() is None


def test_a_non_fatal_error_leaves_both_ends_open() -> None:
    client, server = connected()
    pump(server.send(m.Error("not_your_turn", "wait", id=4)), client)
    assert server.state is State.OPEN and client.state is State.OPEN


def test_end_of_stream_is_seen_by_the_caller() -> None:
    _, server = connected()
    server.receive_data(m.Leave(1).encode())
    server.receive_data(b"")
    assert server.peer_closed
    assert list(server.messages()) == [m.Leave(1)]


def test_the_client_detects_a_gap_in_event_numbers() -> None:
    client, server = connected()
    snap = SAMPLES["snapshot"]
    assert isinstance(snap, m.Snapshot)
    pump(server.send(snap), client)
    assert client.seq == snap.seq and not client.needs_resync
    ev = {"kind": "turn", "seat": 1}
    pump(server.send(m.Event(snap.seq + 1, ev)), client)
    assert not client.needs_resync
    pump(server.send(m.Event(snap.seq + 3, ev)), client)  # seq + 2 went missing
    assert client.needs_resync
    assert pump(client.send(m.Resync(9, client.seq)), server) == [m.Resync(9, snap.seq + 3)]
    pump(server.send(snap), client)
    assert not client.needs_resync and client.seq == snap.seq


# ---------------------------------------------------------------- retries


def test_a_retried_request_id_is_applied_once_and_answered_alike() -> None:
    client, server = connected()
    recent: RecentIds[m.Message] = RecentIds(size=4)
    applied: list[int] = []

    def handle(req: m.Request) -> m.Message:
        answer = recent.get(req.id)
        if answer is None:
            applied.append(req.id)
            answer = m.Ack(req.id, table="t7")
            recent.remember(req.id, answer)
        return answer

    data = client.send(m.Spectate(1, "t7"))
    answers = [handle(r) for r in pump(data * 3, server) if isinstance(r, m.Request)]
    assert applied == [1]
    assert answers == [m.Ack(1, table="t7")] * 3


def test_recent_ids_forget_the_oldest_beyond_their_size() -> None:
    recent: RecentIds[str] = RecentIds(size=3)
    for i in range(5):
        recent.remember(i, f"answer {i}")
    assert len(recent) == 3
    assert 0 not in recent and 1 not in recent
    assert recent.get(4) == "answer 4"
    recent.remember(2, "again")  # refreshed: now the newest
    recent.remember(5, "five")
    assert 2 in recent and 3 not in recent
    with pytest.raises(ValueError):
        RecentIds(size=0)


def test_one_message_told_to_many_connections_fits_each_ones_own_frame_limit() -> None:
    update = SAMPLES["table_update"]
    big_client, big = connected("Big")
    _small_client, small = connected("Small")
    small.send_limit = len(update.encode()) - 5  # (the peer's welcome said so)
    for _ in range(2):
        assert pump(big.send(update), big_client) == [update]
        with pytest.raises(LocalProtocolError) as info:
            small.send(update)
        assert info.value.code == "frame_too_large"
    assert big.send(update) == update.encode()
