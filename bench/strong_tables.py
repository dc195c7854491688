"""Strong tables through the server: how many strong bots' searches the server serves,
how long each decision takes once due, and whether the event loop stays free meanwhile.

    python -m bench.strong_tables [--counts 0,1,2,4,8,16] [--seconds 30] [--warmup 5]
                                  [--budget-ms 150] [--workers N]

For each N in ``--counts`` a fresh ``taki-server`` (127.0.0.1, ``--no-advertise``,
``--bot-delay 0``, nothing on disk) gets N tables of strong bots: even ones 2 seats
(1 person, 1 strong bot), odd ones 4 seats (1 person, 3 strong bots); N = 0 is the
baseline, the human-like client alone. A table needs a
person to stay open (PROTOCOL.md 5.2), so each person is a bench client that plays its
first legal action the moment it has one and asks for a rematch when a game ends: the
searches are the load, back to back, at every table. Beside them one **human-like
client** plays its own 2-seat table against a ``basic`` bot at 0.3 s a move and pings
the server every 50 ms.

Per N, over the ``--seconds`` after ``--warmup`` (the workers start meanwhile):

* ``searches_per_s``: strong bots' moves made (each one search in a worker);
* ``decision_p50_ms`` / ``_p95`` / ``_p99``: for each strong bot's move, the time from
  the event that made it due (the last event before it, as its table's person got it)
  to the move's first event: waiting for a worker + the search + the way back;
* ``table_searches_min`` / ``_max``: the fewest and most searches one table got (a 4p
  table asks for one most of the time, a 2p table half of it: fair is within ~2x);
* ``games_finished``: games that ended at the strong tables (the whole phase; must be
  above 0 at every N, or the bench says it failed and exits 1);
* ``ping_p50_ms`` / ``ping_p99_ms``: the human-like client's ping round trips, the
  event loop's lag as a person's client sees it; ``act_p99_ms`` its moves' acks;
  ``bench_lag_p99_ms`` how late a 10 ms sleep wakes in the bench's own process (the
  host's share of the ping figures);
* ``server_cpu`` / ``workers_cpu``: CPU seconds per second of the server process and of
  its search workers; ``worker_cpu_ms_per_search`` the workers' CPU per search, and
  ``idle_searches_per_s`` what ``WORKERS`` workers would serve at that CPU per search
  (``--workers``) with a core each to themselves (the figure for an idle host when the bench shares
  its host: ``machine_busy_cores`` says how many cores were busy, everyone's).

After the window, if no game has ended yet at the strong tables, the phase goes on for
up to ``--finish-cap`` seconds until one does (``games_in_window``: the window's only).

``max_n_within_budget``: the largest N whose ``decision_p95_ms`` is at most
``--budget-ms``, and ``searches_per_s_within_budget`` at that N: how many searches
this host serves while a strong bot's decision stays within the budget at p95. The
last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import random
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any

import trio

from protocol.messages import (
    Ack,
    Action,
    AddBot,
    CreateTable,
    Error,
    Event,
    Message,
    Ping,
    Pong,
    Rematch,
    Snapshot,
    Start,
    TableOptions,
)
from server.thinking import WORKERS
from tests.support.harness import (
    Client,
    ServerProcess,
    cli_command,
    machine_busy,
    ms,
    now,
    percentile,
    proc_cpu,
    within,
)
from tests.support.soak_checks import is_own_move

PACE = 0.3
"""Seconds the human-like client takes per move."""
PING_EVERY = 0.05


@dataclass
class Meter:
    """What one N's clients saw, stamped with ``now()``."""

    decisions: list[tuple[float, float]] = field(default_factory=list)  # (when, seconds)
    by_table: dict[str, list[float]] = field(default_factory=dict)  # when each search ended
    games: list[float] = field(default_factory=list)  # when each game ended
    pings: list[tuple[float, float]] = field(default_factory=list)
    acts: list[tuple[float, float]] = field(default_factory=list)
    lag: list[tuple[float, float]] = field(default_factory=list)  # this process's loop
    lost: list[str] = field(default_factory=list)


class Person(Client):
    """The person at a strong table: acts the moment it may, rematches when a game ends,
    and times its table's bots' decisions."""

    strong = True  # (its table's games count in ``games_finished``)

    def __init__(self, stream: trio.abc.Stream, name: str, *, meter: Meter) -> None:
        super().__init__(stream, name)
        self.meter = meter
        self.rng = random.Random(name)
        self.last_event_at: float | None = None
        self.acted_at_seq = -1
        self.rematch_at_seq = -1
        self.counted = False
        self.playing = False  # (set once the table is dealt: no acting during setup)

    def on_message(self, message: Message) -> None:
        super().on_message(message)
        at = now()
        if isinstance(message, Snapshot):
            self.last_event_at = at
            self.counted = False
        elif isinstance(message, Event):
            mover = message.event.get("seat")
            if (self.strong and mover != self.seat and is_own_move(message.event, mover)
                    and self.last_event_at is not None):
                self.meter.decisions.append((at, at - self.last_event_at))
                self.meter.by_table.setdefault(self.name, []).append(at)
            self.last_event_at = at
            if self.strong and self.view and self.view.get("over") and not self.counted:
                self.counted = True
                self.meter.games.append(at)

    def lost(self, why: str) -> None:
        self.meter.lost.append(f"{self.name}: {why}")

    def move(self) -> int | None:
        """Queue this seat's move, or the rematch once a game is over, if due and not
        sent yet; the id of the request queued."""
        if not self.playing or self.view is None:
            return None
        if self.view.get("over"):
            if self.rematch_at_seq == self.seq:
                return None
            self.rematch_at_seq = self.seq
            request: Rematch | Action = Rematch(self.next_id())
        elif self.legal and self.acted_at_seq != self.seq:
            self.acted_at_seq = self.seq
            request = Action(self.next_id(), self.rng.choice(self.legal), self.seq)
        else:
            return None
        self.queue(request)
        return request.id

    def step(self) -> None:
        self.move()


