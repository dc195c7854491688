"""The trio server tests' helpers, in one place: ``NetClient`` (the harness client,
keeping every message), a server on a loopback port (``running_server``), clients over
TCP (``connect``) or over an in-memory stream pair (``connect_memory``: no socket, so
pytest-trio's ``autojump_clock`` can skip the waits), and two players at a dealt table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import trio
import trio.testing

from protocol.messages import Ack, CreateTable, Join, Snapshot, Start, TableOptions
from server.app import Server, serve
from server.session import Limits

from .harness import Client


class NetClient(Client):
    """Connects, says hello, sends requests and keeps everything it receives
    (``received``, ``raw``, ``wait_for``); ``request(Type, **fields)`` adds the id."""

    software = "test/1"

    def __init__(self, stream: trio.abc.Stream, name: str, *, keep: bool = True) -> None:
        super().__init__(stream, name, keep=keep)


@asynccontextmanager
async def running_server(**kwargs: Any) -> AsyncIterator[tuple[Server, int, trio.Nursery]]:
    """``serve`` on a loopback port (test players act at machine speed: no rate limit to
    speak of); yields (server, port, a nursery for the clients)."""
    kwargs.setdefault("limits", Limits(rate=100_000))
    async with trio.open_nursery() as nursery:
        server, port = await nursery.start(
            lambda task_status: serve("127.0.0.1", 0, task_status=task_status, **kwargs)
        )
        yield server, port, nursery
        nursery.cancel_scope.cancel()


async def connect(nursery: trio.Nursery, port: int, name: str, **kw: Any) -> NetClient:
    """A client over TCP, pumping, welcomed."""
    client = await NetClient.connect(port, name, **kw)
    nursery.start_soon(client.pump)
    await client.wait_for(lambda m: m.TYPE == "welcome")
    return client


async def connect_memory(
    nursery: trio.Nursery, server: Server, name: str, *, token: str | None = None,
    role: str | None = None,
) -> NetClient:  # fmt: skip
    """A client over an in-memory stream pair straight into ``server``, pumping, welcomed."""
    client_end, server_end = trio.testing.memory_stream_pair()
    nursery.start_soon(server.handle, server_end)
    client = NetClient(client_end, name)
    await client.send(client.conn.hello(name, client.software, token=token, role=role))
    nursery.start_soon(client.pump)
    await client.wait_for(lambda m: m.TYPE == "welcome")
    return client


def options(**kw: Any) -> TableOptions:
    base: dict[str, Any] = {"name": "Friday", "seats": 4}
    base.update(kw)
    return TableOptions(**base)


async def seated_pair(
    nursery: trio.Nursery, port: int, first: int = 0, **opts: Any
) -> tuple[NetClient, NetClient]:
    """Players A and B at a new 2-seat table t1, dealt, seat ``first`` to start."""
    a = await connect(nursery, port, "A")
    await a.request(CreateTable, options=options(seats=2, **opts))
    b = await connect(nursery, port, "B")
    await b.request(Join, table="t1")
    await a.request(Start, first_seat=first)
    for c in (a, b):
        await c.wait_for(lambda m: isinstance(m, Snapshot) and m.view is not None)
    return a, b


async def next_mover(a: NetClient, b: NetClient) -> NetClient:
    """Whichever of the pair has legal actions, once one has."""
    with trio.fail_after(10):
        while not (a.legal or b.legal):
            await trio.sleep(0.01)
    return a if a.legal else b


async def play_out(clients: list[NetClient], limit: int = 5000) -> None:
    """Each client plays its first legal action whenever it has one, to the game's end,
    saying "last card" with every play (as ``clientkit.play_to_the_end`` does: a
    declaration with more cards left does nothing, and without it a game drags on with
    a draw of 4 at every last card).

    A refused action is not sent again until the client has heard of a change (a new
    seq) or a quarter second has passed: resending a list the server already moved past
    every 10 ms flooded the rate limit on a loaded machine, and the server closed the
    connection (``flooding``)."""
    refused_at: dict[int, tuple[int, float]] = {}  # client -> (seq, when) of a refusal
    for _ in range(limit):
        if any(c.view and c.view.get("over") for c in clients):
            return
        assert not any(c.closed for c in clients), "a player's connection was closed"
        moved = False
        for i, c in enumerate(clients):
            seen = refused_at.get(i)
            if seen is not None and seen[0] == c.seq and trio.current_time() < seen[1] + 0.25:
                continue  # (wait for news, or a quarter second, before trying again)
            if c.legal and c.view and not c.view.get("over"):
                move = c.legal[0]
                if move.type == "play":
                    move = replace(move, last_card=True)
                answer = await c.act(move)
                if isinstance(answer, Ack):
                    moved = True
                    refused_at.pop(i, None)
                else:
                    refused_at[i] = (c.seq, trio.current_time())
        if not moved:
            await trio.sleep(0.01)
    raise AssertionError("the game did not end")
