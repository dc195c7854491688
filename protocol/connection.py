"""The two ends of a connection as sans-IO state machines: no sockets, no clock, no tasks.

Like h11 and wsproto, a connection object only turns bytes into messages and messages
into bytes, and knows which messages are allowed when; the caller moves the bytes. So
one implementation serves the trio server and the asyncio client, and tests drive a
client against a server with no network at all::

    conn = ServerConnection()
    conn.receive_data(await stream.receive_some(65536))
    while True:
        try:
            msg = conn.next_message()
        except RemoteProtocolError as exc:
            await stream.send_all(conn.send_error(exc))
            if conn.closed:
                return                   # fatal: close the stream
            continue
        if msg is None:
            break                        # need more bytes
        if isinstance(msg, Hello):
            await stream.send_all(conn.accept())
        else:
            ...                          # handle msg; conn.send(reply) -> bytes

The handshake: the client's first frame is ``hello`` and it sends nothing else until
it has the server's answer; the server answers with ``welcome`` (the connection is
open) or an ``error`` (it closes). Then each side sends only its own messages (see
``SENDER`` on each message class). ``next_message`` raises only RemoteProtocolError
(the peer misbehaved); after a hello it returns None until the hello is answered.
``send`` raises LocalProtocolError (this side misbehaved) for a message not allowed
now.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, Final

from .errors import LocalProtocolError, ProtocolError, RemoteProtocolError, is_fatal
from .frames import MAX_FRAME, FrameDecoder
from .messages import (
    CLIENT_MESSAGES,
    MESSAGES,
    PLAYER_ONLY,
    SERVER_MESSAGES,
    Ack,
    Error,
    Event,
    Hello,
    Message,
    Snapshot,
    Welcome,
    decode_message,
)
from .records import request_id_of
from .versions import PROTOCOL_VERSION, SUPPORTED, negotiate, offered_versions

SERVER_SOFTWARE: Final = "taki-server/0.1"


class State(enum.Enum):
    """Where a connection is in its life."""

    #: Client: hello not sent yet. Server: waiting for the hello.
    HELLO = "hello"
    #: Client: hello sent, waiting for welcome. Server: hello in, welcome not sent yet.
    WELCOME = "welcome"
    #: The handshake is over: both sides exchange their messages.
    OPEN = "open"
    #: A fatal error was sent or received, or ``close()`` was called: nothing more is sent.
    CLOSED = "closed"


_SHARED: Final = frozenset({"table_update", "timer", "chat_line"})
"""Messages a server tells every member of a table (or every lobby watcher) as one
object, whose fields are all immutable: ``_encoded`` keeps the last one's bytes."""

_last: tuple[Message, int, int, bytes] | None = None


def _encoded(msg: Message, version: int, limit: int) -> bytes:
    """``msg.encode(version, limit)``. The last shared message's bytes are kept (the
    message itself held, so its identity stays its own): a table update to a table's
    members is encoded once, not once a member."""
    global _last
    if msg.TYPE not in _SHARED:
        return msg.encode(version, limit)
    last = _last
    if last is not None and last[0] is msg and last[1] == version and last[2] == limit:
        return last[3]
    data = msg.encode(version, limit)
    _last = (msg, version, limit, data)
    return data


