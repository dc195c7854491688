"""Every message of the protocol, as a frozen dataclass: one class per ``type``.

Each class declares its wire ``TYPE``, who sends it (``SENDER``: client, server or
both) and ``SINCE``, the protocol version it appeared in; each field's annotation is its
wire type and ``rule(...)`` its limits (see ``records``). PROTOCOL.md documents the same
catalogue for people; ``tests/protocol/test_protocol_catalogue.py`` keeps the two in step.

Requests (client messages that ask the server to do something) carry a client-chosen
``id``; the server answers each with an ``ack`` or an ``error`` naming that id.

Card codes are RULES.md's (``R7``, ``Gstop``, ``+3``, ...); the protocol checks only
their shape and leaves their meaning to the engine, whose ``bad_action`` the server
passes on. ``view`` and ``event`` maps are the engine's (``engine.views.view_of``,
``engine.events.Event``), written and read by ``protocol.codec``, and travel as opaque
maps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, TypeVar

from .errors import ProtocolError
from .frames import MAX_FRAME, encode_frame
from .limits import (
    CHAT_MAX,
    ID_MAX,
    INT_MAX,
    MAX_SEATS,
    MESSAGE_MAX,
    MIN_SEATS,
    NAME_MAX,
    TABLE_NAME_MAX,
    TIMER_MAX,
    TOKEN_MAX,
)
from .records import REQUEST_ID_MAX, Record, request_id_of, rule
from .standings import Standings
from .versions import PROTOCOL_VERSION

CLIENT: Final = "client"
"""``SENDER`` of a message only a client sends."""
SERVER: Final = "server"
"""``SENDER`` of a message only a server sends."""
BOTH: Final = "both"
"""``SENDER`` of a message either side sends (ping, pong)."""


ROLES: Final[tuple[str, ...]] = ("player", "spectator")
"""Roles a client may claim in ``hello``: a spectator never takes a seat."""
BOT_KINDS: Final[tuple[str, ...]] = ("random", "basic", "strong")
TABLE_STATES: Final[tuple[str, ...]] = ("waiting", "playing", "over")
TIMER_KINDS: Final[tuple[str, ...]] = ("turn", "plus3", "reconnect", "paused")

_SEAT = rule(min=0, max=MAX_SEATS - 1)
_SEAT_OR_NIL = rule(min=0, max=MAX_SEATS - 1, omit=False)
_RID = rule(min=0, max=REQUEST_ID_MAX)
_TABLE_ID = rule(min_len=1, max_len=ID_MAX)

M = TypeVar("M", bound="Message")


class Message(Record):
    """Base of every message: ``to_dict`` adds the ``type`` key first."""

    __slots__ = ()

    TYPE: ClassVar[str] = ""
    SENDER: ClassVar[str] = BOTH
    SINCE: ClassVar[int] = 1

    def to_dict(self, version: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        out.update(Record.to_dict(self, version))
        return out

    @classmethod
    def from_dict(cls: type[M], data: Mapping[str, Any]) -> M:
        if (type(data) is dict or isinstance(data, Mapping)) and data.get(
            "type", cls.TYPE
        ) != cls.TYPE:  # (a plain dict, what frames decode to, skips the ABC check)
            raise ProtocolError("bad_message", f"{cls.TYPE}: the map's type is {data['type']!r}")
        return super().from_dict(data)

    def encode(self, version: int = PROTOCOL_VERSION, max_frame: int = MAX_FRAME) -> bytes:
        """The bytes of this message's frame."""
        return encode_frame(self.to_dict(version), max_frame)


@dataclass(frozen=True, slots=True)
class Request(Message):
    """A client message the server answers with ``ack`` or ``error`` carrying ``id``."""

    SENDER: ClassVar[str] = CLIENT

    id: int = field(metadata=_RID)
    """Chosen by the client, unique per seat (see RecentIds)."""


