"""How long a hint takes the server: ``hint`` request to its ``ack`` (the ``suggestion``
comes just before it), over loopback, on a real server (``server.app.serve``).

    python -m bench.hints [--hints 60] [--players 4] [--busy 0]

One client sits at a table with ``hints`` on and ``players - 1`` basic bots; on each of
its turns it asks for a hint, times the answer, then plays the suggested action (a
rematch when a game ends), until ``--hints`` hints were timed. The search runs in the
server's worker pool (server/thinking.py) like a strong bot's, so ``--busy N`` adds N
tables of one client and 3 strong bots playing flat out beside it, whose searches
share that pool. Figures: hint latency p50/p95/max in ms (the client is in this process
and the connection is loopback: this is the server's time to answer, within a
millisecond) and the reasons given. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from functools import partial
from typing import Any

import trio

from protocol.messages import (
    Ack,
    AddBot,
    CreateTable,
    GameAction,
    Hint,
    Rematch,
    Start,
    Suggestion,
    TableOptions,
)
from server.app import serve
from server.session import Limits
from tests.support.harness import Client, latencies, ms, percentile


class Player(Client):
    software = "bench-hints/1"


async def open_table(nursery: trio.Nursery, port: int, name: str, bots: int, kind: str,
                     hints: bool) -> Player:
    """A client at a new table with ``bots`` bots of ``kind``, dealt."""
    client = await Player.connect(port, name, keep=True)
    nursery.start_soon(client.pump)
    await client.wait_for(lambda m: m.TYPE == "welcome")
    await client.request(CreateTable, options=TableOptions(name, bots + 1, hints=hints))
    for _ in range(bots):
        await client.request(AddBot, kind=kind)
    await client.request(Start)
    return client


async def play_on(client: Player) -> None:
    """Play the first legal action whenever there is one (a rematch after each game)."""
    while True:
        if client.view and client.view.get("over"):
            await client.request(Rematch)
            await client.wait_until(lambda: not (client.view or {}).get("over", True))
        elif client.legal:
            await client.act(client.legal[0])
        else:
            await trio.sleep(0.005)


def moved_on(client: Player, seq: int) -> bool:
    """The table moved past ``seq``, or the client has nothing to do now."""
    return client.seq != seq or not client.legal


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    times: list[float] = []
    reasons: Counter[str] = Counter()
    async with trio.open_nursery() as nursery:
        server, port = await nursery.start(
            lambda task_status: serve("127.0.0.1", 0, bot_delay=0, limits=Limits(rate=100_000),
                                      advertise=False, task_status=task_status))
        for i in range(args.busy):
            busy = await open_table(nursery, port, f"busy{i}", 3, "strong", False)
            nursery.start_soon(play_on, busy)
        me = await open_table(nursery, port, "learner", args.players - 1, "basic", True)
        while len(times) < args.hints:
            await me.wait_until(lambda: bool(me.legal) or bool(me.view and me.view.get("over")))
            if me.view and me.view.get("over"):
                await me.request(Rematch)
                await me.wait_until(lambda: not (me.view or {}).get("over", True))
                continue
            seen = len(me.received)
            started = time.perf_counter()
            answer = await me.request(Hint)
            times.append(time.perf_counter() - started)
            assert isinstance(answer, Ack), answer
            said = [m for m in me.received[seen:] if isinstance(m, Suggestion)]
            assert said, "no suggestion before the ack"
            reasons[said[-1].reason] += 1
            action, at = said[-1].action, said[-1].seq
            await me.act(GameAction(action.type, None, action.card, action.color,
                                    action.last_card))
            await me.wait_until(partial(moved_on, me, at))
        nursery.cancel_scope.cancel()
    del server
    return {"hints": len(times), "players": args.players, "busy_tables": args.busy,
            "latency": latencies(times), "p95_ms": ms(percentile(sorted(times), 95)),
            "reasons": dict(reasons.most_common())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.hints", description=__doc__.split("\n")[0])
    parser.add_argument("--hints", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--busy", type=int, default=0)
    args = parser.parse_args(argv)
    result = trio.run(measure, args)
    lat = result["latency"]
    print(f"{result['hints']} hints, {args.players} players, {args.busy} busy strong tables: "
          f"p50 {lat['p50_ms']} ms, p95 {result['p95_ms']} ms, max {lat['max_ms']} ms")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
