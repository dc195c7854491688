"""The client's side of the wire: the shared sans-IO protocol over asyncio streams.

``Link`` owns one TCP connection: it says hello, hands every message it reads to a
callback, and sends requests with fresh ids. It never touches the UI; the session
(client/session.py) runs it in a Textual worker and turns what it reads into Textual
messages, so the UI never waits on the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import socket
from collections.abc import Awaitable, Callable, Iterator
from enum import StrEnum
from typing import Any

from protocol.connection import ClientConnection
from protocol.errors import ProtocolError
from protocol.lan import DEFAULT_PORT
from protocol.messages import Ack, Error, Message, Ping, Pong, Request, Welcome

CLIENT_SOFTWARE = "taki-client/0.1"
PING_AFTER = 2.0
"""Seconds of quiet from the server after which the client pings it (again each time)."""
SILENT_AFTER = 3 * PING_AFTER
"""Seconds without a byte from the server after which the connection counts as lost.
A Wi-Fi that drops, or a laptop lid that closes, sends no FIN: without this the client
would sit on a dead connection for the kernel's many minutes, its screen saying nothing."""



class Why(StrEnum):
    """Why a connection ended or could not be made: a code, so the client words it in
    the player's language (client/link_words.py) instead of showing this module's
    English."""

    NO_HOST = "no_host"
    """The name does not resolve."""
    REFUSED = "refused"
    """Nothing listens at that address."""
    TIMEOUT = "timeout"
    """No answer to the connection or to the hello."""
    UNREACHABLE = "unreachable"
    """Any other network error while connecting."""
    DECLINED = "declined"
    """The server answered the hello with something else than ``welcome``."""
    CLOSED = "closed"
    """The server closed the connection."""
    LOST = "lost"
    """The operating system reported the connection broken while reading."""
    SILENT = "silent"
    """The server stopped answering (``SILENT_AFTER``)."""
    GARBLED = "garbled"
    """The server sent bytes the protocol cannot read."""
    NOT_CONNECTED = "not_connected"
    """Nothing to send on: the connection is not open."""
    CANNOT_SEND = "cannot_send"
    """The message cannot be put on the wire (the protocol refuses it)."""


