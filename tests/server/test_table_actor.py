"""A table is one actor: its task runs the table's own code, its model's and what it
sends through (ports, the outbox), and never code of a session or of the lobby, so a
table can never wait on, or re-enter, a connection or another table (issue 22)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pytest
import trio

from protocol.messages import (
    Ack,
    AddBot,
    CreateTable,
    Error,
    Join,
    Leave,
    ListTables,
    Snapshot,
    Start,
)
from server.lobby import Lobby
from server.table import Table

from ..support.inbox import Inbox
from ..support.netclient import connect_memory, options, play_out, running_server

FOREIGN = ("server/session.py", "server/lobby.py")


@contextmanager
def calls_from_table_tasks() -> Iterator[list[tuple[str, str]]]:
    """Record every function of FOREIGN files entered while a table's task runs
    (task names ``table tN``, server/lobby.py)."""
    seen: list[tuple[str, str]] = []

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        filename = frame.f_code.co_filename.replace("\\", "/")
        if not filename.endswith(FOREIGN):
            return
        try:
            task = trio.lowlevel.current_task()
        except RuntimeError:
            return
        if task.name.startswith("table "):
            seen.append((filename.rsplit("/", 1)[-1], frame.f_code.co_qualname))

    sys.setprofile(profile)
    try:
        yield seen
    finally:
        sys.setprofile(None)


@pytest.mark.trio
async def test_a_tables_task_never_runs_session_or_lobby_code(
    autojump_clock: trio.abc.Clock,
) -> None:
    async with running_server(bot_delay=0.05) as (server, _, nursery):
        with calls_from_table_tasks() as seen:
            watcher = await connect_memory(nursery, server, "Watcher")
            assert isinstance(await watcher.request(ListTables), Ack)
            alice = await connect_memory(nursery, server, "Alice")
            assert isinstance(await alice.request(CreateTable, options=options()), Ack)
            bob = await connect_memory(nursery, server, "Bob")
            assert isinstance(await bob.request(Join, table="t1"), Ack)
            assert isinstance(await alice.request(AddBot, kind="basic"), Ack)
            assert isinstance(await alice.request(Start), Ack)
            await alice.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None)
            await play_out([alice, bob])
            assert isinstance(await bob.request(Leave), Ack)
            assert isinstance(await alice.request(Leave), Ack)
            await watcher.wait_for(lambda m: m.TYPE == "table_removed")
        assert sorted(set(seen)) == []


@pytest.mark.trio
async def test_a_seat_token_is_found_as_soon_as_its_table_seated_it() -> None:
    """The lobby answers from the notices the tables post, taking in those not yet taken
    first: a token works the moment the join is answered, before the lobby's own task
    has run."""
    async with trio.open_nursery() as nursery:
        lobby = Lobby(nursery)
        table = lobby.create(options())
        _seat, token = await table.join(Inbox("A"))
        found = lobby.find_token(token)
        assert found is not None and found[0] is table and found[1] == 0
        assert lobby.find_token("not-a-token") is None
        assert [info.seats[0].name for info in lobby.infos() if info.seats[0]] == ["A"]
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_stopping_server_has_each_table_tell_its_own_members() -> None:
    async with trio.open_nursery() as nursery:
        lobby = Lobby(nursery)
        table = lobby.create(options())
        seated, watcher = Inbox("A"), Inbox("W")
        await table.join(seated)
        await table.spectate(watcher)
        farewell = Error("server_shutdown", "the server is shutting down")
        lobby.shutdown(farewell)
        with trio.fail_after(30):
            while farewell not in watcher.got or farewell not in seated.got:
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_a_failed_deadline_is_tried_again_and_the_game_goes_on(
    autojump_clock: trio.abc.Clock, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bug raised while carrying out a deadline (here: the first one, a bot's move) is
    logged, and the table's clocks are armed again a moment later, so the bot moves and
    the game ends -- the person waiting on it has nothing to send that would re-arm."""
    failed: list[object] = []
    carry_out_due = Table._on_due

    async def fail_once(self: Table, due: Any) -> Any:
        if not failed:
            failed.append(due)
            raise RuntimeError("a bug in a deadline's handling")
        return await carry_out_due(self, due)

    monkeypatch.setattr(Table, "_on_due", fail_once)
    async with running_server(bot_delay=0.05) as (server, _, nursery):
        alice = await connect_memory(nursery, server, "Alice")
        assert isinstance(await alice.request(CreateTable, options=options()), Ack)
        assert isinstance(await alice.request(AddBot, kind="basic"), Ack)
        assert isinstance(await alice.request(Start), Ack)
        await alice.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None)
        await play_out([alice])
    assert failed
    assert "tick failed" in caplog.text
