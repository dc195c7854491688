"""Hostile clients against a real taki-server, while an honest table plays on.

    python -m bench.hostile [--sessions 10000] [--rounds 5] [--concurrency 64]
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
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import trio

from bench import fuzz_decoder as fz
from bench.harness import HOST, Client, ServerProcess, cli_command, open_fds, proc_kib
from protocol import (
    ERROR_CODES,
    MAX_FRAME,
    FrameDecoder,
    ProtocolError,
    decode_message,
    encode_frame,
    is_fatal,
)
from protocol import messages as m
from protocol.limits import CHAT_MAX, NAME_MAX
from protocol.patch import apply_patch

DECK = 116
SERVER_NAME_MAX = NAME_MAX
"""One limit on names: protocol, server and client (protocol/limits.py)."""
BURST = 2
"""The server's token bucket holds ``BURST * rate`` requests."""

# ---------------------------------------------------------------------------- tally


@dataclass
class Tally:
    """What the hostile sessions and the honest table saw."""

    sessions: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    """Error codes the server sent hostile sessions."""
    anomalies: Counter[str] = field(default_factory=Counter)
    """Things that must never happen (a server bug), by description."""
    examples: list[str] = field(default_factory=list)
    deviations: Counter[str] = field(default_factory=Counter)
    """Answers that differ from PROTOCOL.md but harm nobody (reported, not failed)."""
    harness_errors: list[str] = field(default_factory=list)
    frames_sent: int = 0
    bytes_sent: int = 0
    frames_received: int = 0
    connections: int = 0
    connect_failures: int = 0
    closed_by_server: int = 0
    tokens: list[str] = field(default_factory=list)
    """Seat tokens hostile sessions got (for others to steal)."""
    tables: set[str] = field(default_factory=set)

    def anomaly(self, what: str, detail: str = "") -> None:
        self.anomalies[what] += 1
        if self.anomalies[what] <= 3 and len(self.examples) < 60:
            self.examples.append(f"{what}: {detail}"[:600])

    def deviation(self, what: str) -> None:
        self.deviations[what] += 1


TRACEBACK_HINTS = ("Traceback", 'File "', ", line ")


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def inspect(msg: m.Message, tally: Tally, where: str) -> None:
    """The checks every frame from the server passes, whoever receives it."""
    if isinstance(msg, m.Error):
        if msg.code not in ERROR_CODES:
            tally.anomaly("error with an unknown code", f"{where}: {msg.code!r}")
        if any(hint in msg.message for hint in TRACEBACK_HINTS):
            tally.anomaly("a traceback reached a client", f"{where}: {msg.message!r}")
    for text in _strings(msg.to_dict()):
        if not text.isprintable():
            tally.anomaly("unprintable text reached a client", f"{where}: {msg.TYPE} {text!r}")
            break
    if isinstance(msg, m.ChatLine) and len(msg.name) > SERVER_NAME_MAX:
        tally.anomaly("a chat name over the server's limit", f"{where}: {msg.name!r}")


# ---------------------------------------------------------------------------- a raw connection


class Wire:
    """One connection that may send anything; it keeps and checks what comes back."""

    def __init__(self, stream: trio.SocketStream, tally: Tally, kind: str) -> None:
        self.stream = stream
        self.tally = tally
        self.kind = kind
        self.decoder = FrameDecoder()
        self.got: list[m.Message] = []
        self.eof = False
        self.welcomed = False
        self.fatal_at: float | None = None
        self.fatal_code = ""
        self.sent: Counter[int] = Counter()
        self.answers: Counter[int] = Counter()
        self.ids = itertools.count(random.randrange(1, 2**31))
        self._new = trio.Event()
        self.broken = False

    @classmethod
    async def open(cls, port: int, tally: Tally, kind: str, nursery: trio.Nursery,
                   *, read: bool = True) -> Wire:
        """Connect; with ``read`` False nothing is ever read (a reader that stalls)."""
        stream = await trio.open_tcp_stream(HOST, port)
        tally.connections += 1
        wire = cls(stream, tally, kind)
        if read:
            nursery.start_soon(wire._reader)
        return wire

    async def _reader(self) -> None:
        try:
            while True:
                data = await self.stream.receive_some(65536)
                if not data:
                    break
                self.decoder.receive_data(data)
                while True:
                    try:
                        frame = self.decoder.next_frame()
                    except ProtocolError as exc:
                        self.tally.anomaly("the server sent a bad frame", f"{self.kind}: {exc}")
                        return
                    if frame is None:
                        break
                    self._keep(frame)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass
        finally:
            self.eof = True
            if self.fatal_at is not None:
                self.tally.closed_by_server += 1
            self._poke()

    def _keep(self, frame: dict[str, Any]) -> None:
        try:
            msg = decode_message(frame)
        except ProtocolError as exc:
            self.tally.anomaly("the server sent an invalid message", f"{self.kind}: {exc}")
            return
        self.tally.frames_received += 1
        inspect(msg, self.tally, self.kind)
        if isinstance(msg, m.Welcome):
            self.welcomed = True
        elif isinstance(msg, m.Error):
            self.tally.codes[msg.code] += 1
            if (is_fatal(msg.code) or not self.welcomed) and self.fatal_at is None:
                self.fatal_at = trio.current_time()
                self.fatal_code = msg.code
        if isinstance(msg, m.Ack | m.Error) and msg.id is not None:
            self.answers[msg.id] += 1
            # only ids this side counted (fuzzed frames carry ids it does not track)
            if 0 < self.sent[msg.id] < self.answers[msg.id]:
                self.tally.anomaly("a request answered twice", f"{self.kind}: {msg}")
        self.got.append(msg)
        self._poke()

    def _poke(self) -> None:
        self._new.set()
        self._new = trio.Event()

    # ------------------------------------------------------------ sending

    async def send(self, data: bytes, frames: int = 1) -> bool:
        """Send raw bytes; False once the server has closed."""
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

    async def send_msg(self, msg: m.Message) -> bool:
        if isinstance(msg, m.Request):
            self.sent[msg.id] += 1
        return await self.send(msg.encode())

    async def send_map(self, data: dict[str, Any]) -> bool:
        rid = data.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid < 2**32:
            self.sent[rid] += 1
        return await self.send(fz.framed(fz.pack(data)))

    def next_id(self) -> int:
        return next(self.ids) % (2**32)

    # ------------------------------------------------------------ waiting

    async def wait_for(
        self, test: Callable[[m.Message], bool], timeout: float, start: int = 0
    ) -> m.Message | None:
        """The first message from index ``start`` on that passes ``test`` (None: timed
        out or the connection closed first)."""
        seen = start
        with trio.move_on_after(timeout):
            while True:
                for msg in self.got[seen:]:
                    if test(msg):
                        return msg
                seen = len(self.got)
                if self.eof:
                    return None
                await self._new.wait()
        return None

    async def answer(self, rid: int, timeout: float, start: int = 0) -> m.Message | None:
        return await self.wait_for(
            lambda x: isinstance(x, m.Ack | m.Error) and x.id == rid, timeout, start
        )

    async def request(self, make: Callable[[int], m.Request], timeout: float) -> m.Message | None:
        """Send a request built with a fresh id; its ack or error (None: none came)."""
        return await self.ask(make(self.next_id()), timeout)

    async def ask(self, msg: m.Request, timeout: float) -> m.Message | None:
        """Send a request; its ack or error (None: none came)."""
        start = len(self.got)
        if not await self.send_msg(msg):
            return None
        got = await self.answer(msg.id, timeout, start)
        if got is None and not self.eof and self.fatal_at is None:
            self.tally.anomaly("a request was never answered", f"{self.kind}: {msg}")
        return got

    async def hello(self, name: str = "Mallory", timeout: float = 10, **kw: Any) -> bool:
        """Send a good hello; True once welcomed. A hello must be answered: a welcome or
        an error, never a bare close."""
        await self.send_msg(m.Hello((1, 1), name, "hostile/1", **kw))
        got = await self.wait_for(lambda x: x.TYPE in ("welcome", "error"), timeout)
        if got is None and self.eof and not self.broken:
            self.tally.anomaly("a hello was answered by a bare close (the session failed)",
                               f"{self.kind}: {kw or name!r}")
        return self.welcomed

    async def closed_within(self, timeout: float) -> bool:
        with trio.move_on_after(timeout):
            while not self.eof:
                await self._new.wait()
        return self.eof

    async def finish(self, grace: float) -> None:
        """Checks at the end of a session: after a fatal error the server must close."""
        if self.fatal_at is not None and not self.eof:
            wait = max(0.0, self.fatal_at + grace - trio.current_time())
            if not await self.closed_within(wait):
                self.tally.anomaly(
                    "the connection stayed open after a fatal error",
                    f"{self.kind}: {self.fatal_code}",
                )
        with trio.CancelScope(shield=True):
            await self.stream.aclose()


