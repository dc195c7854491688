"""Strong bots at several tables share the search workers fairly: a table asking for
many searches at once does not keep another table's search waiting behind all of
them, and through the server a table of nine strong bots lets another table's strong
bot move after at most a search or two of theirs, every time. A search given up while
it waits for a worker (its table moved on) leaves no turn behind that would hold a
worker for nobody.

(The searches here are stand-ins whose every decision takes the same fixed time, so
who is served when is decided by the turn order alone.)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pytest
import trio
import trio.testing

import server.table
from engine import Action as EngineAction
from engine import Game, view_of
from engine.events import Event as EngineEvent
from protocol.messages import Ack, AddBot, CreateTable, Event, Message, Rematch, Start
from server.thinking import Thinkers

from ..support.netclient import NetClient, options, running_server
from ..support.soak_checks import is_own_move

SEARCH = 0.15
"""Seconds each stand-in search takes."""


class SlowBot:
    """A searching bot (it ``observe``s) that thinks ``SEARCH`` seconds and plays the
    first legal action."""

    name = "slow"

    def observe(self, events: Sequence[EngineEvent]) -> None:
        pass

    def choose(self, view: dict[str, Any], legal: Sequence[EngineAction]) -> EngineAction:
        time.sleep(SEARCH)
        return legal[0]


async def slow_search(thinkers: Thinkers, owner: str, done: list[str]) -> None:
    """One ``SlowBot`` search for ``owner`` (a table) of a fresh game's first decision;
    ``owner`` goes on ``done`` when it is answered."""
    game = Game.new(2, 3)
    seat = game.legal_actions()[0].seat
    legal = [x for x in game.legal_actions() if x.seat == seat]
    await thinkers.choose(SlowBot(), view_of(game, seat), legal, owner)  # type: ignore[arg-type]
    done.append(owner)


@pytest.mark.trio
@pytest.mark.parametrize("workers", [1, 2])
async def test_a_table_asking_many_searches_at_once_does_not_starve_another(
    workers: int,
) -> None:
    done: list[str] = []

    with Thinkers(workers=workers) as thinkers, trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            for _ in range(10):
                nursery.start_soon(slow_search, thinkers, "busy", done)
            await trio.testing.wait_all_tasks_blocked(0.05)  # (all ten asked first)
            nursery.start_soon(slow_search, thinkers, "quiet", done)
    assert len(done) == 11
    # Dispatched third at the latest, it ends within the searches running beside it (the
    # machine decides which of those ends first), not after all ten.
    assert done.index("quiet") <= 2 * workers, done


@pytest.mark.trio
async def test_a_search_given_up_while_it_waits_for_a_worker_leaves_no_turn_behind() -> None:
    done: list[str] = []

    waiting = trio.CancelScope()

    async def given_up() -> None:
        with waiting:
            await slow_search(thinkers, "b", done)

    with Thinkers(workers=1) as thinkers, trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(slow_search, thinkers, "a", done)
            await trio.testing.wait_all_tasks_blocked(0.05)
            nursery.start_soon(given_up)
            await trio.testing.wait_all_tasks_blocked(0.05)
            waiting.cancel()  # b's table moved on while b waited for a worker
            nursery.start_soon(slow_search, thinkers, "b", done)
            # (trio may run new tasks in any order: b asks first)
            await trio.testing.wait_all_tasks_blocked(0.05)
            nursery.start_soon(slow_search, thinkers, "c", done)
    assert done == ["a", "b", "c"]


class Watched(NetClient):
    """A player whose table's bot moves go to one list shared by every ``Watched``,
    in the order they arrive: (table, moved), where moved is True for a bot's move and
    False for any other event (one that may have made a bot's turn due)."""

    moves: list[tuple[str, bool]] = []

    def on_message(self, message: Message) -> None:
        super().on_message(message)
        if isinstance(message, Event):
            mover = message.event.get("seat")
            bot = mover != self.seat and is_own_move(message.event, mover)
            self.moves.append((self.name, bot))


async def _keep_playing(client: NetClient) -> None:
    """Play the first legal action whenever there is one; rematch when a game ends."""
    while True:
        seq = client.seq
        if client.view and client.view.get("over"):
            await client.request(Rematch)
        elif client.legal:
            await client.act(client.legal[0])
        with trio.move_on_after(0.5):
            await client.wait_until(lambda seq=seq: client.seq != seq)


@pytest.mark.trio
async def test_a_table_of_nine_strong_bots_lets_another_tables_strong_bot_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = server.table.make_bot
    monkeypatch.setattr(  # every strong bot is dealt a search of SEARCH seconds
        server.table, "make_bot",
        lambda kind, seed=None: SlowBot() if kind == "strong" else real(kind, seed),
    )  # fmt: skip
    moves: list[tuple[str, bool]] = []
    monkeypatch.setattr(Watched, "moves", moves)
    async with running_server(bot_delay=0) as (_, port, nursery):
        players = []
        for name, seats in (("busy", 10), ("quiet", 2)):
            player = await Watched.connect(port, name)
            nursery.start_soon(player.pump)
            assert isinstance(await player.request(CreateTable, options=options(seats=seats)),
                              Ack)
            for _ in range(seats - 1):
                assert isinstance(await player.request(AddBot, kind="strong"), Ack)
            players.append(player)
        for player in players:
            assert isinstance(await player.request(Start), Ack)
            nursery.start_soon(_keep_playing, player)
        with trio.fail_after(120):
            while sum(m == ("quiet", True) for m in moves) < 12:
                await trio.sleep(0.05)
    # Between the event that made the quiet table's bot due and its move, the busy
    # table's bots moved at most one round's worth (the search under way, maybe one
    # more): not the nine a first-come queue of all its bots would put ahead of it.
    waits: list[int] = []
    busy_since_due = 0
    for table, bot in moves:
        if table == "busy":
            busy_since_due += bot
        elif bot:
            waits.append(busy_since_due)
            busy_since_due = 0
        else:
            busy_since_due = 0
    assert len(waits) >= 12
    assert sum(table == "busy" and bot for table, bot in moves) >= 8  # it kept searching
    assert max(waits) <= 3, waits