MESSAGES: dict[str, type[Message]] = {}
"""Every message class by wire type."""


def _register(cls: type[M]) -> type[M]:
    assert cls.TYPE and cls.TYPE not in MESSAGES, cls
    cls.WIRE_NAME = cls.TYPE
    MESSAGES[cls.TYPE] = cls
    return cls


# ---------------------------------------------------------------- shared records


@dataclass(frozen=True, slots=True)
class TableOptions(Record):
    """A table's settings, chosen by its host in ``create_table``."""

    WIRE_NAME: ClassVar[str] = "options"

    name: str = field(metadata=rule(min_len=1, max_len=TABLE_NAME_MAX))
    seats: int = field(metadata=rule(min=MIN_SEATS, max=MAX_SEATS))
    stairs: bool = False
    must_play_if_able: bool = False
    play_for_places: bool = False
    turn_timer: float | None = field(default=None, metadata=rule(min=1, max=TIMER_MAX, omit=False))
    """Seconds a seat has for its turn; nil: no limit."""
    plus3_window: float = field(default=4, metadata=rule(min=1, max=TIMER_MAX))
    """Seconds the other seats have to answer a +3."""
    reconnect_grace: float = field(default=120, metadata=rule(min=0, max=TIMER_MAX))
    """Seconds a disconnected person keeps the seat before a bot takes it for good."""
    hints: bool = field(default=False, metadata=rule(omit=True))
    """Seated players may ask for a hint (``hint``); left out while false."""


@dataclass(frozen=True, slots=True)
class SeatInfo(Record):
    """Who holds a seat."""

    WIRE_NAME: ClassVar[str] = "seat"

    name: str = field(metadata=rule(min_len=1, max_len=NAME_MAX))
    bot: str | None = field(default=None, metadata=rule(choices=BOT_KINDS, omit=False))
    """The bot's kind, or nil for a person."""
    connected: bool = True
    """False while a person's connection is gone (the seat waits for its token)."""
    stand_in: bool = False
    """True while a bot plays for the absent person (``bot`` names its kind)."""
    returnable: bool = field(default=False, metadata=rule(omit=True))
    """A bot that kept the seat after the person's grace period ran out: the host may
    hand the seat back to that person (``remove_bot`` during the game)."""


@dataclass(frozen=True, slots=True)
class TableInfo(Record):
    """A table as the lobby and its occupants see it."""

    WIRE_NAME: ClassVar[str] = "table"

    id: str = field(metadata=_TABLE_ID)
    options: TableOptions
    state: str = field(metadata=rule(choices=TABLE_STATES))
    seats: tuple[SeatInfo | None, ...] = field(metadata=rule(min_len=MIN_SEATS, max_len=MAX_SEATS))
    """One entry per seat, nil for an empty one."""
    host: int | None = field(default=None, metadata=_SEAT_OR_NIL)
    """The host's seat (nil: nobody hosts)."""
    spectators: int = field(default=0, metadata=rule(min=0))
    standings: Standings | None = None
    """The standings of the evening (protocol/standings.py); left out until a game
    has finished at the table."""
    all_away: bool = field(default=False, metadata=rule(omit=True))
    """During a game, every person seated at it is away at once: nothing moves (no bot,
    stand-in or timer) until one of them comes back (PROTOCOL.md 5.4)."""

    def _check(self) -> None:
        if len(self.seats) != self.options.seats:
            raise ProtocolError("bad_message", "table.seats: one entry per seat of options.seats")
        if self.host is not None and self.host >= len(self.seats):
            raise ProtocolError("bad_message", "table.host: no such seat")


