"""A move the server makes because a seat's turn timer ran out is marked ``timeout:
true`` in that seat's event maps (PROTOCOL.md 7 and 9.7): live, in a snapshot's log, and
in a table rebuilt from the store. Moves the seat makes itself carry no mark."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import trio
import trio.testing

from protocol.messages import Event, Snapshot
from server.store import Store
from server.table import Table

from ..support.inbox import Inbox, two_started
from ..support.netclient import options


def _events(inbox: Inbox) -> list[dict[str, Any]]:
    return [m.event | {"seq": m.seq} for m in inbox.got if isinstance(m, Event)]


def test_a_timed_out_turn_is_marked_for_that_seat_only(tmp_path: Path) -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)

    async def scenario() -> None:
        store = Store(tmp_path / "taki.db")
        table = Table("t1", options(seats=2, turn_timer=30), bot_delay=0.5, store=store)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            a, b = await two_started(table)
            assert table.model.game is not None
            await trio.sleep(31)  # seat 0's timer runs out: the server draws for it
            # From here the clock stands still (no other timer may run out while the
            # store's worker thread writes); checkpoints let the thread's results in.
            clock.autojump_threshold = math.inf
            while not all(_events(m) for m in (a, b)):  # stored (a thread) before told
                await trio.sleep(0)
            assert [x.type for x in table.model.actions] == ["draw"]
            for inbox in (a, b):
                events = _events(inbox)
                drew = [e for e in events if e["kind"] == "drew"]
                assert drew and all(e.get("timeout") is True for e in drew), events
                others = [e for e in events if e["kind"] != "drew"]
                assert others and not any("timeout" in e for e in others), others
            # Seat 1 draws for itself (which ends its turn, so no timer of its own can
            # run out while the mock clock jumps ahead during the store's writes): no mark.
            mine = [x for x in table.model.game.legal_actions() if x.seat == 1 and x.type == "draw"]
            seen = len(_events(b))
            await table.act(b, _wire(mine[0]))
            assert not any("timeout" in e for e in _events(b)[seen:])
            await table.resync(a)
            snap = [m for m in a.got if isinstance(m, Snapshot)][-1]
            log = list(snap.log or ())
            assert any(e.get("timeout") and e["kind"] == "drew" for e in log), log
            assert not any(e.get("timeout") and e.get("seat") == 1 for e in log), log
            nursery.cancel_scope.cancel()
        saved = next(t for t in store.load_tables() if t.id == "t1")
        again = Table.restore(saved)
        marked = [
            (ev.kind, ev.seat)
            for s, ev in again.model.log
            if again.model.event_map(s, ev, None).get("timeout")
        ]
        # Seat 0's timer may have run out again while the clock jumped: only its draws.
        assert marked and set(marked) == {("drew", 0)}, marked
        store.close()

    trio.run(scenario, clock=clock)


def _wire(action: Any) -> Any:
    from protocol.messages import GameAction

    return GameAction(action.type, None, action.card, action.color)


def test_only_the_pass_the_closing_plus3_window_makes_is_marked() -> None:
    """The window closes on a seat that did not answer: its pass is the server's, marked
    ``timeout`` (clients word it as time running out, not 'you let it through'); the
    draws and turn that follow are not (no "your turn ends" as that seat's turn starts)."""
    from engine import game_from_position

    from ..support.util import position

    clock = trio.testing.MockClock(autojump_threshold=0)

    async def scenario() -> None:
        table = Table("t1", options(seats=2, plus3_window=4), bot_delay=0.5)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(table.run)
            a, b = await two_started(table)
            async with table.held():
                table.model.game = game_from_position(position(hands=[["+3", "R1"], ["G3", "G4"]]))
                table.model.invalidate()
            await table.act(a, _wire(next(x for x in table.model.game.legal_actions()
                                          if x.card == "+3")))
            await trio.sleep(5)
            nursery.cancel_scope.cancel()
        passed = [e for e in _events(b) if e["kind"] == "passed"]
        assert passed and all(e.get("timeout") is True for e in passed), _events(b)
        assert table.model.timeout_moves == {len(table.model.actions) - 1}
        # Only the pass: the +3's draws and the turn after the window are not a timed-out
        # turn of seat 1's (its turn starts then), so they carry no mark.
        for inbox in (a, b):
            after = [e for e in _events(inbox) if e["kind"] in ("drew", "turn")
                     and e["seq"] > passed[0]["seq"]]
            assert any(e["kind"] == "drew" and e["seat"] == 1 for e in after), _events(inbox)
            assert not any("timeout" in e for e in after), after

    trio.run(scenario, clock=clock)


def test_a_stored_replay_keeps_its_timeout_marks() -> None:
    from server.store import SavedGame
    from server.wire import stored_replay

    saved = SavedGame(3, "t1", 2, 7, 0, {"name": "T", "seats": 2}, ["Ann", "Bo"], None,
                      True, [{"type": "draw", "seat": 0}, {"type": "draw", "seat": 1},
                             {"type": "draw", "seat": 0}],
                      by=["timeout", None, "stand_in"])
    actions = stored_replay(saved).actions
    assert [(x.timeout, x.stand_in) for x in actions] == [
        (True, False), (False, False), (False, True)]
    assert "timeout" not in actions[1].to_dict()  # left out when false: frames unchanged
