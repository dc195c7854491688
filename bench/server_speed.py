"""Server throughput and latency: 48 bot clients at 12 tables, against a raw trio ceiling.

    python -m bench.server_speed [--seconds 5] [--slice 1] [--rounds 3] [--tables 12]
                                 [--strong N] [--checked] [--client basic|first]
                                 [--server subprocess|inproc] [--profile server.prof]

Three phases, the same client machinery and turn pattern, for ``--rounds`` rounds (the
figures are the median round's, by ratio; ``rounds`` lists each). In a round all three
servers run with their clients seated, and the phases take turns: each plays
``--slice`` seconds while the other two servers are paused (SIGSTOP), until each has
played ``--seconds``, so a slow stretch of a shared VM falls on all three alike rather
than on whichever phase it met (with one stretch per phase, a round's ratio swung by
0.1 with the machine):

1. **taki** -- the real server (``server.app.serve``, loopback, ``bot_delay=0``, the
   per-connection rate limit lifted by ``--rate``: it is meant for people). ``4 * tables``
   seats sit 4 to a table, each reading plain msgpack maps as the ceiling's seats do
   (``--checked``: decoded and checked by ``protocol/`` as taki-client does, the cost
   of a full client); each keeps its view by the patches and, holding a legal list and
   no unanswered action, sends what ``engine.bots.BasicBot`` picks (``--client first``:
   the first legal action). The host sends ``rematch`` when a game ends.
2. **echo** -- the ceiling: a minimal trio server here (length-prefixed msgpack, tables
   of 4, the raw trio fan-out: a bounded memory channel and a writer task per
   connection) that numbers each ``move`` and forwards one ``event`` to the table's 4
   connections; the seat whose turn that makes (``seq % 4``) moves next: one move in
   flight per table.
3. **outbox** -- the same ceiling fanning out through the taki server's own outboxes
   (server/outbox.py: a connection's frames written when the move is handled, a writer
   task for what the socket does not take): how far the server's way of writing lifts
   a server that does nothing else (``ratio_outbox``).

Figures (over a phase's slices, after ``--warmup``): ``moves_per_s`` (acked actions; the
echo's ``round_trips_per_s``), ``ratio`` = ours / ceiling (target 0.5, with our p99 at
most 2.5 times the ceiling's); latency p50/p99 from a move's
send to its first event decoded by every seat of the table (moves sent and answered in
one slice); ``ack`` p50/p99 (taki);
``server_cpu`` (CPU seconds per wall second of the server process) and
``server_us_per_move`` (the figure least disturbed by the clients and by other load);
``cpu_ratio`` = the ceiling's server CPU per move over ours; frames and bytes received
per move; refused actions by code (``illegal_action (pass)``: two seats answered one +3
window at once, expected). ``--server subprocess`` (default) runs each server in a child
(``--child taki|echo``), which reports its CPU time through its stdin/stdout;
``--server inproc`` runs it in this trio loop (one core for everything; the phases
one after the other, one slice each). ``--profile PATH`` profiles the taki server
during its slices only (cProfile, or ``--profiler
pyinstrument`` if installed; CPU time, not wall time). ``--strong N`` runs N more
tables beside the measured ones during the taki phase, each one client and 3
``strong`` bots thinking flat out (their moves are not counted; the search runs in the
server's worker process, whose CPU is not in ``server_cpu``, paused with the server).
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import importlib
import io
import itertools
import json
import os
import pstats
import signal
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import msgpack
import trio

from engine.actions import Action as EngineAction
from engine.bots import basic_choice
from protocol.connection import ClientConnection
from protocol.frames import decode_body
from protocol.messages import (
    AddBot,
    CreateTable,
    Join,
    Rematch,
    Request,
    Start,
    TableOptions,
    decode_message,
)
from protocol.patch import apply_patch
from server.app import serve
from server.outbox import Outbox, Outboxes
from server.session import Limits
from tests.support.harness import (
    CHILD_PORT,
    HOST,
    RECV,
    ROOT,
    SEATS,
    ServerProcess,
    TableClock,
    latencies,
    ms,
    now,
    percentile,
)

QUEUE = 512  # frames queued per connection, as server.session.Limits.queue_size
TARGET_RATIO = 0.5
P99_FACTOR = 2.5
"""Our p99 may be at most this many times the ceiling's, in the same round."""


