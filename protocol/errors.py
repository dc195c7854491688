"""The protocol's error taxonomy: every error code in one table, and ProtocolError.

Every refusal the server can send is an ``error`` frame with a stable ``code`` (for
machines) and a ``message`` (for people). The codes live here and nowhere else, so
PROTOCOL.md, the server and the tests read one list; a test checks that PROTOCOL.md
documents each of them.

Like h11, the Python side has one exception type with two flavours: a
``RemoteProtocolError`` means the peer sent something wrong (answer it with an error
frame), a ``LocalProtocolError`` means this side misused the API (a bug here). Both
are ``ProtocolError``, a ``ValueError`` subclass carrying ``code``; the decoding layers
raise nothing else, whatever bytes arrive.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class ErrorInfo(NamedTuple):
    """What a code means, and whether the server closes the connection after it."""

    fatal: bool
    text: str


ERROR_CODES: Final[dict[str, ErrorInfo]] = {
    # Framing and handshake (fatal: the server closes after sending them).
    "bad_frame": ErrorInfo(True, "the frame does not decode to a msgpack map with a string type"),
    "frame_too_large": ErrorInfo(True, "the frame's declared length is over the limit"),
    "unsupported_version": ErrorInfo(True, "no protocol version is spoken by both sides"),
    "timeout": ErrorInfo(True, "the peer was silent too long (no hello, or no pong)"),
    "replaced": ErrorInfo(True, "another connection took this seat back with its token"),
    "too_slow": ErrorInfo(True, "the connection did not read its frames fast enough"),
    "server_shutdown": ErrorInfo(True, "the server is shutting down"),
    "server_full": ErrorInfo(True, "the server has as many connections as it takes"),
    "flooding": ErrorInfo(True, "the connection kept sending after rate_limited refusals"),
    # Messages (not fatal once the handshake is over).
    "bad_message": ErrorInfo(False, "a field is missing, has the wrong type or is out of range"),
    "unknown_type": ErrorInfo(False, "the message type is unknown at the negotiated version"),
    "unexpected_message": ErrorInfo(False, "the message is not allowed from this side or now"),
    "not_allowed": ErrorInfo(
        False, "the role given in hello may not send this message (or the table gives no hints)"
    ),
    "rate_limited": ErrorInfo(False, "too many requests; slow down"),
    "server_error": ErrorInfo(False, "the server failed to carry out the request"),
    "unavailable": ErrorInfo(
        False, "the server cannot save moves right now; try again (the table resumes by itself)"
    ),
    # Lobby and tables.
    "no_such_table": ErrorInfo(False, "there is no table with that id"),
    "no_such_game": ErrorInfo(False, "the server keeps no finished game with that number"),
    "table_limit": ErrorInfo(False, "the server has as many tables as it holds"),
    "table_full": ErrorInfo(False, "every seat at the table is taken"),
    "seat_taken": ErrorInfo(False, "that seat is taken"),
    "bad_seat": ErrorInfo(False, "that seat number does not exist at the table"),
    "already_at_table": ErrorInfo(False, "leave the current table first"),
    "not_at_table": ErrorInfo(False, "the connection is not at a table"),
    "not_seated": ErrorInfo(False, "only a seated player may do this (not a spectator)"),
    "not_host": ErrorInfo(False, "only the table's host may do this"),
    "not_a_bot": ErrorInfo(False, "that seat is not held by a bot"),
    "not_enough_players": ErrorInfo(False, "a game needs at least 2 seated players"),
    "game_in_progress": ErrorInfo(False, "not while a game is being played"),
    "no_game": ErrorInfo(False, "no game has been started at this table"),
    "stale": ErrorInfo(False, "the action was meant for an older state (seq moved on)"),
    # The game (the engine's codes, RULES.md section 7).
    "not_your_turn": ErrorInfo(False, "the seat may not act now"),
    "card_not_in_hand": ErrorInfo(False, "the seat does not hold that card"),
    "bad_color": ErrorInfo(False, "a Change Colour needs a colour R, G, B or Y; no other card"),
    "illegal_action": ErrorInfo(False, "the rules do not allow that action now"),
    "game_over": ErrorInfo(False, "the game has ended"),
    "bad_action": ErrorInfo(False, "the action object is malformed"),
}
"""Every code an ``error`` frame may carry. Later versions may add codes, never remove."""

HANDSHAKE_ERRORS_ARE_FATAL: Final = True
"""Any error sent before ``welcome`` closes the connection, whatever its code."""


def is_fatal(code: str) -> bool:
    """Whether the server closes the connection after an error with ``code``."""
    info = ERROR_CODES.get(code)
    return info is not None and info.fatal


class ProtocolError(ValueError):
    """A frame or message the protocol refuses; ``code`` is one of ERROR_CODES.

    ``request_id`` is the ``id`` of the request that caused it, when known, so the
    error frame can name it; ``supported`` is the version range, for
    ``unsupported_version``.
    """

    def __init__(
        self,
        code: str,
        message: str | None = None,
        *,
        request_id: int | None = None,
        supported: tuple[int, int] | None = None,
    ) -> None:
        if message is None:
            info = ERROR_CODES.get(code)
            message = info.text if info is not None else code
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request_id = request_id
        self.supported = supported

    @property
    def fatal(self) -> bool:
        """Whether the code always closes the connection (see ERROR_CODES)."""
        return is_fatal(self.code)


class RemoteProtocolError(ProtocolError):
    """The peer broke the protocol: answer with an error frame (the server) or close."""

    @classmethod
    def from_error(cls, exc: ProtocolError) -> RemoteProtocolError:
        if isinstance(exc, RemoteProtocolError):
            return exc
        return cls(exc.code, exc.message, request_id=exc.request_id, supported=exc.supported)


class LocalProtocolError(ProtocolError):
    """This side misused the API (sent a message not allowed now): a bug to fix here."""
