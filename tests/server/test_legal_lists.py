"""Every seat always holds its own legal list (PROTOCOL.md 6.1): a snapshot replaces it,
an event's ``legal`` replaces it, an event without ``legal`` leaves it as it was. So a
seat whose list empties must be sent ``legal: []`` even when its hand did not change
and a spectator (who is sent no ``legal`` at all) comes before it in the table's member
order, as spectators do once seats have reconnected (after a server restart, say).

The table is driven directly (no network) under trio's MockClock, so stand-ins and
timers act exactly when the test moves the clock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from engine import game_from_position
from protocol.messages import Ack, GameAction, Snapshot, Spectate
from server.table import Table

from ..support.inbox import Follower, Legal
from ..support.netclient import connect, next_mover, options, running_server, seated_pair
from ..support.util import position


def truth(table: Table, seat: int) -> Legal:
    """What the engine lets ``seat`` do now."""
    assert table.model.game is not None
    return {(a.type, a.card, a.color) for a in table.model.game.legal_actions() if a.seat == seat}


def assert_lists_true(table: Table, seats: dict[int, Follower], watcher: Follower) -> None:
    for seat, member in seats.items():
        assert member.legal == truth(table, seat), (seat, member.got[-3:])
    assert watcher.legal == set()


async def set_position(table: Table, pos: dict[str, Any]) -> None:
    """Replace the dealt game by ``pos``; everyone gets a snapshot of it."""
    async with table.held():
        table.model.game = game_from_position(pos)
        table.model.state = "playing"
        table.model.invalidate()
        for member in table.model.members:
            member.send(table.model.snapshot(member))
        table._arm()


async def act(table: Table, member: Follower, kind: str, card: str | None = None) -> None:
    await table.act(member, GameAction(kind, card=card))


async def seated_then_spectator(
    table: Table, names: str
) -> tuple[dict[int, Follower], Follower]:
    """Seats join, a spectator comes after them, the game is dealt (seat 0 first), then
    every seat reconnects (token, new connection): the spectator now comes first in
    the table's member order, as after a server restart."""
    seats = {i: Follower(name) for i, name in enumerate(names)}
    for member in seats.values():
        await table.join(member)
    watcher = Follower("Watcher")
    await table.spectate(watcher)
    await table.start(seats[0], first_seat=0)
    for i, old in list(seats.items()):
        seat = table.model.seats[i]
        assert seat is not None and seat.token is not None
        await table.disconnect(old)
        again = seats[i] = Follower(old.name)
        assert await table.reclaim(seat.token, again) == i
    assert next(iter(table.model.members)) is watcher
    return seats, watcher


@pytest.mark.trio
async def test_a_seat_after_a_spectator_hears_that_closing_its_run_emptied_its_list(
    nursery: trio.Nursery,
) -> None:
    table = Table("t1", options(seats=2), bot_delay=0)
    nursery.start_soon(table.run)
    seats, watcher = await seated_then_spectator(table, "AB")
    await set_position(table, _taki_position())
    assert_lists_true(table, seats, watcher)
    await act(table, seats[0], "play", "Rtaki")
    await act(table, seats[0], "play", "R3")
    assert ("close_taki", None, None) in seats[0].legal
    await act(table, seats[0], "close_taki")  # seat 0's hand stays as it was
    assert_lists_true(table, seats, watcher)
    assert seats[0].legal == set()


