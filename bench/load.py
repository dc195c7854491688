"""Load: 1,000 seated clients and 100 spectators on loopback, held at a human pace.

Run from the repository root (either form works)::

    python -m bench.load [--seconds 60] [--tables 250] [--spectators 100] [--pace 1.0]
    python bench/load.py ...

What it does:

1. Starts the server as a child process, so the server's CPU time (``/proc/PID/stat``)
   and memory (``/proc/PID/status`` VmRSS, VmHWM) are its alone, and notes its baseline
   RSS before anyone connects. ``--server serve`` (the default): ``python -m bench.load
   --child`` runs ``server.app.serve("127.0.0.1", 0, limits=Limits(rate=R), max_tables=T,
   max_connections=5000)`` and also watches its own trio loop (how late a 20 ms sleep
   wakes) and GC pauses (``gc.callbacks``), reported when its stdin closes.
   ``--server cli``: the ``taki-server`` command line (``python -m server.app --no-data
   --host 127.0.0.1 --port 0 ...``), not watched, stopped with SIGINT. The soft
   RLIMIT_NOFILE is raised to the hard limit here (and in the child, which inherits it).
2. Connects ``4 * tables`` player clients and seats them 4 to a table (the first creates
   the table and hosts, three join), then ``spectators`` spectator clients, spread evenly
   over the tables. All clients live in this one process, one trio task per connection
   reading its socket and decoding with ``protocol.connection.ClientConnection``; every
   client keeps its view with ``protocol.patch.apply_patch``. RSS is read again with
   everyone connected (idle), then every host starts its game.
3. Holds for ``--seconds``: at each table the seat holding a non-empty ``legal`` list acts
   (``engine.bots.BasicBot`` on its patched view) once the table's pace allows: about one
   action per ``--pace`` seconds per table in total (each gap drawn from 0.8..1.2 x pace),
   however many seats may act (a +3 window). The host deals a rematch a pace after a game
   ends. Each action carries ``seq`` (the last event its sender holds). This process's
   cyclic GC is off during the hold (``--client-gc on`` leaves it on): with 1,100 client
   tasks its young collections take 10-40 ms and would show up as server latency.
4. Stops acting, waits for answers in flight, then every client (seats and spectators)
   sends ``resync``: the snapshot that comes back must equal the client's own patched
   view, its ``seq`` the client's last seq, and (seats) its ``legal`` the client's list.
   Seq gaps seen during the run are counted too (a gap is answered with ``resync``, as
   the protocol says). Then the clients hang up and the server is stopped.

Figures (the hold window only, unless said otherwise):

* ``latency p50 / p99`` -- from the moment a client sends an action to the moment the
  first event it causes (the table's next seq) has been received and decoded by every
  seat of the table (as in bench/server.py); ``all`` also waits for the table's
  spectators. ``ack`` -- from sending to the sender's ack.
* ``server cpu`` -- the server's CPU seconds per wall second, in % of one core (also per
  action); ``client cpu`` the same for this process (all 1,100 clients).
* ``rss`` -- baseline (no client), connected (all clients seated and idle), peak (the
  highest sample during the hold, and VmHWM); ``KiB per connection`` is
  ``(peak - baseline) / connections``, where connections counts spectators.
* ``mismatches`` -- clients whose resync snapshot differed from their patched view (or
  seq, or legal list), or that got no answer; ``gaps`` -- events whose seq was not the
  last + 1.
* server problems -- connections the server closed, errors without a request id, and
  the server log's warnings (the child logs at INFO: lines about dropped connections,
  ``too slow``, ``silent``, ``flooding``, failures and tracebacks are counted).
* slow spots -- the seconds of the hold with the worst p99, each with the server's and
  the clients' worst loop lateness and GC pause around it, and the server's CPU in that
  second; ``other processes`` is the machine's busy CPU (``/proc/stat``) minus the
  server's and the clients': anything else running spoils the latency figures.

Targets: p99 <= 50 ms, <= 100 KiB of server memory per connection. The last line printed
is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import itertools
import json
import logging
import math
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import trio

_HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_HERE)
# Run as ``python bench/load.py``, Python puts bench/ first on sys.path, where
# ``server``, ``engine`` and ``protocol`` would be this directory's scripts.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine.actions import Action as EngineAction  # noqa: E402
from engine.bots import BasicBot  # noqa: E402
from protocol.connection import ClientConnection  # noqa: E402
from protocol.errors import ProtocolError  # noqa: E402
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
    Resync,
    Snapshot,
    Spectate,
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
TARGET_P99_MS = 50.0
TARGET_KIB_PER_CONNECTION = 100.0
CLIENT_NAME = "bench-load/1"
MAX_CONNECTIONS = 5000
CHILD_LAG_INTERVAL = 0.02  # how often the server child checks its loop
CLIENT_LAG_INTERVAL = 0.05
SETUP_TIMEOUT = 120.0  # seconds for connecting and seating everyone
SETTLE_TIMEOUT = 10.0  # seconds for answers in flight after the hold
VERIFY_TIMEOUT = 30.0  # seconds for every resync to be answered
PROBLEM_WORDS = ("too slow", "silent", "flooding", "failed", "Traceback", "ERROR", "WARNING")


def now() -> float:
    return time.perf_counter()


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), round(q / 100 * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def raise_nofile() -> tuple[int, int]:
    """Raise the soft RLIMIT_NOFILE to the hard limit; (soft, hard) afterwards."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft, hard


