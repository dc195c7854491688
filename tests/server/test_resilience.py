"""Reconnects, stand-in bots, grace periods, limits, and tables that survive kill -9."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest
import trio

from engine import game_from_position
from protocol.messages import (
    Ack,
    AddBot,
    CreateTable,
    Error,
    GameAction,
    ListTables,
    Snapshot,
    Spectate,
    Start,
    TableUpdate,
)
from server.session import Limits
from server.table import Table

from ..support.harness import free_port
from ..support.netclient import (
    NetClient,
    connect,
    next_mover,
    options,
    play_out,
    running_server,
    seated_pair,
)
from ..support.server_process import start_server
from ..support.util import position


async def set_position(server: Any, pos: dict[str, Any]) -> None:
    table: Table = server.lobby.tables["t1"]
    async with table.held():
        table.model.game = game_from_position(pos)
        table.model.state = "playing"
        table.model.invalidate()
        for member in table.model.members:
            member.send(table.model.snapshot(member))
        table._arm()


async def cut_and_return(nursery: trio.Nursery, port: int, client: NetClient) -> NetClient:
    """The client's socket drops; a new connection comes back with its token."""
    token = client.token
    await client.close()
    again = await connect(nursery, port, client.name, token=token)
    await again.wait_for(lambda m: isinstance(m, Snapshot))
    return again


@pytest.mark.trio
async def test_reconnect_mid_turn_gives_back_seat_hand_and_turn() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, _b = await seated_pair(nursery, port)
        assert a.view is not None
        hand = list(a.view["hand"])
        again = await cut_and_return(nursery, port, a)
        assert again.seat == 0 and again.view is not None and again.view["hand"] == hand
        assert any(x.type == "draw" for x in again.legal)
        assert isinstance(await again.act(GameAction("draw")), Ack)


@pytest.mark.trio
async def test_reconnect_inside_a_taki_run() -> None:
    async with running_server(bot_delay=0) as (server, port, nursery):
        a, _b = await seated_pair(nursery, port)
        await set_position(server, position(hands=[["Rtaki", "R3", "R4", "G1"], ["B1", "B3"]]))
        await a.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None
                         and m.view["hand"][0] == "Rtaki")
        await a.act(GameAction("play", card="Rtaki"))
        await a.act(GameAction("play", card="R3"))
        again = await cut_and_return(nursery, port, a)
        assert again.view is not None and again.view["taki"]["cards"] == 1
        kinds = {x.type for x in again.legal}
        assert "close_taki" in kinds and "draw" not in kinds
        assert isinstance(await again.act(GameAction("play", card="R4")), Ack)
        assert isinstance(await again.act(GameAction("close_taki")), Ack)


@pytest.mark.trio
async def test_reconnect_during_the_plus3_window() -> None:
    async with running_server(bot_delay=0) as (server, port, nursery):
        a, b = await seated_pair(nursery, port, 0, plus3_window=30)
        await set_position(server, position(
            hands=[["+3", "G1", "G4"], ["breaker", "B3"]],
        ))
        await a.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None
                         and "+3" in m.view["hand"])
        await a.act(GameAction("play", card="+3"))
        await b.wait_for(lambda m: bool(b.view and b.view["plus3"]))
        again = await cut_and_return(nursery, port, b)
        assert again.view is not None and again.view["plus3"] == {"by": 0, "passed": []}
        assert {x.type for x in again.legal} == {"break", "pass"}
        assert isinstance(await again.act(GameAction("break")), Ack)


@pytest.mark.trio
async def test_reconnect_after_the_game_ended() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=2))
        await a.request(AddBot, kind="basic")
        await a.request(Start)
        await play_out([a])
        again = await cut_and_return(nursery, port, a)
        assert again.view is not None and again.view["over"]


@pytest.mark.trio
async def test_token_misuse_is_refused() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, _b = await seated_pair(nursery, port)
        stranger = await connect(nursery, port, "Eve", token="0" * 32)
        assert stranger.conn.welcome is not None and stranger.conn.welcome.table is None
        answer = await stranger.act(GameAction("draw"))
        assert isinstance(answer, Error) and answer.code == "not_at_table"
        # a spectator presenting a real token is still only a spectator
        peeker = await connect(nursery, port, "Peek", token=a.token, role="spectator")
        assert peeker.conn.welcome is not None and peeker.conn.welcome.table is None
        await peeker.request(Spectate, table="t1")
        answer = await peeker.act(GameAction("draw"))
        assert isinstance(answer, Error) and answer.code == "not_seated"
        assert peeker.view is not None and "hand" not in peeker.view


@pytest.mark.trio
async def test_an_absent_player_gets_a_stand_in_then_returns() -> None:
    async with running_server(bot_delay=0, stand_in_delay=0.3) as (_, port, nursery):
        a, b = await seated_pair(nursery, port)
        token = a.token
        await a.close()  # seat 0 is on turn and gone
        update = await b.wait_for(
            lambda m: isinstance(m, TableUpdate) and bool(m.table.seats[0])
            and m.table.seats[0].stand_in  # type: ignore[union-attr]
        )
        assert isinstance(update, TableUpdate)
        await b.wait_for(lambda m: bool(b.legal))  # the stand-in moved: b's turn
        again = await connect(nursery, port, "A", token=token)
        snap = await again.wait_for(lambda m: isinstance(m, Snapshot))
        assert isinstance(snap, Snapshot) and snap.seat == 0
        seat0 = snap.table.seats[0]
        assert seat0 is not None and not seat0.stand_in and seat0.connected


