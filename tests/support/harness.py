"""What the probes, the tests and the bench scripts share: a server process, the protocol
client, the figures, the /proc process helpers.

- ``Client``: one connection speaking the taki protocol through
  ``protocol.connection.ClientConnection``; it keeps its view by the event patches,
  its legal list, seq, seat and token, answers pings and matches answers to requests.
  Scripts subclass it and override the hooks (``on_message``, ``step``, ``wake_at``,
  ``got``, ``lost``); ``tests/support/netclient.py`` uses it as it is.
- ``ServerProcess``: a server in a child process (the ``taki-server`` command line,
  whose ``--ready-json`` line gives its port, or a script's ``--child`` saying ``PORT
  n``), watched through /proc.
- ``TableClock``: a move's latency, from its send to its first event at every seat.
- ``percentile``, ``latencies``, ``ms``, and the /proc readers (``proc_kib``,
  ``proc_cpu``, ``open_sockets``, ``machine_busy``, ``descendants``, ``cmdline``,
  ``alive``).

Everything here talks to 127.0.0.1 only, to servers started with ``--no-advertise``.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Any, Self

import trio

from engine.actions import Action as EngineAction
from engine.bots import BasicBot
from protocol.codec import view_from_wire
from protocol.connection import ClientConnection
from protocol.errors import ProtocolError
from protocol.messages import (
    Ack,
    Action,
    Error,
    Event,
    GameAction,
    Message,
    Ping,
    Pong,
    Request,
    Snapshot,
    TableInfo,
    TableUpdate,
    Welcome,
)
from protocol.patch import apply_patch

HOST = "127.0.0.1"
RECV = 65536
SEATS = 4
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# ---------------------------------------------------------------------------- figures


def now() -> float:
    return time.perf_counter()


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values: the smallest value with at
    least ``q`` % of them at or below it (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), math.ceil(q * len(sorted_values) / 100)))
    return sorted_values[rank - 1]


def latencies(values: list[float]) -> dict[str, float | int]:
    """samples, p50/p90/p99/max/mean in ms."""
    lat = sorted(values)
    return {
        "samples": len(lat),
        "p50_ms": ms(percentile(lat, 50)),
        "p90_ms": ms(percentile(lat, 90)),
        "p99_ms": ms(percentile(lat, 99)),
        "max_ms": ms(lat[-1] if lat else 0.0),
        "mean_ms": ms(sum(lat) / len(lat) if lat else 0.0),
    }


def proc_kib(pid: int | str = "self", key: str = "VmRSS") -> int:
    """A ``/proc/PID/status`` figure in KiB (VmRSS, VmHWM), 0 if unknown."""
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_sockets(pid: int) -> int:
    """The process's open sockets: what a leaked connection leaves behind. Pipes are
    not counted (the strong bots' worker process brings its own once it starts)."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return -1
    count = 0
    for fd in fds:
        with contextlib.suppress(OSError):
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
    return count


def machine_busy() -> float:
    """CPU seconds all cores of the machine have been busy (``/proc/stat``)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def raise_nofile() -> tuple[int, int]:
    """Raise the soft RLIMIT_NOFILE to the hard limit; (soft, hard) afterwards."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


async def run_limited(limit: int, jobs: Sequence[Callable[[], Awaitable[object]]]) -> None:
    """Run the zero-argument async callables in ``jobs``, ``limit`` at a time."""
    limiter = trio.CapacityLimiter(limit)

    async def one(job: Callable[[], Awaitable[object]]) -> None:
        async with limiter:
            await job()

    async with trio.open_nursery() as nursery:
        for job in jobs:
            nursery.start_soon(one, job)


# ---------------------------------------------------------------------------- the server

CLI_PORT = r'^\{"taki_server": 1, "port": (\d+)'  # its --ready-json line
CHILD_PORT = r"PORT (\d+)"


def cli_command(*args: str, data_dir: str | None = None, port: int = 0) -> list[str]:
    """The ``taki-server`` command line on a loopback port (``port``; 0: of its choice),
    never advertised, saying its port first as one JSON line; keeping nothing on disk, or
    its tables in ``data_dir`` (so they survive a restart)."""
    data = ["--no-data"] if data_dir is None else ["--data-dir", data_dir]
    return [
        sys.executable, "-m", "server.app", *data, "--no-advertise", "--ready-json",
        "--host", HOST, "--port", str(port), *args,
    ]  # fmt: skip


class ServerProcess:
    """A server in a child process: its port, CPU and memory; stopped by a signal (SIGINT
    or SIGTERM: the command line) or by closing its stdin (a script's ``--child``), or
    killed (SIGKILL: a crash)."""

    def __init__(self, process: trio.Process, port: int, log_path: str, output: str) -> None:
        self.process = process
        self.port = port
        self.log_path = log_path
        self.output = output

    @classmethod
    async def start(cls, command: list[str], log_path: str, pattern: str = CLI_PORT) -> Self:
        """Start ``command`` (stderr to ``log_path``) and wait for the line matching
        ``pattern`` on its stdout, whose first group is the port; ``output`` keeps what
        followed that line."""
        with open(log_path, "wb") as log_file:
            process = await trio.lowlevel.open_process(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log_file, cwd=ROOT
            )
        assert process.stdout is not None
        text = ""
        with trio.fail_after(30):
            while (found := re.search(pattern + ".*\n", text, re.MULTILINE)) is None:
                data = await process.stdout.receive_some(4096)
                if not data:
                    raise RuntimeError(f"the server ended before listening: {text!r}")
                text += data.decode(errors="replace")
        return cls(process, int(found.group(1)), log_path, text[found.end() :])

    @property
    def pid(self) -> int:
        return int(self.process.pid)

    def alive(self) -> bool:
        return self.process.poll() is None

    def cpu(self) -> float:
        return proc_cpu(self.pid)

    def status(self, key: str = "VmRSS") -> int:
        return proc_kib(self.pid, key)

    def log(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    async def kill(self) -> int | None:
        """SIGKILL it (a crash: no goodbye, nothing flushed) and reap it; its exit code."""
        if self.process.returncode is None:
            self.process.kill()
        return await self.process.wait()

    def children(self) -> list[int]:
        """The pids of its child processes (e.g. the strong bots' workers)."""
        found: list[int] = []
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{self.pid}/task"):
                with contextlib.suppress(OSError), open(
                    f"/proc/{self.pid}/task/{task}/children"
                ) as f:
                    found.extend(int(x) for x in f.read().split())
        return found

    async def line(self) -> str:
        """The next line of its stdout (a ``--child``'s answers)."""
        stdout = self.process.stdout
        assert stdout is not None
        while "\n" not in self.output:
            data = await stdout.receive_some(4096)
            if not data:
                raise EOFError("the server process ended")
            self.output += data.decode(errors="replace")
        first, self.output = self.output.split("\n", 1)
        return first.strip()

    async def stop(
        self, interrupt: bool = True, how: signal.Signals = signal.SIGINT
    ) -> int | None:
        """Signal it (``how``, SIGINT by default; ``interrupt`` False: no signal), close
        its stdin, read the rest of its stdout into ``output``; wait (kill after 15 s);
        its exit code."""
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        if process.returncode is None:
            if interrupt:
                process.send_signal(how)
            with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
                await process.stdin.aclose()
            with trio.move_on_after(15):
                while data := await process.stdout.receive_some(RECV):
                    self.output += data.decode(errors="replace")
                await process.wait()
            if process.returncode is None:
                process.kill()
                await process.wait()
        return process.returncode


# ---------------------------------------------------------------------------- the client


class Client:
    """One connection speaking the taki protocol: keeps its view, legal list, seq, seat,
    table and token; answers pings; matches each request to its ack or error. With
    ``keep``, every message received is kept in ``received`` (``wait_for`` looks there)
    and the bytes read in ``raw``.
    ``pump`` is the connection's task: it reads, handles each message, calls ``step``
    (also at ``wake_at``), then sends what was queued with ``queue``."""

    software = "bench/1"

    def __init__(self, stream: trio.abc.Stream, name: str, *, keep: bool = False) -> None:
        self.stream = stream
        self.name = name
        self.keep = keep
        self.conn = ClientConnection()
        self.ids = itertools.count(1)
        self.received: list[Message] = []
        self.raw: list[bytes] = []  # with ``keep``: the bytes as read
        self.answers: dict[int, Message] = {}
        self.waiting: set[int] = set()
        self.outbox: list[bytes] = []
        self.view: dict[str, Any] | None = None
        self.legal: tuple[GameAction, ...] = ()
        self.seat: int | None = None
        self.seq = 0
        self.gaps = 0
        self.token: str | None = None
        self.table: TableInfo | None = None
        self.welcomed = False
        self.closing = False
        self.closed = False
        self._new = trio.Event()
        self._sending = trio.StrictFIFOLock()  # the pump and the caller's requests

    @classmethod
    async def connect(
        cls, port: int, name: str, *, token: str | None = None, role: str | None = None,
        **kw: Any,
    ) -> Self:  # fmt: skip
        """Connect to 127.0.0.1:``port`` and say hello (run ``pump`` next)."""
        stream = await trio.open_tcp_stream(HOST, port)
        client = cls(stream, name, **kw)
        await client.send(client.conn.hello(name, cls.software, token=token, role=role))
        return client

    # ------------------------------------------------------------ sending

    async def send(self, data: bytes) -> None:
        async with self._sending:
            await self.stream.send_all(data)

    def queue(self, message: Message) -> None:
        """Send ``message`` when the pump next flushes."""
        self.outbox.append(self.conn.send(message))

    async def flush(self) -> None:
        if self.outbox:
            out = b"".join(self.outbox)
            self.outbox.clear()
            await self.send(out)

    def next_id(self) -> int:
        return next(self.ids)

    async def request(self, message: Request | type[Request], **fields: Any) -> Message:
        """Send a request (a message, or its type and fields: the id is added) once
        welcomed; its ack or error. Raises EOFError if the connection closes first."""
        if isinstance(message, type):
            message = message(id=self.next_id(), **fields)
        await self.wait_until(lambda: self.welcomed)
        self.waiting.add(message.id)
        try:
            await self.send(self.conn.send(message))
            await self.wait_until(lambda: message.id in self.answers)
        finally:
            self.waiting.discard(message.id)
        return self.answers.pop(message.id)

    async def act(self, action: GameAction) -> Message:
        return await self.request(Action, action=action)

    async def close(self) -> None:
        self.closing = True
        with trio.move_on_after(1):
            await self.stream.aclose()

    # ------------------------------------------------------------ waiting

    async def wait_until(self, test: Callable[[], bool], timeout: float = 60) -> None:
        """Until ``test()`` holds; EOFError if the connection closes first."""
        with trio.fail_after(timeout):
            while not test():
                if self.closed:
                    raise EOFError(f"{self.name}: connection closed")
                await self._new.wait()

    async def wait_for(
        self, test: Callable[[Message], bool], timeout: float = 10, start: int = 0
    ) -> Message:
        """The first message kept (already or to come, from index ``start`` of
        ``received`` on) that passes ``test``; EOFError if the connection closes first."""
        seen = start
        with trio.fail_after(timeout):
            while True:
                for message in self.received[seen:]:
                    if test(message):
                        return message
                seen = len(self.received)
                if self.closed:
                    raise EOFError("connection closed")
                await self._new.wait()

    # ------------------------------------------------------------ reading

    async def pump(self) -> None:
        """Read until the server closes (run it in a nursery)."""
        try:
            while True:
                data: bytes | bytearray | None = None
                with trio.move_on_at(self.wake_at()):
                    data = await self.stream.receive_some(RECV)
                if data is not None:
                    if self.keep:
                        self.raw.append(bytes(data))
                    count = 0
                    for message in self.decode(data):
                        self.on_message(message)
                        count += 1
                    self.got(len(data), count)
                    if not data:
                        if not self.closing:
                            self.lost("the server closed")
                        return
                self.step()
                await self.flush()
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            if not self.closing:
                self.lost(f"{type(exc).__name__} {exc}")
        except ProtocolError as exc:
            self.lost(f"protocol error {exc.code}: {exc.message}")
        finally:
            self.closed = True
            self._poke()

    def _poke(self) -> None:
        self._new.set()
        self._new = trio.Event()

    def decode(self, data: bytes | bytearray) -> Iterator[Message]:
        """The messages ``data`` completes (ProtocolError if the server broke the
        protocol). Through the connection's state machine; a raw client overrides it."""
        self.conn.receive_data(data)
        return self.conn.messages()

    def on_message(self, message: Message) -> None:
        """Keep what the message says (override to see it; call this too)."""
        if self.keep:
            self.received.append(message)
        if isinstance(message, Event):
            if message.seq != self.seq + 1:
                self.gaps += 1
            self.seq = message.seq
            if message.view is not None and self.view is not None:
                apply_patch(self.view, message.view)
            if message.legal is not None:
                self.legal = message.legal
        elif isinstance(message, Snapshot):
            self.view = message.view
            self.legal = message.legal or ()
            self.seat = message.seat
            self.seq = message.seq
            self.table = message.table
        elif isinstance(message, Ack | Error):
            if isinstance(message, Ack) and message.token:
                self.token = message.token
            if message.id is not None and message.id in self.waiting:
                self.answers[message.id] = message
        elif isinstance(message, TableUpdate):
            self.table = message.table
        elif isinstance(message, Ping):
            self.queue(Pong(message.nonce))
        elif isinstance(message, Welcome):
            self.welcomed = True
        self._poke()

    # ------------------------------------------------------------ hooks

    def wake_at(self) -> float:
        """When ``step`` is due without anything to read (trio clock)."""
        return float("inf")

    def step(self) -> None:
        """Called after each read and at ``wake_at``: queue whatever is due."""

    def got(self, size: int, frames: int) -> None:
        """``size`` bytes holding ``frames`` messages were read."""

    def lost(self, why: str) -> None:
        """The connection ended without ``close``."""

    # ------------------------------------------------------------ playing

    def bot_action(self, bot: BasicBot) -> GameAction:
        """What ``bot`` picks from this seat's view and legal list."""
        assert self.view is not None and self.seat is not None
        seat = self.seat
        mine = [EngineAction(a.type, seat, a.card, a.color) for a in self.legal]
        pick = bot.choose(view_from_wire(self.view), mine)
        return GameAction(pick.type, None, pick.card, pick.color, pick.last_card)


class TableClock:
    """Per table: when each move was sent, and when every seat (and every spectator
    counted in ``spectators``) has the first event it causes: the moves' latencies,
    stamped with ``now()`` so a script keeps those of its measured window."""

    def __init__(self, seats: int = SEATS) -> None:
        self.seats = seats
        self.spectators = 0
        self.sent: dict[int, float] = {}  # expected seq -> send time (first sender wins)
        self.arrived: dict[int, list[int]] = {}  # seq -> [seats, everyone] that have it
        self.seated: list[tuple[float, float]] = []  # (when, seconds): every seat has it
        self.everyone: list[tuple[float, float]] = []  # seats and spectators have it

    def sent_move(self, seq: int, at: float) -> None:
        self.sent.setdefault(seq, at)
        if len(self.sent) > 32:  # never completed (a refused or superseded move)
            for old in sorted(self.sent)[:-16]:
                self.forget(old)

    def refused(self, seq: int, at: float) -> None:
        if self.sent.get(seq) == at:
            self.forget(seq)

    def forget(self, seq: int) -> None:
        self.sent.pop(seq, None)
        self.arrived.pop(seq, None)

    def arrival(self, seq: int, seated: bool = True) -> None:
        sent = self.sent.get(seq)
        if sent is None:
            return
        counts = self.arrived.setdefault(seq, [0, 0])
        at = now()
        if seated:
            counts[0] += 1
            if counts[0] == self.seats:
                self.seated.append((at, at - sent))
        counts[1] += 1
        if counts[1] >= self.seats + self.spectators:
            self.everyone.append((at, at - sent))
            self.forget(seq)


def within(samples: list[tuple[float, float]], start: float, end: float) -> list[float]:
    """The values of (when, value) samples taken in [start, end)."""
    return [value for at, value in samples if start <= at < end]


# ---------------------------------------------------------------- processes (/proc)


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid`` (from /proc)."""
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rindex(b")") + 2 :].split()
            if fields[0] != b"Z":
                tree.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def children(pid: int) -> list[int]:
    """The direct children of ``pid``'s main thread (from /proc; [] once it is gone)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def cmdline(pid: int) -> str:
    """A process's command line, words joined by spaces ("" once it is gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (an unreaped zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(b")") + 2 :].split()[0] != b"Z"