def expect(tally: Tally, kind: str, what: str, got: m.Message | None, codes: Iterable[str]
           ) -> None:
    """``got`` must be an error with one of ``codes`` (``ack`` for an ack); rate_limited
    and a closed connection (None) are always accepted."""
    allowed = set(codes)
    if got is None:
        return
    code = got.code if isinstance(got, m.Error) else "ack" if isinstance(got, m.Ack) else got.TYPE
    if code in allowed or code == "rate_limited":
        return
    tally.anomaly(f"{kind}: {what} answered {code}", f"expected {sorted(allowed)}: {got}")


# ---------------------------------------------------------------------------- probes


@dataclass
class Target:
    """Where the hostile sessions aim, and the server's limits they probe."""

    port: int
    honest_table: str | None = None
    slow_byte: float = 1.0
    """Seconds between two bytes of a slowloris."""
    slow_limit: float = 15.0
    """The longest a slow session dribbles before it gives up."""
    hello_timeout: float = 10.0
    """The server's handshake deadline (taki-server: 10 s)."""
    linger: float = 15.0
    """How long a probe waits for an answer it is owed."""
    rate: float = 30.0
    """The server's requests per second per connection (``Limits.rate``)."""
    strikes: int = 200
    """Rate-limited requests after which the server closes (``Limits.strikes``)."""


class Probe:
    """One hostile session: its random source, its target, and its connections."""

    def __init__(self, kind: str, rng: random.Random, target: Target, tally: Tally,
                 nursery: trio.Nursery) -> None:
        self.kind = kind
        self.rng = rng
        self.target = target
        self.tally = tally
        self.nursery = nursery
        self.wires: list[Wire] = []

    async def wire(self, *, read: bool = True) -> Wire:
        wire = await Wire.open(self.target.port, self.tally, self.kind, self.nursery, read=read)
        self.wires.append(wire)
        return wire

    async def welcomed(self, name: str = "Mallory", **kw: Any) -> Wire | None:
        wire = await self.wire()
        return wire if await wire.hello(name, self.target.linger, **kw) else None

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
        fields.update(kw)
        return m.TableOptions(**fields)

    async def own_table(self, wire: Wire, bots: int = 1, start: bool = False,
                        **kw: Any) -> m.Ack | None:
        """Create a table (with ``bots`` bots, started if ``start``); its ack."""
        opts = self.options(seats=max(2, bots + 1), **kw)
        got = await wire.ask(m.CreateTable(wire.next_id(), opts), self.target.linger)
        if not isinstance(got, m.Ack) or got.table is None:
            return None
        self.tally.tables.add(got.table)
        if got.token:
            self.tally.tokens.append(got.token)
            del self.tally.tokens[:-200]
        for _ in range(bots):
            await wire.ask(m.AddBot(wire.next_id(), self.rng.choice(m.BOT_KINDS)),
                               self.target.linger)
        if start:
            await wire.ask(m.Start(wire.next_id()), self.target.linger)
        return got

    async def known_tables(self, wire: Wire) -> list[m.TableInfo]:
        start = len(wire.got)
        got = await wire.ask(m.ListTables(wire.next_id()), self.target.linger)
        return listed(wire.got[start:]) if got is not None else []


Kind = Callable[[Probe], Awaitable[None]]


async def k_garbage(p: Probe) -> None:
    """Fuzzed bytes as the very first thing on the connection."""
    w = await p.wire()
    kind = p.rng.choice(["random_bytes", "random_body", "random_tree", "byte_mutation",
                         "lying_header", "deep", "huge_claim", "wide", "typed_tree",
                         "field_mutation", "multi"])
    data = fz.GENERATORS[kind](p.rng)
    for piece in fz.chunks_of(p.rng, data):
        if not await w.send(piece):
            break
    await w.closed_within(0.5 if p.rng.random() < 0.8 else 2.0)
    if w.welcomed:  # the bytes held a good hello (``multi``): anything may follow
        return
    for msg in w.got:
        if isinstance(msg, m.Error) and msg.code not in (
            "bad_frame", "frame_too_large", "unexpected_message", "bad_message",
            "unsupported_version", "timeout",
        ):
            p.tally.anomaly("garbage: unexpected error code", f"{msg}; sent {data[:200]!r}")


async def k_mutated(p: Probe) -> None:
    """A good hello, then fuzzed frames (mostly mutated client messages)."""
    w = await p.welcomed()
    if w is None:
        return
    for _ in range(p.rng.randint(1, 5)):
        roll = p.rng.random()
        if roll < 0.5:
            data = fz.framed(fz.pack(fz.mutate_map(p.rng, p.rng.choice(CLIENT_MAPS))))
        elif roll < 0.7:
            data = fz.framed(fz.mutate_bytes(p.rng, p.rng.choice(fz.CLIENT_FRAMES)[4:]))
        else:
            data = fz.GENERATORS[p.rng.choice(fz.KINDS)](p.rng)
        if not await w.send(data):
            break
    await w.closed_within(0.3)


async def k_before_hello(p: Probe) -> None:
    """A first frame that is not a good hello: each has its prescribed error, then close."""
    w = await p.wire()
    rng = p.rng
    roll = rng.randrange(10)
    expected = {"bad_message"}
    if roll == 0:
        await w.send_msg(m.ListTables(1))
        expected = {"unexpected_message"}
    elif roll == 1:
        await w.send_msg(m.Action(2, m.GameAction("draw", seat=0)))
        expected = {"unexpected_message"}
    elif roll == 2:
        await w.send(m.Welcome(1, "evil", (1, 1)).encode())  # a server message
        expected = {"unexpected_message"}
    elif roll == 3:
        await w.send_map({"type": "hello", "versions": [5, 9], "name": "x", "client": "c"})
        expected = {"unsupported_version"}
    elif roll == 4:
        await w.send_map({"type": "hello", "versions": [3, 1], "name": "x", "client": "c"})
    elif roll == 5:
        await w.send_map({"type": "hello", "versions": [1, 1], "name": rng.choice(
            ["", " ", "x" * 33, "\x1b[2J", "a\u202eb", "\x00", "x" * 10_000]), "client": "c"})
    elif roll == 6:
        await w.send_map({"type": "hello", "versions": [1, 1], "name": "x", "client": "c",
                          "token": rng.choice(["", "t" * 129, 5])})
    elif roll == 7:
        await w.send_map({"type": "hello", "versions": [1, 1], "name": "x", "client": "c",
                          "role": rng.choice(["admin", "", "SPECTATOR", 1])})
    elif roll == 8:
        await w.send_map({"type": "hello", "versions": [1, 1], "name": "x" * 25, "client": "c"})
    else:  # pipelined: a hello and requests in one write (legal for a server to take)
        rid = w.next_id()
        w.sent[rid] += 1
        data = m.Hello((1, 1), "Pipe", "hostile/1").encode() + m.ListTables(rid).encode()
        await w.send(data, 2)
        got = await w.answer(rid, p.target.linger)
        expect(p.tally, "pipelined hello", "list_tables", got, {"ack"})
        return
    err = await w.wait_for(lambda x: isinstance(x, m.Error), p.target.linger)
    if err is None:
        if not w.eof:
            p.tally.anomaly("before_hello: no error for a bad first frame", f"roll {roll}")
        return
    assert isinstance(err, m.Error)
    if err.code not in expected:
        p.tally.anomaly(f"before_hello: roll {roll} answered {err.code}", str(sorted(expected)))
    if err.code == "unsupported_version" and err.supported != (1, 1):
        p.tally.anomaly("unsupported_version without the server's range", str(err))
    if not await w.closed_within(5):
        p.tally.anomaly("before_hello: still open after a handshake error", err.code)


