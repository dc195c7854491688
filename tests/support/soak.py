"""Soak: the paths people take, many tables at once, against the real taki-server.

    python -m tests.support.soak [--minutes N | --seconds S] [--seed 1] [--tables 6]
                         [--spectators 3] [--churn 1.0] [--bot-delay 0.1] [--keep DIR]

A ``taki-server`` process runs on 127.0.0.1 (``--no-advertise``) with a data directory
of its own. ``--tables`` tables play at once, each opened with the next option mix of
tests/support/soak_tables.py (2-10 seats; random, basic and strong bots; turn timers; stairs;
play_for_places; must_play_if_able; +3 windows of 1-4 s; empty seats packed away)
and closed after a game or a few; people play random legal moves (some at a human
pace, some fast; some send ``seq`` guards), drop their connections and come back with
their tokens, are killed and restarted with their saved tokens, and at each server
restart one of them asks to leave while the server is down (q q) and leaves once it is
back (tests/support/soak_person.py);
``--spectators`` spectators join games mid-way (tests/support/soak_watch.py). The server is
SIGKILLed and SIGTERMed and started again on the same data directory now and then, in
the first 60 % of the run (the rest stays whole so the RSS of one process can be
judged).

Checked all the time, each invariant a count of checks and of violations
(tests/support/soak_checks.py): every running game's seq moves within 10 s; an action the
legal list offers is accepted or refused ``stale``; a game at a table with strong bots
(the first two tables of each 16 seat only strong bots beside one person) ends within
150 s; views kept by patches and legal
lists equal fresh snapshots; one history per table; no hidden card reaches anyone who
may not see it; no acknowledged action lost or applied twice; every request answered
once; tokens take their seats back; a leave asked while the server is down is
acknowledged once it is back and its seat given up; a host back with its token has the
host role back (unless it only borrowed it from a host still away); stand-ins wait their
delay; the standings of each table count every game a client saw end, and its own line,
across server kills (tests/support/soak_standings.py); every refusal explained; no
Traceback or ERROR in the server's log; SIGTERM/SIGINT exit 0; RSS flat once warm (the
last process's RSS may grow by at most ``--rss-slack-mb`` plus ``--rss-slack-share`` of
its warm figure, warm meaning 30 % into its life).

Deterministic from ``--seed`` in what it decides (option mixes, casts, paces, when
connections drop, when the server is killed); the server deals from its own seeds and
the timing is the machine's. It prints a table per invariant, the first violations'
details, and a last line of JSON; the exit status is 1 when anything was violated.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import sys
import tempfile
import time
from typing import Any

import trio

from .soak_agents import RETURN_TIME, STAND_IN_DELAY, World, describe_table
from .soak_checks import Tally, rss_verdict
from .soak_person import Person
from .soak_server import SoakServer
from .soak_tables import TableRun, plans
from .soak_watch import Watcher

STALL = 10.0
"""Seconds a running game may go without its seq moving."""


def restart_plan(seconds: float, rng: random.Random) -> list[tuple[float, str]]:
    """When the server is killed or terminated: from 20 % to 60 % of the run, about
    every eighth of it (at least 10 s apart), kill and term in turn, the first drawn."""
    every = max(10.0, seconds / 8)
    kinds = ["kill", "term"]
    rng.shuffle(kinds)
    out: list[tuple[float, str]] = []
    at = 0.2 * seconds + rng.uniform(0, 0.3) * every
    while at < 0.6 * seconds:
        out.append((round(at, 2), kinds[len(out) % 2]))
        at += rng.uniform(0.8, 1.2) * every
    return out


async def faults(world: World, plan: list[tuple[float, str]], began: float,
                 rng: random.Random) -> None:
    for at, how in plan:
        await trio.sleep_until(began + at)
        if world.stopping:
            return
        choose_leaver(world, rng)
        await world.server.crash(how)


def choose_leaver(world: World, rng: random.Random) -> None:
    """One person, seated in a running game beside another person, is to ask to leave
    while the server is down (``Person.asks_to_leave_while_down``): once it is back the
    leave must be done and the game go on."""
    people = sorted((p for w in world.tables if w.playing and len(w.people) > 1
                     for p in w.people if isinstance(p, Person) and p.may_leave_while_down()),
                    key=lambda p: p.name)
    if people:
        rng.choice(people).leave_when_down = world.server.current.number


async def monitor(world: World) -> None:
    """Every second: each running game's seq must have moved within STALL seconds (and
    within RETURN_TIME + STAND_IN_DELAY of a restart), not counting time when nobody
    was connected to see it nor while every person of the game was away."""
    rule = world.tally["seq_moves"]
    while True:
        await trio.sleep(1.0)
        server = world.server
        world.server.sample()
        if not server.up:
            continue
        now = trio.current_time()
        for watch in list(world.tables):
            if watch.id is None or not watch.playing:
                continue
            # After a restart the server waits up to RETURN_TIME + STAND_IN_DELAY for
            # its people before it plays for anyone (PROTOCOL.md 5.4).
            # A game whose people are all away waits for them, however long: the
            # stall clock starts again once one is back (PROTOCOL.md 5.4).
            _, _, seen = watch.freshest
            if seen is not None and seen.all_away:
                watch.waited_at = now
                world.stats.all_away_seen += 1
                continue
            since = max(watch.moved_at, watch.observed_since, watch.waited_at,
                        server.current.ready + RETURN_TIME + STAND_IN_DELAY - STALL)
            if math.isinf(since):
                continue
            stalled = now - since > STALL
            if stalled and watch.stalled:
                continue  # (one violation per stall)
            _, view, info = watch.freshest
            v = view or {}
            rule.check(not stalled, "" if not stalled else (
                f"{watch.label}: seq {watch.seq} still for {now - since:.1f} s; turn "
                f"{v.get('turn')} plus3 {v.get('plus3')} taki {v.get('taki')}; "
                f"{describe_table(info)}"
            ))
            watch.stalled = stalled


async def table_slot(world: World, source: Any, seed: int) -> None:
    while not world.stopping:
        await TableRun(world, next(source), seed).run()


async def watcher_slot(world: World, number: int, seed: int) -> None:
    rng = random.Random(f"{seed}/watchers/{number}")
    visits = 0
    while not world.stopping:
        await trio.sleep(rng.uniform(0.5, 3.0))
        tables = [w for w in world.tables if w.id is not None and w.playing]
        if not tables:
            continue
        watch = rng.choice(sorted(tables, key=lambda w: w.label))
        visits += 1
        watcher = Watcher(world, watch, f"Watcher{number}-{visits}",
                          random.Random(f"{seed}/watchers/{number}/{visits}"))
        await watcher.life(rng.uniform(4.0, 20.0))


async def run(args: argparse.Namespace, workdir: str) -> dict[str, Any]:
    tally = Tally()
    server = SoakServer(f"{workdir}/data", workdir, tally, bot_delay=args.bot_delay,
                        rate=args.rate, log_level=args.server_log_level)
    world = World(server, tally, args.churn)
    seconds = args.seconds
    schedule = restart_plan(seconds, random.Random(f"{args.seed}/server"))
    await server.start()
    began = trio.current_time()
    source = plans(args.seed)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(monitor, world)
        nursery.start_soon(faults, world, schedule, began,
                           random.Random(f"{args.seed}/leavers"))
        async with trio.open_nursery() as people:
            for _ in range(args.tables):
                people.start_soon(table_slot, world, source, args.seed)
            for number in range(args.spectators):
                people.start_soon(watcher_slot, world, number, args.seed)
            await trio.sleep_until(began + seconds)
            world.stopping = True  # everyone checks its view one last time and goes
            with trio.move_on_after(30):
                while world.tables:
                    await trio.sleep(0.2)
            people.cancel_scope.cancel()
        nursery.cancel_scope.cancel()
    world.server.sample()
    last = server.current
    figures, flat = rss_verdict(last.rss, 0.3 * (trio.current_time() - last.ready),
                                args.rss_slack_mb, args.rss_slack_share)
    if figures.judged_seconds:
        tally["rss_flat"].check(flat, f"server {last.number} grew {figures.growth_mb} MiB "
                                      f"(from {figures.warm_mb} to {figures.end_mb}) in "
                                      f"{figures.judged_seconds} s: over {figures.tolerance_mb}")
    await server.end("int")
    await server.sweep_children()
    stats = world.stats
    return {
        "minutes": round(seconds / 60, 2),
        "seconds": seconds,
        "seed": args.seed,
        "tables": stats.tables,
        "games_finished": stats.games_finished,
        "actions": stats.actions,
        "restarts": dict(server.restarts),
        "restart_plan": schedule,
        "invariants": {rule.name: rule.violations for rule in tally},
        "checks": {rule.name: rule.checks for rule in tally},
        "rss_mb": {
            "warm": figures.warm_mb, "end": figures.end_mb, "growth": figures.growth_mb,
            "tolerance": figures.tolerance_mb, "judged_seconds": figures.judged_seconds,
            "peak": round(max((k for life in server.lives for _, k in life.rss), default=0)
                          / 1024, 1),
            "lives": [round(max((k for _, k in life.rss), default=0) / 1024, 1)
                      for life in server.lives],
        },
        "counts": vars(stats),
        "server_lives": len(server.lives),
        "clean": tally.clean,
        "_tally": tally,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--minutes", type=float, default=None, help="how long (default 5)")
    add("--seconds", type=float, default=None, help="how long, in seconds (short runs)")
    add("--seed", type=int, default=1)
    add("--tables", type=int, default=6, help="tables playing at once")
    add("--spectators", type=int, default=4, help="spectators watching at once")
    add("--churn", type=float, default=1.0,
        help="how often people drop and are killed (0: never; 2: twice as often)")
    add("--bot-delay", type=float, default=0.1, help="the server's --bot-delay")
    add("--rate", type=float, default=1000.0, help="the server's --rate")
    add("--rss-slack-mb", type=float, default=4.0)
    add("--rss-slack-share", type=float, default=0.05)
    add("--server-log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING"])
    add("--keep", default="", help="keep the data directory and server logs here")
    args = parser.parse_args(argv)
    if args.seconds is None:
        args.seconds = 60 * (args.minutes if args.minutes is not None else 5.0)
    began = time.perf_counter()
    workdir = tempfile.mkdtemp(prefix="taki-soak-")
    try:
        report = trio.run(run, args, workdir)
    finally:
        if args.keep:
            shutil.copytree(workdir, args.keep, dirs_exist_ok=True)
        shutil.rmtree(workdir, ignore_errors=True)
    tally: Tally = report.pop("_tally")
    report["wall_seconds"] = round(time.perf_counter() - began, 1)
    print(tally.table())
    print(json.dumps(report), flush=True)
    return 0 if report["clean"] else 1


if __name__ == "__main__":
    sys.exit(main())