@dataclass
class Meter:
    """What one phase counts (moves, acks, games: only while ``active``)."""

    active: bool = False
    stopping: bool = False
    moves: int = 0
    events: int = 0
    games: int = 0
    frames: int = 0
    received: int = 0
    acks: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    clocks: list[TableClock] = field(default_factory=list)


# ---------------------------------------------------------------------------- taki


class TakiSeat:
    """One seat playing flat out over plain maps (``Frames``, as the ceiling's seats
    read theirs): it acts as soon as it holds a legal list and no unanswered action.
    With ``checked`` every frame also goes through the protocol's own decoding and
    checks (``decode_body`` + ``decode_message``, what taki-client does): the cost of a
    full client, on top of the same seat."""

    def __init__(self, stream: trio.SocketStream, name: str, meter: Meter, clock: TableClock,
                 policy: str, checked: bool) -> None:  # fmt: skip
        self.stream, self.name, self.meter, self.clock = stream, name, meter, clock
        self.policy, self.checked = policy, checked
        self.frames = Frames(checked)
        self.ids = itertools.count(1)
        self.outbox: list[bytes] = []
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.seq = 0
        self.answers: dict[int, dict[str, Any]] = {}
        self.host = self.auto = self.want_rematch = False
        self.pending: int | None = None  # our unanswered action
        self.pending_seq = 0
        self.pending_at = 0.0
        self.pending_kind = ""
        self.rematch: int | None = None

    @classmethod
    async def connect(cls, port: int, name: str, meter: Meter, clock: TableClock,
                      policy: str, checked: bool) -> TakiSeat:  # fmt: skip
        stream = await trio.open_tcp_stream(HOST, port)
        seat = cls(stream, name, meter, clock, policy, checked)
        await stream.send_all(ClientConnection().hello(name, "bench/1"))
        await seat.call(None)
        return seat

    async def call(self, request: Request | None) -> dict[str, Any]:
        """Send ``request`` and read until its answer (before ``pump`` runs: set-up); with
        None, until the welcome."""
        if request is not None:
            await self.stream.send_all(request.encode())
        key = request.id if request is not None else 0
        while key not in self.answers:
            data = await self.stream.receive_some(RECV)
            if not data:
                raise EOFError(f"{self.name}: the server closed")
            for msg in self.frames.feed(data):
                self.on_map(msg)
        return self.answers.pop(key)

    async def pump(self) -> None:
        """Read, handle, act, send: the seat's one task once the games run."""
        stream, frames, meter = self.stream, self.frames, self.meter
        try:
            self.step()
            while True:
                if self.outbox:
                    out = b"".join(self.outbox)
                    self.outbox.clear()
                    await stream.send_all(out)
                data = await stream.receive_some(RECV)
                if not data:
                    return
                got = frames.feed(data)
                if meter.active:
                    meter.received += len(data)
                    meter.frames += len(got)
                for msg in got:
                    self.on_map(msg)
                self.step()
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass

    def on_map(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        meter = self.meter
        if kind == "event":
            seq = self.seq = msg["seq"]
            meter.events += meter.active
            if seq in self.clock.sent:  # the first event of a move we time
                self.clock.arrival(seq)
            patch = msg.get("view")
            if patch is not None and self.view is not None and self.policy == "basic":
                apply_patch(self.view, patch)
            legal = msg.get("legal")
            if legal is not None:
                self.legal = legal
        elif kind == "ack" or kind == "error":
            rid = msg.get("id")
            error = kind == "error"
            if rid is not None and rid == self.pending:
                self.pending = None
                if error:
                    meter.errors[f"{msg['code']} ({self.pending_kind})"] += 1
                    self.clock.refused(self.pending_seq, self.pending_at)
                elif meter.active:
                    meter.moves += 1
                    meter.acks.append(now() - self.pending_at)
            elif rid is not None and rid == self.rematch:
                self.rematch = None
                if error:
                    meter.errors[f"rematch:{msg['code']}"] += 1
            elif rid is not None:
                self.answers[rid] = msg
        elif kind == "snapshot":
            self.view = msg.get("view")
            self.legal = msg.get("legal") or []
            self.seat = msg.get("seat")
            self.seq = msg["seq"]
        elif kind == "table_update":
            if msg["table"]["state"] == "over" and self.host:
                meter.games += meter.active
                self.want_rematch = self.auto
        elif kind == "ping":
            self.outbox.append(frame({"type": "pong", "nonce": msg["nonce"]}))
        elif kind == "welcome":
            self.answers[0] = msg

    def step(self) -> None:
        """Queue our action (or the host's rematch) if we have something to do."""
        if not self.auto or self.meter.stopping:
            return
        if self.want_rematch and self.rematch is None:
            self.want_rematch = False
            self.rematch = next(self.ids)
            self.outbox.append(Rematch(self.rematch).encode())
        if self.pending is not None or not self.legal or self.seat is None:
            return
        action = self.legal[0] if self.policy == "first" or self.view is None else self.pick()
        self.legal = []  # new events bring the next list
        self.pending = next(self.ids)
        self.pending_seq = self.seq + 1
        self.pending_at = now()
        self.pending_kind = action["type"]
        self.clock.sent_move(self.pending_seq, self.pending_at)
        self.outbox.append(frame({"type": "action", "id": self.pending, "action": action}))

    def pick(self) -> dict[str, Any]:
        """What ``BasicBot`` picks from this seat's view and legal list. Read from the
        plain map (not ``protocol.codec.view_from_wire``, about 11 us a view): these
        seats cost what the ceiling's do, so the server's figures stay comparable."""
        assert self.view is not None and self.seat is not None
        seat, legal, view = self.seat, self.legal, self.view
        mine = [EngineAction(a["type"], seat, a.get("card"), a.get("color")) for a in legal]
        run = view["taki"]
        pick = basic_choice(
            view["hand"], view["plus3"] is not None,
            None if run is None or run["open"] else run["color"], view["plus2"],
            view["follow"], mine,
        )
        chosen = legal[mine.index(pick.plain())]
        return chosen | {"last_card": True} if pick.last_card else chosen


async def taki_phase(port: int, args: argparse.Namespace, meter: Meter) -> Phase:
    """Seat everyone and start the games. ``args.strong`` more tables run beside them,
    each one seat and 3 ``strong`` bots, measured by nothing: their load."""
    policy, checked = args.client, args.checked
    seats: list[TakiSeat] = []
    for t in range(args.strong):
        host = await TakiSeat.connect(port, f"strong{t}", Meter(), TableClock(), policy, checked)
        host.host = True
        await host.call(CreateTable(next(host.ids), TableOptions(f"strong {t}", SEATS)))
        for _ in range(SEATS - 1):
            await host.call(AddBot(next(host.ids), kind="strong"))
        await host.call(Start(next(host.ids)))
        seats.append(host)
    for t in range(args.tables):
        clock = TableClock()
        meter.clocks.append(clock)
        table = [
            await TakiSeat.connect(port, f"t{t}s{s}", meter, clock, policy, checked)
            for s in range(SEATS)
        ]
        host = table[0]
        host.host = True
        answer = await host.call(CreateTable(next(host.ids), TableOptions(f"bench {t}", SEATS)))
        for c in table[1:]:
            await c.call(Join(next(c.ids), table=answer["table"]))
        await host.call(Start(next(host.ids)))
        seats += table

    async def setup(nursery: trio.Nursery) -> None:
        for c in seats:
            c.auto = True
            nursery.start_soon(c.pump)

    return Phase(setup, [c.stream for c in seats])


# ---------------------------------------------------------------------------- echo


def frame(body: dict[str, Any]) -> bytes:
    packed: bytes = msgpack.packb(body, use_bin_type=True)
    return len(packed).to_bytes(4, "big") + packed


class Frames:
    """Length-prefixed msgpack frames out of a byte stream: the ceiling's whole protocol.
    ``checked``: each frame is decoded and checked by the protocol instead (what a
    taki client does: ``decode_body``, then ``decode_message``)."""

    def __init__(self, checked: bool = False) -> None:
        self._buf = bytearray()
        self._checked = checked

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        if self._buf:  # the rest of a frame cut short last time
            self._buf += data
            data = bytes(self._buf)
            self._buf.clear()
        view, end, pos = memoryview(data), len(data), 0
        out: list[dict[str, Any]] = []
        while end - pos >= 4:
            stop = pos + 4 + int.from_bytes(view[pos : pos + 4], "big")
            if stop > end:
                break
            body = view[pos + 4 : stop]
            if self._checked:
                out.append(decode_body(body))
                decode_message(out[-1])
            else:
                out.append(msgpack.unpackb(body, raw=False))
            pos = stop
        if pos < end:
            self._buf += view[pos:]
        return out


class RawBox:
    """The raw trio way to fan out: a bounded memory channel and a writer task sending
    each frame as it comes (the issue's ceiling)."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.send, self.receive = trio.open_memory_channel[bytes](QUEUE)

    def put(self, data: bytes) -> None:
        self.send.send_nowait(data)  # full: WouldBlock ends the connection

    def close(self) -> None:
        self.send.close()

    async def run(self) -> None:
        async for data in self.receive:
            await self.stream.send_all(data)


async def echo_serve(
    host: str = HOST,
    port: int = 0,
    outboxes: Outboxes | None = None,
    *,
    task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED,
) -> None:
    """The ceiling: forward each move, numbered, to the 4 connections of its table; with
    ``outboxes``, through the taki server's own (written when the move is handled, else
    by a writer task), else the raw trio way (``RawBox``)."""
    tables: dict[int, list[Outbox | RawBox]] = {}
    seqs: dict[int, int] = {}

    def full() -> None:
        raise trio.WouldBlock  # a client that does not read: its connection ends

    async def handle(stream: trio.SocketStream) -> None:
        box = RawBox(stream) if outboxes is None else Outbox(stream, QUEUE, outboxes, full)
        frames = Frames()
        table: list[Outbox | RawBox] = []
        number = -1
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(box.run)
                while data := await stream.receive_some(RECV):
                    for msg in frames.feed(data):
                        if msg.get("type") == "move" and table:
                            seq = seqs[number] = seqs.get(number, 0) + 1
                            body = {"type": "event", "seq": seq, "seat": msg["seat"]}
                            out = frame({**body, "move": msg["move"]})
                            for other in table:
                                other.put(out)
                        elif msg.get("type") == "hello":
                            number = int(msg["table"])
                            table = tables.setdefault(number, [])
                            table.append(box)
                            if len(table) == SEATS:
                                for other in table:
                                    other.put(frame({"type": "ready"}))
                    if outboxes is not None:
                        outboxes.flush()
                nursery.cancel_scope.cancel()
        except (trio.BrokenResourceError, trio.ClosedResourceError, trio.WouldBlock, OSError):
            pass
        finally:
            box.close()
            if box in table:
                table.remove(box)
            with trio.move_on_after(1):
                await stream.aclose()

    listeners = await trio.open_tcp_listeners(port, host=host)
    async with trio.open_nursery() as nursery:
        if outboxes is not None:
            nursery.start_soon(outboxes.run)
        nursery.start_soon(trio.serve_listeners, handle, listeners)
        task_status.started(int(listeners[0].socket.getsockname()[1]))
        await trio.sleep_forever()


async def echo_seat(stream: trio.SocketStream, seat: int, meter: Meter, clock: TableClock) -> None:
    """One seat of the ceiling: moves when the last event makes it its turn."""
    frames = Frames()
    move = {"type": "play", "card": "R7"}
    try:
        while data := await stream.receive_some(RECV):
            turn = -1
            got = frames.feed(data)
            if meter.active:
                meter.received += len(data)
                meter.frames += len(got)
            for msg in got:
                if msg.get("type") == "event":
                    seq = int(msg["seq"])
                    clock.arrival(seq)
                    if seq % SEATS == seat:
                        turn = seq
                    if msg["seat"] == seat:
                        meter.moves += meter.active
                elif msg.get("type") == "ready" and seat == 0:
                    turn = 0
            if turn >= 0 and not meter.stopping:
                clock.sent_move(turn + 1, now())
                await stream.send_all(frame({"type": "move", "seat": seat, "move": move}))
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass


async def echo_phase(port: int, tables: int, meter: Meter) -> Phase:
    seats: list[tuple[trio.SocketStream, int, TableClock]] = []
    for t in range(tables):
        clock = TableClock()
        meter.clocks.append(clock)
        for s in range(SEATS):
            stream = await trio.open_tcp_stream(HOST, port)
            await stream.send_all(frame({"type": "hello", "table": t}))
            seats.append((stream, s, clock))

    async def setup(nursery: trio.Nursery) -> None:
        for stream, s, clock in seats:
            nursery.start_soon(echo_seat, stream, s, meter, clock)

    return Phase(setup, [stream for stream, _, _ in seats])


# ---------------------------------------------------------------------------- running


@dataclass
class Phase:
    """Clients ready to go: ``setup`` starts them in a nursery; ``streams`` to hang up."""

    setup: Callable[[trio.Nursery], Awaitable[None]]
    streams: list[trio.abc.Stream]


class Profiler:
    """cProfile or pyinstrument, switched on for the measured window only."""

    def __init__(self, tool: str, path: str) -> None:
        self.path = path
        # CPU time, not wall time: on a shared machine a descheduled server would
        # otherwise charge the wait to whatever call it was in.
        self.cprofile = cProfile.Profile(time.process_time) if tool == "cprofile" else None
        self.sampler: Any = None
        if tool == "pyinstrument":  # optional: imported only when asked for
            module = importlib.import_module("pyinstrument")
            self.sampler = module.Profiler(interval=0.001, async_mode="disabled")

    def switch(self, on: bool) -> None:
        if self.cprofile is not None:
            self.cprofile.enable() if on else self.cprofile.disable()
        elif self.sampler is not None:
            self.sampler.start() if on else self.sampler.stop()

    def save(self) -> None:
        if self.cprofile is not None:
            self.cprofile.dump_stats(self.path)
        elif self.sampler is not None:
            flat = self.sampler.output_text(flat=True, flat_time="self", show_all=True)
            with open(self.path, "w") as out:
                out.write(f"{flat}\n{self.sampler.output_text(show_all=False)}")


class ServerHandle:
    """A server to measure: in a child process, or in this trio loop. A child is
    paused (SIGSTOP, with its children: the strong bots' workers) while another
    phase's slice runs, so that it takes no CPU from it; a server in this loop cannot
    be, so its phase runs in one slice."""

    def __init__(self, port: int, process: ServerProcess | None, profiler: Profiler | None):
        self.port = port
        self.process = process
        self.profiler = profiler

    async def mark(self, on: bool) -> float:
        """Profiler on/off; the server process's CPU seconds so far."""
        if self.process is None:
            if self.profiler is not None:
                self.profiler.switch(on)
            return time.process_time()
        stdin = self.process.process.stdin
        assert stdin is not None
        await stdin.send_all(b"begin\n" if on else b"end\n")
        answer = await self.process.line()
        assert answer.startswith("CPU "), answer
        return float(answer.split()[1])

    def pause(self, paused: bool) -> None:
        """SIGSTOP (``paused``) or SIGCONT the child and its children."""
        if self.process is None:
            return
        how = signal.SIGSTOP if paused else signal.SIGCONT
        for pid in [self.process.pid, *self.process.children()]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, how)