def machine_busy() -> float:
    """CPU seconds all cores of the machine have been busy (``/proc/stat``)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


Lag = tuple[float, float, float]
"""(when, seconds late, CPU seconds this thread used meanwhile)"""
Pause = tuple[float, int, float, float]
"""(when, generation, seconds, CPU seconds this thread used meanwhile)"""


class Pauses:
    """This process's trio loop lateness and GC pauses, stamped with ``perf_counter``
    (CLOCK_MONOTONIC: the same clock in the server child and here). Each also notes the
    CPU time the thread used meanwhile: close to the wall time means the process was
    working (or collecting); far less means it was waiting for a core."""

    LIMIT = 200_000

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.lags: list[Lag] = []
        self.gcs: list[Pause] = []
        self._gc_start = 0.0
        self._gc_cpu = 0.0

    def install_gc(self) -> None:
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = now()
            self._gc_cpu = time.thread_time()
            return
        took = now() - self._gc_start
        if took >= 0.0005 and len(self.gcs) < self.LIMIT:
            cpu = time.thread_time() - self._gc_cpu
            self.gcs.append((self._gc_start, int(info.get("generation", -1)), took, cpu))

    async def watch(self) -> None:
        while True:
            t0 = now()
            cpu0 = time.thread_time()
            await trio.sleep(self.interval)
            if len(self.lags) < self.LIMIT:
                late = max(0.0, now() - t0 - self.interval)
                self.lags.append((t0, late, time.thread_time() - cpu0))


def window(pauses: Pauses, start: float, end: float) -> tuple[list[Lag], list[Pause]]:
    """The lateness samples (sorted by lateness) and GC pauses that began in [start, end)."""
    lags = sorted((lag for lag in pauses.lags if start <= lag[0] < end), key=lambda x: x[1])
    gcs = [g for g in pauses.gcs if start <= g[0] < end]
    return lags, gcs


def worst_lag(lags: list[Lag]) -> dict[str, float]:
    """The latest wake-up: how late, and the CPU used over that sleep and lateness."""
    if not lags:
        return {"ms": 0.0, "cpu_ms": 0.0}
    _, late, cpu = lags[-1]
    return {"ms": _ms(late), "cpu_ms": _ms(cpu)}


def worst_gc(gcs: list[Pause]) -> dict[str, float]:
    """The longest GC pause: wall and CPU time, and its generation."""
    if not gcs:
        return {"ms": 0.0, "cpu_ms": 0.0, "gen": -1}
    _, generation, took, cpu = max(gcs, key=lambda g: g[2])
    return {"ms": _ms(took), "cpu_ms": _ms(cpu), "gen": generation}


# ---------------------------------------------------------------------------- the server


def proc_status(pid: int | str, key: str) -> int:
    """A ``/proc/PID/status`` figure in KiB (VmRSS, VmHWM), 0 if unknown."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class ServerProcess:
    """taki-server in a child process, watched through /proc."""

    def __init__(self, process: trio.Process, port: int, log_path: str, mode: str) -> None:
        self.process = process
        self.port = port
        self.log_path = log_path
        self.mode = mode
        self.tick = os.sysconf("SC_CLK_TCK")
        self.output = ""
        self.objects: int | None = None
        """Objects the child's GC tracked at the end (``--server serve`` only)."""
        self.pauses = Pauses(CHILD_LAG_INTERVAL)
        """The child's loop lateness and GC pauses (``--server serve`` only)."""

    @classmethod
    async def start(
        cls, mode: str, tables: int, rate: float, log_level: str, log_path: str
    ) -> ServerProcess:
        """``serve``: ``server.app.serve`` in ``python -m bench.load --child`` (which also
        watches its own loop and GC); ``cli``: the ``taki-server`` command line."""
        common = ["--rate", str(rate), "--max-tables", str(max(200, tables + 10))]
        if mode == "cli":
            command = [
                sys.executable, "-m", "server.app", "--no-data", "--no-advertise",
                "--host", HOST, "--port", "0", "--max-connections", str(MAX_CONNECTIONS),
                "--log-level", log_level, *common,
            ]  # fmt: skip
            pattern = r"listening on [^\s:]+:(\d+)"
        else:
            command = [
                sys.executable, "-m", "bench.load", "--child", "--server-log-level", log_level,
                *common,
            ]  # fmt: skip
            pattern = r"PORT (\d+)"
        with open(log_path, "wb") as log_file:
            process = await trio.lowlevel.open_process(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log_file, cwd=ROOT
            )
        assert process.stdout is not None
        text = ""
        with trio.fail_after(30):
            while (found := re.search(pattern, text)) is None:
                data = await process.stdout.receive_some(4096)
                if not data:
                    raise RuntimeError(f"the server ended before listening: {text!r}")
                text += data.decode(errors="replace")
        server = cls(process, int(found.group(1)), log_path, mode)
        server.output = text
        return server

    @property
    def pid(self) -> int:
        return int(self.process.pid)

    def cpu(self) -> float:
        """CPU seconds (user + system) the server has used."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.tick

    def status(self, key: str) -> int:
        """A ``/proc/PID/status`` figure in KiB (VmRSS, VmHWM), 0 if unknown."""
        return proc_status(self.pid, key)

    def nofile(self) -> str:
        """The child's 'Max open files' soft/hard limits, as /proc shows them."""
        with open(f"/proc/{self.pid}/limits") as f:
            for line in f:
                if line.startswith("Max open files"):
                    parts = line.split()
                    return f"{parts[3]}/{parts[4]}"
        return "?"

    async def stop(self) -> int | None:
        """Close its stdin (``serve``: it reports and ends) or SIGINT it (``cli``), then
        wait (kill after 15 s); the exit code."""
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        if process.returncode is None:
            if self.mode == "cli":
                process.send_signal(signal.SIGINT)
            with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
                await process.stdin.aclose()
            with trio.move_on_after(15):
                while data := await process.stdout.receive_some(65536):
                    self.output += data.decode(errors="replace")
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()
        for line in self.output.splitlines():
            if line.startswith("STATS "):
                stats = json.loads(line[6:])
                self.objects = int(stats["objects"])
                self.pauses.lags = [(a, b, c) for a, b, c in stats["lags"]]
                self.pauses.gcs = [(a, int(g), b, c) for a, g, b, c in stats["gcs"]]
        return process.returncode

    def problems(self) -> tuple[Counter[str], list[str]]:
        """Counts of worrying log lines by keyword, and the first few of them."""
        counts: Counter[str] = Counter()
        first: list[str] = []
        with open(self.log_path, errors="replace") as f:
            for line in f:
                hit = [w for w in PROBLEM_WORDS if w in line]
                if hit:
                    counts.update(hit)
                    if len(first) < 10:
                        first.append(line.rstrip()[:300])
                elif "closed" in line or " in the lobby" in line:
                    continue
                elif "dropped" in line:
                    counts["dropped"] += 1
                    if len(first) < 10:
                        first.append(line.rstrip()[:300])
        return counts, first


