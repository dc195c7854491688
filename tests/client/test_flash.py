"""A refusal in the status line describes the game as it is when it is said: once the
game moves on (the player's next move, another seat's), it goes -- a tester saw "Match
yellow or 6" stay over the next player's turn, where it was wrong. Other notes keep
their 5 s, and a second note is not cut short by the first one's timer."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen

from ..support.clientkit import Table, settled, until
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")


def status(app: TakiApp) -> str:
    return str(app.screen.query_one("#status").render())


def dealt() -> dict[str, Any]:
    return position(hands=[["R1", "R3", "G7"], ["R4", "R6", "R8"], ["R9", "B4", "B5"]],
                    turn=0)


@pytest.mark.asyncio
async def test_a_refusal_goes_once_the_game_moves_on() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(app, dealt())
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen) and bool(app.session.state.legal))
        await settled(pilot)
        await pilot.press("3", "enter")  # G7 on red 5: refused here, nothing sent
        await until(lambda: "Match red or 5" in status(app))
        table.play(0, "R1")  # Ann plays (as from another key): the game moved on
        await until(lambda: app.session.state.seq == table.seq)
        await settled(pilot)
        assert "Match" not in status(app)


@pytest.mark.asyncio
async def test_a_note_keeps_its_time_while_the_game_moves() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(app, dealt())
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        await settled(pilot)
        await pilot.press("o")  # the hand as dealt: a note, not a refusal
        await until(lambda: "Hand: as dealt" in status(app))
        table.play(0, "R1")
        await until(lambda: app.session.state.seq == table.seq)
        await settled(pilot)
        assert "Hand: as dealt" in status(app)
