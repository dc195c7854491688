"""When the client tries to reach a lost server again: the first attempt within 1 s of
the loss, then backing off, at most 10 s apart. The schedule as a pure function, and
the session's connection loop following it on a fake clock after a real server goes.
"""

from __future__ import annotations

import asyncio
import itertools

import pytest

from client.session import RECONNECT_MAX, Session, reconnect_delay
from protocol.connection import ServerConnection

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")

SCHEDULE = [0.5, 0.5, 1.0, 2.0, 4.0, 8.0, 10.0, 10.0]
"""Seconds waited before attempt 1, 2, 3, ... after the loss."""


def test_the_first_attempt_comes_within_a_second_then_backs_off_to_ten() -> None:
    waits = [reconnect_delay(n) for n in range(len(SCHEDULE))]
    assert waits == SCHEDULE
    assert waits[0] <= 1.0
    assert all(a <= b for a, b in itertools.pairwise(waits))
    assert reconnect_delay(10_000) == RECONNECT_MAX == 10.0  # no overflow, still capped
    starts = list(itertools.accumulate(waits))
    assert starts[:6] == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0]  # seconds after the loss


@pytest.mark.asyncio
async def test_the_session_waits_as_the_schedule_says_after_the_server_goes() -> None:
    server = ServerThread()
    server.start()
    session = Session(lambda _m: None, player_name="Dana")
    waited: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waited.append(seconds)
        if len(waited) >= len(SCHEDULE):
            session.quitting = True
        await asyncio.sleep(0)

    loop = asyncio.create_task(
        session.run("127.0.0.1", server.port, False, lambda *_a: "unreachable")
    )
    try:
        await until(lambda: session.link is not None)
        session.sleep = fake_sleep
        server.stop()  # gone: every attempt from now on is refused
        await until(lambda: len(waited) >= len(SCHEDULE), timeout=20)
        assert waited[: len(SCHEDULE)] == SCHEDULE
    finally:
        session.quitting = True
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
        server.stop()


class SilentServer:
    """A server that says welcome and then nothing, ever (as one behind a dropped Wi-Fi
    looks): it counts the connections and keeps what each sent."""

    def __init__(self) -> None:
        self.connections = 0
        self.received: list[str] = []
        self.port = 0
        self._server: asyncio.Server | None = None

    async def __aenter__(self) -> SilentServer:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        conn = ServerConnection()
        welcomed = False
        while data := await reader.read(65536):
            conn.receive_data(data)
            while (message := conn.next_message()) is not None:
                self.received.append(message.TYPE)
                if not welcomed:
                    writer.write(conn.accept())
                    welcomed = True
        writer.close()


@pytest.mark.asyncio
async def test_a_server_gone_silent_is_pinged_then_taken_as_lost() -> None:
    async with SilentServer() as server:
        session = Session(lambda _m: None, player_name="Dana")
        session.quiet = 0.2
        waited: list[float] = []

        async def fake_sleep(seconds: float) -> None:
            waited.append(seconds)
            await asyncio.sleep(0)

        session.sleep = fake_sleep
        loop = asyncio.create_task(
            session.run("127.0.0.1", server.port, False, lambda *_a: "unreachable")
        )
        try:
            await until(lambda: server.connections >= 2)  # lost, and tried again
            assert server.received[:3] == ["hello", "list_tables", "ping"]
            assert waited[0] == reconnect_delay(0) <= 1.0
        finally:
            session.quitting = True
            loop.cancel()
            await asyncio.gather(loop, return_exceptions=True)


@pytest.mark.asyncio
async def test_a_quiet_but_live_server_keeps_the_connection() -> None:
    with ServerThread() as server:
        session = Session(lambda _m: None, player_name="Dana")
        session.quiet = 0.1  # pinged every 0.1 s of quiet: it answers, so it stays
        loop = asyncio.create_task(
            session.run("127.0.0.1", server.port, False, lambda *_a: "unreachable")
        )
        try:
            await until(lambda: session.link is not None)
            link = session.link
            await asyncio.sleep(1.5)
            assert session.link is link
        finally:
            session.quitting = True
            loop.cancel()
            await asyncio.gather(loop, return_exceptions=True)