# ---------------------------------------------------------------------------- figures


@dataclass
class Meter:
    """What the run counts; latencies and per-action figures only while ``active``."""

    active: bool = False
    stopping: bool = False
    started_at: float = 0.0
    actions: int = 0  # actions acked
    sent: int = 0  # actions sent
    events: int = 0  # events received (all clients)
    frames: int = 0  # frames received (all clients)
    received: int = 0  # bytes received (all clients)
    games: int = 0
    rematches: int = 0
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (at, seconds)
    latencies_all: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)  # errors without a request id
    gaps: int = 0
    bad_patches: int = 0
    bot_fallbacks: int = 0  # the bot could not decide from the view: first legal action
    gap_resyncs: int = 0
    dropped: list[str] = field(default_factory=list)

    def got(self, size: int, frames: int) -> None:
        if self.active:
            self.received += size
            self.frames += frames


class TableState:
    """One table as the clients share it: its id, pace, and the latency clock."""

    def __init__(self, index: int, meter: Meter, pace: float, rng: random.Random) -> None:
        self.index = index
        self.meter = meter
        self.pace = pace
        self.rng = rng
        self.id: str | None = None
        self.spectators = 0
        self.next_at = math.inf  # no action before the game starts
        self.sent: dict[int, float] = {}  # expected seq -> send time (first sender wins)
        self.seat_arrivals: dict[int, int] = {}
        self.all_arrivals: dict[int, int] = {}

    def gap(self) -> float:
        return self.pace * self.rng.uniform(0.8, 1.2)

    def sent_move(self, seq: int, at: float) -> None:
        self.sent.setdefault(seq, at)
        if len(self.sent) > 32:  # never completed (a refused or superseded move)
            for old in sorted(self.sent)[:-16]:
                self._forget(old)

    def refused(self, seq: int, at: float) -> None:
        if self.sent.get(seq) == at:
            self._forget(seq)

    def _forget(self, seq: int) -> None:
        self.sent.pop(seq, None)
        self.seat_arrivals.pop(seq, None)
        self.all_arrivals.pop(seq, None)

    def arrival(self, seq: int, seated: bool) -> None:
        sent = self.sent.get(seq)
        if sent is None:
            return
        at = now()
        if seated:
            count = self.seat_arrivals.get(seq, 0) + 1
            self.seat_arrivals[seq] = count
            if count == SEATS and self.meter.active:
                self.meter.latencies.append((at - self.meter.started_at, at - sent))
        count = self.all_arrivals.get(seq, 0) + 1
        self.all_arrivals[seq] = count
        if count >= SEATS + self.spectators:
            if self.meter.active:
                self.meter.latencies_all.append(at - sent)
            self._forget(seq)


# ---------------------------------------------------------------------------- a client


@dataclass
class Check:
    """The result of one client's final resync."""

    snapshot: bool = False
    seq_ok: bool = False
    view_ok: bool = False
    legal_ok: bool = False
    detail: str = ""


