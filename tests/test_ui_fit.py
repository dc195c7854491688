"""Every screen fits 80x24 in every language: nothing cut, nothing wrapped.

A real server and client; each screen is put in a telling state (a host waiting, a
game with a +2 stack, a +3 window, a run) and every Static line is measured in cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.intro import IntroScreen
from client.screens.lobby import CreateTable, LobbyScreen
from client.screens.table import ColorPicker, TableScreen
from client.widgets.cards import CardTile
from protocol.messages import TableOptions

from .clientkit import until
from .fit import overflows
from .server_thread import ServerThread
from .test_client import _set_game
from .util import position

LANGS = list(i18n.LANGUAGES)


pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_screens_fit_80x24(server: ServerThread, lang: str) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ünïcødé Ñame", settings=Settings())
    problems: list[str] = []

    def check(where: str) -> None:
        problems.extend(f"{where}: {p}" for p in overflows(app.screen))

    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
        await settle(pilot)
        check("lobby")
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, CreateTable))
        await settle(pilot)
        check("new table")
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, LobbyScreen))
        app.session.create_table(TableOptions("Test", 3))
        await until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.state.info is not None)
        await settle(pilot)
        check("waiting (host)")
        for _ in range(2):
            app.session.host_command("add_basic")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats))
        app.session.host_command("start")
        await until(lambda: app.session.state.view is not None)
        table = server.server.lobby.tables["t1"] if server.server else None
        assert table is not None
        hand = ["R1", "R3", "G3", "G+2", "Btaki", "color", "king", "+3", "breaker",
                "supertaki", "Ystop", "Yplus", "Ydir", "B9"]
        positions = {
            "+2 stack": position(hands=[hand, ["B1"] * 5, ["G1"] * 5], discard=["R+2"],
                                 plus2=4),
            "+3 window": position(hands=[hand, ["B1"] * 5, ["G1"] * 5],
                                  discard=["R5", "+3"], turn=0,
                                  plus3={"by": 2, "passed": []}),
            "run": position(hands=[hand, ["B1"] * 5, ["G1"] * 5], discard=["Btaki", "B5"],
                            color="B", taki={"color": "B", "by": 0, "cards": 1,
                                             "open": False}),
        }
        for where, pos in positions.items():
            server.call(lambda pos=pos: _set_game(table, pos))
            await until(lambda: len(app.screen.query(CardTile)) == len(hand))
            await settle(pilot)
            check(where)
        over = position(hands=[[], [], ["G1"] * 5], winner=0,
                        options={"play_for_places": True}, places=[1, 2, 3])
        server.call(lambda: _set_game(table, over))
        await until(lambda: bool(app.session.state.view and app.session.state.view.get("over")))
        await settle(pilot)
        check("game over")
        server.call(lambda: _set_game(table, positions["run"]))
        await until(lambda: len(app.screen.query(CardTile)) == len(hand))
        await pilot.press("1", "enter")  # a refusal in the status line
        await settle(pilot)
        check("refusal")
        app.push_screen(ColorPicker())
        await settle(pilot)
        check("colour picker")
        app.pop_screen()
        app.push_screen(IntroScreen())
        await settle(pilot)
        check("intro")
    assert not problems, "\n".join(problems)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_start_screen_fits_80x24(lang: str) -> None:
    from client.screens.start import StartScreen

    app = TakiApp(name="Ünïcødé Ñame", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await settle(pilot)
        problems = overflows(app.screen)
    assert not problems, "\n".join(problems)


class _Found:
    """A stand-in for discovery.Browser that has found ``n`` games."""

    scope = "loopback"
    available = True

    def __init__(self, n: int) -> None:
        from client.discovery import Game

        self._games = [Game(f"Server {i}", "127.0.0.1", 8254 + i, (1,), i, "mdns")
                       for i in range(n)]

    def games(self) -> list[Any]:
        return list(self._games)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_start_screen_keys_stay_in_view_with_games_found(lang: str) -> None:
    """At 80x24, once games are found the box grows: the key line stays on screen."""
    from client.screens.start import StartScreen

    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.browser = _Found(6)  # type: ignore[assignment]
        screen.refresh_view()
        await settle(pilot)
        keys = screen.query_one("#start-keys")
        assert keys.display and keys.region.height == 1
        assert 0 <= keys.region.y < 24
        assert app.screen.get_widget_at(2, keys.region.y)[0] is keys
        assert not overflows(screen), overflows(screen)


@pytest.mark.asyncio
async def test_start_screen_forgets_its_note_after_a_game() -> None:
    """'Starting a table with three bots...' is over once the player is back; a help
    opened over the start screen keeps it."""
    from textual.screen import Screen
    from textual.widgets import Static

    from client.screens.help import HelpScreen
    from client.screens.start import StartScreen

    app = TakiApp(name="Tester", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        screen = app.screen
        assert isinstance(screen, StartScreen)
        note = screen.query_one("#note", Static)
        screen.note("Starting a table with three bots...")
        app.push_screen(HelpScreen())
        await settle(pilot)
        app.pop_screen()
        await settle(pilot)
        assert "three bots" in str(note.render())
        app.push_screen(Screen())  # a table, a lobby: a full screen
        await settle(pilot)
        app.pop_screen()
        await settle(pilot)
        assert str(note.render()).strip() == ""
