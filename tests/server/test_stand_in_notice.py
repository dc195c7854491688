"""Everyone is told that a bot stands in for an absent person (a ``table_update`` whose
seat has ``stand_in: true``) before the events of the stand-in's first move, so a client
reads "A bot stands in for B" and then "B drew 1 card (a bot stands in)", not the other
way round; and it is told once, not again after each of the stand-in's moves."""

from __future__ import annotations

import trio
import trio.testing

from protocol.errors import ProtocolError
from protocol.messages import Event, TableUpdate
from server.table import Table
from server.wire import legal_action

from ..support.inbox import Inbox, two_started
from ..support.netclient import options


def _stand_in_told(inbox: Inbox) -> list[int]:
    """Where in ``inbox`` a table update says seat 1 gets a stand-in (it had none)."""
    told: list[int] = []
    had = False
    for i, m in enumerate(inbox.got):
        if isinstance(m, TableUpdate):
            seat = m.table.seats[1]
            now = seat is not None and seat.stand_in
            if now and not had:
                told.append(i)
            had = now
    return told


def test_a_stand_in_is_announced_before_its_first_move() -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)

    async def scenario() -> None:
        table = Table("t1", options(seats=2), bot_delay=0.5, stand_in_delay=3)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            a, b = await two_started(table)
            model = table.model
            await table.disconnect(b)  # seat 1 goes while it is seat 0's turn
            assert model.game is not None
            for _ in range(3):  # a draws (or lets a +3 through): the stand-in moves
                mine = [x for x in model.game.legal_actions() if x.seat == 0]
                if not mine:  # (the stand-in's move kept it on: its turn goes on)
                    await trio.sleep(5)
                    continue
                move = next(x for x in mine if x.type in ("draw", "pass"))
                try:
                    await table.act(a, legal_action(move))
                except ProtocolError as exc:  # (a +3 window whose time ran out in the
                    assert exc.code == "illegal_action"  # same instant: moved on)
                await trio.sleep(5)
            assert model.stand_in_moves, model.actions
            nursery.cancel_scope.cancel()
        moves = [i for i, m in enumerate(a.got)
                 if isinstance(m, Event) and m.event.get("stand_in")]
        told = _stand_in_told(a)
        assert moves and len(told) == 1, (told, moves)
        assert told[0] < moves[0], a.got[told[0] - 1: moves[0] + 2]

    trio.run(scenario, clock=clock)