class LoadClient:
    """One connection: a seat (or a spectator) that keeps its view and acts when due."""

    def __init__(self, name: str, table: TableState, meter: Meter, *, spectator: bool) -> None:
        self.name = name
        self.table = table
        self.meter = meter
        self.spectator = spectator
        self.stream: trio.SocketStream | None = None
        self.conn = ClientConnection()
        self.ids = itertools.count(1)
        self.welcomed = trio.Event()
        self.sending = trio.StrictFIFOLock()  # the pump and the coordinator share the stream
        self.waiters: dict[int, trio.Event] = {}
        self.answers: dict[int, Message] = {}
        self.outbox: list[bytes] = []
        self.view: dict[str, Any] | None = None
        self.legal: tuple[GameAction, ...] = ()
        self.seat: int | None = None
        self.seq: int | None = None
        self.host = False
        self.auto = False
        self.bot = BasicBot()
        self.act_at: float | None = None  # trio clock
        self.rematch_at: float | None = None
        self.pending: int | None = None
        self.pending_seq = 0
        self.pending_at = 0.0
        self.pending_kind = ""
        self.rematch_id: int | None = None
        self.verify_id: int | None = None
        self.check: Check | None = None
        self.closing = False
        self.closed = False

    async def connect(self, port: int) -> None:
        self.stream = await trio.open_tcp_stream(HOST, port)
        role = "spectator" if self.spectator else None
        await self.stream.send_all(self.conn.hello(self.name, CLIENT_NAME, role=role))

    async def send(self, data: bytes) -> None:
        assert self.stream is not None
        async with self.sending:
            await self.stream.send_all(data)

    async def request(self, message: Request) -> Message:
        """Send a request (after the welcome); its ack or error."""
        await self.welcomed.wait()
        done = self.waiters[message.id] = trio.Event()
        await self.send(self.conn.send(message))
        await done.wait()
        return self.answers.pop(message.id)

    # ------------------------------------------------------------ reading

    async def pump(self) -> None:
        """Read, handle each message, then do whatever is due: the connection's task."""
        stream = self.stream
        assert stream is not None
        try:
            while True:
                data: bytes | None = None
                with trio.move_on_at(self.wake_at()):
                    data = await stream.receive_some(RECV)
                if data is not None:
                    self.conn.receive_data(data)
                    count = 0
                    for message in self.conn.messages():
                        self.on_message(message)
                        count += 1
                    self.meter.got(len(data), count)
                    if not data:
                        if not self.closing:
                            self.meter.dropped.append(f"{self.name}: the server closed")
                        return
                self.step(trio.current_time())
                if self.outbox:
                    out = b"".join(self.outbox)
                    self.outbox.clear()
                    await self.send(out)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            if not self.closing:
                self.meter.dropped.append(f"{self.name}: {type(exc).__name__} {exc}")
        except ProtocolError as exc:
            self.meter.dropped.append(f"{self.name}: protocol error {exc.code}: {exc.message}")
        finally:
            self.closed = True
            for waiter in self.waiters.values():
                waiter.set()  # nobody waits forever on a dead connection

    def wake_at(self) -> float:
        dues = [d for d in (self.act_at, self.rematch_at) if d is not None]
        return min(dues) if dues else math.inf

    def on_message(self, message: Message) -> None:
        if isinstance(message, Event):
            self.on_event(message)
        elif isinstance(message, Snapshot):
            if self.verify_id is not None and self.check is None:
                self.check = self.compare(message)
            self.view = message.view
            self.legal = message.legal or ()
            self.seat = message.seat
            self.seq = message.seq
        elif isinstance(message, Ack | Error):
            self.on_answer(message)
        elif isinstance(message, TableUpdate):
            if message.table.state == "over" and self.host and self.auto:
                if self.meter.active:
                    self.meter.games += 1
                if not self.meter.stopping and self.rematch_id is None:
                    self.rematch_at = trio.current_time() + self.table.gap()
        elif isinstance(message, Ping):
            self.outbox.append(self.conn.send(Pong(message.nonce)))
        elif isinstance(message, Welcome):
            self.welcomed.set()

    def on_event(self, message: Event) -> None:
        if self.meter.active:
            self.meter.events += 1
        if self.seq is not None and message.seq != self.seq + 1:
            self.meter.gaps += 1
            self.resync_now()
        self.seq = message.seq
        self.table.arrival(message.seq, not self.spectator)
        if message.view is not None and self.view is not None:
            try:
                apply_patch(self.view, message.view)
            except ProtocolError:
                self.meter.bad_patches += 1
                self.resync_now()
        if message.legal is not None:
            self.legal = message.legal

    def resync_now(self) -> None:
        """What the protocol says to do after a gap: ask for a fresh snapshot."""
        if self.verify_id is None:
            self.meter.gap_resyncs += 1
            self.outbox.append(self.conn.send(Resync(next(self.ids))))

    def on_answer(self, message: Ack | Error) -> None:
        rid = message.id
        if rid is not None and rid == self.pending:
            self.pending = None
            if isinstance(message, Ack):
                if self.meter.active:
                    self.meter.actions += 1
                    self.meter.acks.append(now() - self.pending_at)
            else:
                self.meter.refused[f"{message.code} ({self.pending_kind})"] += 1
                self.table.refused(self.pending_seq, self.pending_at)
        elif rid is not None and rid == self.rematch_id:
            self.rematch_id = None
            if isinstance(message, Error):
                self.meter.refused[f"rematch: {message.code}"] += 1
            elif self.meter.active:
                self.meter.rematches += 1
        elif rid is not None and rid in self.waiters:
            self.answers[rid] = message
            self.waiters.pop(rid).set()
        elif isinstance(message, Error):
            key = message.code if rid is None else f"{message.code} (request {rid})"
            self.meter.errors[key] += 1

    # ------------------------------------------------------------ acting

    def step(self, clock: float) -> None:
        """Queue the rematch or the action that is due; schedule the next one."""
        if self.meter.stopping or not self.auto:
            self.act_at = self.rematch_at = None
            return
        if self.rematch_at is not None and clock >= self.rematch_at:
            self.rematch_at = None
            self.rematch_id = next(self.ids)
            self.outbox.append(self.conn.send(Rematch(self.rematch_id)))
        if self.pending is not None or not self.legal or self.seat is None or self.view is None:
            self.act_at = None
            return
        table = self.table
        if self.act_at is None:
            self.act_at = max(clock, table.next_at)
        if clock < self.act_at:
            return
        if clock < table.next_at:  # another seat of the table acted meanwhile
            self.act_at = table.next_at
            return
        self.act_at = None
        table.next_at = clock + table.gap()
        self.act()

    def act(self) -> None:
        assert self.view is not None and self.seat is not None
        seat = self.seat
        mine = [EngineAction(a.type, seat, a.card, a.color) for a in self.legal]
        try:
            pick = self.bot.choose(self.view, mine)
            action = GameAction(pick.type, None, pick.card, pick.color, pick.last_card)
        except (KeyError, IndexError, TypeError, ValueError):  # a view out of step
            self.meter.bot_fallbacks += 1
            action = self.legal[0]
        rid = next(self.ids)
        self.pending = rid
        self.pending_seq = (self.seq or 0) + 1
        self.pending_at = now()
        self.pending_kind = action.type
        self.meter.sent += self.meter.active
        self.table.sent_move(self.pending_seq, self.pending_at)
        self.outbox.append(self.conn.send(Action(rid, action, self.seq)))

    # ------------------------------------------------------------ the final check

    def compare(self, snapshot: Snapshot) -> Check:
        """The server's fresh snapshot against what this client pieced together."""
        check = Check(snapshot=True)
        check.seq_ok = snapshot.seq == self.seq
        check.view_ok = snapshot.view == self.view
        check.legal_ok = self.spectator or tuple(snapshot.legal or ()) == tuple(self.legal)
        if not (check.seq_ok and check.view_ok and check.legal_ok):
            parts: list[str] = []
            if not check.seq_ok:
                parts.append(f"seq server {snapshot.seq} client {self.seq}")
            if not check.view_ok:
                parts.append("view " + view_difference(snapshot.view, self.view))
            if not check.legal_ok:
                parts.append(f"legal server {snapshot.legal} client {self.legal}")
            check.detail = "; ".join(parts)
        return check

    async def verify(self) -> None:
        rid = next(self.ids)
        self.verify_id = rid
        answer = await self.request(Resync(rid))
        if self.check is None:
            what = answer.code if isinstance(answer, Error) else "no snapshot before the ack"
            self.check = Check(detail=f"resync: {what}" if not self.closed else "closed")

    async def close(self) -> None:
        self.closing = True
        if self.stream is not None:
            with trio.move_on_after(1):
                await self.stream.aclose()


def view_difference(server: dict[str, Any] | None, client: dict[str, Any] | None) -> str:
    """The top-level keys where two views differ (short)."""
    if server is None or client is None:
        return f"server view {server is not None}, client view {client is not None}"
    keys = sorted(set(server) | set(client))
    diffs = [k for k in keys if server.get(k) != client.get(k)]
    shown = ", ".join(f"{k}: server {server.get(k)!r} client {client.get(k)!r}" for k in diffs[:3])
    return shown[:400]


