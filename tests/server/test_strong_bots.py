"""Strong bots at the server's tables (issue 16 item 4): ``add_bot`` takes ``strong``;
the bot thinks in a worker thread outside the table's lock, so its own table's
commands and every other table go on meanwhile; it follows only its own seat's events;
stand-ins stay ``basic``."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import trio

from engine import Action as EngineAction
from engine.strong import StrongBot
from protocol.messages import ChatLine, Event, GameAction
from server.table import Table

from ..support.inbox import Inbox
from ..support.netclient import options


def _wire(action: EngineAction) -> GameAction:
    return GameAction(action.type, None, action.card, action.color)


@pytest.mark.trio
async def test_a_strong_bot_thinks_off_the_loop_and_no_table_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started, release = threading.Event(), threading.Event()
    threads: list[int] = []
    seen: list[Any] = []
    choose, observe = StrongBot.choose, StrongBot.observe

    def slow_choose(self: StrongBot, view: dict[str, Any], legal: list[EngineAction]) -> Any:
        threads.append(threading.get_ident())
        started.set()
        release.wait(30)
        self.playouts = 24  # (a small search: the test is about where it runs)
        return choose(self, view, legal)

    def watching(self: StrongBot, events: Any) -> None:
        events = list(events)
        seen.extend(events)
        observe(self, events)

    monkeypatch.setattr(StrongBot, "choose", slow_choose)
    monkeypatch.setattr(StrongBot, "observe", watching)
    loop_thread = threading.get_ident()
    searching = Table("t1", options(seats=3), bot_delay=0)
    other = Table("t2", options(seats=2), bot_delay=0)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(searching.run)
        nursery.start_soon(other.run)
        a = Inbox("A")
        await searching.join(a)
        assert await searching.add_bot(a, "strong") == 1
        bot_seat = searching.model.seats[1]
        assert bot_seat is not None and bot_seat.bot_kind == "strong"
        await searching.add_bot(a, "basic")
        c, d = Inbox("C"), Inbox("D")
        await other.join(c)
        await other.join(d)
        await other.start(c, first_seat=0)
        await searching.start(a, first_seat=1)  # the strong bot moves first
        with trio.fail_after(20):
            while not started.is_set():
                await trio.sleep(0.01)
        # While it thinks: another table plays, and its own table takes commands.
        assert other.model.game is not None
        before = other.model.seq
        mine = [x for x in other.model.game.legal_actions() if x.seat == 0]
        await other.act(c, _wire(mine[0]))
        assert other.model.seq > before
        await searching.chat(a, "still here")
        assert any(isinstance(m, ChatLine) and m.text == "still here" for m in a.got)
        assert not searching.model.actions  # (it has not moved yet)
        release.set()
        with trio.fail_after(30):
            while not searching.model.actions:
                await trio.sleep(0.01)
        assert searching.model.actions[0].seat == 1
        nursery.cancel_scope.cancel()
    assert threads and all(t != loop_thread for t in threads)
    # It followed its own seat's events only: nobody else's cards.
    assert seen and all(not e.cards or e.seat == 1 for e in seen)
    assert any(isinstance(m, Event) and m.event.get("seat") == 1 for m in a.got)


@pytest.mark.trio
async def test_a_stand_in_for_a_person_is_basic() -> None:
    table = Table("t1", options(seats=2), bot_delay=0, stand_in_delay=0)
    a, b = Inbox("A"), Inbox("B")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(table.run)
        await table.join(a)
        await table.join(b)
        await table.start(a, first_seat=0)
        await table.disconnect(a)
        with trio.fail_after(10):
            while not table.model.actions:
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()
    seat = table.model.seats[0]
    assert seat is not None and seat.stand_in is not None
    assert seat.info().bot == "basic" and not isinstance(seat.stand_in, StrongBot)


@pytest.mark.trio
async def test_thinkers_choose_in_a_worker_process_and_return_the_bot() -> None:
    from engine import Game, view_of
    from server.thinking import Thinkers

    game = Game.new(3, 7)
    seat = game.legal_actions()[0].seat
    legal = [x for x in game.legal_actions() if x.seat == seat]
    bot = StrongBot(5, playouts=24)
    with Thinkers() as thinkers:
        with trio.fail_after(60):
            choice, after = await thinkers.choose(bot, view_of(game, seat), legal)
    assert choice in legal
    assert isinstance(after, StrongBot) and after is not bot  # the worker's copy
    assert after._rng.getstate() != bot._rng.getstate()  # it moved on by thinking


@pytest.mark.trio
async def test_a_servers_strong_bot_plays_from_a_worker_process() -> None:
    from protocol.messages import Ack, AddBot, CreateTable, Start, TableUpdate

    from ..support.netclient import connect, running_server

    async with running_server(bot_delay=0) as (server, port, nursery):
        a = await connect(nursery, port, "A")
        assert isinstance(await a.request(CreateTable, options=options(seats=2)), Ack)
        added = await a.request(AddBot, kind="strong")
        assert isinstance(added, Ack) and added.seat == 1
        shown = await a.wait_for(
            lambda m: isinstance(m, TableUpdate) and m.table.seats[1] is not None
        )
        assert isinstance(shown, TableUpdate) and shown.table.seats[1].bot == "strong"
        assert isinstance(await a.request(Start, first_seat=1), Ack)
        moved = await a.wait_for(
            lambda m: isinstance(m, Event) and m.event.get("seat") == 1, timeout=60
        )
        assert isinstance(moved, Event)
        table = server.lobby.tables["t1"]
        assert table.thinkers is not None and table.thinkers._pool is not None