async def k_out_of_order(p: Probe) -> None:
    """Requests where they make no sense; each must get its prescribed error."""
    w = await p.welcomed()
    if w is None:
        return
    rng, t, linger = p.rng, p.tally, p.target.linger
    lobby_only: list[tuple[str, Callable[[int], m.Request]]] = [
        ("action", lambda i: m.Action(i, m.GameAction("draw"))),
        ("leave", lambda i: m.Leave(i)),
        ("start", lambda i: m.Start(i)),
        ("add_bot", lambda i: m.AddBot(i, "basic")),
        ("remove_bot", lambda i: m.RemoveBot(i, 1)),
        ("rematch", lambda i: m.Rematch(i)),
        ("resync", lambda i: m.Resync(i)),
        ("chat", lambda i: m.Chat(i, "hi")),
    ]
    for name, make in rng.sample(lobby_only, rng.randint(1, 4)):
        expect(t, "lobby", name, await w.request(make, linger), {"not_at_table"})
    # a second hello; a server-only message
    rid = w.next_id()
    start = len(w.got)
    await w.send_msg(m.Hello((1, 1), "Again", "hostile/1"))
    await w.send_msg(m.Ping(rid))
    got = await w.wait_for(lambda x: isinstance(x, m.Error | m.Pong), linger, start)
    expect(t, "lobby", "a second hello", got, {"unexpected_message"})
    start = len(w.got)
    await w.send(rng.choice([m.Welcome(1, "evil", (1, 1)).encode(), m.Ack(7).encode(),
                             m.Tables(()).encode(), m.ChatLine("Eve", "hi").encode()]))
    got = await w.wait_for(lambda x: isinstance(x, m.Error), linger, start)
    expect(t, "lobby", "a server message", got, {"unexpected_message", "bad_message"})
    honest = p.target.honest_table
    if honest is not None and rng.random() < 0.5:
        got = await w.ask(m.Join(w.next_id(), honest), linger)
        expect(t, "lobby", "join the full honest table", got, {"game_in_progress", "table_full"})
        got = await w.ask(m.Spectate(w.next_id(), honest), linger)
        expect(t, "lobby", "spectate", got, {"ack"})
        if not isinstance(got, m.Ack):
            return
        probes: list[tuple[str, Callable[[int], m.Request], set[str]]] = [
            ("create_table", lambda i: m.CreateTable(i, p.options()), {"already_at_table"}),
            ("join", lambda i: m.Join(i, honest), {"already_at_table"}),
            ("spectate", lambda i: m.Spectate(i, honest), {"already_at_table"}),
            ("start", lambda i: m.Start(i), {"not_host"}),
            ("add_bot", lambda i: m.AddBot(i, "random"), {"not_host"}),
            ("remove_bot", lambda i: m.RemoveBot(i, 2), {"not_host"}),
            ("rematch", lambda i: m.Rematch(i), {"not_host"}),
            ("action", lambda i: m.Action(i, m.GameAction("draw", seat=rng.randrange(4))),
             {"not_seated"}),
            ("resync", lambda i: m.Resync(i), {"ack"}),
        ]
        for name, make, codes in rng.sample(probes, rng.randint(2, len(probes))):
            expect(t, "spectator", name, await w.request(make, linger), codes)
        expect(t, "spectator", "leave", await w.ask(m.Leave(w.next_id()), linger), {"ack"})
        return
    ack = await p.own_table(w, bots=0)
    if ack is None:
        return
    seats = 2
    table_probes: list[tuple[str, Callable[[int], m.Request], set[str]]] = [
        ("create_table", lambda i: m.CreateTable(i, p.options()), {"already_at_table"}),
        ("join", lambda i: m.Join(i, honest or "t1"), {"already_at_table"}),
        ("spectate", lambda i: m.Spectate(i, honest or "t1"), {"already_at_table"}),
        ("start alone", lambda i: m.Start(i), {"not_enough_players"}),
        ("rematch", lambda i: m.Rematch(i), {"no_game"}),
        ("action", lambda i: m.Action(i, m.GameAction("draw")), {"no_game"}),
        ("remove_bot (a person)", lambda i: m.RemoveBot(i, 0), {"not_a_bot"}),
        ("remove_bot (empty)", lambda i: m.RemoveBot(i, 1), {"not_a_bot"}),
        ("add_bot (taken seat)", lambda i: m.AddBot(i, "basic", 0), {"seat_taken"}),
        ("add_bot (no such seat)", lambda i: m.AddBot(i, "basic", 9), {"bad_seat"}),
        ("start (empty first seat)", lambda i: m.Start(i, seats - 1), {"not_enough_players",
                                                                       "bad_seat"}),
    ]
    for name, make, codes in rng.sample(table_probes, rng.randint(2, len(table_probes))):
        got = await w.request(make, linger)
        if joined_by_someone(w, ack.table):
            break  # another session sat down (tables are open to all): other answers apply
        expect(t, "seated", name, got, codes)
    if rng.random() < 0.5:
        expect(t, "seated", "leave", await w.ask(m.Leave(w.next_id()), linger), {"ack"})


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


