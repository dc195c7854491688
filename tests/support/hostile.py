"""Hostile clients against a real taki-server, while an honest table plays on.

    python -m tests.support.hostile [--sessions 10000] [--rounds 5] [--concurrency 64]
                            [--slow-concurrency 24] [--slow-byte 1.0] [--rate 30]
                            [--bot-delay 0.05] [--seed 1]

A ``taki-server`` process is started on 127.0.0.1 (port 0, ``--no-data``) and
only that address is ever contacted. Two honest players and two server bots sit at one
table and play game after game (rematch) for the whole run: each honest player plays
a random one of its ``legal`` actions (guarded by ``seq``), keeps its view by the
event patches, and after each game checks it against a fresh ``resync`` snapshot; the
116 cards are counted after every event; a game must end with a winner holding no
card; an honest player must never see a gap in ``seq``, an error other than ``stale``,
nor lose its connection; the table must never go ``--stuck-after`` seconds without an
event.

Meanwhile ``--sessions`` hostile sessions run, ``--concurrency`` at a time (the slow
kinds ``--slow-concurrency`` at a time), in ``--rounds`` rounds. The kinds
(``KINDS``): fuzzed bytes before the hello; fuzzed frames after it; wrong first frames
and bad hellos; messages out of order (lobby requests at a table, table requests in
the lobby, seat requests as a spectator, server messages); legal messages at random
(tables created, joined, played, left or dropped mid-game); actions for other seats;
replayed request ids; forged, oversized, stolen and dead seat tokens; slowloris (a
hello, or a request, one byte per ``--slow-byte`` seconds) and readers that stop
reading; floods (thousands of frames in one write, 64 KiB frames, a 100 MB declared
length); connection churn; hostile text (terminal escapes, markup, bidi overrides,
NUL, 10,000-character strings) as names, table names and chat.

Everything the server sends any session is checked: every frame decodes to a known
message; every ``error`` has a known code and no traceback; every string in every frame
is printable (no control or format character reaches anyone); a fatal error is
followed by the server closing; each request is answered exactly once. Each probe
knows the answer the protocol prescribes, and a different one is an *anomaly*; answers
PROTOCOL.md describes otherwise but that are harmless are counted as *deviations*.

After each round the harness waits until the lobby holds only the honest table (every
abandoned table must finish and close by itself: a table still there after
``--drain-timeout`` seconds is *stuck*) and the server's open file descriptors are back
to their count before the round, then samples the server's RSS (``/proc/PID/status``).
At the end the server is stopped with SIGINT and must exit 0; its stderr must hold no
traceback. The last line printed is one JSON object with every figure; the exit status
is 1 if anything above failed.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import itertools
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

import trio

from protocol import messages as m
from protocol.errors import ERROR_CODES, ProtocolError, is_fatal
from protocol.frames import MAX_FRAME, FrameDecoder, encode_frame
from protocol.limits import CHAT_MAX, NAME_MAX

from . import fuzz_decoder as fz
from .harness import HOST, Client, ServerProcess, cli_command, open_sockets, proc_kib

DECK = 116
BURST = 2  # the server's token bucket holds BURST * rate requests

# ---------------------------------------------------------------------------- tally


@dataclass
class Tally:
    """What the hostile sessions and the honest table saw: *anomalies* must never happen
    (a server bug); *deviations* differ from PROTOCOL.md but harm nobody."""

    sessions: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)  # error codes hostile sessions got
    anomalies: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    deviations: Counter[str] = field(default_factory=Counter)
    harness_errors: list[str] = field(default_factory=list)
    frames_sent: int = 0
    bytes_sent: int = 0
    frames_received: int = 0
    connections: int = 0
    connect_failures: int = 0
    closed_by_server: int = 0

    def anomaly(self, what: str, detail: str = "") -> None:
        self.anomalies[what] += 1
        if self.anomalies[what] <= 3 and len(self.examples) < 60:
            self.examples.append(f"{what}: {detail}"[:600])


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list | tuple):
        for item in value.values() if isinstance(value, dict) else value:
            yield from _strings(item)


def inspect(msg: m.Message, tally: Tally, where: str) -> None:
    """The checks every frame from the server passes, whoever receives it."""
    if isinstance(msg, m.Error):
        if msg.code not in ERROR_CODES:
            tally.anomaly("error with an unknown code", f"{where}: {msg.code!r}")
        if any(hint in msg.message for hint in ("Traceback", 'File "', ", line ")):
            tally.anomaly("a traceback reached a client", f"{where}: {msg.message!r}")
    bad = next((s for s in _strings(msg.to_dict()) if not s.isprintable()), None)
    if bad is not None:
        tally.anomaly("unprintable text reached a client", f"{where}: {msg.TYPE} {bad!r}")
    if isinstance(msg, m.ChatLine) and len(msg.name) > NAME_MAX:
        tally.anomaly("a chat name over the server's limit", f"{where}: {msg.name!r}")


def code_of(msg: m.Message) -> str:  # an error's code, else the type (``ack``)
    return msg.code if isinstance(msg, m.Error) else msg.TYPE


# ---------------------------------------------------------------------------- a raw connection


class Wire(Client):
    """A harness client that may send anything (bytes, maps, messages out of turn): what
    the server sends it is decoded with no state machine, kept in ``received`` and
    checked (``inspect``; each request answered at most once; after a fatal error the
    server closes). Its pings go unanswered. Waits end with None, not an exception."""

    stream: trio.SocketStream

    def __init__(self, stream: trio.SocketStream, tally: Tally, kind: str, linger: float) -> None:
        super().__init__(stream, kind, keep=True)
        self.tally = tally
        self.linger = linger  # how long an answer it is owed may take
        self.decoder = FrameDecoder()
        self.ids = itertools.count(random.randrange(1, 2**31))
        self.sent: Counter[int] = Counter()  # request ids sent
        self.counted: Counter[int] = Counter()  # answers received, by id
        self.welcome: m.Welcome | None = None
        self.fatal_at: float | None = None
        self.fatal_code = ""
        self.broken = False  # a send failed: the server has closed

    @classmethod
    async def open(cls, port: int, tally: Tally, kind: str, nursery: trio.Nursery, *,
                   linger: float = 15.0, read: bool = True) -> Wire:
        """Connect; with ``read`` False nothing is ever read (a reader that stalls)."""
        wire = cls(await trio.open_tcp_stream(HOST, port), tally, kind, linger)
        tally.connections += 1
        if read:
            nursery.start_soon(wire.pump)
        return wire

    # ------------------------------------------------------------ reading (``pump`` calls)

    def decode(self, data: bytes | bytearray) -> Iterator[m.Message]:
        self.decoder.receive_data(data)
        while (frame := self.decoder.next_frame()) is not None:  # a bad frame: ``lost``
            try:
                msg = m.decode_message(frame)
            except ProtocolError as exc:
                self.tally.anomaly("the server sent an invalid message", f"{self.name}: {exc}")
                continue
            yield msg

    def on_message(self, message: m.Message) -> None:
        tally = self.tally
        tally.frames_received += 1
        inspect(message, tally, self.name)
        if isinstance(message, m.Welcome):
            self.welcome = message
        elif isinstance(message, m.Error):
            tally.codes[message.code] += 1
            if (is_fatal(message.code) or not self.welcomed) and self.fatal_at is None:
                self.fatal_at, self.fatal_code = trio.current_time(), message.code
        if isinstance(message, m.Ack | m.Error) and message.id is not None:
            self.counted[message.id] += 1
            # only ids this side counted (fuzzed frames carry ids it does not track)
            if 0 < self.sent[message.id] < self.counted[message.id]:
                tally.anomaly("a request answered twice", f"{self.name}: {message}")
        try:
            super().on_message(message)  # kept, and the seat's view, legal list and seq
        except ValueError:  # a patch for a view it does not hold (after a resync from 0)
            self.view = None
            self._poke()

    def queue(self, message: m.Message) -> None:
        """Nothing is sent but what the probe sends (no pong)."""

    def lost(self, why: str) -> None:
        if why.startswith("protocol error"):
            self.tally.anomaly("the server sent a bad frame", f"{self.name}: {why}")

    async def pump(self) -> None:
        try:
            await super().pump()
        finally:
            if self.fatal_at is not None:
                self.tally.closed_by_server += 1

    # ------------------------------------------------------------ sending

    async def push(self, data: m.Message | dict[str, Any] | bytes, frames: int = 1) -> bool:
        """Send a message, a map (packed as it is) or raw bytes, counting request ids;
        False once the server has closed."""
        if isinstance(data, m.Message):
            if isinstance(data, m.Request):
                self.sent[data.id] += 1
            data = data.encode()
        elif isinstance(data, dict):
            rid = data.get("id")
            if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid < 2**32:
                self.sent[rid] += 1
            data = fz.framed(fz.pack(data))
        if self.broken:
            return False
        try:
            await self.stream.send_all(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            self.broken = True
            return False
        self.tally.frames_sent += frames
        self.tally.bytes_sent += len(data)
        return True

    async def ask(self, msg: m.Request, owed: bool = True) -> m.Message | None:
        """Send a request; its ack or error (None: none came, which is an anomaly if it
        was ``owed`` and the connection is open with no fatal error)."""
        start = len(self.received)
        if not await self.push(msg):
            return None
        got = await self.answer(msg.id, start)
        if got is None and owed and not self.closed and self.fatal_at is None:
            self.tally.anomaly("a request was never answered", f"{self.name}: {msg}")
        return got

    async def call(self, make: Callable[..., m.Request], *args: Any) -> m.Message | None:
        """``ask(make(a fresh id, *args))``."""
        return await self.ask(make(self.next_id(), *args))

    async def hello(self, name: str = "Mallory", **kw: Any) -> m.Welcome | None:
        """Send a good hello; the welcome. A hello is answered (a welcome or an error),
        never by a bare close."""
        await self.push(m.Hello((1, 1), name, "hostile/1", **kw))
        got = await self.find(lambda x: x.TYPE in ("welcome", "error"))
        if got is None and self.closed and not self.broken:
            self.tally.anomaly("a hello was answered by a bare close (the session failed)",
                               f"{self.name}: {kw or name!r}")
        return self.welcome

    # ------------------------------------------------------------ waiting

    async def find(self, test: Callable[[m.Message], bool], timeout: float | None = None,
                   start: int = 0) -> m.Message | None:
        """``wait_for`` (``linger`` by default); None if it timed out or the connection
        closed first."""
        try:
            return await self.wait_for(test, self.linger if timeout is None else timeout, start)
        except (trio.TooSlowError, EOFError):
            return None

    async def answer(self, rid: int, start: int = 0) -> m.Message | None:
        return await self.find(lambda x: isinstance(x, m.Ack | m.Error) and x.id == rid,
                               start=start)

    async def closed_within(self, timeout: float) -> bool:
        with contextlib.suppress(trio.TooSlowError):
            await self.wait_until(lambda: self.closed, timeout)
        return self.closed

    async def finish(self, grace: float) -> None:
        """The session's end: after a fatal error the server must have closed."""
        if self.fatal_at is not None and not self.closed:
            wait = max(0.0, self.fatal_at + grace - trio.current_time())
            if not await self.closed_within(wait):
                self.tally.anomaly("the connection stayed open after a fatal error",
                                   f"{self.name}: {self.fatal_code}")
        with trio.CancelScope(shield=True):
            await self.stream.aclose()


