"""A connection that speaks the wire by hand (plain frames, no ``ServerConnection``), for
the tests that send what a well-behaved client never would and read every frame the
server sends until it closes the stream."""

from __future__ import annotations

from typing import Any

import trio

from protocol import FrameDecoder
from protocol.frames import encode_frame

from .harness import HOST


async def raw_connection(port: int, name: str = "R") -> tuple[trio.SocketStream, FrameDecoder]:
    """A stream to the server on ``port``, past hello and welcome, and its decoder."""
    stream = await trio.open_tcp_stream(HOST, port)
    hello = {"type": "hello", "versions": [1, 1], "name": name, "client": "raw/1"}
    await stream.send_all(encode_frame(hello))
    decoder = FrameDecoder()
    while True:
        frame = decoder.next_frame()
        if frame is not None:
            assert frame["type"] == "welcome"
            return stream, decoder
        decoder.receive_data(await stream.receive_some(65536))


async def read_to_the_end(stream: trio.SocketStream, decoder: FrameDecoder) -> list[dict[str, Any]]:
    """Every frame until the server's end of stream; a reset fails the test."""
    frames: list[dict[str, Any]] = []
    with trio.fail_after(20):
        while True:
            data = await stream.receive_some(65536)
            decoder.receive_data(data)
            while (frame := decoder.next_frame()) is not None:
                frames.append(frame)
            if not data:
                return frames