@dataclass(frozen=True, slots=True)
class GameAction(Record):
    """A game action, RULES.md section 7 (``seat`` may be left out: the sender's seat)."""

    WIRE_NAME: ClassVar[str] = "action"
    INTERNED: ClassVar[bool] = True

    type: str = field(metadata=rule(min_len=1, max_len=32))
    """play, draw, close_taki, end_turn, declare_last_card, break or pass."""
    seat: int | None = field(default=None, metadata=_SEAT)
    card: str | None = field(default=None, metadata=rule(min_len=1, max_len=16))
    color: str | None = field(default=None, metadata=rule(min_len=1, max_len=8))
    last_card: bool = field(default=False, metadata=rule(omit=True))
    stand_in: bool = field(default=False, metadata=rule(omit=True))
    """In a ``replay`` only: a bot made this move for the absent person."""
    timeout: bool = field(default=False, metadata=rule(omit=True))
    """In a ``replay`` only: the server made this move for the seat, its turn timer or
    the +3 window having run out."""

    def for_seat(self, seat: int) -> dict[str, Any]:
        """The RULES.md action object with ``seat`` filled in, for the engine (built
        directly: every action a server applies comes through here)."""
        out: dict[str, Any] = {"type": self.type, "seat": seat}
        if self.card is not None:
            out["card"] = self.card
        if self.color is not None:
            out["color"] = self.color
        if self.last_card:
            out["last_card"] = True
        return out


# ---------------------------------------------------------------- handshake


@_register
@dataclass(frozen=True, slots=True)
class Hello(Message):
    """The client's first frame: the versions it speaks and who it is."""

    TYPE: ClassVar[str] = "hello"
    SENDER: ClassVar[str] = CLIENT

    versions: tuple[int, int]
    """[min, max], the range of versions the client speaks."""
    name: str = field(metadata=rule(min_len=1, max_len=NAME_MAX))
    client: str = field(metadata=rule(min_len=1, max_len=ID_MAX))
    """Software and version, e.g. ``taki-client/0.1``."""
    token: str | None = field(default=None, metadata=rule(min_len=1, max_len=TOKEN_MAX))
    """A seat token from an earlier ``ack``: take that seat back."""
    role: str | None = field(default=None, metadata=rule(choices=ROLES))
    """``player`` (the default) or ``spectator``."""

    def _check(self) -> None:
        low, high = self.versions
        if not 0 <= low <= high <= 0xFFFF:
            raise ProtocolError("bad_message", "hello.versions: expected [min, max], min <= max")


@_register
@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """The server accepts the hello: the version both speak from now on."""

    TYPE: ClassVar[str] = "welcome"
    SENDER: ClassVar[str] = SERVER

    version: int = field(metadata=rule(min=1))
    server: str = field(metadata=rule(min_len=1, max_len=ID_MAX))
    supported: tuple[int, int]
    """The server's own [min, max]."""
    max_frame: int = field(default=MAX_FRAME, metadata=rule(min=1024))
    """The largest frame body the server accepts."""
    name: str | None = field(default=None, metadata=rule(min_len=1, max_len=NAME_MAX))
    """Only when it differs from the hello's: the name the player is shown under (trimmed,
    or the name of the seat taken back with a token, e.g. ``Twin (2)``)."""
    table: str | None = field(default=None, metadata=rule(min_len=1, max_len=ID_MAX, omit=False))
    """With a token that was accepted: the table whose seat was taken back."""
    seat: int | None = field(default=None, metadata=_SEAT_OR_NIL)


@_register
@dataclass(frozen=True, slots=True)
class Error(Message):
    """A refusal: ``code`` for machines (ERROR_CODES), ``message`` for people."""

    TYPE: ClassVar[str] = "error"
    SENDER: ClassVar[str] = SERVER

    code: str = field(metadata=rule(min_len=1, max_len=ID_MAX))
    message: str = field(metadata=rule(max_len=MESSAGE_MAX))
    id: int | None = field(default=None, metadata=_RID)
    """The request refused, if the error answers one."""
    supported: tuple[int, int] | None = None
    """With ``unsupported_version``: the server's [min, max]."""

    @classmethod
    def of(cls, exc: ProtocolError) -> Error:
        """The error frame that reports ``exc`` to the peer."""
        return cls(exc.code, exc.message[:MESSAGE_MAX], exc.request_id, exc.supported)