def listed(msgs: list[m.Message]) -> list[m.TableInfo]:
    """The table list a ``list_tables`` brought: its ``tables`` frame, then the
    ``table_update`` frames that carry the rest when one frame cannot hold them all
    (PROTOCOL.md 5.1), up to the ack."""
    found: dict[str, m.TableInfo] = {}
    for msg in msgs:
        if isinstance(msg, m.Tables):
            found.update((info.id, info) for info in msg.tables)
        elif isinstance(msg, m.TableUpdate):
            found[msg.table.id] = msg.table
        elif isinstance(msg, m.TableRemoved):
            found.pop(msg.table, None)
        elif isinstance(msg, m.Ack):
            break
    return list(found.values())


# ---------------------------------------------------------------------------- probes


@dataclass
class Target:
    """Where the hostile sessions aim, and the server's limits they probe."""

    port: int
    honest_table: str | None = None
    slow_byte: float = 1.0  # seconds between two bytes of a slowloris
    slow_limit: float = 15.0  # the longest a slow session dribbles
    hello_timeout: float = 10.0  # the server's handshake deadline (taki-server: 10 s)
    linger: float = 15.0  # how long a probe waits for an answer it is owed
    rate: float = 30.0  # the server's requests per second per connection (Limits.rate)
    strikes: int = 200  # rate-limited requests after which it closes (Limits.strikes)


class Probe:
    """One hostile session: its random source, its target, its connections."""

    def __init__(self, kind: str, rng: random.Random, target: Target, tally: Tally,
                 nursery: trio.Nursery) -> None:
        self.kind, self.rng, self.target, self.tally = kind, rng, target, tally
        self.nursery = nursery
        self.wires: list[Wire] = []

    async def wire(self, *, read: bool = True) -> Wire:
        wire = await Wire.open(self.target.port, self.tally, self.kind, self.nursery,
                               linger=self.target.linger, read=read)
        self.wires.append(wire)
        return wire

    async def welcomed(self, name: str = "Mallory", **kw: Any) -> Wire | None:
        wire = await self.wire()
        return wire if await wire.hello(name, **kw) else None

    def expect(self, where: str, what: str, got: m.Message | None, codes: Collection[str]
               ) -> None:
        """``got`` must be an error with one of ``codes`` (``ack``: an ack); rate_limited
        and no answer (the connection closed) always pass."""
        if got is not None and code_of(got) not in {*codes, "rate_limited"}:
            self.tally.anomaly(f"{where}: {what} answered {code_of(got)}",
                               f"expected {sorted(codes)}: {got}")

    def options(self, **kw: Any) -> m.TableOptions:
        """Random table options; the reconnect grace is short, so that abandoned tables
        close within the drain timeout (long graces are by design: the seat waits)."""
        rng = self.rng
        fields: dict[str, Any] = {
            "name": rng.choice(["Mallory's", "[b]x[/b]", "\u05d8\u05e7\u05d9", "t" * 40]),
            "seats": rng.randint(2, 6),
            "stairs": rng.random() < 0.3,
            "must_play_if_able": rng.random() < 0.3,
            "play_for_places": rng.random() < 0.2,
            "turn_timer": rng.choice([None, None, 1, 2]),
            "plus3_window": rng.choice([1, 2]),
            "reconnect_grace": rng.choice([0, 0.5, 1, 2]),
        }
        return m.TableOptions(**(fields | kw))

    async def own_table(self, wire: Wire, bots: int = 1, start: bool = False) -> m.Ack | None:
        """Create a table (with ``bots`` bots, started if ``start``); its ack."""
        got = await wire.call(m.CreateTable, self.options(seats=max(2, bots + 1)))
        if not isinstance(got, m.Ack) or got.table is None:
            return None
        for _ in range(bots):
            await wire.call(m.AddBot, self.rng.choice(m.BOT_KINDS))
        if start:
            await wire.call(m.Start)
        return got


Kind = Callable[[Probe], Awaitable[None]]
Probes = list[tuple[str, Callable[[int], m.Request], set[str]]]
"""Requests that make no sense where they are sent: (name, maker, the codes they get)."""


GARBAGE_CODES = frozenset({"bad_frame", "frame_too_large", "unexpected_message", "bad_message",
                           "unsupported_version", "timeout"})


async def k_garbage(p: Probe) -> None:
    """Fuzzed bytes as the very first thing on the connection."""
    w = await p.wire()
    data = fz.GENERATORS[p.rng.choice(fz.KINDS)](p.rng)
    for piece in fz.chunks_of(p.rng, data):
        if not await w.push(piece):
            break
    await w.closed_within(0.5 if p.rng.random() < 0.8 else 2.0)
    if w.welcomed:  # the bytes held a good hello (``multi``): anything may follow
        return
    for msg in w.received:
        if isinstance(msg, m.Error) and msg.code not in GARBAGE_CODES:
            p.tally.anomaly("garbage: unexpected error code", f"{msg}; sent {data[:200]!r}")


CLIENT_MAPS: list[dict[str, Any]] = [x for x in fz.SEED_MAPS if x["type"] in m.CLIENT_MESSAGES]


