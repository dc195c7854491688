"""The status line and the key bar say what they mean, in every language at 80x24.

A tmux play-through: "+2 stack: 8" read like a count of +2 cards (the 8 is cards to
draw); the key bar offered "←→/1-9 choose" for a hand of 13 cards, whose keys go on
with 0, f, g, h.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen

from ..support.clientkit import POOL, Table, settled, shown, until
from ..support.fit import overflows
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")

LANGS = list(i18n.LANGUAGES)


async def at_the_table(app: TakiApp, pilot: Any, pos: dict[str, Any]) -> TableScreen:
    Table(app, pos, names=("Ann", "Noa")).snapshot()
    await until(lambda: isinstance(app.screen, TableScreen)
                and app.session.state.view is not None)
    await settled(pilot)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen



@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_a_plus2_stack_says_how_many_cards_it_draws(lang: str) -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        pos = position(hands=[["R7", "G3", "Y+2"], ["B1", "B3"]], discard=["R+2"], plus2=8)
        await at_the_table(app, pilot, pos)
        status = shown(app, "#status")
        stack = i18n.ngettext("+2 stack: {n} card to draw", "+2 stack: {n} cards to draw", 8)
        assert stack.format(n=8) in status, status
        assert not overflows(app.screen), overflows(app.screen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_the_key_bar_names_the_keys_of_the_whole_hand(lang: str) -> None:
    """The keys of each card in runs, within two lines of 80 columns, with the other
    keys of a turn (hints on: H too)."""
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    expected = {5: "1-5", 9: "1-9", 10: "1-9,0", 13: "1-9,0,f-h",
                22: "1-9,0,f-k,m,n,u,w,y,z", 25: "1-9,0,f-k,m,n,u,w,y,z"}
    async with app.run_test(size=(80, 24)) as pilot:
        for count, keys in expected.items():
            table = Table(app, position(hands=[POOL[:count], ["B1", "B3"]]),
                          names=("Ann", "Noa"))
            table.info = replace(table.info, options=replace(table.info.options, hints=True))
            table.snapshot()
            await until(lambda count=count: isinstance(app.screen, TableScreen)
                        and len(app.session.state.hand) == count)
            await settled(pilot)
            bar = shown(app, "#keys")
            assert f"←→/{keys} {i18n._('choose')}" in bar, (count, bar)
            assert len(bar.splitlines()) <= 2, bar
            assert not overflows(app.screen), (count, overflows(app.screen))
