"""When every person at a running game is away at once (a router restart, a server
restart), nothing moves: no bot, stand-in, turn timer or +3 window, and no grace
period runs out; whoever still watches is told (``TableInfo.all_away``). Play resumes
when one of them is back, with the usual delays from then on (server/clocks.py).

The table is driven directly under trio's MockClock: every person drops within one
second, ten minutes pass, one comes back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from protocol.messages import Event, TableUpdate, Timer
from server.table import Table

from ..support.inbox import Inbox, tick_until
from ..support.netclient import options

BOT_DELAY = 0.8
STAND_IN_DELAY = 3.0
GRACE = 120.0
QUICK_STAND_IN = 1.0
"""The real server's ``--stand-in-delay`` in the end-to-end test: a table that did not
wait would show a stand-in's move within about a second, well inside the 4 s watched."""


async def two_people_and_a_bot(nursery: trio.Nursery, first: int, **opts: Any
                               ) -> tuple[Table, Inbox, Inbox, str, str, Inbox]:
    """A (seat 0), B (seat 1) and a basic bot (seat 2) in a game begun by seat
    ``first``, and a spectator W."""
    table = Table("t1", options(seats=3, reconnect_grace=GRACE, **opts), bot_delay=BOT_DELAY,
                  stand_in_delay=STAND_IN_DELAY)
    await nursery.start(table.run)
    a, b, w = Inbox("A"), Inbox("B"), Inbox("W")
    _, token_a = await table.join(a)
    _, token_b = await table.join(b)
    await table.add_bot(a, "basic")
    await table.spectate(w)
    await table.start(a, first_seat=first)
    return table, a, b, token_a, token_b, w


async def everyone_drops(table: Table, clock: trio.testing.MockClock, *people: Inbox) -> None:
    """Every person's connection goes, within one second."""
    for person in people:
        await table.disconnect(person)
        clock.jump(0.4)


def all_away_told(member: Inbox) -> bool | None:
    """What the last table update ``member`` got says of ``all_away``."""
    updates = [m for m in member.got if isinstance(m, TableUpdate)]
    return updates[-1].table.all_away if updates else None