def joined_by_someone(wire: Wire, table: str | None) -> bool:
    """Whether the wire was told that someone else took a seat at its table."""
    return any(
        isinstance(x, m.TableUpdate | m.Snapshot) and x.table.id == table
        and sum(s is not None for s in x.table.seats) > 1
        for x in wire.got
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


class Seated:
    """What a legal-random session knows of its own table (from its frames)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.legal: tuple[m.GameAction, ...] = ()
        self.seq = 0
        self.table: str | None = None

    def follow(self, msgs: list[m.Message]) -> None:
        for msg in msgs:
            if isinstance(msg, m.Snapshot):
                self.view = copy.deepcopy(msg.view) if msg.view is not None else None
                self.legal = msg.legal or ()
                self.seq = msg.seq
                self.table = msg.table.id
            elif isinstance(msg, m.Event):
                self.seq = msg.seq
                if msg.view and self.view is not None:
                    try:
                        apply_patch(self.view, msg.view)
                    except ValueError:
                        self.view = None
                if msg.legal is not None:
                    self.legal = msg.legal


async def k_legal_random(p: Probe) -> None:
    """Well-formed requests in a random order, then a leave or an abrupt drop."""
    w = await p.welcomed(p.rng.choice(["Mal", "Eve", "Trudy", "[red]Oscar[/red]"]))
    if w is None:
        return
    rng, linger = p.rng, p.target.linger
    seen = 0
    me = Seated()
    tables: list[str] = [p.target.honest_table or "t1"]
    for _ in range(rng.randint(3, 30)):
        me.follow(w.got[seen:])
        seen = len(w.got)
        for seen_msg in w.got[-20:]:
            if isinstance(seen_msg, m.Tables):
                tables.extend(x.id for x in seen_msg.tables)
            elif isinstance(seen_msg, m.TableUpdate):
                tables.append(seen_msg.table.id)
        del tables[:-50]
        roll = rng.randrange(15)
        rid = w.next_id()
        msg: m.Request
        if roll == 0:
            msg = m.ListTables(rid)
        elif roll == 1:
            msg = m.CreateTable(rid, p.options())
        elif roll == 2:
            msg = m.Join(rid, rng.choice(tables), rng.choice([None, None, rng.randrange(10)]))
        elif roll == 3:
            msg = m.Spectate(rid, rng.choice(tables))
        elif roll == 4:
            msg = m.AddBot(rid, rng.choice(m.BOT_KINDS), rng.choice([None, rng.randrange(10)]))
        elif roll == 5:
            msg = m.RemoveBot(rid, rng.randrange(10))
        elif roll == 6:
            msg = m.Start(rid, rng.choice([None, None, rng.randrange(10)]))
        elif roll == 7:
            msg = m.Rematch(rid)
        elif roll in (8, 9, 10):
            if me.legal and rng.random() < 0.8:
                seq = rng.choice([me.seq, me.seq, None, 0])
                msg = m.Action(rid, rng.choice(me.legal), seq)
            else:
                start = len(w.got)
                await w.send_map({"type": "action", "id": rid, "action": random_game_action(rng)})
                await w.answer(rid, linger, start)
                continue
        elif roll == 11:
            msg = m.Chat(rid, rng.choice(fz.HOSTILE_TEXT)[:500] or "hi")
        elif roll == 12:
            msg = m.Resync(rid, rng.choice([None, me.seq, 0]))
        elif roll == 13:
            msg = m.Leave(rid)
        else:
            await w.send_msg(m.Ping(rng.randrange(2**32)))
            continue
        got = await w.ask(msg, linger)
        if isinstance(got, m.Ack) and got.table:
            p.tally.tables.add(got.table)
            if got.token:
                p.tally.tokens.append(got.token)
        if got is None:
            return
        if rng.random() < 0.3:
            await trio.sleep(rng.random() * 0.2)
    if rng.random() < 0.4:
        await w.ask(m.Leave(w.next_id()), linger)


async def k_other_seats(p: Probe) -> None:
    """Actions naming a seat that is not the sender's: refused with ``bad_action``."""
    w = await p.welcomed()
    if w is None:
        return
    rng, linger, t = p.rng, p.target.linger, p.tally
    honest = p.target.honest_table
    if honest is not None and rng.random() < 0.4:
        expect(t, "other_seats", "spectate", await w.ask(m.Spectate(w.next_id(), honest),
                                                             linger), {"ack"})
        for _ in range(rng.randint(1, 4)):
            action = m.GameAction(rng.choice(["draw", "pass", "break"]), seat=rng.randrange(4))
            got = await w.ask(m.Action(w.next_id(), action), linger)
            expect(t, "other_seats", "a spectator acting for a seat", got, {"not_seated"})
        return
    ack = await p.own_table(w, bots=rng.randint(1, 3), start=True)
    if ack is None:
        return
    snap = await w.wait_for(lambda x: isinstance(x, m.Snapshot) and x.view is not None, 5)
    if not isinstance(snap, m.Snapshot) or snap.seat is None or snap.view is None:
        return
    seats = len(snap.view["players"])
    for _ in range(rng.randint(1, 4)):
        other = rng.choice([s for s in range(seats) if s != snap.seat])
        action = m.GameAction(rng.choice(["draw", "pass", "end_turn"]), seat=other)
        got = await w.ask(m.Action(w.next_id(), action), linger)
        if isinstance(got, m.Error) and got.code in ("bad_action", "rate_limited"):
            continue
        if got is not None:
            code = got.code if isinstance(got, m.Error) else "ack"
            t.deviation(f"an action naming another seat is not refused with bad_action "
                        f"(answered {code}: applied to the sender's own seat)")
    if rng.random() < 0.5:
        await w.ask(m.Leave(w.next_id()), linger)


async def k_replay_ids(p: Probe) -> None:
    """The same request id sent again: the remembered answer, applied once."""
    w = await p.welcomed()
    if w is None:
        return
    rng, linger, t = p.rng, p.target.linger, p.tally
    rid = w.next_id()
    # in the lobby: list_tables twice with one id, then a different request, same id
    first = await w.ask(m.ListTables(rid), linger)
    start = len(w.got)
    await w.send_msg(m.Spectate(rid, "t999999"))
    again = await w.answer(rid, linger, start)
    if first is not None and again is not None and again != first:
        t.anomaly("a replayed lobby id was carried out again", f"{first} then {again}")
    # at a table: create, then the same create again, then a chat replayed
    cid = w.next_id()
    opts = p.options(seats=2, reconnect_grace=10)
    created = await w.ask(m.CreateTable(cid, opts), linger)
    if not isinstance(created, m.Ack):
        return
    if created.table:
        t.tables.add(created.table)
    start = len(w.got)
    await w.send_msg(m.CreateTable(cid, opts))
    again = await w.answer(cid, linger, start)
    if again is not None and again != created:
        t.deviation("a retried create_table id is carried out again once seated "
                    f"(answered {getattr(again, 'code', again.TYPE)}, not the remembered ack)")
    chat_id = w.next_id()
    text = f"once {rng.randrange(10**9)}"
    said = await w.ask(m.Chat(chat_id, text), linger)
    start = len(w.got)
    await w.send_msg(m.Chat(chat_id, text + " twice"))
    again = await w.answer(chat_id, linger, start)
    if said is not None and again is not None and again != said:
        t.anomaly("a replayed chat id got a different answer", f"{said} then {again}")
    await trio.sleep(0.05)
    lines = [x for x in w.got if isinstance(x, m.ChatLine) and x.text.startswith("once ")]
    if len(lines) > 1:
        t.anomaly("a replayed chat id was said twice", str(lines))
    if rng.random() < 0.5 and created.token:
        # reconnect with the token and replay the chat id: still remembered (per seat)
        w2 = await p.wire()
        await w.stream.aclose()
        if not await w2.hello("Mallory", linger, token=created.token):
            return
        welcome = next(x for x in w2.got if isinstance(x, m.Welcome))
        if welcome.table != created.table:
            t.anomaly("a token did not take its seat back within the grace", str(welcome))
            return
        await w2.wait_for(lambda x: isinstance(x, m.Snapshot), linger)
        start = len(w2.got)
        await w2.send_msg(m.Chat(chat_id, text + " after reconnect"))
        again = await w2.answer(chat_id, linger, start)
        if said is not None and again is not None and again != said:
            t.anomaly("a replayed id after reconnect got a different answer",
                      f"{said} then {again}")
        await trio.sleep(0.05)
        if any(isinstance(x, m.ChatLine) and x.text.endswith("after reconnect")
               for x in w2.got):
            t.anomaly("a replayed id after reconnect was carried out again", text)
        await w2.ask(m.Leave(w2.next_id()), linger)


async def k_tokens(p: Probe) -> None:
    """Forged, oversized, stolen, spectating and dead seat tokens."""
    rng, linger, t = p.rng, p.target.linger, p.tally
    roll = rng.randrange(6)
    if roll == 0:  # forged
        token = rng.choice(["0" * 32, "f" * 128, "\u202e" * 10, "[b]x[/b]", "' OR 1=1 --",
                            os.urandom(16).hex(), "t1"])
        w = await p.wire()
        if await w.hello("Forger", linger, token=token):
            welcome = next(x for x in w.got if isinstance(x, m.Welcome))
            if welcome.table is not None:
                t.anomaly("a forged token took a seat", token)
            got = await w.ask(m.Action(w.next_id(), m.GameAction("draw")), linger)
            expect(t, "tokens", "act with a forged token", got, {"not_at_table"})
        return
    if roll == 1:  # oversized or empty: refused in the hello
        w = await p.wire()
        await w.send_map({"type": "hello", "versions": [1, 1], "name": "x", "client": "c",
                          "token": rng.choice(["", "k" * 129, "k" * 10_000])})
        err = await w.wait_for(lambda x: isinstance(x, m.Error), linger)
        expect(t, "tokens", "an oversized token", err, {"bad_message"})
        return
    victim = await p.welcomed("Victim")
    if victim is None:
        return
    ack = await p.own_table(victim, bots=1, start=roll == 5)
    if ack is None or ack.token is None:
        return
    if roll == 2:  # stolen while the victim is connected: the victim is replaced
        seen = len(victim.got)
        thief = await p.wire()
        if not await thief.hello("Thief", linger, token=ack.token):
            return
        welcome = next(x for x in thief.got if isinstance(x, m.Welcome))
        if welcome.table != ack.table or welcome.seat != ack.seat:
            t.anomaly("a live token did not give its seat back", str(welcome))
        err = await victim.wait_for(lambda x: isinstance(x, m.Error) and x.id is None, linger,
                                    seen)
        expect(t, "tokens", "the replaced connection", err, {"replaced"})
        if not await victim.closed_within(5):
            t.anomaly("a replaced connection stayed open")
        got = await thief.ask(m.AddBot(thief.next_id(), "random"), linger)
        expect(t, "tokens", "the thief hosts", got, {"ack", "table_full", "game_in_progress"})
        await thief.ask(m.Leave(thief.next_id()), linger)
    elif roll == 3:  # stolen by a spectator: no seat
        peek = await p.wire()
        if not await peek.hello("Peek", linger, token=ack.token, role="spectator"):
            return
        welcome = next(x for x in peek.got if isinstance(x, m.Welcome))
        if welcome.table is not None:
            t.anomaly("a spectator took a seat with a token", str(welcome))
        got = await peek.ask(m.Spectate(peek.next_id(), ack.table or "t1"), linger)
        expect(t, "tokens", "spectate", got, {"ack"})
        got = await peek.ask(m.Action(peek.next_id(), m.GameAction("draw")), linger)
        expect(t, "tokens", "a spectator acts", got, {"not_seated"})
        for msg in peek.got:
            if isinstance(msg, m.Snapshot) and msg.view is not None and "hand" in msg.view:
                t.anomaly("a spectator saw a hand", str(msg.view)[:200])
        await victim.ask(m.Leave(victim.next_id()), linger)
    elif roll == 4:  # dead: the victim left, the token must take nothing
        await victim.ask(m.Leave(victim.next_id()), linger)
        late = await p.wire()
        if await late.hello("Late", linger, token=ack.token):
            welcome = next(x for x in late.got if isinstance(x, m.Welcome))
            if welcome.table is not None:
                t.anomaly("a token outlived its seat's leave", str(welcome))
    else:  # the victim drops mid-game; the token takes the seat, hand and all
        await victim.stream.aclose()
        back = await p.wire()
        if not await back.hello("Back", linger, token=ack.token):
            return
        welcome = next(x for x in back.got if isinstance(x, m.Welcome))
        if welcome.table is None:  # the grace was 0: the seat went with the connection
            return
        snap = await back.wait_for(lambda x: isinstance(x, m.Snapshot), linger)
        if (
            not isinstance(snap, m.Snapshot) or snap.seat is None
            or (snap.view is not None and "hand" not in snap.view)
        ):
            t.anomaly("a reconnect with a token got no seat snapshot", str(snap)[:300])
        if rng.random() < 0.5:
            await back.ask(m.Leave(back.next_id()), linger)


async def k_slowloris(p: Probe) -> None:
    """One byte at a time (a hello or a request), or a reader that stops reading."""
    rng, target, t = p.rng, p.target, p.tally
    roll = rng.randrange(4)
    if roll >= 2:  # a reader that stalls: it asks, and never reads a byte
        w = await p.wire(read=False)
        await w.send_msg(m.Hello((1, 1), "Stall", "slowloris/1"))
        if roll == 2 and target.honest_table is not None:  # the honest table's events pile up
            await w.send_msg(m.Spectate(w.next_id(), target.honest_table))
        for _ in range(rng.randint(0, 20)):
            await w.send_msg(m.ListTables(w.next_id()))
        await trio.sleep(min(target.slow_limit, rng.uniform(2, 15) * target.slow_byte))
        return
    w = await p.wire()
    if roll == 0:  # the hello, dribbled: the handshake deadline must close it
        data = m.Hello((1, 1), "Slow" * 5, "slowloris/1", token="x" * 100).encode()
        opened = trio.current_time()
        for i in range(len(data)):
            if w.eof or not await w.send(data[i : i + 1]):
                break
            if trio.current_time() - opened > target.slow_limit:
                break
            await trio.sleep(target.slow_byte)
        needed = len(data) * target.slow_byte
        if needed > target.hello_timeout + 3 * target.slow_byte:
            left = opened + target.hello_timeout + 5 - trio.current_time()
            if not await w.closed_within(max(0.0, left)):
                t.anomaly("a slowloris hello outlived the handshake deadline",
                          f"{trio.current_time() - opened:.1f}s")
            elif not any(isinstance(x, m.Error) and x.code == "timeout" for x in w.got):
                t.anomaly("a slowloris hello was closed without a timeout error")
        return
    if not await w.hello("Slow", target.linger):
        return
    if roll == 1:  # a request dribbled after the hello, then finished: it is answered
        rid = w.next_id()
        w.sent[rid] += 1
        data = m.Chat(rid, "s" * 60).encode()
        opened = trio.current_time()
        i = 0
        while i < len(data) - 1 and trio.current_time() - opened < target.slow_limit:
            if not await w.send(data[i : i + 1]):
                return
            i += 1
            await trio.sleep(target.slow_byte)
        await w.send(data[i:])
        got = await w.answer(rid, target.linger)
        if got is None and not w.eof:
            t.anomaly("a dribbled request was never answered")
        expect(t, "slowloris", "a dribbled chat in the lobby", got, {"not_at_table"})
        return


async def k_flood(p: Probe) -> None:
    """Thousands of frames in one write; 64 KiB frames; a 100 MB declared length."""
    rng, target, t = p.rng, p.target, p.tally
    w = await p.welcomed("Flood")
    if w is None:
        return
    roll = rng.randrange(4)
    if roll == 0:  # too large: refused from the header alone, connection closed
        await w.send(fz.header(100 * 2**20) + b"\x00" * rng.choice([0, 1000, 200_000]))
        err = await w.wait_for(lambda x: isinstance(x, m.Error), target.linger)
        expect(t, "flood", "a 100 MB frame", err, {"frame_too_large"})
        return
    if roll == 1:  # 64 KiB frames the server must decode: an unknown field as padding
        count = rng.randint(5, 40)
        pad = "p" * (MAX_FRAME - 100)
        ids = [w.next_id() for _ in range(count)]
        w.sent.update(ids)
        frames = [encode_frame({"type": "list_tables", "id": i, "pad": pad}) for i in ids]
        await w.send(b"".join(frames), count)
        await w.closed_within(1.0)
        return
    count = rng.choice([100, 500, 1000, 3000])
    makers: list[Callable[[int], m.Message]] = [
        lambda i: m.Ping(i), lambda i: m.ListTables(i), lambda i: m.Chat(i, "flood"),
        lambda i: m.Resync(i), lambda i: m.Action(i, m.GameAction("draw")),
    ]
    msgs = [rng.choice(makers)(w.next_id()) for _ in range(count)]
    for msg in msgs:
        if isinstance(msg, m.Request):
            w.sent[msg.id] += 1
    await w.send(b"".join(x.encode() for x in msgs), count)
    requests = sum(1 for x in msgs if not isinstance(x, m.Ping))  # pings never count
    limited = requests > BURST * target.rate + target.strikes + 10  # burst + strikes
    closed = await w.closed_within(10 if limited else 1)
    if limited and not closed:
        t.anomaly("a flood was not cut off", f"{count} frames")
    if limited and closed and not any(
        isinstance(x, m.Error) and x.code == "flooding" for x in w.got
    ):
        # cut off, but the last frames (the fatal `flooding` above all) never arrived:
        # closed with input unread, the kernel resets the connection and drops its output
        t.deviation("the frames sent just before the server closes a flooder are lost "
                    "(closed with unread input: a reset, not a clean close)")


async def k_churn(p: Probe) -> None:
    """Connections that go away at awkward moments."""
    rng = p.rng
    w = await p.wire()
    roll = rng.randrange(5)
    if roll == 1:
        await w.send(b"\x00\x00")
    elif roll == 2:
        await w.send(m.Hello((1, 1), "Churn", "c/1").encode())
    elif roll == 3:
        data = m.Hello((1, 1), "Churn", "c/1").encode() + m.CreateTable(
            1, p.options(seats=2)).encode() + m.AddBot(2, "basic").encode() + m.Start(3).encode()
        await w.send(data, 4)
        await trio.sleep(rng.random() * 0.05)
    elif roll == 4:
        await w.send(m.Hello((1, 1), "Churn", "c/1").encode())
        with trio.move_on_after(1):
            await w.stream.send_eof()  # half-close: the server sees the end of the stream
        await w.closed_within(2)
    # roll 0: connect and go


NAMES_ODD: list[str] = [
    "[b]Bold[/b]", "[link=http://x.invalid]me[/link]", "\\[escaped]", "<script>",
    "%s%s%n", "{name}", "Robert'); DROP", "\u05d8\u05e7\u05d9", "Zalgo\u0336\u0336\u0336",
    "\U0001f642" * 24, "  padded  ",
]


async def k_text(p: Probe) -> None:
    """Hostile names, table names and chat: refused, or stored and sent back inert."""
    rng, linger, t = p.rng, p.target.linger, p.tally
    name = rng.choice(fz.HOSTILE_TEXT + NAMES_ODD)[:40] if rng.random() < 0.7 else "Texter"
    w = await p.wire()
    await w.send_map({"type": "hello", "versions": [1, 1], "name": name, "client": "c"})
    got = await w.wait_for(lambda x: x.TYPE in ("welcome", "error"), linger)
    clean = name.strip()
    acceptable = 0 < len(clean) <= NAME_MAX and clean.isprintable() and len(name) <= NAME_MAX
    if isinstance(got, m.Welcome):
        if not acceptable:
            t.anomaly("an unclean name was accepted", repr(name))
        elif (got.name or name) != clean:  # welcome.name: only when the server changed it
            t.anomaly("a clean name was changed", f"{name!r} -> {got.name!r}")
    elif isinstance(got, m.Error):
        if acceptable:
            t.anomaly("a clean name was refused", f"{name!r}: {got.code}")
        return
    else:
        return
    table_name = rng.choice(fz.HOSTILE_TEXT + NAMES_ODD)
    rid = w.next_id()
    opts = {"name": table_name, "seats": 2, "reconnect_grace": 1}
    start = len(w.got)
    await w.send_map({"type": "create_table", "id": rid, "options": opts})
    got = await w.answer(rid, linger, start)
    stripped = table_name.strip()
    fine = 0 < len(stripped) <= 40 and stripped.isprintable() and len(table_name) <= 40
    if isinstance(got, m.Ack):
        if not fine:
            t.anomaly("an unclean table name was accepted", repr(table_name))
        snap = await w.wait_for(lambda x: isinstance(x, m.Snapshot), linger, start)
        if isinstance(snap, m.Snapshot) and snap.table.options.name != stripped:
            t.anomaly("a table name was not kept as typed",
                      f"{table_name!r} -> {snap.table.options.name!r}")
    elif isinstance(got, m.Error):
        if fine and got.code != "rate_limited":
            t.anomaly("a clean table name was refused", f"{table_name!r}: {got.code}")
        return
    for text in rng.sample(fz.HOSTILE_TEXT + NAMES_ODD, 3):
        rid = w.next_id()
        start = len(w.got)
        await w.send_map({"type": "chat", "id": rid, "text": text})
        got = await w.answer(rid, linger, start)
        cleaned = "".join(c if c.isprintable() else " " for c in text).strip()
        ok_len = 0 < len(text) <= CHAT_MAX
        if isinstance(got, m.Ack):
            if not ok_len or not cleaned:
                t.anomaly("chat outside the limits was accepted", repr(text[:80]))
            line = await w.wait_for(lambda x: isinstance(x, m.ChatLine), linger, start)
            if isinstance(line, m.ChatLine) and line.text != cleaned[: CHAT_MAX]:
                t.anomaly("chat was not kept as typed (control characters aside)",
                          f"{text[:80]!r} -> {line.text[:80]!r}")
        elif isinstance(got, m.Error) and got.code not in ("bad_message", "rate_limited"):
            t.anomaly("chat refused with an odd code", got.code)
        elif isinstance(got, m.Error) and ok_len and cleaned and got.code == "bad_message":
            t.anomaly("printable chat was refused", repr(text[:80]))
    await w.ask(m.Leave(w.next_id()), linger)


KINDS: dict[str, Kind] = {
    "garbage": k_garbage,
    "mutated": k_mutated,
    "before_hello": k_before_hello,
    "out_of_order": k_out_of_order,
    "legal_random": k_legal_random,
    "other_seats": k_other_seats,
    "replay_ids": k_replay_ids,
    "tokens": k_tokens,
    "slowloris": k_slowloris,
    "flood": k_flood,
    "churn": k_churn,
    "text": k_text,
}
WEIGHTS: dict[str, float] = {
    "garbage": 14, "mutated": 12, "before_hello": 8, "out_of_order": 10, "legal_random": 14,
    "other_seats": 6, "replay_ids": 6, "tokens": 8, "slowloris": 2, "flood": 4, "churn": 10,
    "text": 6,
}
SLOW_KINDS = frozenset({"slowloris"})
CLIENT_MAPS: list[dict[str, Any]] = [x for x in fz.SEED_MAPS if x["type"] in m.CLIENT_MESSAGES]


async def run_probe(kind: str, index: int, seed: int, target: Target, tally: Tally,
                    time_limit: float) -> None:
    """One hostile session, bounded in time; whatever it does, it ends."""
    rng = random.Random(seed * 1_000_003 + index)
    tally.sessions[kind] += 1
    async with trio.open_nursery() as nursery:
        probe = Probe(kind, rng, target, tally, nursery)
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
                           plan: list[str] | None = None,
                           time_limit: float = 60.0) -> float:
    """Run ``count`` sessions (kinds drawn by weight, or the kinds of ``plan`` in a
    random order), ``concurrency`` at a time; returns the seconds it took."""
    weights = kinds or WEIGHTS
    names = list(weights)
    rng = random.Random(seed)
    if plan is not None:
        chosen = rng.sample(plan, len(plan))
    else:
        chosen = rng.choices(names, [weights[k] for k in names], k=count)
    slow = [(i, k) for i, k in enumerate(chosen, first) if k in SLOW_KINDS]
    fast = [(i, k) for i, k in enumerate(chosen, first) if k not in SLOW_KINDS]
    started = trio.current_time()

    async def feed(jobs: list[tuple[int, str]], width: int) -> None:
        limiter = trio.CapacityLimiter(max(1, width))
        async with trio.open_nursery() as nursery:
            for index, kind in jobs:
                await limiter.acquire_on_behalf_of(index)
                nursery.start_soon(one, index, kind, limiter)

    async def one(index: int, kind: str, limiter: trio.CapacityLimiter) -> None:
        try:
            await run_probe(kind, index, seed, target, tally, time_limit)
        finally:
            limiter.release_on_behalf_of(index)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(feed, fast, concurrency)
        nursery.start_soon(feed, slow, slow_concurrency)
    return trio.current_time() - started