async def serve_kind(kind: str, rate: float, nursery: trio.Nursery) -> int:
    """Start the taki server (no bot delay, the rate limit at ``rate``) or the ceiling in
    ``nursery``; its port."""
    if kind == "taki":
        _, port = await nursery.start(
            partial(serve, HOST, 0, bot_delay=0.0, limits=Limits(rate=rate))
        )
        return int(port)
    return int(await nursery.start(echo_serve, HOST, 0, Outboxes() if kind == "outbox" else None))


KINDS = ("taki", "echo", "outbox")
SETTLE = 0.05
"""Seconds a resumed phase runs before its slice opens: the moves held up by the pause
are answered and every table has one in flight again."""


@dataclass
class Group:
    """One phase's server and seated clients, and what its slices measured."""

    kind: str
    server: ServerHandle
    phase: Phase
    meter: Meter
    started: bool = False
    windows: list[tuple[float, float]] = field(default_factory=list)
    server_cpu: float = 0.0  # CPU seconds in the windows: the server's, this process's
    client_cpu: float = 0.0


async def open_group(
    kind: str, args: argparse.Namespace, profile: str | None, nursery: trio.Nursery
) -> Group:
    """Start ``kind``'s server in ``nursery`` and seat its clients (not yet playing)."""
    meter = Meter()
    if args.server == "subprocess":
        command = [sys.executable, "-m", "bench.server_speed", "--child", kind]
        command += ["--rate", str(args.rate), "--profiler", args.profiler]
        command += ["--profile", profile] if profile else []
        process = await ServerProcess.start(command, os.devnull, CHILD_PORT)
        server = ServerHandle(process.port, process, None)
    else:
        port = await serve_kind(kind, args.rate, nursery)
        server = ServerHandle(port, None, Profiler(args.profiler, profile) if profile else None)
    if kind == "taki":
        phase = await taki_phase(server.port, args, meter)
    else:
        phase = await echo_phase(server.port, args.tables, meter)
    return Group(kind, server, phase, meter)


