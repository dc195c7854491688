"""One client connection: the handshake, its requests, and a bounded outbox.

Three deadlines guard a connection: the hello must come within ``hello_timeout``; the
server pings every ``ping_interval`` and drops a connection silent for ``idle_timeout``;
and frames go out through an outbox (server/outbox.py) holding at most ``queue_size``
pieces (a frame, or an action's frames to this client), written when a request is
done or by a writer task while the peer is not reading, so a client that stops reading
fills its own outbox and is dropped (``too_slow``) while everyone else, and its table,
carry on. Whatever goes wrong with one connection ends
that connection only.
"""

from __future__ import annotations

import itertools
import logging
import os
import random
import socket
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import trio

from protocol.connection import ServerConnection
from protocol.errors import LocalProtocolError, ProtocolError, RemoteProtocolError, is_fatal
from protocol.messages import (
    Ack,
    Action,
    AddBot,
    Chat,
    CreateTable,
    Error,
    GetReplay,
    Hello,
    Hint,
    Join,
    Leave,
    ListReplays,
    ListTables,
    Message,
    Ping,
    Pong,
    Rematch,
    RemoveBot,
    Replay,
    ReplayInfo,
    Replays,
    Request,
    Resync,
    Spectate,
    Start,
    Tables,
    TableUpdate,
)

from .faults import PAUSED_TEXT, UNAVAILABLE, StoreUnavailable, kept_for_retries
from .hints import suggestion
from .lobby import Lobby
from .outbox import Outboxes, Port
from .table import Table
from .text import BadText, clean_name
from .wire import stored_replay

log = logging.getLogger("taki.server")
T = TypeVar("T")
_numbers = itertools.count(1)
LINGER = 2.0
"""Seconds a closed connection's incoming bytes are still read and dropped (see
``Session._linger``)."""
_KEEPALIVE = (Ping, Pong)
"""What never counts against the rate (a tuple made once: ``Ping | Pong`` would make
a union for every message)."""
TABLES_PER_FRAME = 20
"""Tables per ``tables`` frame; the rest follow as ``table_update`` (frames stay small)."""


@dataclass(frozen=True)
class Limits:
    """A connection's deadlines and sizes (seconds, frames)."""

    hello_timeout: float = 10.0
    ping_interval: float = 5.0
    idle_timeout: float = 15.0
    """A peer silent this long is dropped (its seat's grace starts): a Wi-Fi that drops
    or a lid that closes sends no FIN, and the table should not wait long to know."""
    queue_size: int = 512
    recv_size: int = 65536
    rate: float = 30.0
    """Requests per second a connection may send (bursts of twice that); beyond it
    they get ``rate_limited`` (not remembered: a resent id is carried out), and a
    connection that keeps flooding is closed. ``ping`` and ``pong`` never count."""
    strikes: int = 200
    """Refused-for-rate messages after which the connection gets the fatal error
    ``flooding`` and is closed (PROTOCOL.md section 4 states these defaults)."""
    send_buffer: int | None = None
    """SO_SNDBUF for each connection (None: the system's); small values find slow
    readers sooner."""


Handler = Callable[["Session", Any], Awaitable[Message]]
HANDLERS: dict[type[Request], Handler] = {}
"""Each request type's handler, a ``Session`` method (filled in by ``handles``)."""


def handles(kind: type[Request]) -> Callable[[Handler], Handler]:
    """Register the decorated method as the handler of requests of type ``kind``."""

    def register(handler: Handler) -> Handler:
        HANDLERS[kind] = handler
        return handler

    return register


