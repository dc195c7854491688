"""Table members with no socket, for driving a ``server.table.Table`` directly (no
network, so trio's MockClock or autojump clock can run the table's time): ``Inbox``
keeps what it is sent, ``Follower`` also keeps the legal list as a client must, and
``two_started`` / ``tick_until`` set up and advance such a table."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import trio
import trio.testing

from protocol.dedupe import RecentIds
from protocol.messages import Event, GameAction, Snapshot

if TYPE_CHECKING:
    from server.table import Table

Legal = set[tuple[str, str | None, str | None]]
"""A legal list as (type, card, color) triples, comparable whatever its order."""


class Inbox:
    """A table member with no socket: it keeps what it is sent (as messages)."""

    version = 1

    def __init__(self, name: str) -> None:
        self.name = name
        self.got: list[Any] = []
        self.recent: RecentIds[Any] = RecentIds()

    def send(self, message: Any) -> None:
        json.dumps(message.to_dict())  # plain data, loggable as JSON
        self.got.append(message)

    def send_encoded(self, data: bytes) -> None:
        from protocol import FrameDecoder, decode_message

        decoder = FrameDecoder()
        decoder.receive_data(data)  # one frame or several back to back
        frame = decoder.next_frame()
        assert frame is not None
        while frame is not None:
            self.got.append(decode_message(frame))
            frame = decoder.next_frame()
        assert decoder.buffered == 0

    def close_soon(self) -> None:
        pass


class Follower(Inbox):
    """A member that keeps the legal list as a client must (PROTOCOL.md 6.1)."""

    @property
    def legal(self) -> Legal:
        current: tuple[GameAction, ...] = ()
        for message in self.got:
            if isinstance(message, Snapshot):
                current = message.legal or ()  # a snapshot without it: none
            elif isinstance(message, Event) and message.legal is not None:
                current = message.legal  # absent: unchanged
        return {(a.type, a.card, a.color) for a in current}


async def two_started(table: Table) -> tuple[Inbox, Inbox]:
    """Members A and B seated at ``table`` (driven directly, no network), seat 0 to play."""
    a, b = Inbox("A"), Inbox("B")
    await table.join(a)
    await table.join(b)
    await table.start(a, first_seat=0)
    return a, b


async def tick_until(table: Table, clock: trio.testing.MockClock, until: float) -> None:
    """Move the clock a quarter second at a time to ``until``, doing what falls due."""
    while trio.current_time() < until:
        clock.jump(0.25)
        await table.tick()
