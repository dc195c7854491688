"""Where searching bots (``strong``) think: worker processes beside the server's.

A search is pure Python that holds the GIL for as long as it thinks, so a worker
*thread* still takes the interpreter from the event loop (with 4 strong tables beside
the bench's 12, a thread cut the others to a third of their moves/s). A worker process
runs in parallel; the bot goes to it with the question (pickled: a seed, the pile it
follows, a few sets) and comes back with its answer and its state after thinking,
which replaces the seat's bot. At most ``workers`` searches run at once, server-wide.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import trio

from engine import Action as EngineAction
from engine.bots import Bot

WORKERS = 1
"""Searches at once: the machine's other core is the event loop's (2-core LAN boxes)."""


def _think(bot: Bot, view: dict[str, Any], legal: list[EngineAction]) -> tuple[EngineAction, Bot]:
    """In the worker: the bot's choice, and the bot as it is after making it."""
    return bot.choose(view, legal), bot


class Thinkers:
    """A pool of worker processes for searching bots, started on first use; close it
    (or use it as a context manager) when the server stops."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._limiter = trio.CapacityLimiter(workers)
        self._pool: ProcessPoolExecutor | None = None

    async def choose(
        self, bot: Bot, view: dict[str, Any], legal: list[EngineAction]
    ) -> tuple[EngineAction, Bot]:
        """``bot``'s choice made in a worker, and the bot after it (use that one from
        now on: its random state and memory moved on)."""
        async with self._limiter:
            if self._pool is None:
                # spawn, not fork: a forked copy of a running trio server (its threads,
                # sockets and database) is nothing a worker should hold.
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
            future = self._pool.submit(_think, bot, view, legal)
            return await trio.to_thread.run_sync(future.result, abandon_on_cancel=True)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Thinkers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