async def k_mutated(p: Probe) -> None:
    """A good hello, then fuzzed frames (mostly mutated client messages)."""
    w, rng = await p.welcomed(), p.rng
    if w is None:
        return
    for _ in range(rng.randint(1, 5)):
        roll = rng.random()
        if roll < 0.5:
            data = fz.framed(fz.pack(fz.mutate_map(rng, rng.choice(CLIENT_MAPS))))
        elif roll < 0.7:
            data = fz.framed(fz.mutate_bytes(rng, rng.choice(fz.CLIENT_FRAMES)[4:]))
        else:
            data = fz.GENERATORS[rng.choice(fz.KINDS)](rng)
        if not await w.push(data):
            break
    await w.closed_within(0.3)


def hello_map(**kw: Any) -> dict[str, Any]:
    """A good hello as a map, with ``kw`` in place of its fields."""
    return {"type": "hello", "versions": [1, 1], "name": "x", "client": "c", **kw}


BAD_FIRST: list[tuple[Callable[[random.Random], m.Message | dict[str, Any]], str]] = [
    (lambda r: m.ListTables(1), "unexpected_message"),
    (lambda r: m.Action(2, m.GameAction("draw", seat=0)), "unexpected_message"),
    (lambda r: m.Welcome(1, "evil", (1, 1)), "unexpected_message"),  # a server message
    (lambda r: hello_map(versions=[5, 9]), "unsupported_version"),
    (lambda r: hello_map(versions=[3, 1]), "bad_message"),
    (lambda r: hello_map(name=r.choice(["", " ", "x" * 33, "\x1b[2J", "a\u202eb", "\x00",
                                        "x" * 10_000])), "bad_message"),
    (lambda r: hello_map(token=r.choice(["", "t" * 129, 5])), "bad_message"),
    (lambda r: hello_map(role=r.choice(["admin", "", "SPECTATOR", 1])), "bad_message"),
    (lambda r: hello_map(name="x" * 25), "bad_message"),
]
"""First frames that are not a good hello, and the error each gets (then a close)."""


async def k_before_hello(p: Probe) -> None:
    """A first frame that is not a good hello: each has its prescribed error, then close."""
    w = await p.wire()
    roll = p.rng.randrange(len(BAD_FIRST) + 1)
    if roll == len(BAD_FIRST):  # pipelined: a hello and a request in one write (legal)
        rid = w.next_id()
        w.sent[rid] += 1
        await w.push(m.Hello((1, 1), "Pipe", "hostile/1").encode() + m.ListTables(rid).encode(), 2)
        p.expect("pipelined hello", "list_tables", await w.answer(rid), {"ack"})
        return
    make, code = BAD_FIRST[roll]
    await w.push(make(p.rng))
    err = await w.find(lambda x: isinstance(x, m.Error))
    if not isinstance(err, m.Error):
        if not w.closed:
            p.tally.anomaly("before_hello: no error for a bad first frame", f"roll {roll}")
        return
    if err.code != code:
        p.tally.anomaly(f"before_hello: roll {roll} answered {err.code}", str([code]))
    if err.code == "unsupported_version" and err.supported != (1, 1):
        p.tally.anomaly("unsupported_version without the server's range", str(err))
    if not await w.closed_within(5):
        p.tally.anomaly("before_hello: still open after a handshake error", err.code)


LOBBY_ONLY: list[tuple[str, Callable[[int], m.Request]]] = [
    ("action", lambda i: m.Action(i, m.GameAction("draw"))),
    ("leave", m.Leave),
    ("start", m.Start),
    ("add_bot", lambda i: m.AddBot(i, "basic")),
    ("remove_bot", lambda i: m.RemoveBot(i, 1)),
    ("rematch", m.Rematch),
    ("resync", m.Resync),
    ("chat", lambda i: m.Chat(i, "hi")),
]
SERVER_ONLY = [m.Welcome(1, "evil", (1, 1)), m.Ack(7), m.Tables(()), m.ChatLine("Eve", "hi")]


def at_a_table(p: Probe, table: str, seated: bool) -> Probes:
    """Probes for a spectator, or for the only person seated at a table with no game."""
    probes: Probes = [
        ("create_table", lambda i: m.CreateTable(i, p.options()), {"already_at_table"}),
        ("join", lambda i: m.Join(i, table), {"already_at_table"}),
        ("spectate", lambda i: m.Spectate(i, table), {"already_at_table"}),
    ]
    if not seated:
        return [
            *probes,
            ("start", m.Start, {"not_host"}),
            ("add_bot", lambda i: m.AddBot(i, "random"), {"not_host"}),
            ("remove_bot", lambda i: m.RemoveBot(i, 2), {"not_host"}),
            ("rematch", m.Rematch, {"not_host"}),
            ("action", lambda i: m.Action(i, m.GameAction("draw", seat=p.rng.randrange(4))),
             {"not_seated"}),
            ("resync", m.Resync, {"ack"}),
        ]
    return [
        *probes,
        ("start alone", m.Start, {"not_enough_players"}),
        ("rematch", m.Rematch, {"no_game"}),
        ("action", lambda i: m.Action(i, m.GameAction("draw")), {"no_game"}),
        ("remove_bot (a person)", lambda i: m.RemoveBot(i, 0), {"not_a_bot"}),
        ("remove_bot (empty)", lambda i: m.RemoveBot(i, 1), {"not_a_bot"}),
        ("add_bot (taken seat)", lambda i: m.AddBot(i, "basic", 0), {"seat_taken"}),
        ("add_bot (no such seat)", lambda i: m.AddBot(i, "basic", 9), {"bad_seat"}),
        ("start (empty first seat)", lambda i: m.Start(i, 1), {"not_enough_players", "bad_seat"}),
    ]


async def k_out_of_order(p: Probe) -> None:
    """Requests where they make no sense; each must get its prescribed error."""
    w, rng = await p.welcomed(), p.rng
    if w is None:
        return
    for name, make in rng.sample(LOBBY_ONLY, rng.randint(1, 4)):
        p.expect("lobby", name, await w.ask(make(w.next_id())), {"not_at_table"})
    start = len(w.received)  # a second hello (a ping after it: something comes back)
    await w.push(m.Hello((1, 1), "Again", "hostile/1"))
    await w.push(m.Ping(w.next_id()))
    got = await w.find(lambda x: isinstance(x, m.Error | m.Pong), start=start)
    p.expect("lobby", "a second hello", got, {"unexpected_message"})
    start = len(w.received)
    await w.push(rng.choice(SERVER_ONLY))
    got = await w.find(lambda x: isinstance(x, m.Error), start=start)
    p.expect("lobby", "a server message", got, {"unexpected_message", "bad_message"})
    honest = p.target.honest_table
    if honest is not None and rng.random() < 0.5:
        got = await w.call(m.Join, honest)
        p.expect("lobby", "join the full honest table", got, {"game_in_progress", "table_full"})
        got = await w.call(m.Spectate, honest)
        p.expect("lobby", "spectate", got, {"ack"})
        if not isinstance(got, m.Ack):
            return
        probes = at_a_table(p, honest, seated=False)
        for name, make, codes in rng.sample(probes, rng.randint(2, len(probes))):
            p.expect("spectator", name, await w.ask(make(w.next_id())), codes)
        p.expect("spectator", "leave", await w.call(m.Leave), {"ack"})
        return
    ack = await p.own_table(w, bots=0)
    if ack is None:
        return
    probes = at_a_table(p, honest or "t1", seated=True)
    for name, make, codes in rng.sample(probes, rng.randint(2, len(probes))):
        got = await w.ask(make(w.next_id()))
        if joined_by_someone(w, ack.table):
            break  # another session sat down (tables are open to all): other answers apply
        p.expect("seated", name, got, codes)
    if rng.random() < 0.5:
        p.expect("seated", "leave", await w.call(m.Leave), {"ack"})


def joined_by_someone(wire: Wire, table: str | None) -> bool:
    """Whether the wire was told that someone else took a seat at its table."""
    return any(
        isinstance(x, m.TableUpdate | m.Snapshot) and x.table.id == table
        and sum(s is not None for s in x.table.seats) > 1
        for x in wire.received
    )