# ---------------------------------------------------------------------------- the run


async def seat_table(
    port: int, table: TableState, meter: Meter, nursery: trio.Nursery, all_clients: list[LoadClient]
) -> list[LoadClient]:
    """Connect four clients; the first creates the table, three join."""
    clients = [
        LoadClient(f"t{table.index}s{s}", table, meter, spectator=False) for s in range(SEATS)
    ]
    for c in clients:
        await c.connect(port)
        all_clients.append(c)
        nursery.start_soon(c.pump)
    host = clients[0]
    host.host = True
    options = TableOptions(f"load {table.index}", SEATS)
    answer = await host.request(CreateTable(next(host.ids), options))
    if not isinstance(answer, Ack) or answer.table is None:
        raise RuntimeError(f"create_table for table {table.index}: {answer}")
    table.id = answer.table
    for c in clients[1:]:
        joined = await c.request(Join(next(c.ids), answer.table))
        if not isinstance(joined, Ack):
            raise RuntimeError(f"join {c.name}: {joined}")
    return clients


async def add_spectator(
    port: int, index: int, table: TableState, meter: Meter, nursery: trio.Nursery,
    all_clients: list[LoadClient],
) -> LoadClient:  # fmt: skip
    client = LoadClient(f"spec{index}", table, meter, spectator=True)
    await client.connect(port)
    all_clients.append(client)
    nursery.start_soon(client.pump)
    assert table.id is not None
    answer = await client.request(Spectate(next(client.ids), table.id))
    if not isinstance(answer, Ack):
        raise RuntimeError(f"spectate {client.name}: {answer}")
    table.spectators += 1
    return client


async def run_limited(limit: int, jobs: Sequence[Callable[[], Awaitable[object]]]) -> None:
    """Run the zero-argument async callables in ``jobs``, ``limit`` at a time."""
    limiter = trio.CapacityLimiter(limit)

    async def one(job: Callable[[], Awaitable[object]]) -> None:
        async with limiter:
            await job()

    async with trio.open_nursery() as nursery:
        for job in jobs:
            nursery.start_soon(one, job)


async def start_games(hosts: list[LoadClient], clients: list[LoadClient], pace: float) -> None:
    """Every host deals; each table's first move comes within one pace (staggered)."""
    clock = trio.current_time()
    for c in clients:
        c.auto = not c.spectator
    for host in hosts:
        host.table.next_at = clock + pace * host.table.rng.uniform(0.2, 1.2)

    async def deal(host: LoadClient) -> None:
        answer = await host.request(Start(next(host.ids)))
        if not isinstance(answer, Ack):
            raise RuntimeError(f"start at table {host.table.index}: {answer}")

    await run_limited(50, [partial(deal, h) for h in hosts])


