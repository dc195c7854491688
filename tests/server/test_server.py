"""The trio server over real loopback TCP: lobby, play, spectate, timers, tokens."""

from __future__ import annotations

from typing import Any

import pytest
import trio
import trio.testing

from engine.cards import CODES
from protocol.messages import (
    Ack,
    AddBot,
    Chat,
    ChatLine,
    CreateTable,
    Error,
    Event,
    GameAction,
    Join,
    Leave,
    ListTables,
    Rematch,
    Snapshot,
    Spectate,
    Start,
    TableRemoved,
    TableUpdate,
    Timer,
)
from server.session import Limits

from ..support.inbox import Inbox, two_started
from ..support.netclient import (
    NetClient,
    connect,
    connect_memory,
    next_mover,
    options,
    play_out,
    running_server,
    seated_pair,
)


def hidden_cards_free(message: Any, seat: int | None) -> None:
    """No frame for ``seat`` (None: spectator) shows a hand or drawn card not its own."""
    if isinstance(message, Snapshot | Event):
        view = message.view if isinstance(message, Snapshot) else None
        if view is not None and seat is None:
            assert "hand" not in view
        if isinstance(message, Event):
            if message.event.get("seat") != seat:
                assert "cards" not in message.event
            if seat is None and message.view:
                assert not any(k == "hand" or k.startswith("hand.") for k in message.view)
            if message.view and any(k.split(".")[0] == "hands" for k in message.view):
                assert message.view.get("over") is True  # every hand: only at the end


@pytest.mark.trio
async def test_create_join_start_and_play_to_the_end_with_bots(
    autojump_clock: trio.abc.Clock,
) -> None:
    """In memory under the autojump clock: the bots' delay costs no real time."""
    async with running_server(bot_delay=0.05) as (server, _, nursery):
        alice = await connect_memory(nursery, server, "Alice")
        ack = await alice.request(CreateTable, options=options())
        assert isinstance(ack, Ack) and ack.table == "t1" and ack.seat == 0 and ack.token
        bob = await connect_memory(nursery, server, "Bob")
        ack = await bob.request(Join, table="t1")
        assert isinstance(ack, Ack) and ack.seat == 1
        for kind in ("basic", "random"):
            assert isinstance(await alice.request(AddBot, kind=kind), Ack)
        assert isinstance(await alice.request(Start), Ack)
        await alice.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None)
        await play_out([alice, bob])
        assert alice.view is not None and alice.view["over"]
        assert alice.gaps == 0 and bob.gaps == 0
        # both ended with the same public state
        assert bob.view is not None
        assert alice.view["players"] == bob.view["players"]


@pytest.mark.trio
async def test_spectator_sees_every_event_and_never_a_hidden_card() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        host = await connect(nursery, port, "Host")
        await host.request(CreateTable, options=options(seats=3))
        await host.request(AddBot, kind="basic")
        await host.request(AddBot, kind="basic")
        watcher = await connect(nursery, port, "Watcher", role="spectator")
        ack = await watcher.request(Spectate, table="t1")
        assert isinstance(ack, Ack)
        await host.request(Start)
        await play_out([host])
        await watcher.wait_for(lambda m: isinstance(m, Event) and m.seq == host.seq)
        assert watcher.view is not None and "hand" not in watcher.view
        # at the end everyone sees every hand left, the spectator too
        assert watcher.view["over"] and host.view is not None
        assert watcher.view["hands"] == host.view["hands"]
        assert watcher.view["hands"][0] == host.view["hand"]
        for message in watcher.received:
            hidden_cards_free(message, None)
        for message in host.received:
            hidden_cards_free(message, 0)
        # and in the raw bytes: no map key "hand" ever reached the spectator
        assert b"\xa4hand" not in b"".join(watcher.raw)
        assert watcher.gaps == 0


