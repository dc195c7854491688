"""The new-table form answers the keys its heading promises: "Enter creates" from every
field, the bots' level included, and the arrow keys on the level choose it.

Users found Enter did nothing while the level had focus, and the arrows moved a
highlight without choosing: the table came with the level that was chosen before.
"""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, RadioSet

from client.app import TakiApp
from client.config import Settings
from client.levels import level_word
from client.screens.lobby import CreateTable, LobbyScreen
from client.screens.table import TableScreen

from ..support.clientkit import until
from ..support.fit import screen_lines
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


async def open_form(app: TakiApp, pilot: object) -> CreateTable:
    await until(lambda: isinstance(app.screen, LobbyScreen) and app.session.link is not None)
    await pilot.press("n")  # type: ignore[attr-defined]
    await until(lambda: isinstance(app.screen, CreateTable))
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, CreateTable)
    return app.screen


async def tab_to(app: TakiApp, pilot: object, field: str) -> None:
    """Tab through the form, as a player does, until ``field`` has focus."""
    for _ in range(20):
        if app.focused is not None and app.focused.id == field:
            return
        await pilot.press("tab")  # type: ignore[attr-defined]
    raise AssertionError(f"tab never reached #{field}")


@pytest.mark.asyncio
async def test_arrows_choose_the_bots_level_and_enter_creates(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        await tab_to(app, pilot, "level")
        choice = form.query_one("#level", RadioSet)
        assert choice.pressed_button is not None and choice.pressed_button.name == "basic"
        await pilot.press("left")
        await pilot.pause()
        assert choice.pressed_button is not None and choice.pressed_button.name == "random"
        await pilot.press("right")
        await pilot.pause()
        assert choice.pressed_button is not None and choice.pressed_button.name == "basic"
        await pilot.press("left", "enter")
        await until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.state.info is not None)
        assert Settings.load().bot_level == "random"


@pytest.mark.asyncio
async def test_enter_creates_the_table_from_every_field(server: ServerThread) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    fields = ["tname", "seats", "stairs", "must", "places", "timer", "window", "level"]
    async with app.run_test(size=(80, 24)) as pilot:
        for field in fields:
            form = await open_form(app, pilot)
            await tab_to(app, pilot, field)
            await pilot.press("enter")
            await until(lambda: isinstance(app.screen, TableScreen)
                        and app.session.state.info is not None, timeout=30)
            info = app.session.state.info
            assert info is not None
            # Enter creates; it does not tick the box it was pressed on (space does).
            assert (info.options.stairs, info.options.must_play_if_able,
                    info.options.play_for_places) == (False, False, False), field
            app.leave_table()
            await until(lambda: isinstance(app.screen, LobbyScreen))
        # Space still ticks a box.
        form = await open_form(app, pilot)
        await tab_to(app, pilot, "stairs")
        await pilot.press("space")
        await pilot.pause()
        assert form.query_one("#stairs", Checkbox).value is True


def _box_before(lines: list[str], label: str) -> str:
    """What a check box or radio button draws before its label, as the terminal shows it."""
    line = next(line for line in lines if label in line)
    return line[:line.index(label)]


@pytest.mark.asyncio
async def test_a_ticked_box_reads_differently_from_an_empty_one(server: ServerThread) -> None:
    """Without colour (NO_COLOR, a monochrome terminal) every box read "▐X▌", ticked or
    not: the state was only the X's colour. The mark is now drawn only when ticked, and
    the bots' level shows its dot on the chosen level only."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Ann", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        lines = screen_lines(form)
        assert "X" not in _box_before(lines, "Stairs"), lines
        assert "X" not in _box_before(lines, "Hints for learners"), lines
        await tab_to(app, pilot, "stairs")
        await pilot.press("space")
        await pilot.pause()
        assert form.query_one("#stairs", Checkbox).value
        lines = screen_lines(form)
        assert "X" in _box_before(lines, "Stairs"), lines
        assert "X" not in _box_before(lines, "Hints for learners"), lines
        level = next(line for line in lines if level_word("basic") in line)
        assert level.count("●") == 1, level
        assert "●" in _box_before([level], level_word("basic")), level
