"""A real taki server on a loopback port, in its own thread and trio loop.

The Textual client runs on asyncio, so its tests start the trio server beside it in a
thread; ``call`` runs a function in the server's thread (tables are not thread-safe).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

import trio

from server.app import Server, serve


class ServerThread:
    """``serve("127.0.0.1", port, **kwargs)`` in a thread; a context manager. ``port``
    0: any free one; a given one brings a stopped server back where its clients look."""

    def __init__(self, port: int = 0, **kwargs: Any) -> None:
        self.kwargs: dict[str, Any] = {"bot_delay": 0.05, **kwargs}
        self.port = port
        self.server: Server | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self._cancel: trio.CancelScope | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=trio.run, args=(self._main,), daemon=True)

    async def _main(self) -> None:
        self._token = trio.lowlevel.current_trio_token()
        with trio.CancelScope() as scope:
            self._cancel = scope
            async with trio.open_nursery() as nursery:
                self.server, self.port = await nursery.start(
                    lambda task_status: serve(
                        "127.0.0.1", self.port, task_status=task_status, **self.kwargs
                    )
                )
                self._ready.set()

    def start(self) -> None:
        self._thread.start()
        assert self._ready.wait(10)

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` in the server's thread."""
        return trio.from_thread.run_sync(fn, trio_token=self._token)

    def stop(self) -> None:
        if self._thread.is_alive() and self._cancel is not None and self._token is not None:
            with contextlib.suppress(trio.RunFinishedError):
                trio.from_thread.run_sync(self._cancel.cancel, trio_token=self._token)
        self._thread.join(10)
        assert not self._thread.is_alive()

    def __enter__(self) -> ServerThread:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
