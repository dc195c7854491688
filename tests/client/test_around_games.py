"""Around the games (issue 23, point 5): a rematch's log begins with who starts; joining
by address shows the first-launch intro too; the game-over screen offers what comes
next, each with its key (standings do not exist yet: not offered)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Static

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.intro import IntroScreen
from client.screens.lobby import LobbyScreen
from client.screens.table import TableScreen
from client.session import Session
from protocol.messages import TableOptions

from ..support.clientkit import Table, make_app, play_to_the_end, seated_game, settled, until
from ..support.fit import overflows, screen_lines
from ..support.server_thread import ServerThread
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
async def test_a_rematch_log_begins_with_who_starts(quick_server: ServerThread) -> None:
    server = quick_server
    app = make_app(server)
    async with app.run_test(size=(100, 32)):
        await seated_game(app, server)
        assert app.session.state.log[0].startswith("New game: ")
        await play_to_the_end(app)
        app.session.host_command("rematch")
        await until(lambda: app.session.state.view is not None
                    and not app.session.state.view.over)
        first = app.session.state.log[0]
        names = app.session.state.names()
        assert first in ("New game: you start.",
                         *(f"New game: {name} starts." for name in names)), first


@pytest.mark.asyncio
async def test_joining_by_address_shows_the_intro_once(server: ServerThread) -> None:
    address = f"127.0.0.1:{server.port}"
    app = TakiApp(address, name="Newcomer", settings=Settings.load())  # a first launch
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, IntroScreen))
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, LobbyScreen))
    assert Settings.load().intro_seen
    again = TakiApp(address, name="Newcomer", settings=Settings.load())
    async with again.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(again.screen, LobbyScreen)
                    and again.session.link is not None)
        await settled(pilot)
        assert not isinstance(again.screen, IntroScreen)


def over() -> dict[str, Any]:
    return position(hands=[[], ["G1", "G3"], ["B4"]], winner=0, turn=1)


def lead_text(app: TakiApp) -> str:
    return str(app.screen.query_one("#lead", Static).render())


@pytest.mark.asyncio
async def test_game_over_offers_the_host_rematch_replay_and_leave_by_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = TakiApp(name="Ann", settings=Settings())
    asked: list[str] = []
    monkeypatch.setattr(app.session, "host_command", asked.append)
    monkeypatch.setattr(app, "show_replay", lambda: asked.append("replay"))
    monkeypatch.setattr(app, "leave_table", lambda: asked.append("leave"))
    async with app.run_test(size=(80, 24)) as pilot:
        Table(app, over(), state="over").snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        await settled(pilot)
        shown = lead_text(app)
        for line in ("Game over.", " r  rematch", " v  replay", " q  leave"):
            assert line in shown.splitlines(), shown
        await pilot.press("r", "v", "q")
        await until(lambda: len(asked) == 3)
        assert asked == ["rematch", "replay", "leave"]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
async def test_game_over_tells_the_others_who_may_start_a_rematch(lang: str) -> None:
    i18n.set_language(lang)
    try:
        app = TakiApp(name="Bo", settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            names = ("Ünïcødé Ñame Longer Yet", "Bo", "Cy")  # a wide players' panel
            Table(app, over(), me=1, names=names, state="over").snapshot()
            await until(lambda: isinstance(app.screen, TableScreen))
            await settled(pilot)
            shown = lead_text(app).splitlines()
            assert f" v  {i18n._('replay')}" in shown and f" q  {i18n._('leave')}" in shown
            assert not any(line.startswith(" r ") for line in shown)
            assert i18n._("The host (★) can start a rematch.") in shown
            assert not overflows(app.screen)
    finally:
        i18n.set_language("en")


@pytest.mark.asyncio
async def test_game_over_offers_the_standings_once_the_table_has_some() -> None:
    from dataclasses import replace

    from protocol.standings import StandingLine, Standings

    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(app, over(), state="over")
        table.info = replace(table.info, standings=Standings(1, (
            StandingLine("Ann", 1, 1, seat=0), StandingLine("Bo", 1, 0, seat=1))))
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        await settled(pilot)
        assert " S  standings" in lead_text(app).splitlines()
        assert not overflows(app.screen)


@pytest.mark.asyncio
async def test_a_table_reached_during_the_intro_comes_beneath_it() -> None:
    """A first launch with ``--watch`` (or a seat taken back by token) reaches a table
    while the intro shows: the table used to be pushed over it, hiding it; the intro
    stays on top and the table is what Esc lands on."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=False))  # a first launch
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, IntroScreen))
        Table(app, over()).snapshot()  # the session goes to the table
        await settled(pilot)
        assert isinstance(app.screen, IntroScreen)
        assert isinstance(app.screen_stack[-2], TableScreen)
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, TableScreen))
        assert not any(isinstance(s, IntroScreen) for s in app.screen_stack)


@pytest.mark.asyncio
async def test_a_first_launch_with_watch_shows_the_watched_table_behind_the_intro(
    server: ServerThread,
) -> None:
    """``taki-client HOST:PORT --watch t1`` with no settings yet: the intro shows over
    the table asked for, not over the lobby (the watch looked lost until Esc)."""
    host = Session(lambda _m: None, player_name="Host")
    loop = asyncio.create_task(host.run("127.0.0.1", server.port, False, lambda *_a: "x"))
    try:
        await until(lambda: host.link is not None)
        host.create_table(TableOptions("Friday", 2))
        await until(lambda: host.state.info is not None)
        info = host.state.info
        assert info is not None
        app = TakiApp(f"127.0.0.1:{server.port}", watch=info.id,
                      settings=Settings(intro_seen=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: app.session.state.info is not None)
            await settled(pilot)
            assert isinstance(app.screen, IntroScreen)
            assert isinstance(app.screen_stack[-2], TableScreen)  # what shows behind it
            shown = "\n".join(screen_lines(app.screen))
            assert "Esc: start watching" in shown and "start playing" not in shown, shown
            await pilot.press("escape")
            await until(lambda: not any(isinstance(s, IntroScreen) for s in app.screen_stack))
            assert isinstance(app.screen, TableScreen)
            assert app.session.watching == info.id
    finally:
        host.quitting = True
        loop.cancel()
        await asyncio.gather(loop, return_exceptions=True)
