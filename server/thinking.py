"""Where searching bots (``strong``) think: worker processes beside the server's.

A search is pure Python that holds the GIL for as long as it thinks, so a worker
*thread* still takes the interpreter from the event loop (with 4 strong tables beside
the bench's 12, a thread cut the others to a third of their moves/s). A worker process
runs in parallel; the bot goes to it with the question (pickled: a seed, the pile it
follows, a few sets) and comes back with its answer and its state after thinking,
which replaces the seat's bot. At most ``workers`` searches run at once, server-wide.

The workers are shared fairly (``Turns``): each table (the ``owner`` of a search) has
at most one search in flight, and a free worker goes to the tables with a search
waiting in turn, round-robin. A table of ten strong bots asking for ten searches at
once therefore cannot keep a table of one strong bot waiting for more than one round.

A search that has not answered within ``limit`` seconds of starting is given up
(``SearchTimeout``): the worker doing it is stopped and a fresh pool is made for the
next search, so one stuck search can never keep a table (or every table) waiting.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections import deque
from collections.abc import AsyncIterator, Hashable
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import trio

from engine import Action as EngineAction
from engine.bots import Bot
from engine.views import View


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (not on Linux)
        return os.cpu_count() or 1


WORKERS = max(1, min(4, _cores() - 1))
"""Searches at once: every core but one, which is the event loop's (so 1 on the 2-core
LAN boxes taki is for); at most 4, each worker holding its own interpreter's memory."""

SEARCH_LIMIT = 10.0
"""Seconds a search may take once a worker has it: a strong decision takes 0.03-0.1 s
on a 2-core box (720 playouts at most), so only a search that is stuck gets near."""


@dataclass(frozen=True)
class Thinking:
    """A searching bot's decision in progress: what it was asked, and when."""

    seat: int
    bot: Bot
    view: View
    legal: list[EngineAction]
    seq: int
    """The table's event seq when it was asked: its answer counts only if still so."""
    stand_in: bool


class SearchTimeout(Exception):
    """A search did not answer within its limit (its worker was stopped)."""


@dataclass
class _Ticket:
    """One search waiting for a worker; ``granted`` once it has one."""

    event: trio.Event = field(default_factory=trio.Event)
    granted: bool = False


class Turns:
    """Who gets the next free worker, fairly: the owners with a search waiting, in turn
    (round-robin), each with at most one search in flight; an owner's own searches in
    the order asked. A plain first-come queue is fair only while every table asks for
    one search at a time: a table asking for ten at once would put ten searches ahead
    of every other table's next one."""

    def __init__(self, workers: int) -> None:
        self.free = workers
        self._waiting: dict[Hashable, deque[_Ticket]] = {}
        """Owners with a search waiting, in turn order (a dict keeps insertion order)."""
        self._busy: set[Hashable] = set()

    @asynccontextmanager
    async def turn(self, owner: Hashable) -> AsyncIterator[None]:
        """Hold a worker for ``owner`` once it is ``owner``'s turn."""
        ticket = _Ticket()
        self._waiting.setdefault(owner, deque()).append(ticket)
        self._hand_out()
        try:
            await ticket.event.wait()
        except BaseException:
            if ticket.granted:
                self._release(owner)
            else:
                queue = self._waiting.get(owner)
                if queue is not None:
                    queue.remove(ticket)
                    if not queue:
                        del self._waiting[owner]
            raise
        try:
            yield
        finally:
            self._release(owner)

    def _release(self, owner: Hashable) -> None:
        self._busy.discard(owner)
        self.free += 1
        self._hand_out()

    def _hand_out(self) -> None:
        """Give each free worker to the first owner in turn that waits and has nothing
        in flight; that owner goes to the back of the turn order."""
        while self.free > 0:
            owner = next((o for o in self._waiting if o not in self._busy), None)
            if owner is None:
                return
            queue = self._waiting.pop(owner)
            ticket = queue.popleft()
            if queue:
                self._waiting[owner] = queue  # (to the back)
            self._busy.add(owner)
            self.free -= 1
            ticket.granted = True
            ticket.event.set()


def _end_with_the_server() -> None:
    """In a worker, first thing: end as soon as the server process ends, however it
    ends. A spawned worker holds both ends of its task queue, so after a ``kill -9`` of
    the server it would wait on that queue for ever (with the resource tracker it
    keeps alive)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()  # (waits on the parent's sentinel: readable once it is gone)
        os._exit(0)

    threading.Thread(target=watch, name="end with the server", daemon=True).start()


def _think(bot: Bot, view: View, legal: list[EngineAction]) -> tuple[EngineAction, Bot]:
    """In the worker: the bot's choice, and the bot as it is after making it."""
    return bot.choose(view, legal), bot


class Thinkers:
    """A pool of worker processes for searching bots, started on first use; close it
    (or use it as a context manager) when the server stops."""

    def __init__(self, workers: int = WORKERS, limit: float = SEARCH_LIMIT) -> None:
        self.workers = workers
        self.limit = limit
        self._turns = Turns(workers)
        self._pool: ProcessPoolExecutor | None = None

    async def choose(
        self, bot: Bot, view: View, legal: list[EngineAction],
        owner: Hashable | None = None,
    ) -> tuple[EngineAction, Bot]:  # fmt: skip
        """``bot``'s choice made in a worker, and the bot after it (use that one from
        now on: its random state and memory moved on). ``SearchTimeout`` if the worker
        did not answer within ``limit`` seconds (waiting for a free worker is not
        counted: other tables' searches are not this one's fault). ``owner`` (the
        table) shares the workers fairly with the others (``Turns``); None: a search
        of its own, served in the order asked."""
        async with self._turns.turn(object() if owner is None else owner):
            if self._pool is None:
                # spawn, not fork: a forked copy of a running trio server (its threads,
                # sockets and database) is nothing a worker should hold.
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_end_with_the_server
                )
            pool = self._pool
            future = pool.submit(_think, bot, view, legal)
            try:
                with trio.fail_after(self.limit):
                    return await trio.to_thread.run_sync(future.result, abandon_on_cancel=True)
            except (trio.TooSlowError, trio.Cancelled) as exc:
                if not future.cancel():  # a worker is on it: stop that worker
                    self._discard(pool)
                if isinstance(exc, trio.TooSlowError):
                    raise SearchTimeout(f"no answer in {self.limit:g} s") from None
                raise

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Stop ``pool``'s workers (one is stuck, or its search is no longer wanted);
        the next search starts a fresh pool."""
        if self._pool is pool:
            self._pool = None
        processes = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.kill()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Thinkers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


THINKERS = 1
"""Searching bots thinking at once in threads (a table without ``thinkers``: the
server's own tables think in worker processes, server/thinking.py). A search holds
the GIL, so a second thread mostly takes the interpreter from the event loop."""

SWITCH = 0.0005
"""The interpreter's thread switch interval (seconds) once a bot searches in a
thread: it gives the event loop the GIL back within half a millisecond instead of
Python's default 5 ms."""

_THINKERS: trio.lowlevel.RunVar[trio.CapacityLimiter] = trio.lowlevel.RunVar("thinkers")


def thinkers() -> trio.CapacityLimiter:
    """The server's limiter of searching bots' worker threads (one per trio run); the
    first call also shortens the thread switch interval (``SWITCH``)."""
    try:
        return _THINKERS.get()
    except LookupError:
        limiter = trio.CapacityLimiter(THINKERS)
        _THINKERS.set(limiter)
        sys.setswitchinterval(min(SWITCH, sys.getswitchinterval()))
        return limiter