@pytest.mark.trio
async def test_illegal_and_out_of_turn_actions_are_refused_with_codes() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, first=0)
        answer = await b.act(GameAction("draw"))
        assert isinstance(answer, Error) and answer.code == "not_your_turn"
        answer = await a.act(GameAction("play", card="R2"))
        assert isinstance(answer, Error) and answer.code == "bad_action"
        missing = next(c for c in sorted(CODES) if a.view and c not in a.view["hand"])
        answer = await a.act(GameAction("play", card=missing))
        assert isinstance(answer, Error) and answer.code == "card_not_in_hand"
        answer = await a.act(GameAction("close_taki"))
        assert isinstance(answer, Error) and answer.code == "illegal_action"
        answer = await a.act(GameAction("draw", seat=1))  # another seat: refused
        assert isinstance(answer, Error) and answer.code == "bad_action"
        answer = await a.act(GameAction("draw", seat=0))  # one's own seat, named: fine
        assert isinstance(answer, Ack)


@pytest.mark.trio
async def test_a_retried_request_id_is_applied_once() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, _b = await seated_pair(nursery, port, first=0)
        from protocol.messages import Action

        frame = a.conn.send(Action(id=99, action=GameAction("draw")))
        await a.stream.send_all(frame)
        await a.stream.send_all(frame)
        with trio.move_on_after(0.5):
            await a.wait_for(lambda m: False)
        acks = [m for m in a.received if isinstance(m, Ack) and m.id == 99]
        assert len(acks) == 2
        assert a.view is not None and len(a.view["hand"]) == 9  # drew once, not twice


@pytest.mark.trio
async def test_reclaim_a_seat_with_its_token() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, first=1)
        assert b.view is not None
        hand = list(b.view["hand"])
        token = b.token
        await b.close()
        await a.wait_for(
            lambda m: isinstance(m, TableUpdate) and m.table.seats[1] is not None
            and not m.table.seats[1].connected
        )
        again = await connect(nursery, port, "B-again", token=token)
        snap = await again.wait_for(lambda m: isinstance(m, Snapshot))
        assert isinstance(snap, Snapshot) and snap.seat == 1
        assert again.view is not None and again.view["hand"] == hand
        assert any(x.type == "draw" for x in again.legal)  # still their turn
        assert isinstance(await again.act(GameAction("draw")), Ack)


@pytest.mark.trio
async def test_a_second_connection_with_the_token_replaces_the_first() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=2))
        other = await connect(nursery, port, "A2", token=a.token)
        await other.wait_for(lambda m: isinstance(m, Snapshot))
        err = await a.wait_for(lambda m: isinstance(m, Error))
        assert isinstance(err, Error) and err.code == "replaced"


@pytest.mark.trio
async def test_lobby_sees_tables_change_live() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        watcher = await connect(nursery, port, "Watcher")
        await watcher.request(ListTables)
        host = await connect(nursery, port, "Host")
        await host.request(CreateTable, options=options(seats=3))
        update = await watcher.wait_for(lambda m: isinstance(m, TableUpdate))
        assert isinstance(update, TableUpdate) and update.table.options.name == "Friday"
        await host.request(AddBot, kind="random")
        await watcher.wait_for(
            lambda m: isinstance(m, TableUpdate) and m.table.seats[1] is not None
        )
        await host.request(Leave)
        removed = await watcher.wait_for(lambda m: isinstance(m, TableRemoved))
        assert isinstance(removed, TableRemoved) and removed.table == "t1"


@pytest.mark.trio
async def test_host_role_passes_on_when_the_host_leaves() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=3))
        b = await connect(nursery, port, "B")
        await b.request(Join, table="t1")
        answer = await b.request(AddBot, kind="basic")
        assert isinstance(answer, Error) and answer.code == "not_host"
        await a.request(Leave)
        update = await b.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.host == 1)
        assert isinstance(update, TableUpdate)
        assert isinstance(await b.request(AddBot, kind="basic"), Ack)


