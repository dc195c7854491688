"""A store that cannot write (disk full, directory gone, database locked): the request
is answered, the table pauses and says so, and resumes by itself (issue 11)."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
import trio

import server.app
from protocol.messages import (
    Ack,
    AddBot,
    Chat,
    CreateTable,
    Error,
    Start,
    Timer,
)

from ..support.flaky_store import FlakyStore
from ..support.netclient import connect, next_mover, options, running_server, seated_pair


def actions_stored(path: Path, game: int) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions WHERE game = ?", (game,)).fetchone()[0])


@pytest.mark.trio
async def test_a_full_disk_is_answered_pauses_the_table_and_it_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(server.app, "Store", FlakyStore)
    caplog.set_level(logging.INFO, logger="taki.server")
    async with running_server(bot_delay=0, data_dir=tmp_path) as (srv, port, nursery):
        a, b = await seated_pair(nursery, port)
        store = srv.lobby.store
        assert isinstance(store, FlakyStore)
        t1 = srv.lobby.tables["t1"]
        game = t1.model.game_id
        # Another table on the same server: one person and a bot, whose writes work.
        c = await connect(nursery, port, "C")
        await c.request(CreateTable, options=options(seats=2))
        await c.request(AddBot, kind="basic")
        await c.request(Start, first_seat=0)
        acked = 0
        mover = await next_mover(a, b)
        assert isinstance(await mover.act(mover.legal[0]), Ack)
        acked += 1

        store.failing = {"t1", game}
        mover = await next_mover(a, b)
        seq_before = mover.seq
        answer = await mover.act(mover.legal[0])
        assert isinstance(answer, Error) and answer.code == "unavailable", answer
        assert "cannot save" in answer.message
        for member in (a, b):  # everyone is told, in words, and shown the pause
            told = await member.wait_for(
                lambda m: isinstance(m, Error) and m.id is None and m.code == "unavailable"
            )
            assert isinstance(told, Error) and "cannot save" in told.message
            await member.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused"
                                  and m.seconds is not None)
        assert mover.seq == seq_before  # nothing unstored was told
        assert actions_stored(store.path, game or 0) == acked
        # The connection stays; the same request again is refused again, not remembered.
        again = await mover.act(mover.legal[0])
        assert isinstance(again, Error) and again.code == "unavailable"
        assert isinstance(await mover.request(Chat, text="still here?"), Ack)
        assert not (a.closed or b.closed)

        # The other table plays on meanwhile.
        for _ in range(3):
            with trio.fail_after(10):
                while not c.legal:
                    await trio.sleep(0.01)
            assert isinstance(await c.act(c.legal[0]), Ack)

        await trio.sleep(2)  # a few failed retries (0.5 s, then 1 s, ...)
        store.failing = set()
        for member in (a, b):
            await member.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused"
                                  and m.seconds is None, timeout=20)
        answer = await mover.act(mover.legal[0])
        assert isinstance(answer, Ack), answer
        acked += 1
        assert actions_stored(store.path, game or 0) == acked
        paused = [r for r in caplog.records if "paused" in r.getMessage()]
        resumed = [r for r in caplog.records if "resumed" in r.getMessage()]
        assert len(paused) == 1 and len(resumed) == 1, [r.getMessage() for r in caplog.records]
        assert not any(r.exc_info for r in caplog.records)  # no traceback per tick


@pytest.mark.trio
async def test_a_bot_that_cannot_store_its_move_pauses_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(server.app, "Store", FlakyStore)
    caplog.set_level(logging.INFO, logger="taki.server")
    async with running_server(bot_delay=0.05, data_dir=tmp_path) as (srv, port, nursery):
        c = await connect(nursery, port, "C")
        await c.request(CreateTable, options=options(seats=2))
        await c.request(AddBot, kind="basic")
        await c.request(Start, first_seat=1)  # the bot moves first
        store = srv.lobby.store
        assert isinstance(store, FlakyStore)
        table = srv.lobby.tables["t1"]
        store.failing = {"t1", table.model.game_id}
        await c.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused", timeout=10)
        await trio.sleep(1.5)
        errors = [r for r in caplog.records if r.exc_info]
        assert not errors, errors[0].getMessage()
        assert sum("paused" in r.getMessage() for r in caplog.records) == 1
        store.failing = set()
        await c.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused"
                         and m.seconds is None, timeout=20)
        with trio.fail_after(10):
            while not c.legal:  # the bot moved once it could store it
                await trio.sleep(0.01)
        assert isinstance(await c.act(c.legal[0]), Ack)


@pytest.mark.trio
async def test_a_removed_data_dir_is_answered_not_written_into_the_void(tmp_path: Path) -> None:
    import shutil

    data = tmp_path / "data"
    async with running_server(bot_delay=0, data_dir=data) as (_srv, port, nursery):
        a, b = await seated_pair(nursery, port)
        shutil.rmtree(data)
        mover = await next_mover(a, b)
        answer = await mover.act(mover.legal[0])
        assert isinstance(answer, Error) and answer.code == "unavailable", answer
        await a.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused")
        assert isinstance(await mover.request(Chat, text="hello?"), Ack)
        assert not (a.closed or b.closed)


@pytest.mark.trio
async def test_a_database_locked_by_another_program_is_a_fault_that_passes(
    tmp_path: Path,
) -> None:
    async with running_server(bot_delay=0, data_dir=tmp_path) as (_, port, nursery):
        a, b = await seated_pair(nursery, port)
        other = sqlite3.connect(tmp_path / "taki.sqlite3", isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # e.g. a backup tool holding the write lock
        try:
            mover = await next_mover(a, b)
            answer = await mover.act(mover.legal[0])
            assert isinstance(answer, Error) and answer.code == "unavailable", answer
        finally:
            other.execute("COMMIT")
            other.close()
        await a.wait_for(lambda m: isinstance(m, Timer) and m.kind == "paused"
                         and m.seconds is None, timeout=20)
        assert isinstance(await mover.act(mover.legal[0]), Ack)