class Human(Person):
    """The human-like client: a move every ``PACE`` seconds, a ping every ``PING_EVERY``,
    the round trips of both timed; its table (a ``basic`` bot) is not a strong one."""

    strong = False

    def __init__(self, stream: trio.abc.Stream, name: str, *, meter: Meter) -> None:
        super().__init__(stream, name, meter=meter)
        self.nonces = itertools.count(1)
        self.pinged: dict[int, float] = {}
        self.acted: dict[int, float] = {}
        self.next_ping = trio.current_time()
        self.next_act = trio.current_time() + PACE

    def on_message(self, message: Message) -> None:
        at = now()
        if isinstance(message, Pong) and message.nonce in self.pinged:
            self.meter.pings.append((at, at - self.pinged.pop(message.nonce)))
        elif isinstance(message, Ack | Error) and message.id in self.acted:
            self.meter.acts.append((at, at - self.acted.pop(message.id)))
        super().on_message(message)

    def wake_at(self) -> float:
        return min(self.next_ping, self.next_act) if self.welcomed else float("inf")

    def step(self) -> None:
        clock = trio.current_time()
        if not self.welcomed:
            return
        if clock >= self.next_ping:
            self.next_ping = clock + PING_EVERY
            nonce = next(self.nonces)
            self.pinged[nonce] = now()
            self.queue(Ping(nonce))
        if clock >= self.next_act:
            sent = self.move()
            if sent is not None:
                self.acted[sent] = now()
                self.next_act = clock + PACE


async def open_table(port: int, number: int, seats: int, bots: str, meter: Meter,
                     nursery: trio.Nursery, kind: type[Person] = Person) -> Person:
    """A table of ``seats``: its person (``kind``) and ``bots`` in every other seat, dealt."""
    person = await kind.connect(port, f"P{number}", meter=meter)
    nursery.start_soon(person.pump)
    options = TableOptions(f"Strong {number}", seats)
    answers = [await person.request(CreateTable, options=options)]
    answers += [await person.request(AddBot, kind=bots) for _ in range(seats - 1)]
    answers.append(await person.request(Start))
    if not all(isinstance(a, Ack) for a in answers):
        raise RuntimeError(f"table {number} could not be set up: {answers}")
    person.playing = True
    person.move()
    await person.flush()
    return person


async def own_lag(meter: Meter) -> None:
    """This process's event loop lag: how late a 10 ms sleep wakes up. The ping round
    trips cross it too, so a ping p99 near it is the host's, not the server's."""
    while True:
        asked = now() + 0.01
        await trio.sleep(0.01)
        meter.lag.append((now(), max(0.0, now() - asked)))


def cpu_of(server: ServerProcess) -> tuple[float, float]:
    """CPU seconds used so far by the server process and by its children (workers)."""
    workers = 0.0
    for pid in server.children():
        with contextlib.suppress(OSError):  # (a worker just ended)
            workers += proc_cpu(pid)
    return server.cpu(), workers