class _Connection:
    """What both ends share: the decoder, the state, the negotiated version."""

    #: Message types this end may send, and may receive.
    _OUT: frozenset[str] = frozenset()
    _IN: frozenset[str] = frozenset()

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        """The largest frame body accepted from the peer."""
        self.send_limit = MAX_FRAME
        """The largest frame body sent: 64 KiB, which every peer accepts (or less if the
        server's welcome says so)."""
        self.state = State.HELLO
        self.version: int | None = None
        """The negotiated version, once known."""
        self._decoder = FrameDecoder(max_frame)
        self._sent_fatal = False
        self._fatal: RemoteProtocolError | None = None

    @property
    def peer_closed(self) -> bool:
        """True once ``receive_data(b"")`` said the peer closed its side."""
        return self._decoder.at_eof

    @property
    def buffered(self) -> int:
        """Bytes held for an incomplete frame (at most ``max_frame + 4``)."""
        return self._decoder.buffered

    def receive_data(self, data: bytes | bytearray | memoryview) -> None:
        """Feed bytes read from the peer; ``b""`` when the peer closed the stream."""
        self._decoder.receive_data(data)

    def messages(self) -> Iterator[Message]:
        """Every message available now (stops when more bytes are needed)."""
        while True:
            msg = self.next_message()
            if msg is None:
                return
            yield msg

    def next_message(self) -> Message | None:
        """The next message from the peer, or None until more bytes arrive.

        Raises RemoteProtocolError when the peer broke the protocol; if that closed the
        connection (``state`` is CLOSED) every later call raises it again. Once closed
        otherwise (a fatal error frame, ``close()``), it returns None.
        """
        if self._fatal is not None:
            raise self._fatal
        if self.state is State.CLOSED:
            return None
        try:
            return self._next()
        except RemoteProtocolError as exc:
            if self.closed:  # the error closed it
                self._fatal = exc
            raise

    @property
    def closed(self) -> bool:
        """True once the connection is CLOSED (the caller should close the stream)."""
        return self.state is State.CLOSED

    def _next(self) -> Message | None:
        raise NotImplementedError

    def _next_frame(self) -> dict[str, Any] | None:
        try:
            return self._decoder.next_frame()
        except ProtocolError as exc:
            self.state = State.CLOSED
            raise RemoteProtocolError.from_error(exc) from None

    def _decode(self, frame: dict[str, Any]) -> Message:
        try:
            return decode_message(frame, self.version or PROTOCOL_VERSION)
        except ProtocolError as exc:
            raise RemoteProtocolError.from_error(exc) from None

    def send(self, msg: Message) -> bytes:
        """The bytes of ``msg``'s frame, after checking it may be sent now."""
        if msg.TYPE not in self._OUT:
            raise LocalProtocolError("unexpected_message", f"this side never sends {msg.TYPE}")
        if self.state is State.CLOSED and not (isinstance(msg, Error) and not self._sent_fatal):
            raise LocalProtocolError("unexpected_message", "the connection is closed")
        self._before_send(msg)
        version = self.version or PROTOCOL_VERSION
        if version < msg.SINCE:
            raise LocalProtocolError(
                "unexpected_message", f"{msg.TYPE} is not in protocol version {version}"
            )
        data = _encoded(msg, version, self.send_limit)
        if isinstance(msg, Error) and (is_fatal(msg.code) or self.state is not State.OPEN):
            self._sent_fatal = True
            self.state = State.CLOSED
        return data

    def send_encoded(self, data: bytes) -> bytes:
        """Frame bytes encoded once for many recipients (``Message.encode`` at this
        connection's version); only allowed once the connection is open."""
        if self.state is not State.OPEN:
            raise LocalProtocolError("unexpected_message", "the connection is not open")
        return data

    def _before_send(self, msg: Message) -> None:
        """State checks and transitions for sending ``msg`` (raise LocalProtocolError)."""

    def close(self) -> None:
        """Stop: nothing more is sent (the caller closes the stream)."""
        self.state = State.CLOSED


class ServerConnection(_Connection):
    """The server's end: answers the hello, then reads requests and sends replies."""

    _OUT = SERVER_MESSAGES
    _IN = CLIENT_MESSAGES

    def __init__(
        self,
        supported: tuple[int, int] = SUPPORTED,
        max_frame: int = MAX_FRAME,
        server: str = SERVER_SOFTWARE,
    ) -> None:
        super().__init__(max_frame)
        self.supported = supported
        self.server = server
        self.hello: Hello | None = None
        """The client's hello, once received."""

    @property
    def role(self) -> str:
        """``player`` or ``spectator``, from the hello (``player`` until then)."""
        if self.hello is None or self.hello.role is None:
            return "player"
        return self.hello.role

    def _next(self) -> Message | None:
        if self.state is State.WELCOME:
            return None  # frames after the hello wait until it is answered
        frame = self._next_frame()
        if frame is None:
            return None
        if self.state is State.HELLO:
            return self._receive_hello(frame)
        msg = self._decode(frame)
        kind = msg.TYPE
        if kind not in self._IN or kind == "hello":
            raise RemoteProtocolError(
                "unexpected_message",
                f"a client may not send {kind} now",
                request_id=request_id_of(frame),
            )
        if kind in PLAYER_ONLY and self.role == "spectator":
            raise RemoteProtocolError(
                "not_allowed",
                f"a spectator may not send {kind}",
                request_id=request_id_of(frame),
            )
        return msg

    def _receive_hello(self, frame: dict[str, Any]) -> Hello:
        try:
            if frame.get("type") != "hello":
                raise RemoteProtocolError("unexpected_message", "the first frame must be a hello")
            # The version range first, before any other field: a client of any later
            # version, whatever its hello holds, learns the range this server speaks.
            offered = offered_versions(frame)
            version = negotiate(offered, self.supported)
            if version is None:
                low, high = self.supported
                raise RemoteProtocolError(
                    "unsupported_version",
                    f"this server speaks versions {low} to {high}, "
                    f"the client {offered[0]} to {offered[1]}",
                    supported=self.supported,
                )
            hello = Hello.from_dict(frame)
        except ProtocolError as exc:
            self.state = State.CLOSED  # any handshake error is fatal
            raise RemoteProtocolError.from_error(exc) from None
        self.hello = hello
        self.version = version
        self.state = State.WELCOME
        return hello

    def send(self, msg: Message) -> bytes:
        # Every action's answer: an ack on an open connection passes every check of
        # ``_Connection.send`` (a server message, no state change, in every version).
        if type(msg) is Ack and self.state is State.OPEN:
            return msg.encode(self.version or PROTOCOL_VERSION, self.send_limit)
        return super().send(msg)

    def _before_send(self, msg: Message) -> None:
        if isinstance(msg, Error):
            return
        if self.state is State.HELLO:
            raise LocalProtocolError("unexpected_message", "no hello yet: only an error")
        if self.state is State.WELCOME:
            if not isinstance(msg, Welcome):
                raise LocalProtocolError("unexpected_message", "answer the hello first")
            if msg.version != self.version:
                raise LocalProtocolError(
                    "unsupported_version", f"the negotiated version is {self.version}"
                )
            self.state = State.OPEN
        elif isinstance(msg, Welcome):
            raise LocalProtocolError("unexpected_message", "welcome was sent already")

    def accept(
        self, *, name: str | None = None, table: str | None = None, seat: int | None = None
    ) -> bytes:
        """Answer the hello with ``welcome`` at the negotiated version."""
        if self.version is None:
            raise LocalProtocolError("unexpected_message", "no hello to accept")
        welcome = Welcome(
            self.version, self.server, self.supported, self.max_frame, name, table, seat
        )
        return self.send(welcome)

    def send_error(self, exc: ProtocolError) -> bytes:
        """The error frame reporting ``exc`` (fatal codes, and any before welcome, close)."""
        return self.send(Error.of(exc))


