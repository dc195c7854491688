"""The bots' level (issue 16 item 4): offered, remembered, and what the server seats.

The levels offered are the bot kinds the protocol knows; each offered level, sent as
the create-table dialog and the add-bot key send it, must be seated by the server as
that kind. ``strong`` is offered only once the protocol (and so the server) takes it.
"""

from __future__ import annotations

import pytest
from textual.widgets import RadioButton

from client import levels
from client.app import TakiApp
from client.config import Settings
from client.i18n import LANGUAGES, set_language
from client.screens.lobby import CreateTable, LobbyScreen
from client.screens.start import StartScreen
from client.screens.table import TableScreen
from protocol.errors import ProtocolError
from protocol.messages import BOT_KINDS, AddBot

from ..support.clientkit import until
from ..support.fit import overflows
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


def test_levels_offered_are_the_kinds_the_protocol_takes() -> None:
    assert levels.offered()[:2] == ("random", "basic")  # easy, normal
    assert ("strong" in levels.offered()) == ("strong" in BOT_KINDS)
    assert [levels.level_word(k) for k in ("random", "basic", "strong")] == [
        "easy", "normal", "strong"]
    assert levels.usable("no such bot") == "basic"
    assert levels.next_level(levels.offered()[-1]) == "random"


def test_strong_is_sent_only_when_the_protocol_takes_it() -> None:
    # Keeps the state of main honest: while the protocol lacks ``strong``, an add_bot
    # of it cannot even be sent, so the client must not offer it.
    if "strong" in BOT_KINDS:
        assert AddBot(id=1, kind="strong").kind == "strong"
    else:
        with pytest.raises(ProtocolError):
            AddBot(id=1, kind="strong")


def test_the_level_is_remembered() -> None:
    settings = Settings.load()
    assert settings.bot_level == "basic"
    settings.bot_level = "random"
    settings.save()
    assert Settings.load().bot_level == "random"


@pytest.mark.asyncio
async def test_start_screen_l_cycles_and_saves_the_level() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        seen = [app.settings.bot_level]
        for _ in levels.offered():
            await pilot.press("l")
            seen.append(Settings.load().bot_level)
        # Every level once round, back where it started, each press saved.
        assert seen[0] == seen[-1] == "basic"
        assert sorted(seen[1:]) == sorted(levels.offered())


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", levels.offered())
async def test_each_offered_level_is_seated_as_its_kind(server: ServerThread, kind: str) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, CreateTable))
        await pilot.pause()
        button = next(b for b in app.screen.query(RadioButton) if b.name == kind)
        button.value = True
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.state.info is not None)
        assert Settings.load().bot_level == kind
        await pilot.press("a")  # the host's add-bot key uses the level chosen
        await until(lambda: app.session.state.info is not None
                    and app.session.state.info.seats[1] is not None)
        seat = app.session.state.info.seats[1]
        assert seat is not None and seat.bot == kind


@pytest.mark.asyncio
async def test_play_now_seats_bots_of_the_remembered_level() -> None:
    app = TakiApp(name="Ann", settings=Settings(bot_level="random"), bot_delay=5.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.press("p")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats), timeout=30)
        assert app.session.state.info is not None
        assert [s.bot for s in app.session.state.info.seats if s is not None] == [
            None, "random", "random", "random"]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
async def test_three_levels_fit_the_dialog_at_80x24(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Once the protocol takes ``strong``, the dialog shows three levels: they must fit.
    monkeypatch.setattr(levels, "BOT_KINDS", ("random", "basic", "strong"))
    set_language(lang)
    try:
        app = TakiApp(name="Ann", settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, StartScreen))
            app.push_screen(CreateTable("T", "strong"))
            await until(lambda: isinstance(app.screen, CreateTable))
            await pilot.pause()
            await pilot.pause()
            assert len(app.screen.query(RadioButton)) == 3
            problems = overflows(app.screen)
    finally:
        set_language("en")
    assert not problems, "\n".join(problems)