class Session:
    """See the module docstring. Tables, and the lobby, never see a session: they hold
    its ``port`` (server/outbox.py), the sending half, which the session reads."""

    def __init__(
        self,
        stream: trio.abc.Stream,
        lobby: Lobby,
        limits: Limits = Limits(),
        outboxes: Outboxes | None = None,
    ) -> None:
        self.stream = stream
        self.lobby = lobby
        self.limits = limits
        self.number = next(_numbers)
        self.conn = ServerConnection()
        self.port = Port(stream, self.conn, limits.queue_size, outboxes, self.number)
        """What tables and the lobby send to (server/outbox.py); its ``name`` is the one
        shown at a table, its ``recent`` the answers to recent request ids."""
        self.outbox = self.port.outbox
        """The frames on their way to this client (server/outbox.py)."""
        self.own_name = "?"
        """The name from the hello (cleaned); ``port.name`` is the one shown at a table."""
        self.table: Table | None = None
        self._last_heard = trio.current_time()
        self._nonce = itertools.count(1)
        self._allowance = 2 * limits.rate
        self._allowance_at = trio.current_time()
        self._strikes = 0
        self._posted: Table | None = None
        """The table an action was last handed to without waiting (``Table.post_action``):
        before the session answers anything itself it waits for that table (``_settle``),
        so no answer overtakes the action's."""
        self._flushed = False
        """The writer sent every queued frame and stopped: close with a linger."""
        self.written = trio.Event()
        """Set once nothing more will be written: the queue went out, or the connection
        ended (what a stopping server waits for, ``Server.drain``)."""

    # ------------------------------------------------------------------ sending
    # (the session's own frames go through its port, as a table's do)

    @property
    def name(self) -> str:
        """The name shown at a table (kept by the port, which tables name)."""
        return self.port.name

    @property
    def _closing(self) -> bool:
        return self.port.closing

    # ------------------------------------------------------------------ tasks

    async def run(self) -> None:
        """Serve the connection until it ends, whichever way it ends."""
        if self.limits.send_buffer and isinstance(self.stream, trio.SocketStream):
            self.stream.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        try:
            with self.port.scope:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._writer)
                    try:
                        if await self._handshake():
                            nursery.start_soon(self._heartbeat)
                            await self._reader()
                    finally:
                        if not self._closing:
                            self.port.close_soon()
        except* (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as group:
            log.debug("connection %d: %s", self.number, group.exceptions[0])
        finally:
            self.port.closing = True
            self.outbox.close()  # no more direct writes: the descriptor is about to go
            self.written.set()
            self.lobby.unwatch(self.port)
            with trio.CancelScope(shield=True):
                await self._leave_table(disconnect=True)
            await self._linger()
            with trio.CancelScope(shield=True), trio.move_on_after(1):
                await self.stream.aclose()
            log.info("connection %d closed", self.number)

    async def _linger(self) -> None:
        """Close the way that keeps the last frames: shut down our writing (the peer
        gets them, then end of stream), then read and drop what the peer still sends for
        up to LINGER seconds. Closing a socket with unread bytes in it sends a reset,
        and a reset can destroy frames the peer has not read yet (a fatal error's
        reason above all). Only after a clean flush; a server stopping cuts it short."""
        if not self._flushed or self.conn.peer_closed:
            return
        stream = self.stream
        if not isinstance(stream, trio.abc.HalfCloseableStream):
            return
        try:
            await stream.send_eof()
            with trio.move_on_after(LINGER):
                while await stream.receive_some(self.limits.recv_size):
                    pass
        except (trio.BrokenResourceError, trio.ClosedResourceError, trio.BusyResourceError,
                OSError):
            pass

    async def _writer(self) -> None:
        """The outbox's writer; once it has sent everything (closed and drained), the
        connection ends."""
        await self.outbox.run()
        self._flushed = True
        self.written.set()
        self.port.scope.cancel()

    async def _heartbeat(self) -> None:
        # Start at a random point of the interval, so that a thousand connections made
        # together do not all ping in the same instant ever after.
        await trio.sleep(random.random() * self.limits.ping_interval)
        while True:
            await trio.sleep(self.limits.ping_interval)
            if trio.current_time() - self._last_heard > self.limits.idle_timeout:
                log.info("connection %d dropped: silent", self.number)
                self.port.send(Error("timeout", "no word from the client for too long"))
                self.port.close_soon()
                return
            self.port.send(Ping(next(self._nonce)))

    async def _receive(self) -> bool:
        """Read once into the protocol object; False at end of stream.

        A socket is read straight from its descriptor, as the outbox writes it: the
        reader comes here once a request is handled, when the client (waiting for the
        answer) has sent nothing more, so it waits for the socket to be readable first
        rather than try a read that fails (what ``receive_some`` does, through three
        wrappers: every request's path)."""
        fd = self.outbox.fd
        if fd is None:
            data = await self.stream.receive_some(self.limits.recv_size)
        else:
            while True:
                await trio.lowlevel.wait_readable(fd)
                try:
                    data = os.read(fd, self.limits.recv_size)
                    break
                except BlockingIOError:
                    continue
        self._last_heard = trio.current_time()
        self.conn.receive_data(data)
        return bool(data)

    async def _handshake(self) -> bool:
        hello: Hello | None = None
        with trio.move_on_after(self.limits.hello_timeout):
            while hello is None:
                try:
                    message = self.conn.next_message()
                except RemoteProtocolError as exc:
                    self.port.send(Error.of(exc))
                    return False
                if message is None:
                    if not await self._receive():
                        return False
                    continue
                assert isinstance(message, Hello)
                hello = message
        if hello is None:
            self.port.send(Error("timeout", "no hello within the time allowed"))
            return False
        try:
            self.port.name = self.own_name = clean_name(hello.name)
        except BadText as exc:
            self.port.send(Error("bad_message", str(exc)))
            return False
        found = self.lobby.find_token(hello.token) if hello.token else None
        if found is not None and self.conn.role == "spectator":
            found = None  # a spectator never takes a seat
        if found is not None and hello.token is not None:
            table = found[0]
            self.port.early = []
            try:
                seat = await table.reclaim(hello.token, self.port)
            finally:
                early, self.port.early = self.port.early, None
            if seat is not None:
                self.send_raw_welcome(table.id, seat)
                self._send_early(early)
                self.table = table
                log.info("connection %d took back seat %s at %s", self.number, seat, table.id)
                return True
        if hello.token and self.conn.role != "spectator":
            for table in self.lobby.find_former(hello.token):
                self.port.early = []
                try:
                    watching = await table.watch_to_return(hello.token, self.port)
                finally:
                    early, self.port.early = self.port.early, None
                if watching:
                    self.send_raw_welcome(table.id, None)
                    self._send_early(early)
                    self.table = table
                    log.info("connection %d watches %s until the host hands its seat back",
                             self.number, table.id)
                    return True
        self.send_raw_welcome(None, None)  # no seat (or it was lost meanwhile): the lobby
        log.info("connection %d: %r in the lobby", self.number, self.name)
        return True

    def _send_early(self, early: list[Message | bytes]) -> None:
        """Send what a table sent while this connection was being welcomed."""
        for item in early:
            if isinstance(item, bytes):
                self.port.send_encoded(item)
            else:
                self.port.send(item)

    def send_raw_welcome(self, table: str | None, seat: int | None) -> None:
        """The welcome; ``name`` only when it differs from the hello's (trimmed, or the
        name of the seat taken back, e.g. ``Twin (2)``): PROTOCOL.md, ``welcome``."""
        hello = self.conn.hello
        changed = hello is None or self.name != hello.name
        try:
            data = self.conn.accept(name=self.name if changed else None, table=table, seat=seat)
        except LocalProtocolError:
            return
        self.outbox.put(data)  # (closed: the connection is closing already)

    async def _reader(self) -> None:
        fresh = False  # a message read since the last yield: handle it without one
        while not self._closing:
            try:
                message = self.conn.next_message()
            except RemoteProtocolError as exc:
                await self._settle()
                if not is_fatal(exc.code) and not self._within_rate():
                    # Malformed messages count against the rate like requests: a
                    # client cannot buy unlimited error replies with garbage.
                    if self._refuse_for_rate(exc.request_id):
                        return
                    continue
                self.port.send(Error.of(exc))
                if self.conn.closed:
                    return
                continue
            if message is None:
                if self.conn.closed or not await self._receive():
                    return
                fresh = True  # (receiving yielded: the writer ran)
                continue
            if not fresh:
                await trio.lowlevel.checkpoint()  # let the writer drain between messages
            fresh = False
            if not isinstance(message, _KEEPALIVE) and not self._within_rate():
                # Keepalive never counts: a connection is never refused its own pong.
                # A refused id is not remembered: resent later, it is carried out.
                await self._settle()
                if self._refuse_for_rate(getattr(message, "id", None)):
                    return
                continue
            try:
                # (an action handed to its table needs no coroutine of ``_handle``'s:
                # every action's path)
                if type(message) is not Action or not self._post(message):
                    await self._handle(message)
            finally:
                if self.outbox.outboxes is not None:
                    self.outbox.outboxes.flush()  # this request's frames go now, everyone's

    def _refuse_for_rate(self, rid: int | None) -> bool:
        """Answer ``rate_limited``; True when the connection kept flooding and closes."""
        self._strikes += 1
        self.port.send(Error("rate_limited", "too many requests; slow down", rid))
        if self._strikes < self.limits.strikes:
            return False
        log.info("connection %d dropped: flooding", self.number)
        self.port.send(Error("flooding", "too many requests after rate_limited; closing"))
        self.port.close_soon()
        return True

    def _within_rate(self) -> bool:
        """A token bucket: ``rate`` per second, bursts up to twice that."""
        now = trio.current_time()
        burst = 2 * self.limits.rate
        earned = (now - self._allowance_at) * self.limits.rate
        self._allowance = min(burst, self._allowance + earned)
        self._allowance_at = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    # ------------------------------------------------------------------ requests

    def _post(self, message: Action) -> bool:
        """Hand an action to the table, which answers it (``Table.post_action``; every
        action's path); False when the session answers it itself (no table, a closed
        one, or a retried id)."""
        table = self.table
        if (
            table is None
            or self.port.recent.get(message.id) is not None
            or not table.post_action(self.port, message, self.outbox.outboxes)
        ):
            return False
        self._posted = table
        return True

    async def _settle(self) -> None:
        """Wait until the table an action was handed to has answered it."""
        posted = self._posted
        if posted is not None:
            self._posted = None
            await posted.settled()

    async def _handle(self, message: Message) -> None:
        """Answer ``message`` here (an action the reader could not hand to its table,
        ``_post``, among them)."""
        if not isinstance(message, Pong):
            await self._settle()
        if isinstance(message, Ping):
            self.port.send(Pong(message.nonce))
            return
        if not isinstance(message, Request):
            return  # pong, or something harmless
        seen = self.port.recent.get(message.id)
        if seen is not None:
            self.port.send(seen)  # a retried request: answered again, applied once
            return
        try:
            handler = HANDLERS.get(type(message))  # (``_request``, inlined: every action's path)
            if handler is None:
                raise ProtocolError("unexpected_message", f"{message.TYPE} is not handled here")
            answer: Message = await handler(self, message)
        except ProtocolError as exc:
            answer = Error(exc.code, exc.message[:1000], message.id)
        if not kept_for_retries(answer.code if isinstance(answer, Error) else None):
            self.port.send(answer)
            return
        self.port.recent.remember(message.id, answer)
        if not (isinstance(answer, Ack) and isinstance(message, Action)):
            await self._store_answer(message, answer)  # (an action's ack is stored with it)
        self.port.send(answer)

    async def _store_answer(self, message: Request, answer: Message) -> None:
        """Keep a seated member's answer on disk before sending it, so an id resent
        after a server restart gets it again (an action's ack is stored with the action
        itself; requests that change nothing are not kept)."""
        if isinstance(message, Resync | ListTables | ListReplays | GetReplay):
            return
        if isinstance(message, Action) and isinstance(answer, Ack):
            return
        if self.table is not None:
            await self.table.remember_answer(self.port, message.id, answer)

    @handles(Action)
    async def _on_action(self, message: Action) -> Message:
        """An action the table could not be handed (``_post``): refused as it should."""
        await self._at_table().act(self.port, message.action, message.seq, message.id)
        return Ack(message.id)

    @handles(Chat)
    async def _on_chat(self, message: Chat) -> Message:
        await self._at_table().chat(self.port, message.text)
        return Ack(message.id)

    @handles(Resync)
    async def _on_resync(self, message: Resync) -> Message:
        await self._at_table().resync(self.port)
        return Ack(message.id)

    @handles(ListTables)
    async def _on_list_tables(self, message: ListTables) -> Message:
        self.lobby.watch(self.port)
        infos = self.lobby.infos()
        self.port.send(Tables(tuple(infos[:TABLES_PER_FRAME])))
        for info in infos[TABLES_PER_FRAME:]:
            self.port.send(TableUpdate(info))
        return Ack(message.id)

    @handles(CreateTable)
    async def _on_create_table(self, message: CreateTable) -> Message:
        await self._not_at_table()
        table = self.lobby.create(message.options)
        try:
            seat, token = await self._enter(table.join(self.port))
        except ProtocolError:  # (the store is down): a table nobody sits at is not kept
            await self.lobby.left(table)
            raise
        self.table = table
        return Ack(message.id, table=table.id, seat=seat, token=token)

    @handles(Join)
    async def _on_join(self, message: Join) -> Message:
        await self._not_at_table()
        table = self.lobby.get(message.table)
        seat, token = await self._enter(table.join(self.port, message.seat))
        self.table = table
        return Ack(message.id, table=table.id, seat=seat, token=token)

    @handles(Spectate)
    async def _on_spectate(self, message: Spectate) -> Message:
        await self._not_at_table()
        table = self.lobby.get(message.table)
        await self._enter(table.spectate(self.port))
        self.table = table
        return Ack(message.id, table=table.id)

    @handles(Leave)
    async def _on_leave(self, message: Leave) -> Message:
        self._at_table()
        await self._leave_table(disconnect=False)
        return Ack(message.id)

    @handles(AddBot)
    async def _on_add_bot(self, message: AddBot) -> Message:
        seat = await self._at_table().add_bot(self.port, message.kind, message.seat)
        return Ack(message.id, seat=seat)

    @handles(RemoveBot)
    async def _on_remove_bot(self, message: RemoveBot) -> Message:
        await self._at_table().remove_bot(self.port, message.seat)
        return Ack(message.id)

    @handles(Start)
    async def _on_start(self, message: Start) -> Message:
        await self._at_table().start(self.port, message.first_seat)
        return Ack(message.id)

    @handles(Rematch)
    async def _on_rematch(self, message: Rematch) -> Message:
        await self._at_table().rematch(self.port)
        return Ack(message.id)

    @handles(Hint)
    async def _on_hint(self, message: Hint) -> Message:
        table = self._at_table()
        self.port.send(await suggestion(table.thinkers, await table.hint_question(self.port)))
        return Ack(message.id)

    @handles(ListReplays)
    async def _on_list_replays(self, message: ListReplays) -> Message:
        self.port.send(Replays(tuple(await self._replay_list())))
        return Ack(message.id)

    @handles(GetReplay)
    async def _on_get_replay(self, message: GetReplay) -> Message:
        self.port.send(await self._replay(message.game, message.table))
        return Ack(message.id)

    async def _replay_list(self) -> list[ReplayInfo]:
        store = self.lobby.store
        if store is None:
            return []
        try:
            games = await trio.to_thread.run_sync(store.list_games)
        except (StoreUnavailable, sqlite3.Error, OSError):
            raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        return [ReplayInfo(g, t, tuple(names), w) for g, t, names, w in games]

    async def _replay(self, game: int | None, table_id: str | None) -> Replay:
        """A finished game: from the table in memory, or from the store."""
        table = self.lobby.tables.get(table_id or "")
        if game is None and table is not None:
            live = await table.finished_game()
            if live is not None:
                return live
        store = self.lobby.store
        saved = None
        try:
            if store is not None and game is not None:
                saved = await trio.to_thread.run_sync(store.load_game, game)
            elif store is not None and table_id is not None:
                saved = await trio.to_thread.run_sync(store.latest_game, table_id)
        except (StoreUnavailable, sqlite3.Error, OSError):
            raise ProtocolError(UNAVAILABLE, PAUSED_TEXT) from None
        if saved is None or not saved.finished:
            raise ProtocolError("no_such_game", "no finished game with that number")
        return stored_replay(saved)

    async def _enter(self, entering: Awaitable[T]) -> T:
        """Join, create or spectate: the lobby pushes stop first (PROTOCOL.md 5.1), so
        the table's own ``table_update`` is the only one and none comes between the
        snapshot and the ack; a refused entry keeps the pushes."""
        watching = self.port in self.lobby.watchers
        self.lobby.unwatch(self.port)
        try:
            return await entering
        except BaseException:
            if watching:
                self.lobby.watch(self.port)
            raise

    def _at_table(self) -> Table:
        if self.table is None:
            raise ProtocolError("not_at_table", "join or watch a table first")
        return self.table

    async def _not_at_table(self) -> None:
        if self.table is not None:
            if self.table.id in self.lobby.tables and await self.table.present(self.port):
                raise ProtocolError("already_at_table", "leave your table first")
            self.table = None

    async def _leave_table(self, *, disconnect: bool) -> None:
        """Tell the table this connection leaves it (or is gone). The session forgets
        its table only once the table has heard: a leave waiting in the table's
        mailbox is shielded, so a connection that ends meanwhile (its client gone, a
        write failed) still leaves. Cancelled there, the mailbox would drop the
        command, and a session that had forgotten its table already would never tell
        it the connection went: the seat held by nobody, shown connected, no grace
        period, no stand-in, its turn stalling the game."""
        table = self.table
        if table is None:
            return
        with trio.CancelScope(shield=True):
            if disconnect:
                await table.disconnect(self.port)
            else:
                await table.leave(self.port)
        self.table = None
        if not disconnect:
            self._restore_name()
        await self.lobby.left(table)

    def _restore_name(self) -> None:
        """Back in the lobby, the player is again the name it said hello with: a table's
        ``(2)`` was only there to tell two of the same name apart."""
        self.port.name = self.own_name
