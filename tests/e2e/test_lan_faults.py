"""A LAN's own faults: a router that is slow and loses packets, a path that goes dark.

The namespace tests put ``taki-server`` in a network namespace of its own, made for the
test and removed after it, and run clients from other namespaces, each over its own
path (tests/support/netns.py; the scenarios are tests/support/lan_faults.py, and
bench/lan_faults.py prints their times). Nothing they send can leave those namespaces.
They skip, saying why, where the machine will not make namespaces (not root, no ``ip``,
no TUN) or has no tmux.

- Over 150 ms ± 50 ms each way with 2% loss, play goes on; every event arrives once and
  in order; every acknowledged action is in the log exactly once (and impatient resends
  of a late request are not applied again); a real client watching over the same kind
  of path keeps answering its keys and catches up with the players.
- A blackhole of one real client's path (every packet dropped: no FIN, no RST) of up to
  30 s: the server (its idle timeout shortened to 5 s) notices the silent peer and
  starts that seat's grace while the path is still dark; the client says it lost the
  server while the path is still dark; when the path returns (as soon as both have
  noticed) the client is back at its seat without a key pressed, and the others see it
  back.

The other tests need no namespace: the client's own watch on a silent server, and the
scenarios' check of the event log against the actions acknowledged.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from client.net import Link, LinkClosed
from protocol.connection import ServerConnection
from protocol.messages import Ack, Action, Event, GameAction, Ping, Pong

from ..support.clientkit import until
from ..support.lan_faults import Player, blackhole, lossy_play, panes, start_server
from ..support.netns import Lan, NamespacesRefused, why_not

QUICK = 0.25
"""The client's watch, quicker: pinged after 0.25 s of quiet, lost after 0.75 s."""

DARK = 30.0
"""Seconds the blackhole lasts at most (issue 20 asks for 30); it is lifted once both
ends have noticed it, since nothing checked happens later in the dark. The bench
(bench/lan_faults.py) keeps it dark the whole time, with the server's default idle
timeout."""
IDLE_TIMEOUT = 5.0
"""The server's ``--idle-timeout`` in the blackhole test: noticed within about 7 s (pinged
every 5/3 s), about when the client's own watch (6 s) notices, rather than after
15-20 s with the default; what is checked (noticed while dark, both ends, back by
itself) is the same."""
LOSSY_PLAY = 15.0
"""Seconds of play over the lossy paths."""
WIRE_SEED = 20
"""The wire's losses are drawn from this seed: the same pattern every run."""


# ---------------------------------------------------------------- the client's own watch