@pytest.mark.trio
async def test_a_timer_closing_a_run_empties_the_seats_list(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    table = Table("t1", options(seats=2, turn_timer=30), bot_delay=0)
    nursery.start_soon(table.run)
    seats, watcher = await seated_then_spectator(table, "AB")
    await set_position(table, _taki_position())
    await act(table, seats[0], "play", "Rtaki")
    await act(table, seats[0], "play", "R3")
    hand = list(table.model.game.hands[0]) if table.model.game else []
    mock_clock.jump(31)  # seat 0's turn timer runs out: the server closes the run
    await table.tick()
    assert table.model.game is not None and table.model.game.hands[0] == hand
    assert table.model.game.turn == 1
    assert_lists_true(table, seats, watcher)
    assert seats[0].legal == set()


def _taki_position() -> dict[str, Any]:
    """Seat 0 on turn with a red TAKI, a red card to follow it, and cards to keep (so
    closing the run leaves its hand as it was: no last-card penalty)."""
    return position(hands=[["Rtaki", "R3", "G1", "G4", "G6"], ["B1", "B3"]])


def _plus3_position() -> dict[str, Any]:
    """Three seats; seat 0 is about to play a +3, seat 1 holds a Breaker, seat 2 only
    passes."""
    return position(hands=[["+3", "G1", "G4"], ["breaker", "B3", "B4"], ["G5", "G7"]])


@pytest.mark.trio
async def test_another_seats_break_empties_a_waiting_seats_pass(nursery: trio.Nursery) -> None:
    table = Table("t1", options(seats=3, plus3_window=30), bot_delay=0)
    nursery.start_soon(table.run)
    seats, watcher = await seated_then_spectator(table, "ABC")
    await set_position(table, _plus3_position())
    await act(table, seats[0], "play", "+3")
    assert seats[2].legal == {("pass", None, None)}
    await act(table, seats[1], "break")  # the window closes; seat 2's hand stays
    assert table.model.game is not None and table.model.game.plus3 is None
    assert_lists_true(table, seats, watcher)
    assert seats[2].legal == set()


@pytest.mark.trio
async def test_a_stand_ins_break_empties_a_waiting_seats_pass(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    # (bot_delay 1 on a mock clock: the table's task makes the stand-in's one move
    # that falls due, and no more, before the lists are checked)
    table = Table("t1", options(seats=3, plus3_window=60), bot_delay=1, stand_in_delay=5)
    nursery.start_soon(table.run)
    seats, watcher = await seated_then_spectator(table, "ABC")
    await set_position(table, _plus3_position())
    await table.disconnect(seats.pop(1))  # seat 1 is away: a stand-in answers for it
    await act(table, seats[0], "play", "+3")
    assert seats[2].legal == {("pass", None, None)}
    mock_clock.jump(6)
    await table.tick()  # the stand-in breaks the +3 (what a basic bot does)
    assert table.model.game is not None and table.model.game.plus3 is None
    assert_lists_true(table, seats, watcher)
    assert seats[2].legal == set()


@pytest.mark.trio
async def test_a_seat_taking_its_seat_back_gets_its_list_and_then_its_changes(
    nursery: trio.Nursery,
) -> None:
    """The reconnect path: a snapshot with the seat's list, then events that keep it
    true, with a spectator ahead of the seat and the seat's old connection gone."""
    table = Table("t1", options(seats=2), bot_delay=0)
    nursery.start_soon(table.run)
    seats, watcher = await seated_then_spectator(table, "AB")
    await set_position(table, _taki_position())
    await act(table, seats[0], "play", "Rtaki")
    await act(table, seats[0], "play", "R3")
    seat = table.model.seats[0]
    assert seat is not None and seat.token is not None
    await table.disconnect(seats[0])
    back = seats[0] = Follower("A")
    await table.reclaim(seat.token, back)
    snapshot = back.got[-1]
    assert isinstance(snapshot, Snapshot) and snapshot.legal
    assert_lists_true(table, seats, watcher)
    await act(table, back, "close_taki")
    assert_lists_true(table, seats, watcher)
    assert back.legal == set()


@pytest.mark.trio
async def test_after_a_restart_with_a_spectator_only_the_seat_on_turn_holds_actions(
    tmp_path: Path,
) -> None:
    """End to end, as reported: a spectator watches, the server restarts, the spectator
    and then both seats come back; through a whole game no seat ever holds a list while
    it is another seat's turn (outside +3 windows, where others answer)."""
    async with running_server(bot_delay=0, seed=5, data_dir=tmp_path) as (_, port, nursery):
        a, b = await seated_pair(nursery, port)
        nursery.cancel_scope.cancel()
    async with running_server(
        bot_delay=0, stand_in_delay=60, seed=5, data_dir=tmp_path
    ) as (_, port, nursery):
        watcher = await connect(nursery, port, "W", role="spectator")
        await watcher.request(Spectate, table="t1")
        clients = []
        for old in (a, b):
            again = await connect(nursery, port, old.name, token=old.token)
            again.ids = old.ids
            await again.wait_for(lambda m: isinstance(m, Snapshot))
            clients.append(again)
        for _ in range(300):
            mover = await next_mover(*clients)
            if mover.view is not None and mover.view.get("over"):
                break
            answer = await mover.act(mover.legal[0])
            assert isinstance(answer, Ack), (answer, mover.legal)
            with trio.fail_after(10):
                while len({c.seq for c in (*clients, watcher)}) > 1:
                    await trio.sleep(0.01)
            view = clients[0].view
            assert view is not None
            if view.get("over"):
                break
            if view.get("plus3") is None:
                holding = [c.name for c in clients if c.legal]
                assert len(holding) == 1, (holding, view["turn"])
