"""Messages up: a key on a screen becomes an intent the app carries out through the
session (no server: the session's sending is recorded)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from client.app import TakiApp
from client.config import Settings
from client.screens.start import StartScreen
from client.screens.table import TableScreen
from protocol.messages import GameAction, SeatInfo, Snapshot, TableInfo, TableOptions


async def until(test: Callable[[], bool], timeout: float = 10) -> None:
    async with asyncio.timeout(timeout):
        while not test():
            await asyncio.sleep(0.02)


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAKI_CONFIG_DIR", str(tmp_path))


@pytest.mark.asyncio
async def test_table_keys_reach_the_session_as_intents() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    sent: list[tuple[GameAction, bool]] = []
    leaving: list[bool] = []

    def send_action(action: GameAction, last: bool = False) -> None:
        sent.append((action, last))

    app.session.send_action = send_action  # type: ignore[method-assign]
    app.session.leave_table = lambda: leaving.append(True)  # type: ignore[method-assign]
    draw = GameAction("draw", 0)
    info = TableInfo("t1", TableOptions("T", 2), "playing",
                     (SeatInfo("Ann"), SeatInfo("Bo", bot="basic")), host=0)
    view = {"hand": ["R1"], "turn": 0, "lead": "G5", "color": "G", "draw_count": 50,
            "players": [{"cards": 1}, {"cards": 3}], "direction": 1}
    async with app.run_test(size=(100, 30)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        app.session.state.on_snapshot(Snapshot(info, 0, 0, view, legal=(draw,)))
        app.go_table()
        await until(lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        await pilot.press("d")
        await until(lambda: bool(sent))
        assert sent == [(draw, False)]
        await pilot.press("q", "q")  # during a game: a second q leaves
        await until(lambda: bool(leaving))
        await until(lambda: not isinstance(app.screen, TableScreen))