# ---------------------------------------------------------------------------- honest table


@dataclass
class HonestStats:
    games: int = 0
    moves: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    game_seconds: list[float] = field(default_factory=list)
    chat_lines_seen: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 50:
            self.problems.append(text)


class Honest(Client):
    """A well-behaved player: plays its legal actions, keeps and checks its view."""

    software = "honest/1"

    def __init__(self, stream: trio.SocketStream, name: str) -> None:
        super().__init__(stream, name)
        self.stats = HonestStats()
        self.tally = Tally()
        self.rng = random.Random()
        self.last_event = 0.0

    @classmethod
    async def join(cls, port: int, name: str, stats: HonestStats, tally: Tally,
                   rng: random.Random, nursery: trio.Nursery) -> Honest:
        player = await cls.connect(port, name)
        player.stats, player.tally, player.rng = stats, tally, rng
        nursery.start_soon(player.pump)
        await player.wait(lambda: player.welcomed, 30)
        return player

    def on_message(self, message: m.Message) -> None:
        inspect(message, self.tally, f"honest {self.name}")
        seq = self.seq
        super().on_message(message)
        if isinstance(message, m.Event | m.Snapshot):
            self.last_event = trio.current_time()
        if isinstance(message, m.Event):
            if message.seq != seq + 1:
                self.stats.problem(f"{self.name}: seq gap {seq} -> {message.seq}")
            if message.view is not None:
                self._count_cards()
        elif isinstance(message, m.ChatLine):
            self.stats.chat_lines_seen += 1
        elif isinstance(message, m.Error) and message.id is None:
            self.stats.problem(f"{self.name}: error {message.code}: {message.message}")

    def lost(self, why: str) -> None:
        if why.startswith("protocol error"):
            self.stats.problem(f"{self.name}: the server broke the protocol: {why}")

    def _count_cards(self) -> None:
        view = self.view
        if view is None:
            return
        total = sum(p["cards"] for p in view["players"]) + view["draw_count"]
        total += view["discard_count"]
        if total != DECK:
            self.stats.problem(f"{self.name}: {total} cards on the table, not {DECK}")

    async def wait(self, test: Callable[[], bool], timeout: float) -> bool:
        await trio.lowlevel.checkpoint()  # never spin, whatever ``test`` says
        try:
            await self.wait_until(test, timeout)
        except (trio.TooSlowError, EOFError):
            return False
        return True

    async def ask(self, msg: m.Request, timeout: float = 30) -> m.Message | None:
        """Send a request; its ack or error (None, and a problem noted, if none came)."""
        try:
            with trio.fail_after(timeout):
                return await self.request(msg)
        except (trio.TooSlowError, EOFError):
            self.stats.problem(f"{self.name}: no answer to {msg.TYPE}")
            return None

    @property
    def playing(self) -> bool:
        return self.view is not None and not self.view.get("over", False)

    async def play(self, stop: trio.Event) -> None:
        """Act whenever there are legal actions, until ``stop`` and no game running."""
        while not (stop.is_set() and not self.playing) and not self.closed:
            if not (self.playing and self.legal):
                await self.wait(lambda: self.playing and bool(self.legal), 1.0)
                continue
            action = self.rng.choice(self.legal)
            seq = self.seq
            got = await self.ask(m.Action(self.next_id(), action, seq))
            if isinstance(got, m.Ack):
                self.stats.moves += 1
            elif isinstance(got, m.Error):
                self.stats.refused[got.code] += 1
                if got.code != "stale":
                    if self.seq > seq and got.code in ("illegal_action", "not_your_turn"):
                        # the table had moved on: PROTOCOL.md 6.2 says ``stale``
                        self.tally.deviation("an action guarded by an old seq is not refused "
                                             f"with stale (answered {got.code})")
                    else:
                        self.stats.problem(f"{self.name}: {action} at seq {seq} (still "
                                           f"{self.seq}) refused: {got.code}")
                await self.wait(self.moved_on(seq), 1.0)

    def moved_on(self, seq: int) -> Callable[[], bool]:
        return lambda: self.seq != seq

    async def check_view(self) -> None:
        """The view kept by patches must equal a fresh snapshot's."""
        kept = copy.deepcopy(self.view)
        got = await self.ask(m.Resync(self.next_id()))
        if not isinstance(got, m.Ack):
            self.stats.problem(f"{self.name}: resync answered {got}")
        elif kept != self.view:
            self.stats.problem(f"{self.name}: the patched view differs from the snapshot")


