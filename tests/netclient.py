"""The trio client of the server tests: ``bench.harness.Client`` (real TCP, the shared
protocol objects), keeping every message it receives."""

from __future__ import annotations

import trio

from bench.harness import Client


class NetClient(Client):
    """Connects, says hello, sends requests and keeps everything it receives
    (``received``, ``wait_for``); ``request(Type, **fields)`` adds the id."""

    software = "test/1"

    def __init__(self, stream: trio.SocketStream, name: str, *, keep: bool = True) -> None:
        super().__init__(stream, name, keep=keep)
