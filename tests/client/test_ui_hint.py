"""Hints at the table (issue 25 part 4): H shows the strong bot's choice in one line and
selects its card, says plainly where a table gives none; Play now gives them; the
new-table form offers them; the standings say who had one."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button, Checkbox

from client.app import TakiApp
from client.config import Settings
from client.screens.lobby import CreateTable
from client.screens.start import StartScreen
from client.screens.table import TableScreen
from client.standings import line_text
from protocol.messages import TableOptions
from protocol.standings import StandingLine

from ..support.clientkit import make_app, seated_game, settled, until
from ..support.server_thread import ServerThread

pytestmark = pytest.mark.usefixtures("config_dir")


def status(app: TakiApp) -> str:
    return str(app.screen.query_one("#status").render())


async def hint_on_our_turn(app: TakiApp, pilot: Any) -> str:
    """Press H on our turn; the status line once the hint arrived. Not while a +3 is
    pending: an answer to it is legal then too, but the window closes on its own and a
    hint worked out before is dropped as stale (PROTOCOL.md 6.3)."""

    def our_turn() -> bool:
        state = app.session.state
        view = state.view
        return (bool(state.legal) and view is not None and view.plus3 is None
                and view.turn == view.seat and isinstance(app.screen, TableScreen))

    # (the table's screen is pushed when the snapshot's notice is handled, which on a
    # loaded machine may come after the state already shows our turn)
    await until(our_turn, timeout=30)
    await pilot.press("H")
    await until(lambda: "Hint: " in status(app), timeout=30)
    return status(app)


@pytest.mark.asyncio
async def test_h_shows_the_hint_and_selects_its_card(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: app.session.link is not None)
        app.session.create_table(TableOptions("Learners", 2, hints=True))
        await until(lambda: app.session.state.info is not None)
        app.session.host_command("add_basic")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats))
        app.session.host_command("start")
        line = await hint_on_our_turn(app, pilot)
        hint = app.session.hint
        assert hint is not None and hint.seq == app.session.state.seq
        screen = app.screen
        assert isinstance(screen, TableScreen)
        if hint.action.type == "play":
            assert screen.shown_hand()[screen.selected] == hint.action.card
        assert " — " in line or hint.reason not in ("best_odds", "keeps_stack_card")
        assert "H hint" in str(screen.query_one("#keys").render())
        assert "hints" in str(screen.query_one("#title").render())


@pytest.mark.asyncio
async def test_h_says_hints_are_off_where_the_table_gives_none(server: ServerThread) -> None:
    app = make_app(server)
    async with app.run_test(size=(100, 32)) as pilot:
        await seated_game(app, server)
        await until(lambda: bool(app.session.state.legal), timeout=30)
        await pilot.press("H")
        await until(lambda: "Hints are off at this table." in status(app))
        assert app.session.hint is None
        assert "H hint" not in str(app.screen.query_one("#keys").render())
        assert "hints" not in str(app.screen.query_one("#title").render())


@pytest.mark.asyncio
async def test_play_now_gives_hints_end_to_end() -> None:
    app = TakiApp(name="Ann", settings=Settings(bot_level="basic"), bot_delay=0.3)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        await pilot.press("p")
        await until(lambda: app.session.state.view is not None, timeout=30)
        info = app.session.state.info
        assert info is not None and info.options.hints
        assert (await hint_on_our_turn(app, pilot)).startswith("Hint: ")


@pytest.mark.asyncio
async def test_the_new_table_form_offers_hints_off_by_default() -> None:
    app = TakiApp(name="Ann", settings=Settings())
    chosen: list[Any] = []
    async with app.run_test(size=(100, 40)) as pilot:
        await until(lambda: isinstance(app.screen, StartScreen))
        app.push_screen(CreateTable("T"), chosen.append)
        await until(lambda: isinstance(app.screen, CreateTable))
        await settled(pilot)
        box = app.screen.query_one("#hints", Checkbox)
        assert box.value is False
        box.value = True
        await settled(pilot)
        app.screen.query_one("#create", Button).press()
        await until(lambda: bool(chosen))
    options, _level = chosen[0]
    assert options.hints is True


def test_the_standings_say_how_many_games_had_a_hint() -> None:
    assert "With a hint in 2 games." in line_text(1, StandingLine("Dana", 3, 1, hinted=2))
    assert "hint" not in line_text(1, StandingLine("Dana", 3, 1))
