"""The client an SSH guest runs (``taki-client ADDRESS --guest``): the lobby is home and
the only way in; it says the name played as; no start screen, no other address, no
Play now or Host, no command palette (server/ssh/ starts it)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from client import intents
from client.app import TakiApp
from client.app import main as client_main
from client.config import Settings
from client.screens.lobby import LobbyScreen
from client.screens.start import StartScreen

from ..support.clientkit import until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
async def test_a_guest_is_kept_to_the_lobby_of_its_server(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="dana", settings=Settings(), guest=True,
                  guest_renamed=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.session.link is not None)
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        title = str(app.screen.query_one("#lobby-title", Static).render())
        assert "You play as dana" in title
        assert not app.use_command_palette
        assert app.retarget("127.0.0.1:22") is not None  # no other address
        assert app.session.server_label == f"127.0.0.1:{server.port}"
        app.post_message(intents.PlayNow("dana"))
        app.post_message(intents.HostLan("dana"))
        await pilot.pause()
        assert app.local is None and app.hosting is None
        app.post_message(intents.GiveUp())  # from 'cannot join': leaving, not a start screen
        await until(lambda: app.return_code is not None or not app.is_running)
        assert not any(isinstance(s, StartScreen) for s in app.screen_stack)


@pytest.mark.asyncio
async def test_a_plain_client_keeps_its_name_out_of_the_lobby_title(
    server: ServerThread,
) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="dana", settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: app.session.link is not None)
        await pilot.pause()
        assert "You play as" not in str(app.screen.query_one("#lobby-title", Static).render())
        assert app.use_command_palette


def test_guest_needs_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert client_main(["--guest"]) == 2
    assert "--guest needs a server address" in capsys.readouterr().err
