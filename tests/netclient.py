"""A minimal trio client for server tests: real TCP, the shared protocol objects."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import trio

from protocol.connection import ClientConnection
from protocol.messages import (
    Ack,
    Action,
    Error,
    Event,
    GameAction,
    Message,
    Ping,
    Pong,
    Request,
    Snapshot,
)
from protocol.patch import apply_patch


class NetClient:
    """Connects, says hello, sends requests and keeps everything it receives."""

    def __init__(self, stream: trio.SocketStream, name: str) -> None:
        self.stream = stream
        self.name = name
        self.conn = ClientConnection()
        self.received: list[Message] = []
        self.raw: list[bytes] = []
        self.ids = itertools.count(1)
        self.view: dict[str, Any] | None = None
        self.legal: tuple[GameAction, ...] = ()
        self.seat: int | None = None
        self.token: str | None = None
        self.seq = 0
        self.gaps = 0
        self._new = trio.Event()
        self.closed = False

    @classmethod
    async def connect(
        cls, port: int, name: str, *, token: str | None = None, role: str | None = None
    ) -> NetClient:
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        client = cls(stream, name)
        await stream.send_all(client.conn.hello(name, "test/1", token=token, role=role))
        return client

    async def pump(self) -> None:
        """Read until the server closes (run it in a nursery)."""
        try:
            while True:
                data = await self.stream.receive_some(65536)
                self.raw.append(data)
                self.conn.receive_data(data)
                for message in self.conn.messages():
                    self._keep(message)
                    if isinstance(message, Ping):
                        await self.stream.send_all(self.conn.send(Pong(message.nonce)))
                if not data:
                    break
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        finally:
            self.closed = True
            self._new.set()

    def _keep(self, message: Message) -> None:
        self.received.append(message)
        if isinstance(message, Snapshot):
            self.view = message.view
            self.legal = message.legal or ()
            self.seat = message.seat
            self.seq = message.seq
        elif isinstance(message, Event):
            if message.seq != self.seq + 1:
                self.gaps += 1
            self.seq = message.seq
            if message.view is not None and self.view is not None:
                apply_patch(self.view, message.view)
            if message.legal is not None:
                self.legal = message.legal
        elif isinstance(message, Ack) and message.token:
            self.token = message.token
        self._new.set()
        self._new = trio.Event()

    async def wait_for(self, test: Callable[[Message], bool], timeout: float = 10) -> Message:
        """The first message (already received or to come) that passes ``test``."""
        seen = 0
        with trio.fail_after(timeout):
            while True:
                for message in self.received[seen:]:
                    if test(message):
                        return message
                seen = len(self.received)
                if self.closed:
                    raise EOFError("connection closed")
                await self._new.wait()

    async def request(self, message_type: type[Request], **fields: Any) -> Message:
        """Send a request; return its ack or error."""
        rid = next(self.ids)
        message = message_type(id=rid, **fields)
        await self.stream.send_all(self.conn.send(message))
        return await self.wait_for(
            lambda m: isinstance(m, Ack | Error) and getattr(m, "id", None) == rid
        )

    async def act(self, action: GameAction) -> Message:
        return await self.request(Action, action=action)

    async def close(self) -> None:
        await self.stream.aclose()