async def run_slice(group: Group, seconds: float, clients: trio.Nursery, measured: bool) -> None:
    """Let ``group`` play for ``seconds`` (its clients started the first time), counted
    when ``measured``; then pause it."""
    group.server.pause(False)
    if not group.started:
        group.started = True
        await group.phase.setup(clients)
    await trio.sleep(SETTLE)
    if measured:
        cpu0 = await group.server.mark(True)
        mine0 = time.process_time()
        t0 = now()
        group.meter.active = True
    await trio.sleep(seconds)
    if measured:
        group.meter.active = False
        t1 = now()
        mine1 = time.process_time()
        cpu1 = await group.server.mark(False)
        group.windows.append((t0, t1))
        group.server_cpu += cpu1 - cpu0
        group.client_cpu += mine1 - mine0
    group.server.pause(True)


async def measure_round(args: argparse.Namespace, profile: str | None) -> dict[str, dict[str, Any]]:
    """One round: every phase's server started and its clients seated, then the phases
    played in turn, ``--slice`` seconds each, until each has had ``--seconds``; each
    phase's figures over its slices. Slices, not one stretch per phase: a 2-core VM
    runs at one speed for some seconds and at another for the next, and a phase that
    fell in a slow stretch read as a slower server (both processes, server and
    clients, 20% slower for one phase of a round). Interleaved, the phases share the
    stretches. A server in this trio loop (``--server inproc``) cannot be paused: its
    phases run one after the other, each in one slice."""
    slices = 1 if args.server == "inproc" else max(1, round(args.seconds / args.slice))
    length = args.seconds / slices
    async with trio.open_nursery() as nursery:
        groups = [await open_group(kind, args, profile if kind == "taki" else None, nursery)
                  for kind in KINDS]  # fmt: skip
        for group in groups:
            group.server.pause(True)
        async with trio.open_nursery() as clients:
            if args.server == "subprocess":
                for group in groups:
                    await run_slice(group, args.warmup, clients, measured=False)
            # The clients' collector stays out of the windows (every phase alike): a
            # full collection in this process would stall all its seats at once.
            gc.collect()
            gc.freeze()
            gc.disable()
            for _ in range(slices):
                for group in groups:
                    if args.server == "inproc":
                        await run_slice(group, args.warmup, clients, measured=False)
                    await run_slice(group, length, clients, measured=True)
                    if args.server == "inproc":
                        group.meter.stopping = True
            gc.enable()
            gc.unfreeze()
            for group in groups:
                group.meter.stopping = True
                group.server.pause(False)
            await trio.sleep(0.3)  # let the moves in flight land
            for group in groups:
                for stream in group.phase.streams:
                    with trio.move_on_after(1):
                        await stream.aclose()
            clients.cancel_scope.cancel()
        for group in groups:
            if group.server.process is not None:
                await group.server.process.stop(interrupt=False)
            elif group.server.profiler is not None:
                group.server.profiler.save()
        nursery.cancel_scope.cancel()
    return {group.kind: figures(group, args) for group in groups}


