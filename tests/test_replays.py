"""Replays: the list of finished games, opening one, colours in hands, every step in words."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from client.app import TakiApp, main
from client.config import Settings
from client.screens.replay import ReplayScreen
from client.screens.replays import ReplayListScreen
from client.words import action_words

from .server_thread import ServerThread
from .test_client import seated_game


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    thread = ServerThread(data_dir=tmp_path / "data")
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAKI_CONFIG_DIR", str(tmp_path / "config"))


async def until(test: Callable[[], bool], timeout: float = 20) -> None:
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.02)


def test_every_action_has_words() -> None:
    names = ["Ann", "Bo"]
    for kind in ("draw", "close_taki", "end_turn", "declare_last_card", "break", "pass"):
        words = action_words({"type": kind, "seat": 1}, names)
        assert words.startswith("Bo ") and "?" not in words, kind
    assert action_words({"type": "play", "seat": 0, "card": "R7"}, names) == "Ann played red 7"
    assert action_words({"type": "pass", "seat": 0}, ["{x}"]) == "{x} let the +3 through"


def test_replays_flag_needs_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--replays"]) == 2
    assert "server address" in capsys.readouterr().err


@pytest.mark.asyncio
async def test_list_finished_games_and_open_one(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        for _ in range(3000):  # play whatever is legal until the game ends
            if app.session.state.view and app.session.state.view.get("over"):
                break
            if app.session.state.legal:
                sent = app.session.state.seq
                app.session.send_action(app.session.state.legal[0])
                await until(lambda s=sent: app.session.state.seq != s
                            or not app.session.state.legal)
            else:
                await asyncio.sleep(0.02)
        assert app.session.state.view is not None and app.session.state.view["over"]
        app.leave_table()
        await pilot.press("v")  # the lobby's list of finished games
        await until(lambda: isinstance(app.screen, ReplayListScreen))
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await until(lambda: screen.games is not None and len(screen.games) == 1)
        assert screen.query_one(DataTable).row_count == 1
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        for step in range(1, len(replay.actions) + 1):
            _game, lines = replay._game_at(step)
            assert lines and all(line.strip() for line in lines), step
        board = str(replay.query_one("#replay-board").render())
        assert re.search(r" [RGBY](\d|\+2|STOP|PLUS|TAKI|<->) ", board), board


@pytest.mark.asyncio
async def test_replays_flag_opens_the_list(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings(),
                  replays=True)
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, ReplayListScreen))
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await until(lambda: screen.games == ())
        assert "No finished games" in str(screen.query_one("#replays-note").render())


@pytest.mark.asyncio
async def test_a_game_on_a_server_that_keeps_nothing_is_kept_for_the_session() -> None:
    bare = ServerThread()  # no data dir: like the Play-now server
    bare.start()
    try:
        app = TakiApp(f"127.0.0.1:{bare.port}", name="Tester", settings=Settings())
        async with app.run_test(size=(100, 32)) as pilot:
            await seated_game(app, bare)
            for _ in range(3000):
                if app.session.state.view and app.session.state.view.get("over"):
                    break
                if app.session.state.legal:
                    sent = app.session.state.seq
                    app.session.send_action(app.session.state.legal[0])
                    await until(lambda s=sent: app.session.state.seq != s
                                or not app.session.state.legal)
                else:
                    await asyncio.sleep(0.02)
            await until(lambda: len(app.session.kept_replays) == 1)
            assert not isinstance(app.screen, ReplayScreen)  # kept, not shown
            app.leave_table()
            await pilot.press("v")
            await until(lambda: isinstance(app.screen, ReplayListScreen))
            screen = app.screen
            assert isinstance(screen, ReplayListScreen)
            await until(lambda: screen.games == () and len(screen.rows) == 1)
            await pilot.press("enter")
            await until(lambda: isinstance(app.screen, ReplayScreen))
    finally:
        bare.stop()