def random_game_action(rng: random.Random) -> dict[str, Any]:
    """An action map, often malformed (for the engine to refuse)."""
    out: dict[str, Any] = {"type": rng.choice(
        ["play", "draw", "close_taki", "end_turn", "declare_last_card", "break", "pass",
         "fly", "PLAY", "x" * 32])}
    if rng.random() < 0.6:
        out["card"] = rng.choice(["R7", "Gstop", "color", "supertaki", "+3", "breaker", "king",
                                  "Z9", "R", "R77", "x" * 16])
    if rng.random() < 0.3:
        out["color"] = rng.choice(["R", "G", "B", "Y", "P", "red", "x" * 8])
    if rng.random() < 0.2:
        out["seat"] = rng.randrange(10)
    if rng.random() < 0.1:
        out["last_card"] = True
    return out


async def k_legal_random(p: Probe) -> None:
    """Well-formed requests in a random order, then a leave or an abrupt drop."""
    rng = p.rng
    w = await p.welcomed(rng.choice(["Mal", "Eve", "Trudy", "[red]Oscar[/red]"]))
    if w is None:
        return
    tables: list[str] = [p.target.honest_table or "t1"]
    makers: list[Callable[[int], m.Request]] = [
        m.ListTables,
        lambda i: m.CreateTable(i, p.options()),
        lambda i: m.Join(i, rng.choice(tables), rng.choice([None, None, rng.randrange(10)])),
        lambda i: m.Spectate(i, rng.choice(tables)),
        lambda i: m.AddBot(i, rng.choice(m.BOT_KINDS), rng.choice([None, rng.randrange(10)])),
        lambda i: m.RemoveBot(i, rng.randrange(10)),
        lambda i: m.Start(i, rng.choice([None, None, rng.randrange(10)])),
        m.Rematch,
        lambda i: m.Chat(i, rng.choice(fz.HOSTILE_TEXT)[:500] or "hi"),
        lambda i: m.Resync(i, rng.choice([None, w.seq, 0])),
        m.Leave,
    ]
    for _ in range(rng.randint(3, 30)):
        for x in w.received[-20:]:
            if isinstance(x, m.Tables):
                tables.extend(info.id for info in x.tables)
            elif isinstance(x, m.TableUpdate):
                tables.append(x.table.id)
        del tables[:-50]
        roll, rid = rng.randrange(len(makers) + 4), w.next_id()
        if roll < len(makers):
            msg = makers[roll](rid)
        elif roll == len(makers):
            await w.push(m.Ping(rng.randrange(2**32)))
            continue
        elif w.legal and rng.random() < 0.8:  # 3 rolls in 15: an action, legal or not
            msg = m.Action(rid, rng.choice(w.legal), rng.choice([w.seq, w.seq, None, 0]))
        else:
            start = len(w.received)
            await w.push({"type": "action", "id": rid, "action": random_game_action(rng)})
            await w.answer(rid, start)
            continue
        if await w.ask(msg) is None:
            return
        if rng.random() < 0.3:
            await trio.sleep(rng.random() * 0.2)
    if rng.random() < 0.4:
        await w.call(m.Leave)


async def k_other_seats(p: Probe) -> None:
    """Actions naming a seat that is not the sender's: refused with ``bad_action``."""
    w, rng, honest = await p.welcomed(), p.rng, p.target.honest_table
    if w is None:
        return
    if honest is not None and rng.random() < 0.4:
        p.expect("other_seats", "spectate", await w.call(m.Spectate, honest), {"ack"})
        for _ in range(rng.randint(1, 4)):
            action = m.GameAction(rng.choice(["draw", "pass", "break"]), seat=rng.randrange(4))
            got = await w.call(m.Action, action)
            p.expect("other_seats", "a spectator acting for a seat", got, {"not_seated"})
        return
    if await p.own_table(w, bots=rng.randint(1, 3), start=True) is None:
        return
    snap = await w.find(lambda x: isinstance(x, m.Snapshot) and x.view is not None, 5)
    if not isinstance(snap, m.Snapshot) or snap.seat is None or snap.view is None:
        return
    seats = len(snap.view["players"])
    for _ in range(rng.randint(1, 4)):
        other = rng.choice([s for s in range(seats) if s != snap.seat])
        action = m.GameAction(rng.choice(["draw", "pass", "end_turn"]), seat=other)
        got = await w.call(m.Action, action)
        if got is not None and code_of(got) not in ("bad_action", "rate_limited"):
            p.tally.deviations["an action naming another seat is not refused with bad_action "
                               f"(answered {code_of(got)}: applied to the sender's own seat)"] += 1
    if rng.random() < 0.5:
        await w.call(m.Leave)


async def k_replay_ids(p: Probe) -> None:
    """The same request id sent again: the remembered answer, applied once."""
    w, t = await p.welcomed(), p.tally
    if w is None:
        return
    rid = w.next_id()  # in the lobby: list_tables, then another request with the same id
    first = await w.ask(m.ListTables(rid))
    again = await w.ask(m.Spectate(rid, "t999999"), owed=False)
    if first is not None and again is not None and again != first:
        t.anomaly("a replayed lobby id was carried out again", f"{first} then {again}")
    cid, opts = w.next_id(), p.options(seats=2, reconnect_grace=10)  # at a table
    created = await w.ask(m.CreateTable(cid, opts))
    if not isinstance(created, m.Ack):
        return
    again = await w.ask(m.CreateTable(cid, opts), owed=False)
    if again is not None and again != created:
        t.deviations["a retried create_table id is carried out again once seated "
                     f"(answered {code_of(again)}, not the remembered ack)"] += 1
    chat_id, text = w.next_id(), f"once {p.rng.randrange(10**9)}"
    said = await w.ask(m.Chat(chat_id, text))
    again = await w.ask(m.Chat(chat_id, text + " twice"), owed=False)
    if said is not None and again is not None and again != said:
        t.anomaly("a replayed chat id got a different answer", f"{said} then {again}")
    await trio.sleep(0.05)
    lines = [x for x in w.received if isinstance(x, m.ChatLine) and x.text.startswith("once ")]
    if len(lines) > 1:
        t.anomaly("a replayed chat id was said twice", str(lines))
    if p.rng.random() >= 0.5 or not created.token:
        return
    # reconnect with the token and replay the chat id: still remembered (per seat)
    w2 = await p.wire()
    await w.stream.aclose()
    welcome = await w2.hello("Mallory", token=created.token)
    if welcome is None:
        return
    if welcome.table != created.table:
        t.anomaly("a token did not take its seat back within the grace", str(welcome))
        return
    await w2.find(lambda x: isinstance(x, m.Snapshot))
    again = await w2.ask(m.Chat(chat_id, text + " after reconnect"), owed=False)
    if said is not None and again is not None and again != said:
        t.anomaly("a replayed id after reconnect got a different answer", f"{said} then {again}")
    await trio.sleep(0.05)
    if any(isinstance(x, m.ChatLine) and x.text.endswith("after reconnect") for x in w2.received):
        t.anomaly("a replayed id after reconnect was carried out again", text)
    await w2.call(m.Leave)


FORGED = ["0" * 32, "f" * 128, "\u202e" * 10, "[b]x[/b]", "' OR 1=1 --", "t1"]