@_register
@dataclass(frozen=True, slots=True)
class Ping(Message):
    """Are you there? Either side may send it; the other answers ``pong``."""

    TYPE: ClassVar[str] = "ping"

    nonce: int = field(metadata=_RID)


@_register
@dataclass(frozen=True, slots=True)
class Pong(Message):
    """The answer to ``ping``, with its nonce."""

    TYPE: ClassVar[str] = "pong"

    nonce: int = field(metadata=_RID)


@_register
@dataclass(frozen=True, slots=True)
class Ack(Message):
    """A request was carried out (or had been: a retried id is applied once)."""

    TYPE: ClassVar[str] = "ack"
    SENDER: ClassVar[str] = SERVER

    id: int = field(metadata=_RID)
    ok: bool = True
    table: str | None = field(default=None, metadata=_TABLE_ID)
    """create_table, join, spectate: the table."""
    seat: int | None = field(default=None, metadata=_SEAT)
    """create_table, join, add_bot: the seat taken."""
    token: str | None = field(default=None, metadata=rule(min_len=1, max_len=TOKEN_MAX))
    """create_table, join: the seat token (send it in hello to take the seat back)."""

    @classmethod
    def bare(cls, rid: int) -> Ack:
        """``Ack(rid)`` from a request id this program read (a valid one), each field
        set straight: every action's answer is one (``trusted`` walks the fields by
        name; tests/protocol/test_protocol_messages.py holds the two equal)."""
        ack = object.__new__(cls)
        _set(ack, "id", rid)
        _set(ack, "ok", True)
        _set(ack, "table", None)
        _set(ack, "seat", None)
        _set(ack, "token", None)
        return ack

    def encode(self, version: int = PROTOCOL_VERSION, max_frame: int = MAX_FRAME) -> bytes:
        # Every action earns a bare ack: its bytes are put together from the packed
        # head and tail and the id (the same bytes as the generic path,
        # tests/protocol/test_protocol_messages.py).
        if self.table is None and self.seat is None and self.token is None:
            rid, ok = self.id, self.ok
            if type(rid) is int and 0 <= rid <= REQUEST_ID_MAX and type(ok) is bool:
                return _bare_ack(rid, ok)
            return encode_frame({"type": "ack", "id": rid, "ok": ok}, max_frame)
        return Message.encode(self, version, max_frame)


_set = object.__setattr__

_ACK_HEAD: Final = b"\x83\xa4type\xa3ack\xa2id"
"""The packed start of ``{"type": "ack", "id": ..., "ok": ...}``: a map of 3, two keys."""
_ACK_TAIL: Final = {True: b"\xa2ok\xc3", False: b"\xa2ok\xc2"}


def _bare_ack(rid: int, ok: bool) -> bytes:
    """A bare ack's frame for a request id (0 to 2**32 - 1): msgpack packs an unsigned
    int in the fewest bytes of 1, 1 + 1, 1 + 2 or 1 + 4."""
    if rid < 0x80:
        packed = rid.to_bytes(1, "big")
    elif rid < 0x100:
        packed = b"\xcc" + rid.to_bytes(1, "big")
    elif rid < 0x10000:
        packed = b"\xcd" + rid.to_bytes(2, "big")
    else:
        packed = b"\xce" + rid.to_bytes(4, "big")
    body = _ACK_HEAD + packed + _ACK_TAIL[ok]
    return len(body).to_bytes(4, "big") + body


# ---------------------------------------------------------------- lobby


@_register
@dataclass(frozen=True, slots=True)
class ListTables(Request):
    """Send me the tables, and keep me told of changes while I am in the lobby."""

    TYPE: ClassVar[str] = "list_tables"


