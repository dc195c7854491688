"""The standings of the evening (issue 23): a table counts games, wins, places and
head-to-heads across its games, stores them with the game's last action, keeps a
person's line when they come back with their token, and lists bots as bots."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from protocol.messages import Ack, AddBot, CreateTable, Rematch, Snapshot, Start, TableInfo
from protocol.standings import Standings

from ..support.netclient import NetClient, connect, options, play_out, running_server, seated_pair


async def _standings_after(client: NetClient, games: int) -> Standings:
    """The standings ``client`` is shown once ``games`` games have finished."""
    def shown() -> bool:
        table = client.table
        return (
            table is not None and table.standings is not None
            and table.standings.games >= games
        )

    await client.wait_until(shown, timeout=30)
    assert client.table is not None and client.table.standings is not None
    return client.table.standings


def _by_name(standings: Standings) -> dict[str, tuple[int, int, str | None]]:
    return {line.name: (line.games, line.wins, line.bot) for line in standings.lines}


async def _rematch(host: NetClient, players: list[NetClient]) -> None:
    assert isinstance(await host.request(Rematch), Ack)
    for c in players:
        await c.wait_until(lambda c=c: bool(c.view) and not c.view.get("over"), timeout=30)


@pytest.mark.trio
async def test_standings_count_each_game_and_survive_a_restart(tmp_path: Path) -> None:
    async with running_server(bot_delay=0, data_dir=tmp_path) as (_server, port, nursery):
        a, b = await seated_pair(nursery, port)
        info = a.table
        assert isinstance(info, TableInfo) and info.standings is None  # no game finished yet
        await play_out([a, b])
        first = await _standings_after(a, 1)
        await _rematch(a, [a, b])
        await play_out([a, b])
        second = await _standings_after(b, 2)
        token_a, token_b = a.token, b.token
        nursery.cancel_scope.cancel()
    assert first.games == 1 and sum(line.wins for line in first.lines) == 1
    lines = _by_name(second)
    assert {n: g for n, (g, _w, _b) in lines.items()} == {"A": 2, "B": 2}
    assert sum(w for _g, w, _b in lines.values()) == 2
    (pair,) = second.versus
    assert pair.a_ahead + pair.b_ahead == 2  # each game one of the two won
    async with running_server(bot_delay=0, data_dir=tmp_path) as (_server, port, nursery):
        a2 = await connect(nursery, port, "A", token=token_a)
        await a2.wait_for(lambda m: isinstance(m, Snapshot))
        assert a2.table is not None and a2.table.standings == second
        b2 = await connect(nursery, port, "B", token=token_b)
        await b2.wait_for(lambda m: isinstance(m, Snapshot))
        # Both come back by token: a third game adds to their old lines, no new ones.
        a2.ids, b2.ids = a.ids, b.ids
        await _rematch(a2, [a2, b2])
        await play_out([a2, b2])
        third = await _standings_after(a2, 3)
        assert {n: g for n, (g, _w, _b) in _by_name(third).items()} == {"A": 3, "B": 3}
        assert len(third.lines) == 2
        seats = {line.name: line.seat for line in third.lines}
        assert seats == {"A": 0, "B": 1}
        nursery.cancel_scope.cancel()


@pytest.mark.trio
async def test_bots_are_listed_as_bots_with_places(tmp_path: Path) -> None:
    async with running_server(bot_delay=0, data_dir=tmp_path) as (_server, port, nursery):
        a = await connect(nursery, port, "A")
        opts = options(seats=3, play_for_places=True)
        assert isinstance(await a.request(CreateTable, options=opts), Ack)
        for _ in range(2):
            assert isinstance(await a.request(AddBot, kind="basic"), Ack)
        assert isinstance(await a.request(Start, first_seat=0), Ack)
        await a.wait_until(lambda: bool(a.view), timeout=30)
        await play_out([a])
        standings = await _standings_after(a, 1)
        nursery.cancel_scope.cancel()
    kinds = {line.name: line.bot for line in standings.lines}
    assert kinds["A"] is None
    assert sorted(k for n, k in kinds.items() if n != "A") == ["basic", "basic"]
    # Three players for places: one each of 1st, 2nd and 3rd.
    totals = [0, 0, 0]
    for line in standings.lines:
        for i, count in enumerate(line.places):
            totals[i] += count
    assert totals == [1, 1, 1]
    assert len(standings.versus) == 3
    assert all(v.a_ahead + v.b_ahead == 1 for v in standings.versus)


@pytest.mark.trio
async def test_no_standings_on_the_wire_before_a_game_ends() -> None:
    async with running_server(bot_delay=0) as (_server, port, nursery):
        a = await connect(nursery, port, "A")
        await a.request(CreateTable, options=options(seats=2))
        with trio.fail_after(10):
            while a.table is None:
                await trio.sleep(0.01)
        assert "standings" not in a.table.to_dict()
        nursery.cancel_scope.cancel()