@pytest.mark.trio
async def test_after_the_grace_period_the_bot_keeps_the_seat() -> None:
    async with running_server(bot_delay=0, stand_in_delay=0.1) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, 0, reconnect_grace=0.5)
        token = a.token
        await a.close()
        await b.wait_for(
            lambda m: isinstance(m, TableUpdate) and bool(m.table.seats[0])
            and m.table.seats[0].bot == "basic"  # type: ignore[union-attr]
            and not m.table.seats[0].stand_in  # type: ignore[union-attr]
        )
        late = await connect(nursery, port, "A", token=token)
        # No seat: the person watches (until the host hands the seat back, see
        # tests/server/test_hand_back.py).
        assert late.conn.welcome is not None and late.conn.welcome.seat is None
        snap = await late.wait_for(lambda m: isinstance(m, Snapshot))
        assert isinstance(snap, Snapshot) and snap.seat is None
        assert snap.view is not None and "hand" not in snap.view


@pytest.mark.trio
async def test_a_second_connection_with_the_token_takes_over() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, _b = await seated_pair(nursery, port)
        other = await connect(nursery, port, "A", token=a.token)
        await other.wait_for(lambda m: isinstance(m, Snapshot))
        err = await a.wait_for(lambda m: isinstance(m, Error))
        assert isinstance(err, Error) and err.code == "replaced"
        with trio.fail_after(5):
            while not a.closed:
                await trio.sleep(0.01)
        assert isinstance(await other.act(GameAction("draw")), Ack)


@pytest.mark.trio
async def test_a_flood_is_rate_limited_then_closed_and_other_tables_play_on() -> None:
    limits = Limits(rate=200, strikes=50)
    async with running_server(bot_delay=0, limits=limits) as (_, port, nursery):
        host = await connect(nursery, port, "Host")
        await host.request(CreateTable, options=options(seats=2))
        await host.request(AddBot, kind="basic")
        await host.request(Start)
        flood = await connect(nursery, port, "Flood")
        frames = b"".join(flood.conn.send(ListTables(id=i)) for i in range(1, 1000))
        await flood.stream.send_all(frames)
        with trio.fail_after(10):
            while not flood.closed:
                await trio.sleep(0.01)
        codes = {m.code for m in flood.received if isinstance(m, Error)}
        assert "rate_limited" in codes
        await play_out([host])


@pytest.mark.trio
async def test_kill_9_and_restart_loses_no_acknowledged_action(tmp_path: Path) -> None:
    port = free_port()
    proc = start_server(tmp_path, port)
    try:
        async with trio.open_nursery() as nursery:
            a, b = await seated_pair(nursery, port)
            for _ in range(6):  # six acknowledged moves
                mover = await next_mover(a, b)
                answer = await mover.act(mover.legal[0])
                assert isinstance(answer, Ack), (answer, a.view, b.view)
            with trio.move_on_after(10):
                while b.seq != a.seq:
                    await trio.sleep(0.01)
            assert b.seq == a.seq, (a.seq, b.seq, a.received[-3:], b.received[-3:])
            before_a, before_b = a.view, b.view
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            proc = start_server(tmp_path, port)
            a2 = await connect(nursery, port, "A", token=a.token)
            b2 = await connect(nursery, port, "B", token=b.token)
            await a2.wait_for(lambda m: isinstance(m, Snapshot))
            await b2.wait_for(lambda m: isinstance(m, Snapshot))
            assert a2.view == {**before_a, "players": a2.view["players"]}  # type: ignore[dict-item,index]
            assert a2.view is not None and before_a is not None
            for key in ("hand", "lead", "turn", "color", "draw_count", "discard_count"):
                assert a2.view[key] == before_a[key], key
            assert b2.view is not None and before_b is not None
            assert b2.view["hand"] == before_b["hand"]
            assert [p["cards"] for p in a2.view["players"]] == [
                p["cards"] for p in before_a["players"]
            ]
            await play_out([a2, b2])
            nursery.cancel_scope.cancel()
    finally:
        proc.kill()
        proc.wait(10)


@pytest.mark.trio
async def test_finished_games_are_kept_as_replays(tmp_path: Path) -> None:
    from engine import Options, action_from_json, replay
    from protocol.messages import GetReplay, ListReplays, Replay, Replays

    async with running_server(bot_delay=0, data_dir=tmp_path) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=2))
        await a.request(AddBot, kind="basic")
        await a.request(Start)
        await play_out([a])
        assert a.view is not None
        await a.request(ListReplays)
        listing = await a.wait_for(lambda m: isinstance(m, Replays))
        assert isinstance(listing, Replays) and len(listing.games) == 1
        info = listing.games[0]
        await a.request(GetReplay, game=info.game)
        got = await a.wait_for(lambda m: isinstance(m, Replay))
        assert isinstance(got, Replay) and got.names == ("A", "Noa")
        o = got.options
        game = replay(
            len(got.names), got.seed,
            [action_from_json(x.to_dict()) for x in got.actions],
            Options(o.stairs, o.must_play_if_able, o.play_for_places), got.first,
        )
        assert game.over and game.winner == got.winner == info.winner
        assert len(game.hands[0]) == a.view["players"][0]["cards"]
        answer = await a.request(GetReplay, game=999)
        assert isinstance(answer, Error) and answer.code == "no_such_game"