class ClientConnection(_Connection):
    """The client's end: sends the hello, then requests; reads the server's messages.

    It also follows the event numbering: ``seq`` is the last event seq seen (from a
    snapshot or an event), and ``needs_resync`` turns True when an event skips a number,
    until the next snapshot.
    """

    _OUT = CLIENT_MESSAGES
    _IN = SERVER_MESSAGES

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        super().__init__(max_frame)
        self.offered: tuple[int, int] | None = None
        self.welcome: Welcome | None = None
        self.seq: int | None = None
        self.needs_resync = False

    def _next(self) -> Message | None:
        while True:
            frame = self._next_frame()
            if frame is None:
                return None
            kind = frame.get("type")
            if self.state is not State.WELCOME and kind not in MESSAGES:
                continue  # newer servers' extras: ignore what we do not know
            try:
                msg = self._decode(frame)
            except RemoteProtocolError:
                if self.state is State.WELCOME:
                    self.state = State.CLOSED
                raise
            return self._receive(msg)

    def _receive(self, msg: Message) -> Message:
        if msg.TYPE not in self._IN or self.state is State.HELLO:
            if self.state is not State.OPEN:
                self.state = State.CLOSED
            raise RemoteProtocolError("unexpected_message", f"a server may not send {msg.TYPE}")
        if self.state is State.WELCOME:
            if isinstance(msg, Welcome):
                offered = self.offered
                assert offered is not None
                if not offered[0] <= msg.version <= offered[1]:
                    self.state = State.CLOSED
                    raise RemoteProtocolError(
                        "unsupported_version",
                        f"the server chose version {msg.version}, not offered",
                        supported=offered,
                    )
                self.version = msg.version
                self.welcome = msg
                self.send_limit = min(MAX_FRAME, msg.max_frame)
                self.state = State.OPEN
                return msg
            if isinstance(msg, Error):
                self.state = State.CLOSED
                return msg
            self.state = State.CLOSED
            raise RemoteProtocolError("unexpected_message", f"{msg.TYPE} before welcome")
        if isinstance(msg, Welcome):
            raise RemoteProtocolError("unexpected_message", "a second welcome")
        if isinstance(msg, Error) and is_fatal(msg.code):
            self.state = State.CLOSED
        elif isinstance(msg, Snapshot):
            self.seq = msg.seq
            self.needs_resync = False
        elif isinstance(msg, Event):
            if self.seq is None or msg.seq != self.seq + 1:
                self.needs_resync = True
            self.seq = msg.seq
        return msg

    def _before_send(self, msg: Message) -> None:
        if self.state is State.HELLO:
            if not isinstance(msg, Hello):
                raise LocalProtocolError("unexpected_message", "the first message must be hello")
            self.offered = msg.versions
            self.state = State.WELCOME
        elif self.state is State.WELCOME:
            raise LocalProtocolError("unexpected_message", "wait for the server's welcome")
        elif isinstance(msg, Hello):
            raise LocalProtocolError("unexpected_message", "hello was sent already")

    def hello(
        self,
        name: str,
        client: str,
        *,
        versions: tuple[int, int] = SUPPORTED,
        token: str | None = None,
        role: str | None = None,
    ) -> bytes:
        """Send the hello: the bytes of its frame."""
        return self.send(Hello(versions, name, client, token, role))
