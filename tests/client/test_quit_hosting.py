"""A host is asked before quitting while others are seated at the server it started with
**h** (README: "keeps the server until you quit (asking first if others are seated)"),
from every screen and by every key that quits; and not asked when nobody else sits.

The host's server runs on loopback here (``start_lan_server`` swapped for a
``LocalServer`` on 127.0.0.1); the friend is a plain protocol connection that sits at the
host's table.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from textual.pilot import Pilot

import client.app as capp
from client.app import TakiApp
from client.config import Settings
from client.local import LocalServer, count_others
from client.net import Link
from client.screens.help import HelpScreen
from client.screens.hosting import HostingScreen, QuitHosting
from client.screens.lobby import LobbyScreen
from client.screens.replays import ReplayListScreen
from client.screens.start import StartScreen
from client.screens.table import TableScreen
from protocol.messages import CreateTable, Join, Message, SeatInfo, TableInfo, TableOptions

from ..support.clientkit import until

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.fixture(autouse=True)
def loopback_host(monkeypatch: pytest.MonkeyPatch) -> None:
    async def on_loopback() -> LocalServer:
        server = LocalServer("127.0.0.1", 0, keep=False, bot_delay=0.05)
        await server.start()
        return server

    monkeypatch.setattr(capp, "start_lan_server", on_loopback)


@contextlib.asynccontextmanager
async def friend_at(port: int, table: str | None, name: str = "Noa") -> AsyncIterator[Link]:
    """A friend's connection, seated at ``table`` of the server on ``port`` (None: at a
    table of their own)."""
    link = Link("127.0.0.1", port)
    await link.open(name)
    seated = asyncio.Event()

    def deliver(message: Message) -> None:
        if message.TYPE == "ack":
            seated.set()

    reader = asyncio.create_task(link.run(deliver))
    if table is None:
        link.request(CreateTable, options=TableOptions(f"{name}'s", 2))
    else:
        link.request(Join, table=table)
    try:
        async with asyncio.timeout(10):
            await seated.wait()
        yield link
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader
        await link.close()


async def host_a_table(app: TakiApp, pilot: Pilot[None]) -> tuple[int, str]:
    """Press h, go on to the lobby, open a 3-seat table; (server port, table id)."""
    await pilot.press("h")
    await until(lambda: isinstance(app.screen, HostingScreen), timeout=20)
    await pilot.press("enter")
    await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
    app.session.create_table(TableOptions("Host's", 3))
    await until(lambda: isinstance(app.screen, TableScreen))
    assert app.hosting is not None and app.session.state.info is not None
    return app.hosting.port, app.session.state.info.id


async def asked_then_stay(app: TakiApp, pilot: Pilot[None], key: str) -> None:
    """``key`` asks the question; n keeps the app running on the screen it was on."""
    before = app.screen
    await pilot.press(key)
    await until(lambda: isinstance(app.screen, QuitHosting) or not app.is_running)
    assert app.is_running, f"{key} on {type(before).__name__} quit without asking"
    shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
    assert "1 other player is at your server" in shown
    await pilot.press("n")
    await until(lambda: app.screen is before)
    assert app.is_running


def test_only_people_other_than_me_count() -> None:
    seats = (SeatInfo("Me"), SeatInfo("Bot", bot="basic"), SeatInfo("Noa"),
             SeatInfo("Away", bot="basic", stand_in=True), SeatInfo("Kept", bot="basic",
                                                                     returnable=True), None)
    table = TableInfo("t1", TableOptions("T", len(seats)), "playing", seats, 0, 0)
    assert count_others([table], me=("t1", 0)) == 2  # Noa, and Away (a bot stands in)
    assert count_others([table], me=None) == 3
    assert count_others([table], me=("t2", 0)) == 3


@pytest.mark.asyncio
async def test_back_on_the_start_screen_q_asks_while_a_friend_sits() -> None:
    """The report: host, a friend sits, the host leaves the table and goes back to the
    start screen, q: the client quit and stopped the server without asking."""
    app = TakiApp(settings=Settings(name="Host"))  # a returning host: h is the key
    async with app.run_test(size=(100, 32)) as pilot:
        port, table = await host_a_table(app, pilot)
        async with friend_at(port, table):
            await pilot.press("q")  # leave my table (not started: at once)
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("q")  # back to the start screen
            await until(lambda: isinstance(app.screen, StartScreen))
            assert app.hosting is not None and app.hosting.running
            await asked_then_stay(app, pilot, "q")
            await asked_then_stay(app, pilot, "ctrl+c")
            await asked_then_stay(app, pilot, "ctrl+q")
            process = app.hosting.process
            await pilot.press("q")
            await until(lambda: isinstance(app.screen, QuitHosting))
            await pilot.press("y")
            await until(lambda: not app.is_running)
    assert process is not None
    async with asyncio.timeout(10):
        await process.wait()


@pytest.mark.asyncio
async def test_every_screen_asks_before_quitting_while_a_friend_sits() -> None:
    """The friend sits at a table of their own, which the host's client, at its table,
    hears nothing about (the server sends a seated player no lobby news)."""
    app = TakiApp(settings=Settings(name="Host"))  # a returning host: h is the key
    async with app.run_test(size=(100, 32)) as pilot:
        port, _table = await host_a_table(app, pilot)
        async with friend_at(port, None):
            await asked_then_stay(app, pilot, "ctrl+c")  # the table
            await pilot.press("question_mark")
            await until(lambda: isinstance(app.screen, HelpScreen))
            await asked_then_stay(app, pilot, "ctrl+c")  # help
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, TableScreen))
            await pilot.press("q")  # leave my table: the friend stays at it
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await asked_then_stay(app, pilot, "ctrl+c")  # the lobby
            await pilot.press("i")
            await until(lambda: isinstance(app.screen, HostingScreen))
            await asked_then_stay(app, pilot, "ctrl+c")  # the addresses
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("v")
            await until(lambda: isinstance(app.screen, ReplayListScreen))
            await asked_then_stay(app, pilot, "ctrl+c")  # the finished games
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await asked_then_stay(app, pilot, "ctrl+q")
            assert app.hosting is not None and app.hosting.running


@pytest.mark.asyncio
async def test_nobody_else_seated_quits_without_asking() -> None:
    app = TakiApp(settings=Settings(name="Host"))  # a returning host: h is the key
    async with app.run_test(size=(100, 32)) as pilot:
        await host_a_table(app, pilot)  # only I sit at my server
        assert app.hosting is not None
        process = app.hosting.process
        await pilot.press("ctrl+c")
        await until(lambda: not app.is_running)
    assert process is not None
    async with asyncio.timeout(10):
        await process.wait()
