"""Hints through the real server (PROTOCOL.md 6.3): refused where the table's options
say no, answered with a legal action and a reason where they say yes, and counted in
the standings as a hinted game."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pytest
import trio
import trio.testing

from engine import Action as EngineAction
from engine import Game, view_of
from engine.bots import Bot, make_bot
from engine.hint import REASONS
from engine.views import View
from protocol.messages import Ack, Error, Hint, Spectate, Suggestion
from server.hints import Question, suggestion
from server.standings import key_of
from server.store import Store
from server.table import Table

from ..support.inbox import two_started
from ..support.netclient import (
    connect,
    next_mover,
    options,
    play_out,
    running_server,
    seated_pair,
)


@pytest.mark.trio
async def test_a_hint_is_not_allowed_where_the_table_gives_none() -> None:
    async with running_server(bot_delay=0) as (_server, port, nursery):
        a, b = await seated_pair(nursery, port)
        mover = await next_mover(a, b)
        answer = await mover.request(Hint)
        assert isinstance(answer, Error) and answer.code == "not_allowed"
        assert not any(isinstance(m, Suggestion) for m in mover.received)
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_hint_suggests_a_legal_action_with_a_reason() -> None:
    async with running_server(bot_delay=0) as (_server, port, nursery):
        a, b = await seated_pair(nursery, port, hints=True)
        assert a.table is not None and a.table.options.hints
        mover = await next_mover(a, b)
        other = b if mover is a else a
        seq, legal = mover.seq, mover.legal
        answer = await mover.request(Hint)
        assert isinstance(answer, Ack)
        (said,) = [m for m in mover.received if isinstance(m, Suggestion)]
        assert said.seq == seq and said.reason in REASONS
        assert said.action.seat is None
        plain = (said.action.type, said.action.card, said.action.color)
        assert plain in {(g.type, g.card, g.color) for g in legal}
        waiting = await other.request(Hint)
        assert isinstance(waiting, Error) and waiting.code == "not_your_turn"
        watcher = await connect(nursery, port, "W")
        await watcher.request(Spectate, table="t1")
        refused = await watcher.request(Hint)
        assert isinstance(refused, Error) and refused.code == "not_seated"
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_game_with_a_hint_counts_as_hinted_in_the_standings() -> None:
    async with running_server(bot_delay=0) as (_server, port, nursery):
        a, b = await seated_pair(nursery, port, hints=True)
        await a.wait_until(lambda: bool(a.legal), timeout=30)
        assert isinstance(await a.request(Hint), Ack)
        await play_out([a, b])

        def counted() -> bool:
            table = b.table
            return table is not None and table.standings is not None

        await b.wait_until(counted, timeout=30)
        assert b.table is not None and b.table.standings is not None
        hinted = {line.name: line.hinted for line in b.table.standings.lines}
        assert hinted == {"A": 1, "B": 0}
        nursery.cancel_scope.cancel()


class StuckPool:
    """A worker pool whose search never answers."""

    async def choose(
        self, bot: Bot, view: View, legal: list[EngineAction], owner: Hashable | None = None
    ) -> tuple[EngineAction, Bot]:
        await trio.sleep_forever()
        raise AssertionError("unreachable")


@pytest.mark.trio
async def test_a_hint_whose_search_is_stuck_gives_basics_choice_in_time(
    autojump_clock: trio.testing.MockClock,
) -> None:
    game = Game.new(3, 5)
    seat = game.turn
    mine = [a for a in game.legal_actions() if a.seat == seat]
    asked = Question(seat, view_of(game, seat), mine, 17, 1)
    started = trio.current_time()
    said = await suggestion(StuckPool(), asked, wait=5)
    assert trio.current_time() - started == pytest.approx(5)
    basic = make_bot("basic").choose(view_of(game, seat), mine)
    assert (said.seq, said.action.type, said.action.card) == (17, basic.type, basic.card)
    assert said.reason in REASONS


def test_a_hinted_game_is_still_hinted_after_a_restart(tmp_path: Path) -> None:
    """The first hint of a seat in a game is stored with the table's row, so a server
    killed before the game ends still counts that game as hinted for the seat."""
    clock = trio.testing.MockClock(autojump_threshold=0)

    async def scenario() -> None:
        store = Store(tmp_path / "taki.db")
        table = Table("t1", options(seats=2, hints=True), bot_delay=0.5, store=store)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            a, _b = await two_started(table)  # seat 0 (a) is on turn
            asked = await table.hint_question(a)
            assert asked.seat == 0
            nursery.cancel_scope.cancel()
        saved = next(t for t in store.load_tables() if t.id == "t1")
        again = Table.restore(saved)  # (as a killed server's successor rebuilds it)
        seat = again.model.seats[0]
        assert seat is not None and again.model.hinted == {key_of(seat)[0]}
        other = again.model.seats[1]
        assert other is not None and key_of(other)[0] not in again.model.hinted
        store.close()

    trio.run(scenario, clock=clock)