async def one_count(n: int, args: argparse.Namespace, workdir: str) -> dict[str, Any]:
    """Run N strong tables and the human-like client against a fresh server."""
    meter = Meter()
    log_path = os.path.join(workdir, f"server-{n}.log")
    command = cli_command("--bot-delay", "0", "--rate", "100000",
                          "--search-workers", str(args.workers))
    server = await ServerProcess.start(command, log_path)
    try:
        async with trio.open_nursery() as nursery:
            for t in range(n):
                await open_table(server.port, t, 2 if t % 2 == 0 else 4, "strong", meter,
                                 nursery)
            await open_table(server.port, n, 2, "basic", meter, nursery, Human)
            nursery.start_soon(own_lag, meter)
            await trio.sleep(args.warmup)
            cpu_before, busy_before, start = cpu_of(server), machine_busy(), now()
            await trio.sleep(args.seconds)
            cpu_after, busy_after, end = cpu_of(server), machine_busy(), now()
            with trio.move_on_after(args.finish_cap):  # (the bench's check: games end)
                while not meter.games:
                    await trio.sleep(0.2)
            nursery.cancel_scope.cancel()
    finally:
        await server.stop()
    log = server.log()
    span = end - start
    decisions = sorted(within(meter.decisions, start, end))
    per_table = [len([at for at in meter.by_table.get(f"P{t}", []) if start <= at < end])
                 for t in range(n)]
    workers_cpu = (cpu_after[1] - cpu_before[1]) / span
    cpu_ms = 1000 * workers_cpu / (len(decisions) / span) if decisions else 0.0
    pings = sorted(within(meter.pings, start, end))
    acts = sorted(within(meter.acts, start, end))
    lag = sorted(within(meter.lag, start, end))
    return {
        "n": n,
        "tables_2p": (n + 1) // 2,
        "tables_4p": n // 2,
        "strong_bots": (n + 1) // 2 + 3 * (n // 2),
        "searches_per_s": round(len(decisions) / span, 1),
        "decision_p50_ms": round(ms(percentile(decisions, 50)), 1),
        "decision_p95_ms": round(ms(percentile(decisions, 95)), 1),
        "decision_p99_ms": round(ms(percentile(decisions, 99)), 1),
        "table_searches_min": min(per_table, default=0),
        "table_searches_max": max(per_table, default=0),
        "games_finished": len(meter.games),
        "games_in_window": len([at for at in meter.games if start <= at < end]),
        "ping_p50_ms": round(ms(percentile(pings, 50)), 2),
        "ping_p99_ms": round(ms(percentile(pings, 99)), 2),
        "pings": len(pings),
        "act_p99_ms": round(ms(percentile(acts, 99)), 2),
        "bench_lag_p99_ms": round(ms(percentile(lag, 99)), 2),
        "server_cpu": round((cpu_after[0] - cpu_before[0]) / span, 2),
        "workers_cpu": round(workers_cpu, 2),
        "worker_cpu_ms_per_search": round(cpu_ms, 1),
        "idle_searches_per_s": round(args.workers * 1000 / cpu_ms, 1) if cpu_ms else 0.0,
        "machine_busy_cores": round((busy_after - busy_before) / span, 2),
        "lost": meter.lost[:3],
        "server_errors": log.count("Traceback") + log.count("ERROR"),
    }


COLUMNS = (
    ("n", "N"), ("strong_bots", "bots"), ("searches_per_s", "search/s"),
    ("decision_p50_ms", "p50 ms"), ("decision_p95_ms", "p95 ms"), ("decision_p99_ms", "p99 ms"),
    ("table_searches_min", "tbl min"), ("table_searches_max", "tbl max"),
    ("games_finished", "games"), ("ping_p50_ms", "ping p50"), ("ping_p99_ms", "ping p99"),
    ("act_p99_ms", "act p99"), ("bench_lag_p99_ms", "own lag"), ("server_cpu", "srv cpu"),
    ("workers_cpu", "wrk cpu"),
    ("worker_cpu_ms_per_search", "cpu/srch"), ("idle_searches_per_s", "idle s/s"),
    ("machine_busy_cores", "busy cores"),
)


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="taki-strong-") as workdir:
        print("  ".join(f"{title:>9}" for _, title in COLUMNS), flush=True)
        for n in args.counts:
            row = await one_count(n, args, workdir)
            rows.append(row)
            print("  ".join(f"{row[key]!s:>9}" for key, _ in COLUMNS), flush=True)
    within_budget = [r for r in rows if r["n"] and r["decision_p95_ms"] <= args.budget_ms]
    best = max(within_budget, key=lambda r: r["n"], default=None)
    failed = [r["n"] for r in rows if (r["n"] and not r["games_finished"]) or r["lost"]
              or r["server_errors"]]
    return {
        "bench": "strong_tables",
        "cores": os.cpu_count(),
        "workers": args.workers,
        "seconds": args.seconds,
        "budget_ms": args.budget_ms,
        "max_n_within_budget": best["n"] if best else 0,
        "searches_per_s_within_budget": best["searches_per_s"] if best else 0.0,
        "failed_at": failed,
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.strong_tables",
                                     description=__doc__.split("\n")[0] if __doc__ else None)
    add = parser.add_argument
    add("--counts", type=lambda s: [int(x) for x in s.split(",")], default=[0, 1, 2, 4, 8, 16],
        help="numbers of strong tables, comma-separated (0: the human-like client alone)")
    add("--seconds", type=float, default=30.0, help="measured seconds per N")
    add("--warmup", type=float, default=5.0, help="seconds before measuring, per N")
    add("--budget-ms", type=float, default=150.0, help="the decision p95 to stay within")
    add("--workers", type=int, default=WORKERS,
        help="the server's --search-workers (default: its own default, %(default)s)")
    add("--finish-cap", type=float, default=180.0,
        help="seconds to wait after the window for a first game to end, if none has")
    args = parser.parse_args(argv)
    report = trio.run(bench, args)
    if report["failed_at"]:
        print(f"FAILED at N = {report['failed_at']}: no game finished, a connection was"
              " lost or the server logged an error", file=sys.stderr)
    print(json.dumps(report), flush=True)
    return 1 if report["failed_at"] else 0


if __name__ == "__main__":
    sys.exit(main())