def player_is_playing(player: Honest) -> Callable[[], bool]:
    return lambda: player.playing


async def honest_table(port: int, stop: trio.Event, stats: HonestStats, tally: Tally,
                       ready: Callable[[str], None], *, seed: int = 7,
                       stuck_after: float = 30.0) -> None:
    """Two honest players and two bots play games until ``stop``; every game checked."""
    rng = random.Random(seed)
    async with trio.open_nursery() as nursery:
        host = await Honest.join(port, "Dana", stats, tally, rng, nursery)
        guest = await Honest.join(port, "Omer", stats, tally, rng, nursery)
        opts = m.TableOptions("Honest table", 4, plus3_window=1, reconnect_grace=60)
        ack = await host.ask(m.CreateTable(host.next_id(), opts))
        assert isinstance(ack, m.Ack) and ack.table is not None, ack
        got = await guest.ask(m.Join(guest.next_id(), ack.table or ""))
        assert isinstance(got, m.Ack), got
        for _ in range(2):
            got = await host.ask(m.AddBot(host.next_id(), "basic"))
            assert isinstance(got, m.Ack), got
        ready(ack.table)
        players = [host, guest]
        for player in players:
            nursery.start_soon(player.play, stop)
        while not stop.is_set():
            began = trio.current_time()
            rid = host.next_id()
            got = await host.ask(m.Start(rid) if stats.games == 0 else m.Rematch(rid))
            if not isinstance(got, m.Ack):
                stats.problem(f"start/rematch answered {got}")
                break
            for player in players:
                if not await player.wait(player_is_playing(player), 30):
                    stats.problem(f"{player.name}: the game never reached the player")
            while any(p.playing for p in players):
                if any(p.closed for p in players):
                    stats.problem("an honest player lost its connection")
                    nursery.cancel_scope.cancel()
                    return
                quiet = trio.current_time() - max(p.last_event for p in players)
                if quiet > stuck_after:
                    stats.problem(f"the honest table had no event for {quiet:.0f}s: stuck")
                    nursery.cancel_scope.cancel()
                    return
                await host.wait(lambda: not host.playing, 1.0)
                await guest.wait(lambda: not guest.playing, 0.01)
            for player in players:
                await player.check_view()
            view = host.view
            if view is None or view.get("winner") is None:
                stats.problem(f"a game ended without a winner: {view}")
            elif not view["options"]["play_for_places"] and \
                    view["players"][view["winner"]]["cards"] != 0:
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
                if not await wire.hello("Watcher", 15):
                    return None
                start = len(wire.got)
                got = await wire.ask(m.ListTables(wire.next_id()), 15)
                if not isinstance(got, m.Ack):
                    return None
                return listed(wire.got[start:])
            finally:
                await wire.stream.aclose()
                nursery.cancel_scope.cancel()
    return None


