"""A connection that comes back says so in the table's log, not only by the title's
note going away."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import RichLog

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen

from ..support.clientkit import seated_game, until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


def log_lines(app: TakiApp) -> list[str]:
    """The table's log as the screen shows it."""
    return [strip.text for strip in app.screen.query_one("#log", RichLog).lines]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"], indirect=True)
async def test_a_restarted_server_coming_back_is_told_in_the_log(
    tmp_path: Path, lang: str
) -> None:
    first = ServerThread(data_dir=tmp_path / "data")
    first.start()
    again: ServerThread | None = None
    app = TakiApp(f"127.0.0.1:{first.port}", name="Bob", settings=Settings())
    back = i18n._("Connected again.")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await seated_game(app, first)
            await until(lambda: isinstance(app.screen, TableScreen))
            first.stop()
            await until(lambda: app.session.link is None)
            assert back not in log_lines(app)
            again = ServerThread(first.port, data_dir=tmp_path / "data")
            again.start()
            await until(lambda: app.session.link is not None
                        and app.session.state.view is not None)
            await pilot.pause()
            await until(lambda: back in log_lines(app))
            assert isinstance(app.screen, TableScreen)
            assert app.session.connection_note == ""
    finally:
        first.stop()
        if again is not None:
            again.stop()
    assert lang != "fr" or back != "Connected again."