class LinkClosed(Exception):
    """The connection ended, or could not be made: ``why`` says why, as a code the
    client words (client/link_words.py); ``reason`` is the same in English, for logs.
    ``detail``: the technical cause as the system or the protocol gave it ('[Errno 111]
    Connection refused'), shown only as a short suffix; ``seconds``: how long a silent
    server was heard nothing from. ``code``: the server's error code when it refused
    the connection before ``welcome`` (``server_full``, ``unsupported_version``): the
    client words it (client/refusals.py)."""

    def __init__(self, reason: str, why: Why = Why.CLOSED, *, detail: object = "",
                 code: str | None = None, seconds: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.why = why
        self.detail = str(detail)
        self.code = code
        self.seconds = seconds


def _problem(exc: BaseException) -> Why:
    if isinstance(exc, socket.gaierror):
        return Why.NO_HOST
    if isinstance(exc, ConnectionRefusedError):
        return Why.REFUSED
    if isinstance(exc, TimeoutError):
        return Why.TIMEOUT
    return Why.UNREACHABLE


class BadAddress(StrEnum):
    """What is wrong with an address typed: a code, so the client words it in the
    player's language (client/link_words.py)."""

    EMPTY = "empty"
    IPV6_FORM = "ipv6_form"
    """Brackets that do not make '[IPv6]:PORT'."""
    NO_HOST = "no_host"
    BAD_HOST = "bad_host"
    PORT_NOT_NUMBER = "port_not_number"
    PORT_RANGE = "port_range"


class AddressError(ValueError):
    """Text that is not an address: ``problem`` says what is wrong, ``part`` the part
    at fault (the host or the port typed, as typed); ``str()`` is the English, for the
    command line."""

    def __init__(self, english: str, problem: BadAddress, part: str = "") -> None:
        super().__init__(english)
        self.problem = problem
        self.part = part


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """'host:port', 'host', '[v6]:port' or a bare IPv6 address into (host, port);
    AddressError (a ValueError), its message naming what is wrong, if it is not one."""
    text = text.strip()
    if not text:
        raise AddressError("no address given", BadAddress.EMPTY)
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise AddressError(f"not an address: {text!r} (write [IPv6]:PORT)",
                               BadAddress.IPV6_FORM)
        port = rest[1:] if rest else str(default_port)
    elif text.count(":") == 1:
        host, port = text.split(":")
    elif text.count(":") > 1:  # a bare IPv6 address
        host, port = text, str(default_port)
    else:
        host, port = text, str(default_port)
    if not host:
        raise AddressError(f"no host in {text!r} (write HOST:PORT, e.g. 192.168.1.23:8254)",
                           BadAddress.NO_HOST)
    if any(c.isspace() or not c.isprintable() or c in "/@" for c in host):
        raise AddressError(f"not a host name: {host!r}", BadAddress.BAD_HOST, host)
    if not (port.isascii() and port.isdigit()):  # "²" is a digit int() refuses
        raise AddressError(f"the port in {text!r} is not a number: {port!r}",
                           BadAddress.PORT_NOT_NUMBER, port)
    if not 0 < int(port) < 65536:
        raise AddressError(f"port {int(port)} is out of range (1 to 65535)",
                           BadAddress.PORT_RANGE, port)
    return host, int(port)


class Link:
    """One connection to a server."""

    def __init__(self, host: str, port: int, ids: Iterator[int] | None = None) -> None:
        self.host = host
        self.port = port
        self.conn = ClientConnection()
        self.welcome: Welcome | None = None
        # Request ids must not repeat for a seat, across reconnects: the caller keeps
        # one counter for all its links.
        self._ids = ids if ids is not None else itertools.count(1)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._heard = 0.0  # the loop's clock when the server was last heard
        self._nonces = itertools.count(1)
        self.ping_after = PING_AFTER
        self.silent_after = SILENT_AFTER

    async def open(
        self,
        name: str,
        *,
        token: str | None = None,
        role: str | None = None,
        timeout: float = 5.0,
    ) -> Welcome:
        """Connect and shake hands; raises LinkClosed with a readable reason."""
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(self.host, self.port)
        except (TimeoutError, OSError) as exc:
            raise LinkClosed(
                f"cannot reach {self.host}:{self.port} ({exc})", _problem(exc), detail=exc
            ) from None
        self._reader, self._writer = reader, writer
        writer.write(self.conn.hello(name, CLIENT_SOFTWARE, token=token, role=role))
        async with asyncio.timeout(timeout):
            first = await self._next()
        if not isinstance(first, Welcome):
            message = getattr(first, "message", "the server refused the connection")
            raise LinkClosed(str(message), Why.DECLINED, code=getattr(first, "code", None))
        self.welcome = first
        self._heard = asyncio.get_running_loop().time()
        return first

    async def _next(self, watch: bool = False) -> Message:
        """The next message; with ``watch``, pinging a quiet server and giving up on a
        silent one (see ``SILENT_AFTER``)."""
        assert self._reader is not None
        while True:
            try:
                message = self.conn.next_message()
            except ProtocolError as exc:
                raise LinkClosed(f"protocol error: {exc.message}", Why.GARBLED,
                                 detail=exc.message) from None
            if message is not None:
                return message
            if self.conn.closed:
                raise LinkClosed("the server closed the connection", Why.CLOSED)
            try:
                data = await (self._read_watching() if watch else self._reader.read(65536))
            except OSError as exc:
                raise LinkClosed(f"connection lost ({exc})", Why.LOST, detail=exc) from None
            if not data:
                raise LinkClosed("the server closed the connection", Why.CLOSED)
            self._heard = asyncio.get_running_loop().time()
            self.conn.receive_data(data)

    async def _read_watching(self) -> bytes:
        """Read; while the server is quiet, ping it every ``ping_after`` seconds, and
        after ``silent_after`` seconds of silence drop the connection (LinkClosed)."""
        assert self._reader is not None
        loop = asyncio.get_running_loop()
        while True:
            quiet = loop.time() - self._heard
            if quiet >= self.silent_after:
                if self._writer is not None:
                    self._writer.transport.abort()  # nothing more to say to it
                raise LinkClosed(f"the server stopped answering (nothing for {quiet:.0f} s)",
                                 Why.SILENT, seconds=round(quiet))
            wait = min(self.ping_after, self.silent_after - quiet)
            try:
                # A read cut short by the timeout takes no bytes from the buffer. Not
                # asyncio.wait_for: on 3.11 it loses a cancellation that comes in the
                # same loop turn as the bytes, and the loop would read on for ever.
                async with asyncio.timeout(wait):
                    return await self._reader.read(65536)
            except TimeoutError:
                if loop.time() - self._heard < self.silent_after:
                    self.send(Ping(next(self._nonces)))

    async def run(
        self, deliver: Callable[[Message], Awaitable[None] | None], quiet: float = PING_AFTER
    ) -> None:
        """Read until the connection ends (then raise LinkClosed), delivering messages.
        A server quiet for ``quiet`` seconds is pinged; silent three times as long, it is
        taken as lost (``SILENT_AFTER``)."""
        self.ping_after, self.silent_after = quiet, SILENT_AFTER / PING_AFTER * quiet
        self._heard = asyncio.get_running_loop().time()
        while True:
            message = await self._next(watch=True)
            if isinstance(message, Ping):
                self.send(Pong(message.nonce))
                continue
            if isinstance(message, Pong):
                continue
            result = deliver(message)
            if result is not None:
                await result

    async def ask(self, message_type: type[Request], /, **fields: Any) -> list[Message]:
        """Send a request and read until its answer: the messages that came before it,
        then the answer (its ``ack`` or ``error``). For a one-off question on a link of
        its own (``run`` is not reading it)."""
        rid = self.request(message_type, **fields)
        said: list[Message] = []
        while True:
            message = await self._next()
            if isinstance(message, Ping):
                self.send(Pong(message.nonce))
                continue
            said.append(message)
            if isinstance(message, Ack | Error) and message.id == rid:
                return said

    @property
    def closing(self) -> bool:
        """The connection is going or gone: nothing more can be written on it."""
        return self._writer is None or self._writer.is_closing()

    def send(self, message: Message) -> None:
        writer = self._writer
        if writer is None or writer.is_closing():
            raise LinkClosed("not connected", Why.NOT_CONNECTED)
        try:
            writer.write(self.conn.send(message))
        except ProtocolError as exc:
            raise LinkClosed(f"cannot send: {exc.message}", Why.CANNOT_SEND,
                             detail=exc.message) from None

    def request(self, message_type: type[Request], /, **fields: Any) -> int:
        """Send a request with a fresh id; returns the id (the answer names it)."""
        rid = next(self._ids)
        self.send(message_type(id=rid, **fields))
        return rid

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
