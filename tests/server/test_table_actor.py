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
    Join,
    Leave,
    ListTables,
    Snapshot,
    Start,
)

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