@_register
@dataclass(frozen=True, slots=True)
class Tables(Message):
    """Every open table (the answer to list_tables)."""

    TYPE: ClassVar[str] = "tables"
    SENDER: ClassVar[str] = SERVER

    tables: tuple[TableInfo, ...]


@_register
@dataclass(frozen=True, slots=True)
class TableUpdate(Message):
    """A table was created or changed (pushed to the lobby and to the table's occupants)."""

    TYPE: ClassVar[str] = "table_update"
    SENDER: ClassVar[str] = SERVER

    table: TableInfo


@_register
@dataclass(frozen=True, slots=True)
class TableRemoved(Message):
    """A table was closed (pushed to the lobby)."""

    TYPE: ClassVar[str] = "table_removed"
    SENDER: ClassVar[str] = SERVER

    table: str = field(metadata=_TABLE_ID)


@_register
@dataclass(frozen=True, slots=True)
class CreateTable(Request):
    """Open a table; its creator becomes host and takes seat 0."""

    TYPE: ClassVar[str] = "create_table"

    options: TableOptions


@_register
@dataclass(frozen=True, slots=True)
class Join(Request):
    """Take a seat at a table (``seat`` nil: the first free one)."""

    TYPE: ClassVar[str] = "join"

    table: str = field(metadata=_TABLE_ID)
    seat: int | None = field(default=None, metadata=_SEAT_OR_NIL)


@_register
@dataclass(frozen=True, slots=True)
class Spectate(Request):
    """Watch a table: counts only, nobody's hand."""

    TYPE: ClassVar[str] = "spectate"

    table: str = field(metadata=_TABLE_ID)


@_register
@dataclass(frozen=True, slots=True)
class Leave(Request):
    """Give up the seat (or stop watching) and go back to the lobby."""

    TYPE: ClassVar[str] = "leave"


@_register
@dataclass(frozen=True, slots=True)
class AddBot(Request):
    """Host only: seat a bot (``seat`` nil: the first free one)."""

    TYPE: ClassVar[str] = "add_bot"

    kind: str = field(metadata=rule(choices=BOT_KINDS))
    seat: int | None = field(default=None, metadata=_SEAT)


@_register
@dataclass(frozen=True, slots=True)
class RemoveBot(Request):
    """Host only: free a bot's seat (before the game starts)."""

    TYPE: ClassVar[str] = "remove_bot"

    seat: int = field(metadata=_SEAT)


@_register
@dataclass(frozen=True, slots=True)
class Start(Request):
    """Host only: deal and start (``first_seat`` nil: drawn at random)."""

    TYPE: ClassVar[str] = "start"

    first_seat: int | None = field(default=None, metadata=_SEAT_OR_NIL)


@_register
@dataclass(frozen=True, slots=True)
class Rematch(Request):
    """Host only, once the game is over: a new game with the same seats and options."""

    TYPE: ClassVar[str] = "rematch"


# ---------------------------------------------------------------- the game


@_register
@dataclass(frozen=True, slots=True)
class Action(Request):
    """Play: one RULES.md action for the sender's seat."""

    TYPE: ClassVar[str] = "action"

    action: GameAction
    seq: int | None = field(default=None, metadata=rule(min=0))
    """Optional guard: the seq of the last event the client had; refused as ``stale``
    if the table has moved on since."""


@_register
@dataclass(frozen=True, slots=True)
class Snapshot(Message):
    """Everything a recipient may see of its table, on join, start and reconnect."""

    TYPE: ClassVar[str] = "snapshot"
    SENDER: ClassVar[str] = SERVER

    table: TableInfo
    seq: int = field(metadata=rule(min=0))
    """The seq of the last event this snapshot includes; the next event is seq + 1."""
    seat: int | None = field(default=None, metadata=_SEAT_OR_NIL)
    """The recipient's seat, nil for a spectator."""
    view: dict[str, Any] | None = field(default=None, metadata=rule(omit=False))
    """``engine.view_of(game, seat)``; nil before the first game starts."""
    legal: tuple[GameAction, ...] | None = None
    """The recipient's legal actions now, without ``seat``: always sent to a seat while
    a game exists (``()`` when it may not act); absent means none (a spectator, or no
    game yet)."""
    log: tuple[dict[str, Any], ...] | None = None
    """Recent events of the game (engine event maps, oldest first, each with its ``seq``
    added), for display only."""


