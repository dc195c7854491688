"""server/collector.py: no automatic collections while serving, a full one on growth."""

from __future__ import annotations

import gc
from typing import Any

import pytest
import trio

from server import collector

from ..support.netclient import running_server


@pytest.mark.trio
async def test_the_server_owns_the_collector_only_while_it_runs() -> None:
    assert gc.isenabled()
    async with running_server():
        await trio.sleep(0.1)  # the collector task has started
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
    assert gc.isenabled()


@pytest.mark.trio
async def test_cyclic_garbage_is_collected_once_memory_grows(
    autojump_clock: trio.abc.Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(collector, "FLOOR", 10_000)
    monkeypatch.setattr(collector, "GROWTH", 0.0)
    before = gc.get_stats()[2]["collections"]
    async with trio.open_nursery() as nursery:
        nursery.start_soon(collector.run)
        await trio.sleep(1.5)
        assert gc.get_stats()[2]["collections"] == before + 1  # the one at start-up
        cycles: list[Any] = []
        for _ in range(50_000):  # garbage only the collector can free
            a: list[Any] = []
            a.append(a)
            cycles.append(a)
        cycles.clear()
        await trio.sleep(2)
        assert gc.get_stats()[2]["collections"] == before + 2
        nursery.cancel_scope.cancel()
    assert gc.isenabled()