@pytest.mark.trio
async def test_host_role_comes_back_when_the_host_reconnects() -> None:
    """A host whose connection drops hands the role on for the while (the table is
    not stuck without one) and has it back on reconnecting with the seat's token."""
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=3))
        token = a.token
        b = await connect(nursery, port, "B")
        await b.request(Join, table="t1")
        await a.close()
        await b.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.host == 1)
        again = await connect(nursery, port, "A-again", token=token)
        await again.wait_for(lambda m: isinstance(m, Snapshot))
        back = await b.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.host == 0)
        assert isinstance(back, TableUpdate)
        assert isinstance(await again.request(AddBot, kind="basic"), Ack)
        answer = await b.request(AddBot, kind="basic")
        assert isinstance(answer, Error) and answer.code == "not_host"


@pytest.mark.trio
async def test_a_host_lent_the_role_while_away_keeps_its_claim_over_the_borrower() -> None:
    """A drops (B is host), then B drops too (C is host): B coming back gets nothing, it
    only borrowed the role; A coming back is host again."""
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=3))
        b = await connect(nursery, port, "B")
        await b.request(Join, table="t1")
        c = await connect(nursery, port, "C")
        await c.request(Join, table="t1")
        tokens = a.token, b.token
        await a.close()
        await c.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.host == 1)
        await b.close()
        await c.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.host == 2)
        b2 = await connect(nursery, port, "B", token=tokens[1])
        snap = await b2.wait_for(lambda m: isinstance(m, Snapshot))
        assert isinstance(snap, Snapshot) and snap.seat == 1 and snap.table.host == 2
        a2 = await connect(nursery, port, "A", token=tokens[0])
        await a2.wait_for(lambda m: isinstance(m, Snapshot))
        back = await c.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.host == 0)
        assert isinstance(back, TableUpdate)


@pytest.mark.trio
async def test_names_are_cleaned_and_made_unique() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "Dana")
        await a.request(CreateTable, options=options(seats=3))
        b = await connect(nursery, port, "dana")
        await b.request(Join, table="t1")
        update = await a.wait_for(lambda m: isinstance(m, TableUpdate) and m.table.seats[1])
        assert isinstance(update, TableUpdate)
        seat = update.table.seats[1]
        assert seat is not None and seat.name == "dana (2)"
        evil = await NetClient.connect(port, "\x1b[31mred\x1b[0m")
        nursery.start_soon(evil.pump)
        err = await evil.wait_for(lambda m: isinstance(m, Error))
        assert isinstance(err, Error) and err.code == "bad_message"


@pytest.mark.trio
async def test_chat_reaches_the_table_and_marks_spectators() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=2))
        s = await connect(nursery, port, "S", role="spectator")
        await s.request(Spectate, table="t1")
        await s.request(Chat, text="hi \x1b[2J there")
        line = await a.wait_for(lambda m: isinstance(m, ChatLine))
        assert isinstance(line, ChatLine) and line.spectator and "\x1b" not in line.text
        answer = await s.request(Start)
        assert isinstance(answer, Error) and answer.code == "not_allowed"


@pytest.mark.trio
async def test_rematch_after_the_game() -> None:
    async with running_server(bot_delay=0) as (_, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=2))
        await a.request(AddBot, kind="basic")
        await a.request(Start)
        await play_out([a])
        assert isinstance(await a.request(Rematch), Ack)
        await a.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None
                         and not m.view["over"])


def test_plus3_window_closes_on_its_timer_as_pass() -> None:
    """Under MockClock: a human sits silent in the window; it closes after 4 s."""
    clock = trio.testing.MockClock(autojump_threshold=0)
    # The window runs inside the table; drive a table directly with in-memory members.
    from engine import game_from_position
    from server.table import Table

    from ..support.util import position

    async def scenario() -> None:
        table = Table("t1", options(seats=3, plus3_window=4), bot_delay=0.5)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            people = [Inbox("A"), Inbox("B"), Inbox("C")]
            for p in people:
                await table.join(p)
            pos = position(hands=[["+3", "R1", "R3"], ["G1", "G3"], ["B1", "B3"]])
            async with table.held():
                table.model.game = game_from_position(pos)
                table.model.state = "playing"
            await table.act(people[0], GameAction("play", card="+3"))
            assert table.model.game.plus3 is not None
            timers = [m for m in people[1].got if isinstance(m, Timer)]
            assert timers and timers[-1].kind == "plus3" and timers[-1].seconds == 4
            start = trio.current_time()
            await table.act(people[2], GameAction("pass"))
            while table.model.game.plus3 is not None:
                await trio.sleep(0.1)
            assert trio.current_time() - start == pytest.approx(4, abs=0.2)
            assert [len(h) for h in table.model.game.hands] == [2, 5, 5]
            nursery.cancel_scope.cancel()

    trio.run(scenario, clock=clock)


