"""A connection that ends while its table is busy with its request (a leave waiting in
the table's mailbox, a seat being taken back by token): the table still hears of it
once, so the seat never stays held by a connection that is gone (shown connected, no
grace period, no stand-in, and the game stalled on its turn)."""

from __future__ import annotations

import socket
import struct
from typing import Any

import pytest
import trio
import trio.testing

from protocol.messages import Leave, SeatInfo, TableUpdate
from server.model import TableModel
from server.session import Limits
from server.table import Table

from ..support.netclient import NetClient, running_server, seated_pair


async def reset(client: NetClient) -> None:
    """Close with a reset, as a client process that dies does: the server's next
    write to the connection fails."""
    client.stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    await client.close()


async def sessions_down_to(server: Any, count: int) -> None:
    with trio.fail_after(30):
        while len(server.sessions) > count:
            await trio.sleep(0.01)


async def seat_seen(other: NetClient, seat: int, test: Any) -> SeatInfo:
    """``seat`` as ``other`` is told of it, once that passes ``test`` (generous: a
    loaded machine)."""

    def seen() -> SeatInfo | None:
        return other.table.seats[seat] if other.table is not None else None

    with trio.move_on_after(30):
        while not ((info := seen()) is not None and test(info)):
            await other.wait_for(lambda m: isinstance(m, TableUpdate), timeout=60,
                                 start=len(other.received))
    info = seen()
    assert info is not None and test(info), f"seat {seat} as {other.name} last heard: {info}"
    return info


@pytest.mark.trio
async def test_a_leave_asked_just_before_the_connection_dies_is_carried_out() -> None:
    """The client asks to leave and its process ends (taki-client's q q, then exit)
    while the table is busy: the session's writes fail and it ends before the table
    gets to the leave. The leave is carried out all the same (mid-game a bot takes
    the seat for good), and the session does not end before the table has heard it
    go. Before, the waiting leave was dropped with the session, which had already
    forgotten its table: A's seat stayed "connected" to nobody, for ever."""
    limits = Limits(rate=100_000, ping_interval=0.3)  # (a write soon meets the reset)
    async with running_server(bot_delay=0, limits=limits) as (server, port, nursery):
        a, b = await seated_pair(nursery, port)
        table: Table = server.lobby.tables["t1"]
        async with table.held():  # the table is busy (a move, a store write)
            await a.send(a.conn.send(Leave(id=a.next_id())))
            await trio.testing.wait_all_tasks_blocked(0.01)  # the leave waits at the table
            await reset(a)
            with trio.move_on_after(3):  # (it may end now only if it forgets the leave)
                await sessions_down_to(server, 1)
        seat = await seat_seen(b, 0, lambda s: s.bot is not None or not s.connected)
        assert seat.bot == "basic" and not seat.stand_in  # given up: a bot's for good
        await sessions_down_to(server, 1)


@pytest.mark.trio
async def test_a_connection_that_ends_while_its_seat_is_taken_back_leaves_it_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A comes back with its token and its connection ends while the table is taking
    the seat back (cancelled mid-command: the table finishes what it started). The
    seat is away again, its grace running, not held by the connection that is gone."""
    taking_back = TableModel.reclaim
    changed = Table._changed
    cut: list[Any] = []

    def reclaim(self: TableModel, token: str, member: Any) -> int | None:
        index = taking_back(self, token, member)
        cut.append(member)
        member.close_soon()  # the connection goes while the table takes the seat back
        return index

    async def slow_changed(self: Table, *args: Any, **kwargs: Any) -> None:
        if cut:
            await trio.sleep(0.2)  # (the session's cancellation lands in the command)
        await changed(self, *args, **kwargs)

    async with running_server(bot_delay=0) as (server, port, nursery):
        a, b = await seated_pair(nursery, port)
        token = a.token
        await a.close()
        await seat_seen(b, 0, lambda s: not s.connected)
        await sessions_down_to(server, 1)
        monkeypatch.setattr(TableModel, "reclaim", reclaim)
        monkeypatch.setattr(Table, "_changed", slow_changed)
        again = await NetClient.connect(port, "A", token=token)
        nursery.start_soon(again.pump)
        await seat_seen(b, 0, lambda s: s.connected)  # taken back...
        await sessions_down_to(server, 1)
        assert len(cut) == 1
        monkeypatch.undo()
        await seat_seen(b, 0, lambda s: not s.connected)  # ...and away again, not held
        table: Table = server.lobby.tables["t1"]
        seat = table.model.seats[0]
        assert seat is not None and seat.member is None and seat.away_since is not None
