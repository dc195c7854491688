"""Load: 1,000 seated clients and 100 spectators on loopback, held at a human pace.

    python -m bench.load [--seconds 60] [--tables 250] [--spectators 100] [--pace 1.0]
                         [--server serve|cli]

The server runs in a child process, so its CPU and memory are its alone: ``--server
serve`` (default) runs ``server.app.serve`` in ``python -m bench.load --child``, which
also watches its trio loop (how late a 20 ms sleep wakes) and GC pauses; ``--server
cli`` runs the ``taki-server`` command line (not watched). ``4 * tables`` player clients
sit 4 to a table (the first creates and hosts it), then the spectators spread over the
tables; all are ``tests.support.harness.Client`` tasks in this process. After every host deals,
the hold (``--seconds``): at each table the seat with a legal list acts (``BasicBot``)
about once per ``--pace`` seconds (0.8..1.2 x pace), each action carrying ``seq``; hosts
deal a rematch a pace after a game ends. This process's cyclic GC is off during the hold
(``--client-gc on`` leaves it on): it would walk 1,100 suspended tasks and count as
server latency. Then every client sends ``resync``: the snapshot must equal its patched
view, its seq the client's and (seats) its legal list the client's; seq gaps are counted.

Figures (the hold only): latency from an action's send to its first event at every seat
of the table (``all``: and its spectators), and to the sender's ack; server and client
CPU; server RSS baseline, connected, peak and ``KiB per connection``; mismatches, gaps,
dropped connections, errors without a request id, the server log's warnings; the slowest
seconds with both sides' worst loop lateness and GC pause; ``other processes``' CPU.
Targets: p99 <= 50 ms, <= 100 KiB per connection. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import math
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import trio

from engine.bots import BasicBot
from protocol import messages as m
from protocol.errors import ProtocolError
from server.app import serve
from server.session import Limits
from tests.support.harness import (
    CHILD_PORT,
    HOST,
    SEATS,
    Client,
    ServerProcess,
    TableClock,
    cli_command,
    latencies,
    machine_busy,
    ms,
    now,
    percentile,
    proc_kib,
    raise_nofile,
    run_limited,
    within,
)

TARGET_P99_MS = 50.0
TARGET_KIB_PER_CONNECTION = 100.0
MAX_CONNECTIONS = 5000
CHILD_LAG_INTERVAL = 0.02  # how often the server child checks its loop
CLIENT_LAG_INTERVAL = 0.05
SETUP_TIMEOUT = 120.0  # seconds for connecting and seating everyone
SETTLE_TIMEOUT = 10.0  # seconds for answers in flight after the hold
VERIFY_TIMEOUT = 30.0  # seconds for every resync to be answered
PROBLEM_WORDS = ("too slow", "silent", "flooding", "failed", "Traceback", "ERROR", "WARNING")

Lag = tuple[float, float, float]
"""(when, seconds late, CPU seconds this thread used meanwhile)"""
Pause = tuple[float, int, float, float]
"""(when, generation, seconds, CPU seconds this thread used meanwhile)"""


class Pauses:
    """A process's trio loop lateness and GC pauses, stamped with ``perf_counter`` (the
    same clock in the server child and here), each with the CPU time the thread used
    meanwhile: close to the wall time means working, far less means waiting for a core."""

    LIMIT = 200_000

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.lags: list[Lag] = []
        self.gcs: list[Pause] = []
        self._gc_start = self._gc_cpu = 0.0

    def install_gc(self) -> None:
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start, self._gc_cpu = now(), time.thread_time()
        elif (took := now() - self._gc_start) >= 0.0005 and len(self.gcs) < self.LIMIT:
            cpu = time.thread_time() - self._gc_cpu
            self.gcs.append((self._gc_start, int(info.get("generation", -1)), took, cpu))

    async def watch(self) -> None:
        while True:
            t0, cpu0 = now(), time.thread_time()
            await trio.sleep(self.interval)
            if len(self.lags) < self.LIMIT:
                late = max(0.0, now() - t0 - self.interval)
                self.lags.append((t0, late, time.thread_time() - cpu0))

    def window(self, start: float, end: float) -> tuple[list[Lag], list[Pause]]:
        """The lateness samples (sorted by lateness) and GC pauses begun in [start, end)."""
        lags = sorted((x for x in self.lags if start <= x[0] < end), key=lambda x: x[1])
        return lags, [g for g in self.gcs if start <= g[0] < end]


def worst_lag(lags: list[Lag]) -> dict[str, float]:
    """The latest wake-up: how late, and the CPU used over that sleep and lateness."""
    return {"ms": ms(lags[-1][1]), "cpu_ms": ms(lags[-1][2])} if lags else {"ms": 0, "cpu_ms": 0}


def worst_gc(gcs: list[Pause]) -> dict[str, float]:
    """The longest GC pause: wall and CPU time, and its generation."""
    _, generation, took, cpu = max(gcs, key=lambda g: g[2], default=(0.0, -1, 0.0, 0.0))
    return {"ms": ms(took), "cpu_ms": ms(cpu), "gen": generation}


def gc_summary(gcs: list[Pause]) -> dict[str, dict[str, float]]:
    """Per generation: collections of 0.5 ms or more, the longest, and its CPU time."""
    out: dict[str, dict[str, float]] = {}
    for _, generation, took, cpu in gcs:
        row = out.setdefault(f"gen{generation}", {"count": 0, "max_ms": 0.0, "max_cpu_ms": 0.0})
        row["count"] += 1
        if ms(took) > row["max_ms"]:
            row["max_ms"], row["max_cpu_ms"] = ms(took), ms(cpu)
    return out


# ---------------------------------------------------------------------------- the clients


@dataclass
class Meter:
    """What the run counts; per-action figures only while ``active``."""

    active: bool = False
    stopping: bool = False
    actions: int = 0  # actions acked
    events: int = 0
    frames: int = 0
    received: int = 0
    games: int = 0
    rematches: int = 0
    acks: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)  # errors without a request id
    bad_patches: int = 0
    bot_fallbacks: int = 0  # the bot could not decide from the view: first legal action
    gap_resyncs: int = 0
    dropped: list[str] = field(default_factory=list)


class Table:
    """One table as its clients share it: its id, pace and latency clock."""

    def __init__(self, index: int, pace: float, rng: random.Random) -> None:
        self.index = index
        self.pace = pace
        self.rng = rng
        self.id = ""
        self.next_at = math.inf  # no action before the game starts
        self.clock = TableClock()

    def gap(self) -> float:
        return self.pace * self.rng.uniform(0.8, 1.2)


class LoadClient(Client):
    """A seat (or a spectator) that keeps its view and acts when its table's pace allows."""

    software = "bench-load/1"

    def __init__(self, stream: trio.SocketStream, name: str) -> None:
        super().__init__(stream, name)
        self.meter = Meter()
        self.tab = Table(0, 1.0, random.Random())
        self.spectator = self.host = self.auto = False
        self.bot = BasicBot()
        self.act_at: float | None = None  # trio clock
        self.rematch_at: float | None = None
        self.pending: int | None = None  # our action's request id, its seq, time, type
        self.pending_seq = 0
        self.pending_at = 0.0
        self.pending_kind = ""
        self.rematch_id: int | None = None
        self.verify_id: int | None = None
        self.check: str | None = None  # after the final resync: "" (equal) or what differs

    def got(self, size: int, frames: int) -> None:
        if self.meter.active:
            self.meter.received += size
            self.meter.frames += frames

    def lost(self, why: str) -> None:
        self.meter.dropped.append(f"{self.name}: {why}")

    def on_message(self, message: m.Message) -> None:
        meter = self.meter
        if isinstance(message, m.Snapshot) and self.verify_id is not None and self.check is None:
            self.check = self.compare(message)
        if isinstance(message, m.Event):
            meter.events += meter.active
            gaps = self.gaps
            try:
                super().on_message(message)
            except ProtocolError:  # a patch that does not apply: the view is out of step
                meter.bad_patches += 1
                self.resync_now()
            if self.gaps > gaps:
                self.resync_now()
            self.tab.clock.arrival(message.seq, not self.spectator)
            return
        super().on_message(message)
        if isinstance(message, m.TableUpdate):
            if message.table.state == "over" and self.host and self.auto:
                meter.games += meter.active
                if not meter.stopping and self.rematch_id is None:
                    self.rematch_at = trio.current_time() + self.tab.gap()
        elif isinstance(message, m.Ack | m.Error):
            self.on_answer(message)

    def on_answer(self, message: m.Ack | m.Error) -> None:
        rid, meter = message.id, self.meter
        if rid is not None and rid == self.pending:
            self.pending = None
            if isinstance(message, m.Error):
                meter.refused[f"{message.code} ({self.pending_kind})"] += 1
                self.tab.clock.refused(self.pending_seq, self.pending_at)
            elif meter.active:
                meter.actions += 1
                meter.acks.append(now() - self.pending_at)
        elif rid is not None and rid == self.rematch_id:
            self.rematch_id = None
            if isinstance(message, m.Error):
                meter.refused[f"rematch: {message.code}"] += 1
            else:
                meter.rematches += meter.active
        elif isinstance(message, m.Error) and (rid is None or rid not in self.waiting):
            meter.errors[message.code if rid is None else f"{message.code} (request {rid})"] += 1

    @property
    def busy(self) -> bool:
        """An action or rematch of ours is unanswered."""
        return self.pending is not None or self.rematch_id is not None

    def resync_now(self) -> None:
        """What the protocol says to do after a gap: ask for a fresh snapshot."""
        if self.verify_id is None:
            self.meter.gap_resyncs += 1
            self.queue(m.Resync(self.next_id()))

    def wake_at(self) -> float:
        return min((d for d in (self.act_at, self.rematch_at) if d is not None), default=math.inf)

    def step(self) -> None:
        """Queue the rematch or the action that is due; schedule the next one."""
        clock, tab = trio.current_time(), self.tab
        if self.meter.stopping or not self.auto:
            self.act_at = self.rematch_at = None
            return
        if self.rematch_at is not None and clock >= self.rematch_at:
            self.rematch_at = None
            self.rematch_id = self.next_id()
            self.queue(m.Rematch(self.rematch_id))
        if self.pending is not None or not self.legal or self.seat is None or self.view is None:
            self.act_at = None
            return
        if self.act_at is None:
            self.act_at = max(clock, tab.next_at)
        if clock < self.act_at:
            return
        if clock < tab.next_at:  # another seat of the table acted meanwhile
            self.act_at = tab.next_at
            return
        self.act_at = None
        tab.next_at = clock + tab.gap()
        try:
            action = self.bot_action(self.bot)
        except (KeyError, IndexError, TypeError, ValueError):  # a view out of step
            self.meter.bot_fallbacks += 1
            action = self.legal[0]
        self.pending, self.pending_seq = self.next_id(), self.seq + 1
        self.pending_at, self.pending_kind = now(), action.type
        tab.clock.sent_move(self.pending_seq, self.pending_at)
        self.queue(m.Action(self.pending, action, self.seq))

    def compare(self, snapshot: m.Snapshot) -> str:
        """The server's fresh snapshot against what this client pieced together: "" if
        equal, else what differs (seq, view keys, legal)."""
        parts: list[str] = []
        if snapshot.seq != self.seq:
            parts.append(f"seq server {snapshot.seq} client {self.seq}")
        if snapshot.view != self.view:
            parts.append("view " + view_difference(snapshot.view, self.view))
        if not self.spectator and tuple(snapshot.legal or ()) != tuple(self.legal):
            parts.append(f"legal server {snapshot.legal} client {self.legal}")
        return "; ".join(parts)

    async def verify(self) -> None:
        self.verify_id = self.next_id()
        try:
            answer: m.Message | None = await self.request(m.Resync(self.verify_id))
        except EOFError:
            answer = None
        if self.check is None:
            what = answer.code if isinstance(answer, m.Error) else "no snapshot before the ack"
            self.check = f"unanswered: {what if answer is not None else 'closed'}"


