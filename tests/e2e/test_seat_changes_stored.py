"""Seat changes are stored before anyone is told of them: while the store is down a
change is refused ``unavailable`` (join, add_bot, remove_bot, ...), and a ``leave`` keeps
the seat for the person as a lost connection would, so a server killed during an outage
comes back with the seats everyone was last shown (PROTOCOL.md 5.5)."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
import trio

import server.app
from protocol.messages import (
    Ack,
    AddBot,
    CreateTable,
    Error,
    Join,
    Leave,
    ListTables,
    Message,
    RemoveBot,
    Start,
    TableInfo,
    Tables,
    Timer,
)

from ..support.flaky_store import FlakyStore
from ..support.harness import HOST, ServerProcess
from ..support.netclient import NetClient, connect, options, running_server


def _server_command(data: Path) -> list[str]:
    return [
        sys.executable, "-m", "server.app", "--host", HOST, "--port", "0", "--no-advertise",
        "--ready-json", "--data-dir", str(data), "--bot-delay", "0", "--rate", "100000",
    ]  # fmt: skip


def _seats(info: TableInfo | None) -> list[tuple[str, str | None] | None]:
    """Who holds each seat (name, bot kind): what a restart must give back."""
    assert info is not None
    return [None if s is None else (s.name, s.bot) for s in info.seats]


async def _settled(client: NetClient) -> TableInfo | None:
    """The table as ``client`` was last shown it, once nothing more comes for a while."""
    count = -1
    while count != len(client.received):
        count = len(client.received)
        await trio.sleep(0.5)
    return client.table


def _refused_or_acked(answer: Message) -> bool:
    return isinstance(answer, Ack) or (isinstance(answer, Error) and answer.code == "unavailable")


@pytest.mark.trio
async def test_seats_as_shown_during_an_outage_are_the_seats_after_a_kill(
    tmp_path: Path,
) -> None:
    command = _server_command(tmp_path)
    first = await ServerProcess.start(command, str(tmp_path / "first.log"))
    db: sqlite3.Connection | None = None
    try:
        async with trio.open_nursery() as nursery:
            a = await connect(nursery, first.port, "A")
            assert isinstance(await a.request(CreateTable, options=options(seats=4)), Ack)
            b = await connect(nursery, first.port, "B")
            assert isinstance(await b.request(Join, table="t1"), Ack)
            assert _seats(await _settled(a)) == [("A", None), ("B", None), None, None]

            # The store goes down: another program holds the database's write lock.
            db = sqlite3.connect(tmp_path / "taki.sqlite3", isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            answers = [await a.request(AddBot, kind="basic")]
            c = await connect(nursery, first.port, "C")
            answers.append(await c.request(Join, table="t1"))
            answers.append(await b.request(Leave))
            assert all(_refused_or_acked(x) for x in answers), answers
            shown = _seats(await _settled(a))

            first.process.kill()  # SIGKILL, the store still down
            await first.process.wait()
            nursery.cancel_scope.cancel()
        db.execute("ROLLBACK")
        db.close()
        db = None

        second = await ServerProcess.start(command, str(tmp_path / "second.log"))
        try:
            async with trio.open_nursery() as nursery:
                d = await connect(nursery, second.port, "D")
                assert isinstance(await d.request(ListTables), Ack)
                listed = await d.wait_for(lambda m: isinstance(m, Tables))
                assert isinstance(listed, Tables)
                after = {t.id: _seats(t) for t in listed.tables}
                nursery.cancel_scope.cancel()
        finally:
            await second.stop()
        assert after.get("t1") == shown, (shown, after, answers)
    finally:
        if db is not None:
            db.close()
        await first.stop()


@pytest.mark.trio
async def test_while_the_store_is_down_seat_changes_are_refused_and_go_through_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server.app, "Store", FlakyStore)
    async with running_server(bot_delay=0, data_dir=tmp_path) as (srv, port, nursery):
        a = await connect(nursery, port, "A")
        assert isinstance(await a.request(CreateTable, options=options(seats=4)), Ack)
        assert isinstance(await a.request(AddBot, kind="basic"), Ack)
        store: Any = srv.lobby.store
        table = srv.lobby.tables["t1"]
        store.failing = {"t1", "t2"}  # (t2: the next table made)
        added = await a.request(AddBot, kind="basic")  # the write that finds it down
        assert isinstance(added, Error) and added.code == "unavailable", added
        assert table.model.seats[2] is None  # undone: nothing unstored is kept
        await a.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused")
        b = await connect(nursery, port, "B")
        joined = await b.request(Join, table="t1")
        assert isinstance(joined, Error) and joined.code == "unavailable", joined
        removed = await a.request(RemoveBot, seat=1)
        assert isinstance(removed, Error) and removed.code == "unavailable", removed
        created = await b.request(CreateTable, options=options(seats=2))
        assert isinstance(created, Error) and created.code == "unavailable", created
        assert set(srv.lobby.tables) == {"t1"}  # no table nobody could sit at

        store.failing = set()
        await a.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused"
                         and m.seconds is None, timeout=20)
        assert isinstance(await b.request(Join, table="t1"), Ack)
        assert isinstance(await a.request(RemoveBot, seat=1), Ack)
        assert [s.name if s else None for s in table.model.seats] == ["A", None, "B", None]
        assert isinstance(await a.request(Start), Ack)
        saved = {t.id: t for t in store.load_tables()}["t1"]
        assert saved.state == "playing" and saved.game is not None
        assert [s["name"] if s else None for s in saved.seats] == ["A", "B", None, None]
