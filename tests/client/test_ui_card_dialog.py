"""The colour dialog belongs to one play: sent once, and gone once that play cannot be.

A tmux play-through at 80x24: the Change Colour card selected, Enter (the colour dialog
opens), then "g" and Enter in one burst. The card was played, and then the dialog was
open again over a hand without it, on another player's turn, for minutes: the Enter
after the colour key reached the table before the server's answer, played the card still
selected again and opened a new dialog, which nothing closed; it kept the keys (d did
not draw) until a colour key sent a play the server refused.
"""

from __future__ import annotations

import asyncio

import pytest

from client.app import TakiApp
from client.config import Settings
from client.screens.table import ColorPicker, TableScreen
from protocol.messages import Error, TableOptions

from ..support.clientkit import (
    COLOUR_HAND,
    burst,
    colour_dialog_open,
    deal,
    seated_game,
    sent_actions,
    settled,
    until,
)
from ..support.server_thread import ServerThread
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")

@pytest.mark.asyncio
async def test_enter_right_after_the_colour_key_plays_the_card_once(
    server: ServerThread,
) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await colour_dialog_open(app, server, pilot)
        sent = sent_actions(app)
        await burst(pilot, "g", "enter")
        await until(lambda: "color" not in app.session.state.hand)
        await until(lambda: not app.session.unanswered)
        await settled(pilot)
        assert [(a.action.type, a.action.card) for a in sent] == [("play", "color")]
        assert not isinstance(app.screen, ColorPicker)


@pytest.mark.asyncio
async def test_enter_typed_to_confirm_the_colour_says_nothing_of_a_turn(
    server: ServerThread,
) -> None:
    """The colour key closes the dialog; an Enter typed with it, to confirm as in any
    dialog, reached the table and read "Not your turn: waiting for Noa." (a tmux
    play-through, 2 of 4 tries). It now confirms the colour, and nothing is said."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await colour_dialog_open(app, server, pilot)
        sent = sent_actions(app, delay=0.2)
        said: list[str] = []  # (a refusal is gone once the bot moves: caught as said)
        flash = screen.flash
        screen.flash = lambda text, **kw: (said.append(text), flash(text, **kw))[1]  # type: ignore[method-assign]
        await burst(pilot, "g", "enter")
        await until(lambda: "color" not in app.session.state.hand)
        await until(lambda: not app.session.unanswered)
        await settled(pilot)
        assert [(a.action.type, a.action.card) for a in sent] == [("play", "color")]
        assert said == [], said


@pytest.mark.asyncio
async def test_a_second_enter_before_the_answer_sends_no_play_the_server_refuses(
    server: ServerThread,
) -> None:
    """Enter twice in one burst on a hand of two playable cards: the second Enter waits
    for the answer to the first and is taken against the position it brings (the
    turn gone: a refusal of this client's own), instead of sending a play from the
    moves held before the first, which the server refused."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await seated_game(app, server)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.as_dealt = True
        await deal(app, server, position(hands=[["R7", "R3", "G4"], ["B1", "B3", "B4"]],
                                         turn=0))
        await pilot.press("1")
        refused: list[Error] = []
        error = app.session._error

        def spy(message: Error) -> None:
            refused.append(message)
            error(message)

        app.session._error = spy  # type: ignore[method-assign]
        sent = sent_actions(app)
        await burst(pilot, "enter", "enter")
        await until(lambda: "R7" not in app.session.state.hand)
        await until(lambda: not app.session.unanswered)
        await asyncio.sleep(0.5)
        await settled(pilot)
        assert sent[0].action.card == "R7"
        assert refused == []


@pytest.mark.asyncio
async def test_the_colour_dialog_closes_when_its_card_can_no_longer_be_played(
    server: ServerThread,
) -> None:
    """The turn passes while the dialog is open (a turn timer running out does the
    same): it closes, and d is the table's key again."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await colour_dialog_open(app, server, pilot)
        await deal(app, server, position(hands=[COLOUR_HAND, ["B1", "B3", "B4"]], turn=1))
        await until(lambda: app.screen is screen)
        await settled(pilot)
        assert not app.screen.query(ColorPicker)


@pytest.mark.asyncio
async def test_the_colour_dialog_closes_when_its_card_leaves_the_hand(
    server: ServerThread,
) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await colour_dialog_open(app, server, pilot)
        await deal(app, server, position(hands=[["R7", "G3", "R1"], ["B1", "B3"]], turn=0))
        await until(lambda: app.screen is screen)
        await settled(pilot)
        assert app.session.state.legal  # still this seat's turn


@pytest.mark.asyncio
async def test_the_colour_dialog_closes_when_the_turn_timer_runs_out(
    server: ServerThread,
) -> None:
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(lambda: app.session.link is not None)
        app.session.create_table(TableOptions("Test", 2, turn_timer=2.0))
        await until(lambda: app.session.state.info is not None)
        app.session.host_command("add_basic")
        await until(lambda: app.session.state.info is not None
                    and all(s is not None for s in app.session.state.info.seats))
        app.session.host_command("start")
        await until(lambda: app.session.state.view is not None)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.as_dealt = True
        await deal(app, server, position(hands=[COLOUR_HAND, ["B1", "B3", "B4"]], turn=0))
        await pilot.press("1", "enter")
        await until(lambda: isinstance(app.screen, ColorPicker))
        await until(lambda: app.screen is screen)  # the timer drew for the seat
        assert any("Time ran out" in line for line in app.session.state.log)


@pytest.mark.asyncio
async def test_the_key_bar_lists_the_colour_dialogs_keys_while_it_is_open(
    server: ServerThread,
) -> None:
    """Seen in tmux at 80x24: with the colour dialog open the key bar still read
    "←→ choose  Enter play  d draw", and neither d nor Enter did anything there. Now it
    lists the dialog's keys, and they work: ←→ to a colour, Enter plays it, Esc
    cancels and gives the table's keys back."""
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await colour_dialog_open(app, server, pilot)
        await settled(pilot)
        keys = str(screen.query_one("#keys").render())
        assert "r/g/b/y" in keys and "Enter" in keys and "Esc cancel" in keys, keys
        assert "draw" not in keys, keys
        await pilot.press("escape")
        await until(lambda: app.screen is screen)
        await settled(pilot)
        keys = str(screen.query_one("#keys").render())
        assert "d draw" in keys and "Esc" not in keys, keys

        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ColorPicker))
        sent = sent_actions(app, delay=0)
        await pilot.press("right", "enter")  # (red is offered first: R7 and G3, a tie)
        await until(lambda: bool(sent))
        assert [(a.action.card, a.action.color) for a in sent] == [("color", "G")]
        await until(lambda: app.screen is screen)
