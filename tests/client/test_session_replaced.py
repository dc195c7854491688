"""Two windows of one player (the same name, so the same saved token): the one that
connects later takes the seat (``replaced``, PROTOCOL.md 5.4), and the one it replaced
waits instead of reconnecting at once -- before, each took the seat from the other every
half second, for ever. ctrl+r (``take_back``) takes it back here. On the UI-free session
(client/session.py), and on the table screen of the window replaced (what it says and
offers), against a real server.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from client.app import TakiApp
from client.config import Settings
from client.net import Link
from client.screens.table import TableScreen
from client.session import Session
from protocol.messages import TableOptions

from ..support.clientkit import seated_game, settled, until
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


@pytest.mark.asyncio
async def test_a_replaced_window_shows_no_turn_and_offers_only_the_keys_that_work(
    server: ServerThread,
) -> None:
    """Seen in tmux at 80x24: the window whose seat another window took still said "Your
    turn" and offered the play keys (and the host's "x give the seat back"); a key
    pressed there went nowhere. Now it says where the seat is, its key bar offers
    ctrl+r (and help, quit) only, and play keys say the seat is in the other window."""
    address = f"127.0.0.1:{server.port}"
    first = TakiApp(address, name="Dana", settings=Settings(intro_seen=True))
    async with first.run_test(size=(80, 24)) as pilot:
        await seated_game(first, server)
        await until(lambda: isinstance(first.screen, TableScreen))
        await until(lambda: bool(first.session.state.legal))  # the seat's turn
        second = TakiApp(address, name="Dana", settings=Settings(intro_seen=True))
        async with second.run_test(size=(80, 24)):
            await until(lambda: first.session.replaced and first.session.link is None)
            await settled(pilot)
            screen = first.screen
            assert isinstance(screen, TableScreen)
            status = str(screen.query_one("#status").render())
            keys = str(screen.query_one("#keys").render())
            assert "another window" in status, status
            assert "Your turn" not in status and "Your move" not in status, status
            assert "ctrl+r" in keys, keys
            for offer in ("Enter", "draw", "give the seat back", "chat", "leave"):
                assert offer not in keys, keys
            sent = first.session.actions_sent
            for key in ("d", "enter", "t", "q"):
                await pilot.press(key)
                await settled(pilot)
                status = str(screen.query_one("#status").render())
                assert "ctrl+r takes it back" in status, (key, status)
            assert first.session.actions_sent == sent  # nothing went out
            assert first.screen is screen and first.session.state.info is not None

            await pilot.press("ctrl+r")
            await until(lambda: second.session.replaced, timeout=15)
            await until(lambda: bool(first.session.state.legal), timeout=15)
            await settled(pilot)
            keys = str(screen.query_one("#keys").render())
            assert "draw" in keys or "Enter" in keys, keys
            status = str(screen.query_one("#status").render())  # (no 5 s of the old words)
            assert "another window" not in status and "Your move" in status, status