def figures(group: Group, args: argparse.Namespace) -> dict[str, Any]:
    """A phase's figures over its slices. A move's latency counts in the slice it was
    sent and answered in (not one held up by a pause)."""
    meter = group.meter
    wall = sum(t1 - t0 for t0, t1 in group.windows)
    moves = max(1, meter.moves)
    lat = [
        value
        for c in meter.clocks
        for at, value in c.seated
        if any(t0 <= at - value and at < t1 for t0, t1 in group.windows)
    ]
    out: dict[str, Any] = {
        "seconds": round(wall, 3),
        "slices": len(group.windows),
        "moves": meter.moves,
        "moves_per_s": round(meter.moves / wall, 1),
        **latencies(lat),
        "server_cpu": round(group.server_cpu / wall, 3),
        "client_cpu": round(group.client_cpu / wall, 3),
        "server_us_per_move": round(group.server_cpu / moves * 1e6, 1),
        "client_us_per_move": round(group.client_cpu / moves * 1e6, 1),
        "frames_per_move": round(meter.frames / moves, 2),
        "bytes_per_move": round(meter.received / moves, 1),
    }
    if meter.acks:
        acks = sorted(meter.acks)
        out["ack_p50_ms"] = ms(percentile(acks, 50))
        out["ack_p99_ms"] = ms(percentile(acks, 99))
    if group.kind == "taki":
        out["events_per_s"] = round(meter.events / wall / SEATS, 1)
        out["games"] = meter.games
        out["errors"] = dict(meter.errors)
    if args.server == "inproc":
        out["server_cpu"] = out["client_cpu"]
    return out