@_register
@dataclass(frozen=True, slots=True)
class Event(Message):
    """One game event, numbered: seq goes up by exactly 1 per event at a table."""

    TYPE: ClassVar[str] = "event"
    SENDER: ClassVar[str] = SERVER

    seq: int = field(metadata=rule(min=1))
    event: dict[str, Any]
    """``protocol.codec.event_to_wire`` of an ``engine.Event`` as the recipient may see
    it (drawn cards only to the drawer)."""
    view: dict[str, Any] | None = None
    """A view patch (``protocol.patch``): apply it to bring the view up to this event."""
    legal: tuple[GameAction, ...] | None = None
    """When present: the recipient's legal actions now (without ``seat``), replacing the
    previous list; absent: unchanged."""

    def _check(self) -> None:
        if not isinstance(self.event.get("kind"), str):
            raise ProtocolError("bad_message", "event.event: needs a string 'kind'")


@_register
@dataclass(frozen=True, slots=True)
class Resync(Request):
    """The client saw a gap in seq (or doubts its state): send a fresh snapshot."""

    TYPE: ClassVar[str] = "resync"

    seq: int | None = field(default=None, metadata=rule(min=0))
    """The last seq the client holds (a server may replay from there instead)."""


@_register
@dataclass(frozen=True, slots=True)
class Timer(Message):
    """A deadline started (``seconds`` left) or was lifted (``seconds`` nil)."""

    TYPE: ClassVar[str] = "timer"
    SENDER: ClassVar[str] = SERVER

    kind: str = field(metadata=rule(choices=TIMER_KINDS))
    seat: int | None = field(default=None, metadata=_SEAT_OR_NIL)
    seconds: float | None = field(default=None, metadata=rule(min=0, omit=False))


@_register
@dataclass(frozen=True, slots=True)
class Chat(Request):
    """Say something at the table (seated players and spectators alike)."""

    TYPE: ClassVar[str] = "chat"

    text: str = field(metadata=rule(min_len=1, max_len=CHAT_MAX))


@_register
@dataclass(frozen=True, slots=True)
class ChatLine(Message):
    """A chat line, broadcast to everyone at the table."""

    TYPE: ClassVar[str] = "chat_line"
    SENDER: ClassVar[str] = SERVER

    name: str = field(metadata=rule(min_len=1, max_len=NAME_MAX))
    text: str = field(metadata=rule(min_len=1, max_len=CHAT_MAX))
    seat: int | None = field(default=None, metadata=_SEAT_OR_NIL)
    spectator: bool = False
    """True when a spectator said it."""


# ---------------------------------------------------------------- hints


@_register
@dataclass(frozen=True, slots=True)
class Hint(Request):
    """What would the strong bot play from my seat now? Answered by ``suggestion``, then
    ``ack``; ``not_allowed`` at a table whose options say no ``hints``."""

    TYPE: ClassVar[str] = "hint"


@_register
@dataclass(frozen=True, slots=True)
class Suggestion(Message):
    """A hint: an action for the recipient's seat and why, as a reason code (with its
    arguments) for the client to word in its own language."""

    TYPE: ClassVar[str] = "suggestion"
    SENDER: ClassVar[str] = SERVER

    seq: int = field(metadata=rule(min=0))
    """The table's last event seq the hint was worked out at."""
    action: GameAction
    """The action, without ``seat``."""
    reason: str = field(metadata=rule(min_len=1, max_len=ID_MAX))
    """A reason code (engine/hint.py ``REASONS``; a client words an unknown one plainly)."""
    args: dict[str, Any] | None = None
    """The reason's details: ``card`` (a card code), ``color``, ``owed``, ``cards``,
    ``seat``, ``count``."""


