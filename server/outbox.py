"""Frames on their way out: one system call per connection per request, no task switch.

Handling one request queues frames for several connections (an action's events go to
the whole table). Waking each connection's writer task would cost a task switch per
connection and send nothing before the scheduler's next round, after every other
request of this round: the first table's events would wait for the last table's work.
Instead the connections with frames waiting are written at once, each with one
``write``, when the request is done (``Outboxes.flush``, called by the reader), and one
task (``Outboxes.run``) does the same for frames queued anywhere else (clocks, bots,
the lobby, a connection ending). A connection whose socket is full hands the rest to
its own writer task, which waits for the peer to read (server/session.py).

``Port`` is a connection's sending half, the one thing of a connection that tables and
the lobby hold (their ``Member``): it encodes, queues into the outbox and lets the
connection go, all without calling the session, which only reads what the port's
flags and cancel scope say. So a table carrying out its effects never returns into
server/session.py, and a session cannot be handed to a table in its port's place
(it has none of a member's methods).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable
from typing import Protocol

import trio

from protocol.connection import ServerConnection, State
from protocol.dedupe import RecentIds
from protocol.errors import LocalProtocolError
from protocol.messages import Error, Message
from protocol.versions import PROTOCOL_VERSION

log = logging.getLogger("taki.server")

CLOSE_GRACE = 5.0
"""Seconds a closing connection has to take its last frames."""
_OPEN = State.OPEN
SLOW_GRACE = 1.0
"""Seconds a connection dropped as ``too_slow`` has to take its ``too_slow`` error (its
socket is full when it is dropped: only a peer that reads again gets it)."""


class Flushable(Protocol):
    def flush(self) -> None:
        """Write what is queued, or hand it to the connection's writer task."""


class Outboxes:
    """The connections that have frames waiting (each listed once until flushed)."""

    def __init__(self) -> None:
        self._waiting: list[Flushable] = []
        self._runner: trio.lowlevel.Task | None = None
        """``run``'s task while it waits for frames (a parked task, not a trio.Event:
        it is woken after nearly every request, and an Event is made for each wait)."""
        self._held = 0

    def hold(self) -> None:
        """Until ``release``: frames marked do not wake ``run``, for whoever holds them
        flushes soon, with nothing awaited before (a session that asked a table to act:
        it flushes once it has its answer). Only ever held for a few synchronous steps."""
        self._held += 1

    def release(self) -> None:
        self._held -= 1

    def mark(self, box: Flushable) -> None:
        """``box`` has frames waiting: they go at the next ``flush``."""
        if not self._waiting and not self._held:
            runner = self._runner
            if runner is not None:
                self._runner = None
                trio.lowlevel.reschedule(runner)
        self._waiting.append(box)

    def flush(self) -> None:
        """Write every waiting connection's frames now (never blocks)."""
        while self._waiting:
            waiting, self._waiting = self._waiting, []
            for box in waiting:
                box.flush()

    async def run(self) -> None:
        """Flush whatever was queued outside a request, once per scheduler round."""
        while True:
            if not self._waiting:
                self._runner = trio.lowlevel.current_task()
                await trio.lowlevel.wait_task_rescheduled(self._abort)
            else:
                await trio.lowlevel.checkpoint()  # (a round's other frames join them)
            self.flush()

    def _abort(self, _: object) -> trio.lowlevel.Abort:
        self._runner = None
        return trio.lowlevel.Abort.SUCCEEDED


