"""Tables with strong bots always move on: through the real ``taki-server`` every game
of a person with 1 or 3 strong bots finishes; a bot's play that says "last card" is
taken, not asked for again forever; a search that never answers is given up (logged)
and ``basic`` plays for it, while the other tables go on meanwhile; and a server killed
with ``kill -9`` leaves no search worker behind.

(The stall these pin: a strong bot's play carrying the last-card flag was compared
with the legal list, which never lists that flag, judged illegal and asked for again;
the bot chose the same play every time, so its table waited forever, silently.)
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import trio

import server.model
from engine import Action as EngineAction
from engine import Game, game_from_position, view_of
from engine.events import Event as EngineEvent
from engine.strong import StrongBot
from protocol.messages import Ack, AddBot, CreateTable, Event, Rematch, Start
from server.table import Table
from server.thinking import SearchTimeout, Thinkers

from ..support.harness import HOST, ServerProcess
from ..support.inbox import Inbox
from ..support.netclient import NetClient, connect, options
from ..support.util import position

STALL = 10.0
"""Seconds without a new event, mid-game, that count as a stopped table."""


def _server_command(data: Path) -> list[str]:
    """The ``taki-server`` command line (as its console script runs it), on a loopback
    port of its choice, never advertised, bots moving at once."""
    return [
        sys.executable, "-m", "server.app", "--host", HOST, "--port", "0", "--no-advertise",
        "--ready-json", "--data-dir", str(data), "--bot-delay", "0", "--rate", "100000",
    ]  # fmt: skip


async def _play_games(client: NetClient, games: int, rng: random.Random) -> list[int]:
    """Play ``client``'s seat with random legal moves for ``games`` whole games (a
    rematch after each); the events each game took. Fails if the table stops: no new
    event for ``STALL`` seconds while the game is on."""
    lengths: list[int] = []
    for game in range(games):
        start = client.seq
        last_seq, last_move = client.seq, time.monotonic()
        while not (client.view and client.view.get("over")):
            if client.seq != last_seq:
                last_seq, last_move = client.seq, time.monotonic()
            stopped = time.monotonic() - last_move
            assert stopped < STALL, (
                f"game {game + 1}: no event for {stopped:.0f} s at seq {client.seq}"
                f" ({client.seq - start} events into the game); turn"
                f" {client.view and client.view.get('turn')}, my legal {client.legal}"
            )
            if client.legal:
                await client.act(rng.choice(client.legal))  # (refused if stale: fine)
            else:
                await trio.sleep(0.005)
        lengths.append(client.seq - start)
        if game + 1 < games:
            assert isinstance(await client.request(Rematch), Ack)
            await client.wait_until(lambda: not (client.view and client.view.get("over")))
    return lengths


@pytest.mark.trio
@pytest.mark.parametrize(("bots", "games"), [(1, 3), (3, 1)])
async def test_every_game_with_strong_bots_finishes_on_the_real_server(
    tmp_path: Path, bots: int, games: int
) -> None:
    """Three games with one strong bot (two rematches), one game with three (many
    searches of four seats sharing one worker). One game of four suffices: the
    rematches are covered by the first case, and the last-card flag that stalled
    tables is pinned on its own, without chance, by the test below; a second game of
    four cost about 4-6 s and checked nothing new."""
    server = await ServerProcess.start(_server_command(tmp_path), str(tmp_path / "server.log"))
    try:
        async with trio.open_nursery() as nursery:
            person = await connect(nursery, server.port, "P")
            made = await person.request(CreateTable, options=options(seats=bots + 1))
            assert isinstance(made, Ack)
            for _ in range(bots):
                assert isinstance(await person.request(AddBot, kind="strong"), Ack)
            assert isinstance(await person.request(Start), Ack)
            try:
                lengths = await _play_games(person, games, random.Random(bots))
            except AssertionError as exc:
                raise AssertionError(f"{exc}\nserver log:\n{server.log()[-3000:]}") from None
            nursery.cancel_scope.cancel()
    finally:
        await server.stop()
    assert len(lengths) == games and all(lengths)


@pytest.mark.trio
async def test_a_strong_bots_play_saying_last_card_is_played_not_asked_for_again() -> None:
    # Seat 1 (strong) holds two cards and must play its only playable one: its search
    # has one candidate, that play saying "last card" (it costs nothing to say it).
    table = Table("t1", options(seats=2), bot_delay=0)
    a = Inbox("A")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(table.run)
        await table.join(a)
        await table.add_bot(a, "strong")
        pos = position(hands=[["R1", "G3", "B4"], ["R3", "G7"]], turn=1,
                       options={"must_play_if_able": True})
        async with table.held():
            table.model.game = game_from_position(pos)
            table.model.state = "playing"
            table.model.invalidate()
            table._arm()
        with trio.fail_after(20):
            while not table.model.actions:
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()
    assert table.model.actions[0] == EngineAction("play", 1, "R3", None, True)
    assert table.model.game is not None and table.model.game.hands[1] == ["G7"]  # said: no penalty


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry))
    return out


def _running(pid: int) -> bool:
    """Whether ``pid`` is still a live process (an unreaped zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.trio
async def test_a_killed_servers_search_workers_end_with_it(tmp_path: Path) -> None:
    server = await ServerProcess.start(_server_command(tmp_path), str(tmp_path / "server.log"))
    workers: list[int] = []
    try:
        async with trio.open_nursery() as nursery:
            person = await connect(nursery, server.port, "P")
            assert isinstance(await person.request(CreateTable, options=options(seats=2)), Ack)
            assert isinstance(await person.request(AddBot, kind="strong"), Ack)
            assert isinstance(await person.request(Start, first_seat=1), Ack)
            await person.wait_for(  # the strong bot moved: its worker is up
                lambda m: isinstance(m, Event) and m.event.get("seat") == 1, timeout=60
            )
            workers = _children(server.pid)
            assert workers
            server.process.kill()  # kill -9: the server cannot tell its workers
            await server.process.wait()
            nursery.cancel_scope.cancel()
        with trio.move_on_after(30):
            while any(_running(p) for p in workers):
                await trio.sleep(0.1)
        assert not [p for p in workers if _running(p)]
    finally:
        for pid in workers:  # (if they outlived it: not beyond this test)
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
        await server.stop()


class HangingBot:
    """A searching bot whose search never ends."""

    name = "hanging"

    def observe(self, events: Sequence[EngineEvent]) -> None:
        pass

    def choose(self, view: dict[str, Any], legal: Sequence[EngineAction]) -> EngineAction:
        time.sleep(3600)
        raise AssertionError("unreachable")


@pytest.mark.trio
async def test_a_search_that_never_answers_is_given_up_and_the_next_one_works() -> None:
    game = Game.new(3, 7)
    seat = game.legal_actions()[0].seat
    legal = [x for x in game.legal_actions() if x.seat == seat]
    with Thinkers(limit=1.0) as thinkers:
        with trio.fail_after(60), pytest.raises(SearchTimeout):
            await thinkers.choose(HangingBot(), view_of(game, seat), legal)  # type: ignore[arg-type]
        with trio.fail_after(60):  # a fresh worker: the stuck one was stopped
            choice, _ = await thinkers.choose(StrongBot(5, playouts=24), view_of(game, seat),
                                              legal)
    assert choice.plain() in legal


@pytest.mark.trio
async def test_a_stuck_search_plays_basic_and_no_other_table_waits(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.WARNING, logger="taki.server")
    with Thinkers(limit=2.0) as thinkers:
        stuck = Table("t1", options(seats=2), bot_delay=0, thinkers=thinkers)
        other = Table("t2", options(seats=2), bot_delay=0)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(stuck.run)
            nursery.start_soon(other.run)
            a = Inbox("A")
            await stuck.join(a)
            with monkeypatch.context() as patch:  # t1's strong bot is dealt a hanging search
                patch.setattr(server.model, "make_bot", lambda kind, seed=None: HangingBot())
                await stuck.add_bot(a, "strong")
                await stuck.start(a, first_seat=1)
            seat = stuck.model.seats[1]
            assert seat is not None and isinstance(seat.bot, HangingBot)
            c = Inbox("C")
            await other.join(c)
            await other.add_bot(c, "basic")
            await other.start(c, first_seat=1)  # the basic bot moves first, then C...
            with trio.fail_after(30):
                while stuck.model.thinking is None:
                    await trio.sleep(0.01)
                while not other.model.actions:  # ...while t1's bot is stuck in its search
                    await trio.sleep(0.01)
                assert not stuck.model.actions
                while not stuck.model.actions:
                    await trio.sleep(0.05)
            nursery.cancel_scope.cancel()
    assert stuck.model.actions[0].seat == 1
    assert any("did not answer in time" in r.getMessage() for r in caplog.records)
