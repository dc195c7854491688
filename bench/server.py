"""Server throughput and latency: 48 bot clients at 12 tables, against a raw trio ceiling.

Run from the repository root (either form works)::

    python -m bench.server [--seconds 10] [--tables 12] [--client basic|first]
                           [--server subprocess|inproc] [--profile server.prof]
    python bench/server.py ...

Two phases run one after the other, with the same client machinery and the same turn
pattern:

1. **taki** -- the real server (``server.app.serve``, loopback, port 0, ``bot_delay=0``).
   ``4 * tables`` clients connect over TCP, say hello, and sit 4 to a table (the first
   creates it and hosts, three join, the host starts). Each client keeps its view with
   ``protocol.patch.apply_patch`` and, as soon as it holds a non-empty ``legal`` list and
   has no action of its own unanswered, sends the action ``engine.bots.BasicBot`` picks
   from its own view (``--client first``: simply the first legal action, no view kept).
   When a game ends (``table_update`` with state ``over``) the host sends ``rematch``.
   The server's per-connection request rate limit (``Limits.rate``, meant for people)
   is lifted (``--rate``, default 1e9): 48 bots playing flat out would trip it.
2. **echo** -- the ceiling: a minimal trio server written here (length-prefixed msgpack
   frames, tables of 4, a writer task and a bounded queue per connection, like the real
   server). A client sends a small ``move`` frame; the server numbers it and forwards one
   ``event`` frame to all 4 connections of its table; the seat whose turn that makes
   (``seq % 4``) sends the next move at once: one move in flight per table.

Figures (over ``--seconds``, after ``--warmup``):

* ``moves_per_s`` -- actions the server accepted (``ack``), per second, all tables.
  The echo's counterpart is ``round_trips_per_s``; ``ratio`` is ours / ceiling.
* ``latency p50 / p99`` -- from the moment a client sends a move to the moment the first
  event frame it causes (the table's next ``seq``) has been received, and decoded, by
  every seat of that table. Both phases measure it the same way.
* ``ack p50 / p99`` -- taki only: from sending an action to its ``ack`` at the sender.
* ``server_cpu`` -- CPU seconds the server process used per wall second (1.0 = one core
  saturated: the server is the bottleneck); ``client_cpu`` the same for the clients.
  ``server_us_per_move`` is the server's CPU time per accepted move: the figure least
  disturbed by the clients and by other load on the machine. ``cpu_ratio`` is the
  ceiling's server CPU per move over ours (what ``ratio`` would be if only the servers
  counted). With one move in flight per table, throughput is roughly
  1 / (server + client CPU per move), so a heavy client lowers ``ratio`` too.
* ``frames_per_move`` / ``bytes_per_move`` -- what all the clients received per move.
* refused actions are counted by error code and action type (``illegal_action (pass)``:
  two seats answered the same +3 window at once; expected, and not counted as moves).

By default (``--server subprocess``) each server runs in a child process of this script
(``python -m bench.server --child taki|echo``) and the clients here, so on a machine
with two cores the server's numbers are not shared with the clients' Python work; the
child reports its CPU time around the measured window through its stdin/stdout.
``--server inproc`` runs the servers in the clients' own trio loop instead (one core for
everything: the figures then include the clients' cost).

``--profile PATH`` profiles the server process during the taki window only (slower
figures: profile one run, measure another) and prints the top entries: with cProfile
(``--profiler cprofile``, the default: exact call counts, but its per-call overhead
inflates small hot functions) or pyinstrument (``--profiler pyinstrument``, sampling,
if installed: truer proportions; PATH gets its text reports).
The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import importlib
import io
import itertools
import json
import os
import pstats
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import msgpack
import trio

_HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_HERE)
# Run as ``python bench/server.py``, Python puts bench/ first on sys.path, where
# ``server``, ``engine`` and ``protocol`` would be this directory's scripts.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine.actions import Action as EngineAction  # noqa: E402
from engine.bots import BasicBot  # noqa: E402
from protocol.connection import ClientConnection  # noqa: E402
from protocol.messages import (  # noqa: E402
    Ack,
    Action,
    CreateTable,
    Error,
    Event,
    GameAction,
    Join,
    Message,
    Ping,
    Pong,
    Rematch,
    Request,
    Snapshot,
    Start,
    TableOptions,
    TableUpdate,
    Welcome,
)
from protocol.patch import apply_patch  # noqa: E402
from server.app import serve  # noqa: E402
from server.session import Limits  # noqa: E402

SEATS = 4
HOST = "127.0.0.1"
RECV = 65536
QUEUE = 512  # frames queued per connection, as server.session.Limits.queue_size
TARGET_RATIO = 0.5
TARGET_P99_MS = 10.0


def now() -> float:
    return time.perf_counter()


def bench_limits(rate: float) -> Limits:
    """The server's default limits, with the per-connection request rate set to ``rate``
    (bots play far faster than people: the default rate limit would refuse them)."""
    if "rate" not in {f.name for f in dataclasses.fields(Limits)}:
        return Limits()
    changes: dict[str, Any] = {"rate": rate}
    return dataclasses.replace(Limits(), **changes)


# ---------------------------------------------------------------------------- figures


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), round(q / 100 * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


@dataclass
class Meter:
    """What one phase counts; only while ``active`` (the measured window)."""

    active: bool = False
    stopping: bool = False
    moves: int = 0
    events: int = 0
    games: int = 0
    frames: int = 0  # frames the clients received
    received: int = 0  # bytes the clients received
    latencies: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    """Taki only: from sending an action to its ack at the sender."""
    errors: Counter[str] = field(default_factory=Counter)

    def got(self, data: bytes, frames: int) -> None:
        if self.active:
            self.received += len(data)
            self.frames += frames

    def latency(self, seconds: float) -> None:
        if self.active:
            self.latencies.append(seconds)

    def summary(self) -> dict[str, float | int]:
        lat = sorted(self.latencies)
        out: dict[str, float | int] = {
            "samples": len(lat),
            "p50_ms": _ms(percentile(lat, 50)),
            "p90_ms": _ms(percentile(lat, 90)),
            "p99_ms": _ms(percentile(lat, 99)),
            "max_ms": _ms(lat[-1] if lat else 0.0),
            "mean_ms": _ms(sum(lat) / len(lat) if lat else 0.0),
        }
        if self.acks:
            acks = sorted(self.acks)
            out["ack_p50_ms"] = _ms(percentile(acks, 50))
            out["ack_p99_ms"] = _ms(percentile(acks, 99))
        return out


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


class TableClock:
    """Per table: when each move was sent, and how many seats have its first event."""

    def __init__(self, meter: Meter, seats: int = SEATS) -> None:
        self.meter = meter
        self.seats = seats
        self.sent: dict[int, float] = {}  # expected seq -> send time (first sender wins)
        self.arrived: dict[int, int] = {}  # seq -> seats that have it

    def sent_move(self, seq: int, at: float) -> None:
        self.sent.setdefault(seq, at)

    def refused(self, seq: int, at: float) -> None:
        if self.sent.get(seq) == at:
            del self.sent[seq]

    def arrival(self, seq: int) -> None:
        count = self.arrived.get(seq, 0) + 1
        if count < self.seats:
            self.arrived[seq] = count
            return
        self.arrived.pop(seq, None)
        sent = self.sent.pop(seq, None)
        if sent is not None:
            self.meter.latency(now() - sent)


# ---------------------------------------------------------------------------- taki


class TakiClient:
    """One seat: real TCP, the shared ClientConnection, a bot that decides from its view."""

    def __init__(
        self, stream: trio.SocketStream, meter: Meter, clock: TableClock, mode: str
    ) -> None:
        self.stream = stream
        self.meter = meter
        self.clock = clock
        self.mode = mode
        self.conn = ClientConnection()
        self.ids = itertools.count(1)
        self.welcomed = trio.Event()
        self.waiters: dict[int, trio.Event] = {}
        self.answers: dict[int, Message] = {}
        self.view: dict[str, Any] | None = None
        self.legal: tuple[GameAction, ...] = ()
        self.seat: int | None = None
        self.host = False
        self.auto = False
        self.bot = BasicBot()
        self.pending: int | None = None  # the id of our unanswered action
        self.pending_seq = 0
        self.pending_at = 0.0
        self.pending_kind = ""
        self.rematch: int | None = None
        self.want_rematch = False
        self.outbox: list[bytes] = []
        self.sending = trio.StrictFIFOLock()  # the pump and setup's requests share the stream

    @classmethod
    async def connect(
        cls, port: int, name: str, meter: Meter, clock: TableClock, mode: str
    ) -> TakiClient:
        stream = await trio.open_tcp_stream(HOST, port)
        client = cls(stream, meter, clock, mode)
        await stream.send_all(client.conn.hello(name, "bench/1"))
        return client

    async def request(self, message: Request) -> Message:
        await self.welcomed.wait()
        done = self.waiters[message.id] = trio.Event()
        await self.send(self.conn.send(message))
        await done.wait()
        return self.answers.pop(message.id)

    async def send(self, data: bytes) -> None:
        async with self.sending:
            await self.stream.send_all(data)

    async def pump(self) -> None:
        """Read, handle each message, then act once on the freshest state."""
        try:
            while True:
                data = await self.stream.receive_some(RECV)
                self.conn.receive_data(data)
                if not data:
                    return
                count = 0
                for message in self.conn.messages():
                    self.on_message(message)
                    count += 1
                self.meter.got(data, count)
                if self.auto and not self.meter.stopping:
                    self.decide()
                if self.outbox:
                    out = b"".join(self.outbox)
                    self.outbox.clear()
                    await self.send(out)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass

    def on_message(self, message: Message) -> None:
        if isinstance(message, Event):
            self.meter.events += self.meter.active
            self.clock.arrival(message.seq)
            if self.mode == "basic" and message.view is not None and self.view is not None:
                apply_patch(self.view, message.view)
            if message.legal is not None:
                self.legal = message.legal
        elif isinstance(message, Ack | Error):
            self.on_answer(message)
        elif isinstance(message, Snapshot):
            self.view = message.view
            self.legal = message.legal or ()
            self.seat = message.seat
        elif isinstance(message, TableUpdate):
            if message.table.state == "over" and self.host:
                self.meter.games += self.meter.active
                self.want_rematch = self.auto
        elif isinstance(message, Ping):
            self.outbox.append(self.conn.send(Pong(message.nonce)))
        elif isinstance(message, Welcome):
            self.welcomed.set()

    def on_answer(self, message: Ack | Error) -> None:
        rid = message.id
        if rid is not None and rid == self.pending:
            self.pending = None
            if isinstance(message, Ack):
                if self.meter.active:
                    self.meter.moves += 1
                    self.meter.acks.append(now() - self.pending_at)
            else:
                self.meter.errors[f"{message.code} ({self.pending_kind})"] += 1
                self.clock.refused(self.pending_seq, self.pending_at)
        elif rid is not None and rid == self.rematch:
            self.rematch = None
            if isinstance(message, Error):
                self.meter.errors[f"rematch:{message.code}"] += 1
        elif rid is not None and rid in self.waiters:
            self.answers[rid] = message
            self.waiters.pop(rid).set()
        elif isinstance(message, Error):
            self.meter.errors[message.code] += 1

    def decide(self) -> None:
        """Queue our action (or the host's rematch) if we have something to do."""
        if self.want_rematch and self.rematch is None:
            self.want_rematch = False
            self.rematch = next(self.ids)
            self.outbox.append(self.conn.send(Rematch(self.rematch)))
        if self.pending is not None or not self.legal or self.seat is None:
            return
        if self.mode == "basic" and self.view is not None:
            seat = self.seat
            mine = [EngineAction(a.type, seat, a.card, a.color) for a in self.legal]
            pick = self.bot.choose(self.view, mine)
            action = GameAction(pick.type, None, pick.card, pick.color, pick.last_card)
        else:
            action = self.legal[0]
        self.legal = ()  # new events bring the next list
        rid = next(self.ids)
        self.pending = rid
        self.pending_seq = (self.conn.seq or 0) + 1
        self.pending_at = now()
        self.pending_kind = action.type
        self.clock.sent_move(self.pending_seq, self.pending_at)
        self.outbox.append(self.conn.send(Action(rid, action)))


async def taki_phase(port: int, tables: int, mode: str, meter: Meter) -> Phase:
    """Seat everyone, start the games, and hand back the clients to run."""
    clients: list[TakiClient] = []
    for t in range(tables):
        clock = TableClock(meter)
        for s in range(SEATS):
            clients.append(await TakiClient.connect(port, f"t{t}s{s}", meter, clock, mode))

    async def setup(nursery: trio.Nursery) -> None:
        for c in clients:
            nursery.start_soon(c.pump)
        for t in range(tables):
            seated = clients[t * SEATS : (t + 1) * SEATS]
            host = seated[0]
            host.host = True
            answer = await host.request(
                CreateTable(next(host.ids), TableOptions(f"bench {t}", SEATS))
            )
            assert isinstance(answer, Ack) and answer.table is not None, answer
            for c in seated[1:]:
                joined = await c.request(Join(next(c.ids), answer.table))
                assert isinstance(joined, Ack), joined
            for c in seated:
                c.auto = True
            started = await host.request(Start(next(host.ids)))
            assert isinstance(started, Ack), started

    async def close() -> None:
        for c in clients:
            with trio.move_on_after(1):
                await c.stream.aclose()

    return Phase(setup, close)


# ---------------------------------------------------------------------------- echo


def frame(body: dict[str, Any]) -> bytes:
    packed: bytes = msgpack.packb(body, use_bin_type=True)
    return len(packed).to_bytes(4, "big") + packed


class Frames:
    """Length-prefixed msgpack frames out of a byte stream: the ceiling's whole protocol."""

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        buf = self._buf
        buf += data
        out: list[dict[str, Any]] = []
        pos = 0
        while len(buf) - pos >= 4:
            size = int.from_bytes(buf[pos : pos + 4], "big")
            if len(buf) - pos - 4 < size:
                break
            out.append(msgpack.unpackb(buf[pos + 4 : pos + 4 + size], raw=False))
            pos += 4 + size
        del buf[:pos]
        return out


class EchoPeer:
    """The echo server's side of one connection: a bounded queue drained by a writer."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.send, self._recv = trio.open_memory_channel[bytes](QUEUE)

    async def writer(self) -> None:
        async for data in self._recv:
            await self.stream.send_all(data)


async def echo_serve(
    host: str = HOST,
    port: int = 0,
    *,
    task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED,
) -> None:
    """The ceiling: forward each move, numbered, to the 4 connections of its table."""
    tables: dict[int, list[EchoPeer]] = {}
    seqs: dict[int, int] = {}

    async def handle(stream: trio.SocketStream) -> None:
        peer = EchoPeer(stream)
        frames = Frames()
        table: list[EchoPeer] = []
        number = -1
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(peer.writer)
                while True:
                    data = await stream.receive_some(RECV)
                    if not data:
                        break
                    for msg in frames.feed(data):
                        kind = msg.get("type")
                        if kind == "move" and table:
                            seq = seqs[number] = seqs.get(number, 0) + 1
                            out = frame(
                                {
                                    "type": "event",
                                    "seq": seq,
                                    "seat": msg["seat"],
                                    "move": msg["move"],
                                }
                            )
                            for other in table:
                                other.send.send_nowait(out)
                        elif kind == "hello":
                            number = int(msg["table"])
                            table = tables.setdefault(number, [])
                            table.append(peer)
                            if len(table) == SEATS:
                                ready = frame({"type": "ready"})
                                for other in table:
                                    other.send.send_nowait(ready)
                nursery.cancel_scope.cancel()
        except (trio.BrokenResourceError, trio.ClosedResourceError, trio.WouldBlock):
            pass
        finally:
            if peer in table:
                table.remove(peer)
            with trio.move_on_after(1):
                await stream.aclose()

    listeners = await trio.open_tcp_listeners(port, host=host)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(trio.serve_listeners, handle, listeners)
        task_status.started(int(listeners[0].socket.getsockname()[1]))
        await trio.sleep_forever()


class EchoClient:
    """One seat of the ceiling: moves when the last event makes it its turn."""

    def __init__(self, stream: trio.SocketStream, seat: int, meter: Meter, clock: TableClock):
        self.stream = stream
        self.seat = seat
        self.meter = meter
        self.clock = clock
        self.frames = Frames()
        self.move = {"type": "play", "card": "R7"}

    async def pump(self) -> None:
        try:
            while True:
                data = await self.stream.receive_some(RECV)
                if not data:
                    return
                turn = -1
                frames = self.frames.feed(data)
                self.meter.got(data, len(frames))
                for msg in frames:
                    kind = msg.get("type")
                    if kind == "event":
                        seq = int(msg["seq"])
                        self.clock.arrival(seq)
                        if seq % SEATS == self.seat:
                            turn = seq
                        if msg["seat"] == self.seat:
                            self.meter.moves += self.meter.active
                    elif kind == "ready" and self.seat == 0:
                        turn = 0
                if turn >= 0 and not self.meter.stopping:
                    self.clock.sent_move(turn + 1, now())
                    out = frame({"type": "move", "seat": self.seat, "move": self.move})
                    await self.stream.send_all(out)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass


async def echo_phase(port: int, tables: int, meter: Meter) -> Phase:
    clients: list[EchoClient] = []
    for t in range(tables):
        clock = TableClock(meter)
        for s in range(SEATS):
            stream = await trio.open_tcp_stream(HOST, port)
            await stream.send_all(frame({"type": "hello", "table": t}))
            clients.append(EchoClient(stream, s, meter, clock))

    async def setup(nursery: trio.Nursery) -> None:
        for c in clients:
            nursery.start_soon(c.pump)

    async def close() -> None:
        for c in clients:
            with trio.move_on_after(1):
                await c.stream.aclose()

    return Phase(setup, close)


# ---------------------------------------------------------------------------- running


@dataclass
class Phase:
    """Clients ready to go: ``setup`` starts them in a nursery, ``close`` hangs up."""

    setup: Callable[[trio.Nursery], Awaitable[None]]
    close: Callable[[], Awaitable[None]]


class LineReader:
    """Lines from a child process's stdout."""

    def __init__(self, stream: trio.abc.ReceiveStream) -> None:
        self.stream = stream
        self.buf = b""

    async def line(self) -> str:
        while b"\n" not in self.buf:
            data = await self.stream.receive_some(4096)
            if not data:
                raise EOFError("the server process ended")
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode().strip()


class ServerProfiler:
    """cProfile or pyinstrument, switched on for the measured window only."""

    def __init__(self, tool: str, path: str) -> None:
        self.tool = tool
        self.path = path
        self.cprofile = cProfile.Profile() if tool == "cprofile" else None
        self.sampler: Any = None
        if tool == "pyinstrument":  # optional: imported only when asked for
            module = importlib.import_module("pyinstrument")
            self.sampler = module.Profiler(interval=0.001, async_mode="disabled")

    def begin(self) -> None:
        if self.cprofile is not None:
            self.cprofile.enable()
        elif self.sampler is not None:
            self.sampler.start()

    def end(self) -> None:
        if self.cprofile is not None:
            self.cprofile.disable()
        elif self.sampler is not None:
            self.sampler.stop()

    def save(self) -> None:
        if self.cprofile is not None:
            self.cprofile.dump_stats(self.path)
        elif self.sampler is not None:
            flat = self.sampler.output_text(flat=True, flat_time="self", show_all=True)
            tree = self.sampler.output_text(show_all=False)
            with open(self.path, "w") as out:
                out.write(f"{flat}\n{tree}")


class ServerHandle:
    """A server to measure: in a child process, or in this trio loop."""

    def __init__(self) -> None:
        self.port = 0
        self.process: trio.Process | None = None
        self.lines: LineReader | None = None
        self.scope: trio.CancelScope | None = None
        self.profiler: ServerProfiler | None = None

    @classmethod
    async def child(cls, kind: str, profile: str | None, tool: str, rate: float) -> ServerHandle:
        handle = cls()
        command = [sys.executable, "-m", "bench.server", "--child", kind, "--rate", str(rate)]
        if profile:
            command += ["--profile", profile, "--profiler", tool]
        process = await trio.lowlevel.open_process(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT
        )
        handle.process = process
        assert process.stdout is not None
        handle.lines = LineReader(process.stdout)
        first = await handle.lines.line()
        assert first.startswith("PORT "), first
        handle.port = int(first.split()[1])
        return handle

    @classmethod
    async def inproc(
        cls, nursery: trio.Nursery, kind: str, profile: str | None, tool: str, rate: float
    ) -> ServerHandle:
        handle = cls()
        scope = handle.scope = trio.CancelScope()
        if profile:
            handle.profiler = ServerProfiler(tool, profile)

        async def run(task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED) -> None:
            with scope:
                async with trio.open_nursery() as inner:
                    if kind == "taki":
                        taki = partial(serve, HOST, 0, bot_delay=0.0, limits=bench_limits(rate))
                        _, port = await inner.start(taki)
                    else:
                        port = await inner.start(echo_serve)
                    task_status.started(port)

        handle.port = await nursery.start(run)
        return handle

    async def mark(self, command: str) -> float:
        """Profiler on/off; the server process's CPU seconds so far."""
        if self.process is None:
            if self.profiler is not None:
                if command == "begin":
                    self.profiler.begin()
                else:
                    self.profiler.end()
            return time.process_time()
        assert self.process.stdin is not None and self.lines is not None
        await self.process.stdin.send_all(f"{command}\n".encode())
        answer = await self.lines.line()
        assert answer.startswith("CPU "), answer
        return float(answer.split()[1])

    async def stop(self) -> None:
        if self.scope is not None:
            self.scope.cancel()
        process = self.process
        if process is None:
            return
        assert process.stdin is not None
        await process.stdin.aclose()
        with trio.move_on_after(10):
            await process.wait()
        if process.returncode is None:
            process.kill()
            await process.wait()


async def measure(kind: str, args: argparse.Namespace, profile: str | None) -> dict[str, Any]:
    """One phase: start its server, seat the clients, warm up, measure, hang up."""
    meter = Meter()
    async with trio.open_nursery() as nursery:
        if args.server == "subprocess":
            server = await ServerHandle.child(kind, profile, args.profiler, args.rate)
        else:
            server = await ServerHandle.inproc(nursery, kind, profile, args.profiler, args.rate)
        if kind == "taki":
            phase = await taki_phase(server.port, args.tables, args.client, meter)
        else:
            phase = await echo_phase(server.port, args.tables, meter)
        async with trio.open_nursery() as clients:
            await phase.setup(clients)
            await trio.sleep(args.warmup)
            cpu0 = await server.mark("begin")
            mine0 = time.process_time()
            t0 = now()
            meter.active = True
            await trio.sleep(args.seconds)
            meter.active = False
            wall = now() - t0
            mine1 = time.process_time()
            cpu1 = await server.mark("end")
            meter.stopping = True
            await trio.sleep(0.3)  # let the moves in flight land
            await phase.close()
            clients.cancel_scope.cancel()
        await server.stop()
        if server.profiler is not None:
            server.profiler.save()
        nursery.cancel_scope.cancel()
    rate = meter.moves / wall
    moves = max(1, meter.moves)
    out: dict[str, Any] = {
        "seconds": round(wall, 3),
        "moves": meter.moves,
        "moves_per_s": round(rate, 1),
        **meter.summary(),
        "server_cpu": round((cpu1 - cpu0) / wall, 3),
        "client_cpu": round((mine1 - mine0) / wall, 3),
        "server_us_per_move": round((cpu1 - cpu0) / moves * 1e6, 1),
        "client_us_per_move": round((mine1 - mine0) / moves * 1e6, 1),
        "frames_per_move": round(meter.frames / moves, 2),
        "bytes_per_move": round(meter.received / moves, 1),
    }
    if kind == "taki":
        out["events_per_s"] = round(meter.events / wall / SEATS, 1)
        out["games"] = meter.games
        out["errors"] = dict(meter.errors)
    if args.server == "inproc":
        out["server_cpu"] = out["client_cpu"] = round((mine1 - mine0) / wall, 3)
    return out


def profile_top(path: str, count: int) -> tuple[str, list[dict[str, Any]]]:
    """The profile's top entries by own time, as text and as figures."""
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    text = io.StringIO()
    stats.stream = text  # type: ignore[attr-defined]
    stats.sort_stats("tottime").print_stats(count)
    stats.sort_stats("cumulative").print_stats(count)
    rows: list[dict[str, Any]] = []
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    ranked = sorted(table.items(), key=lambda kv: kv[1][2], reverse=True)[:count]
    for (filename, line, name), (_, calls, tottime, cumtime, _) in ranked:
        where = os.path.relpath(filename, ROOT) if filename.startswith(ROOT) else filename
        rows.append(
            {
                "function": f"{where}:{line}({name})",
                "calls": calls,
                "tottime_s": round(tottime, 3),
                "share": round(tottime / total, 3) if total else 0.0,
                "cumtime_s": round(cumtime, 3),
            }
        )
    return text.getvalue(), rows


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    taki = await measure("taki", args, args.profile)
    print(
        f"taki:  {taki['moves_per_s']:>9.1f} moves/s        p50 {taki['p50_ms']:.3f} ms  "
        f"p99 {taki['p99_ms']:.3f} ms  (ack p50 {taki.get('ack_p50_ms', 0):.3f} / p99 "
        f"{taki.get('ack_p99_ms', 0):.3f} ms; {taki['games']} games)",
        flush=True,
    )
    print(
        f"       server cpu {taki['server_cpu']:.2f} ({taki['server_us_per_move']:.0f} us/move), "
        f"client cpu {taki['client_cpu']:.2f} ({taki['client_us_per_move']:.0f} us/move), "
        f"{taki['frames_per_move']} frames and {taki['bytes_per_move']:.0f} bytes received "
        f"per move; refused: {taki['errors'] or 'none'}",
        flush=True,
    )
    echo = await measure("echo", args, None)
    print(
        f"echo:  {echo['moves_per_s']:>9.1f} round trips/s  p50 {echo['p50_ms']:.3f} ms  "
        f"p99 {echo['p99_ms']:.3f} ms",
        flush=True,
    )
    print(
        f"       server cpu {echo['server_cpu']:.2f} ({echo['server_us_per_move']:.0f} us/move), "
        f"client cpu {echo['client_cpu']:.2f} ({echo['client_us_per_move']:.0f} us/move), "
        f"{echo['frames_per_move']} frames and {echo['bytes_per_move']:.0f} bytes received "
        f"per move",
        flush=True,
    )
    echo["round_trips_per_s"] = echo.pop("moves_per_s")
    echo["round_trips"] = echo.pop("moves")
    ratio = taki["moves_per_s"] / echo["round_trips_per_s"] if echo["round_trips_per_s"] else 0
    cost = taki["server_us_per_move"]
    cpu_ratio = echo["server_us_per_move"] / cost if cost else 0.0
    print(
        f"ratio: ours/ceiling {ratio:.3f} (target >= {TARGET_RATIO}), "
        f"p99 {taki['p99_ms']:.3f} ms (target <= {TARGET_P99_MS} ms); "
        f"server CPU per move, ceiling/ours: {cpu_ratio:.3f}",
        flush=True,
    )
    result: dict[str, Any] = {
        "bench": "server",
        "server_mode": args.server,
        "client": args.client,
        "clients": args.tables * SEATS,
        "tables": args.tables,
        "warmup_s": args.warmup,
        "taki": taki,
        "echo": echo,
        "ratio": round(ratio, 3),
        "cpu_ratio": round(cpu_ratio, 3),
        "target_ratio_met": ratio >= TARGET_RATIO,
        "target_p99_met": taki["p99_ms"] <= TARGET_P99_MS,
    }
    if args.profile and args.profiler == "cprofile":
        text, rows = profile_top(args.profile, args.profile_top)
        print(f"server profile (taki window, cProfile): {args.profile}")
        print(text)
        result["profile"] = rows
    elif args.profile:
        with open(args.profile) as report:
            text = report.read()
        print(f"server profile (taki window, pyinstrument): {args.profile}")
        print(text)
        result["profile"] = args.profile
    return result


# ---------------------------------------------------------------------------- child


async def child(kind: str, profile: str | None, tool: str, rate: float) -> None:
    """A server process: prints its port, then obeys begin/end lines until stdin closes."""
    profiler = ServerProfiler(tool, profile) if profile else None
    async with trio.open_nursery() as nursery:
        if kind == "taki":
            taki = partial(serve, HOST, 0, bot_delay=0.0, limits=bench_limits(rate))
            _, port = await nursery.start(taki)
        else:
            port = await nursery.start(echo_serve)
        print(f"PORT {port}", flush=True)
        commands = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
        buf = b""
        while True:
            data = await commands.receive_some(1024)
            if not data:
                break
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if profiler is not None:
                    if line.strip() == b"begin":
                        profiler.begin()
                    elif line.strip() == b"end":
                        profiler.end()
                print(f"CPU {time.process_time()}", flush=True)
        nursery.cancel_scope.cancel()
    if profiler is not None:
        profiler.save()


# ---------------------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bench.server", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured window, each phase")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds before measuring")
    parser.add_argument("--tables", type=int, default=12, help="tables of 4 clients")
    parser.add_argument(
        "--client",
        choices=["basic", "first"],
        default="basic",
        help="basic: BasicBot on the patched view; first: the first legal action",
    )
    parser.add_argument(
        "--server",
        choices=["subprocess", "inproc"],
        default="subprocess",
        help="run the servers in a child process (default) or in this trio loop",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=1e9,
        help="the server's per-connection request rate limit (default: none to speak of)",
    )
    parser.add_argument("--profile", metavar="PATH", help="profile the taki server into PATH")
    parser.add_argument(
        "--profiler",
        choices=["cprofile", "pyinstrument"],
        default="cprofile",
        help="which profiler --profile uses",
    )
    parser.add_argument("--profile-top", type=int, default=25, help="profile rows shown")
    parser.add_argument("--child", choices=["taki", "echo"], help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.child:
        trio.run(child, args.child, args.profile, args.profiler, args.rate)
        return 0
    where = "in a child process" if args.server == "subprocess" else "in-process (cpu: all of it)"
    print(
        f"bench.server: {args.tables * SEATS} clients, {args.tables} tables of {SEATS}, "
        f"client {args.client}, server {where}, {args.seconds:g} s "
        f"(+{args.warmup:g} s warm-up) per phase",
        flush=True,
    )
    result = trio.run(bench, args)
    print(json.dumps(result, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
