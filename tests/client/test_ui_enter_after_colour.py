"""Enter, Enter on a new deal after a Change Colour: the second Enter is not lost.

Reported from a tmux play-through: after a colour play (its dialog, then a new deal),
Enter Enter typed quickly on a hand of two cards sent one play, and the second Enter
did nothing within 3 s: no play, no refusal. The key gate held nothing: the colour
named with its key alone left its confirm window (0.5 s from the colour's answer)
open, and a new deal inside it took the first Enter for that confirmation; the
second Enter played the card, and the player saw one play for two Enters.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from client.app import TakiApp
from client.config import Settings
from client.screens import table as table_module

from ..support.clientkit import (
    burst,
    colour_dialog_open,
    deal,
    sent_actions,
    settled,
    until,
)
from ..support.server_thread import ServerThread
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")


@pytest.mark.asyncio
@pytest.mark.parametrize("confirm", [(), ("enter",)], ids=["colour-key", "colour-key-enter"])
@pytest.mark.parametrize("delay", [0.0, 0.5], ids=["fast", "slow-net"])
async def test_the_second_enter_on_a_new_deal_after_a_colour_play_is_answered(
    server: ServerThread, confirm: tuple[str, ...], delay: float,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The new deal comes within the confirm window however slow the machine is.
    monkeypatch.setattr(table_module, "CONFIRM_SECONDS", 30.0)
    app = TakiApp(f"127.0.0.1:{server.port}", name="Tester", settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await colour_dialog_open(app, server, pilot)
        await burst(pilot, "g", *confirm)
        await until(lambda: "color" not in app.session.state.hand)
        await until(lambda: not app.session.unanswered)
        await settled(pilot)
        # A new deal: two cards, both playable, this seat to play.
        await deal(app, server, position(hands=[["R7", "R3"], ["B1", "B3", "B4"]], turn=0))
        await pilot.press("1")
        said: list[str] = []
        flash = screen.flash

        def spy(text: str, **kw: Any) -> None:
            said.append(text)
            flash(text, **kw)

        screen.flash = spy  # type: ignore[method-assign]
        sent = sent_actions(app, delay)
        await burst(pilot, "enter", "enter")
        await until(lambda: bool(sent) and not app.session.unanswered
                    and not app.keys.busy and not app.keys.held)
        await asyncio.sleep(0.3)
        await settled(pilot)
        # The first Enter plays; the second is answered: a play, or a refusal (the turn
        # has gone by then) -- not taken for the confirmation of the colour of before.
        assert sent[0].action.card == "R7", sent
        assert len(sent) == 1 or sent[1].action.card == "R3", sent
        assert len(sent) == 2 or said, (sent, said)