GAME_SLACK = 60.0
"""Seconds a table may need beyond a reconnect grace (bots finishing a game)."""


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
    base = open_fds(pid)
    async with trio.open_nursery() as nursery:
        hosts: list[Wire] = []
        for i in range(40):
            w = await Wire.open(port, tally, "stall_check", nursery)
            hosts.append(w)
            if not await w.hello(f"Bulk {i}", 15):
                continue
            opts = m.TableOptions("\U0001f642" * 40, 10, reconnect_grace=0)
            await w.ask(m.CreateTable(w.next_id(), opts), 15)
            for _ in range(9):
                await w.ask(m.AddBot(w.next_id(), "basic"), 15)
        stream = await trio.open_tcp_stream(HOST, port)
        try:
            asks = b"".join(m.ListTables(i).encode() for i in range(1, 61))  # the burst
            await stream.send_all(m.Hello((1, 1), "Stall", "stall/1").encode() + asks)
            opened = trio.current_time()
            await trio.sleep(1)  # the answers are made (and stuck in the socket)
            for w in hosts:
                await w.stream.aclose()
            deadline = opened + idle_timeout + 15
            while trio.current_time() < deadline and open_fds(pid) > base:
                await trio.sleep(0.5)
            held = trio.current_time() - opened
            dropped = open_fds(pid) <= base
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
    tally = Tally()
    stats = HonestStats()
    stop = trio.Event()
    pid = server.pid
    target = Target(server.port, slow_byte=args.slow_byte, slow_limit=args.slow_limit,
                    rate=args.rate)
    honest_ready = trio.Event()

    def ready(table: str) -> None:
        target.honest_table = table
        honest_ready.set()

    rounds: list[dict[str, Any]] = []
    honest_done = trio.Event()

    async def honest() -> None:
        try:
            await honest_table(server.port, stop, stats, tally, ready, seed=args.seed,
                               stuck_after=args.stuck_after)
        finally:
            honest_done.set()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(honest)
        with trio.fail_after(30):
            await honest_ready.wait()
        await trio.sleep(2)  # the honest game is under way: the baseline includes it
        report["rss_baseline_kib"] = proc_kib(pid)
        report["fds_baseline"] = fds_before = open_fds(pid)
        print(f"server pid {pid} port {server.port}: baseline RSS "
              f"{report['rss_baseline_kib']} KiB, {fds_before} fds", flush=True)
        per_round = [args.sessions // args.rounds + (1 if i < args.sessions % args.rounds else 0)
                     for i in range(args.rounds)]
        first = 0
        busy = 0.0
        started = trio.current_time()
        for number, count in enumerate(per_round, 1):
            seconds = await hostile_sessions(
                target, tally, count=count, seed=args.seed * 101 + number,
                concurrency=args.concurrency, slow_concurrency=args.slow_concurrency,
                first=first, time_limit=args.session_limit,
                kinds={k: WEIGHTS[k] for k in args.kinds.split(",")} if args.kinds else None,
            )
            first += count
            stuck, waiting = await drain(server.port, tally, {target.honest_table or ""},
                                         args.drain_timeout)
            for table in stuck:
                tally.anomaly("a table never closed (stuck)",
                              f"{table.id} {table.state} {table.seats}")
            with trio.move_on_after(10):
                while open_fds(pid) > fds_before:
                    await trio.sleep(0.2)
            busy += seconds
            row = {
                "round": number, "sessions": count, "seconds": round(seconds, 1),
                "sessions_per_s": round(count / seconds, 1) if seconds else None,
                "rss_kib": proc_kib(pid), "fds": open_fds(pid), "stuck_tables": len(stuck),
                "tables_waiting_for_a_token": len(waiting),
                "honest_games": stats.games, "alive": server.alive(),
            }
            rounds.append(row)
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
    report.update({
        "sessions": sum(tally.sessions.values()),
        "sessions_by_kind": dict(tally.sessions.most_common()),
        "hostile_seconds": round(busy, 1),
        "hostile_seconds_with_drains": round(hostile_seconds, 1),
        "sessions_per_s": round(sum(tally.sessions.values()) / busy, 1) if busy else None,
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
        "fds_after": open_fds(pid),
    })


