"""What a restarted server keeps (issue 11): seq, the log, stand-in marks, answers,
and every seat absent with a fresh grace period."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from protocol.messages import Ack, Event, Snapshot, TableUpdate

from ..support.netclient import connect, running_server, seated_pair


@pytest.mark.trio
async def test_a_restart_keeps_seq_log_and_stand_in_marks(tmp_path: Path) -> None:
    async with running_server(bot_delay=0, stand_in_delay=0.1, data_dir=tmp_path) as (
        first, port, nursery,
    ):
        a, b = await seated_pair(nursery, port)  # A (seat 0) is on turn
        old = first.lobby.tables["t1"]
        token_a, token_b = a.token, b.token
        await a.close()
        marked = await b.wait_for(
            lambda m: isinstance(m, Event) and m.event.get("seat") == 0
            and m.event.get("stand_in") is True
        )
        assert isinstance(marked, Event)
        with trio.fail_after(10):
            while not b.legal:
                await trio.sleep(0.01)
        assert isinstance(await b.act(b.legal[0]), Ack)
        nursery.cancel_scope.cancel()
    seq = old.model.seq  # (the stand-in may have moved again meanwhile)
    async with running_server(bot_delay=0, stand_in_delay=30, data_dir=tmp_path) as (
        server, port, nursery,
    ):
        table = server.lobby.tables["t1"]
        assert table.model.seq == seq
        # Every person's seat is absent: the table waits for them, no grace runs out.
        assert all(s is not None and s.member is None for s in table.model.seats)
        assert table.model.clocks.everyone_away() and table.model.info().all_away
        grace = table.options.reconnect_grace
        a2 = await connect(nursery, port, "A", token=token_a)
        a2.ids = a.ids  # ids never repeat within a seat's life
        snap = await a2.wait_for(lambda m: isinstance(m, Snapshot))
        # A is back: B's seat has a full grace period from then.
        assert table.model.clocks.grace_due() == pytest.approx(trio.current_time() + grace, abs=5)
        assert isinstance(snap, Snapshot) and snap.seq == seq and snap.seat == 0
        log = list(snap.log or ())
        assert log and log[-1]["seq"] == seq
        seqs = [e["seq"] for e in log]
        assert seqs == list(range(seqs[0], seq + 1))  # numbered as they were
        assert any(e.get("stand_in") and e.get("seat") == 0 and e["kind"] == marked.event["kind"]
                   for e in log)
        assert not any(e.get("stand_in") and e.get("seat") == 1 for e in log)
        b2 = await connect(nursery, port, "B", token=token_b)
        b2.ids = b.ids
        await b2.wait_for(lambda m: isinstance(m, Snapshot))
        mover = a2 if a2.legal else b2
        assert isinstance(await mover.act(mover.legal[0]), Ack)
        event = await mover.wait_for(lambda m: isinstance(m, Event))
        assert isinstance(event, Event) and event.seq == seq + 1  # seq continues


@pytest.mark.trio
async def test_a_stand_in_waits_its_delay_counted_from_the_restart(tmp_path: Path) -> None:
    """(and the time a person needs to come back, ``return_time``: here 1 s; its
    default is pinned in tests/server/test_restart_stand_in.py)"""
    async with running_server(bot_delay=0, data_dir=tmp_path) as (_, port, nursery):
        _a, b = await seated_pair(nursery, port)
        token_b, ids_b = b.token, b.ids
        nursery.cancel_scope.cancel()
    async with running_server(
        bot_delay=0, stand_in_delay=1, return_time=1, data_dir=tmp_path
    ) as (
        server, port, nursery,
    ):
        b2 = await connect(nursery, port, "B", token=token_b)
        b2.ids = ids_b
        await b2.wait_for(lambda m: isinstance(m, Snapshot))
        assert not server.lobby.tables["t1"].model.seats[0].stand_in  # type: ignore[union-attr]
        update = await b2.wait_for(
            lambda m: isinstance(m, TableUpdate) and bool(m.table.seats[0])
            and m.table.seats[0].stand_in  # type: ignore[union-attr]
        )
        assert isinstance(update, TableUpdate)
        with trio.fail_after(10):
            while not b2.legal:  # the stand-in played A's turn
                await trio.sleep(0.01)
        assert isinstance(await b2.act(b2.legal[0]), Ack)


@pytest.mark.trio
async def test_the_replay_marks_the_moves_a_stand_in_made(tmp_path: Path) -> None:
    from protocol.messages import GetReplay, Replay

    from ..support.netclient import play_out

    async with running_server(bot_delay=0, stand_in_delay=0.05, data_dir=tmp_path) as (
        _, port, nursery,
    ):
        a, b = await seated_pair(nursery, port)
        await a.close()  # A never comes back: a stand-in plays every move of seat 0
        await play_out([b])
        await b.request(GetReplay, table="t1")
        live = await b.wait_for(lambda m: isinstance(m, Replay))
        nursery.cancel_scope.cancel()
    assert isinstance(live, Replay)
    assert {x.stand_in for x in live.actions if x.seat == 0} == {True}
    assert {x.stand_in for x in live.actions if x.seat == 1} == {False}
    async with running_server(bot_delay=0, data_dir=tmp_path) as (_, port, nursery):
        c = await connect(nursery, port, "C")
        await c.request(GetReplay, game=live.game)
        stored = await c.wait_for(lambda m: isinstance(m, Replay))
        assert isinstance(stored, Replay) and stored.actions == live.actions
