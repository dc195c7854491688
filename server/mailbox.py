"""A table's mailbox: the commands its one task carries out, one at a time.

Whoever wants something of a table (a session's request, a disconnect, a searching
bot's answer, a test) hands it a command: a step to run in the table's own task.
``call`` waits for the step's result (or its exception) and ``post`` does not. The
table's task takes the commands in order (``next_nowait``/``next``) and carries each
one out (``carry_out``); nothing else touches the table, so no lock is needed and a
change is never half made.

A caller cancelled while its command waits in the box takes it back (it is never
carried out, as a lock never taken); once the table has started it, it is finished
and the caller's cancellation takes effect after. Once the table's task has ended
(``close``), waiting and later commands get ``closed``'s answer instead.

The way back is a ``Postbox``: what tables tell the lobby (their notices) is posted
there, never handed to lobby code, and the lobby takes it in its own time.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

import outcome
import trio

log = logging.getLogger("taki.server")
T = TypeVar("T")

Step = Callable[[], Awaitable[T]]
Closed = Callable[[], outcome.Outcome[Any]]
"""A command's answer once the table's task has ended (made afresh for each: an
outcome is unwrapped once)."""


class Call(Generic[T]):
    """One command: its step, who waits for it (None: nobody), and its state."""

    __slots__ = ("dropped", "if_closed", "if_dropped", "started", "step", "task")

    def __init__(
        self,
        step: Step[T],
        task: trio.lowlevel.Task | None,
        if_closed: Closed,
        if_dropped: Callable[[], None] | None = None,
    ) -> None:
        self.step = step
        self.task = task
        self.if_closed = if_closed
        self.if_dropped = if_dropped
        """A posted command's word to whoever posted it when the table's task ends
        before carrying it out (nobody waits for a posted command)."""
        self.started = False
        self.dropped = False


class Mailbox:
    """See the module docstring."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._calls: deque[Call[Any]] = deque()
        self._reader: trio.lowlevel.Task | None = None
        """The table's task while it waits for a command (``next``)."""
        self.closed = False

    def _put(self, call: Call[Any]) -> None:
        self._calls.append(call)
        reader = self._reader
        if reader is not None:
            self._reader = None
            trio.lowlevel.reschedule(reader)

    async def call(self, step: Step[T], if_closed: Closed) -> T:
        """Carry ``step`` out in the table's task; its result, or its exception.
        ``if_closed``: the answer once the table's task has ended."""
        if self.closed:
            return if_closed().unwrap()  # type: ignore[no-any-return]
        call: Call[T] = Call(step, trio.lowlevel.current_task(), if_closed)
        self._put(call)

        def abort(_: Any) -> trio.lowlevel.Abort:
            if call.started:
                return trio.lowlevel.Abort.FAILED  # (``carry_out`` reschedules it)
            call.dropped = True
            return trio.lowlevel.Abort.SUCCEEDED

        return await trio.lowlevel.wait_task_rescheduled(abort)  # type: ignore[no-any-return]

    def post(self, step: Step[Any], if_dropped: Callable[[], None] | None = None) -> None:
        """Carry ``step`` out in the table's task, without waiting (dropped once the
        table's task has ended; ``if_dropped`` is called then if it was waiting)."""
        if not self.closed:
            self._put(Call(step, None, _done, if_dropped))

    def next_nowait(self) -> Call[Any] | None:
        return self._calls.popleft() if self._calls else None

    async def next(self) -> Call[Any]:
        """The next command, waiting for one if none is in the box (the table's task
        only: one reader). A plain deque and a parked task rather than a memory
        channel: this is every request's path, and it is cheaper."""
        while not self._calls:
            self._reader = trio.lowlevel.current_task()

            def abort(_: Any) -> trio.lowlevel.Abort:
                self._reader = None
                return trio.lowlevel.Abort.SUCCEEDED

            await trio.lowlevel.wait_task_rescheduled(abort)
        return self._calls.popleft()

    async def carry_out(self, call: Call[Any]) -> None:
        """Run ``call``'s step (in the table's task) and answer whoever waits for it. A
        posted step's exception is logged: this table's bug stays this table's."""
        if call.dropped:
            return
        call.started = True
        if call.task is None:  # posted (every action's path): no outcome to hand over
            try:
                await call.step()
            except BaseException as exc:  # (as ``acapture`` would have caught it)
                log.error("table %s: a command failed", self.name, exc_info=exc)
            return
        trio.lowlevel.reschedule(call.task, await outcome.acapture(call.step))

    def close(self) -> None:
        """The table's task has ended: answer the commands still waiting with their
        ``if_closed``, and every later one at once."""
        self.closed = True
        while (call := self.next_nowait()) is not None:
            if call.task is not None and not call.dropped:
                trio.lowlevel.reschedule(call.task, call.if_closed())
            elif call.if_dropped is not None:
                call.if_dropped()


def _done() -> outcome.Outcome[Any]:
    return outcome.Value(None)


class Postbox(Generic[T]):
    """Values posted to one task that takes them in its own time (the lobby's notices
    from the tables): ``post`` never waits and runs none of the reader's code. Posted
    values stay in the box until taken, so whoever asks the reader a question can
    have it take them first (a memory channel would hand a value to a parked reader
    that has not run yet)."""

    __slots__ = ("_items", "_reader")

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._reader: trio.lowlevel.Task | None = None

    def post(self, item: T) -> None:
        self._items.append(item)
        reader = self._reader
        if reader is not None:
            self._reader = None
            trio.lowlevel.reschedule(reader)

    def take(self) -> list[T]:
        """Everything posted and not yet taken, in order."""
        items = list(self._items)
        self._items.clear()
        return items

    async def wait(self) -> None:
        """Until something is in the box (one reader)."""
        while not self._items:
            self._reader = trio.lowlevel.current_task()

            def abort(_: Any) -> trio.lowlevel.Abort:
                self._reader = None
                return trio.lowlevel.Abort.SUCCEEDED

            await trio.lowlevel.wait_task_rescheduled(abort)
