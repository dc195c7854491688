"""Exactly once across a crash: the real server killed (SIGKILL) at random points.

Two people play one table of a real ``taki-server`` process. A dozen times the server
is killed — right after an ack was read, with an action in flight, or while idle —
and started again on the same data directory; both players come back with their
tokens and resend their last request id (an unanswered one with its ``seq`` guard, as
PROTOCOL.md section 4 allows). Then: nothing applied twice (the stored actions are
exactly the acknowledged request ids), no acknowledged action lost, ``seq``
continuous, and hands, turn, top card and colour as they were.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
import trio

from protocol.messages import (
    Ack,
    Action,
    Error,
    Message,
    Rematch,
    Snapshot,
)

from ..support.harness import free_port
from ..support.netclient import NetClient, connect, seated_pair
from ..support.server_process import start_server

KILLS = int(os.environ.get("TAKI_KILLS", "12"))
"""Kills per run (``TAKI_KILLS=100`` for a longer measurement)."""
KEYS = ("hand", "lead", "turn", "color", "discard_top", "draw_count", "discard_count",
        "plus3", "taki", "follow", "over")
FIGURES: dict[str, Any] = {}
"""What the run measured (printed, for the issue's closing note)."""


def stored_actions(data: Path) -> int:
    with sqlite3.connect(data / "taki.sqlite3") as db:
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def picture(view: dict[str, Any] | None) -> dict[str, Any]:
    assert view is not None
    out = {k: view.get(k) for k in KEYS}
    out["cards"] = [p["cards"] for p in view["players"]]
    return out


async def send(client: NetClient, message: Message) -> None:
    await client.stream.send_all(client.conn.send(message))


async def answer_to(client: NetClient, rid: int) -> Message:
    return await client.wait_for(
        lambda m: isinstance(m, Ack | Error) and getattr(m, "id", None) == rid
    )


async def mover_of(a: NetClient, b: NetClient) -> NetClient:
    with trio.fail_after(10):
        while not (a.legal or b.legal):
            if a.view and a.view.get("over"):
                raise EOFError
            await trio.sleep(0.005)
    return a if a.legal else b


@pytest.mark.trio
async def test_a_dozen_server_kills_lose_nothing_and_repeat_nothing(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("TAKI_KILL_SEED", "11")))
    port = free_port()
    proc = start_server(tmp_path, port)
    acked: set[tuple[str, int]] = set()  # (player, request id) of acknowledged actions
    resent = double = 0
    back_times: list[float] = []
    modes: dict[str, int] = {"after_ack": 0, "in_flight": 0, "idle": 0}
    outcomes = {"stored_unanswered": 0, "lost_unacked": 0}
    """In flight at the kill: stored but never answered (the resend gets its ack, the
    action is not done again), or never stored (the resend carries it out)."""
    try:
        async with trio.open_nursery() as nursery:
            a, b = await seated_pair(nursery, port)
            players = {"A": a, "B": b}
            for _kill in range(KILLS):
                for _ in range(rng.randrange(1, 6)):  # a few acknowledged moves
                    try:
                        mover = await mover_of(a, b)
                    except EOFError:
                        assert isinstance(await a.request(Rematch), Ack)
                        await a.wait_for(lambda m: isinstance(m, Snapshot)
                                         and m.view is not None and not m.view["over"])
                        continue
                    rid = next(mover.ids)
                    await send(mover, Action(id=rid, action=mover.legal[0], seq=mover.seq))
                    got = await answer_to(mover, rid)
                    assert isinstance(got, Ack), got
                    acked.add((mover.name, rid))
                with trio.fail_after(10):
                    while a.seq != b.seq:
                        await trio.sleep(0.005)
                mode = rng.choice(list(modes))
                modes[mode] += 1
                last: dict[str, Action] = {}
                flying: NetClient | None = None
                if mode == "in_flight" and not (a.view or {}).get("over"):
                    flying = await mover_of(a, b)
                    rid = next(flying.ids)
                    last[flying.name] = Action(id=rid, action=flying.legal[0], seq=flying.seq)
                    await send(flying, last[flying.name])
                    if rng.random() < 0.5:
                        await trio.sleep(rng.random() * 0.01)
                elif mode == "after_ack":
                    mover = await mover_of(a, b)
                    rid = next(mover.ids)
                    last[mover.name] = Action(id=rid, action=mover.legal[0], seq=mover.seq)
                    await send(mover, last[mover.name])
                    assert isinstance(await answer_to(mover, last[mover.name].id), Ack)
                    acked.add((mover.name, rid))
                    with trio.fail_after(10):
                        while a.seq != b.seq:
                            await trio.sleep(0.005)
                before = {n: (c.seq, picture(c.view)) for n, c in players.items()}
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(10)
                for c in players.values():
                    await c.close()

                started = time.monotonic()
                proc = start_server(tmp_path, port)
                again = {}
                for name, old in players.items():
                    new = await connect(nursery, port, name, token=old.token)
                    new.ids = old.ids  # ids never repeat within a seat's life
                    new.token = old.token
                    again[name] = new
                for new in again.values():
                    await new.wait_for(lambda m: isinstance(m, Snapshot))
                back_times.append(time.monotonic() - started)
                for name, new in again.items():
                    seq, pic = before[name]
                    if flying is None:
                        assert new.seq == seq, (mode, name, new.seq, seq)  # continuous
                        assert picture(new.view) == pic, (mode, name)
                    else:
                        assert new.seq >= seq, (mode, name, new.seq, seq)
                # Resend the last request (acknowledged or not) with its id and guard.
                for name, message in last.items():
                    client = again[name]
                    seq_now = client.seq
                    await send(client, message)
                    resent += 1
                    got = await answer_to(client, message.id)
                    assert isinstance(got, Ack), (mode, got)
                    stored_before = seq_now > before[name][0]  # the kill came after the write
                    if mode == "in_flight":
                        outcome = "stored_unanswered" if stored_before else "lost_unacked"
                        outcomes[outcome] += 1
                    if ((name, message.id) in acked or stored_before) and client.seq != seq_now:
                        double += 1
                    acked.add((name, message.id))
                a, b = again["A"], again["B"]
                players = again
                with trio.fail_after(10):
                    while a.seq != b.seq:
                        await trio.sleep(0.005)
                assert stored_actions(tmp_path) == len(acked), "an action applied twice or lost"
            nursery.cancel_scope.cancel()
    finally:
        proc.kill()
        proc.wait(10)
    assert double == 0
    FIGURES.update(kills=KILLS, resent=resent, double_applied=double, modes=modes,
                   in_flight=outcomes,
                   acked=len(acked), back_max=max(back_times),
                   back_median=sorted(back_times)[len(back_times) // 2])
    print("\ncrash figures:", FIGURES)
