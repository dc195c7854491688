"""A person who drops during their own timed turn keeps the rest of that turn's time to
come back before a stand-in plays for them (PROTOCOL.md 5.4): a reconnect takes
seconds, the stand-in delay is 3 s, and the turn was theirs. Later turns while they are
still away get a stand-in after the plain delay, so a long absence does not slow the
table by a whole turn timer each round."""

from __future__ import annotations

import trio
import trio.testing

from server.table import Table
from server.wire import legal_action

from ..support.inbox import two_started
from ..support.netclient import options


def test_a_player_who_drops_on_turn_keeps_the_rest_of_their_turn_time() -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)

    async def scenario() -> None:
        table = Table("t1", options(seats=2, turn_timer=20), bot_delay=0.5, stand_in_delay=3)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            a, _b = await two_started(table)  # seat 0 (a) is on turn, its timer runs
            model = table.model
            await trio.sleep(5)  # 15 s of the turn are left when a's connection goes
            await table.disconnect(a)
            await trio.sleep(10)  # long past the stand-in delay: still a's turn
            assert model.actions == [], model.actions
            await trio.sleep(6)  # the turn's time is up: the stand-in plays for a
            assert len(model.actions) >= 1 and model.actions[0].seat == 0
            assert 0 in model.stand_in_moves and 0 not in model.timeout_moves
            nursery.cancel_scope.cancel()

    trio.run(scenario, clock=clock)


def test_a_player_still_away_at_their_next_turn_gets_a_stand_in_after_the_delay() -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)

    async def scenario() -> None:
        table = Table("t1", options(seats=2, turn_timer=20), bot_delay=0.5, stand_in_delay=3)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            a, b = await two_started(table)
            model = table.model
            await table.disconnect(b)  # seat 1 goes while it is seat 0's turn
            assert model.game is not None
            game = model.game
            mine = [x for x in game.legal_actions() if x.seat == 0 and x.type == "draw"]
            await table.act(a, legal_action(mine[0]))  # a draws: seat 1's turn, b away
            assert game.turn == 1
            played = len(model.actions)
            await trio.sleep(4)  # the plain stand-in delay, not the 20 s turn
            assert len(model.actions) > played and played in model.stand_in_moves
            nursery.cancel_scope.cancel()

    trio.run(scenario, clock=clock)

