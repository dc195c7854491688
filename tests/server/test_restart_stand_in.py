"""After a restart nobody's turn is played for them before they could come back: the
server listens again, each client needs up to its longest pause between reconnect
attempts (taki-client: 10 s) to try again, and only then does the usual stand-in delay
start to count. Turn and +3 timers of a rebuilt game wait as long (PROTOCOL.md 5.4).

A table whose people are all away waits for them (server/clocks.py): these tests have
someone come back at once, so the promise is about the one still away.

Checked on a table rebuilt from its stored row under trio's MockClock, and end to end
with a real ``taki-server`` killed with SIGKILL and started again on its data dir."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from engine import Game, view_of
from engine.bots import make_bot
from protocol.messages import Ack, Event, Snapshot, TableUpdate
from server.model import engine_options
from server.store import SavedGame, SavedTable
from server.table import Table

from ..support.harness import free_port
from ..support.inbox import Follower, tick_until
from ..support.netclient import connect, options, seated_pair
from ..support.server_process import start_server

CLIENT_RETRY = 10.0
"""taki-client's longest pause between two reconnect attempts (client/session.py)."""
STAND_IN_DELAY = 3.0
"""taki-server's stand-in delay."""
QUICK_STAND_IN = 1.0
"""The real server's ``--stand-in-delay`` in the kill -9 test: a restart that forgot
the reconnect allowance would have a stand-in play for A about 1 s after it listens,
so watching 2 s (not 4 s at the default 3 s) proves the same."""
TOKENS = ("a" * 32, "b" * 32, "c" * 32)


def stored_table(actions: tuple[dict[str, Any], ...] = (), seed: int = 7, players: int = 2,
                 **opts: Any) -> SavedTable:
    """People A (seat 0, on turn), B (and C), in a game just dealt (then ``actions``),
    as the store keeps it."""
    table_options = options(seats=players, **opts).to_dict()
    names = list("ABC"[:players])
    game = SavedGame(1, "t1", players, seed, 0, table_options, names, None, False,
                     list(actions))
    seats: list[dict[str, Any] | None] = [
        {"name": name, "token": token, "bot": None}
        for name, token in zip(names, TOKENS, strict=False)
    ]
    return SavedTable("t1", table_options, "playing", seats, 0, game)


async def back(table: Table, seat: int) -> Follower:
    """The person at ``seat`` is back (their token): the table is not everyone away."""
    member = Follower("ABC"[seat])
    assert await table.reclaim(TOKENS[seat], member) == seat
    return member