def view_difference(server: dict[str, Any] | None, client: dict[str, Any] | None) -> str:
    """The top-level keys where two views differ (short)."""
    if server is None or client is None:
        return f"server view {server is not None}, client view {client is not None}"
    diffs = [k for k in sorted(set(server) | set(client)) if server.get(k) != client.get(k)]
    text = ", ".join(f"{k}: server {server.get(k)!r} client {client.get(k)!r}" for k in diffs[:3])
    return text[:400]


# ---------------------------------------------------------------------------- the run


class Run:
    """One run: the server, the tables and clients, and what was measured."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.meter = Meter()
        rng = random.Random(args.seed)
        self.tables = [Table(t, args.pace, random.Random(rng.random())) for t in range(args.tables)]
        self.clients: list[LoadClient] = []
        self.hosts: list[LoadClient] = []
        self.mine = Pauses(CLIENT_LAG_INTERVAL)
        self.server_pauses = Pauses(CHILD_LAG_INTERVAL)
        self.rss: list[int] = []
        self.cpu_samples: list[tuple[float, float]] = []
        self.r: dict[str, Any] = {"bench": "load"}

    async def start_server(self, log_path: str) -> ServerProcess:
        a = self.args
        common = ["--rate", str(a.rate), "--max-tables", str(max(200, a.tables + 10))]
        if a.server == "cli":
            command = cli_command("--max-connections", str(MAX_CONNECTIONS), "--log-level",
                                  a.server_log_level, *common)  # fmt: skip
            return await ServerProcess.start(command, log_path)
        command = [sys.executable, "-m", "bench.load", "--child", "--server-log-level",
                   a.server_log_level, *common]  # fmt: skip
        return await ServerProcess.start(command, log_path, CHILD_PORT)

    async def client(self, name: str, tab: Table, nursery: trio.Nursery, spectator: bool
                     ) -> LoadClient:  # fmt: skip
        role = "spectator" if spectator else None
        c = await LoadClient.connect(self.server.port, name, role=role)
        c.meter, c.tab, c.spectator = self.meter, tab, spectator
        self.clients.append(c)
        nursery.start_soon(c.pump)
        return c

    @staticmethod
    async def ask(c: LoadClient, what: str, request: type[m.Request], **fields: Any) -> m.Ack:
        """``request``'s ack; raise if refused."""
        if not isinstance(answer := await c.request(request, **fields), m.Ack):
            raise RuntimeError(f"{what} ({c.name}): {answer}")
        return answer

    async def seat(self, tab: Table, nursery: trio.Nursery) -> None:
        """Four clients at a new table: the first creates it, three join."""
        seated = [await self.client(f"t{tab.index}s{s}", tab, nursery, False) for s in range(SEATS)]
        host = seated[0]
        host.host = True
        options = m.TableOptions(f"load {tab.index}", SEATS)
        answer = await self.ask(host, "create_table", m.CreateTable, options=options)
        if answer.table is None:
            raise RuntimeError(f"create_table for table {tab.index}: {answer}")
        tab.id = answer.table
        for c in seated[1:]:
            await self.ask(c, "join", m.Join, table=tab.id)
        self.hosts.append(host)

    async def spectate(self, index: int, tab: Table, nursery: trio.Nursery) -> None:
        c = await self.client(f"spec{index}", tab, nursery, True)
        await self.ask(c, "spectate", m.Spectate, table=tab.id)
        tab.clock.spectators += 1

    async def setup(self, nursery: trio.Nursery) -> None:
        """Seat everyone, then every host deals; each table's first move comes within one
        pace (staggered)."""
        a, r, server = self.args, self.r, self.server
        t_setup, cpu0 = now(), server.cpu()
        n = max(1, a.spectators)
        with trio.fail_after(SETUP_TIMEOUT):
            await run_limited(
                a.connect_limit, [partial(self.seat, t, nursery) for t in self.tables]
            )
            jobs = [partial(self.spectate, i, self.tables[(i * len(self.tables)) // n], nursery)
                    for i in range(a.spectators)]  # fmt: skip
            await run_limited(a.connect_limit, jobs)
            connected_at = now() - t_setup
            await trio.sleep(1.0)  # idle: everyone connected, no game yet
            r["rss_connected_kib"] = server.status()
            clock = trio.current_time()
            for c in self.clients:
                c.auto = not c.spectator
            for host in self.hosts:
                host.tab.next_at = clock + a.pace * host.tab.rng.uniform(0.2, 1.2)
            deals = [partial(self.ask, h, f"start at table {h.tab.index}", m.Start)
                     for h in self.hosts]  # fmt: skip
            await run_limited(50, deals)
        r["setup_s"] = round(now() - t_setup, 2)
        r["server_cpu_setup_s"] = round(server.cpu() - cpu0, 2)
        per = (r["rss_connected_kib"] - r["rss_baseline_kib"]) / max(1, len(self.clients))
        print(
            f"setup: {len(self.clients)} connections ({a.tables} tables x {SEATS} + "
            f"{a.spectators} spectators) in {connected_at:.1f} s, games dealt at "
            f"{r['setup_s']:.1f} s; RSS connected and idle {r['rss_connected_kib']} KiB "
            f"(+{per:.1f} KiB/connection)",
            flush=True,
        )

    def counters(self) -> tuple[float, float, float]:
        """The server's CPU seconds, this process's, the whole machine's busy seconds."""
        return self.server.cpu(), time.process_time(), machine_busy()

    async def hold(self) -> None:
        """The measured window: sample the server's RSS and CPU every second."""
        server, r = self.server, self.r
        self.start_counters = self.counters()
        self.t0 = last_t = now()
        last_cpu = self.start_counters[0]
        client_rss0 = proc_kib()
        if self.args.client_gc == "hold-off":
            gc.disable()  # see --client-gc
        self.meter.active = True
        end = self.t0 + self.args.seconds
        while (left := end - now()) > 0:
            await trio.sleep(min(1.0, left))
            self.rss.append(server.status())
            cpu_t, wall_t = server.cpu(), now()
            rate = (cpu_t - last_cpu) / max(1e-9, wall_t - last_t)
            self.cpu_samples.append((wall_t - self.t0, rate))
            last_cpu, last_t = cpu_t, wall_t
        self.meter.active = False
        r["client_rss_hold_kib"] = [client_rss0, proc_kib()]
        gc.enable()
        self.t1 = now()
        self.end_counters = self.counters()
        r["vm_hwm_kib"] = server.status("VmHWM")
        r["rss_end_kib"] = server.status()
        self.rss.append(r["rss_end_kib"])

    async def verify(self) -> None:
        """Let the answers in flight land, then resync everyone."""
        self.meter.stopping = True
        for c in self.clients:
            c.act_at = c.rematch_at = None
        with trio.move_on_after(SETTLE_TIMEOUT):
            while any(c.busy for c in self.clients):
                await trio.sleep(0.05)
        self.r["unsettled"] = sum(c.busy for c in self.clients)
        await trio.sleep(0.3)
        t = now()
        with trio.move_on_after(VERIFY_TIMEOUT):
            await run_limited(100, [c.verify for c in self.clients if not c.closed])
        self.r["verify_s"] = round(now() - t, 2)
        for c in self.clients:
            await c.close()

    async def run(self) -> dict[str, Any]:
        a, r = self.args, self.r
        r["load_average_start"] = [round(x, 2) for x in os.getloadavg()]
        log_fd, log_path = tempfile.mkstemp(prefix="taki-load-server-", suffix=".log")
        os.close(log_fd)
        self.server = server = await self.start_server(log_path)
        self.mine.install_gc()
        try:
            await trio.sleep(0.5)  # let the server settle
            r["rss_baseline_kib"] = server.status()
            r["nofile_server"] = nofile_of(server.pid)
            print(
                f"server pid {server.pid} on {HOST}:{server.port}; open-file limit here "
                f"{a.nofile[0]}/{a.nofile[1]}, server {r['nofile_server']}; baseline RSS "
                f"{r['rss_baseline_kib']} KiB",
                flush=True,
            )
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self.mine.watch)
                await self.setup(nursery)
                await trio.sleep(min(2.0, a.pace * 2))  # warm-up: first moves under way
                await self.hold()
                await self.verify()
                nursery.cancel_scope.cancel()
        finally:
            r["server_exit"] = await server.stop(interrupt=a.server == "cli")
        r["server_gc_objects"] = None
        for line in server.output.splitlines():  # the child's STATS line
            if line.startswith("STATS "):
                stats = json.loads(line[6:])
                r["server_gc_objects"] = int(stats["objects"])
                self.server_pauses.lags = [(t, late, cpu) for t, late, cpu in stats["lags"]]
                self.server_pauses.gcs = [(t, int(g), s, cpu) for t, g, s, cpu in stats["gcs"]]
        r["server_log_problems"], r["server_log_first"] = log_problems(log_path)
        r["server_log"] = log_path
        return self.figures()

    def worst_seconds(self, seated: list[tuple[float, float]], watched: bool) -> list[Any]:
        """The five seconds of the hold with the highest p99, and what both sides' loops
        and collectors did around them."""
        rows = []
        slow = per_second_p99([(at - self.t0, x) for at, x in seated], self.args.seconds)
        for second, p99, count in sorted(slow, key=lambda x: x[1], reverse=True)[:5]:
            lo, hi = self.t0 + second - 0.3, self.t0 + second + 1  # a stall shows up later
            c_lag, c_gc = self.mine.window(lo, hi)
            s_lag, s_gc = self.server_pauses.window(lo, hi)
            cpu_in = sorted(self.cpu_samples, key=lambda x: abs(x[0] - second - 1))[:1]
            rows.append({
                "t_s": second, "p99_ms": ms(p99), "n": count,
                "server_lag": worst_lag(s_lag) if watched else None,
                "server_gc": worst_gc(s_gc) if watched else None,
                "server_cpu_pct": round(100 * cpu_in[0][1], 1) if cpu_in else None,
                "client_lag": worst_lag(c_lag), "client_gc": worst_gc(c_gc),
            })  # fmt: skip
        return rows

    def figures(self) -> dict[str, Any]:
        a, r, meter, t0, t1 = self.args, self.r, self.meter, self.t0, self.t1
        wall = t1 - t0
        seated = [s for tab in self.tables for s in tab.clock.seated if t0 <= s[0] < t1]
        lat = latencies([x for _, x in seated])
        everyone = latencies([x for tab in self.tables for x in within(tab.clock.everyone, t0, t1)])
        acks = latencies(meter.acks)
        lag, client_gcs = self.mine.window(t0, t1)
        server_lag, server_gcs = self.server_pauses.window(t0, t1)
        watched = a.server == "serve"  # the cli server does not report its loop
        checks = [c.check for c in self.clients]
        n = max(1, len(self.clients))
        rss_peak = max(self.rss, default=0)
        per_conn = (rss_peak - r["rss_baseline_kib"]) / n
        cpu, mine, busy = (
            e - s for e, s in zip(self.end_counters, self.start_counters, strict=True)
        )
        r.update({
            "seconds": round(wall, 3), "tables": a.tables, "seated_clients": a.tables * SEATS,
            "spectators": a.spectators, "connections": len(self.clients), "pace_s": a.pace,
            "actions": meter.actions, "actions_per_s": round(meter.actions / wall, 1),
            "events_per_s": round(meter.events / wall, 1),
            "frames_per_s": round(meter.frames / wall, 1),
            "bytes_per_s": round(meter.received / wall, 1),
            "games_finished": meter.games, "rematches": meter.rematches, **lat,
            "p50_all_ms": everyone["p50_ms"], "p99_all_ms": everyone["p99_ms"],
            "ack_p50_ms": acks["p50_ms"], "ack_p99_ms": acks["p99_ms"],
            "over_50ms": sum(1 for _, x in seated if x > TARGET_P99_MS / 1000),
            "worst_seconds": self.worst_seconds(seated, watched),
            "server_loop_lag_p99_ms": ms(percentile([x[1] for x in server_lag], 99))
            if watched else None,
            "server_loop_lag_max": worst_lag(server_lag) if watched else None,
            "server_gc": gc_summary(server_gcs) if watched else None,
            "client_loop_lag_p99_ms": ms(percentile([x[1] for x in lag], 99)),
            "client_loop_lag_max": worst_lag(lag), "client_gc": gc_summary(client_gcs),
            "client_gc_mode": a.client_gc,
            "server_cpu_pct": round(100 * cpu / wall, 1),
            "server_cpu_peak_1s_pct": round(100 * max((x[1] for x in self.cpu_samples),
                                                      default=0.0), 1),
            "server_us_per_action": round(cpu / max(1, meter.actions) * 1e6, 1),
            "server_us_per_connection_s": round(cpu / wall / n * 1e6, 1),
            "client_cpu_pct": round(100 * mine / wall, 1), "cores": os.cpu_count(),
            "other_cpu_pct": round(100 * max(0.0, busy - cpu - mine) / wall, 1),
            "rss_peak_kib": rss_peak, "kib_per_connection": round(per_conn, 1),
            "kib_per_connection_idle": round(
                (r["rss_connected_kib"] - r["rss_baseline_kib"]) / n, 1),
            "mismatches": sum(1 for ch in checks if ch is None or ch),
            "view_mismatches": sum(1 for ch in checks if ch and "view " in ch),
            "seq_mismatches": sum(1 for ch in checks if ch and ch.startswith("seq ")),
            "legal_mismatches": sum(1 for ch in checks if ch and "legal server" in ch),
            "unverified": sum(1 for ch in checks if ch is None or ch.startswith("unanswered")),
            "mismatch_details": [f"{c.name}: {c.check or 'no answer'}" for c in self.clients
                                 if c.check is None or c.check][:10],
            "gaps": sum(c.gaps for c in self.clients), "bad_patches": meter.bad_patches,
            "bot_fallbacks": meter.bot_fallbacks, "gap_resyncs": meter.gap_resyncs,
            "refused": dict(meter.refused), "errors": dict(meter.errors),
            "dropped": len(meter.dropped), "dropped_first": meter.dropped[:10],
            "nofile_client": list(a.nofile),
            "target_p99_met": lat["p99_ms"] <= TARGET_P99_MS,
            "target_memory_met": per_conn <= TARGET_KIB_PER_CONNECTION,
        })  # fmt: skip
        return r


def nofile_of(pid: int) -> str:
    """A process's 'Max open files' soft/hard limits, as /proc shows them."""
    with open(f"/proc/{pid}/limits") as f:
        for line in f:
            if line.startswith("Max open files"):
                return "/".join(line.split()[3:5])
    return "?"


def log_problems(path: str) -> tuple[dict[str, int], list[str]]:
    """Counts of worrying server log lines by keyword, and the first few of them."""
    counts: Counter[str] = Counter()
    first: list[str] = []
    with open(path, errors="replace") as f:
        for line in f:
            hit = [w for w in PROBLEM_WORDS if w in line]
            if not hit and "dropped" in line and not ("closed" in line or " in the lobby" in line):
                hit = ["dropped"]
            counts.update(hit)
            if hit and len(first) < 10:
                first.append(line.rstrip()[:300])
    return dict(counts), first


def per_second_p99(samples: list[tuple[float, float]], seconds: float
                   ) -> list[tuple[int, float, int]]:  # fmt: skip
    """(second, p99, count) for each second of the hold."""
    buckets: dict[int, list[float]] = {}
    for at, value in samples:
        buckets.setdefault(int(at), []).append(value)
    return [(s, percentile(sorted(v), 99), len(v)) for s, v in sorted(buckets.items())
            if s <= math.ceil(seconds)]  # fmt: skip


def show(worst: dict[str, float] | None) -> str:
    """``12.3 ms (cpu 4.5 ms)`` for a worst_lag/worst_gc figure."""
    if worst is None:
        return "n/a"
    gen = f" gen{worst['gen']:g}" if worst.get("gen", -1) >= 0 else ""
    return f"{worst['ms']:.1f} ms{gen} (cpu {worst['cpu_ms']:.1f} ms)"


def show_gc(summary: dict[str, dict[str, float]] | None) -> str:
    if summary is None:
        return "n/a"
    rows = [f"{gen} x{row['count']:g} max {row['max_ms']:.1f} ms (cpu {row['max_cpu_ms']:.1f})"
            for gen, row in sorted(summary.items())]  # fmt: skip
    return ", ".join(rows) or "none over 0.5 ms"


def report(r: dict[str, Any]) -> None:
    """The readable lines."""
    ok = {True: "met", False: "MISSED"}
    if r["server_loop_lag_p99_ms"] is None:
        server = "server not watched (--server cli)"
    else:
        server = (f"server p99 {r['server_loop_lag_p99_ms']:.1f} ms, max "
                  f"{show(r['server_loop_lag_max'])}, gc {show_gc(r['server_gc'])}")  # fmt: skip
    lines = [
        f"hold: {r['seconds']:.1f} s, {r['connections']} connections, {r['actions']} actions "
        f"({r['actions_per_s']}/s over {r['tables']} tables), {r['events_per_s']} events/s "
        f"received, {r['games_finished']} games finished, {r['rematches']} rematches",
        f"latency (all 4 seats): p50 {r['p50_ms']:.3f} ms  p90 {r['p90_ms']:.3f} ms  "
        f"p99 {r['p99_ms']:.3f} ms  max {r['max_ms']:.3f} ms  ({r['samples']} samples, "
        f"{r['over_50ms']} over 50 ms); with spectators p50 {r['p50_all_ms']:.3f} / p99 "
        f"{r['p99_all_ms']:.3f} ms; ack p50 {r['ack_p50_ms']:.3f} / p99 {r['ack_p99_ms']:.3f} ms",
        f"loop lag (a {CHILD_LAG_INTERVAL * 1000:g}/{CLIENT_LAG_INTERVAL * 1000:g} ms sleep "
        f"waking late): {server}; clients p99 {r['client_loop_lag_p99_ms']:.1f} ms, max "
        f"{show(r['client_loop_lag_max'])}, gc {show_gc(r['client_gc'])} (client gc "
        f"{r['client_gc_mode']}, client RSS {r['client_rss_hold_kib'][0]} -> "
        f"{r['client_rss_hold_kib'][1]} KiB over the hold)",
        *(
            f"  slow second t={w['t_s']}s: p99 {w['p99_ms']:.1f} ms ({w['n']} moves); server "
            f"lag {show(w['server_lag'])}, gc {show(w['server_gc'])}, cpu "
            f"{w['server_cpu_pct']}%; clients lag {show(w['client_lag'])}, gc "
            f"{show(w['client_gc'])}"
            for w in r["worst_seconds"][:3]
        ),
        f"server cpu: {r['server_cpu_pct']}% of a core (peak 1 s {r['server_cpu_peak_1s_pct']}%,"
        f" {r['server_us_per_action']:.0f} us per action; setup {r['server_cpu_setup_s']} s); "
        f"client cpu {r['client_cpu_pct']}%; other processes {r['other_cpu_pct']}% "
        f"({r['cores']} cores, load average at start {r['load_average_start']})",
        f"server memory: RSS baseline {r['rss_baseline_kib']} KiB, connected and idle "
        f"{r['rss_connected_kib']} KiB, peak {r['rss_peak_kib']} KiB (VmHWM "
        f"{r['vm_hwm_kib']} KiB): {r['kib_per_connection']} KiB per connection "
        f"({r['kib_per_connection_idle']} idle)",
        f"check: {r['mismatches']} mismatches of {r['connections']} clients (view "
        f"{r['view_mismatches']}, seq {r['seq_mismatches']}, legal {r['legal_mismatches']}, "
        f"unanswered {r['unverified']}), {r['gaps']} seq gaps, {r['bad_patches']} bad patches,"
        f" {r['bot_fallbacks']} bot fallbacks; resync of everyone took {r['verify_s']} s",
        *(f"  mismatch {line}" for line in r["mismatch_details"]),
        f"problems: {r['dropped']} connections dropped, errors without id "
        f"{r['errors'] or 'none'}, refused {r['refused'] or 'none'}, server log "
        f"{r['server_log_problems'] or 'clean'} (exit {r['server_exit']})",
        *(f"  {line}" for line in r["dropped_first"] + r["server_log_first"]),
        f"targets: p99 {r['p99_ms']:.3f} ms <= {TARGET_P99_MS:g} ms {ok[r['target_p99_met']]}; "
        f"{r['kib_per_connection']} KiB per connection <= {TARGET_KIB_PER_CONNECTION:g} KiB "
        f"{ok[r['target_memory_met']]}",
    ]
    print("\n".join(lines), flush=True)


# ---------------------------------------------------------------------------- child


async def child(args: argparse.Namespace) -> None:
    """The server process (``--server serve``): prints its port, serves until its stdin
    closes, then prints its loop lateness and GC pauses as one ``STATS`` JSON line."""
    pauses = Pauses(CHILD_LAG_INTERVAL)
    pauses.install_gc()
    async with trio.open_nursery() as nursery:
        _, port = await nursery.start(
            partial(serve, HOST, 0, limits=Limits(rate=args.rate), max_tables=args.max_tables,
                    max_connections=MAX_CONNECTIONS)
        )  # fmt: skip
        nursery.start_soon(pauses.watch)
        print(f"PORT {port}", flush=True)
        commands = trio.lowlevel.FdStream(os.dup(sys.stdin.fileno()))
        while await commands.receive_some(1024):
            pass
        nursery.cancel_scope.cancel()
    stats = {
        "objects": len(gc.get_objects()),
        "lags": [[round(x, 6) for x in lag] for lag in pauses.lags],
        "gcs": [(round(a, 6), g, round(b, 6), round(c, 6)) for a, g, b, c in pauses.gcs],
    }
    print("STATS " + json.dumps(stats), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.load", description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--seconds", type=float, default=60.0, help="the hold (measured window)")
    add("--tables", type=int, default=250, help="tables of 4 player clients")
    add("--spectators", type=int, default=100, help="spectator clients")
    add("--pace", type=float, default=1.0, help="seconds between actions at a table (about)")
    add("--rate", type=float, default=1000.0, help="the server's per-connection request rate")
    add("--connect-limit", type=int, default=25, help="tables (or spectators) set up at once")
    add("--server-log-level", choices=["DEBUG", "INFO", "WARNING", "ERROR"], default="INFO",
        help="the server's --log-level (its log is scanned for problems)")  # fmt: skip
    add("--seed", type=int, default=1, help="seed of the pacing jitter")
    add("--server", choices=["serve", "cli"], default="serve",
        help="serve: server.app.serve in a child of this script, which also reports its "
        "loop lag and GC pauses (default); cli: the taki-server command line")  # fmt: skip
    add("--client-gc", choices=["hold-off", "on"], default="hold-off",
        help="hold-off (default): this process's cyclic GC is off during the hold; on: "
        "leave it on")  # fmt: skip
    add("--child", action="store_true", help=argparse.SUPPRESS)
    add("--max-tables", type=int, default=260, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        raise_nofile()
        log_format = "%(asctime)s %(levelname)s %(message)s"
        logging.basicConfig(level=args.server_log_level, format=log_format)
        trio.run(child, args)
        return 0
    if args.tables < 1 or args.spectators < 0 or args.seconds <= 0 or args.pace <= 0:
        print("bench.load: need --tables >= 1, --spectators >= 0, --seconds > 0, --pace > 0")
        return 2
    args.nofile = raise_nofile()
    needed = max(2500, args.tables * SEATS + args.spectators + 100)
    print(
        f"bench.load: {args.tables * SEATS} seated clients ({args.tables} tables of {SEATS}) "
        f"+ {args.spectators} spectators on {HOST}, one action per ~{args.pace:g} s per "
        f"table, held {args.seconds:g} s, server {args.server}",
        flush=True,
    )
    if args.nofile[0] < needed:
        print(f"warning: the open-file limit is {args.nofile[0]} (hard {args.nofile[1]}), "
              f"below the ~{needed} this run may need", flush=True)  # fmt: skip
    result = trio.run(Run(args).run)
    report(result)
    print(json.dumps(result, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