def profile_top(path: str, count: int) -> tuple[str, list[dict[str, Any]]]:
    """The profile's top entries by own time, as text and as figures."""
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    text = io.StringIO()
    stats.stream = text  # type: ignore[attr-defined]
    stats.sort_stats("tottime").print_stats(count)
    stats.sort_stats("cumulative").print_stats(count)
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    ranked = sorted(table.items(), key=lambda kv: kv[1][2], reverse=True)[:count]
    rows = [
        {
            "function": f"{os.path.relpath(f, ROOT) if f.startswith(ROOT) else f}:{line}({name})",
            "calls": calls,
            "tottime_s": round(tottime, 3),
            "share": round(tottime / total, 3) if total else 0.0,
            "cumtime_s": round(cumtime, 3),
        }
        for (f, line, name), (_, calls, tottime, cumtime, _) in ranked
    ]
    return text.getvalue(), rows


def show(name: str, r: dict[str, Any], unit: str) -> None:
    acks = (
        f"  (ack p50 {r['ack_p50_ms']:.3f} / p99 {r['ack_p99_ms']:.3f} ms)"
        if "ack_p50_ms" in r
        else ""
    )
    print(
        f"{name}: {r['moves_per_s']:>9.1f} {unit}  p50 {r['p50_ms']:.3f} ms  "
        f"p99 {r['p99_ms']:.3f} ms"
        f"{acks}\n       server cpu {r['server_cpu']:.2f} ({r['server_us_per_move']:.0f} us/move), "
        f"client cpu {r['client_cpu']:.2f} ({r['client_us_per_move']:.0f} us/move), "
        f"{r['frames_per_move']} frames and {r['bytes_per_move']:.0f} bytes received per move"
        + (f"; {r['games']} games; refused: {r['errors'] or 'none'}" if "games" in r else ""),
        flush=True,
    )


