"""A leave asked for while the server is away is carried out when it is back: the
seat's token stays saved until the server has acknowledged the leave."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from client import tokens
from client.app import TakiApp
from client.config import Settings
from client.screens.lobby import LobbyScreen
from client.screens.table import TableScreen
from client.session import Session
from protocol.messages import SeatInfo, TableOptions

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


def left(seat: SeatInfo | None) -> bool:
    """The seat was given up: free, or a bot's for good (not a stand-in waiting for a
    disconnected person)."""
    return seat is None or (seat.bot is not None and not seat.stand_in)


class Scene:
    """Bob (the app, on a saved seat) and Cy (a bare session) at a dealt table with a
    bot, on a server with a data directory that can stop and come back on its port."""

    def __init__(self, tmp_path: Path) -> None:
        self.data = tmp_path / "data"
        self.first = ServerThread(data_dir=self.data, bot_delay=0.05)
        self.first.start()
        self.port = self.first.port
        self.address = f"127.0.0.1:{self.port}"
        self.again: ServerThread | None = None
        self.cy = Session(lambda _m: None, player_name="Cy")
        self.cy_loop = asyncio.create_task(
            self.cy.run("127.0.0.1", self.port, False, lambda *_a: "unreachable")
        )
        self.app = TakiApp(self.address, name="Bob", settings=Settings())
        self.table = ""
        self.bob = 0

    async def deal(self) -> None:
        app, cy = self.app, self.cy
        await until(lambda: app.session.link is not None and cy.link is not None)
        app.session.create_table(TableOptions("Test", 3))
        await until(lambda: app.session.state.info is not None)
        info = app.session.state.info
        assert info is not None and app.session.state.seat is not None
        self.table, self.bob = info.id, app.session.state.seat
        cy.join_table(self.table)
        await until(lambda: cy.state.info is not None)
        app.session.host_command("add_basic")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats))
        app.session.host_command("start")
        await until(lambda: app.session.state.view is not None
                    and isinstance(app.screen, TableScreen))

    def back(self) -> None:
        self.again = ServerThread(self.port, data_dir=self.data, bot_delay=0.05)
        self.again.start()

    async def close(self) -> None:
        self.cy.quitting = True
        self.cy_loop.cancel()
        await asyncio.gather(self.cy_loop, return_exceptions=True)
        self.first.stop()
        if self.again is not None:
            self.again.stop()


@pytest.mark.asyncio
async def test_a_leave_while_the_server_is_down_is_carried_out_when_it_is_back(
    tmp_path: Path,
) -> None:
    scene = Scene(tmp_path)
    app, cy = scene.app, scene.cy
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await scene.deal()
            scene.first.stop()
            await until(lambda: app.session.link is None)
            await pilot.press("q", "q")  # the second q leaves (a bot will take the seat)
            await until(lambda: isinstance(app.screen, LobbyScreen))
            scene.back()

            def seat_left() -> bool:
                info = cy.state.info
                return cy.link is not None and info is not None and left(info.seats[scene.bob])

            await until(seat_left)
            await until(lambda: app.session.link is not None and app.session.leaving is None)
            assert isinstance(app.screen, LobbyScreen)
            assert app.session.state.info is None
            # Left for good: nothing to come back to.
            assert tokens.load(scene.address, "Bob") is None
    finally:
        await scene.close()


@pytest.mark.asyncio
async def test_until_the_server_is_back_the_lobby_says_the_leave_waits_and_the_seat_stays_saved(
    tmp_path: Path,
) -> None:
    scene = Scene(tmp_path)
    app = scene.app
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await scene.deal()
            token = app.session.token
            assert token is not None and tokens.load(scene.address, "Bob") == token
            scene.first.stop()
            await until(lambda: app.session.link is None)
            await pilot.press("q", "q")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.pause()
            note = str(app.screen.query_one("#lobby-note", Static).render())
            assert f"you will leave {scene.table} when the server is back" in note
            # Quit now and a relaunch comes back to the seat: its token is still saved.
            assert tokens.load(scene.address, "Bob") == token
    finally:
        await scene.close()


@pytest.mark.asyncio
async def test_at_80_by_24_no_connection_notice_covers_the_line_saying_the_leave_waits(
    tmp_path: Path,
) -> None:
    """The toasts ("Connection lost", "The server was stopped") sit in the bottom right
    for seconds: every cell of the line saying the leave waits must be its own, at once."""
    scene = Scene(tmp_path)
    app = scene.app
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await scene.deal()
            scene.first.stop()
            await until(lambda: app.session.link is None)
            await pilot.press("q", "q")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await until(lambda: bool(app.screen.query("Toast")))
            await pilot.pause()
            note = app.screen.query_one("#lobby-note", Static)
            text = str(note.render())
            assert f"you will leave {scene.table} when the server is back" in text
            region = note.content_region
            assert len(text) <= region.width  # one line, whole
            covered = [x for x in range(region.x, region.x + len(text))
                       if app.screen.get_widget_at(x, region.y)[0] is not note]
            assert not covered, f"cells {covered[0]}..{covered[-1]} of {text!r} are covered"
    finally:
        await scene.close()
