"""A client started to watch (--watch) offers in the lobby only what it may do.

Seen in tmux: ``taki-client --watch t9 HOST:PORT`` (no table t9) landed in the lobby,
whose key bar offered "n new table  Enter join"; Enter on a table was refused by the
server as "a spectator may not send join", in English whatever the language.
"""

from __future__ import annotations

import pytest

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.lobby import LobbyScreen

from ..support.clientkit import make_app, seated_game, settled, until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
async def test_a_watchers_lobby_watches_on_enter_and_offers_no_new_table(
    server: ServerThread,
) -> None:
    host = make_app(server, name="Host")
    async with host.run_test(size=(80, 24)):
        await seated_game(host, server)
        watcher = TakiApp(f"127.0.0.1:{server.port}", name="Watcher", watch="t9",
                          settings=Settings(intro_seen=True))
        async with watcher.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(watcher.screen, LobbyScreen)
                        and "t1" in watcher.session.tables)
            await settled(pilot)
            keys = str(watcher.screen.query_one("#lobby-keys").render())
            assert i18n._("new table") not in keys, keys
            assert i18n._("join") not in keys, keys
            await pilot.press("enter")
            await until(lambda: watcher.session.state.view is not None)
            assert watcher.session.state.seat is None
