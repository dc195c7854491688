"""server/outbox.py: frames written straight into the socket when a request is done, the
writer task taking over whatever the socket does not take, in order, bounded."""

from __future__ import annotations

import socket

import pytest
import trio

from server.outbox import Outbox, Outboxes


def _pair(sndbuf: int | None = None) -> tuple[trio.SocketStream, trio.SocketStream]:
    a, b = trio.socket.socketpair()
    if sndbuf is not None:
        a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
    return trio.SocketStream(a), trio.SocketStream(b)


def _frames(count: int, size: int) -> list[bytes]:
    return [i.to_bytes(4, "big") * (size // 4) for i in range(count)]


async def _read(stream: trio.SocketStream, total: int, pause: float = 0.0) -> bytes:
    got = bytearray()
    while len(got) < total:
        data = await stream.receive_some(4096)
        assert data, "the stream ended early"
        got += data
        if pause:
            await trio.sleep(pause)
    return bytes(got)


@pytest.mark.trio
async def test_a_flush_writes_at_once_without_the_writer_task() -> None:
    near, far = _pair()
    outboxes = Outboxes()
    box = Outbox(near, 16, outboxes, lambda: None)
    for data in _frames(3, 8):
        box.put(data)
    outboxes.flush()  # no writer task runs here: the bytes are in the socket already
    assert await _read(far, 24) == b"".join(_frames(3, 8))


@pytest.mark.trio
async def test_frames_arrive_whole_and_in_order_when_the_socket_fills() -> None:
    near, far = _pair(sndbuf=4096)
    outboxes = Outboxes()
    box = Outbox(near, 10_000, outboxes, lambda: None)
    frames = _frames(600, 512)  # 300 KiB: far more than the socket takes at once
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.run)
        nursery.start_soon(outboxes.run)
        for start in range(0, len(frames), 50):
            for data in frames[start : start + 50]:
                box.put(data)
            outboxes.flush()  # partial writes: the writer takes the rest, order kept
            await trio.sleep(0)
        got = await _read(far, 600 * 512, pause=0.001)
        nursery.cancel_scope.cancel()
    assert got == b"".join(frames)


@pytest.mark.trio
async def test_frames_queued_outside_a_request_go_by_the_outboxes_task() -> None:
    near, far = _pair()
    outboxes = Outboxes()
    box = Outbox(near, 16, outboxes, lambda: None)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(outboxes.run)
        box.put(b"tick")  # nobody calls flush: the task does, next round
        assert await _read(far, 4) == b"tick"
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_peer_that_does_not_read_fills_its_queue_and_is_reported() -> None:
    near, _far = _pair(sndbuf=4096)
    outboxes = Outboxes()
    full: list[int] = []
    box = Outbox(near, 8, outboxes, lambda: full.append(1))
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.run)
        for data in _frames(400, 1024):  # nobody reads _far
            box.put(data)
            outboxes.flush()
            await trio.sleep(0)
            if full:
                break
        nursery.cancel_scope.cancel()
    assert full, "a queue over its limit must be reported"


@pytest.mark.trio
async def test_closing_sends_what_was_queued_then_nothing_more() -> None:
    near, far = _pair()
    box = Outbox(near, 16, None, lambda: None)  # no outboxes: the writer does it all
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.run)
        box.put(b"last")
        box.close()
        box.put(b"late")  # after close: dropped
    await near.aclose()
    got = b""
    while data := await far.receive_some(4096):
        got += data
    assert got == b"last"


@pytest.mark.trio
async def test_without_outboxes_the_writer_sends_every_batch() -> None:
    near, far = _pair()
    box = Outbox(near, 16, None, lambda: None)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.run)
        for word in (b"one", b"two", b"six"):
            box.put(word)  # each batch wakes the writer again, once it is parked
            with trio.fail_after(5):
                assert await _read(far, 3) == word
            await trio.sleep(0.05)
        nursery.cancel_scope.cancel()