async def k_tokens(p: Probe) -> None:
    """Forged, oversized, stolen, spectating and dead seat tokens."""
    rng, t = p.rng, p.tally
    roll = rng.randrange(6)
    if roll == 0:  # forged
        token = rng.choice([*FORGED, os.urandom(16).hex()])
        w = await p.wire()
        if (welcome := await w.hello("Forger", token=token)) is not None:
            if welcome.table is not None:
                t.anomaly("a forged token took a seat", token)
            got = await w.call(m.Action, m.GameAction("draw"))
            p.expect("tokens", "act with a forged token", got, {"not_at_table"})
        return
    if roll == 1:  # oversized or empty: refused in the hello
        w = await p.wire()
        await w.push(hello_map(token=rng.choice(["", "k" * 129, "k" * 10_000])))
        err = await w.find(lambda x: isinstance(x, m.Error))
        p.expect("tokens", "an oversized token", err, {"bad_message"})
        return
    victim = await p.welcomed("Victim")
    ack = None if victim is None else await p.own_table(victim, bots=1, start=roll == 5)
    if victim is None or ack is None or ack.token is None:
        return
    if roll == 2:  # stolen while the victim is connected: the victim is replaced
        seen = len(victim.received)
        thief = await p.wire()
        if (welcome := await thief.hello("Thief", token=ack.token)) is None:
            return
        if (welcome.table, welcome.seat) != (ack.table, ack.seat):
            t.anomaly("a live token did not give its seat back", str(welcome))
        err = await victim.find(lambda x: isinstance(x, m.Error) and x.id is None, start=seen)
        p.expect("tokens", "the replaced connection", err, {"replaced"})
        if not await victim.closed_within(5):
            t.anomaly("a replaced connection stayed open")
        got = await thief.call(m.AddBot, "random")
        p.expect("tokens", "the thief hosts", got, {"ack", "table_full", "game_in_progress"})
        await thief.call(m.Leave)
    elif roll == 3:  # stolen by a spectator: no seat
        peek = await p.wire()
        if (welcome := await peek.hello("Peek", token=ack.token, role="spectator")) is None:
            return
        if welcome.table is not None:
            t.anomaly("a spectator took a seat with a token", str(welcome))
        p.expect("tokens", "spectate", await peek.call(m.Spectate, ack.table or "t1"), {"ack"})
        got = await peek.call(m.Action, m.GameAction("draw"))
        p.expect("tokens", "a spectator acts", got, {"not_seated"})
        for msg in peek.received:
            if isinstance(msg, m.Snapshot) and msg.view is not None and "hand" in msg.view:
                t.anomaly("a spectator saw a hand", str(msg.view)[:200])
        await victim.call(m.Leave)
    elif roll == 4:  # dead: the victim left, the token must take nothing
        await victim.call(m.Leave)
        welcome = await (await p.wire()).hello("Late", token=ack.token)
        if welcome is not None and welcome.table is not None:
            t.anomaly("a token outlived its seat's leave", str(welcome))
    else:  # the victim drops mid-game; the token takes the seat, hand and all
        await victim.stream.aclose()
        back = await p.wire()
        welcome = await back.hello("Back", token=ack.token)
        if welcome is None or welcome.table is None:  # a grace of 0: the seat went
            return
        snap = await back.find(lambda x: isinstance(x, m.Snapshot))
        if (not isinstance(snap, m.Snapshot) or snap.seat is None
                or (snap.view is not None and "hand" not in snap.view)):
            t.anomaly("a reconnect with a token got no seat snapshot", str(snap)[:300])
        if rng.random() < 0.5:
            await back.call(m.Leave)


async def k_slowloris(p: Probe) -> None:
    """One byte at a time (a hello or a request), or a reader that stops reading."""
    rng, target, t = p.rng, p.target, p.tally
    roll = rng.randrange(4)
    if roll >= 2:  # a reader that stalls: it asks, and never reads a byte
        w = await p.wire(read=False)
        await w.push(m.Hello((1, 1), "Stall", "slowloris/1"))
        if roll == 2 and target.honest_table is not None:  # the honest table's events pile up
            await w.push(m.Spectate(w.next_id(), target.honest_table))
        for _ in range(rng.randint(0, 20)):
            await w.push(m.ListTables(w.next_id()))
        await trio.sleep(min(target.slow_limit, rng.uniform(2, 15) * target.slow_byte))
        return
    w = await p.wire()
    if roll == 0:  # the hello, dribbled: the handshake deadline must close it
        data = m.Hello((1, 1), "Slow" * 5, "slowloris/1", token="x" * 100).encode()
        opened = trio.current_time()
        for i in range(len(data)):
            if (w.closed or not await w.push(data[i : i + 1])
                    or trio.current_time() - opened > target.slow_limit):
                break
            await trio.sleep(target.slow_byte)
        if len(data) * target.slow_byte > target.hello_timeout + 3 * target.slow_byte:
            left = opened + target.hello_timeout + 5 - trio.current_time()
            if not await w.closed_within(max(0.0, left)):
                t.anomaly("a slowloris hello outlived the handshake deadline",
                          f"{trio.current_time() - opened:.1f}s")
            elif not any(isinstance(x, m.Error) and x.code == "timeout" for x in w.received):
                t.anomaly("a slowloris hello was closed without a timeout error")
        return
    if not await w.hello("Slow"):  # then a request, dribbled and finished: it is answered
        return
    rid = w.next_id()
    w.sent[rid] += 1
    data, i = m.Chat(rid, "s" * 60).encode(), 0
    opened = trio.current_time()
    while i < len(data) - 1 and trio.current_time() - opened < target.slow_limit:
        if not await w.push(data[i : i + 1]):
            return
        i += 1
        await trio.sleep(target.slow_byte)
    await w.push(data[i:])
    got = await w.answer(rid)
    if got is None and not w.closed:
        t.anomaly("a dribbled request was never answered")
    p.expect("slowloris", "a dribbled chat in the lobby", got, {"not_at_table"})


FLOOD: list[Callable[[int], m.Message]] = [
    m.Ping, m.ListTables, lambda i: m.Chat(i, "flood"), m.Resync,
    lambda i: m.Action(i, m.GameAction("draw")),
]


FLOOD_LOST = ("the frames sent just before the server closes a flooder are lost "
              "(closed with unread input: a reset, not a clean close)")
"""A flood's answers (its ``rate_limited`` errors too) may never arrive: how often
depends on how fast the flooder reads, so on the machine's load."""


async def k_flood(p: Probe) -> None:
    """Thousands of frames in one write; 64 KiB frames; a 100 MB declared length."""
    rng, target, t = p.rng, p.target, p.tally
    w = await p.welcomed("Flood")
    if w is None:
        return
    roll = rng.randrange(4)
    if roll == 0:  # too large: refused from the header alone, connection closed
        await w.push(fz.header(100 * 2**20) + b"\x00" * rng.choice([0, 1000, 200_000]))
        err = await w.find(lambda x: isinstance(x, m.Error))
        p.expect("flood", "a 100 MB frame", err, {"frame_too_large"})
        return
    if roll == 1:  # 64 KiB frames the server must decode: an unknown field as padding
        ids = [w.next_id() for _ in range(rng.randint(5, 40))]
        w.sent.update(ids)
        pad = "p" * (MAX_FRAME - 100)
        frames = [encode_frame({"type": "list_tables", "id": i, "pad": pad}) for i in ids]
        await w.push(b"".join(frames), len(ids))
        await w.closed_within(1.0)
        return
    msgs = [rng.choice(FLOOD)(w.next_id()) for _ in range(rng.choice([100, 500, 1000, 3000]))]
    w.sent.update(x.id for x in msgs if isinstance(x, m.Request))
    await w.push(b"".join(x.encode() for x in msgs), len(msgs))
    requests = sum(not isinstance(x, m.Ping) for x in msgs)  # pings never count
    limited = requests > BURST * target.rate + target.strikes + 10  # burst + strikes
    closed = await w.closed_within(10 if limited else 1)
    if limited and not closed:
        t.anomaly("a flood was not cut off", f"{len(msgs)} frames")
    if limited and closed and not any(
        isinstance(x, m.Error) and x.code == "flooding" for x in w.received
    ):
        # cut off, but the last frames (the fatal `flooding` above all) never arrived:
        # closed with input unread, the kernel resets the connection and drops its output
        t.deviations[FLOOD_LOST] += 1


async def k_churn(p: Probe) -> None:
    """Connections that go away at awkward moments (roll 0: connect and go)."""
    w, rng = await p.wire(), p.rng
    hello = m.Hello((1, 1), "Churn", "c/1").encode()
    roll = rng.randrange(5)
    if roll == 1:
        await w.push(b"\x00\x00")
    elif roll == 2:
        await w.push(hello)
    elif roll == 3:
        asks = [m.CreateTable(1, p.options(seats=2)), m.AddBot(2, "basic"), m.Start(3)]
        await w.push(hello + b"".join(x.encode() for x in asks), 4)
        await trio.sleep(rng.random() * 0.05)
    elif roll == 4:
        await w.push(hello)
        with trio.move_on_after(1):
            await w.stream.send_eof()  # half-close: the server sees the end of the stream
        await w.closed_within(2)


ODD_TEXT: list[str] = [*fz.HOSTILE_TEXT,
    "[b]Bold[/b]", "[link=http://x.invalid]me[/link]", "\\[escaped]", "<script>",
    "%s%s%n", "{name}", "Robert'); DROP", "\u05d8\u05e7\u05d9", "Zalgo\u0336\u0336\u0336",
    "\U0001f642" * 24, "  padded  ",
]


