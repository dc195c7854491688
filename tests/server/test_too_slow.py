"""A client that does not read its frames is dropped, and told why: the frames waiting
for it are thrown away, the frame the socket has begun is finished, then the fatal
error ``too_slow`` follows before the end of the stream (PROTOCOL.md 4 and 10)."""

from __future__ import annotations

import contextlib
import logging
import socket

import pytest
import trio

from protocol.frames import FrameDecoder, encode_frame
from server.outbox import Outbox, Outboxes
from server.session import Limits

from ..support.netclient import running_server
from ..support.rawwire import raw_connection, read_to_the_end


class GaveUp(logging.Handler):
    """Sets ``event`` when the server logs that it dropped a connection as too slow."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.event = trio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if "too slow" in record.getMessage():
            self.event.set()


@pytest.mark.trio
async def test_a_client_that_stops_reading_finds_too_slow_before_the_end() -> None:
    logger = logging.getLogger("taki.server")
    gave_up = GaveUp()
    level = logger.level
    logger.addHandler(gave_up)
    logger.setLevel(logging.INFO)
    try:
        await _stop_reading_until_dropped(gave_up.event)
    finally:
        logger.removeHandler(gave_up)
        logger.setLevel(level)


async def _stop_reading_until_dropped(gave_up: trio.Event) -> None:
    limits = Limits(rate=1_000_000, queue_size=16, send_buffer=4096)
    async with running_server(limits=limits) as (_, port, _n):
        stream, decoder = await raw_connection(port)
        # Requests, each answered with two frames, that the client never reads: far
        # more answers than the kernel's buffers and the server's queue hold.
        flood = b"".join(encode_frame({"type": "list_tables", "id": i}) for i in range(60_000))

        async def send() -> None:
            with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
                await stream.send_all(flood)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(send)
            with trio.fail_after(30):
                await gave_up.wait()  # (not reading) until the server gives up
            frames = await read_to_the_end(stream, decoder)
            nursery.cancel_scope.cancel()
        assert frames, "nothing arrived"
        last = frames[-1]
        assert last["type"] == "error" and last["code"] == "too_slow", frames[-3:]
        assert "id" not in last
        assert decoder.buffered == 0, "a frame was cut"
        assert all(f["type"] in ("tables", "ack", "ping") for f in frames[:-1])
        await stream.aclose()


def _pair(sndbuf: int) -> tuple[trio.SocketStream, trio.SocketStream]:
    a, b = trio.socket.socketpair()
    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
    return trio.SocketStream(a), trio.SocketStream(b)


@pytest.mark.trio
async def test_giving_up_finishes_the_frame_begun_then_says_the_last_word() -> None:
    near, far = _pair(4096)
    outboxes = Outboxes()
    full: list[int] = []
    box = Outbox(near, 8, outboxes, lambda: full.append(1))
    pieces = [encode_frame({"type": "ack", "id": i, "pad": "x" * 3000}) for i in range(400)]
    bye = encode_frame({"type": "error", "code": "too_slow", "message": "bye"})
    async with trio.open_nursery() as nursery:
        nursery.start_soon(box.run)
        for data in pieces:  # nobody reads ``far``
            box.put(data)
            outboxes.flush()
            await trio.sleep(0)
            if full:
                break
        assert full, "the queue never filled"
        box.give_up(bye)
        box.put(pieces[0])  # after giving up: nothing more is queued
        got = bytearray()
        with trio.fail_after(10):
            while not got.endswith(bye):
                data = await far.receive_some(65536)
                assert data, "the stream ended early"
                got += data
    # (the nursery ends by itself: the writer stops once its last word is out)
    decoder = FrameDecoder()
    decoder.receive_data(bytes(got))
    frames = []
    while (frame := decoder.next_frame()) is not None:
        frames.append(frame)
    assert decoder.buffered == 0, "a frame was cut"
    assert frames[-1]["code"] == "too_slow"
    ids = [f["id"] for f in frames[:-1]]
    assert ids == list(range(len(ids))) and len(ids) < len(pieces)  # the rest was dropped