def ceiling(figures: dict[str, Any]) -> dict[str, Any]:
    """A ceiling phase's figures under their names (round trips, not moves)."""
    figures["round_trips_per_s"] = figures.pop("moves_per_s")
    figures["round_trips"] = figures.pop("moves")
    return figures


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    """``--rounds`` rounds of the three phases, alternated (drift on a shared machine
    falls on all); the figures are those of the round with the median ratio."""
    rounds: list[tuple[float, float, dict[str, Any], dict[str, Any], dict[str, Any]]] = []
    for number in range(1, args.rounds + 1):
        phases = await measure_round(args, args.profile if number == 1 else None)
        taki, echo, outbox = phases["taki"], phases["echo"], phases["outbox"]
        show("taki", taki, "moves/s      ")
        show("echo", echo, "round trips/s")
        show("echo with outboxes", outbox, "round trips/s")
        ratio, ratio_outbox = (
            taki["moves_per_s"] / c["moves_per_s"] if c["moves_per_s"] else 0.0
            for c in (echo, outbox)
        )
        print(f"round {number}: ours/ceiling {ratio:.3f} (with outboxes {ratio_outbox:.3f}), "
              f"p99 {taki['p99_ms']:.3f} ms against the ceiling's {echo['p99_ms']:.3f} ms",
              flush=True)  # fmt: skip
        rounds.append((ratio, ratio_outbox, taki, ceiling(echo), ceiling(outbox)))
    ratio, ratio_outbox, taki, echo, outbox = sorted(rounds, key=lambda r: r[0])[len(rounds) // 2]
    p99_limit = P99_FACTOR * echo["p99_ms"]
    cost = taki["server_us_per_move"]
    cpu_ratio = echo["server_us_per_move"] / cost if cost else 0.0
    print(
        f"ratio (median round): ours/ceiling {ratio:.3f} (target >= {TARGET_RATIO}), p99 "
        f"{taki['p99_ms']:.3f} ms (target <= {P99_FACTOR} x the ceiling's = {p99_limit:.3f} "
        f"ms); server CPU per move, ceiling/ours: {cpu_ratio:.3f}; against a ceiling with "
        f"the server's outboxes: {ratio_outbox:.3f}",
        flush=True,
    )
    result: dict[str, Any] = {
        "bench": "server",
        "server_mode": args.server,
        "client": args.client,
        "checked": args.checked,
        "clients": args.tables * SEATS,
        "tables": args.tables,
        "strong_tables": args.strong,
        "warmup_s": args.warmup,
        "taki": taki,
        "echo": echo,
        "outbox": outbox,
        "ratio": round(ratio, 3),
        "ratio_outbox": round(ratio_outbox, 3),
        "cpu_ratio": round(cpu_ratio, 3),
        "target_ratio_met": ratio >= TARGET_RATIO,
        "target_p99_met": taki["p99_ms"] <= p99_limit,
        "rounds": [
            {"ratio": round(r, 3), "ratio_outbox": round(ro, 3),
             "moves_per_s": t["moves_per_s"], "p99_ms": t["p99_ms"],
             "round_trips_per_s": e["round_trips_per_s"], "echo_p99_ms": e["p99_ms"],
             "outbox_round_trips_per_s": o["round_trips_per_s"]}
            for r, ro, t, e, o in rounds
        ],
    }
    if args.profile and args.profiler == "cprofile":
        text, result["profile"] = profile_top(args.profile, args.profile_top)
        print(f"server profile (taki window, cProfile): {args.profile}\n{text}")
    elif args.profile:
        with open(args.profile) as report:
            print(f"server profile (taki window, pyinstrument): {args.profile}\n{report.read()}")
        result["profile"] = args.profile
    return result


async def child(kind: str, profile: str | None, tool: str, rate: float) -> None:
    """A server process: prints its port, then answers each begin/end line on stdin with
    its CPU time (switching the profiler on/off) until stdin closes."""
    profiler = Profiler(tool, profile) if profile else None
    async with trio.open_nursery() as nursery:
        print(f"PORT {await serve_kind(kind, rate, nursery)}", flush=True)
        commands = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
        buf = b""
        while data := await commands.receive_some(1024):
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                if profiler is not None:
                    profiler.switch(line.strip() == b"begin")
                print(f"CPU {time.process_time()}", flush=True)
        nursery.cancel_scope.cancel()
    if profiler is not None:
        profiler.save()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.server_speed", description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--seconds", type=float, default=5.0, help="measured window, each phase of each round")
    add("--rounds", type=int, default=3, help="rounds of the two phases, alternated")
    add("--warmup", type=float, default=1.0, help="seconds each phase plays before measuring")
    add("--slice", type=float, default=1.0,
        help="seconds a phase plays before the next phase's turn")  # fmt: skip
    add("--tables", type=int, default=12, help="tables of 4 clients")
    add("--client", choices=["basic", "first"], default="basic",
        help="basic: BasicBot on the patched view; first: the first legal action")  # fmt: skip
    add("--checked", action="store_true",
        help="the taki seats decode and check every frame as taki-client does")  # fmt: skip
    add("--server", choices=["subprocess", "inproc"], default="subprocess",
        help="run the servers in a child process (default) or in this trio loop")  # fmt: skip
    add("--strong", type=int, default=0, metavar="N",
        help="N more tables (one client, 3 strong bots) run beside, in the taki phase")  # fmt: skip
    add("--rate", type=float, default=1e9, help="the server's per-connection request rate")
    add("--profile", metavar="PATH", help="profile the taki server into PATH")
    add("--profiler", choices=["cprofile", "pyinstrument"], default="cprofile")
    add("--profile-top", type=int, default=25, help="profile rows shown")
    add("--child", choices=["taki", "echo", "outbox"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        trio.run(child, args.child, args.profile, args.profiler, args.rate)
        return 0
    where = "in a child process" if args.server == "subprocess" else "in-process (cpu: all of it)"
    print(
        f"bench.server_speed: {args.tables * SEATS} clients, {args.tables} tables of {SEATS}, "
        f"client {args.client}, server {where}, {args.seconds:g} s (+{args.warmup:g} s "
        f"warm-up) per phase",
        flush=True,
    )
    print(json.dumps(trio.run(bench, args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