def takes(text: str, limit: int) -> bool:
    """Whether the server must take ``text`` as a name: printable, not blank, in limits."""
    clean = text.strip()
    return bool(clean) and clean.isprintable() and len(text) <= limit


async def k_text(p: Probe) -> None:
    """Hostile names, table names and chat: refused, or stored and sent back inert."""
    rng, t = p.rng, p.tally
    name = rng.choice(ODD_TEXT)[:40] if rng.random() < 0.7 else "Texter"
    w = await p.wire()
    await w.push(hello_map(name=name))
    got = await w.find(lambda x: x.TYPE in ("welcome", "error"))
    if isinstance(got, m.Error) and takes(name, NAME_MAX):
        t.anomaly("a clean name was refused", f"{name!r}: {got.code}")
    if not isinstance(got, m.Welcome):
        return
    if not takes(name, NAME_MAX):
        t.anomaly("an unclean name was accepted", repr(name))
    elif (got.name or name) != name.strip():  # welcome.name: only when the server changed it
        t.anomaly("a clean name was changed", f"{name!r} -> {got.name!r}")
    table_name, rid, start = rng.choice(ODD_TEXT), w.next_id(), len(w.received)
    opts = {"name": table_name, "seats": 2, "reconnect_grace": 1}
    await w.push({"type": "create_table", "id": rid, "options": opts})
    got = await w.answer(rid, start)
    if isinstance(got, m.Error):
        if takes(table_name, 40) and got.code != "rate_limited":
            t.anomaly("a clean table name was refused", f"{table_name!r}: {got.code}")
        return
    if isinstance(got, m.Ack):
        if not takes(table_name, 40):
            t.anomaly("an unclean table name was accepted", repr(table_name))
        snap = await w.find(lambda x: isinstance(x, m.Snapshot), start=start)
        if isinstance(snap, m.Snapshot) and snap.table.options.name != table_name.strip():
            t.anomaly("a table name was not kept as typed",
                      f"{table_name!r} -> {snap.table.options.name!r}")
    for text in rng.sample(ODD_TEXT, 3):
        rid, start = w.next_id(), len(w.received)
        await w.push({"type": "chat", "id": rid, "text": text})
        got = await w.answer(rid, start)
        cleaned = "".join(c if c.isprintable() else " " for c in text).strip()
        fits = 0 < len(text) <= CHAT_MAX and bool(cleaned)
        if isinstance(got, m.Ack):
            if not fits:
                t.anomaly("chat outside the limits was accepted", repr(text[:80]))
            line = await w.find(lambda x: isinstance(x, m.ChatLine), start=start)
            if isinstance(line, m.ChatLine) and line.text != cleaned[:CHAT_MAX]:
                t.anomaly("chat was not kept as typed (control characters aside)",
                          f"{text[:80]!r} -> {line.text[:80]!r}")
        elif isinstance(got, m.Error) and got.code not in ("bad_message", "rate_limited"):
            t.anomaly("chat refused with an odd code", got.code)
        elif isinstance(got, m.Error) and fits and got.code == "bad_message":
            t.anomaly("printable chat was refused", repr(text[:80]))
    await w.call(m.Leave)


KINDS: dict[str, Kind] = {kind.__name__.removeprefix("k_"): kind for kind in (
    k_garbage, k_mutated, k_before_hello, k_out_of_order, k_legal_random, k_other_seats,
    k_replay_ids, k_tokens, k_slowloris, k_flood, k_churn, k_text,
)}
WEIGHTS: dict[str, float] = {
    "garbage": 14, "mutated": 12, "before_hello": 8, "out_of_order": 10, "legal_random": 14,
    "other_seats": 6, "replay_ids": 6, "tokens": 8, "slowloris": 2, "flood": 4, "churn": 10,
    "text": 6,
}
SLOW_KINDS = frozenset({"slowloris"})


async def run_probe(kind: str, index: int, seed: int, target: Target, tally: Tally,
                    time_limit: float) -> None:
    """One hostile session, bounded in time; whatever it does, it ends."""
    tally.sessions[kind] += 1
    async with trio.open_nursery() as nursery:
        probe = Probe(kind, random.Random(seed * 1_000_003 + index), target, tally, nursery)
        try:
            with trio.move_on_after(time_limit):
                await KINDS[kind](probe)
        except OSError as exc:  # refused connection: counted, not fatal
            tally.connect_failures += 1
            if len(tally.harness_errors) < 20:
                tally.harness_errors.append(f"{kind}: {exc!r}")
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        except Exception:
            tally.harness_errors.append(f"{kind}: {traceback.format_exc()[-1500:]}")
        finally:
            with trio.CancelScope(shield=True), trio.move_on_after(10):
                for wire in probe.wires:
                    await wire.finish(grace=5)
            nursery.cancel_scope.cancel()


async def hostile_sessions(target: Target, tally: Tally, *, count: int, seed: int,
                           concurrency: int, slow_concurrency: int, first: int = 0,
                           kinds: dict[str, float] | None = None,
                           plan: list[str] | None = None, time_limit: float = 60.0) -> float:
    """Run ``count`` sessions (kinds drawn by weight, or the kinds of ``plan`` in a random
    order), ``concurrency`` at a time (the slow kinds ``slow_concurrency``); the seconds
    it took."""
    weights = kinds or WEIGHTS
    rng = random.Random(seed)
    if plan is not None:
        chosen = rng.sample(plan, len(plan))
    else:
        chosen = rng.choices(list(weights), list(weights.values()), k=count)
    started = trio.current_time()

    async def feed(slow: bool, width: int) -> None:
        """Start the sessions in order, each once one of ``width`` places is free."""
        limiter = trio.CapacityLimiter(max(1, width))
        async with trio.open_nursery() as nursery:
            for index, kind in enumerate(chosen, first):
                if (kind in SLOW_KINDS) == slow:
                    await limiter.acquire_on_behalf_of(index)
                    nursery.start_soon(one, index, kind, limiter)

    async def one(index: int, kind: str, limiter: trio.CapacityLimiter) -> None:
        try:
            await run_probe(kind, index, seed, target, tally, time_limit)
        finally:
            limiter.release_on_behalf_of(index)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(feed, False, concurrency)
        nursery.start_soon(feed, True, slow_concurrency)
    return trio.current_time() - started


# ---------------------------------------------------------------------------- honest table


@dataclass
class HonestStats:
    games: int = 0
    moves: int = 0
    game_seconds: list[float] = field(default_factory=list)
    chat_lines_seen: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(text)


class Honest(Client):
    """A well-behaved player: plays random legal actions, keeps and checks its view."""

    software = "honest/1"

    def __init__(self, stream: trio.SocketStream, name: str, *, stats: HonestStats,
                 tally: Tally, rng: random.Random) -> None:
        super().__init__(stream, name)
        self.stats, self.tally, self.rng = stats, tally, rng
        self.last_event = 0.0

    def on_message(self, message: m.Message) -> None:
        inspect(message, self.tally, f"honest {self.name}")
        seq = self.seq
        super().on_message(message)
        if isinstance(message, m.Event | m.Snapshot):
            self.last_event = trio.current_time()
        if isinstance(message, m.Event):
            if message.seq != seq + 1:
                self.stats.problem(f"{self.name}: seq gap {seq} -> {message.seq}")
            if message.view is not None and (view := self.view) is not None:
                total = sum(p["cards"] for p in view["players"])
                total += view["draw_count"] + view["discard_count"]
                if total != DECK:
                    self.stats.problem(f"{self.name}: {total} cards on the table, not {DECK}")
        elif isinstance(message, m.ChatLine):
            self.stats.chat_lines_seen += 1
        elif isinstance(message, m.Error) and message.id is None:
            self.stats.problem(f"{self.name}: error {message.code}: {message.message}")

    def lost(self, why: str) -> None:
        if why.startswith("protocol error"):
            self.stats.problem(f"{self.name}: the server broke the protocol: {why}")

    async def wait(self, test: Callable[[], bool], timeout: float) -> bool:
        await trio.lowlevel.checkpoint()  # never spin, whatever ``test`` says
        try:
            await self.wait_until(test, timeout)
        except (trio.TooSlowError, EOFError):
            return False
        return True

    async def ask(self, msg: m.Request | type[m.Request], **fields: Any) -> m.Message | None:
        """``request``; None (and a problem noted) if no answer came within 30 s."""
        try:
            with trio.fail_after(30):
                return await self.request(msg, **fields)
        except (trio.TooSlowError, EOFError):
            self.stats.problem(f"{self.name}: no answer to {msg.TYPE}")
            return None

    @property
    def playing(self) -> bool:
        return self.view is not None and not self.view.get("over", False)

    def moved_on(self, seq: int) -> Callable[[], bool]:
        return lambda: self.seq != seq

    async def play(self, stop: trio.Event) -> None:
        """Act whenever there are legal actions, until ``stop`` and no game running."""
        while not (stop.is_set() and not self.playing) and not self.closed:
            if not (self.playing and self.legal):
                await self.wait(lambda: self.playing and bool(self.legal), 1.0)
                continue
            action, seq = self.rng.choice(self.legal), self.seq
            got = await self.ask(m.Action, action=action, seq=seq)
            if isinstance(got, m.Ack):
                self.stats.moves += 1
            elif isinstance(got, m.Error):
                if got.code != "stale":
                    if self.seq > seq and got.code in ("illegal_action", "not_your_turn"):
                        # the table had moved on: PROTOCOL.md 6.2 says ``stale``
                        self.tally.deviations["an action guarded by an old seq is not refused "
                                              f"with stale (answered {got.code})"] += 1
                    else:
                        self.stats.problem(f"{self.name}: {action} at seq {seq} (still "
                                           f"{self.seq}) refused: {got.code}")
                await self.wait(self.moved_on(seq), 1.0)

    async def check_view(self) -> None:
        """The view kept by patches must equal a fresh snapshot's."""
        kept = copy.deepcopy(self.view)
        got = await self.ask(m.Resync)
        if not isinstance(got, m.Ack):
            self.stats.problem(f"{self.name}: resync answered {got}")
        elif kept != self.view:
            self.stats.problem(f"{self.name}: the patched view differs from the snapshot")