@pytest.mark.trio
async def test_nothing_moves_while_everyone_is_away_and_play_resumes_when_one_is_back(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    # the bot's turn
    table, a, b, token_a, _token_b, w = await two_people_and_a_bot(nursery, first=2)
    seq = table.model.seq
    await everyone_drops(table, mock_clock, a, b)
    assert all_away_told(w) is True
    seen = len(w.got)
    await tick_until(table, mock_clock, trio.current_time() + 600)
    assert table.model.seq == seq and table.model.actions == []  # the bot waited, nobody stood in
    assert not [m for m in w.got[seen:] if isinstance(m, Event)]
    for i in (0, 1):  # nobody lost a seat (the grace period is 120 s)
        seat = table.model.seats[i]
        assert seat is not None and seat.person and seat.stand_in is None
    # every timer W was told of is lifted: no countdown runs while the table waits
    running: dict[tuple[str, int | None], float | None] = {}
    for m in w.got:
        if isinstance(m, Timer):
            running[(m.kind, m.seat)] = m.seconds
    assert all(left is None for left in running.values()), running

    a2 = Inbox("A")
    assert await table.reclaim(token_a, a2) == 0
    back = trio.current_time()
    assert all_away_told(w) is False
    assert any(isinstance(m, Timer) and m.kind == "reconnect" and m.seat == 1
               and m.seconds == GRACE for m in w.got[seen:])  # B's grace starts afresh
    await tick_until(table, mock_clock, back + BOT_DELAY + 0.5)
    assert table.model.actions and table.model.actions[0].seat == 2  # the bot plays again
    await tick_until(table, mock_clock, back + GRACE - 1)
    seat_b = table.model.seats[1]
    assert seat_b is not None and seat_b.person  # B's grace counts from A's return
    await tick_until(table, mock_clock, back + GRACE + 1)
    seat_b = table.model.seats[1]
    assert seat_b is not None and seat_b.bot is not None  # then the usual: a bot keeps it


@pytest.mark.trio
async def test_a_turn_timer_starts_in_full_when_one_is_back(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    table, a, b, token_a, _token_b, w = await two_people_and_a_bot(nursery, first=0,
                                                                   turn_timer=5)
    await everyone_drops(table, mock_clock, a, b)
    await tick_until(table, mock_clock, trio.current_time() + 600)
    assert table.model.actions == []  # A's turn did not run out, no stand-in played for A
    a2 = Inbox("A")
    assert await table.reclaim(token_a, a2) == 0
    back = trio.current_time()
    assert any(isinstance(m, Timer) and m.kind == "turn" and m.seat == 0 and m.seconds == 5
               for m in w.got)
    await tick_until(table, mock_clock, back + 4.5)
    assert table.model.actions == []  # A has the whole 5 s again
    await tick_until(table, mock_clock, back + 6)
    model = table.model
    assert model.actions and model.actions[0].seat == 0 and model.timeout_moves == {0}


@pytest.mark.trio
async def test_the_table_does_not_wait_while_one_person_is_here(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """Only everyone away holds the game: with A here, B's stand-in plays as usual."""
    table, _a, b, _token_a, _token_b, w = await two_people_and_a_bot(nursery, first=1)
    await table.disconnect(b)
    gone = trio.current_time()
    assert not all_away_told(w)
    await tick_until(table, mock_clock, gone + STAND_IN_DELAY + 1)
    assert 0 in table.model.stand_in_moves and table.model.actions[0].seat == 1


@pytest.mark.trio
async def test_a_table_everyone_left_for_an_hour_is_played_out_by_bots(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    from server.clocks import ABANDONED

    table, a, b, _token_a, _token_b, _w = await two_people_and_a_bot(nursery, first=2)
    await everyone_drops(table, mock_clock, a, b)
    start = trio.current_time()
    await tick_until(table, mock_clock, start + ABANDONED - 5)
    assert table.model.actions == []
    await tick_until(table, mock_clock, start + ABANDONED + 5)
    assert all(s is not None and s.bot is not None for s in table.model.seats)
    assert table.model.actions  # the bots play on


@pytest.mark.trio
async def test_end_to_end_both_people_drop_and_the_spectator_sees_the_table_wait(
    tmp_path: Path,
) -> None:
    """A real ``taki-server``: two people and a bot, a spectator; both people drop
    within a second. The spectator is told the table waits and sees no event for 4 s
    (four times the stand-in delay, set to 1 s for this server: 8 s past the default
    3 s before); A comes back and the game goes on."""
    from protocol.messages import AddBot, CreateTable, Join, Snapshot, Spectate, Start

    from ..support.harness import free_port
    from ..support.netclient import connect
    from ..support.server_process import start_server

    def waiting(message: object) -> bool:
        return isinstance(message, TableUpdate) and message.table.all_away

    port = free_port()
    proc = start_server(tmp_path, port, "--stand-in-delay", str(QUICK_STAND_IN))
    try:
        async with trio.open_nursery() as nursery:
            a = await connect(nursery, port, "A")
            await a.request(CreateTable, options=options(seats=3))
            b = await connect(nursery, port, "B")
            await b.request(Join, table="t1")
            await a.request(AddBot, kind="basic")
            w = await connect(nursery, port, "W", role="spectator")
            await w.request(Spectate, table="t1")
            await a.request(Start, first_seat=0)
            await w.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None)
            await a.close()
            await trio.sleep(0.5)
            await b.close()  # both gone within a second
            with trio.fail_after(30):
                await w.wait_for(waiting)
            seen = len(w.received)
            await trio.sleep(4 * QUICK_STAND_IN)
            assert not [m for m in w.received[seen:] if isinstance(m, Event)]
            a2 = await connect(nursery, port, "A", token=a.token)
            a2.ids = a.ids
            with trio.fail_after(30):
                await a2.wait_for(lambda m: isinstance(m, Snapshot))
                await w.wait_for(lambda m: isinstance(m, TableUpdate)
                                 and not m.table.all_away)
            moved = len(w.received)
            if a2.legal:  # A's turn: A plays on; else a bot or B's stand-in does
                await a2.act(a2.legal[0])
            with trio.fail_after(30):
                while not [m for m in w.received[moved:] if isinstance(m, Event)]:
                    await trio.sleep(0.05)
            nursery.cancel_scope.cancel()
    finally:
        proc.kill()
        proc.wait(10)