async def bench(args: argparse.Namespace, nofile: tuple[int, int]) -> dict[str, Any]:
    meter = Meter()
    rng = random.Random(args.seed)
    load_start = [round(x, 2) for x in os.getloadavg()]
    log_fd, log_path = tempfile.mkstemp(prefix="taki-load-server-", suffix=".log")
    os.close(log_fd)
    server = await ServerProcess.start(
        args.server, args.tables, args.rate, args.server_log_level, log_path
    )
    mine = Pauses(CLIENT_LAG_INTERVAL)
    mine.install_gc()
    result: dict[str, Any] = {"bench": "load"}
    tables = [
        TableState(t, meter, args.pace, random.Random(rng.random())) for t in range(args.tables)
    ]
    clients: list[LoadClient] = []
    hosts: list[LoadClient] = []
    rss_samples: list[int] = []
    cpu_samples: list[tuple[float, float]] = []
    try:
        await trio.sleep(0.5)  # let the server settle
        rss_baseline = server.status("VmRSS")
        nofile_server = server.nofile()
        print(
            f"server pid {server.pid} on {HOST}:{server.port}; open-file limit here "
            f"{nofile[0]}/{nofile[1]}, server {nofile_server}; baseline RSS "
            f"{rss_baseline} KiB",
            flush=True,
        )
        async with trio.open_nursery() as nursery:
            nursery.start_soon(mine.watch)
            t_setup = now()
            cpu_setup0 = server.cpu()
            with trio.fail_after(SETUP_TIMEOUT):

                async def table_job(table: TableState) -> None:
                    seated = await seat_table(server.port, table, meter, nursery, clients)
                    hosts.append(seated[0])

                await run_limited(args.connect_limit, [partial(table_job, t) for t in tables])
                spectator_jobs = [
                    partial(
                        add_spectator,
                        server.port,
                        i,
                        tables[(i * len(tables)) // max(1, args.spectators)],
                        meter,
                        nursery,
                        clients,
                    )
                    for i in range(args.spectators)
                ]
                await run_limited(args.connect_limit, spectator_jobs)
                connected_at = now() - t_setup
                await trio.sleep(1.0)  # idle: everyone connected, no game yet
                rss_connected = server.status("VmRSS")
                hosts.sort(key=lambda h: h.table.index)
                await start_games(hosts, clients, args.pace)
            setup_s = now() - t_setup
            cpu_setup = server.cpu() - cpu_setup0
            print(
                f"setup: {len(clients)} connections ({args.tables} tables x {SEATS} + "
                f"{args.spectators} spectators) in {connected_at:.1f} s, games dealt at "
                f"{setup_s:.1f} s; RSS connected and idle {rss_connected} KiB "
                f"(+{(rss_connected - rss_baseline) / max(1, len(clients)):.1f} KiB/connection)",
                flush=True,
            )
            await trio.sleep(min(2.0, args.pace * 2))  # warm-up: first moves under way

            # ---- the hold
            cpu0 = server.cpu()
            mine0 = time.process_time()
            busy0 = machine_busy()
            t0 = now()
            meter.started_at = t0
            client_rss0 = proc_status("self", "VmRSS")
            if args.client_gc == "hold-off":
                gc.disable()  # see --client-gc
            meter.active = True
            end = t0 + args.seconds
            last_cpu, last_t = cpu0, t0
            while (left := end - now()) > 0:
                await trio.sleep(min(1.0, left))
                rss_samples.append(server.status("VmRSS"))
                cpu_t, wall_t = server.cpu(), now()
                cpu_samples.append((wall_t - t0, (cpu_t - last_cpu) / max(1e-9, wall_t - last_t)))
                last_cpu, last_t = cpu_t, wall_t
            meter.active = False
            client_rss1 = proc_status("self", "VmRSS")
            gc.enable()
            wall = now() - t0
            mine1 = time.process_time()
            cpu1 = server.cpu()
            busy1 = machine_busy()
            vm_hwm = server.status("VmHWM")
            rss_end = server.status("VmRSS")
            rss_samples.append(rss_end)

            # ---- settle, then check every view against the server's
            meter.stopping = True
            for c in clients:
                c.act_at = c.rematch_at = None
            with trio.move_on_after(SETTLE_TIMEOUT):
                while any(c.pending is not None or c.rematch_id is not None for c in clients):
                    await trio.sleep(0.05)
            unsettled = sum(c.pending is not None or c.rematch_id is not None for c in clients)
            await trio.sleep(0.3)
            t_verify = now()
            with trio.move_on_after(VERIFY_TIMEOUT):
                await run_limited(100, [c.verify for c in clients if not c.closed])
            verify_s = now() - t_verify
            for c in clients:
                await c.close()
            nursery.cancel_scope.cancel()
    finally:
        code = await server.stop()
    problems, problem_lines = server.problems()

    # ---- figures
    lat = sorted(s for _, s in meter.latencies)
    lat_all = sorted(meter.latencies_all)
    acks = sorted(meter.acks)
    t_end = t0 + wall
    lag, client_gcs = window(mine, t0, t_end)
    server_lag, server_gcs = window(server.pauses, t0, t_end)
    watched = server.mode == "serve"  # the cli server does not report its loop
    checks = [c.check for c in clients]
    unverified = sum(1 for ch in checks if ch is None or not ch.snapshot)
    view_bad = sum(1 for ch in checks if ch is not None and ch.snapshot and not ch.view_ok)
    seq_bad = sum(1 for ch in checks if ch is not None and ch.snapshot and not ch.seq_ok)
    legal_bad = sum(1 for ch in checks if ch is not None and ch.snapshot and not ch.legal_ok)
    mismatches = sum(
        1
        for ch in checks
        if ch is None or not (ch.snapshot and ch.view_ok and ch.seq_ok and ch.legal_ok)
    )
    details = [f"{c.name}: {c.check.detail if c.check else 'no answer'}" for c in clients
               if c.check is None or c.check.detail][:10]  # fmt: skip
    connections = len(clients)
    rss_peak = max(rss_samples) if rss_samples else 0
    per_conn = (rss_peak - rss_baseline) / max(1, connections)
    server_cpu = (cpu1 - cpu0) / wall
    slow_seconds = per_second_p99(meter.latencies, args.seconds)
    worst = sorted(slow_seconds, key=lambda x: x[1], reverse=True)[:5]
    worst_rows: list[dict[str, Any]] = []
    for second, p99, count in worst:
        lo, hi = t0 + second - 0.3, t0 + second + 1  # a stall shows up a little later
        c_lag, c_gc = window(mine, lo, hi)
        s_lag, s_gc = window(server.pauses, lo, hi)
        cpu_in = sorted(cpu_samples, key=lambda x: abs(x[0] - second - 1))[:1]
        worst_rows.append(
            {
                "t_s": second,
                "p99_ms": _ms(p99),
                "n": count,
                "server_lag": worst_lag(s_lag) if watched else None,
                "server_gc": worst_gc(s_gc) if watched else None,
                "server_cpu_pct": round(100 * cpu_in[0][1], 1) if cpu_in else None,
                "client_lag": worst_lag(c_lag),
                "client_gc": worst_gc(c_gc),
            }
        )
    cpu_peak = max(cpu_samples, key=lambda x: x[1]) if cpu_samples else (0.0, 0.0)
    result.update(
        {
            "seconds": round(wall, 3),
            "tables": args.tables,
            "seated_clients": args.tables * SEATS,
            "spectators": args.spectators,
            "connections": connections,
            "pace_s": args.pace,
            "setup_s": round(setup_s, 2),
            "actions": meter.actions,
            "actions_per_s": round(meter.actions / wall, 1),
            "events_per_s": round(meter.events / wall, 1),
            "frames_per_s": round(meter.frames / wall, 1),
            "bytes_per_s": round(meter.received / wall, 1),
            "games_finished": meter.games,
            "rematches": meter.rematches,
            "samples": len(lat),
            "p50_ms": _ms(percentile(lat, 50)),
            "p90_ms": _ms(percentile(lat, 90)),
            "p99_ms": _ms(percentile(lat, 99)),
            "max_ms": _ms(lat[-1] if lat else 0.0),
            "p50_all_ms": _ms(percentile(lat_all, 50)),
            "p99_all_ms": _ms(percentile(lat_all, 99)),
            "ack_p50_ms": _ms(percentile(acks, 50)),
            "ack_p99_ms": _ms(percentile(acks, 99)),
            "over_50ms": sum(1 for x in lat if x > TARGET_P99_MS / 1000),
            "worst_seconds": worst_rows,
            "server_loop_lag_p99_ms": _ms(percentile([x[1] for x in server_lag], 99))
            if watched
            else None,
            "server_loop_lag_max": worst_lag(server_lag) if watched else None,
            "server_gc": gc_summary(server_gcs) if watched else None,
            "server_gc_objects": server.objects,
            "client_loop_lag_p99_ms": _ms(percentile([x[1] for x in lag], 99)),
            "client_loop_lag_max": worst_lag(lag),
            "client_gc": gc_summary(client_gcs),
            "client_gc_mode": args.client_gc,
            "client_rss_hold_kib": [client_rss0, client_rss1],
            "server_cpu_pct": round(100 * server_cpu, 1),
            "server_cpu_peak_1s_pct": round(100 * cpu_peak[1], 1),
            "server_cpu_setup_s": round(cpu_setup, 2),
            "server_us_per_action": round((cpu1 - cpu0) / max(1, meter.actions) * 1e6, 1),
            "server_us_per_connection_s": round(
                (cpu1 - cpu0) / wall / max(1, connections) * 1e6, 1
            ),
            "client_cpu_pct": round(100 * (mine1 - mine0) / wall, 1),
            "cores": os.cpu_count(),
            "other_cpu_pct": round(
                100 * max(0.0, (busy1 - busy0) - (cpu1 - cpu0) - (mine1 - mine0)) / wall, 1
            ),
            "load_average_start": load_start,
            "rss_baseline_kib": rss_baseline,
            "rss_connected_kib": rss_connected,
            "rss_peak_kib": rss_peak,
            "rss_end_kib": rss_end,
            "vm_hwm_kib": vm_hwm,
            "kib_per_connection": round(per_conn, 1),
            "kib_per_connection_idle": round(
                (rss_connected - rss_baseline) / max(1, connections), 1
            ),
            "mismatches": mismatches,
            "view_mismatches": view_bad,
            "seq_mismatches": seq_bad,
            "legal_mismatches": legal_bad,
            "unverified": unverified,
            "mismatch_details": details,
            "gaps": meter.gaps,
            "bad_patches": meter.bad_patches,
            "bot_fallbacks": meter.bot_fallbacks,
            "gap_resyncs": meter.gap_resyncs,
            "unsettled": unsettled,
            "verify_s": round(verify_s, 2),
            "refused": dict(meter.refused),
            "errors": dict(meter.errors),
            "dropped": len(meter.dropped),
            "dropped_first": meter.dropped[:10],
            "server_log_problems": dict(problems),
            "server_log_first": problem_lines,
            "server_exit": code,
            "nofile_client": list(nofile),
            "nofile_server": nofile_server,
            "server_log": log_path,
            "target_p99_met": _ms(percentile(lat, 99)) <= TARGET_P99_MS,
            "target_memory_met": per_conn <= TARGET_KIB_PER_CONNECTION,
        }
    )
    return result


def gc_summary(gcs: list[Pause]) -> dict[str, dict[str, float]]:
    """Per generation: how many collections of 0.5 ms or more, the longest (wall), and the
    CPU time that longest one used."""
    out: dict[str, dict[str, float]] = {}
    for _, generation, took, cpu in gcs:
        row = out.setdefault(f"gen{generation}", {"count": 0, "max_ms": 0.0, "max_cpu_ms": 0.0})
        row["count"] += 1
        if _ms(took) > row["max_ms"]:
            row["max_ms"], row["max_cpu_ms"] = _ms(took), _ms(cpu)
    return out


def per_second_p99(
    samples: list[tuple[float, float]], seconds: float
) -> list[tuple[int, float, int]]:
    """(second, p99, count) for each second of the hold."""
    buckets: dict[int, list[float]] = {}
    for at, value in samples:
        buckets.setdefault(int(at), []).append(value)
    out: list[tuple[int, float, int]] = []
    for second in range(math.ceil(seconds) + 1):
        values = sorted(buckets.get(second, []))
        if values:
            out.append((second, percentile(values, 99), len(values)))
    return out


def show(worst: dict[str, float] | None) -> str:
    """``12.3 ms (cpu 4.5 ms)`` for a worst_lag/worst_gc figure."""
    if worst is None:
        return "n/a"
    gen = f" gen{worst['gen']:g}" if worst.get("gen", -1) >= 0 else ""
    return f"{worst['ms']:.1f} ms{gen} (cpu {worst['cpu_ms']:.1f} ms)"


def show_gc(summary: dict[str, dict[str, float]] | None) -> str:
    if summary is None:
        return "n/a"
    rows = [
        f"{gen} x{row['count']:g} max {row['max_ms']:.1f} ms (cpu {row['max_cpu_ms']:.1f})"
        for gen, row in sorted(summary.items())
    ]
    return ", ".join(rows) or "none over 0.5 ms"


def report(r: dict[str, Any]) -> None:
    """The readable lines."""
    ok = {True: "met", False: "MISSED"}
    print(
        f"hold: {r['seconds']:.1f} s, {r['connections']} connections, {r['actions']} actions "
        f"({r['actions_per_s']}/s over {r['tables']} tables), {r['events_per_s']} events/s "
        f"received, {r['games_finished']} games finished, {r['rematches']} rematches",
        flush=True,
    )
    print(
        f"latency (all 4 seats): p50 {r['p50_ms']:.3f} ms  p90 {r['p90_ms']:.3f} ms  "
        f"p99 {r['p99_ms']:.3f} ms  max {r['max_ms']:.3f} ms  ({r['samples']} samples, "
        f"{r['over_50ms']} over 50 ms); with spectators p50 {r['p50_all_ms']:.3f} / p99 "
        f"{r['p99_all_ms']:.3f} ms; ack p50 {r['ack_p50_ms']:.3f} / p99 {r['ack_p99_ms']:.3f} ms",
        flush=True,
    )
    if r["server_loop_lag_p99_ms"] is None:
        server = "server not watched (--server cli)"
    else:
        server = (
            f"server p99 {r['server_loop_lag_p99_ms']:.1f} ms, max "
            f"{show(r['server_loop_lag_max'])}, gc {show_gc(r['server_gc'])}"
        )
    print(
        f"loop lag (a {CHILD_LAG_INTERVAL * 1000:g}/{CLIENT_LAG_INTERVAL * 1000:g} ms sleep "
        f"waking late): {server}; clients p99 {r['client_loop_lag_p99_ms']:.1f} ms, max "
        f"{show(r['client_loop_lag_max'])}, gc {show_gc(r['client_gc'])} (client gc "
        f"{r['client_gc_mode']}, client RSS {r['client_rss_hold_kib'][0]} -> "
        f"{r['client_rss_hold_kib'][1]} KiB over the hold)",
        flush=True,
    )
    for w in r["worst_seconds"][:3]:
        print(
            f"  slow second t={w['t_s']}s: p99 {w['p99_ms']:.1f} ms ({w['n']} moves); server "
            f"lag {show(w['server_lag'])}, gc {show(w['server_gc'])}, cpu "
            f"{w['server_cpu_pct']}%; clients lag {show(w['client_lag'])}, gc "
            f"{show(w['client_gc'])}",
            flush=True,
        )
    print(
        f"server cpu: {r['server_cpu_pct']}% of a core (peak 1 s {r['server_cpu_peak_1s_pct']}%, "
        f"{r['server_us_per_action']:.0f} us per action; setup {r['server_cpu_setup_s']} s); "
        f"client cpu {r['client_cpu_pct']}%; other processes {r['other_cpu_pct']}% "
        f"({r['cores']} cores, load average at start {r['load_average_start']})",
        flush=True,
    )
    print(
        f"server memory: RSS baseline {r['rss_baseline_kib']} KiB, connected and idle "
        f"{r['rss_connected_kib']} KiB, peak {r['rss_peak_kib']} KiB (VmHWM "
        f"{r['vm_hwm_kib']} KiB): {r['kib_per_connection']} KiB per connection "
        f"({r['kib_per_connection_idle']} idle)",
        flush=True,
    )
    print(
        f"check: {r['mismatches']} mismatches of {r['connections']} clients (view "
        f"{r['view_mismatches']}, seq {r['seq_mismatches']}, legal {r['legal_mismatches']}, "
        f"unanswered {r['unverified']}), {r['gaps']} seq gaps, {r['bad_patches']} bad patches, "
        f"{r['bot_fallbacks']} bot fallbacks; "
        f"resync of everyone took {r['verify_s']} s",
        flush=True,
    )
    for line in r["mismatch_details"]:
        print(f"  mismatch {line}", flush=True)
    print(
        f"problems: {r['dropped']} connections dropped, errors without id {r['errors'] or 'none'}, "
        f"refused {r['refused'] or 'none'}, server log {r['server_log_problems'] or 'clean'} "
        f"(exit {r['server_exit']})",
        flush=True,
    )
    for line in r["dropped_first"] + r["server_log_first"]:
        print(f"  {line}", flush=True)
    print(
        f"targets: p99 {r['p99_ms']:.3f} ms <= {TARGET_P99_MS:g} ms {ok[r['target_p99_met']]}; "
        f"{r['kib_per_connection']} KiB per connection <= {TARGET_KIB_PER_CONNECTION:g} KiB "
        f"{ok[r['target_memory_met']]}",
        flush=True,
    )


# ---------------------------------------------------------------------------- child


async def child(args: argparse.Namespace) -> None:
    """The server process (``--server serve``): prints its port, serves until its stdin
    closes, then prints its loop lateness and GC pauses as one ``STATS`` JSON line."""
    pauses = Pauses(CHILD_LAG_INTERVAL)
    pauses.install_gc()
    limits = Limits(rate=args.rate)
    async with trio.open_nursery() as nursery:
        _, port = await nursery.start(
            partial(
                serve,
                HOST,
                0,
                limits=limits,
                max_tables=args.max_tables,
                max_connections=MAX_CONNECTIONS,
            )
        )
        nursery.start_soon(pauses.watch)
        print(f"PORT {port}", flush=True)
        commands = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
        while await commands.receive_some(1024):
            pass
        nursery.cancel_scope.cancel()
    stats = {
        "objects": len(gc.get_objects()),
        "lags": [(round(a, 6), round(b, 6), round(c, 6)) for a, b, c in pauses.lags],
        "gcs": [(round(a, 6), g, round(b, 6), round(c, 6)) for a, g, b, c in pauses.gcs],
    }
    print("STATS " + json.dumps(stats), flush=True)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bench.load", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the hold (measured window)")
    parser.add_argument("--tables", type=int, default=250, help="tables of 4 player clients")
    parser.add_argument("--spectators", type=int, default=100, help="spectator clients")
    parser.add_argument(
        "--pace", type=float, default=1.0, help="seconds between actions at a table (about)"
    )
    parser.add_argument(
        "--rate", type=float, default=1000.0, help="the server's per-connection request rate"
    )
    parser.add_argument(
        "--connect-limit", type=int, default=25, help="tables (or spectators) set up at once"
    )
    parser.add_argument(
        "--server-log-level",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        default="INFO",
        help="the server child's --log-level (its log is scanned for problems)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the pacing jitter")
    parser.add_argument(
        "--server",
        choices=["serve", "cli"],
        default="serve",
        help="serve: server.app.serve in a child of this script, which also reports its "
        "loop lag and GC pauses (default); cli: the taki-server command line",
    )
    parser.add_argument(
        "--client-gc",
        choices=["hold-off", "on"],
        default="hold-off",
        help="hold-off (default): this process's cyclic GC is off during the hold (its "
        "young collections walk every suspended client task, 10-40 ms each, and would be "
        "counted as server latency); on: leave it on",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--max-tables", type=int, default=260, help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.child:
        raise_nofile()
        logging.basicConfig(
            level=args.server_log_level, format="%(asctime)s %(levelname)s %(message)s"
        )
        trio.run(child, args)
        return 0
    if args.tables < 1 or args.spectators < 0 or args.seconds <= 0 or args.pace <= 0:
        print("bench.load: need --tables >= 1, --spectators >= 0, --seconds > 0, --pace > 0")
        return 2
    nofile = raise_nofile()
    needed = max(2500, args.tables * SEATS + args.spectators + 100)
    print(
        f"bench.load: {args.tables * SEATS} seated clients ({args.tables} tables of {SEATS}) "
        f"+ {args.spectators} spectators on {HOST}, one action per ~{args.pace:g} s per "
        f"table, held {args.seconds:g} s",
        flush=True,
    )
    if nofile[0] < needed:
        print(
            f"warning: the open-file limit is {nofile[0]} (hard {nofile[1]}), below the "
            f"~{needed} this run may need",
            flush=True,
        )
    result = trio.run(bench, args, nofile)
    report(result)
    print(json.dumps(result, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