async def honest_table(port: int, stop: trio.Event, stats: HonestStats, tally: Tally,
                       ready: Callable[[str], None], *, seed: int = 7,
                       stuck_after: float = 30.0) -> None:
    """Two honest players and two bots play games until ``stop``; every game checked."""
    rng = random.Random(seed)
    async with trio.open_nursery() as nursery:
        players = [await Honest.connect(port, name, stats=stats, tally=tally, rng=rng)
                   for name in ("Dana", "Omer")]
        host, guest = players
        for player in players:
            nursery.start_soon(player.pump)
        opts = m.TableOptions("Honest table", 4, plus3_window=1, reconnect_grace=60)
        ack = await host.ask(m.CreateTable, options=opts)
        assert isinstance(ack, m.Ack) and ack.table is not None, ack
        seated = [await guest.ask(m.Join, table=ack.table)]
        seated += [await host.ask(m.AddBot, kind="basic") for _ in range(2)]
        assert all(isinstance(got, m.Ack) for got in seated), seated
        ready(ack.table)
        for player in players:
            nursery.start_soon(player.play, stop)
        while not stop.is_set():
            began = trio.current_time()
            got = await host.ask(m.Rematch if stats.games else m.Start)
            if not isinstance(got, m.Ack):
                stats.problem(f"start/rematch answered {got}")
                break
            if not await host.wait(lambda: host.playing, 30):
                stats.problem(f"{host.name}: the game never reached the player")
            if not await guest.wait(lambda: guest.playing, 30):
                stats.problem(f"{guest.name}: the game never reached the player")
            while any(p.playing for p in players):
                quiet = trio.current_time() - max(p.last_event for p in players)
                if any(p.closed for p in players) or quiet > stuck_after:
                    stats.problem("an honest player lost its connection"
                                  if any(p.closed for p in players)
                                  else f"the honest table had no event for {quiet:.0f}s: stuck")
                    nursery.cancel_scope.cancel()
                    return
                await host.wait(lambda: not host.playing, 1.0)
                await guest.wait(lambda: not guest.playing, 0.01)
            for player in players:
                await player.check_view()
            view = host.view
            if view is None or view.get("winner") is None:
                stats.problem(f"a game ended without a winner: {view}")
            elif (not view["options"]["play_for_places"]
                  and view["players"][view["winner"]]["cards"] != 0):
                stats.problem("the winner still holds cards")
            stats.games += 1
            stats.game_seconds.append(trio.current_time() - began)
        nursery.cancel_scope.cancel()


# ---------------------------------------------------------------------------- the server


async def lobby_tables(port: int, tally: Tally) -> list[m.TableInfo] | None:
    """The server's table list, asked by a fresh connection."""
    with trio.move_on_after(20):
        async with trio.open_nursery() as nursery:
            wire = await Wire.open(port, tally, "watcher", nursery)
            try:
                if not await wire.hello("Watcher"):
                    return None
                start = len(wire.received)
                got = await wire.call(m.ListTables)
                return listed(wire.received[start:]) if isinstance(got, m.Ack) else None
            finally:
                await wire.stream.aclose()
                nursery.cancel_scope.cancel()
    return None


GAME_SLACK = 60.0  # seconds a table may need beyond a reconnect grace (bots finishing a game)


def waits_for_a_token(table: m.TableInfo, waited: float) -> bool:
    """A seated person is away and the table's grace may not have run out yet: the seat
    waits for its token, by design (PROTOCOL.md 5.4), so the table is not stuck."""
    away = any(s is not None and not s.connected and (s.bot is None or s.stand_in)
               for s in table.seats)
    return away and waited < table.options.reconnect_grace + GAME_SLACK


async def drain(port: int, tally: Tally, keep: set[str], timeout: float
                ) -> tuple[list[m.TableInfo], list[m.TableInfo]]:
    """Wait until the lobby holds only ``keep`` (and tables whose seats wait for a token
    within their grace); returns the stuck tables and the waiting ones."""
    started = trio.current_time()
    stuck: list[m.TableInfo] = []
    waiting: list[m.TableInfo] = []
    while True:
        waited = trio.current_time() - started
        tables = await lobby_tables(port, tally)
        if tables is not None:
            left = [t for t in tables if t.id not in keep]
            waiting = [t for t in left if waits_for_a_token(t, waited)]
            stuck = [t for t in left if t not in waiting]
            if not stuck:
                return [], waiting
        if trio.current_time() - started > timeout:
            return stuck, waiting
        await trio.sleep(0.5)


async def stall_check(port: int, pid: int, tally: Tally, idle_timeout: float
                      ) -> dict[str, Any]:
    """A connection that asks for plenty and then never reads (nor closes): the server
    must drop it by its idle timeout at the latest. 40 tables of 10 seats with long names
    make each ``tables`` answer about 25 KB, so 60 answers fill the socket buffers.
    Watched through the server's open file descriptors."""
    base = open_sockets(pid)
    async with trio.open_nursery() as nursery:
        hosts: list[Wire] = []
        for i in range(40):
            hosts.append(w := await Wire.open(port, tally, "stall_check", nursery))
            if await w.hello(f"Bulk {i}"):
                await w.call(m.CreateTable, m.TableOptions("\U0001f642" * 40, 10,
                                                           reconnect_grace=0))
                for _ in range(9):
                    await w.call(m.AddBot, "basic")
        stream = await trio.open_tcp_stream(HOST, port)
        try:
            asks = b"".join(m.ListTables(i).encode() for i in range(1, 61))  # the burst
            await stream.send_all(m.Hello((1, 1), "Stall", "stall/1").encode() + asks)
            opened = trio.current_time()
            await trio.sleep(1)  # the answers are made (and stuck in the socket)
            for w in hosts:
                await w.stream.aclose()
            deadline = opened + idle_timeout + 15
            while trio.current_time() < deadline and open_sockets(pid) > base:
                await trio.sleep(0.5)
            held = trio.current_time() - opened
            dropped = open_sockets(pid) <= base
            if not dropped:
                tally.anomaly("a connection that stopped reading outlived the idle timeout",
                              f"still open after {held:.0f}s (idle timeout {idle_timeout:.0f}s)")
            return {"dropped": dropped, "seconds_watched": round(held, 1)}
        finally:
            await stream.aclose()
            nursery.cancel_scope.cancel()


# ---------------------------------------------------------------------------- main


