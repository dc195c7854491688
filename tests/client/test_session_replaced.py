"""Two windows of one player (the same name, so the same saved token): the one that
connects later takes the seat (``replaced``, PROTOCOL.md 5.4), and the one it replaced
waits instead of reconnecting at once -- before, each took the seat from the other every
half second, for ever. ctrl+r (``take_back``) takes it back here. On the UI-free session
(client/session.py), against a real server.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from client.net import Link
from client.session import Session
from protocol.messages import TableOptions

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


@asynccontextmanager
async def window(server: ServerThread, token: str | None = None) -> AsyncIterator[Session]:
    """A session connected to ``server`` (with ``token``: at that seat), its loop running."""
    session = Session(lambda _m: None, player_name="Dana")
    session.token = token
    loop = asyncio.create_task(
        session.run("127.0.0.1", server.port, False, lambda *_a: "unreachable")
    )
    try:
        await until(lambda: session.link is not None)
        yield session
    finally:
        session.quitting = True
        session.take_back()  # (a loop waiting to take the seat back ends too)
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
        if session.link is not None:
            await session.link.close()


def holder(server: ServerThread, table: str) -> object:
    """The connection (member) that holds seat 0 on the server."""

    def member() -> object:
        assert server.server is not None
        seat = server.server.lobby.tables[table].model.seats[0]
        assert seat is not None
        return seat.member

    return server.call(member)


@pytest.mark.asyncio
async def test_a_replaced_window_waits_and_takes_the_seat_back_only_when_asked(
    server: ServerThread,
) -> None:
    async with window(server) as first:
        first.create_table(TableOptions("Twice", 3))
        await until(lambda: first.token is not None and first.state.info is not None)
        assert first.state.info is not None
        table = first.state.info.id
        old: Link | None = first.link
        async with window(server, first.token) as second:
            await until(lambda: second.link is not None and second.link.welcome is not None)
            assert second.link is not None and second.link.welcome is not None
            assert second.link.welcome.table == table  # the seat went to the new window
            await until(lambda: first.replaced)
            mine = holder(server, table)
            await asyncio.sleep(2.5)  # five of the old reconnect delays
            assert holder(server, table) is mine  # nobody took it back meanwhile
            assert first.link is None or first.link is old
            assert "ctrl+r" in first.connection_note

            assert first.take_back()
            await until(lambda: first.link is not None and first.link is not old, timeout=15)
            assert first.link is not None and first.link.welcome is not None
            assert first.link.welcome.table == table
            await until(lambda: second.replaced)  # now the other window waits
            assert not first.replaced
