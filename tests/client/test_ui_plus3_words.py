"""What the table says during a +3 window, in every language at 80x24.

A tmux play-through: "Your move!  ·  +3 from Noa (4s) · Avi let it through" with the
turn marker on Avi (the seat is asked to answer the +3, not to move); the title's
notice "+3 from Noa: break it (b) or let it through (p)" to a player holding no
Breaker and to a spectator, and cut at 80 columns in Icelandic, losing "(p)".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from client import i18n
from client.app import TakiApp
from client.config import Settings
from client.screens.table import TableScreen
from engine.actions import Action
from protocol.messages import Timer

from ..support.clientkit import Table, plus3_played, settled, shown, until
from ..support.fit import overflows
from ..support.util import position

pytestmark = pytest.mark.usefixtures("config_dir")

LANGS = list(i18n.LANGUAGES)
NAMES = ("Ann", "Noa", "Avi")


def plus3_by_noa(mine: list[str]) -> dict[str, Any]:
    """Noa (seat 1) to play a +3 next; Ann (seat 0) holds ``mine``."""
    return position(hands=[mine, ["+3", "B4", "B5"], ["G1", "G4", "G5"]], turn=1)


async def at_the_table(app: TakiApp, pilot: Any, mine: list[str], me: int | None = 0,
                       hints: bool = False) -> Table:
    """The table seen from seat ``me`` (None: a spectator), right after Noa played a +3;
    with ``hints``, the table's title at its fullest (hints on)."""
    table = Table(app, plus3_by_noa(mine), me=me, names=NAMES)  # type: ignore[arg-type]
    if hints:
        with_hints(table)
    return await plus3_played(app, pilot, table)



@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_a_seat_asked_in_a_plus3_window_is_told_to_answer_it(lang: str) -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ["R7", "breaker"])
        state = app.session.state
        assert state.view is not None and state.view.turn == 2  # the ▶ is on Avi
        assert state.action("pass") is not None
        status = shown(app, "#status")
        assert i18n._("Answer the +3!") in status, status
        assert i18n._("Your move!") not in status, status
        assert not overflows(app.screen), overflows(app.screen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_the_player_of_a_plus3_reads_it_as_theirs(lang: str) -> None:
    """Noa's own screen said "+3 from Noa (9s)" under the player's own name: it says
    "Your +3" there, and "+3 from Noa" to the others."""
    app = TakiApp(name="Noa", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(app, pilot, ["R7", "G1"], me=1)
        status = shown(app, "#status")
        assert i18n._("Your +3") in status, status
        assert i18n._("+3 from {name}").format(name="Noa") not in status, status
        assert not overflows(app.screen), overflows(app.screen)


def with_hints(table: Table) -> None:
    """The table's title at its fullest: hints on (their word beside the state)."""
    info = table.info
    table.info = replace(info, options=replace(info.options, hints=True))


async def notice(app: TakiApp, pilot: Any, mine: list[str], me: int | None = 0) -> str:
    """The title, right after Noa played a +3, at a table with hints on."""
    await at_the_table(app, pilot, mine, me, hints=True)
    title = shown(app, "#title")
    assert not overflows(app.screen), overflows(app.screen)
    assert "…" not in title, title  # whole: nothing cut at 80 columns
    return title


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_the_plus3_notice_offers_a_break_only_to_a_breaker_holder(lang: str) -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        title = await notice(app, pilot, ["R7", "breaker"])
        assert app.session.state.action("break") is not None
        assert "(b)" in title and "(p)" in title, title
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        title = await notice(app, pilot, ["R7", "G3"])
        assert app.session.state.action("break") is None
        assert "(b)" not in title and "(p)" in title, title


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_a_spectator_is_told_the_plus3_and_offered_no_key(lang: str) -> None:
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        title = await notice(app, pilot, ["R7", "breaker"], me=None)
        assert i18n._("+3 from {name}").format(name="Noa") in title, title
        assert "(b)" not in title and "(p)" not in title, title


def test_the_turn_notification_offers_a_break_only_to_a_breaker_holder() -> None:
    """The desktop notification for a +3 window (client/nudge.py) says the same."""
    from client.nudge import turn_words
    from client.state import TableState
    from engine import game_from_position
    from engine.actions import Action
    from engine.views import view_of
    from protocol.codec import view_to_wire
    from protocol.messages import GameAction, SeatInfo, Snapshot, TableInfo, TableOptions

    for mine, offered in ((["R7", "breaker"], True), (["R7", "G3"], False)):
        game = game_from_position(plus3_by_noa(mine))
        game.apply(Action("play", 1, "+3"))
        legal = tuple(GameAction(a.type, None, a.card, a.color)
                      for a in game.legal_actions() if a.seat == 0)
        state = TableState()
        info = TableInfo("t1", TableOptions("Friday", 3), "playing",
                         tuple(SeatInfo(n) for n in NAMES), host=0)
        state.on_snapshot(Snapshot(info, 1, 0, view_to_wire(view_of(game, 0)), legal, ()))
        words = turn_words(state, "window")
        assert ("(b)" in words) is offered and "(p)" in words, words


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS, indirect=True)
async def test_the_passes_of_a_plus3_fit_the_status_line(lang: str) -> None:
    """At a 5-seat table, after two passes, the status line took 79-90 columns of 78
    in French, Bulgarian and Icelandic ("... · Valentina, Maximilian l'ont laissé
    passer"), its end cut with no sign. The passes are counted when their names do not
    fit, and the line says so when it is cut."""
    names = ("Natalie", "Gabriel", "Valentina", "Maximilian", "Ann")
    pos = position(hands=[["R7", "G3"], ["+3", "B4", "B5"], ["G1", "G4", "G5"],
                          ["Y1", "Y4", "Y5"], ["R1", "breaker"]], turn=1)
    app = TakiApp(name="Ann", settings=Settings(intro_seen=True))
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(app, pos, me=4, names=names)  # type: ignore[arg-type]
        table.snapshot()
        await until(lambda: isinstance(app.screen, TableScreen))
        table.play(1, "+3")
        app.session.deliver(Timer("plus3", None, 9.0))
        table.act(Action("pass", 2))
        table.act(Action("pass", 3))
        await settled(pilot)
        status = shown(app, "#status")
        assert i18n._("Answer the +3!") in status, status
        assert not overflows(app.screen), overflows(app.screen)
