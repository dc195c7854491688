"""A link's reading loop ends when it is cancelled, even if bytes arrive at that moment.

On Python 3.11, ``asyncio.wait_for`` returns the inner result instead of raising when
its task is cancelled in the same loop turn the inner read completes: the cancellation
is lost, the loop reads on and a quitting client (or a test's teardown) waits forever.
"""

from __future__ import annotations

import asyncio

import pytest

from client.net import Link
from protocol.messages import Pong

from ..support.clientkit import until
from ..support.server_thread import ServerThread


@pytest.mark.asyncio
async def test_a_link_cancelled_as_a_frame_arrives_stops_reading(server: ServerThread) -> None:
    link = Link("127.0.0.1", server.port)
    await link.open("Cancel")
    reader = link._reader
    assert reader is not None
    running = asyncio.ensure_future(link.run(lambda _m: None))
    try:
        await until(lambda: reader._waiter is not None)  # type: ignore[attr-defined]
        reader.feed_data(Pong(1).encode())  # the read completes in the next loop turn ...
        running.cancel()  # ... the turn in which the reading task learns it is cancelled
        done, _pending = await asyncio.wait([running], timeout=10)
        assert done, "the link kept reading after it was cancelled"
        assert running.cancelled()
    finally:
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        await link.close()