@pytest.mark.trio
async def test_no_stand_in_plays_before_the_person_could_reconnect(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    table = Table.restore(stored_table(), bot_delay=0, stand_in_delay=STAND_IN_DELAY)
    nursery.start_soon(table.run)
    listening = trio.current_time()
    await back(table, 1)
    await tick_until(table, mock_clock, listening + STAND_IN_DELAY + CLIENT_RETRY)
    assert table.model.actions == []  # seat 0 is still on turn, nothing was played for it
    seat = table.model.seats[0]
    assert seat is not None and seat.stand_in is None
    await tick_until(table, mock_clock, listening + 120)  # A never comes back
    assert table.model.stand_in_moves, "a stand-in plays for an absent person in the end"


@pytest.mark.trio
async def test_a_rebuilt_turn_timer_waits_as_long(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    table = Table.restore(
        stored_table(turn_timer=5), bot_delay=0, stand_in_delay=STAND_IN_DELAY
    )
    nursery.start_soon(table.run)
    listening = trio.current_time()
    await back(table, 1)
    await tick_until(table, mock_clock, listening + STAND_IN_DELAY + CLIENT_RETRY)
    assert table.model.actions == []  # no timed-out move either


def plus3_played() -> tuple[int, dict[str, Any]]:
    """A seed whose deal lets seat 0 open with a +3, and that move (as stored)."""
    for seed in range(1000):
        game = Game.new(2, seed, engine_options(options(seats=2)), 0)
        for action in game.legal_actions():
            if action.seat == 0 and action.type == "play" and action.card == "+3":
                return seed, action.to_json()
    raise AssertionError("no deal with a +3 for seat 0")


@pytest.mark.trio
async def test_a_rebuilt_plus3_window_waits_as_long(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    seed, move = plus3_played()
    table = Table.restore(
        stored_table((move,), seed, plus3_window=4), bot_delay=0,
        stand_in_delay=STAND_IN_DELAY,
    )
    nursery.start_soon(table.run)
    assert table.model.game is not None and table.model.game.plus3 is not None  # B may answer
    listening = trio.current_time()
    await back(table, 0)  # A is back (B still away)
    await tick_until(table, mock_clock, listening + STAND_IN_DELAY + CLIENT_RETRY)
    model = table.model
    assert len(model.actions) == 1 and model.game.plus3 is not None  # nobody passed for B


@pytest.mark.trio
async def test_a_person_back_in_time_after_a_restart_keeps_the_turn(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    table = Table.restore(stored_table(), bot_delay=0, stand_in_delay=STAND_IN_DELAY)
    nursery.start_soon(table.run)
    listening = trio.current_time()
    await tick_until(table, mock_clock, listening + STAND_IN_DELAY + CLIENT_RETRY - 0.5)
    back = Follower("A")
    assert await table.reclaim(TOKENS[0], back) == 0
    assert back.legal, "still A's turn"
    await tick_until(table, mock_clock, listening + 60)
    model = table.model
    assert model.actions == [] and not model.stand_in_moves  # A is here: nobody plays for A


def stand_in_for_a(message: object) -> bool:
    """A move made for seat 0 by a stand-in, or seat 0 shown with a stand-in."""
    if isinstance(message, Event):
        return message.event.get("seat") == 0 and message.event.get("stand_in") is True
    if isinstance(message, TableUpdate):
        seat = message.table.seats[0]
        return seat is not None and seat.stand_in
    return False


@pytest.mark.trio
async def test_after_kill_9_the_person_on_turn_keeps_it_past_the_stand_in_delay(
    tmp_path: Path,
) -> None:
    port = free_port()
    quick = ("--stand-in-delay", str(QUICK_STAND_IN))
    proc = start_server(tmp_path, port, *quick)
    try:
        async with trio.open_nursery() as nursery:
            a, b = await seated_pair(nursery, port, first=0)  # A on turn
            assert a.legal
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            proc = start_server(tmp_path, port, *quick)  # returns once it is listening
            listening = trio.current_time()
            b2 = await connect(nursery, port, "B", token=b.token)  # B watches the table
            b2.ids = b.ids
            await b2.wait_for(lambda m: isinstance(m, Snapshot))
            with trio.move_on_at(listening + QUICK_STAND_IN + 1):
                seen = await b2.wait_for(stand_in_for_a)
                raise AssertionError(f"a stand-in played for A after the restart: {seen}")
            a2 = await connect(nursery, port, "A", token=a.token)
            a2.ids = a.ids
            snap = await a2.wait_for(lambda m: isinstance(m, Snapshot))
            assert isinstance(snap, Snapshot) and snap.seat == 0
            assert not any(e.get("stand_in") for e in snap.log or ())
            assert a2.legal, "A still has the turn"
            assert isinstance(await a2.act(a2.legal[0]), Ack)
            nursery.cancel_scope.cancel()
    finally:
        proc.kill()
        proc.wait(10)


def bot_then_person(actions: tuple[dict[str, Any], ...] = (), seed: int = 7, **opts: Any
                    ) -> SavedTable:
    """A basic bot (seat 0, on turn), a person B and a person C, in a game as the store
    keeps it: the turn (or +3 window) that B faces starts only after the rebuild (C is
    back at once, so the table does not wait for everyone)."""
    saved = stored_table(actions, seed, players=3, **opts)
    saved.seats[0] = {"name": "Noa", "bot": "basic"}
    return saved


def basic_opens(wanted: Any, **opts: Any) -> int:
    """A seed whose 3-player deal has the basic bot at seat 0 open with a move after
    which ``wanted(game)`` holds."""
    for seed in range(3000):
        game = Game.new(3, seed, engine_options(options(seats=3, **opts)), 0)
        legal = [a for a in game.legal_actions() if a.seat == 0]
        game.apply(make_bot("basic").choose(view_of(game, 0), legal))
        if wanted(game):
            return seed
    raise AssertionError("no such deal")


def basic_opens_with_plus3() -> int:
    """A seed whose deal has the basic bot at seat 0 open with a +3."""
    return basic_opens(lambda game: game.plus3 is not None)


@pytest.mark.trio
async def test_a_turn_timer_started_after_the_rebuild_waits_as_long(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    """The soak's find: B's turn began after the restart (the bot moved first), and its
    timer ran the table's 3 s, not the time B has to come back."""
    seed = basic_opens(lambda game: game.turn == 1 and game.plus3 is None, turn_timer=3)
    table = Table.restore(
        bot_then_person(seed=seed, turn_timer=3), bot_delay=0, stand_in_delay=STAND_IN_DELAY
    )
    nursery.start_soon(table.run)
    listening = trio.current_time()
    await back(table, 2)
    await tick_until(table, mock_clock, listening + STAND_IN_DELAY + CLIENT_RETRY)
    assert table.model.game is not None and table.model.actions  # the bot played
    assert all(a.seat == 0 for a in table.model.actions), "nothing was played for B"
    assert table.model.game.turn == 1
    await tick_until(table, mock_clock, listening + 120)
    assert any(a.seat == 1 for a in table.model.actions), "B's turn runs out in the end"


@pytest.mark.trio
async def test_a_plus3_window_opened_after_the_rebuild_waits_as_long(
    mock_clock: trio.testing.MockClock, nursery: trio.Nursery
) -> None:
    table = Table.restore(
        bot_then_person(seed=basic_opens_with_plus3(), plus3_window=2), bot_delay=0,
        stand_in_delay=STAND_IN_DELAY,
    )
    nursery.start_soon(table.run)
    listening = trio.current_time()
    await back(table, 2)
    await tick_until(table, mock_clock, listening + STAND_IN_DELAY + CLIENT_RETRY)
    model = table.model
    assert model.game is not None and model.game.plus3 is not None  # nobody passed for B
    assert [a.seat for a in table.model.actions] == [0]