async def bench(args: argparse.Namespace, server: ServerProcess, report: dict[str, Any]
                ) -> None:
    tally, stats, pid = Tally(), HonestStats(), server.pid
    stop, honest_ready, honest_done = trio.Event(), trio.Event(), trio.Event()
    target = Target(server.port, slow_byte=args.slow_byte, slow_limit=args.slow_limit,
                    rate=args.rate)
    kinds = {k: WEIGHTS[k] for k in args.kinds.split(",")} if args.kinds else None

    def ready(table: str) -> None:
        target.honest_table = table
        honest_ready.set()

    async def honest() -> None:
        try:
            await honest_table(server.port, stop, stats, tally, ready, seed=args.seed,
                               stuck_after=args.stuck_after)
        finally:
            honest_done.set()

    rounds: list[dict[str, Any]] = []
    async with trio.open_nursery() as nursery:
        nursery.start_soon(honest)
        with trio.fail_after(30):
            await honest_ready.wait()
        await trio.sleep(2)  # the honest game is under way: the baseline includes it
        report["rss_baseline_kib"] = proc_kib(pid)
        report["fds_baseline"] = fds_before = open_sockets(pid)
        print(f"server pid {pid} port {server.port}: baseline RSS "
              f"{report['rss_baseline_kib']} KiB, {fds_before} open sockets", flush=True)
        first, busy, started = 0, 0.0, trio.current_time()
        for number in range(1, args.rounds + 1):
            count = args.sessions // args.rounds + (number <= args.sessions % args.rounds)
            seconds = await hostile_sessions(
                target, tally, count=count, seed=args.seed * 101 + number, kinds=kinds,
                concurrency=args.concurrency, slow_concurrency=args.slow_concurrency,
                first=first, time_limit=args.session_limit)
            first, busy = first + count, busy + seconds
            stuck, waiting = await drain(server.port, tally, {target.honest_table or ""},
                                         args.drain_timeout)
            for table in stuck:
                tally.anomaly("a table never closed (stuck)",
                              f"{table.id} {table.state} {table.seats}")
            with trio.move_on_after(10):
                while open_sockets(pid) > fds_before:
                    await trio.sleep(0.2)
            rounds.append(row := {
                "round": number, "sessions": count, "seconds": round(seconds, 1),
                "sessions_per_s": round(count / seconds, 1) if seconds else None,
                "rss_kib": proc_kib(pid), "fds": open_sockets(pid), "stuck_tables": len(stuck),
                "tables_waiting_for_a_token": len(waiting),
                "honest_games": stats.games, "alive": server.alive(),
            })
            print(json.dumps(row), flush=True)
            if not server.alive():
                break
        hostile_seconds = trio.current_time() - started
        if args.stall_check:
            report["stall_check"] = await stall_check(server.port, pid, tally, 30.0)
            print(f"stall check: {report['stall_check']}", flush=True)
        stop.set()
        with trio.move_on_after(120):
            await honest_done.wait()
        if not honest_done.is_set():
            stats.problem("the honest table did not finish its last game in 120 s")
        nursery.cancel_scope.cancel()
    sessions = sum(tally.sessions.values())
    report.update({
        "sessions": sessions,
        "sessions_by_kind": dict(tally.sessions.most_common()),
        "hostile_seconds": round(busy, 1),
        "hostile_seconds_with_drains": round(hostile_seconds, 1),
        "sessions_per_s": round(sessions / busy, 1) if busy else None,
        "connections": tally.connections,
        "connect_failures": tally.connect_failures,
        "frames_sent": tally.frames_sent,
        "bytes_sent": tally.bytes_sent,
        "frames_received": tally.frames_received,
        "closed_by_server_after_an_error": tally.closed_by_server,
        "error_codes": dict(tally.codes.most_common()),
        "anomalies": dict(tally.anomalies),
        "anomaly_examples": tally.examples,
        "deviations": dict(tally.deviations),
        "harness_errors": tally.harness_errors[:10],
        "harness_error_count": len(tally.harness_errors),
        "honest_games": stats.games,
        "honest_moves": stats.moves,
        "honest_game_seconds": [round(s, 1) for s in stats.game_seconds],
        "honest_chat_lines_seen": stats.chat_lines_seen,
        "honest_problems": stats.problems,
        "rounds": rounds,
        "rss_after_kib": proc_kib(pid),
        "rss_peak_kib": proc_kib(pid, "VmHWM"),
        "fds_after": open_sockets(pid),
    })


async def run(args: argparse.Namespace, report: dict[str, Any], log_path: str
              ) -> tuple[bool, int | None, str]:
    """Start ``taki-server``, run the bench, stop it: (alive at the end, exit code, log)."""
    server = await ServerProcess.start(cli_command(
        "--rate", str(args.rate), "--bot-delay", str(args.bot_delay),
        "--log-level", args.server_log_level), log_path)
    try:
        await bench(args, server, report)
    finally:
        alive = server.alive()
        code = await server.stop()
    return alive, code, server.log()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--sessions", type=int, default=10_000)
    add("--rounds", type=int, default=5)
    add("--concurrency", type=int, default=64)
    add("--slow-concurrency", type=int, default=24)
    add("--slow-byte", type=float, default=1.0, help="seconds between the bytes of a slowloris")
    add("--slow-limit", type=float, default=15.0, help="seconds a slow session dribbles at most")
    add("--session-limit", type=float, default=60.0,
        help="seconds any one hostile session may take")
    add("--rate", type=float, default=30.0,
        help="the server's --rate (requests/s per connection)")
    add("--bot-delay", type=float, default=0.05)
    add("--stuck-after", type=float, default=30.0)
    add("--drain-timeout", type=float, default=90.0)
    add("--rss-slack-mib", type=float, default=32.0,
        help="how far above the baseline the RSS may end")
    add("--seed", type=int, default=1)
    add("--server-log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    add("--keep-log", default="", help="copy the server's stderr here")
    add("--stall-check", type=int, default=1,
        help="1: end with one connection that never reads (about 45 s)")
    add("--kinds", default="", help="comma-separated kinds to run (default: all, weighted)")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"args": vars(args)}
    with tempfile.TemporaryDirectory(prefix="taki-hostile-") as logdir:
        began = time.perf_counter()
        alive, code, err = trio.run(run, args, report, os.path.join(logdir, "server.err"))
        if args.keep_log:
            with open(args.keep_log, "w", encoding="utf-8") as keep:
                keep.write(err)
        report["wall_seconds"] = round(time.perf_counter() - began, 1)
    report["server_alive_at_end"] = alive
    report["server_exit_code"] = code
    report["server_tracebacks"] = err.count("Traceback")
    report["server_error_lines"] = [line for line in err.splitlines()
                                    if " ERROR " in line or " CRITICAL " in line][:20]
    growth_mib = (report.get("rss_after_kib", 0) - report.get("rss_baseline_kib", 0)) / 1024
    report["rss_growth_mib"] = round(growth_mib, 1)
    if len(rounds := report.get("rounds", [])) >= 3:
        report["rss_growth_after_round_2_mib"] = round(
            (rounds[-1]["rss_kib"] - rounds[1]["rss_kib"]) / 1024, 1)
    fds = (report.get("fds_baseline", 0), report.get("fds_after", 0))
    report["failures"] = failures = [text for failed, text in [
        (not alive, "the server died"),
        (code != 0, f"the server exited with {code}"),
        (report["server_tracebacks"], f"{report['server_tracebacks']} tracebacks in the "
                                      "server's stderr"),
        (report.get("anomalies"), f"anomalies: {report.get('anomalies')}"),
        (report.get("honest_problems"),
         f"the honest table: {report.get('honest_problems', [])[:5]}"),
        (not report.get("honest_games"), "the honest table finished no game"),
        (growth_mib > args.rss_slack_mib, f"server RSS grew {growth_mib:.1f} MiB"),
        (fds[1] > fds[0] + 2, f"open sockets {fds[0]} -> {fds[1]}"),
    ] if failed]
    print(f"{report.get('sessions', 0):,} hostile sessions in {report.get('hostile_seconds')}s "
          f"({report.get('sessions_per_s')}/s); honest games {report.get('honest_games')}; "
          f"server RSS {report.get('rss_baseline_kib')} -> {report.get('rss_after_kib')} KiB "
          f"(peak {report.get('rss_peak_kib')}); anomalies {report.get('anomalies')}; "
          f"deviations {report.get('deviations')}")
    print("FAILED: " + "; ".join(failures) if failures else "OK")
    print(json.dumps(report, default=str))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