def test_turn_timer_plays_the_safe_default() -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)
    from server.table import Table

    async def scenario() -> None:
        table = Table("t1", options(seats=2, turn_timer=30), bot_delay=0.5)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            await two_started(table)
            assert table.model.game is not None
            start = trio.current_time()
            await trio.sleep(29)
            assert table.model.game.turn == 0 and not table.model.actions
            await trio.sleep(2)
            assert [x.type for x in table.model.actions] == ["draw"]
            assert table.model.game.turn == 1
            assert trio.current_time() - start >= 30
            nursery.cancel_scope.cancel()

    trio.run(scenario, clock=clock)


@pytest.mark.trio
async def test_handshake_errors_close_the_connection(autojump_clock: trio.abc.Clock) -> None:
    """In memory under the autojump clock: the hello timeout passes without waiting."""
    async with running_server(limits=Limits(hello_timeout=0.5, rate=100_000)) as (server, _, n):
        stream, server_end = trio.testing.memory_stream_pair()
        n.start_soon(server.handle, server_end)
        await stream.send_all(b"\x00\x00\x00\x02\x81\xa1")  # a truncated map, then silence
        data = b""
        with trio.fail_after(5):
            while chunk := await stream.receive_some(4096):
                data += chunk
        assert b"timeout" in data or b"bad_frame" in data
        stream, server_end = trio.testing.memory_stream_pair()
        n.start_soon(server.handle, server_end)
        await stream.send_all(b"\xff\xff\xff\xff")  # 4 GiB declared
        data = b""
        with trio.fail_after(5):
            while chunk := await stream.receive_some(4096):
                data += chunk
        assert b"frame_too_large" in data


@pytest.mark.trio
async def test_a_client_that_never_reads_is_dropped_and_the_table_plays_on() -> None:
    import socket

    from protocol.connection import ClientConnection

    limits = Limits(queue_size=64, send_buffer=4096, rate=100_000)
    async with running_server(bot_delay=0, limits=limits) as (server, port, nursery):
        host = await connect(nursery, port, "Host")
        await host.request(CreateTable, options=options(seats=2))
        await host.request(AddBot, kind="basic")
        lazy = await trio.open_tcp_stream("127.0.0.1", port)
        lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        conn = ClientConnection()
        await lazy.send_all(conn.hello("Lazy", "test/1", role="spectator"))
        conn.receive_data(await lazy.receive_some(65536))  # the welcome; then never again
        list(conn.messages())
        await lazy.send_all(conn.send(Spectate(id=1, table="t1")))
        with trio.fail_after(5):
            while len(server.sessions) < 2:
                await trio.sleep(0.01)
        await host.request(Start)
        for i in range(400):  # a chatty table: far more than the lazy reader can hold
            await host.request(Chat, text=f"line {i} " + "x" * 400)
        with trio.fail_after(10):
            while len(server.sessions) > 1:
                await trio.sleep(0.01)
        await play_out([host])
        assert host.view is not None and host.view["over"]
        await lazy.aclose()


def test_snapshot_json_safe() -> None:
    """Snapshots and events are plain data: the client can log them as JSON."""
    from server.table import Table

    async def scenario() -> None:
        table = Table("t1", options(seats=2), bot_delay=0)
        me = Inbox("A")
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            await table.join(me)
            await table.add_bot(me, "basic")
            await table.start(me)
            nursery.cancel_scope.cancel()

    trio.run(scenario)


