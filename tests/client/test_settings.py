"""Settings: saved only from the settings screen; a spectator has a name of its own."""

from __future__ import annotations

import pytest
from textual.widgets import Input, RadioButton

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.intro import IntroScreen
from client.screens.lobby import LobbyScreen
from client.screens.settings import SettingsScreen

from ..support.clientkit import until
from ..support.fit import screen_lines
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


def test_a_spectator_is_not_the_saved_player() -> None:
    settings = Settings(name="Ann")
    assert TakiApp("h:1", watch="t1", settings=settings).session.player_name == "Spectator"
    settings.spectator_name = "Ann's mum"
    assert TakiApp("h:1", watch="t1", settings=settings).session.player_name == "Ann's mum"
    assert TakiApp("h:1", settings=settings).session.player_name == "Ann"
    assert TakiApp("h:1", watch="t1", name="Zed", settings=settings).session.player_name == "Zed"


@pytest.mark.asyncio
async def test_the_settings_screen_saves(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Once", settings=Settings.load())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, IntroScreen))  # a first launch
            await pilot.press("escape")
            await until(lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("s")
            await until(lambda: isinstance(app.screen, SettingsScreen))
            screen = app.screen
            screen.query_one("#name", Input).value = "Keeper"
            screen.query_one("#spectator", Input).value = "Watcher"
            for button in screen.query(RadioButton):
                if button.name == "is":
                    button.value = True
            await pilot.pause()
            await pilot.click("#save")
            await until(lambda: isinstance(app.screen, LobbyScreen))
        saved = Settings.load()
        assert (saved.name, saved.spectator_name, saved.lang) == ("Keeper", "Watcher", "is")
        assert i18n.language() == "is"
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_settings_arrows_choose_the_language_and_enter_saves(server: ServerThread) -> None:
    """As in the new-table form: the arrows on the languages choose one (they moved a
    highlight only), and Enter saves from every field (the languages and the check
    boxes took it for themselves)."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings(lang="en"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            for field in ("lang", "bell"):
                await pilot.press("s")
                await until(lambda: isinstance(app.screen, SettingsScreen))
                for _ in range(20):
                    if app.focused is not None and app.focused.id == field:
                        break
                    await pilot.press("tab")
                assert app.focused is not None and app.focused.id == field
                if field == "lang":
                    await pilot.press("down")  # English, then Français
                await pilot.press("enter")
                await until(lambda: isinstance(app.screen, LobbyScreen))
                assert Settings.load().lang == "fr", field
                assert Settings.load().bell_on_turn, field  # Enter saved, not ticked
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_settings_show_ticks_and_the_language_by_glyph(server: ServerThread) -> None:
    """Without colour every box read ticked and every language chosen ("▐X▌", "▐●▌"):
    the mark is drawn only on what is on."""
    settings = Settings(lang="en", bell_on_turn=True, notify_on_turn=False)
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("s")
        await until(lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        lines = screen_lines(app.screen)

        def box(label: str) -> str:
            line = next(line for line in lines if label in line)
            return line[:line.index(label)][-4:]

        assert "X" in box("Bell on your turn") and "X" not in box("Desktop notification")
        assert "●" in box("English") and "●" not in box("Français")
        assert "\n".join(lines).count("●") == 1, lines