async def _quiet_server(answer_pings: bool, heard: list[Any]) -> tuple[asyncio.Server, int]:
    """A server on 127.0.0.1 that welcomes the client, then says nothing more; it
    answers pings only if told to. ``heard`` gets every message the client sends."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = ServerConnection()
        while True:
            data = await reader.read(65536)
            if not data:
                break
            conn.receive_data(data)
            while (message := conn.next_message()) is not None:
                heard.append(message)
                if message.TYPE == "hello":
                    writer.write(conn.accept())
                elif isinstance(message, Ping) and answer_pings:
                    writer.write(conn.send(Pong(message.nonce)))
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def _link_to(port: int) -> Link:
    link = Link("127.0.0.1", port)
    await link.open("Tui")
    return link


@pytest.mark.asyncio
async def test_the_client_gives_up_on_a_server_gone_silent_without_a_fin() -> None:
    heard: list[Any] = []
    server, port = await _quiet_server(answer_pings=False, heard=heard)
    async with server:
        link = await _link_to(port)
        with pytest.raises(LinkClosed) as lost:
            await asyncio.wait_for(link.run(lambda _m: None, QUICK), 20)
        assert "stopped answering" in lost.value.reason
        assert any(isinstance(m, Ping) for m in heard), heard  # it asked first
        await link.close()


@pytest.mark.asyncio
async def test_the_client_keeps_a_quiet_server_that_answers_its_pings() -> None:
    heard: list[Any] = []
    server, port = await _quiet_server(answer_pings=True, heard=heard)
    async with server:
        link = await _link_to(port)
        running = asyncio.ensure_future(link.run(lambda _m: None, QUICK))

        def pings() -> int:
            return sum(isinstance(m, Ping) for m in heard)

        # Three silent periods' worth of pings (one each QUICK seconds of quiet, lost
        # after 3 * QUICK): the link lived that long only because each was answered.
        await until(lambda: running.done() or pings() >= 9, timeout=20)
        assert not running.done(), running.exception() if running.done() else None
        assert pings() >= 9
        running.cancel()
        await link.close()


# ---------------------------------------------------------------- the namespaces


@pytest.fixture
def lan() -> Iterator[Lan]:
    reason = why_not()
    if reason is None and shutil.which("tmux") is None:
        reason = "tmux is not installed"
    if reason is not None:
        pytest.skip(reason)
    try:
        made = Lan(paths=3, seed=WIRE_SEED)
        made.open()
    except NamespacesRefused as exc:
        pytest.skip(f"the machine refuses the namespaces: {exc}")
    try:
        assert made.contained() == []  # no way out: no default route, no other interface
        yield made
    finally:
        made.close()


def test_play_goes_on_in_order_and_applied_once_over_a_slow_lossy_router(
    lan: Lan, tmp_path: Path
) -> None:
    async def scenario() -> dict[str, Any]:
        server = await start_server(lan, str(tmp_path))
        try:
            with panes(str(tmp_path)) as term:
                return await lossy_play(lan, server.port, LOSSY_PLAY, delay=0.15, jitter=0.05,
                                        loss=0.02, term=term, workdir=str(tmp_path))
        finally:
            await server.stop()
            assert "Traceback" not in server.log(), server.log()

    figures = trio.run(scenario)
    print(figures)
    wire = figures["wire"]
    assert sum(wire[p]["lost"] for p in ("1", "2", "3")) > 0, wire  # the router did lose
    assert figures["problems"] == [], figures
    assert figures["gaps"] == 0 and figures["repeats"] == 0, figures
    assert figures["unanswered"] == 0, figures
    assert figures["moves"] >= 10, figures  # play went on
    assert figures["players_disconnected"] == 0, figures
    assert figures["watcher_said_lost"] == 0, figures  # slow is not silent
    assert figures["watcher_key_ms"]["samples"] >= 3, figures  # keys answered throughout


def test_a_dark_path_is_noticed_by_both_ends_and_the_client_returns_to_its_seat_by_itself(
    lan: Lan, tmp_path: Path
) -> None:
    log = ""

    async def scenario() -> dict[str, Any]:
        nonlocal log
        server = await start_server(lan, str(tmp_path), "server",
                                    "--idle-timeout", str(IDLE_TIMEOUT))
        try:
            with panes(str(tmp_path)) as term:
                return await blackhole(lan, server.port, term, str(tmp_path), DARK,
                                       lift_when_noticed=True)
        finally:
            await server.stop()
            log = server.log()

    figures = trio.run(scenario)
    print(figures)
    assert figures["wire"]["1"]["blackholed"] > 0, figures
    # While the path was still dark, the server started the seat's grace ...
    assert figures["server_noticed_s"] is not None, figures
    assert figures["server_noticed_s"] < DARK, figures
    assert "dropped: silent" in log, log
    # ... and the client's screen said it had lost the server.
    assert figures["client_noticed_s"] is not None, figures
    assert figures["client_noticed_s"] < DARK, figures
    # Once the path was back, so was the client at its seat, and the others saw it.
    assert figures["back_client_s"] is not None, figures
    assert figures["back_server_s"] is not None, figures
    assert figures["problems"] == [], figures
    assert "Traceback" not in log, log


# ---------------------------------------------------------------- the check itself


def _player() -> Player:
    player = Player(trio.testing.memory_stream_pair()[0], "Ana")
    player.seat = 0
    return player


def _played(seq: int, card: str, seat: int = 0) -> Event:
    return Event(seq, {"kind": "played", "seat": seat, "card": card})


def test_the_check_passes_an_action_seen_once_and_flags_one_applied_twice() -> None:
    once, twice = _player(), _player()
    for player in (once, twice):
        player.expect(Action(7, GameAction("play", None, "R5")))
        player.on_message(_played(1, "R5"))
    twice.on_message(_played(2, "R5"))  # the same action carried out again
    for player in (once, twice):
        player.on_message(Ack(7))
    assert once.applied_once() == []
    assert any("seen 2 times" in p for p in twice.applied_once())


def test_the_check_flags_an_own_move_nobody_asked_for_and_events_out_of_order() -> None:
    player = _player()
    player.expect(Action(7, GameAction("draw")))
    player.on_message(Event(1, {"kind": "drew", "seat": 0, "amount": 1, "reason": "choice"}))
    player.on_message(Ack(7))
    player.on_message(Event(2, {"kind": "drew", "seat": 0, "amount": 1, "reason": "choice"}))
    player.on_message(_played(2, "G3", seat=1))  # seq 2 again
    problems = player.applied_once()
    assert any("seq 2" in p for p in problems), problems  # a draw after its ack
    assert any("1 events repeated" in p for p in problems), problems
    # The server's own moves for the seat are not the player's: not flagged.
    fine = _player()
    fine.on_message(Event(1, {"kind": "passed", "seat": 0}))  # the +3 window closed
    fine.on_message(Event(2, {"kind": "drew", "seat": 0, "amount": 3, "reason": "plus3"}))
    fine.on_message(Event(3, {"kind": "played", "seat": 0, "card": "B7", "stand_in": True}))
    assert fine.applied_once() == []