@pytest.mark.trio
async def test_a_retry_after_reconnect_is_applied_once() -> None:
    from protocol.messages import Action

    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, first=1)
        await b.stream.send_all(b.conn.send(Action(id=77, action=GameAction("draw"))))
        await b.wait_for(lambda m: isinstance(m, Ack) and m.id == 77)
        await b.close()
        again = await connect(nursery, port, "B", token=b.token)
        await again.wait_for(lambda m: isinstance(m, Snapshot))
        assert again.view is not None
        cards = len(again.view["hand"])
        await again.stream.send_all(again.conn.send(Action(id=77, action=GameAction("draw"))))
        ack = await again.wait_for(lambda m: isinstance(m, Ack | Error) and m.id == 77)
        assert isinstance(ack, Ack)  # the first answer, again
        await a.wait_for(lambda m: isinstance(m, Event) and m.seq >= 2)
        assert again.view is not None and len(again.view["hand"]) == cards


@pytest.mark.trio
async def test_clients_vanishing_mid_stream_never_hurt_the_server() -> None:
    import socket
    import struct

    async with running_server(bot_delay=0) as (server, port, nursery):
        host = await connect(nursery, port, "Host")
        await host.request(CreateTable, options=options(seats=2))
        await host.request(AddBot, kind="basic")
        watchers = []
        for i in range(6):
            w = await connect(nursery, port, f"W{i}", role="spectator")
            await w.request(Spectate, table="t1")
            watchers.append(w)
        await host.request(Start)
        for w in watchers:  # reset, not a polite close: the server's sends fail
            w.stream.socket.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
            )
            await w.close()
        await play_out([host])
        late = await connect(nursery, port, "Late")
        ack = await late.request(ListTables)
        assert isinstance(ack, Ack)
        with trio.fail_after(5):
            while len(server.sessions) > 2:
                await trio.sleep(0.01)


@pytest.mark.trio
async def test_an_action_meant_for_an_older_state_is_stale() -> None:
    from protocol.messages import Action

    async with running_server(bot_delay=0) as (_, port, nursery):
        a, _b = await seated_pair(nursery, port, first=0)
        answer = await a.request(Action, action=GameAction("draw"), seq=a.seq + 5)
        assert isinstance(answer, Error) and answer.code == "stale"
        answer = await a.request(Action, action=GameAction("draw"), seq=a.seq)
        assert isinstance(answer, Ack)


@pytest.mark.trio
async def test_an_answer_never_overtakes_the_answer_to_an_earlier_action() -> None:
    """The table answers an action while the session reads on (one task switch less):
    a ping sent right behind each action is answered after the action's ack."""
    from protocol.messages import Action, Ping, Pong

    async with running_server(bot_delay=0) as (_, port, nursery):
        a, b = await seated_pair(nursery, port, first=0)
        for nonce in range(1, 21):
            mover = await next_mover(a, b)
            rid = mover.next_id()
            action = Action(id=rid, action=mover.legal[0])
            mover.legal = ()
            await mover.send(mover.conn.send(action) + mover.conn.send(Ping(nonce)))
            await mover.wait_for(
                lambda m, n=nonce: isinstance(m, Pong) and m.nonce == n, timeout=30
            )
            kinds = [
                "answer" if isinstance(m, Ack | Error) and m.id == rid else "pong"
                for m in mover.received
                if (isinstance(m, Ack | Error) and m.id == rid)
                or (isinstance(m, Pong) and m.nonce == nonce)
            ]
            assert kinds == ["answer", "pong"]
            if a.view and a.view.get("over"):
                break


@pytest.mark.trio
async def test_an_action_waiting_at_a_table_that_closes_is_refused() -> None:
    from protocol.messages import Action

    async with running_server(bot_delay=0) as (server, port, nursery):
        a, _b = await seated_pair(nursery, port, first=0)
        table = server.lobby.tables["t1"]
        async with table.held():  # the action waits in the table's mailbox
            rid = a.next_id()
            await a.send(a.conn.send(Action(id=rid, action=GameAction("draw"))))
            await trio.testing.wait_all_tasks_blocked(0.05)
            table.close()
        answer = await a.wait_for(
            lambda m: isinstance(m, Ack | Error) and m.id == rid, timeout=30
        )
        assert isinstance(answer, Error) and answer.code == "no_such_table"