class Outbox:
    """One connection's frames on their way out, at most ``limit`` queued: ``put``
    queues (``on_full`` when a peer that does not read has filled it), ``flush`` writes
    them straight into the socket when it has room, ``run`` is the connection's writer
    task (what the socket did not take, then whatever is queued while the peer is not
    reading), ending once ``close`` (or ``give_up``) was called and everything went out.

    Queued pieces are written in batches (``_batch``, joined); the batch remembers its
    pieces and how far it went, so ``give_up`` can drop everything after the piece the
    socket has begun without cutting a frame."""

    def __init__(
        self,
        stream: trio.abc.Stream,
        limit: int,
        outboxes: Outboxes | None,
        on_full: Callable[[], None],
    ) -> None:
        self.stream = stream
        self.limit = limit
        self.outboxes = outboxes
        """Where this connection says it has frames waiting; None: the writer task is
        woken for each batch instead."""
        self.on_full = on_full
        self.fd = stream.socket.fileno() if isinstance(stream, trio.SocketStream) else None
        """The socket's descriptor for direct non-blocking writes; None for a stream that
        is not a socket (tests' in-memory pairs)."""
        self.closed = False
        self._frames: list[bytes] = []  # queued pieces, none begun
        self._batch = b""  # pieces begun and not all written: the writer finishes them
        self._pieces: list[bytes] = []  # the batch's pieces
        self._sent = 0  # bytes of the batch written
        self._marked = False
        self._writing = False  # a stream that is not a socket is being written to
        self._wake = trio.Event()

    def put(self, data: bytes) -> None:
        if self.closed:
            return  # closing: what was queued goes, nothing more
        if len(self._frames) >= self.limit:
            self.on_full()
            return
        self._frames.append(data)
        if self.outboxes is None:
            self._wake.set()  # no outboxes: the writer sends every batch
        elif not self._marked:
            self._marked = True  # (until the next flush)
            self.outboxes.mark(self)

    def close(self) -> None:
        """Nothing more is queued; the writer sends what is, then ends."""
        self.closed = True
        self._wake.set()

    def give_up(self, last: bytes | None) -> None:
        """The peer does not read: drop the frames queued, finish the piece the socket
        has begun (a frame cut short would garble everything after it), send ``last``
        (the error that says why), and end. Nothing waits here: the writer sends it
        when the socket has room, so only a peer that reads again gets it (the session
        bounds how long it may take)."""
        self.closed = True
        self._frames = [last] if last is not None else []
        if self._batch and self._pieces and self.fd is not None:
            end = 0
            for piece in self._pieces:
                end += len(piece)
                if end > self._sent:
                    break
            self._batch = self._batch[:end]
            self._pieces = []
        self._wake.set()

    def flush(self) -> None:
        """Write the queued frames with one system call when the socket takes them all
        (the peer reads: nearly always); the rest, and everything while the writer
        waits for the peer or the connection is closing, goes through the writer."""
        self._marked = False
        frames = self._frames
        if not frames:
            return
        if self._batch or self._writing or self.fd is None or self.closed:
            self._wake.set()  # (closing: the descriptor may go; only the writer writes)
            return
        data = b"".join(frames) if len(frames) > 1 else frames[0]
        self._frames = []
        try:
            sent = os.write(self.fd, data)
        except OSError:
            sent = 0  # full (or broken: the writer's own write meets the error)
        if sent < len(data):
            self._batch, self._pieces, self._sent = data, frames, sent
            self._wake.set()

    async def run(self) -> None:
        """The writer task: see the class docstring. A failed write raises OSError (or
        trio.BrokenResourceError for a stream that is not a socket), ending the
        connection."""
        while True:
            if self._batch:
                await self._write_batch()
            elif self._frames:
                frames, self._frames = self._frames, []
                data = b"".join(frames) if len(frames) > 1 else frames[0]
                self._batch, self._pieces, self._sent = data, frames, 0
            elif self.closed:
                return
            else:
                await self._wake.wait()
                self._wake = trio.Event()

    async def _write_batch(self) -> None:
        """Write the batch, waiting for the peer to read whenever the socket is full."""
        if self.fd is None:
            data, self._batch, self._pieces = self._batch[self._sent :], b"", []
            self._writing = True
            try:
                await self.stream.send_all(data)
            finally:
                self._writing = False
            return
        while self._sent < len(self._batch):  # (``give_up`` may shorten it meanwhile)
            with contextlib.suppress(BlockingIOError):
                self._sent += os.write(self.fd, memoryview(self._batch)[self._sent :])
            if self._sent < len(self._batch):
                await trio.lowlevel.wait_writable(self.fd)
        self._batch, self._pieces, self._sent = b"", [], 0


class Port:
    """A connection's sending half (see the module docstring): its name at a table, the
    answers to its recent request ids, and non-blocking sends. ``send`` never blocks:
    tables call it freely. A peer that does not read fills its outbox and is dropped
    (``too_slow``) here, by closing the outbox and bringing the connection's deadline
    (``scope``, the session's cancel scope) forward."""

    __slots__ = ("closing", "conn", "early", "name", "number", "outbox", "recent", "scope")

    def __init__(
        self,
        stream: trio.abc.Stream,
        conn: ServerConnection,
        limit: int,
        outboxes: Outboxes | None,
        number: int,
    ) -> None:
        self.conn = conn
        self.number = number
        self.name = "?"
        """The name shown at a table (a table may give it a ``(2)``)."""
        self.recent: RecentIds[Message] = RecentIds()
        """Answers to this connection's recent request ids: its seat's once a table
        seats it (the table hands them over, server/model.py)."""
        self.outbox = Outbox(stream, limit, outboxes, self.too_slow)
        self.scope = trio.CancelScope()
        """The connection's lifetime (the session runs inside it): closing brings its
        deadline forward."""
        self.closing = False
        self.early: list[Message | bytes] | None = None
        """While a table seats this connection before its welcome (a seat taken back
        by token): what the table sends it meanwhile, sent after the welcome, which
        the session sends itself once the table has answered."""

    @property
    def version(self) -> int:
        """The negotiated protocol version (tables encode shared frames with it)."""
        return self.conn.version or PROTOCOL_VERSION

    def send(self, message: Message) -> None:
        """Queue ``message``; a full queue means the client is not reading: drop it."""
        if self.closing:
            return
        if self.early is not None:
            self.early.append(message)
            return
        try:
            data = self.conn.send(message)
        except LocalProtocolError:
            return  # not sendable now (closed, or before welcome): nothing to do
        self.outbox.put(data)
        if self.conn.closed:
            self.close_soon()

    def send_encoded(self, data: bytes) -> None:
        """Queue frames already encoded at this connection's version (one, or several
        back to back: an action's events to one member go as one piece)."""
        if self.closing:
            return
        if self.early is not None:
            self.early.append(data)
            return
        if self.conn.state is _OPEN:  # (``ServerConnection.send_encoded``'s check, inlined:
            self.outbox.put(data)  # every member, every action; else not sendable now)

    def close_soon(self) -> None:
        """Close after the frames already queued have gone out (within a few seconds:
        a peer that does not read cannot hold the connection open)."""
        if self.closing:
            return
        self.closing = True
        self.scope.deadline = min(self.scope.deadline, trio.current_time() + CLOSE_GRACE)
        self.outbox.close()  # the writer sends what is queued, then ends

    def too_slow(self) -> None:
        """The client does not read: what is queued for it is dropped and it is told
        ``too_slow`` if it reads again within SLOW_GRACE; the connection closes then, or
        at the end of the grace without the error (a peer that does not read cannot hold
        the connection open)."""
        if self.closing:
            return
        log.info("connection %d dropped: too slow", self.number)
        self.closing = True
        try:
            last: bytes | None = self.conn.send(
                Error("too_slow", "you did not read your frames fast enough; reconnect")
            )
        except LocalProtocolError:
            last = None
        self.outbox.give_up(last)
        self.scope.deadline = min(self.scope.deadline, trio.current_time() + SLOW_GRACE)