# ---------------------------------------------------------------- replays


@dataclass(frozen=True, slots=True)
class ReplayInfo(Record):
    """A finished game kept by the server."""

    WIRE_NAME: ClassVar[str] = "replay_info"

    game: int = field(metadata=rule(min=1))
    table: str = field(metadata=_TABLE_ID)
    names: tuple[str, ...] = field(metadata=rule(min_len=1, max_len=MAX_SEATS))
    winner: int | None = field(default=None, metadata=_SEAT_OR_NIL)


@_register
@dataclass(frozen=True, slots=True)
class ListReplays(Request):
    """Send me the finished games this server kept (newest first)."""

    TYPE: ClassVar[str] = "list_replays"


@_register
@dataclass(frozen=True, slots=True)
class Replays(Message):
    """The answer to list_replays."""

    TYPE: ClassVar[str] = "replays"
    SENDER: ClassVar[str] = SERVER

    games: tuple[ReplayInfo, ...]


@_register
@dataclass(frozen=True, slots=True)
class GetReplay(Request):
    """Send me one game to step through: ``game`` by number, or nil with ``table``
    for that table's latest finished game."""

    TYPE: ClassVar[str] = "get_replay"

    game: int | None = field(default=None, metadata=rule(min=1))
    table: str | None = field(default=None, metadata=_TABLE_ID)


@_register
@dataclass(frozen=True, slots=True)
class Replay(Message):
    """A finished game: replaying ``actions`` from (options, seed, first) with the
    engine gives every position of it (RULES.md: a game is options, seed, actions)."""

    TYPE: ClassVar[str] = "replay"
    SENDER: ClassVar[str] = SERVER

    game: int = field(metadata=rule(min=1))
    table: str = field(metadata=_TABLE_ID)
    options: TableOptions
    names: tuple[str, ...] = field(metadata=rule(min_len=2, max_len=MAX_SEATS))
    seed: int = field(metadata=rule(min=0, max=INT_MAX))
    first: int | None = field(default=None, metadata=_SEAT_OR_NIL)
    actions: tuple[GameAction, ...] = ()
    winner: int | None = field(default=None, metadata=_SEAT_OR_NIL)


# ---------------------------------------------------------------- catalogue

CLIENT_MESSAGES: Final[frozenset[str]] = frozenset(
    t for t, c in MESSAGES.items() if c.SENDER in (CLIENT, BOTH)
)
SERVER_MESSAGES: Final[frozenset[str]] = frozenset(
    t for t, c in MESSAGES.items() if c.SENDER in (SERVER, BOTH)
)
PLAYER_ONLY: Final[frozenset[str]] = frozenset(
    {"create_table", "join", "add_bot", "remove_bot", "start", "rematch"}
)
"""Requests refused with ``not_allowed`` from a client whose hello said role spectator:
those that take or run a seat. ``action`` is not among them: every spectator's action,
whatever its hello said, is ``not_seated`` (one code for one situation)."""


def decode_message(data: Mapping[str, Any], version: int = PROTOCOL_VERSION) -> Message:
    """The message a decoded frame holds, at the negotiated ``version``.

    Raises ProtocolError: ``unknown_type`` for a type not in the catalogue (or newer
    than ``version``), ``bad_message`` for a bad field; either names the request ``id``
    when the map carries a valid one.
    """
    kind = data.get("type")
    cls = MESSAGES.get(kind) if isinstance(kind, str) else None
    if cls is None or version < cls.SINCE:
        raise ProtocolError(
            "unknown_type", f"unknown message type {kind!r}", request_id=request_id_of(data)
        )
    try:
        return cls.from_dict(data)
    except ProtocolError as exc:
        exc.request_id = request_id_of(data)
        raise