async def run(args: argparse.Namespace, report: dict[str, Any], log_path: str
              ) -> tuple[bool, int | None, str]:
    """Start ``taki-server``, run the bench, stop it: (alive at the end, exit code, log)."""
    command = cli_command("--rate", str(args.rate), "--bot-delay", str(args.bot_delay),
                          "--log-level", args.server_log_level)
    server = await ServerProcess.start(command, log_path)
    try:
        await bench(args, server, report)
    finally:
        alive = server.alive()
        code = await server.stop()
    return alive, code, server.log()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--slow-concurrency", type=int, default=24)
    parser.add_argument("--slow-byte", type=float, default=1.0,
                        help="seconds between the bytes of a slowloris")
    parser.add_argument("--slow-limit", type=float, default=15.0,
                        help="seconds a slow session dribbles at most")
    parser.add_argument("--session-limit", type=float, default=60.0,
                        help="seconds any one hostile session may take")
    parser.add_argument("--rate", type=float, default=30.0,
                        help="the server's --rate (requests/s per connection)")
    parser.add_argument("--bot-delay", type=float, default=0.05)
    parser.add_argument("--stuck-after", type=float, default=30.0)
    parser.add_argument("--drain-timeout", type=float, default=90.0)
    parser.add_argument("--rss-slack-mib", type=float, default=32.0,
                        help="how far above the baseline the RSS may end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-log-level", default="WARNING",
                        choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    parser.add_argument("--keep-log", default="", help="copy the server's stderr here")
    parser.add_argument("--stall-check", type=int, default=1,
                        help="1: end with one connection that never reads (about 45 s)")
    parser.add_argument("--kinds", default="",
                        help="comma-separated kinds to run (default: all, weighted)")
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
    rounds = report.get("rounds", [])
    if len(rounds) >= 3:
        report["rss_growth_after_round_2_mib"] = round(
            (rounds[-1]["rss_kib"] - rounds[1]["rss_kib"]) / 1024, 1)
    failures = []
    if not alive:
        failures.append("the server died")
    if code != 0:
        failures.append(f"the server exited with {code}")
    if report["server_tracebacks"]:
        failures.append(f"{report['server_tracebacks']} tracebacks in the server's stderr")
    if report.get("anomalies"):
        failures.append(f"anomalies: {report['anomalies']}")
    if report.get("honest_problems"):
        failures.append(f"the honest table: {report['honest_problems'][:5]}")
    if not report.get("honest_games"):
        failures.append("the honest table finished no game")
    if growth_mib > args.rss_slack_mib:
        failures.append(f"server RSS grew {growth_mib:.1f} MiB")
    if report.get("fds_after", 0) > report.get("fds_baseline", 0) + 2:
        failures.append(f"open fds {report['fds_baseline']} -> {report['fds_after']}")
    report["failures"] = failures
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
